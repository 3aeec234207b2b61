"""The expert tier: registered, repeatable, answers every kind of decision in every set mix and
variant, spends its budget where the choice is close, and explains its moves in words that go
through the translation layer."""
from __future__ import annotations

import re

from ascension.core import i18n, rng
from ascension.core.bots import bot_kinds, make_bot
from ascension.core.match import new_game
from ascension.plugins.bots.expert import ExpertBot
from ascension.plugins.bots.tiers import HardBot

SMALL = {"budget": 16, "depth": 1, "endgame": 0.0}   # a few ms per decision

MIXES = [  # (sets, players, variants): every set and every variant at least once
    (["10th"], 2, []),
    (["10th", "legends"], 2, ["legendary"]),
    (["cotg", "rotf"], 3, []),
    (["10th"], 4, ["teams"]),
    (["rotf"], 1, ["samael"]),
    (["legends"], 1, ["cult"]),
]


def play(sets, players, variants, seed, budget=SMALL, turns=None):
    """A game with an expert in every seat: its answers, and each decision's kind and reason."""
    game = new_game(sets, [f"P{i + 1}" for i in range(players)], variants, seed=seed)
    bots = [make_bot("expert", game.ctx.defs, seed, s, **budget) for s in range(players)]
    answers, seen = [], []
    while not game.over and (turns is None or game.turn <= turns):
        dec = game.decision()
        bot = bots[dec.seat]
        i = bot.choose(game.view(dec.seat), dec)
        assert 0 <= i < len(dec.options)
        answers.append(i)
        seen.append((dec.kind, bot.describe(dec.options[i], dec.intent), bot.explain()))
        game.apply(i)
    return game, answers, seen, bots


def test_the_expert_is_a_bot_kind_the_menus_offer():
    kind = bot_kinds()["expert"]
    assert kind.factory is ExpertBot and kind.same_as is None and kind.summary
    bot = make_bot("expert", new_game(seed=1).ctx.defs, 1, 0)
    assert isinstance(bot, HardBot) and bot.budget == ExpertBot.DEFAULT_BUDGET
    assert ExpertBot.DEFAULT_TIME is None     # a budget of rollouts, never seconds


def test_the_same_seed_gives_the_same_game():
    first = play(["10th"], 2, [], seed=21, turns=8)[1]
    assert first == play(["10th"], 2, [], seed=21, turns=8)[1]
    assert first != play(["10th"], 2, [], seed=22, turns=8)[1]


def test_what_it_may_not_see_does_not_change_its_decisions():
    """Opponents' hands and every deck's order reshuffled: the same answers (it searches worlds
    dealt from its view, never the real one)."""
    game = new_game(["10th"], ["A", "B"], seed=12)
    medium = [make_bot("medium", game.ctx.defs, 12, s) for s in range(2)]
    checked = changed = 0
    while not game.over and checked < 8:
        dec = game.decision()
        if len(dec.options) > 2 and game.turn > 2:
            other = game.clone()
            state = rng.derive(len(game.answers), "hidden")
            for p in other.players:
                pool = p.hand + p.deck if p is not other.players[dec.seat] else p.deck
                state = rng.shuffle(state, pool)
                if p is not other.players[dec.seat]:
                    p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
                else:
                    p.deck = pool
            state = rng.shuffle(state, other.center_deck)
            other.rng = state ^ 0xABCDEF
            opp = 1 - dec.seat
            changed += sorted(other.players[opp].hand) != sorted(game.players[opp].hand)
            answers = [make_bot("expert", g.ctx.defs, 9, dec.seat, **SMALL).choose(g.view(dec.seat), g.decision())
                       for g in (game, other)]
            assert answers[0] == answers[1], f"turn {game.turn}: hidden information changed the decision"
            checked += 1
        game.apply(medium[dec.seat].choose(game.view(dec.seat), dec))
    assert checked == 8 and changed >= 4   # the test really hid something else


def test_a_busy_machine_does_not_change_its_answers(monkeypatch):
    calm = play(["10th"], 2, [], seed=5, turns=6)[1]
    clock = iter(range(10 ** 6))
    monkeypatch.setattr("time.perf_counter", lambda: float(next(clock)) * 10)   # every call 10 s later
    assert play(["10th"], 2, [], seed=5, turns=6)[1] == calm


def test_it_finishes_games_of_every_mix_answering_every_kind_of_decision():
    kinds = set()
    for sets, players, variants in MIXES:
        game, answers, seen, bots = play(sets, players, variants, seed=3)
        assert game.over, (sets, variants)
        assert all(why for __, __, why in seen), (sets, variants)
        assert any(b.stats for b in bots), (sets, variants)    # it searched
        kinds |= {kind for kind, __, __ in seen}
    assert kinds == {"action", "choose_card", "choose_one", "yes_no"}


def test_it_answers_effect_choices_on_its_own_turn_by_search():
    """Which card to banish, discard or take is searched too, not only what to buy."""
    __, __, seen, bots = play(["10th"], 2, [], seed=8)
    searched = [why for kind, __, why in seen if kind != "action" and "imagined" in why]
    assert searched


def test_a_clear_choice_stops_early_and_a_close_one_uses_the_budget():
    __, __, __, bots = play(["10th"], 2, [], seed=4, budget={"budget": 120, "depth": 1, "endgame": 0.0})
    spent = [s["rollouts"] for b in bots for s in b.stats]
    assert max(spent) <= 120
    assert min(spent) < 60 and max(spent) > 100


def test_its_reason_names_the_move_and_goes_through_the_translation_layer():
    __, __, seen, __ = play(["10th"], 2, [], seed=6, turns=6)
    searched = [(move, why) for __, move, why in seen if "imagined" in why]
    assert searched and all(why.startswith(f"{move}: it ") for move, why in searched)
    i18n.set_language("qps")
    try:
        __, __, seen, __ = play(["10th"], 2, [], seed=6, turns=6)
    finally:
        i18n.set_language("en")
    for __, __, why in seen:
        text = why
        while True:   # take away the translated pieces, innermost first: no word may be left
            shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
            if shorter == text:
                break
            text = shorter
        assert not re.search(r"[A-Za-z]{2}", re.sub(r"\[.*\]", "", text)), why
    assert any("⟦it " in why for __, __, why in seen)
