"""The desktop entry and icon: ``ascension-desktop --install-desktop-entry`` puts the program in
the desktop's application menu (the XDG locations under ``$XDG_DATA_HOME``, by default
``~/.local/share``), pointing at the ``ascension-desktop`` command it was run from, so a
``pipx install`` or the project's own virtual environment both work. No Qt is imported."""
from __future__ import annotations

import os
import shutil
import sys
from importlib import resources
from pathlib import Path

APP_ID = "ascension-table"   # also the window's desktop file name (QGuiApplication.setDesktopFileName)


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launcher() -> str:
    """The absolute path of the ``ascension-desktop`` command beside this Python."""
    beside = Path(sys.executable).with_name("ascension-desktop")
    return str(beside) if beside.exists() else (shutil.which("ascension-desktop") or "ascension-desktop")


def _quoted(path: str) -> str:
    """An Exec= argument as the Desktop Entry specification quotes one."""
    if not any(c in path for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return path
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$") + '"'


def entry_text(command: str | None = None) -> str:
    template = resources.files("ascension.ui.desktop").joinpath("data", f"{APP_ID}.desktop.in").read_text("utf-8")
    command = command or launcher()
    return template.replace("{exec}", _quoted(command)).replace("{tryexec}", command)


def install(home: Path | None = None, command: str | None = None) -> list[Path]:
    """Write the desktop entry and the icon; returns the files written."""
    home = home or data_home()
    entry = home / "applications" / f"{APP_ID}.desktop"
    icon = home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    for path in (entry, icon):
        path.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text(command), encoding="utf-8")
    icon.write_bytes(resources.files("ascension.ui.desktop").joinpath("data", f"{APP_ID}.svg").read_bytes())
    return [entry, icon]
