"""The solitaire variant of Ascension Legends (rulebook, "Solitaire Gameplay Variant"): one player
against the Cult. One test per rule, named after it."""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, new_game
from ascension.core.scenario import arrange, names, script, set_resources, set_row, stack_center_deck
from ascension.plugins.legendary.track import renown, track

VILLAIN = -1
ZERO = dict.fromkeys(("enlightened", "lifebound", "mechana", "void"), 0)
ROW = ["Correction of Creation", "Claws of Deoful", "The Iron Seven", "MarrowWyrm Rider", "Lycan Fang",
       "Bombcrafter"]


def solo(seed: int = 11):
    return new_game(["legends"], ["Ann"], ["cult"], seed=seed)


def row(game) -> list[str]:
    return names(game, game.center_row)


def cult_cards(game) -> list[str]:
    return names(game, game.ext["villain_cards"])


def cult_renown(game) -> dict:
    return dict(renown(game, VILLAIN))


# ---------------------------------------------------------------------------------- setup
def test_solitaire_60_honor_one_starting_deck_the_player_goes_first():
    game = solo()
    assert game.pool == 60 and len(game.players) == 1 and game.current == 0
    p = game.players[0]
    assert (len(p.hand), len(p.deck)) == (5, 5)
    assert game.ext["villain_name"] == "The Cult" and game.ext["villain_honor"] == 0


def test_solitaire_renown_markers_for_the_player_and_for_the_cult():
    game = solo()
    assert track(game)["renown"] == {"0": ZERO, "-1": ZERO}


def test_the_table_shows_the_cults_renown_and_the_two_cards_it_takes_next():
    game = set_row(solo(), ROW)
    assert game.public_status(VILLAIN) == [("Renown", "E0 · L0 · M0 · V0"), ("Set aside", "0 cards"),
                                           ("Takes next", "Bombcrafter and Lycan Fang")]


def test_solitaire_is_for_one_player():
    with pytest.raises(SetupError, match="exactly 1 player, not 2"):
        new_game(["legends"], ["Ann", "Bob"], ["cult"], seed=1)


def test_solitaire_cult_needs_the_legendary_track():
    with pytest.raises(SetupError, match="the Cult needs the Legendary Track"):
        new_game(["10th"], ["Ann"], ["cult"], seed=1)
    game = new_game(["10th"], ["Ann"], ["legendary", "cult"], seed=1)
    assert game.pool == 60


def test_solitaire_one_solo_villain_at_a_time():
    with pytest.raises(SetupError, match="choose one solo variant"):
        new_game(["legends"], ["Ann"], ["cult", "samael"], seed=1)


# ---------------------------------------------------------------------------------- the center row
def test_solitaire_refill_slides_cards_right_and_deals_on_the_left():
    game = set_row(solo(), ROW)
    stack_center_deck(game, ["Master Vaya"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Lycan Fang"])
    assert row(game) == ["Master Vaya", "Correction of Creation", "Claws of Deoful", "The Iron Seven",
                         "MarrowWyrm Rider", "Bombcrafter"]


# ---------------------------------------------------------------------------------- the Cult's turn
def test_cult_takes_the_two_right_most_cards_after_each_player_turn():
    game = set_row(solo(), ROW)
    stack_center_deck(game, ["Master Vaya", "Shadow Arbiter"])
    script(game, ["End turn"])
    assert cult_cards(game) == ["Bombcrafter", "Lycan Fang"]
    assert row(game) == ["Shadow Arbiter", "Master Vaya", "Correction of Creation", "Claws of Deoful",
                         "The Iron Seven", "MarrowWyrm Rider"]
    assert (game.current, game.turn, game.over) == (0, 2, False)


def test_cult_gains_renown_for_each_faction_of_the_cards_it_takes():
    game = set_row(solo(), ROW[:4] + ["Dark Monk", "Hurricane Warlock"])
    script(game, ["End turn"])
    assert cult_renown(game) == {**ZERO, "enlightened": 2, "void": 1}
    assert renown(game, 0) == ZERO


def test_cult_gains_no_renown_for_a_monster_without_faction_and_ignores_its_other_rewards():
    game = set_row(solo(), ROW[:4] + ["Muse of Malevolence", "Claws of Deoful"])
    hand = list(game.players[0].hand)
    script(game, ["End turn"])
    assert cult_renown(game) == ZERO  # Claws' and Muse's Renown rewards are "other rewards"
    assert game.ext["villain_honor"] == 9 and game.pool == 51  # 4 + 5, honor only
    assert names(game, game.void) == ["Claws of Deoful", "Muse of Malevolence"]
    assert sorted(game.players[0].discard) == sorted(hand) and game.decision().kind == "action"


def test_cult_gains_the_extra_renown_a_card_states_when_acquired():
    game = set_row(solo(), ROW[:5] + ["Mecha Emissary"])
    script(game, ["End turn"])
    assert cult_renown(game)["mechana"] == 2


def test_cult_gains_honor_equal_to_each_milestone_it_reaches():
    game = set_row(solo(), ROW[:4] + ["Dark Monk", "Riftclaw"])
    renown(game, VILLAIN).update(void=2, enlightened=5)
    script(game, ["End turn"])
    # Riftclaw: Void 2 -> 3 (3 honor); Dark Monk: Void 3 -> 4, Enlightened 5 -> 6 (6 honor).
    assert cult_renown(game) == {**ZERO, "void": 4, "enlightened": 6}
    assert game.ext["villain_honor"] == 9 and game.pool == 51
    assert [e.n for e in game.log if e.seat == VILLAIN and e.kind == "gained_honor"] == [3, 6]


def test_cult_milestone_9_gives_9_honor_and_12_gives_none():
    game = set_row(solo(), ROW[:4] + ["Lycan Fang", "Hurricane Warlock"])
    renown(game, VILLAIN).update(enlightened=8, lifebound=11)
    script(game, ["End turn"])
    assert cult_renown(game) == {**ZERO, "enlightened": 9, "lifebound": 12}
    assert game.ext["villain_honor"] == 2 + 9  # Warlock's 2 honor and the 9th space
    assert "boon_earned" not in [e.kind for e in game.log] and "legendary_status" not in [e.kind for e in game.log]


def test_cult_earns_no_boons_and_no_legendary_actions_for_the_player():
    game = set_row(solo(), ROW[:4] + ["Dark Monk", "Riftclaw"])
    renown(game, VILLAIN).update(void=2)
    script(game, ["End turn"])
    assert not any(game.label(o).startswith(("Boon", "Legendary")) for o in game.decision().options)


# ---------------------------------------------------------------------------------- the end and the score
def test_solitaire_ends_at_the_end_of_the_player_turn_in_which_the_pool_empties():
    game = set_row(solo(), ROW)
    game.pool, game.ext["villain_honor"] = 1, 59
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])
    assert game.over and cult_cards(game) == []


def test_solitaire_ends_at_the_end_of_the_cult_turn_in_which_it_empties_the_pool():
    game = set_row(solo(), ROW[:4] + ["Dark Monk", "Riftclaw"])
    renown(game, VILLAIN).update(void=2)
    game.pool, game.players[0].honor = 2, 58
    script(game, ["End turn"])
    assert game.over and game.pool == 0 and game.ext["villain_honor"] == 3


def test_solitaire_score_like_samael_and_a_tie_goes_to_the_cult():
    game = set_row(solo(), ROW[:4] + ["Lycan Fang", "Bombcrafter"])
    game.pool, game.players[0].honor = 1, 59
    game.ext["villain_honor"] = 0
    set_resources(game, 0, power=2)
    arrange(game, 0, hand=[], deck=[], discard=[])
    script(game, ["Defeat Cultist", "End turn"])
    rows = {r["name"]: (r["tokens"], r["cards"], r["total"]) for r in game.scores()}
    assert rows == {"Ann": (60, 0, 60), "The Cult": (0, 0, 0)} and game.winners() == [0]
    game2 = set_row(solo(), ROW[:4] + ["Lycan Fang", "Bombcrafter"])
    game2.pool, game2.players[0].honor = 1, 3
    arrange(game2, 0, hand=[], deck=[], discard=[])
    script(game2, ["End turn"])  # the Cult: Bombcrafter (1) + Lycan Fang (2) = 3 honor in cards
    assert not game2.over
    assert [r["total"] for r in game2.scores()] == [3, 3]
    assert game2.winners() == [VILLAIN]
