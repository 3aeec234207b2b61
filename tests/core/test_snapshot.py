"""Plain-data state: clone, save/restore byte-equal at every decision, exact replay."""
import json

import pytest

from ascension.core import rng
from ascension.core.bots import make_bot
from ascension.core.engine import GameOver, InvalidAnswer
from ascension.core.match import SaveFileError, SaveNotUsableNow, load, new_game, replay, save


def _play(game, bots, every=None):
    agents = [make_bot(b, game.ctx.defs, game.seed, i) for i, b in enumerate(bots)]
    while not game.over:
        dec = game.decision()
        if every:
            every(game)
        game.apply(agents[dec.seat].choose(game.view(dec.seat), dec))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_save_restore_is_byte_equal_at_every_decision(seed):
    decisions = {"mid_effect": 0}

    def roundtrip(game):
        text = save(game)
        restored = load(text)
        assert save(restored) == text
        assert restored.decision() == game.decision()
        if game.decision().kind != "action":
            decisions["mid_effect"] += 1

    _play(new_game(["10th"], ["A", "B"], seed=seed), ["greedy", "random"], every=roundtrip)
    assert decisions["mid_effect"] > 0, "the games should include choices inside card effects"


@pytest.mark.parametrize("sets, seats, variants", [
    (["10th", "rotf"], 3, []),                          # Fate
    (["legends", "cotg"], 2, ["legendary"]),            # Renown, Boons, Legendary status
    (["10th", "legends"], 4, ["teams", "legendary"]),   # gifts, shared honor
    (["cotg", "legends"], 1, ["cult"]),                 # the Cult's cards and Renown
    (["rotf"], 1, ["samael"]),                          # Samael's cards and honor
], ids=["fate", "legendary", "teams", "cult", "samael"])
def test_every_plugins_state_saves_and_restores_at_every_decision(sets, seats, variants):
    """Plugins keep their state in the game too: a restored game is byte-equal and goes on
    exactly like the original, answer after answer."""
    game = new_game(sets, [f"P{i}" for i in range(seats)], variants, seed=1)
    agents = [make_bot("random" if i % 2 else "medium", game.ctx.defs, 1, i) for i in range(seats)]
    restored = load(save(game))
    while not game.over:
        text = save(game)
        assert save(restored) == text and restored.decision() == game.decision()
        restored = load(text)
        dec = game.decision()
        answer = agents[dec.seat].choose(game.view(dec.seat), dec)
        game.apply(answer)
        restored.apply(answer)
    assert save(restored) == save(game)
    assert replay(game.ctx.setup, game.answers).scores() == game.scores()


def test_restored_game_continues_exactly_like_the_original():
    game = new_game(["10th"], ["A", "B"], seed=99)
    for _ in range(40):
        game.apply(0 if game.decision().kind != "action" else len(game.decision().options) - 1
                   if game.turn > 6 else 0)
    copy = load(save(game))
    _play(game, ["greedy", "greedy"])
    _play(copy, ["greedy", "greedy"])
    assert save(copy) == save(game)
    assert copy.scores() == game.scores()


def test_a_save_from_before_questions_named_their_asker_still_answers_the_top_effect():
    from ascension.core.scenario import arrange, script
    game = arrange(new_game(["10th"], ["A", "B"], seed=5), 0, hand=["Seer of the Forked Path"])
    script(game, ["Play Seer of the Forked Path"], finish=False)   # "banish a card from the center row"
    assert game.decision().kind == "choose_card"
    old = json.loads(save(game))
    del old["state"]["pending"]["asker"]                          # as saves were written before
    restored = load(json.dumps(old))
    assert restored.decision() == game.decision()
    restored.apply(0)
    game.apply(0)
    assert save(restored) == save(game)


def test_clone_is_independent_of_the_original(game2):
    clone = game2.clone()
    clone.apply(0)  # play a card in the clone only
    assert len(game2.players[0].hand) == 5
    assert len(clone.players[0].hand) == 4
    assert save(game2) != save(clone)
    assert save(game2.clone()) == save(game2)


def test_same_seed_gives_the_same_log_and_result():
    logs = []
    for _ in range(2):
        g = _play(new_game(["10th"], ["A", "B"], seed=7), ["greedy", "greedy"])
        logs.append(([g.text(e) for e in g.log], g.scores()))
    assert logs[0] == logs[1]
    other = _play(new_game(["10th"], ["A", "B"], seed=8), ["greedy", "greedy"])
    assert [other.text(e) for e in other.log] != logs[0][0]


def test_seed_and_answers_replay_the_game_exactly():
    g = _play(new_game(["10th"], ["A", "B"], seed=3), ["random", "greedy"])
    again = replay(g.ctx.setup, g.answers)
    assert again.over and save(again) == save(g)


def test_a_seed_is_always_recorded():
    g = new_game(["10th"], ["A", "B"])
    assert isinstance(g.ctx.setup["seed"], int)
    assert isinstance(g.seed, int)


def test_bad_answer_is_refused_and_changes_nothing(game2):
    before = save(game2)
    n = len(game2.decision().options)
    for bad in (-1, n, 2.0, "0", True, None):
        with pytest.raises(InvalidAnswer, match="not an option"):
            game2.apply(bad)
    assert save(game2) == before
    assert game2.answers == []


def test_answering_a_finished_game_is_refused():
    g = _play(new_game(["10th"], ["A", "B"], seed=1), ["greedy", "greedy"])
    with pytest.raises(GameOver):
        g.apply(0)


def test_broken_save_is_refused_with_a_message(game2):
    text = save(game2)
    with pytest.raises(SaveFileError, match="not a valid saved game"):
        load(text[: len(text) // 2], source="half.json")
    d = json.loads(text)
    d["state"]["players"][0]["hand"].append(d["state"]["center_deck"][0])  # a card in two places
    with pytest.raises(SaveFileError, match="cards not conserved"):
        load(json.dumps(d))
    d = json.loads(text)
    d["format"] = 0
    with pytest.raises(SaveFileError, match="unsupported save format"):
        load(json.dumps(d))
    d["format"] = 99   # a newer version's: kept for it, not damaged
    with pytest.raises(SaveNotUsableNow, match="written by a newer version of Ascension Table"):
        load(json.dumps(d))


def test_view_hides_other_hands_and_deck_order(game2):
    view = game2.view(0)
    assert view.hand == game2.players[0].hand
    assert view.players[1].hand == 5 and view.players[0].deck == 5
    assert isinstance(view.center_deck, int)
    assert not hasattr(view.players[1], "deck_cards")
    public = [view.center_row, view.void, *(p.discard + p.played + p.constructs for p in view.players)]
    for c in game2.players[1].hand:  # the opponent's hand appears nowhere in the view
        assert all(c not in zone for zone in public) and c not in view.hand


def test_sampled_worlds_do_not_depend_on_hidden_information(game2):
    other = game2.clone()
    # Swap the opponent's hand with part of their deck and reverse the center deck: hidden changes.
    p = other.players[1]
    p.hand, p.deck = p.deck[:5], p.deck[5:] + p.hand
    other.center_deck.reverse()
    a, b = game2.view(0).sample(77), other.view(0).sample(77)
    assert save(a) == save(b)
    assert sorted(a.players[1].hand + a.players[1].deck) == sorted(game2.players[1].hand + game2.players[1].deck)


def test_rng_is_stable_across_runs():
    state, draws = 12345, []
    for _ in range(3):
        state, x = rng.below(state, 1000)
        draws.append(x)
    assert draws == [rng.below(12345, 1000)[1], draws[1], draws[2]]
    items = list(range(10))
    rng.shuffle(42, items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_a_save_of_format_1_from_before_heroes_that_left_play_were_kept_loads_as_it_was():
    """Format 2 keeps each seat's heroes that left play this turn (``left_play``); a format 1 save
    has none and loads, and saves again in format 2."""
    game = new_game(["10th"], ["A", "B"], seed=3)
    old = json.loads(save(game))
    assert old["format"] == 2
    old["format"] = 1
    for player in old["state"]["players"]:
        del player["left_play"]
    restored = load(json.dumps(old))
    assert restored.decision() == game.decision() and save(restored) == save(game)
    newer = {**old, "format": 3}
    with pytest.raises(SaveNotUsableNow, match="newer version"):
        load(json.dumps(newer))
