"""Seeded bot games of Ascension Legends, of the 10 Year Anniversary set with the Legendary Track,
and of the Cult, with every invariant checked after every answer."""
import pytest

from ascension.core.match import new_game
from ascension.core.sim import play_game, simulate
from ascension.core.bots import make_bot


@pytest.mark.parametrize("sets, variants, bots", [
    (["legends"], [], ["greedy", "greedy"]),
    (["legends"], [], ["greedy", "random"]),
    (["legends"], [], ["random", "greedy", "random"]),
    (["legends"], [], ["greedy", "greedy", "greedy", "greedy"]),
    (["10th"], ["legendary"], ["greedy", "greedy"]),
    (["10th"], ["legendary"], ["random", "greedy", "random"]),
    (["legends", "10th"], [], ["greedy", "random"]),
])
def test_seeded_games_keep_every_invariant(sets, variants, bots):
    out = simulate(sets, bots, games=40, seed=2026, variants=variants, check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["capped_games"] == 0
    assert sum(out["wins_by_seat"]) == 40


@pytest.mark.parametrize("sets, variants", [(["legends"], ["cult"]), (["10th"], ["legendary", "cult"])])
def test_solo_games_against_the_cult_keep_every_invariant(sets, variants):
    out = simulate(sets, ["greedy"], games=40, seed=5, variants=variants, check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["capped_games"] == 0
    assert out["wins_by_seat"][0] + out.get("villain_wins", 0) == 40


def test_same_seed_same_results():
    a = simulate(["legends"], ["greedy", "random"], games=10, seed=11)
    b = simulate(["legends"], ["greedy", "random"], games=10, seed=11, jobs=2)
    for key in ("wins_by_seat", "mean_honor_by_seat", "mean_turns"):
        assert a[key] == b[key]


def test_the_greedy_bot_uses_boons_and_legendary_status():
    used = {"boon_used": 0, "legendary_used": 0, "boon_lost": 0}
    for seed in range(8):
        game = new_game(["legends"], ["A", "B"], seed=seed)
        bots = [make_bot("greedy", game.ctx.defs, seed, i) for i in range(2)]
        while not game.over:
            dec = game.decision()
            game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
            for e in game.log:
                if e.kind in used:
                    used[e.kind] += 1
            game.log.clear()
    assert used["boon_used"] > 20 and used["legendary_used"] > 0
    assert used["boon_lost"] == 0  # the greedy bot never lets a Boon lapse


def test_a_legends_game_record_replays():
    from ascension.core.sim import verify_record
    r = play_game(["legends"], ["greedy", "random"], seed=9, keep_record=True)
    assert verify_record(r.record)
