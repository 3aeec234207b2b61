"""Recording from the command line and the terminal game; ``ascension history list|stats|export|show``.
Run against an SQLite file and a PostgreSQL server (the same tests)."""
import csv
import io
import json
import re

import pytest

from ascension.core.session import Seat, Session
from ascension.ui import terminal
from ascension.ui.cli import main
from ascension.ui.history import open_history, repo
from ascension.ui.history.recording import close_all, history_for, record_session
from ascension.ui.history.repo import MatchFilter

from history_helpers import make_record


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def scripted(answers):
    answers = list(answers)

    def input_fn(prompt):
        return answers.pop(0) if len(answers) > 1 else answers[0]
    return input_fn


def test_simulate_record_then_list_stats_export(capsys, persistent_db, tmp_path):
    code, out, err = run(capsys, "simulate", "--games", 3, "--seed", 7, "--bots", "greedy,random", "--json",
                         "--record", "--db", persistent_db)
    assert code == 0 and "recorded 3 games" in err
    summary = json.loads(out)
    db = ("--db", persistent_db, "--games", "simulated")   # bots' games: kept apart from people's
    assert json.loads(run(capsys, "history", "list", "--db", persistent_db, "--json")[1])["total"] == 0
    code, out, _ = run(capsys, "history", "list", *db, "--json", "--player", "Greedy 1")
    listed = json.loads(out)
    assert code == 0 and listed["total"] == 3 and len(listed["matches"]) == 3
    wins = sum(m["result"] == "win" for m in listed["matches"])
    assert wins == summary["wins_by_seat"][0]
    m = listed["matches"][0]
    assert [s["name"] for s in m["seats"]] == ["Greedy 1", "Random 2"] and m["seats"][1]["bot"] == "random"
    # filters as options
    code, out, _ = run(capsys, "history", "list", *db, "--json", "--player", "Greedy 1",
                       "--result", "win", "--opponent", "random", "--players", 2, "--sets", "10th")
    assert json.loads(out)["total"] == wins
    assert json.loads(run(capsys, "history", "list", *db, "--json", "--players", 3)[1])["total"] == 0
    assert run(capsys, "history", "list", *db, "--result", "win")[0] == 2   # whose win?
    code, out, _ = run(capsys, "history", "list", *db, "--player", "Greedy 1")
    assert code == 0 and "Matches 1-3 of 3" in out and "Random 2" in out
    # stats
    code, out, _ = run(capsys, "history", "stats", *db, "--player", "Greedy 1", "--json")
    st = json.loads(out)
    assert code == 0 and st["games"] == 3 and st["wins"] == wins and st["by_opponent"][0]["key"] == "random bot"
    assert st["top_acquired"] and len(st["trend"]) == 3
    code, out, _ = run(capsys, "history", "stats", *db, "--player", "Greedy 1")
    assert code == 0 and "Statistics for Greedy 1" in out and "Head to head" in out
    # export, read back
    target = tmp_path / "games.csv"
    code, _, err = run(capsys, "history", "export", *db, "--out", target)
    assert code == 0 and "exported 3 matches" in err
    rows = list(csv.DictReader(io.StringIO(target.read_text())))
    assert len(rows) == 6 and {r["name"] for r in rows} == {"Greedy 1", "Random 2"}
    code, out, _ = run(capsys, "history", "export", *db, "--format", "json", "--replay")
    data = json.loads(out)
    assert len(data) == 3 and all(d["answers"] and d["setup"]["seed"] == d["seed"] for d in data)
    # show
    code, out, _ = run(capsys, "history", "show", "--db", persistent_db, data[0]["id"], "--json")
    shown = json.loads(out)
    assert code == 0 and shown["answers"] == data[0]["answers"]
    race = shown["honor_by_turn"]   # replayed: each player's total at the end of every turn
    assert race["names"] == ["Greedy 1", "Random 2"] and len(race["totals"]) == shown["turns"]
    assert race["totals"][-1] == [s["total"] for s in sorted(shown["seats"], key=lambda s: s["seat"])]
    code, out, _ = run(capsys, "history", "show", "--db", persistent_db, data[0]["id"])
    assert code == 0 and "Honor by turn" in out and re.search(rf"\b{shown['turns']}\b", out)
    assert re.search(r"(led for \d+ of \d+ turns|No one was ever ahead)", out)
    assert run(capsys, "history", "show", "--db", persistent_db, 999999)[0] == 2


def test_stats_default_to_the_person_with_most_games(capsys, tmp_path):
    db = tmp_path / "h.sqlite3"
    h = open_history(db)
    with h.session() as s:
        for k in range(3):
            repo.record_game(s, make_record(k))
    code, out, _ = run(capsys, "history", "stats", "--db", db, "--json")
    assert code == 0 and json.loads(out)["player"] == "Ann"
    empty = tmp_path / "empty.sqlite3"
    assert run(capsys, "history", "stats", "--db", empty)[0] == 2


def test_history_commands_report_a_newer_schema_in_one_line(capsys, tmp_path):
    db = tmp_path / "h.sqlite3"
    open_history(db).close()
    import sqlite3
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE schema_version SET version = 99")
    code, out, err = run(capsys, "history", "list", "--db", db)
    assert code == 2 and out == "" and "newer version" in err and err.count("\n") == 1


def test_terminal_game_is_recorded(persistent_db, first_label):
    lines = []
    history = open_history(persistent_db)
    game = terminal.play(seed=3, bot="greedy", name="Ada", input_fn=first_label(lines), out=lines.append,
                         db=persistent_db)
    assert game.over and lines[-1].startswith("Game recorded in the history (match ")
    with history.session() as s:
        page = repo.list_matches(s)
        assert len(page) == 1
        d = repo.get_match(s, page[0].id)
    assert {x.name: x.kind for x in d.seats} == {"Ada": "human", "Greedy bot": "bot"}
    assert [x.total for x in sorted(d.seats, key=lambda x: x.seat)] == [r["total"] for r in game.scores()]
    assert d.answers == game.answers and d.ended_at >= d.started_at
    history.close()


def test_terminal_game_left_early_with_no_autosave_is_recorded_as_abandoned(persistent_db):
    lines = []
    game = terminal.play(seed=4, input_fn=scripted(["P", "q"]), out=lines.append, db=persistent_db)
    assert not game.over and "Abandoned game recorded" in lines[-1]
    history = open_history(persistent_db)
    with history.session() as s:
        assert repo.count_matches(s) == 0
        assert repo.count_matches(s, MatchFilter(status="abandoned")) == 1
    history.close()


def test_play_records_with_db_option(capsys, tmp_path, monkeypatch):
    db = tmp_path / "h.sqlite3"
    real = terminal.play   # the person's keystrokes come from a script, not from patching input()
    monkeypatch.setattr(terminal, "play", lambda **kw: real(input_fn=scripted(["P", "q"]), **kw))
    code, out, _ = run(capsys, "play", "--seed", 5, "--db", db)
    assert code == 0 and "It is saved: play again to resume it" in out and "recorded" not in out
    code, out, _ = run(capsys, "play", "--seed", 5, "--db", db, "--new")   # the saved game is given up
    assert code == 0 and "The saved game you did not resume is recorded in the history as abandoned" in out
    h = open_history(db)
    with h.session() as s:
        assert repo.count_matches(s, MatchFilter(status="abandoned")) == 1


def test_record_session_from_the_desktop(db):
    """The function the desktop calls when a game ends (or is left)."""
    s = Session.start(["10th"], [Seat("Ann"), Seat("Bot", "bot", "greedy")], seed=5)
    while not s.over:
        if s.waiting_for_bot():
            s.step_bot()
        else:
            dec = s.decision()
            s.answer(0 if dec.kind != "action" or s.game.turn <= 40 else len(dec.options) - 1)
    mid = record_session(s, db)
    left = Session.start(["10th"], [Seat("Ann"), Seat("Bot", "bot", "random")], seed=6)
    left.answer(0) if not left.waiting_for_bot() else left.step_bot()
    left_id = record_session(left, db)
    with history_for(db).session() as ss:   # the same (cached) history record_session wrote to
        d = repo.get_match(ss, mid)
        assert d.status == "finished" and [x.kind for x in d.seats] == ["human", "bot"] and d.seats[1].bot == "greedy"
        assert [x.winner for x in d.seats] == [i in s.game.winners() for i in range(2)]
        assert d.answers == s.game.answers
        a = repo.get_match(ss, left_id)
        assert a.status == "abandoned" and a.seats[1].bot == "random"
        st = repo.player_stats(ss, "Ann")
        assert st.games == 1 and st.abandoned == 1 and st.by_opponent[0].key == "greedy bot"


@pytest.mark.parametrize("argv, message", [
    (["history", "list", "--since", "yesterday"], "not a date"),
    (["history", "export", "--format", "xml"], "invalid choice"),
    (["history", "stats", "--status", "abandoned"], "unrecognized arguments"),   # statistics are of finished games
])
def test_bad_history_options_are_argparse_errors(capsys, tmp_path, argv, message):
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--db", str(tmp_path / "h.sqlite3")])
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_unknown_sort_is_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "history", "list", "--sort", "color", "--db", tmp_path / "h.sqlite3")
    assert code == 2 and out == "" and "unknown sort 'color'" in err and err.count("\n") == 1


def test_history_check(capsys, tmp_path):
    db = tmp_path / "h.sqlite3"
    h = open_history(db)
    with h.session() as s:
        repo.record_game(s, make_record())
    h.close()
    code, out, _ = run(capsys, "history", "check", "--db", db)
    assert code == 0 and out.strip().endswith(": ok")


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_a_history_in_memory_is_refused_on_the_command_line(capsys, url):
    """`simulate --db sqlite://` said "recorded 1 game in the history" of a database gone as the
    command ended."""
    for argv in (["simulate", "--games", "1", "--seed", "1", "--db", url], ["history", "list", "--db", url]):
        code = main(argv)
        err = capsys.readouterr().err
        assert code == 2 and "is in memory: it keeps no game once the command ends" in err, err


def test_a_history_setting_of_blanks_is_no_setting(monkeypatch, tmp_path):
    from ascension.ui.history.db import default_location, default_path
    monkeypatch.setenv("ASCENSION_HISTORY_DB", "   ")
    assert default_location() == default_path()


def test_an_export_with_replay_data_is_replayed_by_ascension_replay(capsys, tmp_path):
    """`history export --json --replay` said it was "for replay", and `ascension replay` refused
    the file ("the file holds no JSON object"). It replays every match; one whose recorded result
    the answers do not give is named."""
    db, out = tmp_path / "h.sqlite3", tmp_path / "games.json"
    try:
        assert main(["simulate", "--games", "3", "--seed", "4", "--record", "--db", str(db)]) == 0
        assert main(["history", "export", "--db", str(db), "--games", "all", "--json", "--replay", "--out",
                     str(out)]) == 0
    finally:
        close_all()
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: 3 matches replayed, each as the history recorded it\n"
    matches = json.loads(out.read_text())
    winner = next(s for s in matches[1]["seats"] if s["winner"])
    winner["total"] += 1   # a record the answers do not give
    out.write_text(json.dumps(matches))
    assert main(["replay", str(out)]) == 1
    said = capsys.readouterr().out
    assert said == (f"{out}: match {matches[1]['id']}: honor of seat {winner['seat']}: recorded {winner['total']}, "
                    f"replay gives {winner['total'] - 1}\n")


def test_a_legendary_games_renown_is_kept_shown_and_exported(capsys, tmp_path, monkeypatch):
    """The history has a Renown column, but every Legendary Track game went in without it."""
    monkeypatch.setenv("COLUMNS", "200")   # (the table's cells unwrapped)
    from ascension.core.match import replay
    from ascension.plugins.legendary.track import board
    db = tmp_path / "h.sqlite3"
    assert main(["simulate", "--games", "1", "--seed", "3", "--variants", "legendary", "--record", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["history", "export", "--games", "simulated", "--format", "json", "--replay", "--db", str(db)]) == 0
    (match,) = json.loads(capsys.readouterr().out)
    game = replay(match["setup"], match["answers"])
    at_the_end = board(game)["renown"]
    assert {s["seat"]: s["renown"] for s in match["seats"]} == at_the_end and any(any(r.values()) for r in at_the_end.values())
    assert main(["history", "show", str(match["id"]), "--db", str(db)]) == 0
    shown_ = capsys.readouterr().out
    first = at_the_end[0]
    assert "Renown" in shown_ and f"Enlightened {first['enlightened']}, Lifebound {first['lifebound']}" in shown_


def test_a_team_games_list_line_and_score_table_show_its_teams(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    db = tmp_path / "h.sqlite3"
    code, _, err = run(capsys, "simulate", "--games", 1, "--seed", 5, "--bots", "greedy,greedy,greedy,greedy",
                       "--variants", "teams", "--record", "--db", db)
    assert code == 0, err
    listed = json.loads(run(capsys, "history", "list", "--db", db, "--games", "simulated", "--json")[1])["matches"][0]
    sides: dict[int, list] = {}
    for s in listed["seats"]:
        sides.setdefault(s["team"], []).append(s)
    expected = [f"{' & '.join(s['name'] for s in side)}{'*' if side[0]['winner'] else ''} "
                f"{sum(s['total'] for s in side)}" for side in sides.values()]
    assert len(expected) == 2
    out = run(capsys, "history", "list", "--db", db, "--games", "simulated")[1]
    assert ", ".join(expected) in out   # each team once, its honor summed, the winning team starred
    out = run(capsys, "history", "show", "--db", db, listed["id"])[1]
    score = out[out.index("Score"):out.index("Honor by turn")]
    for s in listed["seats"]:
        assert re.search(rf"{s['name']}\s*│\s*{'AB'[s['team']]}\s*│", score)   # the seat's team, as the table letters it
    assert "Team " + " & ".join(s["name"] for s in sides[0]) in out   # the race is run by the teams
