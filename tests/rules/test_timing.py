"""The official timing after an acquire or defeat (Stone Blade support, "What are the timing rules
for Ascension?"): the card leaves, its slot is refilled at once, the taken card's own effects (its
reward, its "when acquired", the triggers it set off) resolve in full, and only then does the
Fate of a newly dealt card resolve, Fates in the order their cards entered the center row."""
from __future__ import annotations

from ascension.core.match import load, new_game, save
from ascension.core.scenario import (
    arrange, empty_center_row, arrange_center, labels, names, script, set_resources, set_row,
    stack_center_deck,
)

ROW = ["Arha Initiate", "Spike Vixen", "Mephit", "Void Initiate", "Wolf Shaman", "Landtalker"]


def ready(sets, variants=(), players=("Ann", "Bob"), seed=4):
    """A game at seat 0's first main action, any opening Fate answered, the center row emptied."""
    game = new_game(sets, list(players), list(variants), seed=seed)
    while game.pending is not None:
        game.apply(0)
    return empty_center_row(game)


def test_reward_choice_comes_before_the_fate_of_the_card_dealt_in_its_place():
    """Mephit's reward (banish a card in the center row) lists the row as it is after the refill
    and before Ravenous Gorph's Fate (banish its neighbours) changes it."""
    game = ready(["10th", "rotf"])
    arrange_center(game, ROW)
    stack_center_deck(game, ["Ravenous Gorph", "Hectic Scribe", "Battery Monk"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Mephit"], finish=False)
    assert game.name_of(game.decision().source) == "Mephit"
    assert labels(game) == [f"{n} (center row)" for n in ROW[:2] + ["Ravenous Gorph"] + ROW[3:]] + ["None"]
    script(game, ["Landtalker (center row)"])
    # the reward resolved in full; then Gorph's Fate banished Spike Vixen and Void Initiate
    assert names(game, game.void) == ["Mephit", "Landtalker", "Spike Vixen", "Void Initiate"]
    assert game.players[0].honor == 2


def test_reward_choice_before_fate_survives_save_and_load():
    game = ready(["10th", "rotf"])
    arrange_center(game, ROW)
    stack_center_deck(game, ["Ravenous Gorph", "Hectic Scribe", "Battery Monk"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Mephit"], finish=False)
    game = load(save(game))
    script(game, ["None"])
    assert names(game, game.void) == ["Mephit", "Spike Vixen", "Void Initiate"]


def test_when_acquired_resolves_before_the_fate_of_the_card_dealt_in_its_place():
    """Mecha Emissary's "when you acquire this: gain 1 Mechana Renown" comes before Askara of
    Fate's "each player may draw a card": at that question Ann already has both Renown."""
    game = ready(["legends", "rotf"], ["legendary"])
    arrange_center(game, ["Mecha Emissary", "Hectic Scribe", "Battery Monk"])
    stack_center_deck(game, ["Askara of Fate"])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Mecha Emissary"], finish=False)
    dec = game.decision()
    assert game.name_of(dec.source) == "Askara of Fate" and dec.seat == 0
    assert game.ext["legendary"]["renown"]["0"]["mechana"] == 2   # the center-row Renown and "when acquired"


def test_raiynas_second_reward_also_comes_before_the_fate_of_the_card_dealt_in_its_place():
    """Raiyna, Riftwalker: "the next time you defeat a monster in the center row, you receive its
    non-honor reward twice". Both of Mephit's banishes belong to the defeat, so both choose from
    the row after the refill and before Ravenous Gorph's Fate changes it."""
    game = ready(["10th", "rotf", "legends"], ["legendary"])
    arrange_center(game, ROW)
    stack_center_deck(game, ["Ravenous Gorph", "Hectic Scribe", "Battery Monk"])
    arrange(game, 0, hand=["Raiyna, Riftwalker"])
    set_resources(game, 0)
    script(game, ["Play Raiyna, Riftwalker", "Defeat Mephit"], finish=False)
    assert game.name_of(game.decision().source) == "Mephit"
    script(game, ["Landtalker (center row)"], finish=False)
    assert game.name_of(game.decision().source) == "Mephit"           # the second reward, still no Fate
    assert labels(game) == [f"{n} (center row)" for n in ROW[:2] + ["Ravenous Gorph"] + ROW[3:5]
                            + ["Hectic Scribe"]] + ["None"]
    script(game, ["Wolf Shaman (center row)"])
    assert names(game, game.void) == ["Mephit", "Landtalker", "Wolf Shaman", "Spike Vixen", "Void Initiate"]
    assert game.players[0].honor == 2                                  # the honor only once


def test_two_fates_of_one_turn_each_wait_for_the_take_that_dealt_it():
    """Avatar of the Fallen's reward takes another card: that take is a whole procedure of its own,
    so the Fate it dealt (Arbiter of Fate) resolves inside the reward, and the Fate dealt in the
    Avatar's place (Askara of Fate) after the whole reward."""
    game = ready(["10th", "rotf"])
    arrange_center(game, ["Avatar of the Fallen", "Spike Vixen"] + ROW[3:])
    stack_center_deck(game, ["Askara of Fate", "Arbiter of Fate"])
    arrange(game, 0, hand=["Militia"], discard=["Apprentice"])
    set_resources(game, 0, power=7)
    script(game, ["Defeat Avatar of the Fallen"], finish=False)
    assert game.name_of(game.decision().source) == "Avatar of the Fallen"   # the reward first
    assert game.players[0].honor == 4
    script(game, ["Spike Vixen (center row)"], finish=False)
    # Arbiter of Fate (dealt for Spike Vixen): each player may banish, starting with Ann
    assert game.name_of(game.decision().source) == "Arbiter of Fate" and game.decision().seat == 0
    script(game, [(0, "Militia (hand)"), (1, "None")], finish=False)
    # then Askara of Fate (dealt for the Avatar): each player may draw
    assert game.name_of(game.decision().source) == "Askara of Fate"
    script(game, [(0, "No"), (1, "No")])
    assert names(game, game.center_row)[:2] == ["Askara of Fate", "Arbiter of Fate"]


def test_two_fates_dealt_one_after_the_other_resolve_in_the_order_they_entered():
    """Samael takes the two right-most cards after the player's turn; each is replaced from the
    left. Both new cards have a Fate: the first dealt resolves first."""
    game = new_game(["10th", "rotf"], ["Ann"], ["samael"], seed=11)
    while game.pending is not None:
        game.apply(0)
    set_row(game, ROW)
    stack_center_deck(game, ["Askara of Fate", "Stone Circle"])
    script(game, ["End turn"], finish=False)
    assert game.name_of(game.decision().source) == "Askara of Fate"
    script(game, ["No"], finish=False)
    assert game.name_of(game.decision().source) == "Stone Circle"
    script(game, ["None"])


def test_a_fate_card_sliding_right_in_the_solo_row_does_not_resolve_its_fate_again():
    """Samael's refill slides the row right and deals on the left: only the card dealt enters."""
    game = new_game(["10th", "rotf"], ["Ann"], ["samael"], seed=11)
    while game.pending is not None:
        game.apply(0)
    set_row(game, ROW)
    stack_center_deck(game, ["Askara of Fate", "Hectic Scribe", "Battery Monk"])
    script(game, ["End turn", "No"])          # Askara of Fate dealt: its Fate asks once
    assert names(game, game.center_row)[:2] == ["Hectic Scribe", "Askara of Fate"]
    script(game, ["End turn"])                # Askara slides right again: no question
    assert "Askara of Fate" in names(game, game.center_row)
