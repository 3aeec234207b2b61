"""What every part of the ``ascension`` command shares: the language it speaks, how a usage
error is said, and how text people typed (names in the history, a game file's name) is shown.

The language is chosen once, before the parser is built (option help is translated when the
parser is made): ``--lang`` on the command line, else ``ASCENSION_LANG``, else the system
locale. argparse's own words ("usage:", "options:", its error messages) come from the standard
library's ``gettext``, which argparse binds when it is imported; :func:`choose_language` points
them at our catalogue (``core/locale/<lang>/cli.po`` translates them), the one place this happens.
"""
from __future__ import annotations

import argparse
import os
import sys
import unicodedata

from rich.markup import escape
from rich.text import Text

from ascension.core import i18n
from ascension.core.i18n import _

USAGE_ERROR = 2


class UsageError(ValueError):
    """Input the user can fix; reported as one line, exit status 2."""


def choose_language(argv: list[str]) -> str:
    """Speak the language ``--lang`` in ``argv`` names (before any command word), else the
    environment's; argparse's own words follow. Returns the language in use."""
    code, k = None, 0
    while k < len(argv) and argv[k].startswith("-") and argv[k] != "--":   # the options before the command
        if argv[k] == "--lang" and k + 1 < len(argv):
            code, k = argv[k + 1], k + 1
        elif argv[k].startswith("--lang="):
            code = argv[k].split("=", 1)[1]
        k += 1
    argparse_speaks_ours()
    return i18n.set_language(code or None)


def argparse_speaks_ours() -> None:
    """argparse's own words ("usage:", "show this help message and exit") in the language in use."""
    argparse._ = i18n._               # argparse: `from gettext import gettext as _, ngettext`
    argparse.ngettext = i18n.ngettext


def add_version(ap: argparse.ArgumentParser) -> None:
    """``--version``: the program's name and version (the one its game records carry), then the end."""
    from ascension.core import version
    ap.add_argument("--version", action="version", version=f"{ap.prog} {version()}",
                    help=_("show the program's version, then end"))


def tolerant_console() -> None:
    """A console that cannot show a character (a Latin-1 terminal, output redirected to a file on
    Windows) shows "?" in its place: the table's "×", "—" and "★", and names typed in any
    script, never stop the program. What is typed in is read the same way. A stream closed from
    the start (``cmd >&-``, ``play <&-``, a launcher: Python has none then, and ``print`` or
    ``input()`` fail with a traceback) is the null device: output nobody reads goes nowhere, and
    input closed is the end of input, as EOF is."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure") and stream.errors == "strict":
            stream.reconfigure(errors="replace")


# The most a number on the command line may be (beyond them nothing is meant, and databases and
# process pools fail on them): seats at a table, games in a batch, worker processes, a bot's
# rollouts, and rows, ids and offsets of the history (SQLite's integers are 64-bit)
MAX_SEATS, MAX_GAMES, MAX_JOBS, MAX_BUDGET, MAX_ROWS = 32, 10 ** 9, 1024, 10 ** 6, 2 ** 62


def whole(least: int | None, most: int):
    """An argparse type: a whole number up to ``most`` (and from ``least``, where given), so that
    a typed 99999999999999999999 is refused in words, not carried into a database or a process
    pool that fails on it with a traceback."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("'{text}' is not a whole number").format(text=text)) from None
        if n > most or (least is not None and n < least):
            raise argparse.ArgumentTypeError(
                (_("'{text}' is not a whole number from {least} to {most}") if least is not None else
                 _("'{text}' is larger than {most}")).format(text=text, least=least, most=most))
        return n
    return parse


def history_location(text: str) -> str:
    """``--db``: a history file or URL; an empty or blank one names none (it was taken for the
    current folder, or for a file named by spaces)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("no history is named (an empty name); name a file or a database URL, "
                                           "or leave --db out for the default history"))
    return text


def _csv(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _error(msg: str) -> int:
    print(_("ascension: error: {message}").format(message=msg), file=sys.stderr)
    return USAGE_ERROR


def _without_controls(text: str, keep: str = "") -> str:
    return "".join(ch for ch in text if ch in keep or unicodedata.category(ch) != "Cc")


def shown(text) -> str:
    """A name or other text from the history (people type it) as plain data for the terminal:
    escape sequences and other control characters taken out, rich markup escaped. (rich reads
    the escape sequences, colours and links; the other controls go first, so that a carriage
    return or a backspace cannot hide the text before it.)"""
    return escape(_without_controls(Text.from_ansi(_without_controls(str(text), keep="\x1b")).plain))
