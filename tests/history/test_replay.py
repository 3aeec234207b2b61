"""Stepping through a recorded game, Qt-free: the honor race drawn from it."""
import json

from ascension.core.match import replay
from ascension.core.sim import play_game
from ascension.ui.history.replay import ReplaySteps


def totals_at_each_turn_end(setup, answers):
    """Straight from the engine: the totals whenever the turn counter moves on, and at the end."""
    game, rows = replay(setup, []), []
    for a in answers:
        turn = game.turn
        game.apply(a)
        if game.turn != turn or game.over:
            rows.append([r["total"] for r in game.scores()])
    return rows


def test_the_honor_race_has_every_players_total_at_the_end_of_each_turn():
    rec = play_game(["10th"], ["greedy", "medium"], seed=9, keep_record=True).record
    names, rows = ReplaySteps(rec["setup"], rec["answers"]).honor_by_turn()
    assert names == [s["name"] for s in rec["scores"]]
    assert rows == totals_at_each_turn_end(rec["setup"], rec["answers"])
    assert len(rows) == replay(rec["setup"], rec["answers"]).turn
    assert rows[-1] == [s["total"] for s in rec["scores"]]     # the race ends at the final score
    assert rows[0] != rows[-1]


def test_the_solo_villain_runs_in_the_race_and_an_unfinished_turn_has_no_row():
    rec = play_game(["10th"], ["greedy"], seed=3, variants=["samael"], keep_record=True).record
    names, rows = ReplaySteps(rec["setup"], rec["answers"]).honor_by_turn()
    assert len(names) == 2 and names[1] == rec["scores"][1]["name"]   # the player, then Samael
    steps = ReplaySteps(rec["setup"], rec["answers"][:40])
    assert not steps.over
    _, partial = steps.honor_by_turn()
    game = replay(rec["setup"], rec["answers"][:40])
    assert len(partial) == game.turn - 1 and partial == rows[:len(partial)]


def test_the_race_story_says_who_led_how_often_it_changed_and_the_largest_lead():
    from ascension.ui.history.replay import race_story
    rows = [[3, 0], [3, 3], [5, 8], [9, 8], [20, 8], [20, 25]]
    assert race_story(["Ann", "Bob"], rows) == (
        "Ann led for 3 of 6 turns, Bob for 2; the lead changed hands 3 times. "
        "Largest lead: Ann, 12 honor after turn 5.")
    assert race_story(["Ann", "Bob"], [[1, 0], [4, 2]]) == (
        "Ann led for 2 of 2 turns; the lead never changed hands. Largest lead: Ann, 2 honor after turn 2.")
    assert race_story(["Ann", "Bob"], [[0, 0]]) == "No one was ever ahead at the end of a turn."
    assert race_story(["Ann"], [[5]]) == "" and race_story(["Ann", "Bob"], []) == ""


def test_a_game_played_with_other_plugin_versions_says_so_in_the_viewer_and_in_history_show(tmp_path, capsys):
    from ascension.ui.cli import main
    from ascension.ui.history import open_history
    from ascension.ui.history.repo import record_game
    rec = play_game(["10th"], ["greedy", "medium"], seed=9, keep_record=True).record
    same = ReplaySteps(rec["setup"], rec["answers"])
    assert same.differences == [] and same.error is None
    same_setup = json.loads(json.dumps(rec["setup"]))
    rec["setup"]["plugins"]["base"] = "0.0.1"
    steps = ReplaySteps(rec["setup"], rec["answers"])
    assert steps.differences and "was version 0.0.1" in steps.differences[0]
    from ascension.ui.history.recording import simulated_records   # the record as simulate stores it
    (stored,) = simulated_records([{**rec, "setup": same_setup}])
    stored.setup["plugins"]["base"] = "0.0.1"
    history = open_history(tmp_path / "h.sqlite3")
    with history.session() as s:
        match_id = record_game(s, stored)
    history.close()
    assert main(["history", "show", str(match_id), "--db", str(tmp_path / "h.sqlite3")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "played with other plugins (plugin 'base' was version 0.0.1" in out


def test_a_team_games_honor_race_is_run_by_the_teams_each_with_its_seats_honor_summed():
    rec = play_game(["10th"], ["greedy"] * 4, seed=5, variants=["teams"], keep_record=True).record
    game = replay(rec["setup"], rec["answers"])
    teams = game.teams()
    names, rows = ReplaySteps(rec["setup"], rec["answers"]).honor_by_turn()
    assert names == ["Team " + " & ".join(game.seat_name(s) for s in team) for team in teams]
    per_seat = totals_at_each_turn_end(rec["setup"], rec["answers"])
    assert rows == [[sum(totals[s] for s in team) for team in teams] for totals in per_seat]
    winners = next(k for k, team in enumerate(teams) if sorted(team) == game.winners())
    assert rows[-1][winners] == max(rows[-1])   # the race ends with the winning team ahead (or level)
