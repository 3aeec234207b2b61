"""The solo variant of the 10 Year Anniversary rulebook (shared/rules/000_76bd38d8525f2d83.txt,
"Solo Variant"): one player against Samael. One test per rule, named after it."""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, new_game
from ascension.core.scenario import arrange, names, script, set_resources, set_row, stack_center_deck

VILLAIN = -1


def solo(seed: int = 11):
    return new_game(["10th"], ["Ann"], ["samael"], seed=seed)


def row(game) -> list[str]:
    return names(game, game.center_row)


def villain_cards(game) -> list[str]:
    return names(game, game.ext["villain_cards"])


ROW = ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Mechana Initiate", "Void Initiate"]


# ---------------------------------------------------------------------------------- setup
def test_solo_honor_pool_holds_50():
    game = solo()
    assert game.pool == 50
    assert game.ext["villain_honor"] == 0 and game.ext["villain_cards"] == []


def test_solo_needs_exactly_one_player():
    with pytest.raises(SetupError, match="exactly 1 player, not 2"):
        new_game(["10th"], ["Ann", "Bob"], ["samael"], seed=1)
    with pytest.raises(SetupError, match="exactly 1 player, not 3"):
        new_game(["10th"], ["Ann", "Bob", "Cid"], ["samael"], seed=1)


def test_solo_lays_out_6_center_cards_and_the_player_takes_a_normal_turn():
    game = solo()
    assert len(game.center_row) == 6 and None not in game.center_row
    assert len(game.center_deck) == 94
    p = game.players[0]
    assert (len(p.hand), len(p.deck), game.current) == (5, 5, 0)


# ---------------------------------------------------------------------------------- center row
def test_solo_refill_slides_cards_right_and_deals_on_the_left():
    game = set_row(solo(), ROW)
    stack_center_deck(game, ["Landtalker"])
    set_resources(game, 0, runes=2)
    script(game, ["Acquire Spike Vixen"])
    assert row(game) == ["Landtalker", "Wolf Shaman", "Arha Initiate", "Shadow Star", "Mechana Initiate",
                         "Void Initiate"]


def test_solo_refill_after_defeat_and_banish_also_slides_right():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Mephit", "Shadow Star", "Tormented Soul",
                            "Void Initiate"])
    stack_center_deck(game, ["Landtalker", "Muramasa"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Tormented Soul"])
    assert row(game) == ["Landtalker", "Wolf Shaman", "Arha Initiate", "Mephit", "Shadow Star", "Void Initiate"]
    arrange(game, 0, hand=["Seer of the Forked Path"])
    script(game, ["Play Seer of the Forked Path", "Arha Initiate (center row)"])
    assert row(game) == ["Muramasa", "Landtalker", "Wolf Shaman", "Mephit", "Shadow Star", "Void Initiate"]
    assert names(game, game.void) == ["Tormented Soul", "Arha Initiate"]


# ---------------------------------------------------------------------------------- Samael's turn
def test_samael_takes_the_two_right_most_center_cards_after_each_player_turn():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    stack_center_deck(game, ["Mephit", "Earth Tyrant"])
    assert villain_cards(game) == []  # Samael does not act before the player's first turn
    script(game, ["End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker"]
    assert row(game) == ["Earth Tyrant", "Mephit", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"]
    assert (game.current, game.turn, game.over) == (0, 2, False)
    script(game, ["End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker", "Shadow Star", "Spike Vixen"]


def test_the_table_shows_what_samael_set_aside_and_the_two_cards_he_takes_next():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    assert game.public_status(VILLAIN) == [("Set aside", "0 cards"), ("Takes next", "Muramasa and Landtalker")]
    assert game.public_status(0) == []   # nothing about the player
    script(game, ["End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker"]   # what was shown is what he took
    assert game.public_status(VILLAIN) == [("Set aside", "2 cards, the latest Landtalker and Muramasa"),
                                           ("Takes next", "Shadow Star and Spike Vixen")]


def test_samael_sets_heroes_and_constructs_aside_and_they_score_for_him():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    script(game, ["End turn"])
    assert game.players[0].discard.count(game.ext["villain_cards"][0]) == 0
    samael = [(r["name"], r["tokens"], r["cards"], r["total"]) for r in game.scores() if r["seat"] == VILLAIN]
    assert samael == [("Samael", 0, 8, 8)]  # Landtalker 4 + Muramasa 4
    assert game.pool == 50


def test_samael_defeats_monsters_into_the_void_gaining_only_their_honor():
    # Earth Tyrant: 5 honor and draw 2; Wind Tyrant: 3 honor and 3 runes. Samael only takes the honor.
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Wind Tyrant",
                            "Earth Tyrant"])
    hand = list(game.players[0].hand)
    script(game, ["End turn"])
    assert names(game, game.void) == ["Earth Tyrant", "Wind Tyrant"]
    assert villain_cards(game) == []
    assert (game.ext["villain_honor"], game.pool) == (8, 42)
    assert game.players[0].honor == 0 and game.players[0].runes == 0
    p = game.players[0]
    assert (len(p.hand), len(p.deck), sorted(p.discard)) == (5, 0, sorted(hand))  # no extra draw
    assert [e.kind for e in game.log if e.seat == VILLAIN] == ["defeated", "gained_honor", "defeated",
                                                                "gained_honor"]


def test_samael_ignores_monster_rewards_other_than_honor_mephit_banishes_nothing():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Mephit"])
    stack_center_deck(game, ["Muramasa"])
    script(game, ["End turn"])
    assert names(game, game.void) == ["Mephit"]
    assert villain_cards(game) == ["Landtalker"]
    assert game.ext["villain_honor"] == 2
    assert game.decision().kind == "action" and game.decision().seat == 0


# ---------------------------------------------------------------------------------- end and score
def test_solo_game_ends_at_the_end_of_the_player_turn_in_which_the_pool_empties():
    game = set_row(solo(), ROW)
    game.pool, game.ext["villain_honor"] = 1, 49
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])
    assert game.over and game.decision() is None
    assert villain_cards(game) == []  # Samael takes no turn after the pool emptied
    assert row(game) == ROW


def test_solo_game_ends_at_the_end_of_samaels_turn_in_which_he_empties_the_pool():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker",
                            "Earth Tyrant"])
    game.pool, game.players[0].honor = 3, 47
    script(game, ["End turn"])
    assert game.over
    assert (game.ext["villain_honor"], game.pool) == (5, 0)
    assert villain_cards(game) == ["Landtalker"]  # his turn is both cards


def test_solo_game_goes_on_while_the_pool_holds_tokens():
    game = set_row(solo(), ROW)
    game.pool = 1
    script(game, ["End turn", "End turn"])
    assert not game.over and game.turn == 3 and len(game.ext["villain_cards"]) == 4


def test_solo_score_counts_samaels_tokens_and_the_honor_of_his_cards():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker",
                            "Earth Tyrant"])
    game.pool = 5
    game.players[0].honor = 45
    script(game, ["End turn"])
    assert game.over
    rows = {r["name"]: (r["tokens"], r["cards"], r["total"]) for r in game.scores()}
    assert rows == {"Ann": (45, 0, 45), "Samael": (5, 4, 9)}
    assert game.winners() == [0]


def test_solo_player_must_earn_more_than_samael_to_win():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker",
                            "Earth Tyrant"])
    game.pool, game.players[0].honor = 5, 9
    script(game, ["End turn"])
    assert game.over
    assert [r["total"] for r in game.scores()] == [9, 9]
    assert game.winners() == [VILLAIN]


def test_after_each_of_your_turns_samael_takes_a_turn_even_before_your_extra_turn():
    """"After each of your turns, ... Samael takes a turn": a turn followed by an extra turn
    (Tablet of Time's Dawn) is one of your turns."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    arrange(game, 0, constructs=["Tablet of Time's Dawn"])
    script(game, ["Use Tablet of Time's Dawn", "End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker"]
    assert (game.current, game.turn) == (0, 2)
    script(game, ["End turn"])
    assert len(villain_cards(game)) == 4


def test_a_fate_card_samael_deals_on_the_left_resolves_its_fate_with_the_player_as_you():
    """RotF solitaire: "the replacement card always enters on the left-hand side"; a Fate card
    entering so on Samael's turn resolves its Fate (the player is "you"), a sliding one does not."""
    game = new_game(["rotf"], ["Ann"], ["samael"], seed=11)
    while game.pending is not None:
        game.apply(0)
    set_row(game, ["Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven", "Arha Sensei",
                   "Lunar Stag"])
    stack_center_deck(game, ["Askara of Fate", "Guardian of Sadranis"])
    script(game, ["End turn", (0, "Yes")])   # Askara of Fate: each player may draw a card
    assert row(game)[:2] == ["Guardian of Sadranis", "Askara of Fate"]
    assert len(game.players[0].hand) == 6
