"""``ascension-desktop``: checks that the window can open before Qt is loaded (a plain Linux
desktop may lack Qt's system libraries: one message with the install line instead of Qt's
abort), or installs the desktop entry (``--install-desktop-entry``), then starts the table.
The language is chosen first (``--lang``, the settings, the environment), so that even these
messages are in it."""
from __future__ import annotations

import argparse
import sys

from ascension.core import i18n
from ascension.core.i18n import _, os_error

from .. import logs
from ..cli_common import add_version, argparse_speaks_ours
from ..entry import ctrl_c_after, interrupted
from . import desktop_entry, language, platform_check, storage


def parser() -> argparse.ArgumentParser:
    """The launcher's own options (Qt's, such as ``-platform``, pass through to the window)."""
    argparse_speaks_ours()
    ap = argparse.ArgumentParser(prog="ascension-desktop", description=_(
        "Open the Ascension Table window (to play in the terminal instead: ascension play)."))
    languages = ", ".join(f"{code} ({name})" for code, name in i18n.available().items())
    ap.add_argument("--lang", choices=list(i18n.available()), metavar=_("LANG"), help=_(
        "the language to speak: {languages} (default: the one chosen in the window, else ASCENSION_LANG, else the "
        "system's)").format(languages=languages))
    add_version(ap)
    ap.add_argument("--install-desktop-entry", action="store_true",
                    help=_("put Ascension Table in your desktop's application menu, then end"))
    return ap


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv if argv is None else argv
    language.choose(arguments[1:], storage.chosen_language())
    options, _qt = parser().parse_known_args(arguments[1:])   # (--help: said, and the program ends)
    logs.start()
    if options.install_desktop_entry:
        try:
            written = desktop_entry.install()
        except OSError as exc:   # a read-only or full home folder, a file where a folder should be
            print(_("ascension-desktop: the menu entry could not be installed: {error}").format(error=os_error(exc)),
                  file=sys.stderr)
            return 1
        for path in written:
            print(_("installed {path}").format(path=path))
        print(_("Ascension Table is now in your desktop's application menu."))
        return 0
    problem = platform_check.problem()
    if problem:
        print(_("ascension-desktop: {problem}").format(problem=problem), file=sys.stderr)
        return 1
    try:
        with ctrl_c_after():   # Qt is loaded only now (an interrupted Qt import aborts the process)
            from .app import main as start_table
    except KeyboardInterrupt:
        return interrupted()
    return start_table(argv)


if __name__ == "__main__":
    sys.exit(main())
