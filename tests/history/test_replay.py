"""Stepping through a recorded game, Qt-free: the honor race drawn from it."""
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
