"""Scenario tests for every card of Ascension: Return of the Fallen, and for Fate.

Each test sets up an exact situation, plays it through the strict scripted agent and checks
what a player at the table would see: hands, decks, resources, honor, the Void, the center row.
Fate: at the opening deal, on a refill during the opponent's turn (players are asked in turn
order from the current player), and in a chain (a Ravenous Gorph's banish deals another Fate).
"""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, load, new_game, save
from ascension.core.scenario import (
    arrange, arrange_center, empty_center_row, end_round, hand, labels, names, script,
    set_resources, stack_center_deck, to_void,
)

POOL = 60  # two players: 30 honor each
FATE_CARDS = {"Askara of Fate", "Arbiter of Fate", "Stone Circle", "Reclamax", "Ravenous Gorph"}
FILLER = ["Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven", "Arha Sensei", "Guardian of Sadranis"]
SEED = 0  # an opening row without any Fate card


def fresh(seed: int = SEED):
    """A two-player RotF game whose center row is emptied back into the center deck (so any card,
    even a single copy, can be arranged anywhere), with every Fate card moved to the bottom of the
    center deck so that no refill brings one unless a test puts it on top. Call ``row`` next."""
    game = new_game(["rotf"], ["Ann", "Bob"], seed=seed)
    assert game.pending is None and not game.void
    empty_center_row(game)
    game.center_deck.sort(key=lambda c: game.name_of(c) not in FATE_CARDS)  # stable: Fate cards first = bottom
    return game


def row(game, cards: list[str]):
    """Arrange the center row, padding it with filler heroes up to six cards."""
    cards = cards + FILLER[: 6 - len(cards)] if len(cards) < 6 else cards
    return arrange_center(game, cards)


def zone(game, seat: int, name: str) -> list[str]:
    return names(game, getattr(game.players[seat], name))


def me(game, seat: int = 0):
    return game.players[seat]


def ok(game) -> None:
    game.check_integrity()


def test_set_file_numbers():
    game = fresh()
    center = [game.card(c) for c in game.center_deck]
    assert len(center) == 65 and len({d.name for d in center}) == 31
    assert {d.name: len(p) for d, p in ((game.card(p[0]), p) for p in game.piles.values())} == {
        "Mystic": 17, "Heavy Infantry": 17, "Cultist": 1}
    assert sorted(zone(game, 0, "deck") + hand(game)) == ["Apprentice"] * 8 + ["Militia"] * 2


def test_standalone_two_players_solitaire_with_samael_more_players_when_mixed():
    with pytest.raises(SetupError, match="rotf allows at most 2"):
        new_game(["rotf"], ["Ann", "Bob", "Cat"], seed=1)
    solo = new_game(["rotf"], ["Ann"], ["samael"], seed=SEED)
    assert solo.pool == 50 and solo.decision().seat == 0
    mixed = new_game(["rotf", "10th"], ["Ann", "Bob", "Cat"], seed=SEED)
    assert len(mixed.center_deck) + 6 == 165


def test_each_opponent_rewards_spare_a_teammate():
    game = new_game(["rotf", "10th"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=SEED)
    while game.pending is not None:  # answer any opening Fate with its first option
        game.apply(0)
    arrange_center(game, ["Fire Tyrant"])
    for seat in (1, 2, 3):
        arrange(game, seat, hand=["Mystic", "Militia"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Fire Tyrant", (1, "Militia (hand)"), (3, "Mystic (hand)")])
    assert (hand(game, 1), hand(game, 2), hand(game, 3)) == (["Mystic"], ["Militia", "Mystic"], ["Militia"])


# =============================================================== Fate

def test_fate_at_the_opening_deal_asks_each_player_in_turn_order():
    game = new_game(["rotf"], ["Ann", "Bob"], seed=3)
    assert "Askara of Fate" in names(game, game.center_row)
    dec = game.decision()
    assert (dec.seat, dec.kind, dec.prompt) == (0, "yes_no", "Draw 1 card?")
    script(game, [(0, "Yes"), (1, "No")])
    assert (len(me(game).hand), len(me(game, 1).hand)) == (6, 5)
    assert game.decision().kind == "action" and game.current == 0
    ok(game)


def test_fate_at_the_opening_deal_gorph_banishes_its_neighbour_but_not_samael():
    game = new_game(["rotf"], ["Ann", "Bob"], seed=4)
    assert names(game, game.center_row)[1:3] == ["Samael the Fallen", "Ravenous Gorph"]
    # The Gorph's right-hand neighbour went to the Void and was replaced; Samael stays.
    assert names(game, game.void) == ["Battery Monk"]
    assert [e.kind for e in game.log].count("banished") == 1
    assert game.decision().kind == "action"
    ok(game)


def test_fate_on_a_refill_in_the_opponents_turn_starts_with_the_current_player():
    game = fresh()
    script(game, [(0, "End turn")])
    row(game, ["Lunar Stag"])
    stack_center_deck(game, ["Stone Circle", "Hectic Scribe"])
    mystics = len(game.piles["rotf.mystic"])
    set_resources(game, 1, runes=3)
    script(game, [(1, "Acquire Lunar Stag")], finish=False)
    dec = game.decision()
    assert (dec.seat, sorted(labels(game))) == (1, ["Mystic (pile)", "None"])
    script(game, [(1, "Mystic (pile)"), (0, "Mystic (pile)")])
    assert names(game, game.center_row)[0] == "Stone Circle"
    assert game.name_of(me(game, 1).deck[-1]) == "Mystic" and game.name_of(me(game, 0).deck[-1]) == "Mystic"
    assert len(game.piles["rotf.mystic"]) == mystics - 2
    assert (me(game, 1).took, me(game, 0).took) == (2, 0)  # Ann's free Mystic was not on her turn
    assert game.current == 1
    ok(game)


def test_fate_chain_gorph_banishes_a_neighbour_whose_replacement_has_a_fate():
    game = fresh()
    row(game, ["Lunar Stag", "Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven", "Lunar Stag"])
    stack_center_deck(game, ["Ravenous Gorph", "Askara of Fate", "Nairi, Henge Queen"])
    arrange(game, 1, deck=["Mystic"])
    set_resources(game, 0, runes=2)
    script(game, ["Acquire Battery Monk"], finish=False)  # slot 2: the Gorph enters there
    # Gorph's Fate banished slots 1 and 3; slot 1 was refilled with Askara of Fate, whose Fate asks.
    assert names(game, game.center_row)[:4] == ["Lunar Stag", "Askara of Fate", "Ravenous Gorph",
                                                "Nairi, Henge Queen"]
    assert sorted(names(game, game.void)) == ["Dimension Diver", "Hectic Scribe"]
    script(game, [(0, "No"), (1, "Yes")])
    assert hand(game, 1).count("Mystic") == 1 and len(me(game, 1).hand) == 6
    ok(game)


def test_fate_chain_second_gorph_banishes_the_first():
    game = fresh()
    row(game, ["Lunar Stag", "Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven", "Lunar Stag"])
    stack_center_deck(game, ["Ravenous Gorph", "Ravenous Gorph", "Nairi, Henge Queen", "Lunar Stag", "Black Hole"])
    set_resources(game, 0, runes=2)
    script(game, ["Acquire Battery Monk"])
    # Gorph 1 (slot 2) banishes slots 1 and 3; Gorph 2 enters slot 1 and banishes slots 0 and 2 (Gorph 1).
    assert sorted(names(game, game.void)) == ["Dimension Diver", "Hectic Scribe", "Lunar Stag", "Ravenous Gorph"]
    assert names(game, game.center_row)[:4] == ["Lunar Stag", "Ravenous Gorph", "Black Hole", "Nairi, Henge Queen"]
    ok(game)


def test_fate_choice_survives_save_and_load():
    game = fresh()
    row(game, ["Lunar Stag"])
    stack_center_deck(game, ["Arbiter of Fate", "Hectic Scribe"])
    arrange(game, 0, hand=["Militia"], discard=["Apprentice"])
    arrange(game, 1, hand=["Mystic", "Militia"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Lunar Stag"], finish=False)
    copy = load(save(game))
    assert copy.decision() == game.decision()
    for g in (game, copy):
        script(g, [(0, "Apprentice (discard pile)"), (1, "Militia (hand)")])
        assert names(g, g.box) == ["Apprentice", "Militia"]
    assert save(copy) == save(game)


# =============================================================== Enlightened

def test_adayu_the_chosen_acquires_or_defeats_any_one_center_card_free():
    game = fresh()
    row(game, ["Doom Weeper", "Nairi, Henge Queen", "Samael the Fallen"])
    arrange(game, 0, hand=["Adayu, the Chosen"])
    assert game.card(me(game).hand[0]).text == "Acquire or defeat any one card in the center row for free."
    script(game, ["Play Adayu, the Chosen"], finish=False)
    assert len(labels(game)) == 6 and "None" not in labels(game)
    script(game, ["Doom Weeper (center row)"])
    assert (me(game).honor, me(game).runes, me(game).power) == (2, 2, 0)
    assert names(game, game.void) == ["Doom Weeper"]
    ok(game)


def test_adayu_the_chosen_acquires_a_hero_for_free():
    game = fresh()
    row(game, ["Nairi, Henge Queen"])
    arrange(game, 0, hand=["Adayu, the Chosen"], discard=[])
    script(game, ["Play Adayu, the Chosen", "Nairi, Henge Queen (center row)"])
    assert zone(game, 0, "discard") == ["Nairi, Henge Queen"]
    assert me(game).runes == 0


def test_arha_sensei_banish_from_hand_then_mystic_or_heavy_infantry_into_hand():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arha Sensei", "Apprentice", "Militia"])
    mystics = len(game.piles["rotf.mystic"])
    script(game, ["Play Arha Sensei"], finish=False)
    assert sorted(labels(game)) == ["Apprentice (hand)", "Militia (hand)"]  # not optional
    script(game, ["Apprentice (hand)"], finish=False)
    assert names(game, game.box) == ["Apprentice"]
    assert sorted(labels(game)) == ["Heavy Infantry (pile)", "Mystic (pile)"]
    script(game, ["Mystic (pile)"])
    assert hand(game) == ["Militia", "Mystic"]
    assert len(game.piles["rotf.mystic"]) == mystics - 1
    assert me(game).runes == 0
    ok(game)


def test_arha_sensei_with_an_empty_hand_takes_nothing():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arha Sensei"], discard=[])
    script(game, ["Play Arha Sensei"])
    assert hand(game) == [] and zone(game, 0, "discard") == []


def test_askara_of_fate_draws_two_others_may_draw_then_may_banish_center():
    game = fresh()
    row(game, ["Nairi, Henge Queen", "Samael the Fallen"])
    arrange(game, 0, hand=["Askara of Fate"], deck=["Mystic", "Militia", "Apprentice"])
    arrange(game, 1, hand=["Apprentice"], deck=["Heavy Infantry"])
    script(game, ["Play Askara of Fate"], finish=False)
    assert hand(game) == ["Militia", "Mystic"]
    assert game.decision().seat == 1 and game.decision().prompt == "Draw 1 card?"
    script(game, [(1, "Yes")], finish=False)
    assert hand(game, 1) == ["Apprentice", "Heavy Infantry"]
    assert "Samael the Fallen (center row)" not in labels(game) and "None" in labels(game)
    script(game, [(0, "Nairi, Henge Queen (center row)")])
    assert names(game, game.void) == ["Nairi, Henge Queen"]
    assert None not in game.center_row
    ok(game)


def test_dharthas_retreat_two_extra_cards_if_nothing_acquired_or_defeated():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Mystic"], constructs=["Dhartha's Retreat"])
    script(game, ["Play Mystic", "End turn"], finish=False)
    assert game.decision().prompt == "Draw 2 extra cards when you draw your next hand?"
    script(game, [(0, "Yes")])
    assert game.current == 1
    assert len(me(game).hand) == 7 and me(game).bonus_draw == 0
    script(game, [(1, "End turn")])
    # After acquiring something, no offer: a normal hand of five.
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Mystic", "End turn"])
    assert game.current == 1 and len(me(game).hand) == 5
    ok(game)


def test_dharthas_retreat_defeating_the_cultist_counts_and_offer_may_be_declined():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Dhartha's Retreat"])
    script(game, ["End turn", "No"])
    assert len(me(game).hand) == 5
    script(game, [(1, "End turn")])
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])
    assert game.current == 1 and len(me(game).hand) == 5


def test_eternal_askara_banishes_center_card_three_honor_for_a_monster_never_samael():
    game = fresh()
    row(game, ["Sordid Asp", "Nairi, Henge Queen", "Samael the Fallen"])
    arrange(game, 0, hand=["Eternal Askara", "Eternal Askara"])
    script(game, ["Play Eternal Askara"], finish=False)
    assert "Samael the Fallen (center row)" not in labels(game)
    assert "None" not in labels(game)  # banishing is not optional
    script(game, ["Sordid Asp (center row)"])
    assert me(game).honor == 3 and game.pool == POOL - 3
    script(game, ["Play Eternal Askara", "Nairi, Henge Queen (center row)"])
    assert me(game).honor == 3  # a hero: no honor
    assert sorted(names(game, game.void)) == ["Nairi, Henge Queen", "Sordid Asp"]
    assert "Samael the Fallen" in names(game, game.center_row)
    ok(game)


def test_hectic_scribe_draws_two_then_discards_two():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Hectic Scribe", "Militia"], deck=["Mystic", "Heavy Infantry"], discard=[])
    script(game, ["Play Hectic Scribe"], finish=False)
    assert sorted(labels(game)) == ["Heavy Infantry (hand)", "Militia (hand)", "Mystic (hand)"]
    script(game, ["Militia (hand)", "Mystic (hand)"])
    assert hand(game) == ["Heavy Infantry"]
    assert zone(game, 0, "discard") == ["Militia", "Mystic"]
    ok(game)


# =============================================================== Lifebound

def test_nairi_henge_queen_gains_five_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Nairi, Henge Queen"])
    script(game, ["Play Nairi, Henge Queen"])
    assert (me(game).honor, game.pool, me(game).runes, me(game).power) == (5, POOL - 5, 0, 0)


def test_dandelion_witch_honor_for_lifebound_heroes_before_and_after():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Lunar Stag", "Dandelion Witch", "Nairi, Henge Queen", "Dandelion Witch",
                           "Stone Circle"], deck=["Mystic", "Militia"])
    script(game, ["Play Lunar Stag", "Gain 2 runes."])
    script(game, ["Play Dandelion Witch"])      # draws Mystic; Stag + itself
    assert me(game).honor == 2 and "Mystic" in hand(game)
    script(game, ["Play Nairi, Henge Queen"])   # 5, and the first Witch sees a Lifebound hero: +1
    assert me(game).honor == 8
    script(game, ["Play Dandelion Witch"])      # Stag, Witch, Nairi, itself = 4; first Witch +1
    assert me(game).honor == 13
    script(game, ["Play Mystic", "Play Stone Circle"])  # not Lifebound heroes
    assert me(game).honor == 13 and game.pool == POOL - 13
    end_round(game)
    arrange(game, 0, hand=["Lunar Stag"])
    script(game, ["Play Lunar Stag", "Gain 2 runes."])  # the watch ended with the turn
    assert me(game).honor == 13
    ok(game)


def test_great_omen_raven_name_a_card_reveal_it_three_honor_on_a_match():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Great-Omen Raven", "Great-Omen Raven"], deck=["Mystic", "Apprentice"])
    script(game, ["Play Great-Omen Raven"], finish=False)
    every = sorted({d.name for d in game.ctx.defs})
    assert labels(game) == every and len(every) == 36
    script(game, ["Mystic"])
    assert me(game).honor == 3
    assert hand(game) == ["Great-Omen Raven", "Mystic"]
    script(game, ["Play Great-Omen Raven", "Militia"])  # the top card is an Apprentice
    assert me(game).honor == 3
    assert hand(game) == ["Apprentice", "Mystic"]
    ok(game)


def test_lunar_stag_two_runes_or_two_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Lunar Stag", "Lunar Stag"])
    script(game, ["Play Lunar Stag"], finish=False)
    assert labels(game) == ["Gain 2 runes.", "Gain 2 honor."]
    script(game, ["Gain 2 runes.", "Play Lunar Stag", "Gain 2 honor."])
    assert (me(game).runes, me(game).honor) == (2, 2)


def test_serpentcall_runes_and_acquire_a_hero_from_the_void_paying_its_cost():
    game = fresh()
    row(game, [])
    to_void(game, "Nairi, Henge Queen", "Hectic Scribe", "Doom Weeper", "Socket Altar")
    arrange(game, 0, hand=[], discard=[], constructs=["Serpentcall"])
    script(game, ["Use Serpentcall: Once per turn: Gain 2 runes."])
    assert me(game).runes == 2
    script(game, ["Use Serpentcall: Once per turn: You may acquire a hero from the Void, paying its cost."],
           finish=False)
    # Nairi costs 6, Doom Weeper is a monster, Socket Altar a construct.
    assert sorted(labels(game)) == ["Hectic Scribe (Void)", "None"]
    script(game, ["Hectic Scribe (Void)"])
    assert zone(game, 0, "discard") == ["Hectic Scribe"]
    assert me(game).runes == 1
    assert sorted(names(game, game.void)) == ["Doom Weeper", "Nairi, Henge Queen", "Socket Altar"]
    assert not any(lb.startswith("Use Serpentcall") for lb in labels(game))
    ok(game)


def test_stone_circle_once_per_turn_acquired_hero_may_go_on_top_of_deck():
    game = fresh()
    row(game, ["Socket Altar", "Lunar Stag"])
    arrange(game, 0, hand=[], discard=[], constructs=["Stone Circle"])
    set_resources(game, 0, runes=20)
    script(game, ["Acquire Socket Altar"])  # a construct: no offer
    script(game, ["Acquire Mystic", "No"])    # declined: still available this turn
    assert zone(game, 0, "discard") == ["Socket Altar", "Mystic"]
    script(game, ["Acquire Lunar Stag", "Yes"])
    assert game.name_of(me(game).deck[-1]) == "Lunar Stag"
    script(game, ["Acquire Heavy Infantry"])  # used: no more offers this turn
    assert zone(game, 0, "discard") == ["Socket Altar", "Mystic", "Heavy Infantry"]
    ok(game)


# =============================================================== Mechana

def test_project_alpha_acquires_free_up_to_number_of_mechana_constructs():
    game = fresh()
    row(game, ["Battery Monk", "Dimension Diver", "Reclamax", "Sordid Asp", "Lunar Stag", "Nairi, Henge Queen"])
    arrange(game, 0, hand=[], discard=[], constructs=["Project Alpha", "Socket Altar", "Black Hole"])
    script(game, ["Use Project Alpha"], finish=False)  # two Mechana constructs: cost 2 or less
    assert sorted(labels(game)) == ["Battery Monk (center row)", "Heavy Infantry (pile)", "None"]
    script(game, ["None"])
    assert not any(lb.startswith("Use Project Alpha") for lb in labels(game))
    end_round(game)
    arrange(game, 0, constructs=["Project Alpha", "Socket Altar", "Combustion Idol"])
    script(game, ["Use Project Alpha"], finish=False)  # three: cost 3 or less
    assert sorted(labels(game)) == ["Battery Monk (center row)", "Dimension Diver (center row)",
                                    "Heavy Infantry (pile)", "Lunar Stag (center row)",
                                    "Mystic (pile)", "None"]
    script(game, ["Dimension Diver (center row)"])
    assert "Dimension Diver" in zone(game, 0, "discard") and me(game).runes == 0
    ok(game)


def test_dimension_diver_every_construct_is_mechana_this_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Dimension Diver", "Dhartha's Retreat"], deck=["Mystic"],
            constructs=["Combustion Idol", "Socket Altar", "Black Hole"])
    assert not any(lb.startswith("Use Combustion Idol") for lb in labels(game))  # 2 Mechana
    script(game, ["Play Dimension Diver"])
    assert me(game).runes == 2
    script(game, ["Use Combustion Idol"])  # Black Hole counts now
    assert hand(game) == ["Dhartha's Retreat", "Mystic"]
    script(game, ["Play Dhartha's Retreat"])  # an Enlightened construct enters as Mechana: Socket Altar
    assert me(game).runes == 4
    script(game, [(0, "End turn"), (0, "No"), (1, "End turn")])  # Dhartha's Retreat offers its draw
    assert not any(lb.startswith("Use Combustion Idol") for lb in labels(game))  # the turn is over
    ok(game)


def test_combustion_idol_draws_with_three_mechana_constructs_once_per_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Reclamax"], deck=["Mystic", "Militia"], constructs=["Combustion Idol", "Socket Altar"])
    assert not any(lb.startswith("Use Combustion Idol") for lb in labels(game))
    script(game, ["Play Reclamax", "Use Combustion Idol"])
    assert hand(game) == ["Mystic"]
    assert not any(lb.startswith("Use Combustion Idol") for lb in labels(game))
    ok(game)


def test_battery_monk_draws_and_next_construct_is_one_rune_cheaper():
    game = fresh()
    row(game, ["Socket Altar", "Lunar Stag"])
    arrange(game, 0, hand=["Battery Monk"], deck=["Mystic"], discard=[])
    script(game, ["Play Battery Monk"])
    assert hand(game) == ["Mystic"]
    set_resources(game, 0, runes=5)
    assert "Acquire Socket Altar (5 runes)" in labels(game)
    assert "Acquire Lunar Stag (3 runes)" in labels(game)  # heroes are not cheaper
    script(game, ["Acquire Socket Altar (5 runes)"])
    assert me(game).runes == 0 and zone(game, 0, "discard") == ["Socket Altar"]


def test_reclamax_from_play_to_discard_to_acquire_a_mechana_construct_from_the_void():
    game = fresh()
    row(game, [])
    to_void(game, "Socket Altar", "Combustion Idol", "Dhartha's Retreat", "Battery Monk")
    arrange(game, 0, hand=[], discard=[], constructs=["Reclamax"])
    set_resources(game, 0, runes=5)
    script(game, ["Use Reclamax"], finish=False)
    # Socket Altar costs 6; Dhartha's Retreat is not Mechana; Battery Monk is a hero.
    assert sorted(labels(game)) == ["Combustion Idol (Void)", "None"]
    script(game, ["Combustion Idol (Void)"])
    assert zone(game, 0, "constructs") == []
    assert sorted(zone(game, 0, "discard")) == ["Combustion Idol", "Reclamax"]
    assert me(game).runes == 0
    assert sorted(names(game, game.void)) == ["Battery Monk", "Dhartha's Retreat", "Socket Altar"]
    ok(game)


def test_reclamax_without_a_target_is_not_offered():
    """Nothing in the Void it could fetch: using it would do nothing, so it is no move."""
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], discard=[], constructs=["Reclamax"])
    assert not any(lb.startswith("Use Reclamax") for lb in labels(game))
    assert zone(game, 0, "constructs") == ["Reclamax"]


def test_reclamax_fate_each_player_may_take_a_construct_from_discard_into_hand():
    game = fresh()
    row(game, ["Doom Weeper"])
    stack_center_deck(game, ["Reclamax", "Hectic Scribe"])
    arrange(game, 0, hand=[], discard=["Socket Altar", "Mystic"])
    arrange(game, 1, hand=["Militia"], discard=["Black Hole"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Doom Weeper"], finish=False)
    assert (game.decision().seat, sorted(labels(game))) == (0, ["None", "Socket Altar (discard pile)"])
    script(game, [(0, "Socket Altar (discard pile)"), (1, "Black Hole (discard pile)")])
    assert hand(game) == ["Socket Altar"] and hand(game, 1) == ["Black Hole", "Militia"]
    assert zone(game, 0, "discard") == ["Mystic"] and zone(game, 1, "discard") == []
    assert me(game).honor == 2 and me(game).runes == 2
    ok(game)


def test_socket_altar_two_runes_once_per_turn_when_a_mechana_construct_enters():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Black Hole", "Socket Altar", "Combustion Idol"])
    script(game, ["Play Black Hole"])
    assert me(game).runes == 0
    script(game, ["Play Socket Altar"])  # it counts itself
    assert me(game).runes == 2
    script(game, ["Play Combustion Idol"])
    assert me(game).runes == 2
    end_round(game)
    arrange(game, 0, hand=["Reclamax"])
    script(game, ["Play Reclamax"])
    assert me(game).runes == 2


# =============================================================== Void

def test_arbiter_of_fate_draws_and_may_banish_from_hand_or_discard():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arbiter of Fate", "Militia"], deck=["Apprentice"], discard=["Mystic"])
    mystics = len(game.piles["rotf.mystic"])
    script(game, ["Play Arbiter of Fate"], finish=False)
    assert sorted(labels(game)) == ["Apprentice (hand)", "Militia (hand)", "Mystic (discard pile)", "None"]
    script(game, ["Mystic (discard pile)"])
    assert len(game.piles["rotf.mystic"]) == mystics + 1
    assert hand(game) == ["Apprentice", "Militia"]


def test_arbiter_of_fate_fate_each_player_may_banish_deathseeker_pays_honor():
    game = fresh()
    row(game, ["Lunar Stag"])
    stack_center_deck(game, ["Arbiter of Fate", "Hectic Scribe"])
    arrange(game, 0, hand=["Deathseeker"], discard=[])
    arrange(game, 1, hand=["Apprentice"], discard=["Deathseeker"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Lunar Stag", (0, "Deathseeker (hand)"), (1, "Deathseeker (discard pile)")])
    assert (me(game).honor, me(game, 1).honor) == (3, 3)  # each gains it, on anyone's turn
    assert sorted(names(game, game.void)) == ["Deathseeker", "Deathseeker"]
    assert game.pool == POOL - 6
    ok(game)


def test_guardian_of_sadranis_power_and_two_honor_on_next_center_defeat():
    game = fresh()
    row(game, ["Sordid Asp", "Doom Weeper"])
    arrange(game, 0, hand=["Guardian of Sadranis", "Guardian of Sadranis"])
    script(game, ["Play Guardian of Sadranis", "Play Guardian of Sadranis"])
    assert me(game).power == 2
    set_resources(game, 0, power=9)
    script(game, ["Defeat Cultist"])       # not in the center row: the bonus waits
    assert me(game).honor == 1
    script(game, ["Defeat Sordid Asp"])    # 1 + both Guardians' 2
    assert me(game).honor == 1 + 1 + 4
    script(game, ["Defeat Doom Weeper"])   # only the next one
    assert me(game).honor == 6 + 2
    ok(game)


def test_black_hole_banish_from_hand_for_one_power_once_per_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Apprentice", "Mystic"], constructs=["Black Hole"])
    script(game, ["Use Black Hole"], finish=False)
    assert sorted(labels(game)) == ["Apprentice (hand)", "Mystic (hand)", "None"]
    script(game, ["Apprentice (hand)"])
    assert me(game).power == 1 and names(game, game.box) == ["Apprentice"]
    assert not any(lb.startswith("Use Black Hole") for lb in labels(game))
    end_round(game)
    arrange(game, 0, hand=["Mystic"])
    script(game, ["Use Black Hole", "None"])  # nothing banished: no power
    assert me(game).power == 0 and hand(game) == ["Mystic"]


def test_deathseeker_power_and_three_honor_when_banished_from_hand_or_discard_only():
    game = fresh()
    row(game, ["Deathseeker"])
    arrange(game, 0, hand=["Deathseeker", "Black Watch Elite", "Eternal Askara"], discard=["Deathseeker"])
    script(game, ["Play Deathseeker"])
    assert me(game).power == 2
    script(game, ["Play Black Watch Elite", "Deathseeker (discard pile)"])
    assert me(game).honor == 3
    script(game, ["Play Eternal Askara", "Deathseeker (center row)"])  # from the center row: nothing
    assert me(game).honor == 3 and game.pool == POOL - 3
    assert names(game, game.void) == ["Deathseeker", "Deathseeker"]
    ok(game)


def test_sadranis_defeats_a_void_monster_paying_power_then_bottom_of_center_deck():
    game = fresh()
    row(game, [])
    to_void(game, "Doom Weeper", "Fire Tyrant", "Lunar Stag")
    arrange(game, 0, hand=["Guardian of Sadranis", "Sadranis, Dark Emissary"])
    script(game, ["Play Guardian of Sadranis", "Play Sadranis, Dark Emissary"], finish=False)
    assert me(game).power == 4
    assert sorted(labels(game)) == ["Doom Weeper (Void)", "None"]  # Fire Tyrant needs 6
    script(game, ["Doom Weeper (Void)"])
    assert me(game).power == 0
    assert (me(game).honor, me(game).runes) == (2 + 2, 2)  # Guardian's bonus works in the Void
    assert game.name_of(game.center_deck[0]) == "Doom Weeper"
    assert sorted(names(game, game.void)) == ["Fire Tyrant", "Lunar Stag"]
    assert me(game).took == 1
    ok(game)


def test_black_watch_elite_three_power_may_banish():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Black Watch Elite", "Black Watch Elite", "Militia", "Apprentice"], discard=[])
    script(game, ["Play Black Watch Elite"], finish=False)
    assert sorted(labels(game)) == ["Apprentice (hand)", "Black Watch Elite (hand)",
                                    "Militia (hand)", "None"]
    script(game, ["Militia (hand)", "Play Black Watch Elite", "None"])
    assert me(game).power == 6
    assert names(game, game.box) == ["Militia"] and hand(game) == ["Apprentice"]


# =============================================================== Monsters

def test_bazu_opponent_discards_a_card_per_construct():
    game = fresh()
    row(game, ["Bazu, Duke of Scorn"])
    arrange(game, 1, hand=["Mystic", "Apprentice", "Militia"], discard=[], constructs=["Socket Altar", "Black Hole"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Bazu, Duke of Scorn"], finish=False)
    assert game.decision().seat == 1
    assert labels(game) == ["Discard 2 cards", "Put all your constructs into your discard pile"]
    script(game, [(1, "Discard 2 cards"), (1, "Apprentice (hand)"), (1, "Militia (hand)")])
    assert hand(game, 1) == ["Mystic"]
    assert zone(game, 1, "constructs") == ["Socket Altar", "Black Hole"]
    assert me(game).honor == 4
    ok(game)


def test_bazu_opponent_may_put_all_constructs_into_discard_instead():
    game = fresh()
    row(game, ["Bazu, Duke of Scorn"])
    arrange(game, 1, hand=["Mystic"], discard=[], constructs=["Socket Altar", "Black Hole"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Bazu, Duke of Scorn", (1, "Put all your constructs into your discard pile")])
    assert zone(game, 1, "constructs") == [] and sorted(zone(game, 1, "discard")) == ["Black Hole", "Socket Altar"]
    assert hand(game, 1) == ["Mystic"]


def test_bazu_spares_an_opponent_without_constructs():
    game = fresh()
    row(game, ["Bazu, Duke of Scorn"])
    arrange(game, 1, hand=["Mystic"], constructs=[])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Bazu, Duke of Scorn"])
    assert hand(game, 1) == ["Mystic"] and me(game).honor == 4


def test_doom_weeper_two_honor_and_two_runes():
    game = fresh()
    row(game, ["Doom Weeper", "Lunar Stag"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Doom Weeper"])
    assert (me(game).honor, me(game).runes, me(game).power) == (2, 2, 0)
    assert names(game, game.void) == ["Doom Weeper"]


def test_fire_tyrant_six_honor_and_opponent_discards_a_card_of_their_choice():
    game = fresh()
    row(game, ["Fire Tyrant"])
    arrange(game, 1, hand=["Mystic", "Militia"], discard=[])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Fire Tyrant"], finish=False)
    assert game.decision().seat == 1 and sorted(labels(game)) == ["Militia (hand)", "Mystic (hand)"]
    script(game, [(1, "Militia (hand)")])
    assert hand(game, 1) == ["Mystic"] and zone(game, 1, "discard") == ["Militia"]
    assert me(game).honor == 6 and game.pool == POOL - 6
    ok(game)


def test_ravenous_gorph_reward_may_banish_a_card_that_was_next_to_it():
    game = fresh()
    row(game, ["Nairi, Henge Queen", "Ravenous Gorph", "Lunar Stag", "Samael the Fallen"])
    stack_center_deck(game, ["Hectic Scribe"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Ravenous Gorph"], finish=False)
    assert me(game).honor == 3
    # Its replacement (Hectic Scribe, now in its slot) was never next to it.
    assert sorted(labels(game)) == ["Lunar Stag (center row)", "Nairi, Henge Queen (center row)", "None"]
    script(game, ["Nairi, Henge Queen (center row)"])
    assert sorted(names(game, game.void)) == ["Nairi, Henge Queen", "Ravenous Gorph"]
    assert "neighbours" not in game.ext
    ok(game)


def test_ravenous_gorph_fate_banishes_both_neighbours_but_never_samael():
    game = fresh()
    row(game, ["Lunar Stag", "Samael the Fallen", "Battery Monk", "Nairi, Henge Queen"])
    stack_center_deck(game, ["Ravenous Gorph", "Hectic Scribe"])
    set_resources(game, 0, runes=2)
    script(game, ["Acquire Battery Monk"])
    assert names(game, game.center_row)[:4] == ["Lunar Stag", "Samael the Fallen", "Ravenous Gorph", "Hectic Scribe"]
    assert names(game, game.void) == ["Nairi, Henge Queen"]
    ok(game)


def test_samael_the_fallen_kept_defeated_monsters_join_and_play_for_power():
    game = fresh()
    row(game, ["Samael the Fallen", "Sordid Asp"])
    arrange(game, 0, discard=[])
    set_resources(game, 0, power=13)
    script(game, ["Defeat Samael the Fallen"])
    assert me(game).honor == 8
    assert zone(game, 0, "kept") == ["Samael the Fallen"] and game.void == []
    script(game, ["Defeat Sordid Asp"])    # a center-row monster joins Ann's discard pile
    assert zone(game, 0, "discard") == ["Sordid Asp"] and game.void == []
    assert me(game).honor == 9
    script(game, ["Defeat Cultist"])       # not from the center row: the Cultist stays
    assert len(game.piles["rotf.cultist"]) == 1 and me(game).honor == 10
    asp = me(game).discard.pop()
    me(game).hand.append(asp)
    game._decision = None
    script(game, ["Play Sordid Asp"])      # a monster in hand is a hero worth its cost in power
    assert me(game).power == 3
    script(game, ["End turn"])
    assert "Sordid Asp" in zone(game, 0, "discard") and "Samael the Fallen" in zone(game, 0, "kept")
    ok(game)


def test_samael_the_fallen_cannot_be_banished_by_any_banish_effect():
    game = fresh()
    row(game, ["Samael the Fallen", "Lunar Stag"])
    arrange(game, 0, hand=["Askara of Fate"], deck=["Mystic", "Militia"])
    script(game, ["Play Askara of Fate", (1, "No")], finish=False)
    assert "Samael the Fallen (center row)" not in labels(game)
    script(game, ["None"])
    assert "Samael the Fallen" in names(game, game.center_row)


def test_sordid_asp_takes_two_honor_tokens_from_a_leading_opponent():
    game = fresh()
    row(game, ["Sordid Asp", "Sordid Asp"])
    me(game).honor, me(game, 1).honor = 2, 5
    game.pool -= 7
    set_resources(game, 0, power=6)
    script(game, ["Defeat Sordid Asp"])
    assert (me(game).honor, me(game, 1).honor) == (2 + 1 + 2, 3)
    assert game.pool == POOL - 7 - 1  # taken from Bob, not from the pool
    script(game, ["Defeat Sordid Asp"])   # now Ann leads: only the 1 honor
    assert (me(game).honor, me(game, 1).honor) == (6, 3)
    ok(game)


def test_sordid_asp_compares_tokens_not_card_honor():
    game = fresh()
    row(game, ["Sordid Asp"])
    arrange(game, 1, discard=["Nairi, Henge Queen", "Socket Altar"])  # 9 honor in cards, 0 tokens
    set_resources(game, 0, power=3)
    script(game, ["Defeat Sordid Asp"])
    assert (me(game).honor, me(game, 1).honor) == (1, 0)
    me(game).honor, me(game, 1).honor = 0, 1
    game._decision = None
    row(game, ["Sordid Asp"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Sordid Asp"])   # Bob has 1, Ann 1 after the reward's honor: a tie takes nothing
    assert (me(game).honor, me(game, 1).honor) == (1, 1)


def test_vaultbreaker_wurm_opponent_loses_highest_cost_construct():
    game = fresh()
    row(game, ["Vaultbreaker Wurm", "Vaultbreaker Wurm"])
    arrange(game, 1, discard=[], constructs=["Socket Altar", "Project Alpha", "Black Hole", "Combustion Idol"])
    set_resources(game, 0, power=10)
    script(game, ["Defeat Vaultbreaker Wurm"])  # Project Alpha (7) goes, no choice
    assert zone(game, 1, "discard") == ["Project Alpha"]
    assert me(game).honor == 4
    script(game, ["Defeat Vaultbreaker Wurm"])  # Socket Altar (6)
    assert zone(game, 1, "discard") == ["Project Alpha", "Socket Altar"]
    assert me(game).honor == 8
    ok(game)


def test_vaultbreaker_wurm_opponent_chooses_among_tied_constructs():
    game = fresh()
    row(game, ["Vaultbreaker Wurm"])
    arrange(game, 1, discard=[], constructs=["Dhartha's Retreat", "Black Hole", "Combustion Idol"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat Vaultbreaker Wurm"], finish=False)
    assert game.decision().seat == 1
    assert sorted(labels(game)) == ["Black Hole (in play)", "Combustion Idol (in play)"]
    script(game, [(1, "Black Hole (in play)")])
    assert zone(game, 1, "constructs") == ["Dhartha's Retreat", "Combustion Idol"]
