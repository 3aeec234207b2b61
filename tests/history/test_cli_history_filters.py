"""``ascension history list|stats|export`` show the games a player asked for: one player's games
(--player), their place at the table (--seat), people's games apart from simulated ones (--games),
abandoned games in the list, and an export the BG Stats app imports (--format bgstats)."""
import json

import pytest

from ascension.ui import cli_history
from ascension.ui.cli import main
from ascension.ui.history import open_history, repo
from ascension.ui.history.bgstats import BGG_ID

from history_helpers import make_record, seat


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def listed(capsys, db, *argv) -> dict:
    code, out, err = run(capsys, "history", "list", "--db", db, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def bots_only(k, winner=0):
    return make_record(k, [seat(0, "Greedy 1", "bot", "greedy", winner=winner == 0),
                           seat(1, "Random 2", "bot", "random", winner=winner == 1)])


@pytest.fixture
def history_file(tmp_path):
    """Ann against Bob (Ann first in 0 and 1, second in 2), Ann first against a bot (3), Cid
    against Dee (4), a game Ann left from the first seat (5), and two simulated games (bots only)."""
    path = tmp_path / "h.sqlite3"
    h = open_history(path)
    games = [
        make_record(0, [seat(0, "Ann", winner=True), seat(1, "Bob")]),
        make_record(1, [seat(0, "Ann"), seat(1, "Bob", winner=True)]),
        make_record(2, [seat(0, "Bob"), seat(1, "Ann", winner=True)]),
        make_record(3),   # Ann, first, beats the greedy bot
        make_record(4, [seat(0, "Cid", winner=True), seat(1, "Dee")]),
        make_record(5, [seat(0, "Ann"), seat(1, "Bob")], status="abandoned"),
        bots_only(6), bots_only(7, winner=1),
    ]
    with h.session() as s:
        for g in games:
            repo.record_game(s, g)
    h.close()
    return path


def test_list_player_shows_only_that_players_games(capsys, history_file):
    bob = listed(capsys, history_file, "--player", "Bob")
    assert bob["total"] == 4   # three finished games and the abandoned one; not Cid's, not the bots'
    assert all("Bob" in [s["name"] for s in m["seats"]] for m in bob["matches"])
    assert sorted(m["result"] for m in bob["matches"]) == ["abandoned", "loss", "loss", "win"]
    code, out, _ = run(capsys, "history", "list", "--db", history_file, "--player", "Bob")
    assert code == 0 and "Matches 1-4 of 4" in out and "Cid" not in out
    assert listed(capsys, history_file, "--player", "Nobody")["total"] == 0


def test_seat_filter_is_the_players_place_in_turn_order(capsys, history_file):
    first = listed(capsys, history_file, "--player", "Ann", "--seat", 1)
    assert first["total"] == 4 and all(m["seats"][0]["name"] == "Ann" for m in first["matches"])
    second = listed(capsys, history_file, "--player", "Ann", "--seat", 2, "--result", "win")
    assert second["total"] == 1 and second["matches"][0]["seats"][1]["name"] == "Ann"
    code, out, err = run(capsys, "history", "stats", "--db", history_file, "--player", "Ann", "--seat", 1, "--json")
    st = json.loads(out)
    assert code == 0 and st["games"] == 3 and [b["key"] for b in st["by_seat"]] == ["1"]
    assert st["abandoned"] == 1   # the game Ann left, also from the first seat


@pytest.mark.parametrize("command", ["list", "export"])
def test_seat_without_a_player_is_a_one_line_error(capsys, history_file, command):
    code, out, err = run(capsys, "history", command, "--db", history_file, "--seat", 2)
    assert code == 2 and out == "" and err == "ascension: error: --seat needs --player (whose seat)\n"


@pytest.mark.parametrize("seat", ["0", "first", "33"])
def test_seat_must_be_a_place_at_a_table(capsys, history_file, seat):
    with pytest.raises(SystemExit) as exc:
        main(["history", "list", "--db", str(history_file), "--player", "Ann", "--seat", seat])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and f"argument --seat: '{seat}' is not a seat: seats are numbered 1 to 32 in turn order" in err


def test_simulated_games_are_kept_apart_from_peoples_games(capsys, history_file):
    everyone = listed(capsys, history_file)   # the default: people's games, abandoned ones too
    assert everyone["total"] == 6
    assert not any(all(s["kind"] == "bot" for s in m["seats"]) for m in everyone["matches"])
    simulated = listed(capsys, history_file, "--games", "simulated")
    assert simulated["total"] == 2 and all(s["kind"] == "bot" for m in simulated["matches"] for s in m["seats"])
    assert listed(capsys, history_file, "--games", "all")["total"] == 8
    assert listed(capsys, history_file, "--status", "finished")["total"] == 5
    code, out, _ = run(capsys, "history", "list", "--db", history_file)
    assert "(abandoned)" in out and "--games simulated" in out   # the caption says where the others are
    code, out, _ = run(capsys, "history", "stats", "--db", history_file, "--player", "Greedy 1", "--json")
    assert json.loads(out)["games"] == 0
    code, out, _ = run(capsys, "history", "stats", "--db", history_file, "--player", "Greedy 1", "--json",
                       "--games", "simulated")
    assert json.loads(out)["games"] == 2 and json.loads(out)["wins"] == 1


def test_export_for_bg_stats(capsys, history_file, tmp_path):
    target = tmp_path / "plays.json"
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--format", "bgstats", "--out", target)
    assert code == 0 and out == "" and f"exported 5 matches to {target} (bgstats)" in err
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["games"][0]["bggId"] == BGG_ID and len(doc["plays"]) == 5   # people's finished games
    names = {p["id"]: p["name"] for p in doc["players"]}
    assert names[doc["userInfo"]["meRefId"]] == "Ann"   # the person with most games owns the app
    assert sorted(p.name for p in tmp_path.iterdir() if "plays" in p.name) == ["plays.json"]   # no temporary file
    code, out, _ = run(capsys, "history", "export", "--db", history_file, "--format", "bgstats", "--player", "Bob")
    doc = json.loads(out)
    assert code == 0 and len(doc["plays"]) == 3 and {p["id"]: p["name"] for p in doc["players"]}[
        doc["userInfo"]["meRefId"]] == "Bob"


def test_a_failed_export_leaves_no_file_and_touches_none_of_the_players(capsys, history_file, tmp_path, monkeypatch):
    def broken(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(repo, "export_matches", broken)
    target, theirs = tmp_path / "plays.json", tmp_path / "plays.json.part"   # (once the temporary name)
    theirs.write_text("mine")
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--format", "bgstats", "--out", target)
    assert code == 2 and err == f"ascension: error: cannot write {target}: the disk is full\n"
    assert sorted(p.name for p in tmp_path.iterdir() if "plays" in p.name) == ["plays.json.part"]
    assert theirs.read_text() == "mine"


def test_export_json_writes_json(capsys, history_file):
    """--json, which every history command takes, was ignored by export: CSV came out."""
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--json")
    assert code == 0 and isinstance(json.loads(out), list)


def test_an_export_read_by_a_program_that_stops_early_ends_quietly(history_file):
    """`history export | head -1` said "ascension: error: Broken pipe" and exited 2."""
    import subprocess
    import sys
    run_ = subprocess.run(f'"{sys.executable}" -m ascension.ui.cli history export --db "{history_file}" | head -c 5',
                          shell=True, capture_output=True, text=True, timeout=60)
    assert run_.stdout == "match" and run_.stderr == ""


def test_export_writes_over_a_file_only_with_replace(capsys, history_file, tmp_path):
    target = tmp_path / "notes.csv"
    target.write_text("my own notes")
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", target)
    assert code == 2 and err == f"ascension: error: {target} already exists; pass --replace to write over it\n"
    assert target.read_text() == "my own notes"
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", target, "--replace")
    assert code == 0 and target.read_text().startswith("match_id,")


def test_an_export_is_readable_as_any_new_file_and_one_written_over_keeps_its_permissions(
        capsys, history_file, tmp_path):
    """An export is made to be shared: it was created 0600 (the temporary file's), readable by
    its owner alone whatever the umask; a file written over kept none of its own permissions."""
    import os
    import stat
    mask = os.umask(0o022)
    try:
        target = tmp_path / "games.csv"
        assert run(capsys, "history", "export", "--db", history_file, "--out", target)[0] == 0
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        target.chmod(0o640)   # the player's own choice: kept when the export is written again
        assert run(capsys, "history", "export", "--db", history_file, "--out", target, "--replace")[0] == 0
        assert stat.S_IMODE(target.stat().st_mode) == 0o640
        os.umask(0o077)   # a private umask: the new file is private
        private = tmp_path / "private.csv"
        assert run(capsys, "history", "export", "--db", history_file, "--out", private)[0] == 0
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    finally:
        os.umask(mask)


def test_an_export_never_writes_over_a_history_even_with_replace(capsys, history_file, tmp_path):
    """`history export --out history.sqlite3 --replace` (a slip of the shell's completion) wrote
    the CSV over the history itself: every game gone, the next start found it damaged."""
    before = history_file.read_bytes()
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", history_file, "--replace")
    assert code == 2 and err == (f"ascension: error: {history_file} is a database (a history?); an export never "
                                 "writes over one\n")
    assert history_file.read_bytes() == before and listed(capsys, history_file, "--status", "all")["matches"]


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_an_export_never_writes_over_the_files_sqlite_keeps_beside_a_history(capsys, history_file, suffix):
    """`--out history.sqlite3-wal --replace` was written, and SQLite then deleted it as the history
    closed (the export gone); with another of our programs holding the history, every program
    failed on it with a disk I/O error, and a kill would have lost the games in that log."""
    companion = history_file.with_name(history_file.name + suffix)
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", companion, "--replace")
    assert code == 2 and err == (f"ascension: error: {companion} belongs to the database {history_file} (a "
                                 "history?); an export never writes over one\n")
    assert not companion.exists() and listed(capsys, history_file, "--status", "all")["matches"]


@pytest.mark.parametrize("name", ["terminal-autosave.json", "autosave.json", "saves/monday.json"])
def test_an_export_never_writes_over_a_game_in_the_programs_data_folder(capsys, history_file, name):
    """`--out <data>/terminal-autosave.json --replace` wrote the export over the game in progress:
    the next `play` set it aside as damaged and started another."""
    from ascension.core.folders import data_dir
    game = data_dir() / name
    game.parent.mkdir(parents=True, exist_ok=True)
    game.write_text('{"format": 1}')
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", game, "--replace")
    assert code == 2 and err.startswith(f"ascension: error: {game} is in the program's own data folder ")
    assert game.read_text() == '{"format": 1}'


def test_an_export_to_an_empty_name_is_one_plain_line(capsys, history_file):
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", "")
    assert code == 2 and err == "ascension: error: --out names no file; name one, or - for the screen\n"


@pytest.mark.parametrize("bound", ["--until=9999-12-31", "--since=0001-01-01", "--until=0001-01-01T00:00",
                                   "--until=9999-12-31T23:59"])
def test_a_bound_at_the_very_end_of_the_calendar_is_one_plain_line(capsys, history_file, bound):
    """It was a four-line pydantic error with a link, or "invalid _until value"."""
    with pytest.raises(SystemExit) as stopped:   # (as argparse refuses an argument)
        run(capsys, "history", "list", "--db", history_file, bound)
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.splitlines()[-1].endswith("is at the very end of the calendar: no game is dated there; "
                                                       "leave the bound out for all games")
    assert "pydantic" not in err and "_until" not in err


@pytest.mark.parametrize("where", ["folder", "missing-folder"])
def test_export_to_where_no_file_can_be_written_says_so_plainly(capsys, history_file, tmp_path, where):
    target = tmp_path if where == "folder" else tmp_path / "missing" / "x.csv"
    code, out, err = run(capsys, "history", "export", "--db", history_file, "--out", target, "--replace")
    assert code == 2 and err.startswith(f"ascension: error: cannot write {target}: ") and err.count("\n") == 1
    assert ".tmp" not in err and not list(tmp_path.rglob("*.tmp"))


def test_the_command_line_offers_every_export_format_the_history_writes():
    assert cli_history.EXPORT_FORMATS == repo.EXPORT_FORMATS


def test_since_and_until_with_a_time_are_local_time_as_the_list_shows_and_until_takes_its_whole_minute(
        capsys, tmp_path, monkeypatch):
    """A time was read as UTC while the list shows local time (in Los Angeles a game shown at
    12:14 was not found by --until 12:30), and --until 20:14 left out a game begun at 20:14:31."""
    import time
    from datetime import datetime
    monkeypatch.setenv("TZ", "America/Los_Angeles")
    time.tzset()
    try:
        db = tmp_path / "h.sqlite3"
        h = open_history(db)
        with h.session() as s:   # begun 20:14:31 UTC: 12:14:31 in Los Angeles in December
            repo.record_game(s, make_record(0, started=datetime(2026, 12, 3, 20, 14, 31)))
        h.close()
        assert len(listed(capsys, db, "--until", "2026-12-03T12:14")["matches"]) == 1
        assert len(listed(capsys, db, "--until", "2026-12-03T12:13")["matches"]) == 0
        assert len(listed(capsys, db, "--since", "2026-12-03T12:14")["matches"]) == 1
        assert len(listed(capsys, db, "--since", "2026-12-03T12:15")["matches"]) == 0
        assert len(listed(capsys, db, "--until", "2026-12-03T20:14:30+00:00")["matches"]) == 0   # a zone: as it says
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_player_named_in_another_case_is_pointed_to(capsys, history_file):
    """`history stats --player ann` showed 0 games and nothing else: as if Ann's games were gone."""
    for command in ("list", "stats"):
        code, out, err = run(capsys, "history", command, "--db", history_file, "--player", "ann")
        assert code == 0 and err == "ascension: no recorded game has a player named 'ann'; names are matched " \
                                    "exactly: 'Ann'?\n", (command, err)
    code, out, err = run(capsys, "history", "stats", "--db", history_file, "--player", "Zed")
    assert code == 0 and err == ""   # no one like it: the empty statistics say it


def test_what_a_killed_export_left_beside_its_file_is_removed_by_the_next_one(capsys, history_file, tmp_path):
    """Killed before its final rename, an export left `plays.csv<random>.tmp` (a whole export) beside
    the file asked for, and nothing outside the program's own folders ever removed it."""
    import os
    import time
    target = tmp_path / "plays.csv"
    left = tmp_path / "plays.csvc6pqoo1z.tmp"
    left.write_text("a killed export")
    an_hour_ago = time.time() - 3600
    os.utime(left, (an_hour_ago, an_hour_ago))
    writing = tmp_path / "plays.csvabcdefgh.tmp"   # a moment old: another export under way, left alone
    writing.write_text("being written")
    assert run(capsys, "history", "export", "--db", history_file, "--out", target)[0] == 0
    assert target.exists() and not left.exists() and writing.exists()
