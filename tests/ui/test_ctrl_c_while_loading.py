"""Ctrl-C while the program is still loading ends it quietly (exit 130), with no traceback and
no abort: it printed Python's KeyboardInterrupt traceback, and an interrupted Qt import aborted
the process ("Fatal Python error: libshiboken/signature: could not initialize")."""
import signal
import subprocess
import sys

import pytest

# Sends the program a Ctrl-C (SIGINT) as it starts importing the named module, then runs an
# entry point as its console script does (ui/entry.py).
INTERRUPTED_AT = """
import os, signal, sys
module, entry_name = sys.argv.pop(1), sys.argv.pop(1)
fired = []
def interrupt(event, args):
    if event == "import" and not fired and str(args[0]).startswith(module):
        fired.append(True)
        os.kill(os.getpid(), signal.SIGINT)
sys.addaudithook(interrupt)
from ascension.ui import entry
sys.exit(getattr(entry, entry_name)())
"""


def interrupted_while_importing(module: str, entry: str, *argv: str) -> subprocess.CompletedProcess:
    """As from a terminal, where Ctrl-C is not ignored: the tests themselves may run where it is
    (started in the background by a shell without job control), and a child inherits that."""
    return subprocess.run([sys.executable, "-c", INTERRUPTED_AT, module, entry, *argv], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


@pytest.mark.parametrize("module, argv", [
    ("ascension.ui.cli", ["history", "list"]),                       # the command line itself
    ("ascension.plugins.bots", ["history", "list"]),                 # the plugins, loaded to build the options
    ("shibokensupport.signature.loader", ["play", "--no-record"]),  # Qt, for the terminal game's lock
])
def test_ctrl_c_while_the_command_loads_ends_it_quietly(module, argv):
    done = interrupted_while_importing(module, "ascension", *argv)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "Fatal" not in done.stderr and done.stderr.strip() == ""
    assert done.stdout == ""   # (no game was begun)


def test_ctrl_c_while_the_desktop_loads_qt_ends_it_quietly(monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    done = interrupted_while_importing("shibokensupport.signature.loader", "ascension_desktop")
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "Fatal" not in done.stderr


def test_the_console_scripts_start_through_the_quiet_entry_points():
    """The installed commands are the ones tested above (pyproject.toml's console scripts)."""
    from importlib.metadata import entry_points
    scripts = {e.name: e.value for e in entry_points(group="console_scripts") if e.name.startswith("ascension")}
    assert scripts == {"ascension": "ascension.ui.entry:ascension",
                       "ascension-desktop": "ascension.ui.entry:ascension_desktop"}
