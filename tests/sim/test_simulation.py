"""Seeded bot games with invariants checked after every action."""
import pytest

from ascension.core.sim import play_game, simulate


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "greedy"], ["greedy", "random"],
                                  ["random", "greedy", "random"], ["greedy", "greedy", "greedy", "greedy"]])
def test_seeded_games_keep_every_invariant(bots):
    out = simulate(["10th"], bots, games=60, seed=2026, check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["capped_games"] == 0
    assert sum(out["wins_by_seat"]) == 60


def test_solo_games_against_samael_keep_every_invariant():
    out = simulate(["10th"], ["greedy"], games=60, seed=5, variants=["samael"], check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["wins_by_seat"][0] + out.get("villain_wins", 0) == 60


def test_same_seed_same_results_and_jobs_do_not_change_them():
    a = simulate(["10th"], ["greedy", "random"], games=12, seed=11)
    b = simulate(["10th"], ["greedy", "random"], games=12, seed=11, jobs=2)
    for key in ("wins_by_seat", "mean_honor_by_seat", "mean_turns"):
        assert a[key] == b[key]


def test_greedy_beats_random():
    out = simulate(["10th"], ["greedy", "random"], games=20, seed=3)
    assert out["wins_by_seat"][0] >= 18


def test_a_game_result_reports_the_winner_by_the_rules():
    r = play_game(["10th"], ["greedy", "greedy"], seed=4)
    best = max(s["total"] for s in r.scores)
    assert r.scores[r.winner]["total"] == best


def test_a_game_that_never_ends_is_reported_with_what_reproduces_it(monkeypatch):
    """A bot stuck repeating a move (no turn cap can catch it) fails with setup and answers."""
    from ascension.core import sim
    monkeypatch.setattr(sim, "MAX_ANSWERS", 30)
    with pytest.raises(sim.SimulationFailure, match=r"(?s)no end after 30 answers.*reproduce with: setup=.*answers=\["):
        play_game(["10th"], ["greedy", "greedy"], seed=4)


def test_mixed_sets_with_the_legendary_track_finish_every_game():
    """10th and CotG together (both have Twofold Askara) with the Legendary Track, medium and easy bots."""
    out = simulate(["10th", "cotg"], ["medium", "easy"], games=30, seed=1, variants=["legendary"], check=True)
    assert out["invariant_violations"] == 0 and out["capped_games"] == 0 and sum(out["wins_by_seat"]) == 30


def test_a_batch_leaves_the_garbage_collector_as_it_found_it():
    """The batch keeps the long-lived heap out of full collections while it runs, and only then:
    a caller's own frozen objects stay frozen, and nothing stays frozen or changed otherwise."""
    import gc
    assert gc.get_freeze_count() == 0
    before = gc.get_threshold()
    during = []
    simulate(["10th"], ["greedy", "greedy"], games=2, seed=1,
             on_result=lambda r: during.append((gc.get_freeze_count(), gc.get_threshold())))
    assert during and all(n > 0 and thresholds == before for n, thresholds in during)
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
    keep = [object()]   # noqa: F841  (something alive to freeze)
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        simulate(["10th"], ["greedy", "greedy"], games=2, seed=1)
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_what_finished_games_leave_in_cycles_is_still_collected_while_a_batch_runs():
    """The random bot keeps its explanation as a closure over itself and the last decision,
    which holds the game: a cycle only the collector frees. However long the batch, the games
    of finished games do not pile up."""
    import gc
    from ascension.core.engine import Game
    alive = []
    simulate(["10th"], ["random", "random"], games=40, seed=1,
             on_result=lambda r: alive.append(sum(type(o) is Game for o in gc.get_objects())))
    assert len(alive) == 40 and max(alive[20:]) <= 30, alive   # uncollected: 2 more a game, 80 at the end


def test_a_batch_without_card_statistics_plays_the_same_games():
    """``cards=False`` (the engine benchmark) skips only the analysis of the logs."""
    full = simulate(["10th"], ["greedy", "medium"], games=6, seed=3)
    lean = simulate(["10th"], ["greedy", "medium"], games=6, seed=3, cards=False)
    assert full["cards"] and lean["cards"] == {}
    assert {k: v for k, v in lean.items() if k not in ("cards", "seconds", "games_per_second")} == \
        {k: v for k, v in full.items() if k not in ("cards", "seconds", "games_per_second")}
