"""The solitaire variant of Ascension Legends, sentence by sentence: the rulebook's "Solitaire
Gameplay Variant" (shared/rules/004_144b0ec635f3351d.txt), one player against the Cult. Each test
quotes the sentence it checks and fails if the rule were implemented otherwise."""
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


def cult_score(game) -> tuple[int, int, int]:
    (r,) = [r for r in game.scores() if r["seat"] == VILLAIN]
    return r["tokens"], r["cards"], r["total"]


# ---------------------------------------------------------------------------------- setting up
def test_the_solitaire_variant_is_a_single_player_game():
    """"Follow the rules outlined below if you're interested in a single-player game of
    Ascension Legends!" It needs the Legendary Track (the legends set, or the variant)."""
    with pytest.raises(SetupError, match="exactly 1 player, not 2"):
        new_game(["legends"], ["Ann", "Bob"], ["cult"], seed=1)
    with pytest.raises(SetupError, match="choose one solo variant"):
        new_game(["legends"], ["Ann"], ["cult", "samael"], seed=1)
    with pytest.raises(SetupError, match="the Cult needs the Legendary Track"):
        new_game(["10th"], ["Ann"], ["cult"], seed=1)
    assert new_game(["10th"], ["Ann"], ["legendary", "cult"], seed=1).pool == 60


def test_set_up_as_for_two_players_with_60_honor_and_one_starting_deck():
    """"Set up the game as you would for a normal 2-player game, with 60 Honor available in the
    Honor Pool, but you'll need only 1 starting deck." """
    game = solo()
    assert game.pool == 60 and len(game.players) == 1
    p = game.players[0]
    assert (len(p.hand), len(p.deck)) == (5, 5)
    assert len(game.center_row) == 6 and None not in game.center_row
    assert game.ext["villain_name"] == "The Cult" and game.ext["villain_honor"] == 0


def test_renown_markers_for_you_and_a_second_set_for_the_cult():
    """"Place a set of Renown Markers on the Legendary Track for yourself, and a second set for
    the Cult." """
    game = solo()
    assert track(game)["renown"] == {"0": ZERO, "-1": ZERO}


def test_you_take_the_first_turn():
    """"You will take the first turn of the game." The Cult has taken nothing before it."""
    game = set_row(solo(), ROW)
    assert (game.current, game.turn, game.decision().seat) == (0, 1, 0)
    assert cult_cards(game) == [] and row(game) == ROW


def test_the_table_shows_the_cults_renown_and_the_two_cards_it_takes_next():
    game = set_row(solo(), ROW)
    assert game.public_status(VILLAIN) == [("Renown", "E0 · L0 · M0 · V0"), ("Set aside", "0 cards"),
                                           ("Takes next", "Bombcrafter and Lycan Fang")]


# ---------------------------------------------------------------------------------- the center row
def test_the_cards_left_of_a_card_that_leaves_slide_right_leaving_the_far_left_empty():
    """"While playing this variant, whenever a card leaves the Center Row, any cards to the left
    of that card will slide to the right, closing any empty spaces in the Center Row and leaving
    an empty space on the far-left." The card right of it stays in its place."""
    game = set_row(solo(), ROW)
    stack_center_deck(game, ["Master Vaya"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Lycan Fang"])
    assert row(game)[1:] == ["Correction of Creation", "Claws of Deoful", "The Iron Seven", "MarrowWyrm Rider",
                             "Bombcrafter"]


def test_the_top_card_of_the_center_deck_fills_the_empty_space_on_the_left():
    """"After sliding cards as necessary, reveal the top card of the Center Deck and place it in
    the empty space at the left-hand side of the Center Row." On the Cult's turn too: the first
    card dealt slides on when the Cult takes its second card."""
    game = set_row(solo(), ROW)
    stack_center_deck(game, ["Master Vaya", "Shadow Arbiter", "Mycelial Mage"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Correction of Creation", "None"])   # its banish: none
    assert row(game) == ["Master Vaya", "Claws of Deoful", "The Iron Seven", "MarrowWyrm Rider", "Lycan Fang",
                         "Bombcrafter"]
    script(game, ["End turn"])
    assert row(game)[:3] == ["Mycelial Mage", "Shadow Arbiter", "Master Vaya"]
    assert game.center_deck[-1] not in game.center_row


# ---------------------------------------------------------------------------------- the Cult's turn
def test_after_each_of_your_turns_the_cult_takes_a_turn():
    """"After each of your turns, the Cult will take a turn." Then it is your turn again."""
    game = set_row(solo(), ROW)
    script(game, ["End turn"])
    assert cult_cards(game) == ["Bombcrafter", "Lycan Fang"]
    assert (game.current, game.turn, game.over) == (0, 2, False)
    script(game, ["End turn"])
    assert names(game, game.void) == ["MarrowWyrm Rider", "The Iron Seven"]
    assert (game.current, game.turn, game.over) == (0, 3, False)


def test_the_cult_acquires_or_defeats_the_two_right_most_cards():
    """"The Cult automatically acquires or defeats the two cards furthest to the right in the
    Center Row." A hero acquired and a monster defeated, whatever they cost, with no choice asked."""
    game = set_row(solo(), ROW[:4] + ["Hellstring Blades", "Raiyna, Riftwalker"])
    stack_center_deck(game, ["Master Vaya", "Shadow Arbiter"])
    script(game, ["End turn"])
    assert cult_cards(game) == ["Raiyna, Riftwalker"] and names(game, game.void) == ["Hellstring Blades"]
    assert row(game) == ["Shadow Arbiter", "Master Vaya", "Correction of Creation", "Claws of Deoful",
                         "The Iron Seven", "MarrowWyrm Rider"]


def test_the_heroes_and_constructs_the_cult_acquires_are_set_aside_and_count_for_its_honor():
    """"All Heroes and Constructs the Cult acquires are set aside and will be used to determine
    the Cult's Honor total at the end of the game." """
    game = set_row(solo(), ROW[:4] + ["Riftclaw", "Raiyna, Riftwalker"])
    script(game, ["End turn"])
    taken = game.ext["villain_cards"]
    assert cult_cards(game) == ["Raiyna, Riftwalker", "Riftclaw"]
    p = game.players[0]
    assert not set(taken) & set(p.hand + p.deck + p.discard + p.played + p.constructs + game.void)
    assert cult_score(game) == (0, 5 + 2, 7) and game.pool == 60


def test_the_monsters_the_cult_defeats_go_to_the_void_and_it_receives_their_honor():
    """"All Monsters defeated by the Cult are sent to the Void as usual, and the Cult receives
    any Honor in their reward." From the pool."""
    game = set_row(solo(), ROW[:4] + ["Hellstring Blades", "The Iron Seven"])
    script(game, ["End turn"])
    assert names(game, game.void) == ["The Iron Seven", "Hellstring Blades"] and cult_cards(game) == []
    assert (game.ext["villain_honor"], game.pool) == (3 + 5, 52)


def test_a_reward_s_conditional_honor_counts_when_the_cult_met_the_condition_on_its_turn():
    """The same sentence: "any Honor in their reward" includes Lifebound Remnant's "gain 2 more
    Honor if you played or acquired a Lifebound card this turn" when the Cult acquired a Lifebound
    card earlier in its own turn. The Remnant is defeated, not acquired, and the card you played
    on your turn is not the Cult's."""
    def cult_honor(right_most_two: list[str], played: str | None = None) -> int:
        game = set_row(solo(), ROW[:4] + right_most_two)
        if played:
            arrange(game, 0, hand=[played])
            script(game, [f"Play {played}"])
        script(game, ["End turn"])
        return game.ext["villain_honor"]

    assert cult_honor(["Lifebound Remnant", "Mycelial Mage"]) == 3 + 2   # the Mage (Lifebound) first
    assert cult_honor(["Mycelial Mage", "Lifebound Remnant"]) == 3       # the Remnant first
    assert cult_honor(["Lifebound Remnant", "Bombcrafter"]) == 3         # a Void hero first
    assert cult_honor(["Lifebound Remnant", "Lifebound Remnant"]) == 3 + 3
    assert cult_honor(["Mycelial Mage", "Lifebound Remnant"], played="Lycan Fang") == 3


def test_the_cult_ignores_every_other_reward_of_the_monsters_it_defeats():
    """"All other rewards from Monsters the Cult defeats are ignored." No Renown from Claws of
    Deoful's or Muse of Malevolence's reward (they have no faction), no runes from Mechana
    Remnant though the Cult acquired a Mechana card first, nothing drawn, banished or taken."""
    game = set_row(solo(), ROW[:4] + ["Muse of Malevolence", "Claws of Deoful"])
    hand = sorted(game.players[0].hand)
    script(game, ["End turn"])
    assert cult_renown(game) == ZERO
    assert (game.ext["villain_honor"], game.pool) == (4 + 5, 51)
    assert names(game, game.void) == ["Claws of Deoful", "Muse of Malevolence"]
    p = game.players[0]
    assert sorted(p.discard) == hand and (p.runes, p.power, p.honor) == (0, 0, 0)
    assert game.decision().kind == "action"
    game = set_row(solo(), ROW[:4] + ["Mechana Remnant", "Sablespark Sisters"])
    script(game, ["End turn"])
    assert game.ext["villain_honor"] == 4 and game.players[0].runes == 0
    assert names(game, game.void) == ["Mechana Remnant"]


def test_the_cult_advances_its_renown_markers_as_normal():
    """"Advance The Cult's Renown Markers on the Legendary Track when they acquire or defeat cards
    as normal." 1 Renown per faction on the card (both of a two-faction card), a monster's faction
    too, a card's "when you acquire this" Renown, none for a monster of no faction; your markers
    do not move."""
    game = set_row(solo(), ROW[:2] + ["Claws of Deoful", "Mecha Emissary", "Dark Monk", "Hurricane Warlock"])
    script(game, ["End turn"])
    assert cult_renown(game) == {**ZERO, "enlightened": 2, "void": 1}
    script(game, ["End turn"])
    assert cult_renown(game) == {**ZERO, "enlightened": 2, "void": 1, "mechana": 2}
    assert renown(game, 0) == ZERO


def test_the_cult_receives_honor_from_the_pool_equal_to_each_milestone_it_reaches():
    """"Whenever the Cult reaches a Renown milestone on the Legendary Track, they receive an
    amount of Honor from the Honor Pool equal to that milestone." One card may reach two."""
    game = set_row(solo(), ROW[:4] + ["Dark Monk", "Riftclaw"])
    renown(game, VILLAIN).update(void=2, enlightened=5)
    script(game, ["End turn"])
    # Riftclaw: Void 2 -> 3 (3 honor); Dark Monk: Void 3 -> 4, Enlightened 5 -> 6 (6 honor).
    assert cult_renown(game) == {**ZERO, "void": 4, "enlightened": 6}
    assert (game.ext["villain_honor"], game.pool) == (9, 51)
    assert [e.n for e in game.log if e.seat == VILLAIN and e.kind == "gained_honor"] == [3, 6]


def test_milestone_3_gives_3_honor_6_gives_6_and_so_on_9_gives_9_and_12_is_none():
    """"For example: when reaching the milestone on the 3rd space of the Legendary Track with any
    given faction, the Cult receives 3 Honor. When reaching the milestone on the 6th space, the
    Cult receives 6 Honor, and so on." Milestones are the 3rd, 6th and 9th spaces; the 12th
    (Legendary status) is none, and the Cult earns no Boon and no Legendary status."""
    game = set_row(solo(), ROW[:4] + ["Lycan Fang", "Hurricane Warlock"])
    renown(game, VILLAIN).update(enlightened=8, lifebound=11)
    script(game, ["End turn"])
    assert cult_renown(game) == {**ZERO, "enlightened": 9, "lifebound": 12}
    assert game.ext["villain_honor"] == 2 + 9   # Warlock's 2 honor and the 9th space
    kinds = [e.kind for e in game.log]
    assert "boon_earned" not in kinds and "legendary_status" not in kinds
    assert not any(game.label(o).startswith(("Boon", "Legendary")) for o in game.decision().options)


# ---------------------------------------------------------------------------------- the end and the score
def test_alternate_turns_while_the_pool_holds_a_token():
    """"Continue alternating turns in this way until the last Honor token is removed from the
    pool." One token left is not the end."""
    game = set_row(solo(), ROW[:4] + ["Lycan Fang", "Bombcrafter"])
    game.pool = 1
    script(game, ["End turn"])
    assert not game.over and game.turn == 2 and game.pool == 1


def test_the_game_ends_with_your_turn_if_you_remove_the_last_token():
    """"At the end of that turn, compare your Honor total to the Honor earned by the Cult." Your
    turn emptied the pool: the Cult takes no turn after it."""
    game = set_row(solo(), ROW)
    game.pool, game.ext["villain_honor"] = 1, 59
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist"])
    assert not game.over
    script(game, ["End turn"])
    assert game.over and game.decision() is None and cult_cards(game) == [] and row(game) == ROW


def test_the_game_ends_with_the_cults_turn_if_it_removes_the_last_token():
    """The same sentence, on the Cult's turn: its turn is both cards, and honor beyond the pool
    still counts (the pool empties on Riftclaw's milestone; Dark Monk is still taken)."""
    game = set_row(solo(), ROW[:4] + ["Dark Monk", "Riftclaw"])
    renown(game, VILLAIN).update(void=2)
    game.pool, game.players[0].honor = 2, 58
    script(game, ["End turn"])
    assert game.over and game.decision() is None
    assert (game.pool, game.ext["villain_honor"]) == (0, 3)
    assert cult_cards(game) == ["Riftclaw", "Dark Monk"]


def test_you_win_only_with_more_honor_than_the_cult():
    """"If you have more Honor, you win!" Honor is tokens and the cards' honor; a tie is the
    Cult's (in the 2-player game the player who went last wins a tie; here the sentence says
    more)."""
    def ended_with(player_tokens: int):
        game = set_row(solo(), ROW[:4] + ["Lycan Fang", "Bombcrafter"])
        arrange(game, 0, hand=[], deck=[], discard=["Arha Recruit"])   # 1 honor in cards
        game.pool, game.players[0].honor = 1, player_tokens
        set_resources(game, 0, power=2)
        script(game, ["Defeat Cultist", "End turn"])
        assert game.over and cult_score(game) == (0, 0, 0)
        return game

    # The Cult's honor from an earlier turn: Bombcrafter (1) and Lycan Fang (2) set aside.
    game = set_row(solo(), ROW[:4] + ["Lycan Fang", "Bombcrafter"])
    arrange(game, 0, hand=[], deck=[], discard=["Arha Recruit"])
    game.pool, game.players[0].honor = 1, 1
    script(game, ["End turn"])
    assert cult_score(game) == (0, 3, 3)
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])   # your 2 tokens + 1 in cards = 3
    assert game.over and [r["total"] for r in game.scores()] == [3, 3]
    assert game.winners() == [VILLAIN]
    won = ended_with(0)   # 1 token + 1 in cards against nothing
    assert [r["total"] for r in won.scores()] == [2, 0] and won.winners() == [0]
