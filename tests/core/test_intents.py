"""A decision says what it means: every question and option carries its meaning as data, and
its words come from one swappable wording layer."""
from __future__ import annotations

import json

import pytest

from ascension.core import wording
from ascension.core.bots import make_bot
from ascension.core.match import load, new_game, save
from ascension.core.scenario import arrange, labels, script

VERBS = {"action", "banish", "discard", "destroy", "keep", "acquire", "defeat", "take", "repeat", "to_hand",
         "to_deck_top", "into_play", "may", "choose_effect", "penalty", "name_card", "take_honor", "renown"}
MIXES = [(["10th"], []), (["cotg"], []), (["rotf", "10th"], []), (["legends"], ["legendary"]),
         (["cotg", "rotf"], ["legendary"]), (["legends"], ["cult"])]


def decisions(sets, variants, seed, answers=400):
    """Every decision of the first ``answers`` of a seeded game between random bots (they reach
    the rarer questions), with its game."""
    game = new_game(sets, ["Ann", "Bo"] if "cult" not in variants else ["Ann"], variants, seed=seed)
    bots = [make_bot("random", game.ctx.defs, seed, i) for i in range(len(game.players))]
    while not game.over and len(game.answers) < answers:
        dec = game.decision()
        yield game, dec
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))


def test_every_decision_and_option_says_what_it_means():
    seen = set()
    for k, (sets, variants) in enumerate(MIXES * 3):
        for game, dec in decisions(sets, variants, 300 + k):
            intent = dec.intent
            assert intent["verb"] in VERBS, f"{dec.prompt!r}: unknown intent {intent}"
            assert json.loads(json.dumps(dict(intent))) == intent   # plain data, saved as it is
            assert (dec.kind == "action") == (intent["verb"] == "action")
            assert dec.prompt == wording.render_prompt(game, intent)
            if dec.kind != "action":   # the effect that asks is named
                frame = game.stack[game._asker(game.pending)]
                assert intent["effect"] == game.ctx.by_id[frame.defn].effects[frame.key][frame.pc - 1].verb.name
            for option in dec.options:
                assert game.label(option) != str(option), f"{option} has no words"
            seen.add(intent["verb"])
    assert len(seen) >= 12, seen


def test_the_wording_layer_is_swappable(monkeypatch):
    game = new_game(["10th"], ["Ann", "Bo"], seed=3)
    monkeypatch.setattr(wording, "render_prompt", lambda g, intent: f"<{intent['verb']}>")
    monkeypatch.setattr(wording, "render_label", lambda g, option, intent: f"[{option[0]}]")
    game.edited()
    dec = game.decision()
    assert dec.prompt == "<action>" and game.label(dec.options[-1]) == "[end]"


def choice_game():
    """Mechana Initiate played: "choose one: gain 1 rune, or gain 1 power", asked with its intent."""
    game = new_game(["cotg"], ["Ann", "Bo"], seed=7)
    arrange(game, 0, hand=["Mechana Initiate", "Apprentice"])
    script(game, ["Play Mechana Initiate"], finish=False)
    return game


def test_modes_are_data_and_read_as_their_card_text():
    game = choice_game()
    dec = game.decision()
    assert dec.options == (("mode", 0), ("mode", 1))
    assert dec.intent["verb"] == "choose_effect" and game.name_of(dec.intent["card"]) == "Mechana Initiate"
    assert (dec.prompt, labels(game)) == ("Choose one", ["Gain 1 rune.", "Gain 1 power."])


def test_a_save_in_the_middle_of_a_choice_keeps_its_intent_byte_equal():
    game = choice_game()
    text = save(game)
    again = load(text)
    assert save(again) == text
    assert again.decision() == game.decision()
    assert json.loads(text)["state"]["pending"]["intent"]["verb"] == "choose_effect"


def old_save(game) -> str:
    """``game`` saved as before intents: the pending question in words, modes with their text."""
    d = json.loads(save(game))
    pending = d["state"]["pending"]
    del pending["intent"]
    pending["prompt"] = "Choose one"
    pending["options"] = [["mode", 0, "Gain 1 rune."], ["mode", 1, "Gain 1 power."]]
    return json.dumps(d)


@pytest.mark.parametrize("tier", ["random", "easy", "medium", "hard"])
def test_a_game_saved_before_intents_loads_shows_its_words_and_plays_on(tier):
    game = load(old_save(choice_game()))
    dec = game.decision()
    assert (dec.prompt, labels(game)) == ("Choose one", ["Gain 1 rune.", "Gain 1 power."])
    assert dec.intent == {"verb": "unknown", "text": "Choose one"}
    answer = make_bot(tier, game.ctx.defs, 1, 0, budget=8, depth=1).choose(game.view(0), dec)
    game.apply(answer)
    assert (game.players[0].runes, game.players[0].power) == [(1, 0), (0, 1)][answer]
    resaved = json.loads(save(load(old_save(choice_game()))))["state"]["pending"]
    assert "prompt" not in resaved and resaved["intent"]["verb"] == "unknown"   # saved in today's shape
