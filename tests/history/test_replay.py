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
