"""Before Qt starts: can the window open at all on this Linux desktop?

Qt's X11 platform plugin needs system libraries that a minimal Linux lacks (on Debian and Ubuntu:
libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1, ...). Without them Qt aborts the process with a
message naming only the first one it tried (exit 134). This module asks the dynamic linker which
libraries are missing, all at once, and turns them into one ``apt-get install`` line, so that a
player sees a sentence instead of a crash. It imports no Qt: it runs before Qt is loaded.
"""
from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from ascension.core.i18n import N_, _

# Qt loads these with dlopen, so ldd cannot see them: checked by name.
LOADED_AT_RUN_TIME = ("libxcb-cursor.so.0",)
# Debian's package names that do not follow the naming rule (see debian_package).
PACKAGE_EXCEPTIONS = {"libglib-2.0.so.0": "libglib2.0-0", "libgthread-2.0.so.0": "libglib2.0-0"}
TERMINAL_HINT = N_("Meanwhile `scripts/play --terminal` (or `ascension play`) plays the game in the terminal.")


def debian_package(soname: str) -> str:
    """The Debian package that ships a library, by Debian's naming rule: the soname's base, lower
    case, followed by its major version (with a hyphen when the base ends in a digit):
    ``libxcb-icccm.so.4`` -> ``libxcb-icccm4``, ``libxkbcommon-x11.so.0`` -> ``libxkbcommon-x11-0``."""
    if soname in PACKAGE_EXCEPTIONS:
        return PACKAGE_EXCEPTIONS[soname]
    match = re.fullmatch(r"(.+?)\.so\.(\d+)(?:\..*)?", soname)
    if not match:
        return soname
    base, major = match.group(1).lower(), match.group(2)
    return f"{base}-{major}" if base[-1].isdigit() else f"{base}{major}"


def missing_in_ldd(output: str) -> list[str]:
    """The libraries ldd reports as "not found", each once, in order."""
    found = re.findall(r"^\s*(\S+)\s+=>\s+not found", output, flags=re.MULTILINE)
    return list(dict.fromkeys(found))


def _xcb_plugin() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(list(spec.submodule_search_locations)[0]) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.exists() else None


def _loadable(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing_libraries(plugin: Path | None = None, ldd: str | None = None) -> list[str]:
    """The system libraries Qt's X11 plugin needs and cannot find (empty when all are there, or
    when this cannot be told: no ldd, no plugin)."""
    plugin = plugin or _xcb_plugin()
    ldd = ldd or shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    missing = missing_in_ldd(out)
    return missing + [lib for lib in LOADED_AT_RUN_TIME if lib not in missing and not _loadable(lib)]


def display_answers(display: str) -> bool | None:
    """Whether the X server ``display`` names accepts a connection, asked through libxcb as Qt
    will ask (None: cannot be told here, libxcb missing). A DISPLAY left over from another session
    (an ssh login, a closed VNC) names one that does not, and Qt then aborts the process."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)   # (never NULL: an error is a connection in error)
    try:
        return xcb.xcb_connection_has_error(connection) == 0
    finally:
        xcb.xcb_disconnect(connection)


def wayland_answers(env: os._Environ | dict = os.environ) -> bool:
    """Whether a Wayland compositor listens where Qt will look for it: ``WAYLAND_DISPLAY`` (or
    ``wayland-0``), under ``XDG_RUNTIME_DIR`` unless it is a path. One named in a session left
    over (tmux, ssh) is not there, and Qt then aborts the process."""
    name = env.get("WAYLAND_DISPLAY") or "wayland-0"
    path = name if os.path.isabs(name) else os.path.join(env.get("XDG_RUNTIME_DIR", ""), name)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(2)
        try:
            probe.connect(path)
        except OSError:
            return False
    return True


def chosen_platform(env: os._Environ | dict = os.environ) -> str:
    """The platform plugin ``QT_QPA_PLATFORM`` asks for first ("" when it asks for none)."""
    return env.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0]


def problem(env: os._Environ | dict = os.environ, missing: list[str] | None = None,
            answers: Callable[[str], bool | None] = display_answers,
            wayland: Callable[[os._Environ | dict], bool] = wayland_answers) -> str | None:
    """What stops the window from opening, as one message for the player; None when nothing does
    (or on a system other than Linux, where Qt brings what it needs). ``missing``, ``answers`` and
    ``wayland``: what the system lacks and whether a display answers, when told (tests).

    Qt takes the plugin ``QT_QPA_PLATFORM`` names, Wayland alone when it names that; without it,
    Wayland in a Wayland session where a compositor answers, else X11."""
    if not sys.platform.startswith("linux"):
        return None
    chosen = chosen_platform(env)
    if chosen == "wayland":
        if not wayland(env):
            return _("No Wayland display answers (QT_QPA_PLATFORM=wayland asks for one), so the window cannot open. "
                     "Start it with QT_QPA_PLATFORM=xcb on an X11 display. {hint}").format(hint=_(TERMINAL_HINT))
        return None
    if chosen and chosen != "xcb":   # (offscreen, vnc...: Qt's own)
        return None
    if not chosen and (env.get("XDG_SESSION_TYPE") == "wayland" or env.get("WAYLAND_DISPLAY")) and wayland(env):
        return None
    if not env.get("DISPLAY"):
        return _("No graphical display was found (DISPLAY is not set), so the window cannot open. {hint}").format(
            hint=_(TERMINAL_HINT))
    missing = missing_libraries() if missing is None else missing
    if not missing:
        if answers(env["DISPLAY"]) is False:
            return _("The graphical display {display} does not answer (DISPLAY names it, but no display is there "
                     "now), so the window cannot open. {hint}").format(display=env["DISPLAY"], hint=_(TERMINAL_HINT))
        return None
    packages = " ".join(dict.fromkeys(debian_package(lib) for lib in missing))
    return _("The window cannot open: this system lacks libraries that Qt needs ({libraries}).\n"
             "On Debian or Ubuntu install them with:\n\n    sudo apt-get install {packages}\n\n"
             "(other systems name these packages alike). {hint}").format(
        libraries=", ".join(missing), packages=packages, hint=_(TERMINAL_HINT))
