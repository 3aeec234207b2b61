"""An ability that can do nothing now is not offered as a move (a no-op activation spends a
once-per-turn use and a bot's turn on nothing). Each verb that may find nothing to do says when
(``Verb.can_act``); ``Game.ability_ready`` asks every step of the ability. One test per verb."""
from __future__ import annotations

import pytest

from ascension.core.match import new_game
from ascension.core.scenario import arrange, empty_center_row, labels, set_resources, set_row, to_void


def table(sets, constructs, hand=(), deck=(), discard=(), row=(), runes=0):
    game = new_game(sets, ["Ann", "Bob"], ["legendary"] if "legends" in sets else [], seed=5)
    while game.pending is not None:
        game.apply(0)
    if row:
        empty_center_row(game)
        set_row(game, list(row))
    arrange(game, 0, hand=list(hand), deck=list(deck), discard=list(discard), constructs=list(constructs))
    set_resources(game, 0, runes=runes)
    return game


def offered(game, card: str) -> bool:
    return any(label.startswith(f"Use {card}") for label in labels(game))


def test_draw_needs_a_card_in_deck_or_discard_pile():    # The All-Seeing Eye
    game = table(["10th"], ["The All-Seeing Eye"])
    me = game.players[0]
    me.hand, me.deck = me.hand + me.deck, []                # nothing left to draw
    game._decision = None
    assert not offered(game, "The All-Seeing Eye")
    game = table(["10th"], ["The All-Seeing Eye"], discard=["Militia"])
    assert offered(game, "The All-Seeing Eye")


def test_acquire_from_void_needs_an_affordable_card_there():   # Reclamax, Serpentcall
    game = table(["rotf"], ["Reclamax"], runes=5)
    assert not offered(game, "Reclamax")
    to_void(game, "Socket Altar")                     # 6 runes: more than Ann has
    game._decision = None
    assert not offered(game, "Reclamax")
    to_void(game, "Combustion Idol")
    game._decision = None
    assert offered(game, "Reclamax")


def test_serpentcall_rune_ability_stays_while_its_void_ability_waits():
    game = table(["rotf"], ["Serpentcall"], runes=9)
    assert [lb for lb in labels(game) if lb.startswith("Use Serpentcall")] == ["Use Serpentcall: Once per turn: Gain 2 runes."]
    to_void(game, "Lunar Stag")
    game._decision = None
    assert len([lb for lb in labels(game) if lb.startswith("Use Serpentcall")]) == 2


def test_banish_needs_a_card_to_banish():   # Black Hole: from your hand
    game = table(["rotf"], ["Black Hole"])
    assert not offered(game, "Black Hole")
    game = table(["rotf"], ["Black Hole"], hand=["Militia"])
    assert offered(game, "Black Hole")


def test_acquire_free_needs_a_card_it_may_take():   # Project Alpha: cost up to your Mechana constructs
    row = ["Lunar Stag", "Great-Omen Raven", "Arha Sensei", "Deathseeker", "Battery Monk", "Dimension Diver"]
    game = table(["rotf"], ["Project Alpha"], row=row)      # one Mechana construct: cost 1 or less
    assert not offered(game, "Project Alpha")
    game = table(["rotf"], ["Project Alpha"], row=row[:3] + ["Hectic Scribe"] + row[4:])
    assert offered(game, "Project Alpha")


def test_destroy_another_construct_needs_another_one():   # The Dreamscrape, Mechannihilator
    game = table(["legends"], ["Mechannihilator", "The Dreamscrape"])
    assert offered(game, "Mechannihilator") and offered(game, "The Dreamscrape")
