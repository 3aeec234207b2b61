"""Scenario tests for the Mechana, Void and Monster cards of the 10 Year Anniversary set.

Each test sets up an exact situation, plays it through the strict scripted agent and checks
what a player at the table would see: hands, resources, honor, the Void, the center row.
"""
from __future__ import annotations

import pytest

from ascension.core.match import new_game
from ascension.core.scenario import (
    ScriptError, arrange, arrange_center, empty_center_row, end_round, hand, labels, names, script,
    set_resources, stack_center_deck,
)

POOL = 60  # two players: 30 honor each
FILLER = ["Arha Initiate", "Wolf Shaman", "Temple Librarian", "Snapdragon", "Flytrap Witch", "Runic Lycanthrope"]


def fresh(seed: int = 7):
    """A two-player game whose center row is emptied back into the center deck, so that any
    card (even a single copy) can be arranged anywhere. Call ``row`` afterwards."""
    game = new_game(["10th"], ["Ann", "Bob"], seed=seed)
    empty_center_row(game)
    return game


def row(game, cards: list[str]):
    """Arrange the center row, padding it with filler heroes up to six cards."""
    cards = cards + FILLER[: 6 - len(cards)] if len(cards) < 6 else cards
    return arrange_center(game, cards)


def me(game, seat: int = 0):
    return game.players[seat]


def ok(game) -> None:
    game.check_integrity()


# =============================================================== Mechana

def test_avatar_golem_honor_per_distinct_construct_faction():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Avatar Golem"],
            constructs=["Shadow Star", "Muramasa", "Burrower Mark II", "Yggdrasil Staff"])
    script(game, ["Play Avatar Golem"])
    # Void (twice), Mechana, Lifebound: 3 distinct factions -> 3 honor; plus 2 power.
    assert me(game).power == 2
    assert me(game).honor == 3
    assert game.pool == POOL - 3
    ok(game)


def test_avatar_golem_without_constructs_gains_no_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Avatar Golem"], constructs=[])
    script(game, ["Play Avatar Golem"])
    assert (me(game).power, me(game).honor, game.pool) == (2, 0, POOL)


def test_burrower_mark_ii_draws_once_when_a_mechana_construct_enters():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shadow Star", "Burrower Mark II", "Watchmaker's Altar"],
            deck=["Mystic", "Heavy Infantry", "Militia"])
    # A Void construct entering before the Burrower is in play draws nothing.
    script(game, ["Play Shadow Star"])
    assert hand(game) == ["Burrower Mark II", "Watchmaker's Altar"]
    # The Burrower counts itself: one card.
    script(game, ["Play Burrower Mark II"])
    assert hand(game) == ["Mystic", "Watchmaker's Altar"]
    # Once per turn: a second Mechana construct draws nothing more.
    script(game, ["Play Watchmaker's Altar"])
    assert hand(game) == ["Mystic"]
    assert names(game, me(game).constructs) == ["Shadow Star", "Burrower Mark II", "Watchmaker's Altar"]
    ok(game)


def test_burrower_mark_ii_ignores_non_mechana_construct_and_works_again_next_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Burrower Mark II"], deck=["Mystic"])
    script(game, ["Play Burrower Mark II"])
    assert hand(game) == ["Mystic"]
    end_round(game)
    arrange(game, 0, hand=["Shadow Star", "The Grand Design"], deck=["Heavy Infantry", "Militia"])
    script(game, ["Play Shadow Star"])
    assert hand(game) == ["The Grand Design"]
    script(game, ["Play The Grand Design"])
    assert hand(game) == ["Heavy Infantry"]
    ok(game)


def test_hedron_cannon_power_per_mechana_construct_once_per_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Hedron Cannon", "Watchmaker's Altar", "Shadow Star"])
    script(game, ["Use Hedron Cannon"])
    assert me(game).power == 2  # Cannon and Altar; Shadow Star is Void
    assert not any(label.startswith("Use Hedron Cannon") for label in labels(game))
    ok(game)


def test_hedron_link_device_makes_other_constructs_mechana():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shadow Star"], deck=["Mystic"],
            constructs=["Hedron Link Device", "Hedron Cannon", "Burrower Mark II"])
    # The Void Shadow Star enters play as a Mechana construct: the Burrower draws.
    script(game, ["Play Shadow Star"])
    assert hand(game) == ["Mystic"]
    # Cannon counts Link Device, Cannon, Burrower and the Shadow Star.
    script(game, ["Use Hedron Cannon"])
    assert me(game).power == 4
    ok(game)


def test_hedron_link_device_absent_void_construct_is_not_mechana():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Hedron Cannon", "Shadow Star", "Muramasa"])
    script(game, ["Use Hedron Cannon"])
    assert me(game).power == 1


def test_kor_the_ferromancer_draws_only_with_two_constructs():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Kor, the Ferromancer"], deck=["Mystic"], constructs=["Shadow Star"])
    script(game, ["Play Kor, the Ferromancer"])
    assert me(game).power == 2
    assert hand(game) == []
    end_round(game)
    arrange(game, 0, hand=["Kor, the Ferromancer"], deck=["Mystic"],
            constructs=["Shadow Star", "Burrower Mark II"])
    script(game, ["Play Kor, the Ferromancer"])
    assert me(game).power == 2
    assert hand(game) == ["Mystic"]
    ok(game)


def test_mechana_initiate_gains_a_rune_and_a_power():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Mechana Initiate"])
    script(game, ["Play Mechana Initiate"])
    assert (me(game).runes, me(game).power) == (1, 1)
    assert names(game, me(game).played) == ["Mechana Initiate"]


def test_reactor_monk_next_construct_one_rune_cheaper_only_once():
    game = fresh()
    row(game, ["Burrower Mark II", "Shadow Star", "Wolf Shaman"])
    arrange(game, 0, hand=["Reactor Monk"], discard=[])
    script(game, ["Play Reactor Monk"])
    assert me(game).runes == 2
    current = labels(game)
    assert "Acquire Burrower Mark II (2 runes)" in current
    assert "Acquire Wolf Shaman (3 runes)" not in current  # heroes are not discounted (2 runes left)
    script(game, ["Acquire Burrower Mark II (2 runes)"])
    assert me(game).runes == 0
    assert names(game, me(game).discard) == ["Burrower Mark II"]
    # Only once: the next construct costs full price again.
    set_resources(game, 0, runes=3)
    assert "Acquire Shadow Star (3 runes)" in labels(game)
    script(game, ["Acquire Shadow Star (3 runes)"])
    assert me(game).runes == 0
    ok(game)


def test_reactor_monk_discount_is_used_up_by_a_free_construct_acquisition():
    """"Your next construct acquisition this turn": a construct taken free (Avatar of the Fallen's
    reward) was that acquisition; the discount lasted on to the next one bought."""
    game = fresh()
    row(game, ["Avatar of the Fallen", "Shadow Star", "Burrower Mark II"])
    arrange(game, 0, hand=["Reactor Monk"], deck=["Militia", "Militia"])
    set_resources(game, 0, power=7)
    script(game, ["Play Reactor Monk", "Defeat Avatar of the Fallen", "Shadow Star"])
    assert "Shadow Star" in names(game, me(game).discard)
    set_resources(game, 0, runes=3)
    assert "Acquire Burrower Mark II (3 runes)" in labels(game)   # full price again
    ok(game)


def test_reactor_monk_discount_lasts_this_turn_only():
    game = fresh()
    row(game, ["Shadow Star"])
    arrange(game, 0, hand=["Reactor Monk"])
    script(game, ["Play Reactor Monk"])
    assert "Acquire Shadow Star (2 runes)" in labels(game)
    end_round(game)
    set_resources(game, 0, runes=3)
    assert "Acquire Shadow Star (3 runes)" in labels(game)


def test_rocket_courier_x_99_acquired_mechana_construct_may_go_to_hand():
    game = fresh()
    row(game, ["Shadow Star", "Burrower Mark II", "Watchmaker's Altar", "Rocket Courier X-99"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99"])
    set_resources(game, 0, runes=20)
    # A Void construct is not Mechana: no offer, it goes to the discard pile.
    script(game, ["Acquire Shadow Star"])
    assert names(game, me(game).discard) == ["Shadow Star"]
    script(game, ["Acquire Burrower Mark II", "Yes"])
    assert hand(game) == ["Burrower Mark II"]
    # Once per turn: the next Mechana construct goes to the discard pile without asking.
    script(game, ["Acquire Watchmaker's Altar"])
    assert hand(game) == ["Burrower Mark II"]
    assert sorted(names(game, me(game).discard)) == ["Shadow Star", "Watchmaker's Altar"]
    assert me(game).runes == 20 - 3 - 3 - 5
    ok(game)


def test_two_rocket_couriers_each_send_one_mechana_construct_to_hand():
    """Each copy is once per turn: the second one's use went on the card the first had already
    moved, and the next Mechana construct that turn went to the discard pile unasked."""
    game = fresh()
    row(game, ["Burrower Mark II", "Watchmaker's Altar"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99", "Rocket Courier X-99"])
    set_resources(game, 0, runes=20)
    script(game, ["Acquire Burrower Mark II", "Yes"])
    assert hand(game) == ["Burrower Mark II"]
    script(game, ["Acquire Watchmaker's Altar", "Yes"])
    assert hand(game) == ["Burrower Mark II", "Watchmaker's Altar"] and me(game).discard == []
    ok(game)


def test_rocket_courier_x_99_offer_can_be_declined():
    game = fresh()
    row(game, ["The Grand Design"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99"])
    set_resources(game, 0, runes=6)
    script(game, ["Acquire The Grand Design", "No"])
    assert hand(game) == []
    assert names(game, me(game).discard) == ["The Grand Design"]


def test_the_grand_design_runes_only_for_mechana_constructs():
    game = fresh()
    row(game, ["Burrower Mark II", "Kor, the Ferromancer", "Shadow Star", "Spike Vixen"])
    arrange(game, 0, hand=[], discard=[], constructs=["The Grand Design"])
    set_resources(game, 0, runes=1)
    script(game, ["Use The Grand Design"])
    assert me(game).runes == 1 and me(game).mech_runes == 2
    current = labels(game)
    assert "Acquire Burrower Mark II (3 runes)" in current          # Mechana construct: 1 + 2
    assert not any(lb.startswith("Acquire Kor") for lb in current)   # a Mechana hero: no
    assert not any(lb.startswith("Acquire Spike Vixen") for lb in current)   # a hero costing 2: no
    assert not any(lb.startswith("Acquire Shadow Star") for lb in current)   # a Void construct: no
    assert not any(lb.startswith("Use The Grand Design") for lb in current)  # once per turn
    script(game, ["Acquire Burrower Mark II"])
    assert (me(game).runes, me(game).mech_runes) == (0, 0)
    assert names(game, me(game).discard) == ["Burrower Mark II"]
    ok(game)


def test_watchmakers_altar_rune_cannot_buy_a_hero():
    game = fresh()
    row(game, ["Burrower Mark II", "Spike Vixen", "Kor, the Ferromancer"])
    arrange(game, 0, hand=[], discard=[], constructs=["Watchmaker's Altar"])
    set_resources(game, 0, runes=2)
    script(game, ["Use Watchmaker's Altar"])
    assert (me(game).runes, me(game).mech_runes) == (2, 1)
    current = labels(game)
    assert not any(lb.startswith("Acquire Kor") for lb in current)  # 3-cost hero, only 2 real runes
    assert "Acquire Spike Vixen (2 runes)" in current
    # The Mechana rune is spent first on a Mechana construct.
    script(game, ["Acquire Burrower Mark II"])
    assert (me(game).runes, me(game).mech_runes) == (0, 0)
    assert names(game, me(game).discard) == ["Burrower Mark II"]
    ok(game)


# =============================================================== Void

def test_arbiter_of_the_precipice_must_banish_from_hand_not_a_played_card():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Apprentice", "Arbiter of the Precipice"], deck=["Militia", "Heavy Infantry"])
    infantry = len(game.piles["10th.heavy_infantry"])
    script(game, ["Play Apprentice", "Play Arbiter of the Precipice"], finish=False)
    dec = game.decision()
    assert dec.kind == "choose_card"
    # Only the two drawn cards: no played Apprentice, no Arbiter, and no "None".
    assert sorted(labels(game)) == ["Heavy Infantry (hand)", "Militia (hand)"]
    script(game, ["Heavy Infantry (hand)"])
    assert hand(game) == ["Militia"]
    assert len(game.piles["10th.heavy_infantry"]) == infantry + 1
    assert sorted(names(game, me(game).played)) == ["Apprentice", "Arbiter of the Precipice"]
    ok(game)


def test_demon_slayer_gains_three_power():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Demon Slayer"])
    script(game, ["Play Demon Slayer"])
    assert (me(game).runes, me(game).power) == (0, 3)


def test_emri_one_with_the_void_gains_four_power():
    game = fresh()
    row(game, ["Earth Tyrant"])
    arrange(game, 0, hand=["Emri, One with the Void", "Militia", "Militia"])
    script(game, ["Play Emri, One with the Void", "Play Militia"])
    assert me(game).power == 5
    assert "Defeat Earth Tyrant (6 power)" not in labels(game)
    script(game, ["Play Militia", "Defeat Earth Tyrant"])
    assert me(game).power == 0 and me(game).honor == 5


def test_muramasa_three_power_once_per_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Muramasa"])
    script(game, ["Use Muramasa"])
    assert me(game).power == 3
    assert not any(lb.startswith("Use Muramasa") for lb in labels(game))
    end_round(game)
    assert me(game).power == 0
    script(game, ["Use Muramasa"])
    assert me(game).power == 3
    with pytest.raises(ScriptError):
        script(game, ["Use Muramasa"])


def test_shade_of_the_black_watch_optional_banish_from_hand_or_discard():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shade of the Black Watch", "Shade of the Black Watch", "Shade of the Black Watch",
                           "Apprentice", "Militia"], discard=["Mystic"])
    mystics = len(game.piles["10th.mystic"])
    script(game, ["Play Shade of the Black Watch"], finish=False)
    assert sorted(labels(game)) == ["Apprentice (hand)", "Militia (hand)", "Mystic (discard pile)",
                                    "None", "Shade of the Black Watch (hand)"]
    script(game, ["Apprentice (hand)"])
    assert names(game, game.box) == ["Apprentice"]           # a starting card goes back to the box
    script(game, ["Play Shade of the Black Watch", "Mystic (discard pile)"])
    assert len(game.piles["10th.mystic"]) == mystics + 1       # a Mystic goes back to its pile
    assert me(game).discard == []
    script(game, ["Play Shade of the Black Watch", "None"])    # optional
    assert me(game).power == 6
    assert hand(game) == ["Militia"]
    assert game.void == []
    ok(game)


def test_shadow_star_one_power_once_per_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shadow Star"])
    script(game, ["Play Shadow Star", "Use Shadow Star"])
    assert me(game).power == 1
    assert not any(lb.startswith("Use Shadow Star") for lb in labels(game))
    assert names(game, me(game).constructs) == ["Shadow Star"]


def test_spike_vixen_gains_power_and_draws():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Spike Vixen"], deck=["Mystic"])
    script(game, ["Play Spike Vixen"])
    assert (me(game).runes, me(game).power) == (0, 1)
    assert hand(game) == ["Mystic"]


def test_void_initiate_gains_a_rune_and_may_banish():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Void Initiate", "Void Initiate", "Militia"], discard=["Heavy Infantry"])
    script(game, ["Play Void Initiate", "Militia (hand)"])
    assert names(game, game.box) == ["Militia"]
    script(game, ["Play Void Initiate", "None"])
    assert me(game).runes == 2
    assert names(game, me(game).discard) == ["Heavy Infantry"]
    ok(game)


def test_voidthirster_put_into_play_after_a_center_defeat_gives_nothing_for_the_next_that_turn():
    """"Gain 1 honor the first time you defeat a center-row monster each turn": a defeat before it
    came into play was the first; it gave 1 honor for the second."""
    game = fresh()
    row(game, ["Samael's Trickster", "Tormented Soul"])
    arrange(game, 0, hand=["Voidthirster"], constructs=[], deck=["Mystic", "Mystic"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Samael's Trickster"])
    assert me(game).honor == 2
    script(game, ["Play Voidthirster", "Defeat Tormented Soul"])
    assert me(game).honor == 2 + 2                  # the Soul's reward alone
    ok(game)


def test_voidthirster_honor_first_center_monster_each_turn_not_cultist():
    game = fresh()
    row(game, ["Samael's Trickster", "Tormented Soul", "Mephit"])
    arrange(game, 0, hand=[], constructs=["Voidthirster"], deck=["Mystic", "Mystic"])
    set_resources(game, 0, power=8)
    script(game, ["Use Voidthirster"])
    assert me(game).power == 9
    script(game, ["Defeat Cultist"])
    assert me(game).honor == 1                      # the Cultist is not a center-row monster
    script(game, ["Defeat Samael's Trickster"])
    assert me(game).honor == 1 + 2 + 1              # first center-row monster: +1
    script(game, ["Defeat Tormented Soul"])
    assert me(game).honor == 4 + 2                  # only the first time each turn
    assert game.pool == POOL - 6
    end_round(game)
    set_resources(game, 0, power=3)
    script(game, ["Defeat Mephit", "None"])
    assert me(game).honor == 6 + 2 + 1              # a new turn: again
    ok(game)


# =============================================================== Monsters

def test_avatar_of_the_fallen_unbanishable_and_reward_takes_another_card_free():
    game = fresh()
    row(game, ["Avatar of the Fallen", "Mephit", "Wind Tyrant", "Wolf Shaman", "Arha Initiate", "Snapdragon"])
    arrange(game, 0, hand=[], discard=[])
    set_resources(game, 0, power=10)
    script(game, ["Defeat Mephit"], finish=False)
    assert "Avatar of the Fallen (center row)" not in labels(game)
    assert "Wind Tyrant (center row)" in labels(game)
    script(game, ["None"])
    # The center row is refilled before the reward: the new card can be taken for free.
    stack_center_deck(game, ["Master Dhartha"])
    script(game, ["Defeat Avatar of the Fallen"], finish=False)
    assert me(game).honor == 2 + 4
    assert "Avatar of the Fallen" in names(game, game.void)
    assert "Avatar of the Fallen (center row)" not in labels(game)
    assert "Master Dhartha (center row)" in labels(game)
    assert "None" not in labels(game)
    script(game, ["Master Dhartha (center row)"])
    assert names(game, me(game).discard) == ["Master Dhartha"]
    assert me(game).power == 0 and me(game).runes == 0
    assert None not in game.center_row
    ok(game)


def test_avatar_of_the_fallen_reward_can_defeat_a_monster_for_free():
    game = fresh()
    row(game, ["Avatar of the Fallen", "Wind Tyrant"])
    set_resources(game, 0, power=7)
    script(game, ["Defeat Avatar of the Fallen", "Wind Tyrant (center row)"])
    assert me(game).honor == 4 + 3
    assert me(game).runes == 3
    assert sorted(names(game, game.void)) == ["Avatar of the Fallen", "Wind Tyrant"]


def test_corrosive_widow_opponent_chooses_construct_to_destroy():
    game = fresh()
    row(game, ["Corrosive Widow"])
    arrange(game, 1, discard=[], constructs=["Shadow Star", "Muramasa"])
    arrange(game, 0, constructs=["Burrower Mark II"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Corrosive Widow"], finish=False)
    assert game.decision().seat == 1
    script(game, [(1, "Muramasa (in play)")])
    assert names(game, game.players[1].constructs) == ["Shadow Star"]
    assert names(game, game.players[1].discard) == ["Muramasa"]
    assert names(game, me(game).constructs) == ["Burrower Mark II"]
    assert me(game).honor == 3 and game.pool == POOL - 3
    assert names(game, game.void) == ["Corrosive Widow"]
    ok(game)


def test_earth_tyrant_five_honor_and_draw_two():
    game = fresh()
    row(game, ["Earth Tyrant"])
    arrange(game, 0, hand=[], deck=["Mystic", "Militia", "Heavy Infantry"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Earth Tyrant"])
    assert me(game).honor == 5 and game.pool == POOL - 5
    assert hand(game) == ["Militia", "Mystic"]
    assert names(game, game.void) == ["Earth Tyrant"]


def test_mephit_two_honor_and_may_banish_a_center_card():
    game = fresh()
    row(game, ["Mephit", "Landtalker"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Mephit", "Landtalker (center row)"])
    assert me(game).honor == 2
    assert sorted(names(game, game.void)) == ["Landtalker", "Mephit"]
    assert "Landtalker" not in names(game, game.center_row)
    assert None not in game.center_row
    ok(game)


def test_mistake_of_creation_banishes_from_center_and_discard():
    game = fresh()
    row(game, ["Mistake of Creation", "Wind Tyrant"])
    arrange(game, 0, discard=["Apprentice", "Mystic"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Mistake of Creation", "Wind Tyrant (center row)", "Apprentice (discard pile)"])
    assert me(game).honor == 4
    assert me(game).runes == 0  # banishing a monster is not defeating it
    assert sorted(names(game, game.void)) == ["Mistake of Creation", "Wind Tyrant"]
    assert names(game, game.box) == ["Apprentice"]
    assert names(game, me(game).discard) == ["Mystic"]
    ok(game)


def test_mistake_of_creation_both_banishes_optional():
    game = fresh()
    row(game, ["Mistake of Creation"])
    arrange(game, 0, discard=["Apprentice"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Mistake of Creation", "None", "None"])
    assert me(game).honor == 4
    assert names(game, game.void) == ["Mistake of Creation"]
    assert names(game, me(game).discard) == ["Apprentice"]


def test_samaels_trickster_two_honor_and_a_rune():
    game = fresh()
    row(game, ["Samael's Trickster", "Arha Initiate"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Samael's Trickster"])
    assert (me(game).honor, me(game).runes, me(game).power) == (2, 1, 0)
    script(game, ["Acquire Arha Initiate (1 rune)"])
    assert "Arha Initiate" in names(game, me(game).discard)


def test_sea_tyrant_opponent_keeps_one_construct_of_their_choice():
    game = fresh()
    row(game, ["Sea Tyrant", "Sea Tyrant"])
    arrange(game, 1, discard=[], constructs=["Shadow Star", "Muramasa", "Voidthirster"])
    arrange(game, 0, constructs=["Burrower Mark II", "Shadow Star"])
    set_resources(game, 0, power=10)
    script(game, ["Defeat Sea Tyrant", (1, "Muramasa (in play)")])
    assert names(game, game.players[1].constructs) == ["Muramasa"]
    assert sorted(names(game, game.players[1].discard)) == ["Shadow Star", "Voidthirster"]
    assert names(game, me(game).constructs) == ["Burrower Mark II", "Shadow Star"]
    assert me(game).honor == 5
    # With a single construct there is nothing to choose: it is kept.
    script(game, ["Defeat Sea Tyrant"])
    assert names(game, game.players[1].constructs) == ["Muramasa"]
    assert me(game).honor == 10
    ok(game)


def test_tormented_soul_two_honor_and_draw_one():
    game = fresh()
    row(game, ["Tormented Soul"])
    arrange(game, 0, hand=[], deck=["Mystic", "Militia"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Tormented Soul"])
    assert me(game).honor == 2
    assert hand(game) == ["Mystic"]


def test_wind_tyrant_three_honor_and_three_runes():
    game = fresh()
    row(game, ["Wind Tyrant", "Wolf Shaman"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat Wind Tyrant"])
    assert (me(game).honor, me(game).runes, me(game).power) == (3, 3, 0)
    assert "Acquire Wolf Shaman (3 runes)" in labels(game)


def test_xeron_duke_of_lies_takes_a_random_card_from_opponent_hand():
    game = fresh()
    row(game, ["Xeron, Duke of Lies"])
    arrange(game, 1, hand=["Mystic", "Heavy Infantry", "Militia"])
    arrange(game, 0, hand=[])
    bob_deck = len(game.players[1].deck)
    bob_hand = list(game.players[1].hand)
    set_resources(game, 0, power=6)
    script(game, ["Defeat Xeron, Duke of Lies"])
    assert me(game).honor == 4
    assert len(me(game).hand) == 1
    stolen = me(game).hand[0]
    assert stolen in bob_hand
    assert sorted(game.players[1].hand) == sorted(c for c in bob_hand if c != stolen)
    assert len(game.players[1].deck) == bob_deck  # no replacement card is drawn
    # The card is Ann's now: played, it ends in her discard pile.
    script(game, [f"Play {game.name_of(stolen)}", "End turn"])
    assert stolen in game.players[0].owned()
    assert stolen not in game.players[1].owned()
    ok(game)
