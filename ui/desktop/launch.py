"""``ascension-desktop``: checks that the window can open before Qt is loaded (a plain Linux
desktop may lack Qt's system libraries: one message with the install line instead of Qt's
abort), or installs the desktop entry (``--install-desktop-entry``), then starts the table."""
from __future__ import annotations

import sys

from . import desktop_entry, platform_check


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv if argv is None else argv
    if "--install-desktop-entry" in arguments[1:]:
        for path in desktop_entry.install():
            print(f"installed {path}")
        print("Ascension Table is now in your desktop's application menu.")
        return 0
    problem = platform_check.problem()
    if problem:
        print(f"ascension-desktop: {problem}", file=sys.stderr)
        return 1
    from .app import main as start_table   # Qt is loaded only now
    return start_table(argv)


if __name__ == "__main__":
    sys.exit(main())
