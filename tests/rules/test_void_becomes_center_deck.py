"""10th rulebook: when the center deck runs out, the Void is shuffled into a new center deck,
after taking out the Apprentices, Militia, Mystics and Heavy Infantry (they return to their
piles or leave the game).

How could such a card reach the Void? Every banish puts it away where it belongs
(``Game.put_away``: starting cards to the box, always-available ones to their pile), and only
center-row cards are defeated into the Void; so today none does. The reshuffle leaves them out
all the same (a third-party plugin, an old save), and says where each went."""
from __future__ import annotations

from ascension.core.match import new_game
from ascension.core.scenario import names, to_void


def _game_with_basics_in_the_void():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    to_void(game, "Mephit", "Spike Vixen")
    mystics = game.piles["10th.mystic"]
    game.void.append(mystics.pop())                       # an always-available card
    game.void.append(game.players[1].deck.pop())          # a starting card (Apprentice or Militia)
    game.center_deck, game.box = [], game.box + game.center_deck   # the center deck ran out
    return game, len(mystics)


def test_the_void_becomes_the_center_deck_without_starting_or_always_available_cards():
    game, mystics = _game_with_basics_in_the_void()
    starting = game.void[-1]
    start = len(game.log)
    slot = 0
    game.center_row[slot] = None
    game.refill(slot)
    assert sorted(names(game, game.center_deck + [game.center_row[slot]])) == ["Mephit", "Spike Vixen"]
    assert game.void == []
    assert len(game.piles["10th.mystic"]) == mystics + 1            # the Mystic went back to its pile
    assert game.box[-1] == starting                                   # the starting card left the game
    texts = [game.text(e) for e in game.log[start:]]
    assert texts[:3] == ["Mystic goes back from the Void to its pile.",
                         f"{game.name_of(starting)} leaves the game (from the Void).",
                         "The Void is shuffled into a new center deck (2 cards)."]


def test_a_void_of_only_basic_cards_deals_nothing():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    game.void.append(game.piles["10th.heavy_infantry"].pop())
    game.center_deck, game.box = [], game.box + game.center_deck
    assert game.deal_from_center_deck() is None
    assert game.void == [] and [e.kind for e in game.log[-1:]] == ["left_void"]
