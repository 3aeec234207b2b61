import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ascension.core import i18n, match
from ascension.core import plugins as plugin_mod
from ascension.core.match import new_game


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path, monkeypatch):
    """No test reads or writes a player's real settings, autosaves or override files (the
    terminal game autosaves too); tests that need such files make their own."""
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(tmp_path / "user-data"))


@pytest.fixture(autouse=True)
def no_log_left_on():
    """A test that starts the program's log (as ``ascension`` does) leaves nothing of it to the next."""
    yield
    from ascension.ui import logs
    logs.stop()


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English (the source text) whatever this machine's locale; a test that wants
    another language sets it and is put back to English afterwards."""
    monkeypatch.setenv("ASCENSION_LANG", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def unreadable(monkeypatch):
    """The set of paths whose opening for reading is refused (``unreadable.add(path)``), as the
    system refuses it for permissions or a disk error (tests run as root, where chmod refuses
    nothing); ``discard`` makes one readable again."""
    import os
    from pathlib import Path
    real_open, denied = os.open, set()

    def refusing(path, flags, *args, **kwargs):
        if Path(path) in denied and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)
    monkeypatch.setattr(os, "open", refusing)
    return denied


@pytest.fixture
def game2():
    """A fresh 2-player 10 Year Anniversary game with a fixed seed."""
    return new_game(["10th"], ["Ann", "Bob"], seed=20261130)


@pytest.fixture
def first_label():
    """Makes an input_fn for the terminal game that types the label of the first option shown
    last (what "1" did when options were numbered): whole games played from a script. A question
    that is not about the options gets it too, which is no yes."""
    def make(lines: list[str]):
        def input_fn(prompt: str) -> str:
            block = []
            for line in reversed(lines):
                found = re.match(r"  (\w+)\. ", line)
                if not found:
                    break
                block.append(found.group(1))
            return block[-1] if block else "n"
        return input_fn
    return make


@pytest.fixture
def override_config(tmp_path, monkeypatch):
    """An empty user config folder for override files (none written yet), the override files in
    use, and no card set loaded from before."""
    from ascension.core import overrides
    folder = tmp_path / "ascension-config"
    monkeypatch.delenv(overrides.ENV, raising=False)
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(folder))
    monkeypatch.setattr(overrides, "_left_out", None)
    overrides.reload()
    yield folder
    overrides.reload()


@pytest.fixture
def unrecordable(monkeypatch):
    """As a game ends, the history is locked by another program and the folder of kept games
    cannot be written (a full disk, say): no record of the game and no file of its own can be
    made. Calling what it returns mends both."""
    from ascension.ui.history import recording
    from ascension.ui.history.db import HistoryBusyError
    real_record, real_keep = recording.record_game, recording.keep

    def busy(session, record):
        raise HistoryBusyError("history.sqlite3")

    def no_room(record, db=None):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(recording, "record_game", busy)
    monkeypatch.setattr(recording, "keep", no_room)

    def mend():
        monkeypatch.setattr(recording, "record_game", real_record)
        monkeypatch.setattr(recording, "keep", real_keep)
    return mend


@pytest.fixture
def installed_package(tmp_path, monkeypatch):
    """``install(name, files)``: put a package ``asc_<name>`` (``files``: its file names and texts,
    ``__init__.py`` among them) into a folder on sys.path with a dist-info declaring its
    ``ascension`` entry point, then load the installed plugins afresh; returns its folder.
    Everything is taken out again afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    modules = []

    def reload():
        importlib.invalidate_caches()
        plugin_mod.installed.cache_clear()
        match._load_set.cache_clear()
        match.set_requires.cache_clear()

    def install(name: str, files: dict[str, str]):
        package = tmp_path / f"asc_{name}"
        package.mkdir()
        for file_name, text in files.items():
            (package / file_name).write_text(text)
        info = tmp_path / f"asc_{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: asc-{name}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[ascension]\n{name} = asc_{name}\n")
        modules.append(f"asc_{name}")
        reload()
        return package

    yield install
    monkeypatch.undo()
    for name in modules:
        sys.modules.pop(name, None)
    reload()


# ---------------------------------------------------------------------------- another program's lock on the history
@pytest.fixture
def quick_busy(monkeypatch):
    """Wait 0.3 s (not 10) for another program's lock before saying the history is in use."""
    from ascension.ui.history import db as dbmod
    monkeypatch.setattr(dbmod, "BUSY_TIMEOUT_MS", 300)


LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "readers":          # exclusive locking mode: not even readers get in
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
conn.execute("BEGIN EXCLUSIVE")
conn.execute("UPDATE schema_version SET version = version")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


class Lock:
    """Another process holding the history locked until released."""

    def __init__(self, path: Path, who: str):
        self.proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(path), who], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "locked"

    def release(self):
        if self.proc.poll() is None:
            self.proc.stdin.write("\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)


@pytest.fixture
def locked(tmp_path):
    """``locked(path, who)``: another process holds the history at ``path`` locked ("writers": a
    write under way; "readers": not even readers get in) until released or the test ends."""
    locks = []

    def hold(path, who):
        locks.append(Lock(path, who))
        return locks[-1]
    yield hold
    for lock in locks:
        lock.release()
