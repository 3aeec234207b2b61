"""``ascension-desktop``: checks that the window can open before Qt is loaded (a plain Linux
desktop may lack Qt's system libraries: one message with the install line instead of Qt's
abort), or installs the desktop entry (``--install-desktop-entry``), then starts the table.
The language is chosen first (``--lang``, the settings, the environment), so that even these
messages are in it."""
from __future__ import annotations

import sys

from ascension.core.i18n import _, os_error

from .. import logs
from . import desktop_entry, language, platform_check, storage


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv if argv is None else argv
    language.choose(arguments[1:], storage.chosen_language())
    logs.start()
    if "--install-desktop-entry" in arguments[1:]:
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
    from .app import main as start_table   # Qt is loaded only now
    return start_table(argv)


if __name__ == "__main__":
    sys.exit(main())
