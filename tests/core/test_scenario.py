"""The helpers that set up exact situations for the card tests: they move cards, never make or lose any."""
from __future__ import annotations

import pytest

from ascension.core.match import new_game
from ascension.core.scenario import (
    ScriptError, empty_center_row, end_round, hand, labels, names, script, stack_center_deck, to_void,
)


def test_empty_center_row_puts_the_row_under_the_center_deck():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    row = list(game.center_row)
    empty_center_row(game)
    assert game.center_row == [None] * 6
    assert sorted(game.center_deck[:6]) == sorted(row)
    game.center_row = row   # back in place: nothing was lost on the way
    game.center_deck = game.center_deck[6:]
    game.check_integrity()


def test_stack_center_deck_puts_each_named_copy_on_top_first_name_first():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    stack_center_deck(game, ["Mistake of Creation", "Mistake of Creation", "Arha Initiate"])
    top = names(game, game.center_deck[-3:])
    assert top == ["Arha Initiate", "Mistake of Creation", "Mistake of Creation"]   # the end of the list is the top
    assert len(set(game.center_deck[-3:])) == 3
    game.check_integrity()


def test_to_void_moves_cards_from_the_center_deck():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    to_void(game, "Arha Initiate", "Wolf Shaman")
    assert names(game, game.void) == ["Arha Initiate", "Wolf Shaman"]
    game.check_integrity()


def test_end_round_and_the_strict_script():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    assert "End turn" in labels(game) and len(hand(game)) == 5 and hand(game) == sorted(hand(game))
    end_round(game)
    assert game.turn == 3 and game.current == 0
    with pytest.raises(ScriptError, match="not an option"):
        script(game, ["Acquire Nothing At All"])
