"""Scenario tests for the 10 Year Anniversary set: the basic cards, Enlightened and Lifebound.

Each test arranges an exact situation, plays it through the strict scripted agent and checks
what a player would see: hand, resources, honor, the honor pool, the Void, the center row and
the top of the deck.
"""
from __future__ import annotations

import pytest

from ascension.core.match import new_game
from ascension.core.scenario import ScriptError, arrange, arrange_center, labels, names, script, set_resources

POOL = 60  # two players: 30 honor each

# A neutral center row: no card of the sets under test, so hands and decks may use any of them.
ROW = ["Mephit", "Samael's Trickster", "Spike Vixen", "Demon Slayer", "Shadow Star", "Tormented Soul"]

SNAP_RUNE = "Use Snapdragon: Once per turn: Gain 1 rune."
SNAP_HONOR = "Use Snapdragon: Once per turn: If you have played a Lifebound hero this turn, gain 1 honor."
STAFF_POWER = "Use Yggdrasil Staff: Once per turn: Gain 1 power."
STAFF_HONOR = "Use Yggdrasil Staff: Once per turn: Pay 4 runes: Gain 3 honor."
EYE_DRAW = "Use The All-Seeing Eye: Once per turn: Draw 1 card."
TABLET = "Use Tablet of Time's Dawn"


def table(hand=(), deck=None, discard=(), constructs=(), center=ROW, runes=0, power=0, seed=7):
    """Ann (seat 0) to act on turn 1 with exactly these cards; ``deck`` is listed top card first."""
    game = new_game(["10th"], ["Ann", "Bob"], seed=seed)
    zones = {"hand": list(hand), "discard": list(discard), "constructs": list(constructs)}
    if deck is not None:
        zones["deck"] = list(deck)
    arrange_center(game, list(center))  # first: the dealt row may hold a card the hand needs
    arrange(game, 0, **zones)
    set_resources(game, 0, runes=runes, power=power)
    assert game.current == 0 and game.turn == 1
    return game


def me(game):
    return game.players[0]


def hand(game):
    return names(game, me(game).hand)


def deck_top(game, n=1):
    """The top ``n`` cards of Ann's deck, top first."""
    return names(game, me(game).deck[::-1][:n])


def pile_size(game, card_id):
    return len(game.piles[f"10th.{card_id}"])


# ====================================================================== basics

def test_apprentice_gives_one_rune():
    game = table(hand=["Apprentice", "Militia"])
    script(game, ["Play Apprentice"])
    assert (me(game).runes, me(game).power) == (1, 0)
    assert hand(game) == ["Militia"]
    assert names(game, me(game).played) == ["Apprentice"]


def test_militia_gives_one_power():
    game = table(hand=["Militia", "Apprentice"])
    script(game, ["Play Militia"])
    assert (me(game).runes, me(game).power) == (0, 1)
    assert hand(game) == ["Apprentice"]


def test_mystic_gives_two_runes_and_is_acquired_from_its_pile():
    game = table(hand=["Mystic", "Apprentice"])
    before = pile_size(game, "mystic")
    script(game, ["Play Mystic", "Play Apprentice", "Acquire Mystic (3 runes)"])
    assert me(game).runes == 0
    assert names(game, me(game).discard) == ["Mystic"]
    assert pile_size(game, "mystic") == before - 1


def test_heavy_infantry_gives_two_power_to_defeat_a_monster():
    game = table(hand=["Heavy Infantry", "Militia"])
    script(game, ["Play Heavy Infantry"])
    assert (me(game).runes, me(game).power) == (0, 2)
    script(game, ["Play Militia", "Defeat Mephit (3 power)", "None"])
    assert me(game).power == 0
    assert me(game).honor == 2


def test_cultist_defeated_any_number_of_times_and_never_leaves():
    game = table(hand=[], power=6)
    void_before = list(game.void)
    script(game, ["Defeat Cultist (2 power)", "Defeat Cultist (2 power)", "Defeat Cultist (2 power)"])
    assert me(game).power == 0
    assert me(game).honor == 3
    assert game.pool == POOL - 3
    assert game.void == void_before
    assert pile_size(game, "cultist") == 1
    assert not any(label.startswith("Defeat Cultist") for label in labels(game))
    set_resources(game, 0, power=2)
    assert "Defeat Cultist (2 power)" in labels(game)


# ====================================================================== Enlightened

def test_arha_initiate_draws_one_card():
    game = table(hand=["Arha Initiate", "Apprentice"], deck=["Mystic", "Militia"])
    script(game, ["Play Arha Initiate"])
    assert hand(game) == ["Apprentice", "Mystic"]
    assert deck_top(game) == ["Militia"]
    assert (me(game).runes, me(game).power) == (0, 0)


def test_arha_templar_defeats_a_monster_costing_up_to_4_for_free():
    center = ["Corrosive Widow", "Earth Tyrant", "Mephit", "Spike Vixen", "Avatar of the Fallen", "Shadow Star"]
    game = table(hand=["Arha Templar"], center=center)
    script(game, ["Play Arha Templar"], finish=False)
    offered = labels(game)
    assert offered == ["Corrosive Widow (center row)", "Mephit (center row)", "Cultist (pile)"]
    widow = game.center_row[0]
    refill = game.center_deck[-1]
    script(game, ["Corrosive Widow (center row)"])
    assert me(game).power == 0
    assert me(game).honor == 3
    assert game.pool == POOL - 3
    assert widow in game.void
    assert game.center_row[0] == refill


def test_ascetic_of_the_lidless_eye_draws_two_cards():
    game = table(hand=["Ascetic of the Lidless Eye"], deck=["Mystic", "Heavy Infantry", "Militia"])
    script(game, ["Play Ascetic of the Lidless Eye"])
    assert hand(game) == ["Mystic", "Heavy Infantry"]
    assert deck_top(game) == ["Militia"]


def test_master_dhartha_draws_three_cards():
    game = table(hand=["Master Dhartha"], deck=["Mystic", "Heavy Infantry", "Militia", "Arha Initiate"])
    script(game, ["Play Master Dhartha"])
    assert hand(game) == ["Mystic", "Heavy Infantry", "Militia"]
    assert deck_top(game) == ["Arha Initiate"]


def test_oziah_the_peerless_defeats_a_monster_costing_up_to_6_for_free():
    center = ["Avatar of the Fallen", "Earth Tyrant", "Mephit", "Spike Vixen", "Demon Slayer", "Shadow Star"]
    game = table(hand=["Oziah the Peerless"], deck=["Mystic", "Militia", "Apprentice"], center=center)
    script(game, ["Play Oziah the Peerless"], finish=False)
    offered = labels(game)
    assert "Earth Tyrant (center row)" in offered
    assert "Avatar of the Fallen (center row)" not in offered
    tyrant = game.center_row[1]
    script(game, ["Earth Tyrant (center row)"])
    assert me(game).power == 0
    assert me(game).honor == 5
    assert game.pool == POOL - 5
    assert tyrant in game.void
    assert hand(game) == ["Mystic", "Militia"]  # the Tyrant's reward: draw 2


def test_seer_of_the_forked_path_draws_then_banishes_from_center():
    game = table(hand=["Seer of the Forked Path"], deck=["Mystic", "Militia"])
    mephit = game.center_row[0]
    refill = game.center_deck[-1]
    script(game, ["Play Seer of the Forked Path", "Mephit (center row)"])
    assert hand(game) == ["Mystic"]
    assert mephit in game.void
    assert game.center_row[0] == refill
    assert me(game).honor == 0  # banishing is not defeating: no reward


def test_seer_of_the_forked_path_banish_is_optional():
    game = table(hand=["Seer of the Forked Path"], deck=["Mystic", "Militia"])
    row = list(game.center_row)
    script(game, ["Play Seer of the Forked Path", "None"])
    assert hand(game) == ["Mystic"]
    assert game.center_row == row


def test_tablet_of_times_dawn_gives_an_extra_turn_and_is_banished():
    game = table(hand=["Apprentice"], constructs=["Tablet of Time's Dawn"])
    tablet = me(game).constructs[0]
    script(game, [TABLET])
    assert me(game).constructs == []
    assert tablet in game.void
    assert tablet not in me(game).owned()
    script(game, ["End turn"])
    assert game.current == 0  # Ann again
    assert game.turn == 2
    assert len(me(game).hand) == 5
    script(game, ["End turn"])
    assert game.current == 1  # then Bob, as usual
    assert game.turn == 3


def test_tablet_of_times_dawn_unused_means_no_extra_turn():
    game = table(hand=["Apprentice"], constructs=["Tablet of Time's Dawn"])
    script(game, ["End turn"])
    assert game.current == 1
    assert names(game, me(game).constructs) == ["Tablet of Time's Dawn"]


def test_temple_librarian_discards_then_draws_two():
    game = table(hand=["Temple Librarian", "Apprentice", "Militia"], deck=["Mystic", "Heavy Infantry", "Arha Initiate"])
    script(game, ["Play Temple Librarian"], finish=False)
    assert labels(game) == ["Apprentice (hand)", "Militia (hand)"]
    script(game, ["Militia (hand)"])
    assert hand(game) == ["Apprentice", "Mystic", "Heavy Infantry"]
    assert names(game, me(game).discard) == ["Militia"]
    assert deck_top(game) == ["Arha Initiate"]


def test_temple_librarian_with_an_empty_hand_does_nothing():
    game = table(hand=["Temple Librarian"], deck=["Mystic", "Heavy Infantry"])
    deck = list(me(game).deck)
    script(game, ["Play Temple Librarian"])
    assert hand(game) == []
    assert me(game).discard == []
    assert me(game).deck == deck


def test_the_all_seeing_eye_draws_once_per_turn():
    game = table(hand=["Apprentice"], deck=["Mystic", "Militia"], constructs=["The All-Seeing Eye"])
    script(game, [EYE_DRAW])
    assert hand(game) == ["Apprentice", "Mystic"]
    assert EYE_DRAW not in labels(game)
    with pytest.raises(ScriptError):
        script(game, [EYE_DRAW])
    script(game, ["End turn", "End turn"])  # Ann, then Bob
    assert game.current == 0
    assert EYE_DRAW in labels(game)  # usable again on Ann's next turn


def test_twofold_askara_repeats_a_chosen_played_hero():
    game = table(hand=["Lifebound Initiate", "Landtalker", "Twofold Askara"])
    script(game, ["Play Lifebound Initiate", "Play Landtalker", "Play Twofold Askara"], finish=False)
    assert labels(game) == ["Lifebound Initiate (played this turn)", "Landtalker (played this turn)"]
    script(game, ["Landtalker (played this turn)"])
    assert me(game).runes == 1 + 3 + 3
    assert me(game).honor == 1


def test_twofold_askara_alone_does_nothing():
    game = table(hand=["Twofold Askara", "Apprentice"])
    script(game, ["Play Twofold Askara"])
    assert (me(game).runes, me(game).power, me(game).honor) == (0, 0, 0)
    assert hand(game) == ["Apprentice"]


# ====================================================================== Lifebound

def test_cetra_weaver_of_stars_acquires_any_hero_onto_the_deck():
    center = ["Master Dhartha", "Mephit", "Spike Vixen", "Demon Slayer", "Shadow Star", "Tormented Soul"]
    game = table(hand=["Cetra, Weaver of Stars"], deck=["Militia"], center=center)
    dhartha = game.center_row[0]
    refill = game.center_deck[-1]
    script(game, ["Play Cetra, Weaver of Stars"], finish=False)
    offered = labels(game)
    assert "Master Dhartha (center row)" in offered  # cost 7: no limit
    assert "Mephit (center row)" not in offered and "Shadow Star (center row)" not in offered  # heroes only
    script(game, ["Master Dhartha (center row)"])
    assert me(game).deck[-1] == dhartha
    assert deck_top(game, 2) == ["Master Dhartha", "Militia"]
    assert dhartha not in me(game).discard
    assert me(game).runes == 0
    assert game.center_row[0] == refill


def test_druids_of_the_stone_circle_acquire_limit_is_4():
    center = ["Arha Templar", "Ascetic of the Lidless Eye", "Wolf Shaman", "Demon Slayer", "Mephit", "Muramasa"]
    game = table(hand=["Druids of the Stone Circle"], deck=["Militia"], center=center)
    script(game, ["Play Druids of the Stone Circle"], finish=False)
    assert labels(game) == ["Arha Templar (center row)", "Wolf Shaman (center row)",
                            "Demon Slayer (center row)", "Heavy Infantry (pile)", "Mystic (pile)"]
    script(game, ["Arha Templar (center row)"])
    assert deck_top(game, 2) == ["Arha Templar", "Militia"]
    assert me(game).discard == []
    assert "Arha Templar" not in names(game, game.center_row)


def test_flytrap_witch_gains_two_honor_and_draws():
    game = table(hand=["Flytrap Witch"], deck=["Mystic", "Militia"])
    script(game, ["Play Flytrap Witch"])
    assert me(game).honor == 2
    assert game.pool == POOL - 2
    assert hand(game) == ["Mystic"]


def test_landtalker_gives_three_runes():
    game = table(hand=["Landtalker"])
    script(game, ["Play Landtalker"])
    assert (me(game).runes, me(game).power, me(game).honor) == (3, 0, 0)
    assert "Acquire Demon Slayer (4 runes)" not in labels(game)
    assert "Acquire Mystic (3 runes)" in labels(game)


def test_lifebound_initiate_gives_a_rune_and_an_honor():
    game = table(hand=["Lifebound Initiate"])
    script(game, ["Play Lifebound Initiate"])
    assert (me(game).runes, me(game).power, me(game).honor) == (1, 0, 1)
    assert game.pool == POOL - 1


def test_runic_lycanthrope_unites_with_a_lifebound_hero_played_before():
    game = table(hand=["Wolf Shaman", "Runic Lycanthrope"], deck=["Militia"])
    script(game, ["Play Wolf Shaman", "Play Runic Lycanthrope"])
    assert me(game).runes == 1 + 2
    assert me(game).power == 2


def test_runic_lycanthrope_unites_with_a_lifebound_hero_played_after():
    game = table(hand=["Runic Lycanthrope", "Lifebound Initiate"])
    script(game, ["Play Runic Lycanthrope"])
    assert (me(game).runes, me(game).power) == (2, 0)
    script(game, ["Play Lifebound Initiate"])
    assert me(game).runes == 2 + 1
    assert me(game).power == 2
    assert me(game).honor == 1


def test_runic_lycanthrope_no_unite_with_only_other_factions():
    game = table(hand=["Arha Initiate", "Runic Lycanthrope", "Mystic", "Heavy Infantry", "Snapdragon"],
                 deck=["Apprentice"])
    script(game, ["Play Arha Initiate", "Play Runic Lycanthrope", "Play Mystic", "Play Heavy Infantry",
                  "Play Apprentice", "Play Snapdragon"])  # a Lifebound construct is not a hero
    assert me(game).runes == 2 + 2 + 1
    assert me(game).power == 2  # Heavy Infantry only; no Unite
    assert names(game, me(game).constructs) == ["Snapdragon"]


def test_runic_lycanthrope_two_lycanthropes_unite_with_each_other():
    game = table(hand=["Runic Lycanthrope", "Runic Lycanthrope"])
    script(game, ["Play Runic Lycanthrope", "Play Runic Lycanthrope"])
    assert me(game).runes == 2 + 2
    assert me(game).power == 2 + 2


def test_runic_lycanthrope_unite_fires_once_per_lycanthrope():
    game = table(hand=["Runic Lycanthrope", "Wolf Shaman", "Lifebound Initiate"], deck=["Militia"])
    script(game, ["Play Runic Lycanthrope", "Play Wolf Shaman", "Play Lifebound Initiate"])
    assert me(game).power == 2
    assert me(game).runes == 2 + 1 + 1


def test_snapdragon_honor_only_after_a_lifebound_hero():
    game = table(hand=["Apprentice", "Lifebound Initiate"], constructs=["Snapdragon"])
    assert SNAP_HONOR not in labels(game)
    script(game, ["Play Apprentice"])
    assert SNAP_HONOR not in labels(game)  # a hero, but not Lifebound
    script(game, ["Play Lifebound Initiate", SNAP_HONOR, SNAP_RUNE])
    assert me(game).honor == 1 + 1
    assert me(game).runes == 1 + 1 + 1
    assert game.pool == POOL - 2
    assert SNAP_HONOR not in labels(game) and SNAP_RUNE not in labels(game)  # once per turn each


def test_wolf_shaman_gives_a_rune_and_draws():
    game = table(hand=["Wolf Shaman"], deck=["Heavy Infantry", "Militia"])
    script(game, ["Play Wolf Shaman"])
    assert me(game).runes == 1
    assert hand(game) == ["Heavy Infantry"]
    assert deck_top(game) == ["Militia"]


def test_yggdrasil_staff_converts_four_runes_to_three_honor():
    game = table(hand=["Apprentice", "Mystic"], constructs=["Yggdrasil Staff"], runes=1)
    assert STAFF_HONOR not in labels(game)
    script(game, ["Play Mystic"])
    assert me(game).runes == 3
    assert STAFF_HONOR not in labels(game)  # 3 runes are not enough
    script(game, ["Play Apprentice"])
    assert STAFF_HONOR in labels(game)
    script(game, [STAFF_HONOR, STAFF_POWER])
    assert me(game).runes == 0
    assert me(game).honor == 3
    assert me(game).power == 1
    assert game.pool == POOL - 3
    set_resources(game, 0, runes=8, power=1)
    assert STAFF_HONOR not in labels(game)  # once per turn
