"""Each printing follows its own text: a card name in two sets is two cards.

The 10 Year Anniversary Edition reprints Chronicle of the Godslayer's cards, some changed (the
digital client's data, ../shared/reference/cards/cotg10.json and cotg.json: numbers, text,
timing). Every shared name is listed here with both printings' numbers; the cards whose text
differs each have a scenario, here or in the set's own test file."""
from __future__ import annotations

import pytest

from ascension.core.match import load_set, new_game
from ascension.core.scenario import arrange, empty_center_row, set_resources

# name: ((cost, honor, copies) in the 10th, (cost, honor, copies) in CotG)
NUMBERS = {
    'Arha Initiate': ((1, 1, 3), (1, 1, 3)),
    'Arha Templar': ((4, 3, 2), (4, 3, 2)),
    'Ascetic of the Lidless Eye': ((5, 3, 2), (5, 2, 2)),
    'Master Dhartha': ((7, 4, 1), (7, 3, 1)),
    'Oziah the Peerless': ((6, 3, 1), (6, 3, 1)),
    'Seer of the Forked Path': ((2, 1, 3), (2, 1, 3)),
    "Tablet of Time's Dawn": ((5, 3, 1), (5, 2, 1)),
    'Temple Librarian': ((2, 1, 3), (2, 1, 3)),
    'The All-Seeing Eye': ((6, 3, 1), (6, 2, 1)),
    'Twofold Askara': ((4, 2, 1), (4, 2, 1)),
    'Cetra, Weaver of Stars': ((7, 4, 1), (7, 4, 1)),
    'Druids of the Stone Circle': ((4, 3, 2), (4, 3, 2)),
    'Flytrap Witch': ((5, 2, 2), (5, 2, 2)),
    'Landtalker': ((6, 4, 1), (6, 3, 1)),
    'Lifebound Initiate': ((1, 1, 3), (1, 1, 3)),
    'Runic Lycanthrope': ((3, 1, 2), (3, 1, 2)),
    'Snapdragon': ((5, 3, 2), (5, 2, 2)),
    'Wolf Shaman': ((3, 1, 3), (3, 1, 3)),
    'Yggdrasil Staff': ((4, 2, 2), (4, 2, 2)),
    'Avatar Golem': ((4, 2, 2), (4, 2, 2)),
    'Burrower Mark II': ((3, 3, 2), (3, 3, 2)),
    'Hedron Cannon': ((8, 8, 1), (8, 8, 1)),
    'Hedron Link Device': ((7, 7, 1), (7, 7, 1)),
    'Kor, the Ferromancer': ((3, 3, 1), (3, 2, 1)),
    'Mechana Initiate': ((1, 1, 3), (1, 1, 3)),
    'Reactor Monk': ((4, 2, 2), (4, 2, 2)),
    'Rocket Courier X-99': ((4, 4, 2), (4, 4, 2)),
    'The Grand Design': ((6, 6, 2), (6, 6, 2)),
    "Watchmaker's Altar": ((5, 5, 2), (5, 5, 2)),
    'Arbiter of the Precipice': ((5, 3, 2), (4, 1, 2)),
    'Demon Slayer': ((4, 2, 2), (4, 2, 2)),
    'Emri, One with the Void': ((6, 4, 1), (6, 3, 1)),
    'Muramasa': ((7, 4, 1), (7, 4, 1)),
    'Shade of the Black Watch': ((3, 1, 3), (3, 1, 3)),
    'Shadow Star': ((3, 2, 2), (3, 2, 2)),
    'Spike Vixen': ((2, 1, 2), (2, 1, 2)),
    'Void Initiate': ((1, 1, 3), (1, 1, 3)),
    'Voidthirster': ((5, 3, 2), (5, 3, 2)),
    'Avatar of the Fallen': ((7, 0, 1), (7, 0, 1)),
    'Corrosive Widow': ((4, 0, 4), (4, 0, 4)),
    'Earth Tyrant': ((6, 0, 2), (6, 0, 2)),
    'Mephit': ((3, 0, 3), (3, 0, 3)),
    'Mistake of Creation': ((4, 0, 4), (4, 0, 4)),
    "Samael's Trickster": ((3, 0, 4), (3, 0, 4)),
    'Sea Tyrant': ((5, 0, 3), (5, 0, 3)),
    'Tormented Soul': ((3, 0, 3), (3, 0, 3)),
    'Wind Tyrant': ((5, 0, 3), (5, 0, 3)),
    'Xeron, Duke of Lies': ((6, 0, 1), (6, 0, 1)),
}

# Shared names whose text differs between the printings (each has a scenario test).
TEXT_DIFFERS = {
    "Druids of the Stone Circle",   # acquire limit 4 (10th) / 3 (CotG): test_cotg.py
    "Mechana Initiate",             # 1 rune and 1 power / choose one: test_cotg.py
    "Rocket Courier X-99",          # into hand / into play: test_cotg.py
    "Runic Lycanthrope",            # Unite / checked when played: below
    "Snapdragon",                   # an ability to use / honor on the first Lifebound hero: test_cotg.py
    "Samael's Trickster",           # 2 honor / 1 honor: test_cotg.py
    "Tormented Soul",               # 2 honor / 1 honor: test_cotg.py
    "Xeron, Duke of Lies",          # 4 honor / 3 honor: test_cotg.py
}


def _printings():
    tenth = {c.name: c for c in load_set("10th").center}
    cotg = {c.name: c for c in load_set("cotg").center}
    return tenth, cotg


def test_every_name_in_both_sets_is_listed_with_both_printings_numbers():
    tenth, cotg = _printings()
    shared = sorted(set(tenth) & set(cotg))
    assert shared == sorted(NUMBERS)
    for name in shared:
        got = tuple((d.cost, d.honor, d.count) for d in (tenth[name], cotg[name]))
        assert got == NUMBERS[name], name


def test_the_printings_whose_text_differs_are_exactly_the_known_ones():
    tenth, cotg = _printings()
    assert {n for n in NUMBERS if tenth[n].text != cotg[n].text} == TEXT_DIFFERS


def _mixed_hand(first: str, second: str):
    """A 10th + CotG game, Ann holding both printings of Runic Lycanthrope; plays ``first`` then
    ``second`` (card ids: the names are alike)."""
    game = new_game(["10th", "cotg"], ["Ann", "Bob"], seed=2)
    empty_center_row(game)
    arrange(game, 0, hand=[first, second])
    set_resources(game, 0)
    for card_id in (first, second):
        options = game.decision().options
        game.apply(next(i for i, o in enumerate(options)
                        if o[0] == "play" and game.card(o[1]).id == card_id))
    return game.players[0]


def test_runic_lycanthrope_cotg_then_10th_only_the_10th_unites():
    me = _mixed_hand("cotg.runic_lycanthrope", "10th.runic_lycanthrope")
    assert (me.runes, me.power) == (4, 2)


def test_runic_lycanthrope_10th_then_cotg_both_gain_the_power():
    """The 10th card's Unite waits for the CotG one; the CotG card sees the 10th played before it."""
    me = _mixed_hand("10th.runic_lycanthrope", "cotg.runic_lycanthrope")
    assert (me.runes, me.power) == (4, 4)
