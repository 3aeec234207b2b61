"""First launch on a plain Linux desktop: missing Qt libraries are named in one message with the
exact install line (never a Qt abort), and the desktop entry installs with one command."""
from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ascension.ui.desktop import desktop_entry, platform_check

LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibxcb-icccm.so.4 => not found
"""


def test_each_missing_library_is_named_once_in_order():
    assert platform_check.missing_in_ldd(LDD_OUTPUT) == [
        "libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"]


@pytest.mark.parametrize("soname, package", [
    ("libxcb-icccm.so.4", "libxcb-icccm4"), ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libEGL.so.1", "libegl1"), ("libdbus-1.so.3", "libdbus-1-3"), ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libglib-2.0.so.0", "libglib2.0-0")])
def test_debian_package_names_follow_debians_rule(soname, package):
    assert platform_check.debian_package(soname) == package


def fake_ldd(tmp_path: Path, output: str) -> str:
    script = tmp_path / "ldd"
    script.write_text(f"#!/bin/sh\ncat <<'END'\n{output}END\n")
    script.chmod(0o755)
    return str(script)


def test_the_message_gives_one_install_line_for_every_missing_library_and_the_terminal_way(tmp_path):
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    missing = platform_check.missing_libraries(plugin, fake_ldd(tmp_path, LDD_OUTPUT))
    assert missing[:3] == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"]
    text = platform_check.problem({"DISPLAY": ":0"}, missing[:3])
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0\n" in text
    assert "scripts/play --terminal" in text


def test_nothing_is_said_when_nothing_is_missing_or_qt_will_not_use_x11():
    assert platform_check.problem({"DISPLAY": ":0"}, [], answers=lambda display: True) is None
    assert platform_check.problem({"DISPLAY": ":0"}, [], answers=lambda display: None) is None   # cannot tell
    assert platform_check.problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    answering = lambda env: True   # noqa: E731  (a Wayland compositor listens)
    assert platform_check.problem({"QT_QPA_PLATFORM": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, wayland=answering) is None
    assert platform_check.problem({"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, wayland=answering) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="displays are asked for on Linux only")
def test_a_wayland_session_left_over_falls_to_x11_and_one_asked_for_that_does_not_answer_is_said(tmp_path):
    """WAYLAND_DISPLAY or XDG_SESSION_TYPE left over (tmux, ssh), or QT_QPA_PLATFORM=wayland,
    with no compositor there: Qt aborted the process (exit 134) with its own lines."""
    left_over = {"XDG_RUNTIME_DIR": str(tmp_path), "WAYLAND_DISPLAY": "wayland-0"}
    assert not platform_check.wayland_answers(left_over)   # (no socket there)
    text = platform_check.problem(left_over)                # Qt falls back to X11, and there is no DISPLAY
    assert text.startswith("No graphical display was found (DISPLAY is not set)")
    assert platform_check.problem({**left_over, "DISPLAY": ":0"}, [], answers=lambda display: True) is None
    text = platform_check.problem({**left_over, "QT_QPA_PLATFORM": "wayland", "DISPLAY": ":0"})
    assert text.startswith("No Wayland display answers (QT_QPA_PLATFORM=wayland asks for one)")
    import socket
    with socket.socket(socket.AF_UNIX) as compositor:   # one listens: Qt uses it
        compositor.bind(str(tmp_path / "wayland-0"))
        compositor.listen()
        assert platform_check.wayland_answers(left_over)
        assert platform_check.problem({**left_over, "QT_QPA_PLATFORM": "wayland"}) is None


def test_without_any_display_the_player_is_told_so_and_pointed_to_the_terminal_game():
    text = platform_check.problem({})
    if not sys.platform.startswith("linux"):
        assert text is None
    else:
        assert "No graphical display" in text and "scripts/play --terminal" in text


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays are asked for on Linux only")
def test_a_display_that_does_not_answer_is_named_instead_of_qt_aborting(tmp_path):
    """A DISPLAY left over from another session (an ssh login, a closed VNC): Qt aborted the
    process (exit 134) with its own words; the player reads one sentence instead."""
    if platform_check.display_answers(":0") is None:
        pytest.fail("libxcb is not installed: scripts/debian-packages.txt installs it")
    free = next(n for n in range(97, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ASCENSION_DATA_DIR": str(tmp_path / "data"),
           "ASCENSION_CONFIG_DIR": str(tmp_path / "config"), "DISPLAY": f":{free}"}
    done = subprocess.run([sys.executable, "-m", "ascension.ui.desktop.launch"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"ascension-desktop: The graphical display :{free} does not answer")
    assert "Traceback" not in done.stderr and "qt.qpa" not in done.stderr


def test_a_display_that_answers_is_let_through(tmp_path):
    if not shutil.which("Xvfb"):
        pytest.skip("Xvfb is not installed here (.ci/run installs it)")
    free = next(n for n in range(97, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(["Xvfb", f":{free}", "-screen", "0", "1280x800x24"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):   # up to 10 s for the server to listen
            if Path(f"/tmp/.X11-unix/X{free}").exists() or server.poll() is not None:
                break
            time.sleep(0.1)
        assert platform_check.display_answers(f":{free}") is True
        assert platform_check.problem({"DISPLAY": f":{free}"}) is None
    finally:
        server.terminate()
        server.wait(10)


def test_the_desktop_command_explains_instead_of_aborting_without_a_display(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ASCENSION_DATA_DIR": str(tmp_path / "data"),
           "ASCENSION_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "ascension.ui.desktop.launch"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "No graphical display" in done.stderr and "Traceback" not in done.stderr


def test_the_desktop_entry_installs_with_the_icon_and_points_at_this_program(tmp_path):
    entry, icon = desktop_entry.install(tmp_path, command="/opt/my games/bin/ascension-desktop")
    assert entry == tmp_path / "applications" / "ascension-table.desktop"
    assert icon.read_bytes().startswith(b"<svg")
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(entry.read_text(encoding="utf-8"))
    fields = parser["Desktop Entry"]
    assert fields["Exec"] == '"/opt/my games/bin/ascension-desktop"'
    assert fields["TryExec"] == "/opt/my games/bin/ascension-desktop"
    assert fields["Icon"] == "ascension-table" and fields["Type"] == "Application"
    assert "Game" in fields["Categories"].split(";")
    if shutil.which("desktop-file-validate"):   # the freedesktop.org validator, where installed
        checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_launcher_is_the_command_beside_this_python():
    assert Path(desktop_entry.launcher()).name == "ascension-desktop"


def test_install_desktop_entry_is_one_command(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")}
    done = subprocess.run([sys.executable, "-m", "ascension.ui.desktop.launch", "--install-desktop-entry"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "share" / "applications" / "ascension-table.desktop").exists()
    assert (tmp_path / "share" / "icons" / "hicolor" / "scalable" / "apps" / "ascension-table.svg").exists()


def test_a_menu_entry_that_cannot_be_installed_is_one_plain_message(tmp_path):
    (tmp_path / "share").write_text("a file where the data folder should be")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share"),
           "ASCENSION_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "ascension.ui.desktop.launch", "--install-desktop-entry"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    assert done.stderr.startswith("ascension-desktop: the menu entry could not be installed: ")


@pytest.mark.parametrize("lang, says", [("en", "usage: ascension-desktop"), ("de", "Aufruf: ascension-desktop")])
def test_the_desktop_command_answers_help_without_opening_a_window(tmp_path, lang, says):
    """`ascension-desktop --help` opened the window (or said there was no display)."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ASCENSION_DATA_DIR": str(tmp_path / "data"),
           "ASCENSION_CONFIG_DIR": str(tmp_path / "config"), "DISPLAY": ":99", "QT_QPA_PLATFORM": "xcb"}
    done = subprocess.run([sys.executable, "-m", "ascension.ui.desktop.launch", "--lang", lang, "--help"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and says in done.stdout and "--install-desktop-entry" in done.stdout
    assert done.stderr == ""
