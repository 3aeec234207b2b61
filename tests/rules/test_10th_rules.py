"""One test per rule and per FAQ answer of the Ascension: 10 Year Anniversary Edition rulebook
(shared/rules/000_76bd38d8525f2d83.txt), each named after the rule or question it checks.
The solo variant (Samael) is tested in tests/plugins/test_samael.py."""
from __future__ import annotations

from collections import Counter

import pytest

from ascension.core.match import SetupError, new_game
from ascension.core.scenario import arrange, labels, names, script, set_resources, set_row, stack_center_deck


# ---------------------------------------------------------------------------------- helpers
def two(seed: int = 7):
    return new_game(["10th"], ["Ann", "Bob"], seed=seed)


def exact(game, seat: int = 0, hand=(), deck=(), discard=(), constructs=()):
    """Give ``seat`` exactly these zones (deck top card first). Starting cards not named are
    put back in the box, so the zones hold nothing else."""
    arrange(game, seat, hand=list(hand), discard=list(discard), constructs=list(constructs),
            played=[], deck=list(deck))
    p = game.players[seat]
    extra = len(p.deck) - len(deck)
    game.box.extend(p.deck[:extra])
    del p.deck[:extra]
    game._decision = None
    return game


def zone(game, seat: int, name: str) -> list[str]:
    return names(game, getattr(game.players[seat], name))


def row(game) -> list[str]:
    return names(game, game.center_row)


def kinds(game) -> list[str]:
    return [e.kind for e in game.log]


# ---------------------------------------------------------------------------------- setup
def test_rule_starting_deck_is_8_apprentices_and_2_militia():
    game = two()
    for p in game.players:
        assert Counter(game.name_of(c) for c in p.owned()) == {"Apprentice": 8, "Militia": 2}


def test_rule_each_player_draws_5_card_opening_hand_and_leaves_5_in_deck():
    game = two()
    for p in game.players:
        assert (len(p.hand), len(p.deck), len(p.discard), len(p.played), len(p.constructs)) == (5, 5, 0, 0, 0)


def test_rule_always_available_piles_are_20_mystic_20_heavy_infantry_and_1_cultist():
    game = two()
    assert {game.name_of(p[0]): len(p) for p in game.piles.values()} == {
        "Mystic": 20, "Heavy Infantry": 20, "Cultist": 1}


def test_rule_center_deck_is_100_cards_and_6_are_dealt_face_up_to_the_center_row():
    game = two()
    assert len(game.center_row) == 6
    assert None not in game.center_row
    assert len(game.center_deck) == 94
    assert all(game.card(c).role == "center" for c in game.center_deck + game.center_row)


@pytest.mark.parametrize("players, pool", [(2, 60), (3, 90), (4, 120)])
def test_rule_honor_pool_is_30_per_player_60_90_120(players, pool):
    game = new_game(["10th"], ["Ann", "Bob", "Cid", "Dee"][:players], seed=3)
    assert game.pool == pool
    assert [p.honor for p in game.players] == [0] * players


def test_rule_game_is_for_1_to_4_players_so_5_players_are_refused():
    with pytest.raises(SetupError, match="at most 4"):
        new_game(["10th"], ["A", "B", "C", "D", "E"], seed=1)


def test_rule_a_single_player_needs_the_solo_variant():
    with pytest.raises(SetupError, match="solo variant"):
        new_game(["10th"], ["Ann"], seed=1)


def test_rule_first_player_starts_and_turns_pass_clockwise():
    game = new_game(["10th"], ["Ann", "Bob", "Cid"], seed=5)
    seen = [game.current]
    for _ in range(4):
        script(game, ["End turn"])
        seen.append(game.current)
    assert seen == [0, 1, 2, 0, 1]
    assert game.turn == 5


def test_rule_the_first_player_is_drawn_at_random_and_the_seats_keep_their_order():
    from ascension.core.session import first_player_drawn
    table = ["Ann", "Bob", "Cid", "Dee"]
    firsts = {first_player_drawn(table, seed)[0] for seed in range(40)}
    assert firsts == set(table)                       # anyone may start
    for seed in range(40):
        drawn = first_player_drawn(table, seed)
        k = table.index(drawn[0])
        assert drawn == table[k:] + table[:k]        # the same neighbours around the table
        assert drawn == first_player_drawn(table, seed)   # the seed decides: a replay seats the same


# ---------------------------------------------------------------------------------- playing cards
def test_rule_played_hero_resolves_its_effect_and_stays_in_front_of_the_player():
    game = exact(two(), 0, hand=["Mystic", "Heavy Infantry"], deck=["Apprentice"] * 5)
    script(game, ["Play Mystic", "Play Heavy Infantry"])
    p = game.players[0]
    assert (p.runes, p.power) == (2, 2)
    assert zone(game, 0, "played") == ["Mystic", "Heavy Infantry"]
    assert zone(game, 0, "hand") == [] and zone(game, 0, "discard") == []


def test_rule_card_text_wins_spike_vixen_gains_1_power_and_draws_a_card():
    # The rulebook's example says "gain 1 Rune", but the card reads "Gain 1 power. Draw 1 card."
    # and the rulebook itself says card text takes precedence.
    game = exact(two(), 0, hand=["Spike Vixen"], deck=["Mystic", "Apprentice"])
    script(game, ["Play Spike Vixen"])
    p = game.players[0]
    assert (p.runes, p.power) == (0, 1)
    assert zone(game, 0, "hand") == ["Mystic"]


def test_rule_runes_acquire_heroes_and_constructs_and_power_defeats_monsters():
    game = set_row(two(), ["Wolf Shaman", "Shadow Star", "Mephit", "Tormented Soul", "Arha Initiate",
                           "Spike Vixen"])
    set_resources(game, 0, runes=10, power=0)
    assert sorted(x for x in labels(game) if x.startswith(("Acquire", "Defeat"))) == [
        "Acquire Arha Initiate (1 rune)", "Acquire Heavy Infantry (2 runes)", "Acquire Mystic (3 runes)",
        "Acquire Shadow Star (3 runes)", "Acquire Spike Vixen (2 runes)", "Acquire Wolf Shaman (3 runes)"]
    set_resources(game, 0, runes=0, power=10)
    assert sorted(x for x in labels(game) if x.startswith(("Acquire", "Defeat"))) == [
        "Defeat Cultist (2 power)", "Defeat Mephit (3 power)", "Defeat Tormented Soul (3 power)"]


def test_rule_acquiring_costs_the_runes_shown_kor_the_ferromancer_costs_3():
    game = set_row(two(), ["Kor, the Ferromancer"])
    set_resources(game, 0, runes=2)
    assert not any(x.startswith("Acquire Kor") for x in labels(game))
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Kor, the Ferromancer (3 runes)"])
    assert game.players[0].runes == 0
    assert zone(game, 0, "discard")[-1] == "Kor, the Ferromancer"


def test_rule_defeating_costs_the_power_shown_earth_tyrant_costs_6():
    game = set_row(exact(two(), 0, hand=[], deck=["Mystic", "Militia", "Apprentice"]), ["Earth Tyrant"])
    set_resources(game, 0, power=5)
    assert not any(x.startswith("Defeat Earth Tyrant") for x in labels(game))
    set_resources(game, 0, power=6)
    script(game, ["Defeat Earth Tyrant (6 power)"])
    p = game.players[0]
    assert (p.power, p.honor, game.pool) == (0, 5, 55)
    assert zone(game, 0, "hand") == ["Mystic", "Militia"]  # reward: draw 2 cards


def test_rule_acquired_card_goes_to_the_discard_pile():
    game = set_row(exact(two(), 0, hand=["Mystic", "Mystic"], deck=["Apprentice"] * 5), ["Wolf Shaman"])
    script(game, ["Play Mystic", "Play Mystic", "Acquire Wolf Shaman"])
    assert zone(game, 0, "discard") == ["Wolf Shaman"]
    assert game.players[0].runes == 1


def test_rule_center_row_refilled_immediately_after_acquire():
    game = set_row(two(), ["Mephit", "Tormented Soul", "Wolf Shaman", "Mephit", "Arha Initiate", "Spike Vixen"])
    stack_center_deck(game, ["Landtalker"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Wolf Shaman"])
    assert row(game) == ["Mephit", "Tormented Soul", "Landtalker", "Mephit", "Arha Initiate", "Spike Vixen"]
    assert kinds(game)[-2:] == ["acquired", "center_dealt"]


def test_rule_center_row_refilled_immediately_after_defeat():
    game = set_row(two(), ["Wolf Shaman", "Tormented Soul", "Wolf Shaman", "Mephit", "Arha Initiate", "Spike Vixen"])
    stack_center_deck(game, ["Landtalker"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Tormented Soul"])
    assert row(game) == ["Wolf Shaman", "Landtalker", "Wolf Shaman", "Mephit", "Arha Initiate", "Spike Vixen"]
    assert names(game, game.void) == ["Tormented Soul"]


def test_rule_center_row_refilled_immediately_after_banish_from_it():
    game = exact(two(), 0, hand=["Seer of the Forked Path"], deck=["Apprentice"])
    set_row(game, ["Wolf Shaman", "Mephit", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"])
    stack_center_deck(game, ["Landtalker"])
    script(game, ["Play Seer of the Forked Path", "Mephit (center row)"])
    assert row(game) == ["Wolf Shaman", "Landtalker", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"]
    assert names(game, game.void) == ["Mephit"]


def test_rule_banishing_a_monster_from_the_center_row_is_not_defeating_it_no_reward():
    game = exact(two(), 0, hand=["Seer of the Forked Path"], deck=["Apprentice"])
    set_row(game, ["Earth Tyrant"])
    script(game, ["Play Seer of the Forked Path", "Earth Tyrant (center row)"])
    assert (game.players[0].honor, game.pool) == (0, 60)
    assert zone(game, 0, "hand") == ["Apprentice"]  # only the Seer's own draw
    assert "defeated" not in kinds(game)


def test_rule_mystic_and_heavy_infantry_are_acquired_from_their_piles():
    game = exact(two(), 0, hand=[], deck=["Apprentice"] * 5)
    set_resources(game, 0, runes=5)
    script(game, ["Acquire Mystic (3 runes)", "Acquire Heavy Infantry (2 runes)"])
    assert zone(game, 0, "discard") == ["Mystic", "Heavy Infantry"]
    assert sorted(len(p) for p in game.piles.values()) == [1, 19, 19]
    assert game.players[0].runes == 0


def test_rule_acquired_mystic_and_heavy_infantry_are_gone_when_their_pile_is_empty():
    game = exact(two(), 0, hand=[], deck=["Apprentice"] * 5)
    for pid in ("10th.mystic", "10th.heavy_infantry"):
        game.players[1].discard.extend(game.piles[pid])  # all acquired by Bob
        game.piles[pid].clear()
    set_resources(game, 0, runes=20)
    assert not any(x.startswith(("Acquire Mystic", "Acquire Heavy Infantry")) for x in labels(game))


def test_rule_banished_apprentice_and_militia_go_to_the_box_not_the_void():
    game = exact(two(), 0, hand=["Void Initiate", "Apprentice"], deck=["Mystic"])
    apprentice = game.players[0].hand[1]
    script(game, ["Play Void Initiate", "Apprentice (hand)"])
    assert game.box[-1] == apprentice
    assert game.void == [] and game.players[0].owned().count(apprentice) == 0
    game = exact(two(), 0, hand=["Shade of the Black Watch"], discard=["Militia"], deck=["Mystic"])
    militia = game.players[0].discard[0]
    script(game, ["Play Shade of the Black Watch", "Militia (discard pile)"])
    assert game.box[-1] == militia
    assert game.void == [] and zone(game, 0, "discard") == []


def test_rule_banished_mystic_and_heavy_infantry_return_to_their_piles():
    game = exact(two(), 0, hand=["Void Initiate", "Mystic", "Shade of the Black Watch"],
                 discard=["Heavy Infantry"], deck=["Apprentice"] * 5)
    assert sorted(len(p) for p in game.piles.values()) == [1, 19, 19]
    script(game, ["Play Void Initiate", "Mystic (hand)",
                  "Play Shade of the Black Watch", "Heavy Infantry (discard pile)"])
    assert {game.name_of(p[0]): len(p) for p in game.piles.values()} == {
        "Mystic": 20, "Heavy Infantry": 20, "Cultist": 1}
    assert game.void == []


def test_rule_banished_card_from_hand_or_discard_goes_to_the_void():
    game = exact(two(), 0, hand=["Void Initiate", "Wolf Shaman"], deck=["Apprentice"] * 5)
    script(game, ["Play Void Initiate", "Wolf Shaman (hand)"])
    assert names(game, game.void) == ["Wolf Shaman"]
    assert zone(game, 0, "hand") == []


def test_rule_cultist_is_always_available_and_never_put_into_the_void():
    game = two()
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist (2 power)"])
    assert len(game.piles["10th.cultist"]) == 1
    assert game.void == []
    assert (game.players[0].honor, game.pool) == (1, 59)


def test_rule_destroyed_construct_goes_to_its_owners_discard_pile():
    game = set_row(two(), ["Corrosive Widow"])
    exact(game, 1, hand=[], constructs=["Muramasa"], deck=["Apprentice"] * 5)
    set_resources(game, 0, power=4)
    script(game, ["Defeat Corrosive Widow (4 power)"])
    assert zone(game, 1, "constructs") == []
    assert zone(game, 1, "discard") == ["Muramasa"]
    assert game.players[0].honor == 3


def test_rule_constructs_in_hand_are_not_controlled():
    # Kor, the Ferromancer draws only if you control 2 constructs: one in hand does not count.
    game = exact(two(), 0, hand=["Kor, the Ferromancer", "Shadow Star"], constructs=["Muramasa"],
                 deck=["Mystic"])
    script(game, ["Play Kor, the Ferromancer"])
    assert zone(game, 0, "hand") == ["Shadow Star"]
    game = exact(two(), 0, hand=["Kor, the Ferromancer", "Shadow Star"], constructs=["Muramasa"],
                 deck=["Mystic"])
    script(game, ["Play Shadow Star", "Play Kor, the Ferromancer"])
    assert zone(game, 0, "hand") == ["Mystic"]


# ---------------------------------------------------------------------------------- end of turn
def test_rule_runes_and_power_are_kept_during_the_turn_and_lost_at_its_end():
    game = exact(two(), 0, hand=["Mystic", "Heavy Infantry", "Apprentice"], deck=["Apprentice"] * 5)
    script(game, ["Play Mystic", "Play Heavy Infantry", "Play Apprentice", "Defeat Cultist"])
    p = game.players[0]
    assert (p.runes, p.power) == (3, 0)
    script(game, ["Acquire Heavy Infantry"])
    assert (p.runes, p.power) == (1, 0)
    set_resources(game, 0, runes=1, power=1)
    script(game, ["End turn"])
    assert (p.runes, p.power, p.mech_runes) == (0, 0, 0)
    script(game, ["End turn"])  # Bob
    assert (game.current, p.runes, p.power) == (0, 0, 0)


def test_rule_end_of_turn_discards_played_heroes_and_hand_and_draws_5():
    game = exact(two(), 0, hand=["Mystic", "Apprentice", "Wolf Shaman"],
                 deck=["Militia", "Militia", "Apprentice", "Apprentice", "Apprentice", "Heavy Infantry"])
    script(game, ["Play Mystic", "End turn"])
    assert sorted(zone(game, 0, "discard")) == ["Apprentice", "Mystic", "Wolf Shaman"]
    assert zone(game, 0, "played") == []
    assert sorted(zone(game, 0, "hand")) == ["Apprentice"] * 3 + ["Militia"] * 2
    assert zone(game, 0, "deck") == ["Heavy Infantry"]


def test_rule_constructs_stay_in_play_at_end_of_turn_heroes_are_discarded():
    game = exact(two(), 0, hand=["Muramasa", "Mystic"], deck=["Apprentice"] * 5)
    script(game, ["Play Muramasa", "Play Mystic", "End turn"])
    assert zone(game, 0, "constructs") == ["Muramasa"]
    assert zone(game, 0, "discard") == ["Mystic"]
    script(game, ["End turn"])
    assert zone(game, 0, "constructs") == ["Muramasa"]


def test_rule_construct_effect_usable_when_played_and_again_on_following_turns():
    game = exact(two(), 0, hand=["Muramasa"], deck=["Apprentice"] * 10)
    script(game, ["Play Muramasa", "Use Muramasa"])
    assert game.players[0].power == 3
    script(game, ["End turn", "End turn", "Use Muramasa"])
    assert (game.current, game.players[0].power) == (0, 3)


def test_rule_once_per_turn_construct_ability_can_be_used_only_once_per_turn():
    game = exact(two(), 0, hand=[], constructs=["Muramasa"], deck=["Apprentice"] * 10)
    script(game, ["Use Muramasa"])
    assert game.players[0].power == 3
    assert not any(x.startswith("Use Muramasa") for x in labels(game))
    script(game, ["Defeat Cultist"])  # later in the same turn: still used
    assert not any(x.startswith("Use Muramasa") for x in labels(game))


def test_rule_empty_deck_reshuffles_the_discard_pile_into_a_new_deck():
    game = exact(two(), 0, hand=["Arha Initiate"], discard=["Mystic"], deck=[])
    script(game, ["Play Arha Initiate"])
    assert zone(game, 0, "hand") == ["Mystic"]
    assert zone(game, 0, "discard") == [] and zone(game, 0, "deck") == []
    assert ("shuffled", 0) in [(e.kind, e.seat) for e in game.log]


def test_rule_reshuffle_during_a_turn_leaves_out_cards_played_this_turn():
    game = exact(two(), 0, hand=["Apprentice", "Arha Initiate"], discard=["Mystic", "Heavy Infantry"], deck=[])
    script(game, ["Play Apprentice", "Play Arha Initiate"])
    p = game.players[0]
    assert zone(game, 0, "played") == ["Apprentice", "Arha Initiate"]
    assert sorted(zone(game, 0, "hand") + zone(game, 0, "deck")) == ["Heavy Infantry", "Mystic"]
    assert (len(p.hand), len(p.deck), len(p.discard)) == (1, 1, 0)


def test_rule_end_of_turn_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    game = exact(two(), 0, hand=["Mystic", "Apprentice"], deck=["Militia", "Militia"])
    script(game, ["Play Mystic", "End turn"])
    assert sorted(zone(game, 0, "hand")) == ["Apprentice", "Militia", "Militia", "Mystic"]
    assert zone(game, 0, "deck") == [] and zone(game, 0, "discard") == []


def test_rule_void_is_shuffled_into_a_new_center_deck_when_the_center_deck_runs_out():
    game = set_row(two(), ["Wolf Shaman"])
    game.void, game.center_deck = game.center_deck, []
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Wolf Shaman"])
    assert game.void == []
    assert len(game.center_deck) == 93
    assert None not in game.center_row
    assert [e.n for e in game.log if e.kind == "void_reshuffled"] == [94]


def test_rule_new_center_deck_never_holds_apprentice_militia_mystic_or_heavy_infantry():
    game = exact(two(), 0, hand=["Void Initiate", "Shade of the Black Watch", "Apprentice"],
                 discard=["Mystic"], deck=["Apprentice"] * 5)
    set_row(game, ["Wolf Shaman"])
    script(game, ["Play Void Initiate", "Apprentice (hand)",
                  "Play Shade of the Black Watch", "Mystic (discard pile)"])
    assert game.void == []  # the banished Apprentice and Mystic went elsewhere
    game.void, game.center_deck = game.center_deck, []
    assert len(game.void) == 92  # 100 - 6 in the row - Void Initiate - Shade
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Wolf Shaman"])
    assert len(game.center_deck) == 91
    assert {game.card(c).role for c in game.center_deck + game.center_row} == {"center"}


# ---------------------------------------------------------------------------------- honor
def test_rule_honor_from_a_monster_is_taken_from_the_honor_pool():
    game = set_row(two(), ["Tormented Soul"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Tormented Soul"])
    assert (game.players[0].honor, game.pool) == (2, 58)


def test_rule_honor_from_a_card_effect_is_taken_from_the_honor_pool():
    game = exact(two(), 0, hand=["Lifebound Initiate"], deck=["Apprentice"] * 5)
    script(game, ["Play Lifebound Initiate"])
    assert (game.players[0].honor, game.players[0].runes, game.pool) == (1, 1, 59)


def test_rule_a_cards_honor_value_is_not_gained_when_it_is_acquired():
    game = set_row(two(), ["Landtalker"])
    set_resources(game, 0, runes=6)
    script(game, ["Acquire Landtalker"])
    assert (game.players[0].honor, game.pool) == (0, 60)
    assert game.scores()[0]["cards"] == 4


def test_rule_honor_is_still_gained_from_the_box_after_the_pool_is_empty():
    game = set_row(two(), ["Earth Tyrant"])
    game.pool, game.players[1].honor = 2, 58
    set_resources(game, 0, power=8)
    script(game, ["Defeat Earth Tyrant", "Defeat Cultist"])
    assert (game.players[0].honor, game.pool) == (6, 0)
    assert kinds(game).count("pool_empty") == 1
    game.check_integrity()


def test_rule_game_ends_at_end_of_the_round_in_which_the_pool_empties():
    game = two()
    game.pool, game.players[1].honor = 1, 59
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])
    assert game.pool == 0 and not game.over and game.current == 1
    script(game, ["End turn"])
    assert game.over and game.decision() is None
    assert Counter(e.seat for e in game.log if e.kind == "turn_started") == {0: 1, 1: 1}


def test_rule_game_ends_after_the_last_player_in_turn_order_empties_the_pool():
    game = two()
    game.pool, game.players[0].honor = 1, 59
    script(game, ["End turn"])
    set_resources(game, 1, power=2)
    script(game, [(1, "Defeat Cultist"), (1, "End turn")])
    assert game.over
    assert game.turn == 2


def test_rule_all_players_take_the_same_number_of_turns_3_players():
    game = new_game(["10th"], ["Ann", "Bob", "Cid"], seed=4)
    script(game, ["End turn"] * 3)
    game.pool = 1
    script(game, ["End turn"])
    set_resources(game, 1, power=2)
    script(game, [(1, "Defeat Cultist"), (1, "End turn")])
    assert not game.over and game.current == 2
    script(game, [(2, "End turn")])
    assert game.over
    assert Counter(e.seat for e in game.log if e.kind == "turn_started") == {0: 2, 1: 2, 2: 2}


def test_rule_game_goes_on_while_the_pool_holds_tokens():
    game = two()
    game.pool = 1
    script(game, ["End turn", "End turn"])
    assert not game.over and (game.current, game.turn) == (0, 3)


def test_rule_score_is_tokens_plus_card_honor_in_hand_deck_discard_and_constructs_in_play():
    game = set_row(two(), ["Wolf Shaman"] * 3 + ["Mephit"] * 3)  # Landtalker, Muramasa idle
    exact(game, 0, hand=["Mystic", "Apprentice"], deck=["Landtalker", "Militia"],
          discard=["Arha Initiate"], constructs=["Muramasa"])
    game.players[0].honor = 7
    row0 = game.scores()[0]
    assert (row0["tokens"], row0["cards"], row0["total"]) == (7, 10, 17)
    game.void.append(game.center_deck.pop())  # cards in the Void are nobody's
    assert game.scores()[0]["total"] == 17


def test_rule_most_honor_wins():
    game = two()
    game.pool, game.players[0].honor = 1, 4
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn", "End turn"])
    assert game.over
    assert [r["total"] for r in game.scores()] == [5, 0]
    assert game.winners() == [0]


def test_rule_tie_is_won_by_the_tied_player_who_took_a_turn_most_recently():
    game = two()
    game.pool = 2
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])
    set_resources(game, 1, power=2)
    script(game, [(1, "Defeat Cultist"), (1, "End turn")])
    assert game.over
    assert [r["total"] for r in game.scores()] == [1, 1]
    assert game.winners() == [1]


def test_rule_tie_among_3_players_goes_to_the_one_who_played_last():
    game = new_game(["10th"], ["Ann", "Bob", "Cid"], seed=4)
    game.pool = 1
    script(game, ["End turn", "End turn"])
    set_resources(game, 2, power=2)
    script(game, [(2, "Defeat Cultist"), (2, "End turn")])
    assert game.over
    game.players[0].honor, game.players[1].honor = 1, 1  # Ann = Bob = Cid
    assert game.winners() == [2]
    game.players[2].honor = 0  # Ann = Bob > Cid: Bob played after Ann
    assert game.winners() == [1]


# ---------------------------------------------------------------------------------- FAQ
def test_faq_after_defeating_a_monster_void_then_refill_then_reward():
    game = set_row(two(), ["Mephit", "Wolf Shaman", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"])
    stack_center_deck(game, ["Landtalker"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Mephit"], finish=False)
    # The reward's banish is being decided: Mephit is already in the Void, its slot refilled.
    assert names(game, game.void) == ["Mephit"]
    assert row(game) == ["Landtalker", "Wolf Shaman", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"]
    assert "Landtalker (center row)" in labels(game)
    k = kinds(game)
    assert k.index("defeated") < len(k) - 1 - k[::-1].index("center_dealt") < k.index("gained_honor")
    script(game, ["None"])
    assert game.players[0].honor == 2


def test_faq_cultist_can_be_defeated_any_number_of_times():
    game = two()
    set_resources(game, 0, power=8)
    script(game, ["Defeat Cultist"] * 4)
    assert (game.players[0].honor, game.players[0].power, game.pool) == (4, 0, 56)
    assert not any(x.startswith("Defeat Cultist") for x in labels(game))
    assert len(game.piles["10th.cultist"]) == 1 and game.void == []


def test_faq_resources_may_be_spent_piecemeal_during_the_turn():
    game = exact(two(), 0, hand=["Mystic", "Mystic"], deck=["Apprentice"] * 5)
    set_row(game, ["Wolf Shaman", "Arha Initiate"])
    script(game, ["Play Mystic", "Play Mystic", "Acquire Wolf Shaman (3 runes)"])
    assert game.players[0].runes == 1
    script(game, ["Acquire Arha Initiate (1 rune)"])
    assert game.players[0].runes == 0
    assert sorted(zone(game, 0, "discard")) == ["Arha Initiate", "Wolf Shaman"]


def test_faq_honor_can_still_be_gained_when_the_pool_is_empty():
    game = set_row(two(), ["Tormented Soul"])
    game.pool, game.players[1].honor = 0, 60
    set_resources(game, 0, power=5)
    script(game, ["Defeat Tormented Soul", "Defeat Cultist"])
    assert (game.players[0].honor, game.pool) == (3, 0)


def test_faq_mystic_and_heavy_infantry_run_out_and_return_to_their_pile_when_banished():
    game = exact(two(), 0, hand=["Void Initiate", "Mystic", "Shade of the Black Watch", "Heavy Infantry"],
                 deck=["Apprentice"] * 5)
    for pid in ("10th.mystic", "10th.heavy_infantry"):
        game.players[1].discard.extend(game.piles[pid])
        game.piles[pid].clear()
    set_resources(game, 0, runes=10)
    assert not any(x.startswith(("Acquire Mystic", "Acquire Heavy Infantry")) for x in labels(game))
    script(game, ["Play Void Initiate", "Mystic (hand)",
                  "Play Shade of the Black Watch", "Heavy Infantry (hand)"])
    assert [len(game.piles["10th.mystic"]), len(game.piles["10th.heavy_infantry"])] == [1, 1]
    script(game, ["Acquire Mystic (3 runes)", "Acquire Heavy Infantry (2 runes)"])
    assert sorted(zone(game, 0, "discard")) == ["Heavy Infantry", "Mystic"]
    assert game.piles["10th.mystic"] == [] and game.piles["10th.heavy_infantry"] == []


def test_faq_center_row_is_full_whenever_a_decision_is_made():
    game = exact(two(), 0, hand=[], discard=["Apprentice"], deck=["Apprentice"] * 5)
    set_row(game, ["Mistake of Creation", "Wolf Shaman", "Wolf Shaman", "Arha Initiate", "Spike Vixen",
                   "Shadow Star"])
    stack_center_deck(game, ["Landtalker", "Mephit"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Mistake of Creation"], finish=False)
    assert game.decision().prompt == "Banish a card from the center row"
    assert row(game) == ["Landtalker", "Wolf Shaman", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"]
    script(game, ["Spike Vixen (center row)"], finish=False)
    assert game.decision().prompt == "Banish a card from your discard pile"
    assert row(game) == ["Landtalker", "Wolf Shaman", "Wolf Shaman", "Arha Initiate", "Mephit", "Shadow Star"]
    script(game, ["Apprentice (discard pile)"])
    assert names(game, game.void) == ["Mistake of Creation", "Spike Vixen"]
    assert game.invariant_problems() == []


def test_faq_once_per_turn_effects_cannot_be_used_on_another_players_turn():
    game = exact(two(), 0, hand=[], constructs=["Muramasa"], deck=["Apprentice"] * 10)
    script(game, ["End turn"])
    dec = game.decision()
    assert (dec.seat, game.current) == (1, 1)
    assert not any(x.startswith("Use ") for x in labels(game))
    script(game, ["End turn"])
    assert "Use Muramasa: Once per turn: Gain 3 power." in labels(game)


def test_faq_once_per_turn_effects_need_not_be_used_at_the_start_of_the_turn():
    game = exact(two(), 0, hand=[], constructs=["The All-Seeing Eye"],
                 deck=["Mystic"] * 2 + ["Apprentice"] * 3 + ["Heavy Infantry"])
    script(game, ["End turn", "End turn"])
    assert game.current == 0
    assert len(game.players[0].hand) == 5  # no draw forced at the start of the turn
    script(game, ["Play Mystic", "Play Mystic", "Acquire Mystic"])
    script(game, ["Use The All-Seeing Eye"])
    assert len(game.players[0].hand) == 4
    assert zone(game, 0, "hand")[-1] == "Heavy Infantry"
    assert not any(x.startswith("Use The All-Seeing Eye") for x in labels(game))


def test_faq_played_apprentice_cannot_be_banished_from_hand_void_initiate():
    game = exact(two(), 0, hand=["Apprentice", "Void Initiate", "Militia"], deck=["Mystic"] * 3)
    script(game, ["Play Apprentice", "Play Void Initiate"], finish=False)
    assert labels(game) == ["Militia (hand)", "None"]
    script(game, ["Militia (hand)"])
    assert zone(game, 0, "played") == ["Apprentice", "Void Initiate"]


def test_faq_played_apprentice_cannot_be_banished_from_hand_arbiter_of_the_precipice():
    game = exact(two(), 0, hand=["Apprentice", "Arbiter of the Precipice"],
                 deck=["Heavy Infantry", "Mystic", "Apprentice"])
    script(game, ["Play Apprentice", "Play Arbiter of the Precipice"], finish=False)
    assert sorted(labels(game)) == ["Heavy Infantry (hand)", "Mystic (hand)"]
    script(game, ["Mystic (hand)"])
    assert zone(game, 0, "played") == ["Apprentice", "Arbiter of the Precipice"]
    assert zone(game, 0, "hand") == ["Heavy Infantry"]


def test_faq_sea_tyrant_opponent_with_a_single_construct_keeps_it():
    game = set_row(two(), ["Sea Tyrant"])
    exact(game, 1, hand=[], constructs=["Muramasa"], deck=["Apprentice"] * 5)
    set_resources(game, 0, power=5)
    script(game, ["Defeat Sea Tyrant"])  # strict: Bob is asked nothing
    assert zone(game, 1, "constructs") == ["Muramasa"]
    assert zone(game, 1, "discard") == []
    assert game.players[0].honor == 5


def test_faq_sea_tyrant_opponent_with_two_constructs_keeps_one_of_their_choice():
    game = set_row(two(), ["Sea Tyrant"])
    exact(game, 1, hand=[], constructs=["Muramasa", "Shadow Star"], deck=["Apprentice"] * 5)
    set_resources(game, 0, power=5)
    script(game, ["Defeat Sea Tyrant", (1, "Shadow Star (in play)")])
    assert zone(game, 1, "constructs") == ["Shadow Star"]
    assert zone(game, 1, "discard") == ["Muramasa"]


def test_faq_xeron_stolen_cards_are_kept_and_opponents_draw_no_replacement():
    game = set_row(two(), ["Xeron, Duke of Lies"])
    exact(game, 0, hand=[], deck=["Apprentice"] * 5)
    exact(game, 1, hand=["Mystic", "Mystic"], deck=["Apprentice"] * 10)
    set_resources(game, 0, power=6)
    script(game, ["Defeat Xeron, Duke of Lies"])
    assert game.players[0].honor == 4
    assert zone(game, 0, "hand") == ["Mystic"]
    assert zone(game, 1, "hand") == ["Mystic"]
    assert len(game.players[1].deck) == 10
    script(game, ["Play Mystic"])  # playable by its new owner this very turn
    assert game.players[0].runes == 2
    script(game, ["End turn"])
    assert zone(game, 0, "discard") == ["Mystic"]
    assert (game.current, zone(game, 1, "hand")) == (1, ["Mystic"])  # Bob drew nothing
    assert game.scores()[0]["cards"] == 1 and game.scores()[1]["cards"] == 1


def test_faq_once_per_turn_condition_met_earlier_may_be_used_later_in_the_turn():
    # Snapdragon: "Once per turn: if you have played a Lifebound hero this turn, gain 1 honor."
    game = exact(two(), 0, hand=["Lifebound Initiate", "Mystic"], constructs=["Snapdragon"],
                 deck=["Apprentice"] * 5)
    assert not any(x.startswith("Use Snapdragon: Once per turn: If") for x in labels(game))
    script(game, ["Play Lifebound Initiate", "Play Mystic", "Acquire Mystic"])
    assert (game.players[0].honor, game.players[0].runes) == (1, 0)
    script(game, ["Use Snapdragon: Once per turn: If you have played a Lifebound hero this turn, gain 1 honor."])
    assert game.players[0].honor == 2
    assert not any(x.startswith("Use Snapdragon: Once per turn: If") for x in labels(game))


def test_faq_once_per_turn_effect_declined_when_its_condition_is_met_stays_available():
    # Rocket Courier X-99: "Once per turn, when you acquire another Mechana construct, you may put
    # it into your hand." Declining on a first acquisition does not use it up for the turn.
    game = exact(two(), 0, hand=[], constructs=["Rocket Courier X-99"], deck=["Apprentice"] * 5)
    set_row(game, ["Burrower Mark II", "Watchmaker's Altar"])
    set_resources(game, 0, runes=8)
    script(game, ["Acquire Burrower Mark II", "No", "Acquire Watchmaker's Altar", "Yes"])
    assert zone(game, 0, "hand") == ["Watchmaker's Altar"]
    assert zone(game, 0, "discard") == ["Burrower Mark II"]


# ---------------------------------------------------------------------------------- glossary
def test_glossary_unite_activates_when_a_same_faction_hero_was_played_before():
    game = exact(two(), 0, hand=["Wolf Shaman", "Runic Lycanthrope"], deck=["Apprentice"] * 5)
    script(game, ["Play Wolf Shaman", "Play Runic Lycanthrope"])
    assert (game.players[0].runes, game.players[0].power) == (3, 2)


def test_glossary_unite_activates_when_a_same_faction_hero_is_played_after():
    game = exact(two(), 0, hand=["Runic Lycanthrope", "Mystic", "Wolf Shaman"], deck=["Apprentice"] * 5)
    script(game, ["Play Runic Lycanthrope", "Play Mystic"])
    assert (game.players[0].runes, game.players[0].power) == (4, 0)  # Mystic has no faction
    script(game, ["Play Wolf Shaman"])
    assert (game.players[0].runes, game.players[0].power) == (5, 2)


def test_glossary_unite_needs_another_hero_of_the_same_faction():
    game = exact(two(), 0, hand=["Runic Lycanthrope", "Demon Slayer"], deck=["Apprentice"] * 5)
    script(game, ["Play Runic Lycanthrope", "Play Demon Slayer", "End turn"])
    assert game.players[0].power == 0
    assert [e.n for e in game.log if e.kind == "gained_power" and e.seat == 0] == [3]
