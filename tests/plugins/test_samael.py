"""The solo variant against Samael, sentence by sentence: the 10 Year Anniversary rulebook's "Solo
Variant" (shared/rules/000_76bd38d8525f2d83.txt) and, where Return of the Fallen's "Solitaire"
(003_ea9803f5ef5d34fc.txt) words a rule differently, that sentence too. Each test quotes the
sentence it checks and fails if the rule were implemented otherwise."""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, new_game
from ascension.core.scenario import arrange, names, script, set_resources, set_row, stack_center_deck

VILLAIN = -1
ROW = ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Mechana Initiate", "Void Initiate"]


def solo(seed: int = 11):
    return new_game(["10th"], ["Ann"], ["samael"], seed=seed)


def rotf_solo(seed: int = 11):
    """Return of the Fallen alone, its opening Fates resolved (the player answers them)."""
    game = new_game(["rotf"], ["Ann"], ["samael"], seed=seed)
    while game.pending is not None:
        game.apply(0)
    return game


def row(game) -> list[str]:
    return names(game, game.center_row)


def villain_cards(game) -> list[str]:
    return names(game, game.ext["villain_cards"])


def samael_score(game) -> tuple[int, int, int]:
    (r,) = [r for r in game.scores() if r["seat"] == VILLAIN]
    return r["tokens"], r["cards"], r["total"]


# ---------------------------------------------------------------------------------- setting up
def test_the_solo_variant_is_the_1_player_game():
    """"The rules of the 1-player game are presented below." """
    game = solo()
    assert len(game.players) == 1
    with pytest.raises(SetupError, match="exactly 1 player, not 2"):
        new_game(["10th"], ["Ann", "Bob"], ["samael"], seed=1)
    with pytest.raises(SetupError, match="exactly 1 player, not 3"):
        new_game(["10th"], ["Ann", "Bob", "Cid"], ["samael"], seed=1)


def test_place_50_honor_in_the_pool():
    """"Place Honor tokens with a total value of 50 points in the Honor Pool." (Return of the
    Fallen: "Set aside 50 Honor tokens.") Not the 30 per player of the multiplayer game."""
    assert solo().pool == 50
    assert rotf_solo().pool == 50


def test_lay_out_6_center_cards_and_take_your_turns_as_in_the_multiplayer_game():
    """"Lay out 6 cards in the Center Row and take your turns as in the multiplayer game."
    (Return of the Fallen: "You take the first turn of the game.")"""
    game = solo()
    assert len(game.center_row) == 6 and None not in game.center_row
    assert len(game.center_deck) == 94
    p = game.players[0]
    assert (len(p.hand), len(p.deck), game.current, game.turn) == (5, 5, 0, 1)
    assert game.decision().seat == 0 and game.ext["villain_cards"] == [] and game.ext["villain_honor"] == 0


# ---------------------------------------------------------------------------------- the center row
def test_a_card_leaving_the_center_row_slides_the_others_right_and_the_new_card_fills_the_left():
    """"Every time a card leaves the Center Row, slide the remaining cards to the right and then
    refill the empty space on the left with a card from the Center Deck." Whether the card is
    acquired, defeated or banished; the cards right of it stay where they are."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Mephit", "Tormented Soul",
                            "Void Initiate"])
    stack_center_deck(game, ["Landtalker", "Muramasa", "Earth Tyrant"])
    set_resources(game, 0, runes=2, power=3)
    script(game, ["Acquire Spike Vixen"])
    assert row(game) == ["Landtalker", "Wolf Shaman", "Arha Initiate", "Mephit", "Tormented Soul", "Void Initiate"]
    script(game, ["Defeat Tormented Soul"])
    assert row(game) == ["Muramasa", "Landtalker", "Wolf Shaman", "Arha Initiate", "Mephit", "Void Initiate"]
    arrange(game, 0, hand=["Seer of the Forked Path"])
    script(game, ["Play Seer of the Forked Path", "Arha Initiate (center row)"])
    assert row(game) == ["Earth Tyrant", "Muramasa", "Landtalker", "Wolf Shaman", "Mephit", "Void Initiate"]


def test_rotf_the_replacement_enters_on_the_left_and_a_fate_card_entering_there_resolves():
    """Return of the Fallen: "Lay out the Center Row as normal, but whenever a card leaves the
    Center Row, the replacement card always enters on the left-hand side and the remaining cards
    slide over to the right." A Fate card entering so on Samael's turn resolves its Fate (the
    player is "you"); a card that only slides does not enter the row again."""
    game = rotf_solo()
    set_row(game, ["Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven", "Arha Sensei",
                   "Lunar Stag"])
    stack_center_deck(game, ["Askara of Fate", "Guardian of Sadranis"])
    script(game, ["End turn", (0, "Yes")])   # Askara of Fate: each player may draw a card
    assert row(game) == ["Guardian of Sadranis", "Askara of Fate", "Hectic Scribe", "Battery Monk",
                         "Dimension Diver", "Great-Omen Raven"]
    assert len(game.players[0].hand) == 6


# ---------------------------------------------------------------------------------- Samael's turn
def test_after_each_of_your_turns_samael_takes_a_turn():
    """"After each of your turns, the opponent — the villain, Samael — takes a turn." Not before
    your first turn; and a turn followed by an extra turn (Tablet of Time's Dawn) is one of yours."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    assert villain_cards(game) == []
    arrange(game, 0, constructs=["Tablet of Time's Dawn"])
    script(game, ["Use Tablet of Time's Dawn", "End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker"]
    assert (game.current, game.turn) == (0, 2)   # your extra turn, after Samael's
    script(game, ["End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker", "Shadow Star", "Spike Vixen"]
    assert (game.current, game.turn, game.over) == (0, 3, False)


def test_samael_acquires_or_defeats_the_two_right_most_center_cards():
    """"Samael acquires or defeats the 2 cards of the Center Row that are furthest to the right."
    (Return of the Fallen: "At the end of each of your turns, Samael is considered to acquire or
    defeat the two cards furthest to the right in the Center Row.") A hero is acquired and a
    monster defeated, whatever they cost; the rest of the row slides right behind them."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Earth Tyrant",
                            "Muramasa"])
    stack_center_deck(game, ["Mephit", "Landtalker"])
    script(game, ["End turn"])
    assert villain_cards(game) == ["Muramasa"] and names(game, game.void) == ["Earth Tyrant"]
    assert row(game) == ["Landtalker", "Mephit", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"]


def test_the_table_shows_what_samael_set_aside_and_the_two_cards_he_takes_next():
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    assert game.public_status(VILLAIN) == [("Set aside", "0 cards"), ("Takes next", "Muramasa and Landtalker")]
    assert game.public_status(0) == []   # nothing about the player
    script(game, ["End turn"])
    assert villain_cards(game) == ["Muramasa", "Landtalker"]   # what was shown is what he took
    assert game.public_status(VILLAIN) == [("Set aside", "2 cards, the latest Landtalker and Muramasa"),
                                           ("Takes next", "Shadow Star and Spike Vixen")]


def test_samael_sets_the_cards_he_acquires_aside():
    """"Set all cards acquired by Samael aside." (Return of the Fallen: "All cards acquired by
    Samael are set aside and only used to determine his Honor total at the end of the game.")
    They go to no deck and no Void, and give nobody an effect or honor tokens."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    script(game, ["End turn"])
    taken = game.ext["villain_cards"]
    p = game.players[0]
    assert not set(taken) & set(p.hand + p.deck + p.discard + p.played + p.constructs + game.void)
    assert None not in game.center_row and not set(taken) & set(game.center_row)
    assert (game.pool, game.ext["villain_honor"], p.honor) == (50, 0, 0)


def test_the_cards_samael_set_aside_count_for_his_honor_at_the_end():
    """"At the end of the game you will include them when counting the Honor Points Samael
    earned." """
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    game.pool = 1
    script(game, ["End turn"])
    assert not game.over
    assert samael_score(game) == (0, 8, 8)   # Landtalker 4 + Muramasa 4


def test_samael_puts_the_monsters_he_defeats_into_the_void():
    """"Put all Monsters defeated by Samael into the Void." """
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Wind Tyrant",
                            "Earth Tyrant"])
    script(game, ["End turn"])
    assert names(game, game.void) == ["Earth Tyrant", "Wind Tyrant"]
    assert villain_cards(game) == []


def test_samael_gains_the_honor_of_the_rewards_from_the_pool():
    """"Samael gains the rewards indicated in the form of Honor Points." Earth Tyrant's 5 and
    Wind Tyrant's 3 (printed beside 3 runes), taken from the pool."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Wind Tyrant",
                            "Earth Tyrant"])
    script(game, ["End turn"])
    assert (game.ext["villain_honor"], game.pool) == (8, 42)
    assert [(e.kind, e.seat) for e in game.log if e.kind in ("defeated", "gained_honor")] == [
        ("defeated", VILLAIN), ("gained_honor", VILLAIN), ("defeated", VILLAIN), ("gained_honor", VILLAIN)]


def test_samael_ignores_every_reward_but_honor():
    """"Ignore all other rewards for defeating Monsters." Mephit banishes nothing from the row,
    Corrosive Widow destroys none of your constructs, and no cards or runes go to anyone."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Mephit",
                            "Corrosive Widow"])
    stack_center_deck(game, ["Landtalker", "Muramasa"])
    arrange(game, 0, constructs=["Yggdrasil Staff"])
    hand = sorted(game.players[0].hand)
    script(game, ["End turn"])
    assert names(game, game.void) == ["Corrosive Widow", "Mephit"] and game.ext["villain_honor"] == 5
    assert row(game) == ["Muramasa", "Landtalker", "Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star"]
    p = game.players[0]
    assert names(game, p.constructs) == ["Yggdrasil Staff"]
    assert sorted(p.discard) == hand and (p.runes, p.power, p.honor) == (0, 0, 0)
    dec = game.decision()
    assert (dec.kind, dec.seat) == ("action", 0)


def test_rotf_samael_receives_the_honor_of_a_reward_and_every_other_effect_is_ignored():
    """Return of the Fallen: "Any Monsters defeated go to the Void, and Samael receives any Honor
    from their reward. All other effects are ignored." Sordid Asp gives him its 1 honor; its
    "take 2 honor from the leader" is another effect: your tokens stay yours."""
    game = set_row(rotf_solo(), ["Hectic Scribe", "Battery Monk", "Dimension Diver", "Great-Omen Raven",
                                 "Arha Sensei", "Sordid Asp"])
    stack_center_deck(game, ["Lunar Stag", "Battery Monk"])   # no Fate to answer
    game.players[0].honor, game.pool = 10, 40
    script(game, ["End turn"])
    assert names(game, game.void)[-1:] == ["Sordid Asp"]
    assert (game.ext["villain_honor"], game.players[0].honor, game.pool) == (1, 10, 39)


# ---------------------------------------------------------------------------------- the end and the score
def test_keep_taking_turns_with_samael_while_the_pool_holds_a_token():
    """"Keep taking turns alternately with Samael until the last token is taken from the Honor
    Pool." One token left is not the end."""
    game = set_row(solo(), ROW)
    game.pool = 1
    script(game, ["End turn", "End turn"])
    assert not game.over and game.turn == 3 and len(game.ext["villain_cards"]) == 4


def test_the_game_ends_with_your_turn_if_you_take_the_last_token():
    """"At the end of the turn in which this happens, compare the number of Honor Points earned
    by you and by Samael." Your turn emptied the pool: Samael takes no turn after it."""
    game = set_row(solo(), ROW)
    game.pool, game.ext["villain_honor"] = 1, 49
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist"])
    assert not game.over   # the turn goes on
    script(game, ["End turn"])
    assert game.over and game.decision() is None
    assert villain_cards(game) == [] and row(game) == ROW


def test_the_game_ends_with_samaels_turn_if_he_takes_the_last_token():
    """The same sentence, on Samael's turn: his turn is both cards, and honor beyond the pool
    still counts (the rulebook's "Continue playing this way until the last Honor token is gone")."""
    game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker",
                            "Earth Tyrant"])
    game.pool, game.players[0].honor = 3, 47
    script(game, ["End turn"])
    assert game.over and game.decision() is None
    assert (game.ext["villain_honor"], game.pool) == (5, 0)
    assert villain_cards(game) == ["Landtalker"]


def test_you_win_only_with_more_honor_than_samael():
    """"If you have earned more, you win!" (Return of the Fallen: "If you have more Honor, you
    win!") Honor is tokens and the cards' honor; a tie is Samael's."""
    def ended_with(player_tokens: int):
        game = set_row(solo(), ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker",
                                "Earth Tyrant"])
        arrange(game, 0, hand=[], deck=[], discard=["Arha Initiate"])   # 1 honor in cards
        game.pool, game.players[0].honor = 5, player_tokens
        script(game, ["End turn"])
        assert game.over and samael_score(game) == (5, 4, 9)
        return game

    won = ended_with(9)
    assert [(r["name"], r["total"]) for r in won.scores()] == [("Ann", 10), ("Samael", 9)]
    assert won.winners() == [0]
    tied = ended_with(8)
    assert [r["total"] for r in tied.scores()] == [9, 9]
    assert tied.winners() == [VILLAIN]


@pytest.mark.parametrize("variant, sets", [("samael", ["10th"]), ("cult", ["10th", "legends"])])
def test_rule_the_game_ends_with_the_villains_turn_that_took_the_last_token_even_with_an_extra_turn_waiting(
        variant, sets):
    """Solo: "At the end of the turn in which this happens, compare". With Tablet of Time's Dawn
    used, Ann played her extra turn after Samael (or the Cult) emptied the pool, and could win a
    game already lost."""
    from ascension.core.scenario import arrange, arrange_center, empty_center_row, script
    g = new_game(sets, ["Ann"], [variant], seed=11)
    while g.pending is not None:
        g.apply(0)
    empty_center_row(g)
    arrange_center(g, ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Earth Tyrant"])
    arrange(g, 0, constructs=["Tablet of Time's Dawn"])
    g.pool, g.players[0].honor = 3, 0
    script(g, ["Use Tablet of Time's Dawn", "End turn"])
    assert g.over and g.pool == 0 and g.winners() == [-1]
