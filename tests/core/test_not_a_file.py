"""A path the program reads may name no file at all: a device (a link to /dev/zero, which
never ends), a pipe (which waits for a writer for ever) or a folder. Every reader refuses each
at once, saying so, and leaves it as it is; none reads for ever or fills the memory."""
from __future__ import annotations

import os
import signal

import pytest

from ascension.core import match
from ascension.core.cards import SetFileError
from ascension.core.folders import FileTooLarge, NotAFile, read_bounded
from ascension.core.overrides import ENV
from ascension.ui.cli import main
from ascension.ui.desktop import storage
from ascension.ui.history import recording

NOT_FILES = ["device", "pipe", "folder"]
SAID = "not a file but a folder, a device or a pipe"


@pytest.fixture(autouse=True)
def never_waits():
    """A reader that hangs fails the test (after 10 s) instead of stopping the run."""
    def hung(*_):
        raise AssertionError("still reading after 10 s")
    before = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


def no_file(path, kind: str):
    """Put a device, a pipe or a folder at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "pipe":
        os.mkfifo(path)
    else:
        path.mkdir()
    return path


@pytest.mark.parametrize("kind", NOT_FILES)
def test_read_bounded_refuses_what_is_not_a_file(tmp_path, kind):
    with pytest.raises(NotAFile, match=SAID):
        read_bounded(no_file(tmp_path / "x.json", kind), 1000)


def test_read_bounded_reads_up_to_its_limit_and_refuses_one_byte_more(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, 1000) == b"x" * 1000
    with pytest.raises(FileTooLarge) as err:
        read_bounded(path, 999)
    assert (err.value.size, err.value.limit) == (1000, 999)


def test_a_file_that_grows_while_it_is_read_is_refused_at_its_limit(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    path.write_bytes(b"x" * 5000)
    stat = os.fstat

    def small_when_asked(fd):   # the size it had a moment before (another program writing on)
        return os.stat_result((*stat(fd)[:6], 10, *stat(fd)[7:]))
    monkeypatch.setattr(os, "fstat", small_when_asked)
    with pytest.raises(FileTooLarge) as err:
        read_bounded(path, 1000)
    assert err.value.size == 1001


@pytest.mark.parametrize("kind", NOT_FILES)
def test_replay_refuses_what_is_not_a_file(tmp_path, capsys, kind):
    path = no_file(tmp_path / "game.json", kind)
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == f"ascension: error: cannot replay {path}: {SAID}"


@pytest.mark.parametrize("kind", NOT_FILES)
def test_play_load_refuses_what_is_not_a_file(tmp_path, capsys, kind):
    path = no_file(tmp_path / "game.json", kind)
    assert main(["play", "--load", str(path)]) == 2
    assert SAID in capsys.readouterr().err and os.path.lexists(path)


@pytest.mark.parametrize("kind", NOT_FILES)
def test_a_saved_game_that_is_not_a_file_is_refused_by_name(tmp_path, kind):
    path = no_file(tmp_path / "game.json", kind)
    with pytest.raises(match.SaveFileError) as err:
        storage.read_session(path)
    assert str(path) in str(err.value) and SAID in str(err.value)


@pytest.mark.parametrize("kind", NOT_FILES)
def test_settings_that_are_not_a_file_are_set_aside_and_the_defaults_used(tmp_path, kind):
    path = no_file(tmp_path / "settings.json", kind)
    settings = storage.Settings(path)
    assert SAID in settings.problem and settings.presets == {}
    assert not os.path.lexists(path) and len(list(tmp_path.glob("settings.json.bad-*"))) == 1


@pytest.mark.parametrize("kind", NOT_FILES)
def test_an_override_file_that_is_not_a_file_is_named_and_the_sets_own_numbers_used(tmp_path, monkeypatch, kind):
    path = no_file(tmp_path / "overrides.toml", kind)
    monkeypatch.setenv(ENV, str(path))
    match._load_set.cache_clear()
    try:
        with pytest.raises(SetFileError, match=SAID):
            match.build_setup(["10th"], ["Ann", "Bob"], seed=1)
        assert match.build_setup(["10th"], ["Ann", "Bob"], seed=1, overrides={}).card_sets
    finally:
        match._load_set.cache_clear()


@pytest.mark.parametrize("kind", NOT_FILES)
def test_a_kept_game_that_is_not_a_file_is_not_taken_for_one(tmp_path, monkeypatch, kind):
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(tmp_path))
    db = tmp_path / "history.sqlite3"
    path = no_file(tmp_path / "unrecorded" / "20261203-120000-0000-x.json", kind)
    assert recording.kept_for(db) == []
    assert recording.store_kept(db).stored == 0
    aside = list(path.parent.glob(f"{path.name}.bad-*"))   # out of the way, nothing removed
    assert not os.path.lexists(path) and len(aside) == 1 and os.path.lexists(aside[0])


@pytest.mark.parametrize("kind", ["device", "pipe"])
@pytest.mark.parametrize("command", [["history", "list"], ["history", "export"], ["simulate", "--games", "1"]])
def test_a_history_that_is_not_a_file_is_named_not_taken_for_an_empty_one(tmp_path, capsys, kind, command):
    """SQLite called it "disk I/O error" (a disk failing?), and browsing showed an empty history."""
    path = no_file(tmp_path / "history.sqlite3", kind)
    assert main([*command, "--db", str(path)]) == 2
    assert capsys.readouterr().err.strip().endswith(f"{path.resolve()} is a device or a pipe, not a history file")
    assert os.path.lexists(path)


# ---------------------------------------------------------------------------- written
def test_a_device_written_to_stays_a_device_and_is_never_replaced_by_a_file(tmp_path, capsys):
    """`history export --out /dev/null` (or /dev/stdout): written straight into, without --replace;
    with it, the export renamed a file over the device (as root, over the device node itself)."""
    from ascension.core.folders import write_text_atomic
    device = no_file(tmp_path / "null", "device")   # a link to /dev/zero, which takes any writing
    write_text_atomic(device, "x")
    assert device.is_symlink() and os.readlink(device) == "/dev/zero" and not list(tmp_path.glob("*.tmp"))
    for replace in ([], ["--replace"]):   # (through the link: a regression replaces the link, not /dev/zero)
        assert main(["history", "export", "--out", str(device), *replace]) == 0, capsys.readouterr().err
        assert device.is_symlink() and os.readlink(device) == "/dev/zero"


def test_a_pipe_written_to_gets_the_text_and_stays_a_pipe(tmp_path):
    import threading
    from ascension.core.folders import write_text_atomic
    pipe, got = no_file(tmp_path / "pipe", "pipe"), []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text()))
    reader.start()
    write_text_atomic(pipe, "through the pipe")
    reader.join(5)
    assert got == ["through the pipe"] and pipe.is_fifo()


def test_a_file_reached_through_a_link_is_replaced_and_the_link_kept(tmp_path):
    """A settings file linked from a folder of one's own (dotfiles): it stays linked."""
    from ascension.core.folders import write_text_atomic
    real = tmp_path / "dotfiles" / "desktop.json"
    real.parent.mkdir()
    real.write_text("{}")
    link = tmp_path / "config" / "desktop.json"
    link.parent.mkdir()
    link.symlink_to(real)
    write_text_atomic(link, '{"speed": "fast"}')
    assert link.is_symlink() and real.read_text() == '{"speed": "fast"}'
    assert not list(real.parent.glob("*.tmp")) and not list(link.parent.glob("*.tmp"))


def test_a_new_file_of_the_players_own_is_private_and_one_written_over_keeps_its_permissions(tmp_path):
    """Saved games and settings are the player's alone, as the history is; a file the player
    opened to others (or locked further) stays as they made it when it is written again."""
    import stat
    from ascension.core.folders import write_text_atomic
    mask = os.umask(0o022)
    try:
        save = tmp_path / "saves" / "game.json"
        write_text_atomic(save, "{}")
        assert stat.S_IMODE(save.stat().st_mode) == 0o600
        save.chmod(0o644)
        write_text_atomic(save, '{"again": 1}')
        assert stat.S_IMODE(save.stat().st_mode) == 0o644 and save.read_text() == '{"again": 1}'
    finally:
        os.umask(mask)
