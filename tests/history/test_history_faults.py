"""Faults around the history file, injected for real: another program holding it locked, a file
or folder that cannot be written, two programs creating it at once, a damaged file, a batch
killed or interrupted while it records, and names that look like markup, escape sequences or
spreadsheet formulas. A player's games are never lost and a sound file is never called damaged."""
import csv
import hashlib
import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from functools import partial
from pathlib import Path

import pytest

from ascension.core.sim import simulate
from ascension.ui import cli
from ascension.ui.cli import main
from ascension.ui.history import db as dbmod
from ascension.ui.history import open_history, repo
from ascension.ui.history.db import HistoryBusyError, ReadOnlyHistoryError
from ascension.ui.history.models import SCHEMA_VERSION
from ascension.ui.history.recording import SimulationRecorder, close_all, record_session

from history_helpers import T0, make_record, seat

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
PYTHON = sys.executable


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def history_with(path: Path, records) -> Path:
    h = open_history(path)
    with h.session() as s:
        for r in records:
            repo.record_game(s, r)
    h.close()
    return path


def stored_games(path: Path) -> int:
    """Games in the history (0 while it is still being created)."""
    if not path.exists():
        return 0
    conn = dbmod.read_connection(path)
    try:
        return conn.execute('SELECT count(*) FROM "match"').fetchone()[0]
    except sqlite3.OperationalError:   # no table yet
        return 0
    finally:
        conn.close()


def integrity(path: Path) -> str:
    conn = dbmod.read_connection(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_all()


@pytest.fixture
def no_games(monkeypatch):
    """Fails the test if a game is played: the command had to stop before."""
    def refuse(**_):
        raise AssertionError("a game was played before the fault was reported")
    monkeypatch.setattr(cli, "simulate", refuse)


# ---------------------------------------------------------------------------- another program's lock
def test_a_history_locked_by_another_program_is_in_use_not_damaged(capsys, tmp_path, quick_busy, locked, no_games):
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(3)])
    before = digest(path)
    lock = locked(path, "readers")
    with pytest.raises(HistoryBusyError, match="in use by another program"):
        open_history(path)
    for argv in (["history", "list"], ["history", "stats"], ["history", "check"],
                 ["simulate", "--games", 2, "--seed", 1]):
        code, out, err = run(capsys, *argv, "--db", path)
        assert code == 2 and "in use by another program" in err and err.count("\n") == 1, argv
        assert "damaged" not in err
    lock.release()
    assert files(tmp_path) == {"h.sqlite3"} and digest(path) == before   # nothing renamed, nothing written
    code, out, _ = run(capsys, "history", "list", "--db", path, "--json")
    assert code == 0 and json.loads(out)["total"] == 3


def test_a_writer_holding_the_lock_stops_recording_before_any_game_and_browsing_goes_on(
        capsys, tmp_path, quick_busy, locked, monkeypatch):
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(2)])
    lock = locked(path, "writers")
    played = []
    real = cli.simulate
    monkeypatch.setattr(cli, "simulate", lambda **kw: played.append(kw) or real(**kw))
    code, _, err = run(capsys, "simulate", "--games", 2, "--seed", 1, "--db", path)
    assert code == 2 and "in use by another program" in err and played == []
    code, out, _ = run(capsys, "history", "list", "--db", path, "--json")   # readers are not blocked
    assert code == 0 and json.loads(out)["total"] == 2
    lock.release()
    code, _, err = run(capsys, "simulate", "--games", 2, "--seed", 1, "--db", path, "--json")
    assert code == 0 and "recorded 2 games" in err and stored_games(path) == 4


def simulated(games: int, seed: int = 9) -> list[dict]:
    return simulate(["10th"], ["greedy", "random"], games, seed=seed, keep_records=True)["records"]


def test_a_batch_keeps_the_games_finished_while_another_program_holds_the_lock(tmp_path, quick_busy, locked):
    """They are written once it lets go (at the next batch or at the end), none lost meanwhile."""
    path = tmp_path / "h.sqlite3"
    recorder = SimulationRecorder(path, batch=2, start=T0)
    lock = locked(path, "writers")
    for k, record in enumerate(simulated(2)):
        recorder.add(record, T0 + timedelta(minutes=k))
    assert recorder.kept == 0 and len(recorder.pending) == 2
    lock.release()
    recorder.write()
    assert recorder.kept == 2 and recorder.pending == [] and stored_games(path) == 2


WRITER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute("UPDATE schema_version SET version = version")
print("writing", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""


@pytest.mark.parametrize("writes", ["a batch", "a game"])
def test_games_written_while_another_program_writes_wait_for_it_rather_than_fail(tmp_path, writes):
    """A write that began while another program was writing waited for it, then was refused at
    once because the other had changed the history meanwhile (SQLite cannot wait there): three
    ``simulate --record`` started together lost one batch's games, "still locked after 10 s" a
    second after it started. Each write now takes the write lock as it begins."""
    import threading
    from ascension.ui.history.recording import write
    from ascension.ui.history.recording import history_for
    path = tmp_path / "h.sqlite3"
    history_for(path)   # (open before the other program writes: opening waits for it anyway)
    recorder, records = SimulationRecorder(path, batch=10, start=T0), simulated(2)
    other = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert other.stdout.readline().strip() == "writing"
        done = threading.Timer(0.5, lambda: (other.stdin.write("\n"), other.stdin.flush()))
        done.start()
        if writes == "a batch":
            for k, record in enumerate(records):
                recorder.add(record, T0 + timedelta(minutes=k))
            recorder.write()
        else:
            write(make_record(), path)
        done.join()
    finally:
        other.wait(timeout=10)
    assert stored_games(path) == (2 if writes == "a batch" else 1)


# ---------------------------------------------------------------------------- a game the history cannot take is kept
def finished_session(seed: int):
    from ascension.core.session import Seat, Session
    s = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], seed=seed, honor_pool=8)
    while not s.over:
        s.step_bot() if s.waiting_for_bot() else s.answer(0 if s.decision().kind != "action" else
                                                          len(s.decision().options) - 1)
    return s


class BrokenScores:
    """A plugin that fails as the scores are read (only at the end of a game)."""

    from ascension.core.hookspecs import hookimpl

    @hookimpl
    def asc_extra_scores(self, game):
        raise KeyError("scores broke")


def test_a_game_no_record_can_be_made_of_is_saved_whole_and_recorded_once_loaded(tmp_path):
    from ascension.core.folders import saves_dir
    from ascension.core.session import Session
    from ascension.ui.history.recording import GameSavedInstead, record_session
    db, session = tmp_path / "h.sqlite3", finished_session(3)
    session.game.ctx.pm.register(BrokenScores(), name="broken")
    with pytest.raises(GameSavedInstead) as failed:
        record_session(session, db)
    saved = failed.value.saved
    assert str(failed.value) == (f"no record of the game could be made (KeyError: 'scores broke'). The game is saved "
                                 f"in {saved}: load it once that is mended, and it goes into the history")
    assert saved.parent == saves_dir() and stored_games(db) == 0
    again = Session.from_json(saved.read_text())   # (loaded without the broken plugin)
    assert again.over and again.game.answers == session.game.answers
    record_session(again, db)
    assert stored_games(db) == 1


def test_a_game_no_record_can_be_made_of_on_a_full_disk_is_said_with_both_reasons(tmp_path, monkeypatch):
    from ascension.core.folders import saves_dir
    from ascension.ui.history import recording
    from ascension.ui.history.db import HistoryError

    def full(path, *a, **k):
        raise OSError(28, "No space left on device", str(path))
    monkeypatch.setattr(recording, "write_text_atomic", full)
    session = finished_session(3)
    session.game.ctx.pm.register(BrokenScores(), name="broken")
    with pytest.raises(HistoryError) as failed:
        recording.record_session(session, tmp_path / "h.sqlite3")
    assert str(failed.value).startswith("no record of the game could be made (KeyError: 'scores broke'), nor could "
                                        f"it be saved: the disk is full: {saves_dir()}/unrecorded-")


def test_a_game_ending_while_another_program_holds_the_history_is_kept_and_recorded_later(
        tmp_path, quick_busy, locked):
    from ascension.core.folders import kept_games_dir
    from ascension.ui.history.recording import GameKeptError, record_session
    path = history_with(tmp_path / "h.sqlite3", [make_record(0)])
    lock = locked(path, "writers")
    first = finished_session(1)
    with pytest.raises(GameKeptError, match="in use by another program") as exc:
        record_session(first, path)
    kept = exc.value.kept
    assert kept.parent == kept_games_dir() and str(kept) in str(exc.value) and stored_games(path) == 1
    lock.release()
    record_session(finished_session(2), path)          # the next game takes the kept one in with it
    assert stored_games(path) == 3 and not kept.exists()
    with sqlite3.connect(path) as conn:
        seeds = sorted(seed for seed, in conn.execute("SELECT seed FROM match"))
    assert seeds == sorted([make_record(0)["seed"], 1, 2])


def test_a_database_error_while_a_game_is_recorded_is_said_as_what_it_means(tmp_path, monkeypatch):
    """A full disk as the game was written: the message was SQLAlchemy's own, '(sqlite3.OperationalError)
    database or disk is full (Background on this error at: https://sqlalche.me/...)', in English."""
    import sqlalchemy as sa
    from ascension.ui.history import recording
    path = history_with(tmp_path / "h.sqlite3", [])

    def full(session, record):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise sa.exc.OperationalError("INSERT INTO match ...", {}, error)
    monkeypatch.setattr(recording, "record_game", full)
    with pytest.raises(recording.GameKeptError) as failed:
        recording.record_session(finished_session(1), path)
    said = str(failed.value)
    assert said.startswith(f"the history {path} cannot be written: the disk is full; nothing was changed. Make room "
                           "on it, then try again. The game is kept in ")
    assert "sqlalche.me" not in said and "OperationalError" not in said and failed.value.kept.exists()


@pytest.mark.parametrize("free, said", [(4096, "the disk is full"), (10 << 30, "disk I/O error")])
def test_an_io_error_on_a_full_disk_is_said_to_be_the_full_disk(tmp_path, monkeypatch, free, said):
    """SQLite calls a full disk a "disk I/O error" when the WAL's shared memory cannot grow: the
    player read of a failing disk (a 2 MB tmpfs, filled, showed it)."""
    import shutil as real_shutil

    from ascension.ui.history import db as history_db
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = sqlite3.SQLITE_IOERR_SHMSIZE
    usage = real_shutil.disk_usage(tmp_path)
    monkeypatch.setattr(history_db.shutil, "disk_usage", lambda p: usage._replace(free=free))
    assert said in str(history_db.as_history_error(error, str(tmp_path / "h.sqlite3"), tmp_path / "h.sqlite3"))


def test_the_terminal_game_says_where_a_game_the_history_could_not_take_waits(tmp_path, quick_busy, locked,
                                                                             first_label):
    from ascension.ui import terminal
    path = history_with(tmp_path / "h.sqlite3", [])
    locked(path, "writers")
    lines: list[str] = []
    game = terminal.play(seed=3, input_fn=first_label(lines), out=lines.append, db=path)
    assert game.over and lines[-1].startswith("The game could not be recorded in the history: the history ")
    assert "is in use by another program" in lines[-1] and "The game is kept in " in lines[-1]
    assert "Error" not in lines[-1]


def test_a_game_the_terminal_kept_waits_for_its_history_however_it_is_named(tmp_path, quick_busy, locked,
                                                                           first_label, capsys):
    """``play`` hands the game an open history, and the kept file named it by the object's repr
    ("History(engine=Engine(...") : no command ever took the game in, nor said that it waited."""
    from ascension.ui import terminal
    from ascension.ui.history.recording import kept_for
    path = history_with(tmp_path / "h.sqlite3", [])
    history = open_history(path)   # (as ``play --db`` opens it before the game)
    lock = locked(path, "writers")
    lines: list[str] = []
    game = terminal.play(seed=3, input_fn=first_label(lines), out=lines.append, db=history)
    lock.release()
    assert game.over and len(kept_for(path)) == 1 and kept_for(path) == kept_for(str(path))
    code, out, err = run(capsys, "history", "list", "--db", path, "--json")
    assert "1 game that the history could not take when it ended waits in" in err
    close_all()
    history.close()
    code, out, err = run(capsys, "simulate", "--games", 1, "--seed", 1, "--record", "--db", path)
    assert code == 0 and kept_for(path) == [] and stored_games(path) == 2


def kept_while_held(tmp_path, locked) -> Path:
    """A history that another program held while a game ended: the game is kept in a file, and
    the history is free again. Returns the history's path."""
    from ascension.ui.history.recording import GameKeptError, record_session
    path = history_with(tmp_path / "h.sqlite3", [])
    lock = locked(path, "writers")
    with pytest.raises(GameKeptError):
        record_session(finished_session(5), path)
    lock.release()
    return path


def test_the_next_play_takes_the_kept_games_in_before_its_game_and_says_so(capsys, tmp_path, quick_busy, locked,
                                                                            monkeypatch):
    from ascension.ui import terminal
    path = kept_while_held(tmp_path, locked)
    code, out, err = run(capsys, "history", "list", "--db", path, "--json")   # browsing says where it waits
    assert code == 0 and json.loads(out)["total"] == 0
    assert "1 game that the history could not take when it ended waits in " in err
    monkeypatch.setattr(terminal, "play", lambda **kw: stored.append(stored_games(path)))
    stored: list[int] = []
    code, out, err = run(capsys, "play", "--db", path)
    assert code == 0 and stored == [1]             # in before the game began
    assert "1 game kept earlier, when the history could not take it, is now in it." in err
    code, out, err = run(capsys, "history", "list", "--db", path, "--json")
    assert json.loads(out)["total"] == 1 and "waits in" not in err


def test_the_history_window_takes_the_kept_games_in_or_says_where_they_wait(qtbot, tmp_path, quick_busy, locked,
                                                                           monkeypatch):
    from ascension.core.folders import kept_games_dir
    from ascension.ui.desktop import history_window
    path = kept_while_held(tmp_path, locked)
    from ascension.ui.history import recording
    take_in = recording.store_kept

    def busy(db):   # another program takes the history just as the window opens
        raise HistoryBusyError(f"the history {db} is in use by another program")
    monkeypatch.setattr(recording, "store_kept", busy)
    w = history_window.HistoryWindow(path, player="Ann")
    qtbot.addWidget(w)
    text = w.banner.text()
    assert w.model.rowCount() == 0 and str(kept_games_dir()) in text
    assert text.startswith("1 game that ended while the history could not take it is not shown: it waits in ")
    w.close()
    monkeypatch.setattr(recording, "store_kept", take_in)
    w = history_window.HistoryWindow(path, player="Ann")   # free again: it goes in as the window opens
    qtbot.addWidget(w)
    assert w.model.rowCount() == 1 and stored_games(path) == 1 and "waits in" not in w.banner.text()
    assert not list(kept_games_dir().glob("*.json"))


def test_the_history_window_says_so_when_another_program_takes_the_history_while_it_is_open(
        qtbot, tmp_path, quick_busy, locked, monkeypatch):
    """Filtering, scrolling, opening a match, exporting and deleting raised SQLAlchemy's "database
    is locked" into Qt: nothing said in the window (the statistics showed the raw text)."""
    from ascension.ui.desktop import history_window
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(3)])
    w = history_window.HistoryWindow(path, player="Ann")
    qtbot.addWidget(w)
    w.confirm = lambda title, text, **_: True
    w.ask_save_path = lambda *a: str(tmp_path / "out.csv")
    w.history.engine.dispose()   # (connections already open read the snapshot they had)
    locked(path, "readers")
    w.apply_filter(repo.MatchFilter(status="finished"))
    assert w.model.rowCount() == 3   # the list as it was
    w.open_match(1)
    assert "Match 1 cannot be read now: the history" in w.match_page.header.text()
    assert w.export("csv") is None and not (tmp_path / "out.csv").exists()
    w.table.selectRow(0)
    assert w.delete_selected() == 0
    said = w.banner.text()
    assert "is in use by another program" in said and "Nothing was deleted" in said and "Export failed" in said
    assert "OperationalError" not in said and "sqlalche.me" not in said


def test_deleting_several_matches_that_stops_midway_says_how_many_went(qtbot, tmp_path, monkeypatch):
    """Each match is deleted in a transaction of its own: when another program takes the history
    after the first, the first is gone and the window says so (not "nothing was deleted")."""
    import sqlalchemy as sa
    from ascension.ui.desktop import history_window
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(3)])
    w = history_window.HistoryWindow(path, player="Ann")
    qtbot.addWidget(w)
    w.confirm = lambda title, text, **_: True
    real, calls = repo.delete_match, []

    def taken_after_one(session, match_id):
        calls.append(match_id)
        if len(calls) > 1:
            error = sqlite3.OperationalError("database is locked")
            error.sqlite_errorcode = sqlite3.SQLITE_BUSY
            raise sa.exc.OperationalError("DELETE FROM match ...", {}, error)
        return real(session, match_id)
    monkeypatch.setattr(repo, "delete_match", taken_after_one)
    w.table.selectAll()
    assert w.delete_selected() == 1
    assert "1 of the 3 matches was deleted, then: the history" in w.banner.text() and stored_games(path) == 2
    assert w.model.rowCount() == 2   # the list shows what is left


def test_a_kept_game_is_not_recorded_twice_and_a_damaged_one_is_set_aside(tmp_path):
    from ascension.core.folders import kept_games_dir
    from ascension.ui.history.recording import keep, store_kept
    from ascension.ui.history.records import match_record
    path = history_with(tmp_path / "h.sqlite3", [])
    s = finished_session(3)
    record = match_record(s.game, s.seats, started_at=T0, ended_at=T0 + timedelta(minutes=20))
    keep(record, path)
    keep(record, path)                                  # as if stopped between storing it and removing the file
    (kept_games_dir() / "damaged.json").write_text('{"history": ')
    (kept_games_dir() / "garbled.json").write_bytes(b'{"history": "\xff\xfe"}')   # not UTF-8: damaged too
    other = keep(record, tmp_path / "other.sqlite3")   # for another history: waits for that one
    assert store_kept(path).stored == 2 and stored_games(path) == 1
    names = sorted(p.name for p in kept_games_dir().iterdir() if p != other)
    assert names[0].startswith("damaged.json.bad-") and names[1].startswith("garbled.json.bad-")
    assert other.exists()


def test_a_kept_game_the_history_refuses_is_set_aside_by_name_and_the_others_still_go_in(tmp_path, capsys):
    """A game whose honor a plugin pushed beyond the history's columns was kept "to go in the next
    time", and from then on every game kept after it waited behind it for ever, unsaid."""
    from ascension.core.folders import kept_games_dir
    from ascension.ui.history.recording import _history_key, keep
    from ascension.ui.history.records import MatchRecord
    path = history_with(tmp_path / "h.sqlite3", [])
    huge = make_record(1, [seat(0, "Ann", tokens=10 ** 19, cards=0, winner=True), seat(1, "Bob", tokens=1, cards=0)])
    with pytest.raises(ValueError, match="less than 2147483648"):   # refused as the record is made, kept nowhere
        MatchRecord.model_validate(huge)
    kept_games_dir().mkdir(parents=True)
    blocker = kept_games_dir() / "00000000-first.json"   # kept by an earlier version, which took it
    blocker.write_text(json.dumps({"history": _history_key(path), "record": json.loads(json.dumps(huge, default=str))}))
    keep(MatchRecord.model_validate(make_record(2)), path)   # an ordinary game, kept while the history was held
    from ascension.ui import cli_history
    cli_history._store_kept(path)   # as a program that records (play, simulate --record) does first
    err = capsys.readouterr().err
    assert stored_games(path) == 1 and not blocker.exists()
    [aside] = kept_games_dir().glob("00000000-first.json.bad-*")
    assert f"a game kept earlier cannot go into the history (ValidationError: " in err and str(aside) in err
    assert "1 game kept earlier, when the history could not take it, is now in it." in err


def test_a_kept_game_that_cannot_be_read_now_is_left_as_it_is_not_set_aside(tmp_path, monkeypatch, unreadable):
    """Unreadable now (permissions, a disk error) is not damaged: no .bad- rename, taken in later."""
    from ascension.core.folders import kept_games_dir
    from ascension.ui.history.recording import keep, store_kept
    from ascension.ui.history.records import match_record
    path = history_with(tmp_path / "h.sqlite3", [])
    s = finished_session(3)
    kept = keep(match_record(s.game, s.seats, started_at=T0, ended_at=T0 + timedelta(minutes=20)), path)
    unreadable.add(kept)
    assert store_kept(path).stored == 0 and stored_games(path) == 0
    unreadable.discard(kept)
    assert [p.name for p in kept_games_dir().iterdir()] == [kept.name]   # not renamed .bad-
    assert store_kept(path).stored == 1 and stored_games(path) == 1 and not kept.exists()


def test_a_game_that_can_be_neither_recorded_nor_kept_says_why(tmp_path, quick_busy, locked, monkeypatch):
    from ascension.core import folders
    from ascension.ui.history.recording import record_session

    def disk_full(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("ascension.ui.history.recording.write_text_atomic", disk_full)
    path = history_with(tmp_path / "h.sqlite3", [])
    locked(path, "writers")
    with pytest.raises(HistoryBusyError, match="in use by another program"):
        record_session(finished_session(4), path)
    assert not folders.kept_games_dir().exists()


# ---------------------------------------------------------------------------- cannot be made
@pytest.mark.parametrize("argv", [["play", "--seed", 1], ["simulate", "--games", 2, "--seed", 1]])
def test_a_history_whose_folder_cannot_be_made_is_one_plain_message(capsys, tmp_path, monkeypatch, argv, no_games):
    blocked = tmp_path / "a-file"                      # a file where the data folder should be
    blocked.write_text("not a folder")
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(blocked))
    monkeypatch.delenv("ASCENSION_HISTORY_DB", raising=False)
    from ascension.ui import terminal
    monkeypatch.setattr(terminal, "play", lambda **kw: pytest.fail("a game was started that nothing could record"))
    code, out, err = run(capsys, *argv, "--record" if argv[0] == "simulate" else "--name", *(
        [] if argv[0] == "simulate" else ["Ann"]))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"its folder {blocked} cannot be created" in err and blocked.read_text() == "not a folder"


# ---------------------------------------------------------------------------- not a history's place
@pytest.mark.parametrize("db, message", [
    ("mysql://ann@server/games", "cannot use the history mysql://ann@server/games: a history is kept in an SQLite file "
                                 "or a PostgreSQL database (postgresql://user@host/name), not in mysql"),
    ("postgresql+psycopg2://ann:secret@server/games",
     "cannot use the history postgresql+psycopg2://ann:***@server/games: its database driver is not installed "
     "(No module named 'psycopg2')"),
    ("postgresql://ann:secret@server:port/games",
     "cannot use the history postgresql://ann:***@server:port/games: it is neither a file name nor a database URL "
     "(invalid literal for int() with base 10: 'port')"),
])
@pytest.mark.parametrize("argv", [["history", "list"], ["simulate", "--games", 2, "--seed", 1]])
def test_a_history_url_no_history_can_use_is_one_plain_message_before_any_game(capsys, db, message, argv, no_games):
    code, out, err = run(capsys, *argv, "--db", db)
    assert (code, err) == (2, f"ascension: error: {message}\n")


@pytest.mark.parametrize("db", ["mysql://ann@server/games", "postgresql://ann:secret@server:port/games"])
def test_a_game_ending_with_a_history_url_no_history_can_use_is_kept(tmp_path, db):
    from ascension.ui.history.recording import GameKeptError, kept_for, record_session
    with pytest.raises(GameKeptError, match="cannot use the history") as failed:
        record_session(finished_session(1), db)
    assert kept_for(db) == [failed.value.kept] and "secret" not in failed.value.kept.read_text()


# ---------------------------------------------------------------------------- cannot be written
def without_write_permission(argv):
    """Run the program as a user bound by the files' permissions. Root may write anything: it
    runs the program then without the capabilities that override them (setpriv), so a file or
    folder without write permission is read-only to it, as to anyone else."""
    prefix = []
    if os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("running as root without setpriv: permissions cannot be made to bind")
        caps = "-dac_override,-dac_read_search,-fowner,-linux_immutable"
        prefix = ["setpriv", f"--bounding-set={caps}", f"--inh-caps={caps}"]
    return subprocess.run([*prefix, PYTHON, "-m", "ascension.ui.cli", *map(str, argv)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


@pytest.fixture
def restore_permissions(tmp_path):
    yield
    for p in [tmp_path, *tmp_path.rglob("*")]:
        p.chmod(0o755 if p.is_dir() else 0o644)


@pytest.mark.parametrize("folder_writable, file_writable", [(False, False), (True, False), (False, True)])
def test_a_history_that_cannot_be_written_is_browsed_and_refuses_games_before_playing(
        tmp_path, restore_permissions, folder_writable, file_writable):
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(3)])
    path.chmod(0o644 if file_writable else 0o444)
    tmp_path.chmod(0o755 if folder_writable else 0o555)
    before, names = digest(path), files(tmp_path)

    listed = without_write_permission(["history", "list", "--db", path, "--json"])
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout)["total"] == 3
    checked = without_write_permission(["history", "check", "--db", path])
    assert checked.returncode == 0 and checked.stdout.strip().endswith(": ok"), checked.stderr

    start = time.monotonic()
    recorded = without_write_permission(["simulate", "--games", 500, "--seed", 1, "--db", path])
    assert recorded.returncode == 2 and "cannot be written" in recorded.stderr, recorded.stderr
    assert recorded.stderr.count("\n") == 1 and "Traceback" not in recorded.stderr
    assert time.monotonic() - start < 20   # refused at once, not after 500 games
    assert digest(path) == before and files(tmp_path) == names   # nothing set aside, created or left behind


def test_a_history_on_a_disk_mounted_read_only_says_the_disk_not_the_file(tmp_path, monkeypatch):
    """It said "the file is read-only", and the player changed the file's permissions in vain."""
    from ascension.ui.history import db as history_db
    path = history_with(tmp_path / "h.sqlite3", [make_record(0)])
    real_statvfs = os.statvfs

    class ReadOnlyMount:
        def __init__(self, real):
            self.f_flag = real.f_flag | os.ST_RDONLY
    monkeypatch.setattr(history_db.os, "access", lambda p, mode: mode != os.W_OK)
    monkeypatch.setattr(history_db.os, "statvfs", lambda p: ReadOnlyMount(real_statvfs(p)))
    with pytest.raises(ReadOnlyHistoryError, match=r"cannot be written \(the disk is read-only\)"):
        history_db._check_writable(path)
    monkeypatch.setattr(history_db.os, "statvfs", real_statvfs)
    with pytest.raises(ReadOnlyHistoryError, match=r"cannot be written \(the file is read-only\)"):
        history_db._check_writable(path)


def test_a_read_only_history_url_refuses_games_before_playing(capsys, tmp_path, no_games):
    """The same fault in this process, whoever runs the tests: SQLite opens the file read-only."""
    path = history_with(tmp_path / "h.sqlite3", [make_record()])
    before = digest(path)
    with pytest.raises(ReadOnlyHistoryError, match="cannot be written"):
        open_history(f"sqlite:///file:{path}?mode=ro&uri=true")
    code, _, err = run(capsys, "simulate", "--games", 2, "--seed", 1, "--db", f"sqlite:///file:{path}?mode=ro&uri=true")
    assert code == 2 and "cannot be written" in err and err.count("\n") == 1
    assert err.rstrip().endswith("another history can be named with --db")   # (the command line's own way out)
    assert digest(path) == before


def test_a_new_history_is_private(tmp_path):
    path = tmp_path / "h.sqlite3"
    h = open_history(path)
    with h.session() as s:
        repo.record_game(s, make_record())
        assert path.stat().st_mode & 0o777 == 0o600
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in tmp_path.glob("h.sqlite3-*"))
    h.close()


# ---------------------------------------------------------------------------- two programs create it
CREATOR = """
import sys, time
from pathlib import Path
from ascension.ui.history import open_history, repo
go = Path(sys.argv[2])
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
h = open_history(sys.argv[1])
with h.session() as s:
    print("games", repo.count_matches(s), flush=True)
h.close()
"""


def test_programs_creating_one_history_at_the_same_moment_all_succeed(tmp_path):
    for attempt in range(2):
        path, go = tmp_path / f"h{attempt}.sqlite3", tmp_path / f"go{attempt}"
        procs = [subprocess.Popen([PYTHON, "-c", CREATOR, str(path), str(go)], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(3)]
        assert [p.stdout.readline().strip() for p in procs] == ["ready"] * 3
        go.touch()   # all at once
        results = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0] * 3, [err for _, err in results]
        assert all(out.strip() == "games 0" for out, _ in results)
        assert integrity(path) == "ok" and not any(".corrupt" in n for n in files(tmp_path))
        conn = sqlite3.connect(path)
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        conn.close()


# ---------------------------------------------------------------------------- damaged, newer, missing
@pytest.fixture
def damaged(tmp_path):
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(200)])
    conn = sqlite3.connect(path)   # fold the WAL into the file, then damage a page in the middle
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    middle = (len(data) // 4096 // 2) * 4096
    data[middle:middle + 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))
    return path


def test_check_reports_a_damaged_file_and_leaves_it_byte_equal(capsys, damaged):
    before, names = digest(damaged), files(damaged.parent)
    code, out, _ = run(capsys, "history", "check", "--db", damaged)
    assert code == 1 and "is damaged" in out and len(out.splitlines()) >= 2
    code, out, _ = run(capsys, "history", "check", "--db", damaged, "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["problems"]
    assert digest(damaged) == before and files(damaged.parent) == names


@pytest.mark.parametrize("command", [["list"], ["stats", "--player", "Ann"], ["show", "1"], ["export"]])
def test_browsing_a_damaged_file_says_so_and_moves_nothing(capsys, damaged, command):
    before, names = digest(damaged), files(damaged.parent)
    code, out, err = run(capsys, "history", *command, "--db", damaged)
    assert code == 2 and "damaged" in err and "not been changed" in err and err.count("\n") == 1
    assert digest(damaged) == before and files(damaged.parent) == names


def test_a_lost_first_page_is_damage_for_check_and_set_aside_only_by_a_writer(capsys, tmp_path):
    path = history_with(tmp_path / "h.sqlite3", [make_record()])
    with open(path, "r+b") as f:
        f.write(bytes(4096))   # (the zeros a first page lost on the disk leaves)
    code, out, _ = run(capsys, "history", "check", "--db", path)
    assert code == 1 and "not an SQLite database" in out and files(tmp_path) == {"h.sqlite3"}
    code, _, err = run(capsys, "simulate", "--games", 1, "--seed", 1, "--db", path)   # a writer: set aside
    assert code == 0 and "was damaged" in err and "recorded 1 game " in err
    assert any(n.startswith("h.sqlite3.corrupt-") for n in files(tmp_path))


@pytest.mark.parametrize("argv", [["simulate", "--games", 1, "--seed", 1], ["play", "--seed", 1], ["history", "check"],
                                  ["history", "list"], ["history", "stats"], ["history", "export"]])
def test_a_file_of_another_kind_named_as_the_history_is_refused_untouched_by_every_command(
        capsys, tmp_path, argv, no_games, monkeypatch):
    """``--db`` naming the game in progress (a slip for ``--load``) moved it aside as a damaged
    history and started an empty one beside it: the game was never offered again. Browsing and
    checking it called it a damaged history."""
    from ascension.ui import terminal
    monkeypatch.setattr(terminal, "play", lambda **_: pytest.fail("a game was played"))
    path = tmp_path / "terminal-autosave.json"
    path.write_text('{"format": 1, "setup": {}, "state": {}}')
    before = digest(path)
    code, out, err = run(capsys, *argv, "--db", path)
    assert code in (1, 2) and files(tmp_path) == {"terminal-autosave.json"} and digest(path) == before
    assert "not a history but a file of another kind" in (out + err) and "damaged" not in (out + err)
    assert "Traceback" not in err and err.count("\n") == 1


def test_browsing_a_missing_history_creates_nothing(capsys, tmp_path):
    path = tmp_path / "none" / "h.sqlite3"
    code, out, err = run(capsys, "history", "list", "--db", path, "--json")
    assert code == 0 and json.loads(out)["total"] == 0 and "no history" in err
    assert not path.parent.exists()
    code, _, err = run(capsys, "history", "check", "--db", path)
    assert code == 2 and "no history file" in err and not path.parent.exists()


def test_a_newer_schema_is_refused_with_nothing_beside_it(capsys, tmp_path, no_games):
    path = history_with(tmp_path / "h.sqlite3", [make_record()])
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.close()
    before = digest(path)
    for argv in (["history", "list"], ["history", "export"], ["simulate", "--games", 1, "--seed", 1]):
        code, _, err = run(capsys, *argv, "--db", path)
        assert code == 2 and "newer version" in err, argv
        assert files(tmp_path) == {"h.sqlite3"} and digest(path) == before, argv


@pytest.mark.parametrize("version", ["'2.4.1'", "1"])
def test_another_programs_database_with_a_schema_version_table_is_refused_untouched(capsys, tmp_path, no_games,
                                                                                      version):
    """"schema_version" is a common table name: such a file given by a slip was called a damaged
    history and moved aside (or "upgraded": a backup beside it, switched to WAL, then failed)."""
    path = tmp_path / "notes.db"
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("CREATE TABLE schema_version (id INTEGER PRIMARY KEY, version)")
        conn.execute(f"INSERT INTO schema_version VALUES (1, {version})")
        conn.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
    conn.close()
    before = digest(path)
    for argv in (["history", "list"], ["simulate", "--games", 1, "--seed", 1, "--record"]):
        code, _, err = run(capsys, *argv, "--db", path)
        assert code == 2 and "is an SQLite database but not an Ascension history" in err, argv
        assert files(tmp_path) == {"notes.db"} and digest(path) == before, argv


def test_a_history_whose_version_row_another_tool_removed_is_refused_not_set_aside(capsys, tmp_path, no_games):
    """SQLite found nothing damaged, yet the whole history was moved aside and a new, empty one
    shown in its place."""
    path = history_with(tmp_path / "h.sqlite3", [make_record()])
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM schema_version")
    conn.close()
    before = digest(path)
    for argv in (["history", "list"], ["simulate", "--games", 1, "--seed", 1, "--record"]):
        code, _, err = run(capsys, *argv, "--db", path)
        assert code == 2 and "but not the number of its version" in err and "it was not changed" in err, argv
        assert files(tmp_path) == {"h.sqlite3"} and digest(path) == before, argv


@pytest.mark.parametrize("argv", [["history", "list"], ["play"], ["simulate", "--games", 1, "--seed", 1, "--record"]])
def test_a_history_name_with_bytes_that_are_not_text_is_one_plain_line(capsys, tmp_path, argv, no_games):
    """A name from the shell with a byte that is no UTF-8 (Python hands it on as a lone surrogate)
    stopped every command with a UnicodeEncodeError traceback."""
    code, out, err = run(capsys, *argv, "--db", f"{tmp_path}/caf\udce9.sqlite3")
    assert code == 2 and err.startswith(f"ascension: error: cannot use the history {tmp_path}/caf\\xe9.sqlite3: its "
                                        "name holds bytes that are not text (UTF-8)")
    assert err.count("\n") == 1


def test_a_history_path_whose_links_lead_round_in_a_loop_is_one_plain_line(capsys, tmp_path, no_games):
    """Python's RuntimeError ("Symlink loop from ...") was a traceback in every command."""
    (tmp_path / "a.sqlite3").symlink_to(tmp_path / "b.sqlite3")
    (tmp_path / "b.sqlite3").symlink_to(tmp_path / "a.sqlite3")
    for argv in (["history", "list"], ["history", "check"], ["simulate", "--games", 1, "--seed", 1, "--record"]):
        code, _, err = run(capsys, *argv, "--db", tmp_path / "a.sqlite3")
        assert code == 2 and "its links lead round in a loop" in err and err.count("\n") == 1, argv


def test_a_database_server_that_never_answers_is_said_not_waited_for(capsys, monkeypatch, no_games):
    """A server that takes the connection and never replies (a hung server, a firewall that
    swallows) kept `history list` waiting for ever; one dropping packets, over two minutes."""
    import socket
    import threading
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    held = []
    threading.Thread(target=lambda: held.append(server.accept()), daemon=True).start()
    monkeypatch.setattr(dbmod, "CONNECT_TIMEOUT_S", 2)   # (libpq's least)
    started = time.monotonic()
    try:
        code, _, err = run(capsys, "history", "list", "--db",
                           f"postgresql://ann:pw@127.0.0.1:{server.getsockname()[1]}/history")
    finally:
        server.close()
    assert code == 2 and "cannot use the history" in err and time.monotonic() - started < 30


def test_a_database_server_that_refuses_the_connection_is_one_line_of_sentences(capsys, no_games):
    """PostgreSQL's driver adds its hint on a second, tab-indented line, which came through as it was."""
    import socket
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()   # (nobody listens there now)
    code, _, err = run(capsys, "history", "list", "--db", f"postgresql://ann@127.0.0.1:{port}/history")
    assert code == 2 and err.count("\n") == 1 and "\t" not in err
    assert "Connection refused. Is the server running" in err


def test_a_drivers_message_over_lines_is_said_as_sentences_on_one():
    assert dbmod.one_line("failed: Connection refused\n\tIs the server running?\n") == \
        "failed: Connection refused. Is the server running?"
    assert dbmod.one_line("one line.") == "one line."


def test_the_copy_taken_before_an_upgrade_is_as_private_as_the_history(tmp_path):
    """It was made readable by everyone (0644) beside a private (0600) history."""
    import stat
    path = history_with(tmp_path / "h.sqlite3", [make_record()])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    backup = dbmod.backup_sqlite(path, 2)
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    with sqlite3.connect(backup) as conn:
        assert conn.execute('SELECT count(*) FROM "match"').fetchone() == (1,)


def test_browsing_a_history_leaves_no_companion_files(capsys, tmp_path):
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(2)])
    before = digest(path)
    for argv in (["list"], ["stats"], ["show", 1], ["export"], ["check"]):
        assert run(capsys, "history", *argv, "--db", path)[0] == 0, argv
    assert files(tmp_path) == {"h.sqlite3"} and digest(path) == before


# ---------------------------------------------------------------------------- bad options
@pytest.mark.parametrize("argv, message", [
    (["--variants", "samael,samael", "--bots", "greedy"], "variant chosen more than once: samael"),
    (["--db", "{tmp}"], "is a folder"),
    (["--save-games", "{tmp}/file.txt"], "a file is there"),
    (["--save-games", ""], "--save-games names no folder"),   # (it was silently ignored: no game saved)
])
def test_bad_simulate_options_are_one_line_before_any_game(capsys, tmp_path, no_games, argv, message):
    (tmp_path / "file.txt").write_text("mine\n")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, err = run(capsys, "simulate", "--games", 3, "--seed", 1, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
    assert (tmp_path / "file.txt").read_text() == "mine\n"


def test_a_save_games_folder_nobody_may_write_in_is_refused_before_any_game(capsys, tmp_path, no_games, monkeypatch):
    import tempfile

    def refused(*args, **kwargs):   # as a read-only disk, or /sys, refuses it (even to root)
        raise PermissionError(13, "Permission denied", str(Path(kwargs["dir"]) / "tmpab12cd"))
    monkeypatch.setattr(tempfile, "TemporaryFile", refused)
    code, out, err = run(capsys, "simulate", "--games", 3, "--seed", 1, "--save-games", tmp_path / "games")
    assert (code, out) == (2, "")
    assert err == f"ascension: error: --save-games {tmp_path / 'games'}: cannot write in the folder: permission denied\n"


def test_a_second_batch_into_the_same_folder_writes_over_none_of_the_first_ones_games(capsys, tmp_path):
    """It numbered its games from game-00001.json again: the games a batch before (a run killed
    midway, another seed) had saved there were written over, those beyond its count left mixed in."""
    folder = tmp_path / "games"
    assert run(capsys, "simulate", "--games", 3, "--seed", 1, "--save-games", folder)[0] == 0
    first = {p.name: p.read_text() for p in folder.iterdir()}
    (folder / "notes.txt").write_text("mine\n")
    code, out, err = run(capsys, "simulate", "--games", 2, "--seed", 9, "--save-games", folder)
    assert code == 0 and err.strip().endswith(f"saved 2 game records in {folder} (from game-00004.json on: the games "
                                              "saved there before are left as they were)")
    assert sorted(p.name for p in folder.iterdir()) == [
        "game-00001.json", "game-00002.json", "game-00003.json", "game-00004.json", "game-00005.json", "notes.txt"]
    assert all((folder / name).read_text() == text for name, text in first.items())
    seeds = {json.loads(text)["setup"]["seed"] for text in first.values()}
    assert not seeds & {json.loads((folder / f"game-0000{k}.json").read_text())["setup"]["seed"] for k in (4, 5)}


def test_a_disk_full_mid_batch_stops_it_with_what_was_kept(capsys, tmp_path, monkeypatch):
    real_write, folder, db = cli.write_text_atomic, tmp_path / "games", tmp_path / "h.sqlite3"

    def full_at_the_third(path, text, *args, **kwargs):
        if path.name == "game-00003.json":
            raise OSError(28, "No space left on device", str(path))
        real_write(path, text, *args, **kwargs)
    monkeypatch.setattr(cli, "write_text_atomic", full_at_the_third)
    code, out, err = run(capsys, "simulate", "--games", 5, "--seed", 1, "--save-games", folder, "--db", db)
    assert (code, out) == (1, "") and "Traceback" not in err
    assert err.splitlines() == [
        f"ascension: error: the disk is full: {folder / 'game-00003.json'}",
        f"ascension: stopped after 3 finished games; recorded 3 games in the history at {db}; "
        f"saved 2 game records in {folder}"]
    assert sorted(p.name for p in folder.iterdir()) == ["game-00001.json", "game-00002.json"]
    assert stored_games(db) == 3


# ---------------------------------------------------------------------------- recording as it goes
def start_batch(path: Path, folder: Path | None = None, games: int = 100_000, sigint=signal.SIG_DFL, jobs: int = 1):
    argv = [PYTHON, "-m", "ascension.ui.cli", "simulate", "--games", str(games), "--seed", "1",
            "--bots", "greedy", "--db", str(path), "--jobs", str(jobs)]
    if folder:
        argv += ["--save-games", str(folder)]
    # Ctrl-C as in a terminal (``sigint``): a suite started in the background (``cmd &``) ignores
    # SIGINT, and a child would inherit that
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))


def wait_for_games(path: Path, proc, at_least: int, timeout: float = 30) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()[1]
        n = stored_games(path)
        if n >= at_least:
            return n
        time.sleep(0.05)
    raise AssertionError(f"fewer than {at_least} games recorded after {timeout} s")


def test_ctrl_c_keeps_every_finished_game_and_says_how_many(tmp_path):
    path, folder = tmp_path / "h.sqlite3", tmp_path / "games"
    proc = start_batch(path, folder)
    try:
        wait_for_games(path, proc, 60)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    stored = stored_games(path)
    saved = len(list(folder.glob("game-*.json")))
    assert f"interrupted after {stored:,} finished games; recorded {stored:,} games in the history" in err
    assert saved == stored and not list(folder.glob("*.tmp"))   # no half-written game left
    assert integrity(path) == "ok"
    assert subprocess.run([PYTHON, "-m", "ascension.ui.cli", "replay", str(folder / f"game-{saved:05d}.json")],
                          capture_output=True, cwd=ROOT).returncode == 0


def test_a_batch_started_in_the_background_ignores_ctrl_c_as_the_shell_asked(tmp_path):
    """``ascension simulate ... &`` ignores SIGINT (the shell's rule for background jobs): a
    Ctrl-C meant for the foreground neither stops it nor cuts a game's recording short."""
    path = tmp_path / "h.sqlite3"
    proc = start_batch(path, sigint=signal.SIG_IGN)
    try:
        seen = wait_for_games(path, proc, 20)
        for __ in range(100):   # a second of Ctrl-C: some land while a game is being recorded
            proc.send_signal(signal.SIGINT)
            time.sleep(0.01)
        assert wait_for_games(path, proc, seen + 40) > seen + 39 and proc.poll() is None
    finally:
        proc.kill()
        proc.communicate()
    assert integrity(path) == "ok"


def test_kill_9_loses_at_most_the_last_moments(tmp_path):
    path = tmp_path / "h.sqlite3"
    proc = start_batch(path)
    try:
        seen = wait_for_games(path, proc, 60)
        time.sleep(0.3)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert integrity(path) == "ok"
    h = open_history(path, on_corrupt="raise")
    with h.session() as s:
        assert repo.count_matches(s) >= seen
        whole = repo.iter_export(s, replay=True)
        assert all(len(d["seats"]) == 2 and d["answers"] for d in whole)   # no game half there
    h.close()


def test_the_workers_of_a_batch_whose_program_was_killed_end_too(tmp_path):
    """kill -9 of `simulate --jobs 2` (or the system out of memory killing it) left its workers
    waiting for work for ever, orphans holding their memory."""
    path = tmp_path / "h.sqlite3"
    proc = start_batch(path, jobs=2)
    try:
        wait_for_games(path, proc, 60)
        workers = [int(pid) for pid in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
        assert len(workers) == 2
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{w}").exists() and "Z" not in _state(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [w for w in workers if Path(f"/proc/{w}").exists() and "Z" not in _state(w)]


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_a_batch_writes_in_small_transactions_bounded_in_count_and_time(tmp_path):
    now = [0.0]
    recorder = SimulationRecorder(tmp_path / "h.sqlite3", batch=3, seconds=2.0, start=T0, clock=lambda: now[0])
    records = simulated(5)
    ends = [T0 + timedelta(minutes=k + 1) for k in range(5)]
    recorder.add(records[0], ends[0])
    recorder.add(records[1], ends[1])
    assert recorder.kept == 0                       # neither 3 games nor 2 s yet
    recorder.add(records[2], ends[2])
    assert recorder.kept == 3                       # three games: written
    recorder.add(records[3], ends[3])
    now[0] = 2.5
    recorder.add(records[4], ends[4])
    assert recorder.kept == 5 and recorder.pending == []   # 2 s went by: written
    with recorder.history.session() as s:
        games = repo.list_matches(s, sort="date")
    assert [(g.started_at, g.ended_at) for g in games] == list(zip([T0] + ends[:-1], ends))  # one after another


# ---------------------------------------------------------------------------- names are data
MARKUP, ANSI, FORMULA = "[/x] Bob [bold]", "\x1b[31mRed\x1b[0m Rita\x07", '=HYPERLINK("http://evil","x")'


@pytest.fixture
def odd_names(tmp_path):
    seats = [seat(0, MARKUP, tokens=20, cards=10, winner=True, acquired={"[red]Mystic": 2}),
             seat(1, ANSI), seat(2, FORMULA), seat(3, "+cmd"), seat(4, "@SUM(A1)"), seat(5, "-2+3")]
    return history_with(tmp_path / "h.sqlite3", [make_record(k, seats=seats) for k in range(2)])


def test_names_are_shown_as_written_never_as_markup_or_escape_sequences(capsys, odd_names, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")   # one line per row: names are not wrapped
    for argv, shows in ((["list"], [MARKUP, "Red Rita", FORMULA]),
                        (["stats", "--player", MARKUP], ["Statistics for " + MARKUP, "[red]Mystic"]),
                        (["show", 1], [MARKUP, "Red Rita", FORMULA])):
        code, out, err = run(capsys, "history", *argv, "--db", odd_names)
        assert code == 0, (argv, err)
        assert "\x1b" not in out and "\x07" not in out, argv
        assert all(name in out for name in shows), (argv, out)


def test_export_neutralises_formulas_in_csv_and_keeps_names_in_json(capsys, odd_names):
    code, out, _ = run(capsys, "history", "export", "--db", odd_names)
    names = {row["name"] for row in csv.DictReader(io.StringIO(out))}
    assert names == {MARKUP, ANSI, "'" + FORMULA, "'+cmd", "'@SUM(A1)", "'-2+3"}
    code, out, _ = run(capsys, "history", "export", "--db", odd_names, "--format", "json")
    assert {s["name"] for s in json.loads(out)[0]["seats"]} == {MARKUP, ANSI, FORMULA, "+cmd", "@SUM(A1)", "-2+3"}


def test_browsing_an_older_history_changes_nothing_and_recording_upgrades_it(capsys, tmp_path):
    from test_db import _first_schema_history
    path = tmp_path / "h.sqlite3"
    _first_schema_history(path)
    before = digest(path)
    code, out, err = run(capsys, "history", "list", "--db", path, "--json")   # shown as this version reads it
    assert code == 0 and json.loads(out)["total"] == 1
    assert "older version" in err and "has not been changed" in err and err.count("\n") == 1
    assert files(tmp_path) == {"h.sqlite3"} and digest(path) == before   # no backup, no migration
    code, _, err = run(capsys, "simulate", "--games", 1, "--seed", 1, "--db", path)
    assert code == 0 and "upgraded from schema 1" in err
    code, out, _ = run(capsys, "history", "list", "--db", path, "--json", "--games", "all")   # + the simulated one
    assert code == 0 and json.loads(out)["total"] == 2


# ---------------------------------------------------------------------------- a finished game an autosave still holds
def test_an_older_history_on_a_read_only_disk_can_still_be_browsed(capsys, qtbot, tmp_path, monkeypatch):
    """Every way in refused it: browsing said "upgraded when a game is next recorded", recording
    "cannot be written, but it can still be browsed", and the History window the same."""
    from ascension.ui.desktop import history_window
    from test_db import _first_schema_history
    path = tmp_path / "h.sqlite3"
    _first_schema_history(path)
    before = digest(path)
    monkeypatch.setattr(dbmod.os, "access", lambda p, mode: mode != os.W_OK)   # (a read-only disk, as root can't make)
    code, out, err = run(capsys, "history", "show", 1, "--db", path)
    assert code == 0 and "older version" in err
    w = history_window.HistoryWindow(path, player="Ann")
    qtbot.addWidget(w)
    assert w.model.rowCount() == 1 and "older version" in w.banner.text()
    w.open_match(w.model.match_at(0).id)
    assert w.match_page.detail is not None and w.match_page.detail.seed == 77
    w.close()
    assert files(tmp_path) == {"h.sqlite3"} and digest(path) == before


def test_a_finished_autosave_found_when_games_are_not_recorded_goes_among_the_saved_games(tmp_path):
    """`play --no-record` after a start that could not record its finished game: the game is not
    given to a history, nor left for the new game's autosave to write over."""
    from ascension.core.folders import saves_dir
    from ascension.ui.history.recording import record_left_over
    autosave = tmp_path / "autosave.json"
    session = finished_session(1)
    autosave.write_text(session.to_json())
    said, blocked = record_left_over(autosave, session, None)
    [moved] = saves_dir().glob("unrecorded-*.json")
    assert not blocked and not autosave.exists() and moved.read_text() == session.to_json()
    assert said == (f"The game you finished last is not recorded this time; it is saved as {moved}: loaded where "
                    f"games are recorded ('ascension play --load {moved}', or Load in the window), it goes into the "
                    "history, once.")


def test_a_finished_game_among_the_saved_games_goes_into_the_history_from_the_terminal(tmp_path, capsys):
    """The advice said to load it; `play --load` refused a finished game ("that game is over"), and
    only the desktop could take it in: a player of the terminal alone could not."""
    from ascension.core.folders import saves_dir
    from ascension.ui.history.recording import record_left_over
    autosave, db = tmp_path / "autosave.json", tmp_path / "h.sqlite3"
    session = finished_session(1)
    autosave.write_text(session.to_json())
    record_left_over(autosave, session, None)   # a start with --no-record
    [moved] = saves_dir().glob("unrecorded-*.json")
    for _twice in range(2):
        code, out, err = run(capsys, "play", "--load", moved, "--db", db)
        assert code == 0 and f"{moved}: that game is over; it goes into the history" in out
        assert "Game recorded in the history (match 1)." in out
    assert stored_games(db) == 1
    code, out, err = run(capsys, "play", "--load", moved, "--no-record")   # nowhere to go: said, as before
    assert code == 2 and "that game is over; 'ascension replay" in err


def test_a_finished_autosave_that_can_be_neither_recorded_nor_moved_stays_and_blocks_the_next_autosave(
        tmp_path, unrecordable):
    from ascension.core.folders import saves_dir
    from ascension.ui.history.recording import record_left_over
    autosave = tmp_path / "autosave.json"
    session = finished_session(1)
    autosave.write_text(session.to_json())
    saves_dir().parent.mkdir(parents=True, exist_ok=True)
    saves_dir().write_text("a file where the saved games' folder should be")
    said, blocked = record_left_over(autosave, session, partial(record_session, db=tmp_path / "h.sqlite3"))
    assert blocked and autosave.read_text() == session.to_json()
    assert said.startswith("The game you finished last could not be recorded in the history (the history ")
    assert "nor moved out of the next game's way" in said and said.endswith(f"it stays in {autosave}.")


def test_a_game_neither_recorded_nor_kept_is_said_by_the_front_end_alone(tmp_path, unrecordable, capsys):
    """Between the terminal's own (translated) sentences came the log's line "a game could be
    neither recorded nor kept: [Errno 28] No space left on device", in English whatever the
    language: it goes to the log file only."""
    from ascension.ui import logs
    from ascension.ui.history.recording import write
    logs.start()
    with pytest.raises(HistoryBusyError):
        write(make_record(), tmp_path / "h.sqlite3")
    assert "neither recorded nor kept" not in capsys.readouterr().err


def test_a_backup_copy_a_kill_interrupted_never_looks_like_a_good_one(tmp_path):
    """Killed while the copy before an upgrade was made: an empty (or half) file was left under the
    backup's own name, and stayed, unmentioned, beside the history."""
    path = history_with(tmp_path / "h.sqlite3", [make_record()])
    left = tmp_path / "h.sqlite3.v1-backup-20260101-000000.partial"   # what a killed copy leaves
    left.write_bytes(b"")
    an_hour_ago = time.time() - 3600
    os.utime(left, (an_hour_ago, an_hour_ago))
    backup = dbmod.backup_sqlite(path, 1)
    assert files(tmp_path) == {"h.sqlite3", backup.name} and not backup.name.endswith(".partial")


@pytest.mark.parametrize("change", ["UPDATE match SET started_at = 'yesterday' WHERE id = 2",
                                    "UPDATE match SET started_at = 1700000000 WHERE id = 2",
                                    "UPDATE match SET sets = x'ff00fe' WHERE id = 2",
                                    "UPDATE match SET options = '{not json' WHERE id = 2",
                                    "UPDATE match_replay SET setup = '{oops' WHERE match_id = 2",
                                    "UPDATE match_replay SET answers = '[\"x\", null, 1e99]' WHERE match_id = 2",
                                    "UPDATE seat SET renown = '{bad' WHERE match_id = 2",
                                    "UPDATE seat SET team = 'red' WHERE match_id = 2",
                                    "UPDATE seat SET name = x'fffe' WHERE match_id = 2 AND seat = 0",
                                    "UPDATE match SET engine_version = x'00ff' WHERE id = 2",
                                    "UPDATE seat SET total = 9223372036854775807 WHERE match_id = 2"])
def test_one_row_another_tool_wrote_unreadably_does_not_close_the_whole_history(capsys, tmp_path, change):
    """Every command failed on it ("Invalid isoformat string: 'yesterday'", a TypeError traceback):
    the player's whole history unreadable for one row. A team of 'red' stopped the BG Stats export,
    bytes for a name or version every JSON export, a total near 2**63 the statistics ("integer
    overflow")."""
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(3)])
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(change)
    conn.close()
    for argv in (["history", "list", "--json"], ["history", "stats", "--player", "Ann"], ["history", "show", 2],
                 ["history", "show", 2, "--json"], ["history", "export", "--json"],
                 ["history", "export", "--format", "json", "--replay"], ["history", "export", "--format", "bgstats"],
                 ["history", "export", "--format", "csv"]):
        code, out, err = run(capsys, *argv, "--db", path)
        assert code == 0 and "Traceback" not in err, (argv, err)
    code, out, err = run(capsys, "history", "list", "--json", "--db", path)
    assert json.loads(out)["total"] == 3
    code, out, err = run(capsys, "history", "export", "--format", "bgstats", "--db", path)
    assert len(json.loads(out)["plays"]) == 3


def test_a_change_a_killed_program_left_unfinished_where_it_cannot_be_finished_is_not_called_damage(
        capsys, tmp_path, monkeypatch):
    """A sound history with a hot rollback journal beside it, in a folder that cannot be written:
    read without its journal it was reported damaged, in SQLite's words ("btreeInitPage() returns
    error code 11"), and `history check` said so too."""
    path = history_with(tmp_path / "h.sqlite3", [make_record(k) for k in range(40)])
    subprocess.run([PYTHON, "-c", (
        "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('PRAGMA journal_mode=DELETE'); c.execute('PRAGMA cache_size=1'); c.execute('BEGIN'); "
        "c.execute('DELETE FROM seat_card'); c.execute('DELETE FROM seat'); os._exit(9)"), str(path)])
    assert (tmp_path / "h.sqlite3-journal").stat().st_size > 0   # hot: a change half written
    before = digest(path)
    monkeypatch.setattr(dbmod.os, "access", lambda p, mode: mode != os.W_OK)   # a folder nobody may write in
    for argv in (["history", "list"], ["history", "check"]):
        code, _, err = run(capsys, *argv, "--db", path)
        assert code == 2 and "holds a change a stopped program left unfinished (h.sqlite3-journal)" in err, argv
        assert "damaged" not in err.replace("not damaged", "") and digest(path) == before, argv
    monkeypatch.undo()   # writable again: SQLite rolls the change back, and all 40 games are there
    code, out, _ = run(capsys, "history", "list", "--db", path, "--json")
    assert code == 0 and json.loads(out)["total"] == 40


@pytest.mark.parametrize("given", ["", "   "])
def test_an_empty_history_name_is_refused_as_naming_none(capsys, tmp_path, monkeypatch, given):
    """`--db ""` was taken for the current folder ("is a folder"), `--db " "` for a file named by spaces."""
    monkeypatch.chdir(tmp_path)
    for argv in (["history", "list"], ["simulate", "--games", 1], ["play"]):
        with pytest.raises(SystemExit) as stopped:
            run(capsys, *argv, "--db", given)
        err = capsys.readouterr().err
        assert stopped.value.code == 2 and "argument --db: no history is named (an empty name)" in err, argv
    assert files(tmp_path) == set()


def test_a_password_with_an_at_sign_is_hidden_whole():
    """`ann:p@ss@host` showed `ann:***@ss@host`: part of the password on the screen and in the kept game's file."""
    assert dbmod.masked("postgresql://ann:p@ss@127.0.0.1:5432/h") == "postgresql://ann:***@127.0.0.1:5432/h"
