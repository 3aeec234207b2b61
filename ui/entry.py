"""The console scripts' entry points, kept free of the program's imports. A Ctrl-C while the
program is still loading stopped an import half-way: Python printed a traceback, and an
interrupted Qt import aborted the process (shiboken: "could not initialize"). Nothing is at
stake yet then, so loading is run whole (:func:`ctrl_c_after`) and the Ctrl-C ends the program
once it is loaded, quietly, as it does at any other moment of starting up."""
from __future__ import annotations

import importlib
import signal
import sys
import threading
from contextlib import contextmanager

INTERRUPTED = 130   # the shell's code for a program stopped by Ctrl-C (128 + SIGINT)


@contextmanager
def ctrl_c_after():
    """Run a short step whole: a Ctrl-C that comes meanwhile is raised (KeyboardInterrupt) once
    it is done. Where Ctrl-C is ignored (a batch started in the background, ``cmd &``), it stays
    ignored."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def interrupted() -> int:
    """Stopped by Ctrl-C: the exit code, once the ^C the terminal echoed has its line ended."""
    print(file=sys.stderr)
    return INTERRUPTED


def _start(module: str) -> int:
    """Load ``module`` whole, then run its ``main``."""
    try:
        with ctrl_c_after():
            main = importlib.import_module(module).main
    except KeyboardInterrupt:
        return interrupted()
    return main()


def ascension() -> int:
    """``ascension``: the command line (ui/cli.py)."""
    return _start("ascension.ui.cli")


def ascension_desktop() -> int:
    """``ascension-desktop``: the desktop program (ui/desktop/launch.py)."""
    return _start("ascension.ui.desktop.launch")
