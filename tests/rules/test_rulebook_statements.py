"""Rulebook statements that had no test of their own (an audit of the four rulebooks): each test
quotes its sentence. 000: the 10 Year Anniversary rulebook, 003: Return of the Fallen, 004: Legends."""
from __future__ import annotations

import pytest

from ascension.core.match import new_game
from ascension.core.scenario import (arrange, arrange_center, empty_center_row, hand, labels, names, script,
                                     set_resources, set_row, to_void)
from ascension.plugins.legendary.track import renown


def settled(game):
    while game.pending is not None:
        game.apply(0)
    return game


def exactly(game, seat=0, hand=(), deck=(), discard=()):
    """``seat``'s hand, deck (top first) and discard exactly these; its other starting cards go to the box."""
    arrange(game, seat, hand=list(hand), discard=list(discard), played=[], deck=list(deck))
    p = game.players[seat]
    extra = len(p.deck) - len(deck)
    game.box.extend(p.deck[:extra])
    del p.deck[:extra]
    game.edited()
    return game


@pytest.mark.parametrize("sets", [["10th", "rotf"], ["rotf", "cotg"], ["10th", "cotg"]])
@pytest.mark.parametrize("players, pool", [(5, 150), (6, 180)])
def test_rule_honor_pool_is_150_for_5_players_and_180_for_6(sets, players, pool):
    """003: "Five Players = 150 Honor  Six Players = 180 Honor"."""
    assert new_game(sets, [f"P{i}" for i in range(players)], seed=3).pool == pool


def test_rule_revealing_from_an_empty_deck_reshuffles_the_discard_pile():
    """000: a player who "has to draw a card (or reveal a card from their deck)" with none left
    "shuffle[s] their discard pile" first (Great-Omen Raven reveals)."""
    g = exactly(settled(new_game(["rotf"], ["Ann", "Bob"], seed=0)), hand=["Great-Omen Raven"], discard=["Mystic"])
    script(g, ["Play Great-Omen Raven", "Mystic"])
    assert hand(g) == ["Mystic"] and g.players[0].honor == 3 and any(e.kind == "shuffled" for e in g.log)


def test_rule_a_card_acquired_this_turn_is_in_a_mid_turn_reshuffle():
    """004: "any cards acquired during the turn thus far are part of your discard pile when you
    reshuffle"."""
    g = exactly(new_game(["10th"], ["Ann", "Bob"], seed=7), hand=["Apprentice", "Apprentice", "Apprentice",
                                                                   "Arha Initiate"])
    set_row(g, ["Wolf Shaman"])
    script(g, ["Play Apprentice", "Play Apprentice", "Play Apprentice", "Acquire Wolf Shaman", "Play Arha Initiate"])
    assert hand(g) == ["Wolf Shaman"]


def test_rule_team_vaultbreaker_wurm_spares_the_teammate():
    """003: "(e.g. if you kill a Vaultbreaker Wurm, your teammate does not have to lose a Construct)"."""
    g = settled(new_game(["10th", "rotf"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=0))
    empty_center_row(g)
    arrange_center(g, ["Vaultbreaker Wurm", "Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven",
                       "Arha Sensei"])
    for seat, construct in ((1, "Socket Altar"), (2, "Project Alpha"), (3, "Black Hole")):
        arrange(g, seat, constructs=[construct])
    set_resources(g, 0, power=5)
    script(g, ["Defeat Vaultbreaker Wurm"])
    assert [names(g, g.players[s].constructs) for s in (1, 2, 3)] == [[], ["Project Alpha"], []]


def test_rule_a_mystic_or_heavy_infantry_may_be_gifted_to_the_teammate_for_one_rune_more():
    """003: "You may spend one additional Rune when you acquire a card to add that card to your
    teammate's deck": the always-available cards too."""
    g = settled(new_game(["10th"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=1))
    set_resources(g, 0, runes=4)
    assert {"Acquire Mystic for Cat (4 runes)", "Acquire Heavy Infantry for Cat (3 runes)"} <= set(labels(g))
    script(g, ["Acquire Mystic for Cat"])
    assert names(g, g.players[2].discard) == ["Mystic"] and g.players[0].runes == 0


def test_rule_renown_comes_only_from_the_center_row_not_from_a_hero_acquired_from_the_void():
    """004: "Each time you acquire a card from the Center Row, you gain Renown"."""
    g = settled(new_game(["rotf"], ["Ann", "Bob"], ["legendary"], seed=0))
    to_void(g, "Hectic Scribe")
    arrange(g, 0, hand=[], constructs=["Serpentcall"])
    set_resources(g, 0, runes=3)
    script(g, ["Use Serpentcall: Once per turn: You may acquire a hero from the Void, paying its cost.",
               "Hectic Scribe (Void)"])
    assert "Hectic Scribe" in names(g, g.players[0].discard) and sum(renown(g, 0).values()) == 0


def test_rule_nothing_in_the_void_is_offered_without_a_card_that_allows_it():
    """003: "Players cannot interact with anything in the Void unless they have cards that allow
    them to do so"."""
    g = settled(new_game(["10th", "rotf"], ["Ann", "Bob"], seed=0))
    to_void(g, "Wolf Shaman", "Mephit", "Lunar Stag", "Doom Weeper")
    set_resources(g, 0, runes=20, power=20)
    offered = {o[1] for o in g.decision().options if o[0] in ("acquire", "defeat")}
    assert offered and not offered & set(g.void)
