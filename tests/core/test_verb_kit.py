"""The verb kit (core/verbs.py): what many verbs do, written once, seen through the verbs that use
it: opponents asked in turn order, a forced choice made for the player, cards moved with their
log line, the affordability rule, and every verb's card text through the translation layer."""
from __future__ import annotations

import pytest

from ascension.core import i18n, plugins
from ascension.core.cards import builtin_set_paths, load_set_file
from ascension.core.match import new_game
from ascension.core.scenario import (arrange, arrange_center, empty_center_row, hand, script, set_resources, set_row,
                                     to_void)
from ascension.core.verbs import Verb, affordable, nested, pay


def fire_tyrant_table(hands: dict[int, list[str]]):
    """Four players (10th + Return of the Fallen), seat 0 to act with 6 power and Fire Tyrant
    ("each opponent discards a card") in the center row; ``hands`` sets the others' hands."""
    game = new_game(["10th", "rotf"], ["Ann", "Bob", "Cid", "Dee"], seed=0)
    assert game.pending is None and game.current == 0
    empty_center_row(game)
    game.center_deck.sort(key=lambda c: "fate" not in game.card(c).effects)   # no Fate on the refill
    set_row(game, ["Fire Tyrant"])
    set_resources(game, 0, power=6)
    for seat, cards in hands.items():
        arrange(game, seat, hand=cards)
    return game


def discards(game) -> list[tuple[int, str]]:
    return [(e.seat, game.name_of(e.card)) for e in game.log if e.kind == "discarded"]


def test_each_opponent_discards_in_turn_order_each_choosing_their_own_card():
    game = fire_tyrant_table({1: ["Apprentice", "Militia"], 2: ["Militia", "Apprentice"], 3: ["Apprentice", "Militia"]})
    script(game, ["Defeat Fire Tyrant", (1, "Militia (hand)"), (2, "Apprentice (hand)"), (3, "Militia (hand)")])
    assert discards(game) == [(1, "Militia"), (2, "Apprentice"), (3, "Militia")]
    assert hand(game, 1) == ["Apprentice"] and hand(game, 2) == ["Militia"] and hand(game, 3) == ["Apprentice"]


def test_an_opponent_with_one_card_type_is_not_asked_and_one_with_an_empty_hand_is_skipped():
    # Bob holds two Militia (one choice: discarded for him), Cid nothing, Dee chooses.
    game = fire_tyrant_table({1: ["Militia", "Militia"], 2: [], 3: ["Apprentice", "Militia"]})
    script(game, ["Defeat Fire Tyrant", (3, "Apprentice (hand)")])
    assert discards(game) == [(1, "Militia"), (3, "Apprentice")]
    assert hand(game, 1) == ["Militia"] and hand(game, 2) == []


def test_a_game_saved_in_the_middle_of_the_round_resumes_with_the_opponents_left():
    from ascension.core.match import load, save
    game = fire_tyrant_table({1: ["Apprentice", "Militia"], 2: ["Apprentice", "Militia"], 3: ["Apprentice", "Militia"]})
    script(game, ["Defeat Fire Tyrant", (1, "Apprentice (hand)")], finish=False)
    again = load(save(game))
    script(again, [(2, "Militia (hand)"), (3, "Apprentice (hand)")])
    assert discards(again)[-2:] == [(2, "Militia"), (3, "Apprentice")]
    assert hand(again, 1) == ["Militia"] and hand(again, 2) == ["Apprentice"] and hand(again, 3) == ["Militia"]


class Recorder:
    """A game that only records questions (what ``ask_or_auto`` decides to ask)."""

    def __init__(self):
        self.asked = []

    def ask(self, seat, kind, intent, options, data=None):
        self.asked.append((seat, kind, options, data))


class Frame:
    seat = 2


class Take(Verb):
    name = "take_for_test"

    def __init__(self):
        self.answers = []

    def answer(self, game, frame, p, option, data):
        self.answers.append(option)


@pytest.mark.parametrize("options, optional, asked, answered", [
    ([], False, [], []),                                               # nothing to choose: nothing happens
    ([], True, [], []),
    ([("card", 7, "hand")], False, [], [("card", 7, "hand")]),          # forced: taken for the player
    ([("card", 7, "hand")], True, [[("card", 7, "hand"), ("pass",)]], []),   # "you may": still asked
    ([("card", 7, "hand"), ("card", 8, "hand")], False, [[("card", 7, "hand"), ("card", 8, "hand")]], []),
])
def test_ask_or_auto_asks_only_a_real_choice(options, optional, asked, answered):
    game, verb = Recorder(), Take()
    verb.ask_or_auto(game, Frame(), None, {"verb": "test"}, options, optional=optional)
    assert [a[2] for a in game.asked] == asked and verb.answers == answered
    assert all(a[0] == 2 and a[3] == {} for a in game.asked)   # the effect's player, plain data


def test_mechana_only_runes_pay_for_a_mechana_construct_taken_from_the_void():
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    to_void(game, "Burrower Mark II")
    card = game.void[-1]
    me = game.players[game.current]
    me.runes, me.mech_runes = 2, 0
    assert not affordable(game, game.current, card)          # it costs 3
    me.mech_runes = 2
    assert affordable(game, game.current, card)
    pay(game, game.current, card)
    assert (me.runes, me.mech_runes) == (1, 0)                # Mechana-only runes go first


def test_a_monster_costs_power():
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    to_void(game, "Corrosive Widow")
    card, me = game.void[-1], game.players[game.current]
    me.power, me.runes = 3, 9
    assert not affordable(game, game.current, card)           # 4 power; runes do not count
    me.power = 5
    pay(game, game.current, card)
    assert (me.power, me.runes) == (1, 9)


def test_a_declined_offer_stays_usable_this_turn():
    """Rocket Courier X-99 ("once per turn, when you acquire another Mechana construct: you may
    put it into your hand"): saying no is not using it (FAQ), so the next one is offered again."""
    game = new_game(["10th"], ["Ann", "Bob"], seed=7)
    empty_center_row(game)
    arrange_center(game, ["The Grand Design", "Burrower Mark II"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99"])
    set_resources(game, 0, runes=9)
    script(game, ["Acquire The Grand Design", "No", "Acquire Burrower Mark II", "Yes"])
    assert hand(game) == ["Burrower Mark II"]
    last = game.log[-1]                                   # the move to hand is logged
    assert (last.kind, game.name_of(last.card), last.where) == ("placed", "Burrower Mark II", "hand")


def test_nested_text_reads_alone_lower_cased_or_without_its_full_stop():
    said = nested({"then": "Gain 2 honor."})
    assert (said["then"], said["then_lower"], said["then_bare"]) == ("Gain 2 honor.", "gain 2 honor.", "Gain 2 honor")


def verb_messages() -> set[str]:
    """The messages of the verbs' catalogue file (the card text the verbs render)."""
    from scripts_loader import load_script
    catalogue = load_script("catalogue")
    return {msgid for (context, msgid), (_m, po, _w) in catalogue.extracted().items() if po == "verbs.po"}


def test_every_card_step_of_every_set_reads_in_german_with_nothing_left_untranslated():
    i18n.set_language("de")
    registry = plugins.verbs_for(plugins.make_manager(list(plugins.installed().modules.values())))
    texts = []
    for path in builtin_set_paths().values():
        cs = load_set_file(path, registry)
        for d in cs.center + cs.always + cs.starting + cs.legends:
            texts += [s.text for steps in d.effects.values() for s in steps]
    assert "Erhalte 2 Runen." in texts and "Wirf eine Karte ab. Wenn du das tust: Ziehe 2 Karten." in texts
    assert not (i18n.missing() & verb_messages())
    assert not [t for t in texts if "{" in t]


def test_english_card_text_is_unchanged_by_the_translation_layer():
    game = new_game(["10th", "cotg", "rotf", "legends"], ["Ann", "Bob"], seed=1)
    texts = {s.text for d in game.ctx.defs for steps in d.effects.values() for s in steps}
    assert {"Gain 1 rune and 1 honor.", "Discard a card. If you do, draw 2 cards.",
            "Choose one: Gain 1 rune; or gain 1 power.",
            "You may banish a card from your hand or your discard pile.",
            "Acquire a hero costing 4 or less for free and put it on top of your deck.",
            "Each opponent discards a card."} <= texts
