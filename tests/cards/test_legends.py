"""A scenario per Ascension Legends card and per Legendary Character's Boon.

Each test sets an exact situation, plays it through the strict scripted agent and checks what a
player at the table would see. Renown is set directly on the track where a test needs it.
"""
from __future__ import annotations

import pytest

from ascension.core.match import load_set, new_game
from ascension.core.scenario import (
    arrange, arrange_center, empty_center_row, end_round, hand, labels, names, script, set_resources,
    stack_center_deck, to_void,
)
from ascension.plugins.legendary.track import renown
from ascension.plugins.legendary.verbs import honor_only

CHARS = {"enlightened": "master_dhartha", "lifebound": "nairi", "mechana": "kor", "void": "emri"}
FILLER = ["Correction of Creation", "Claws of Deoful", "The Iron Seven", "MarrowWyrm Rider",
          "Muse of Malevolence", "Correction of Creation"]
ZERO = dict.fromkeys(("enlightened", "lifebound", "mechana", "void"), 0)


def fresh(seed: int = 7, chars=CHARS):
    game = new_game(["legends"], ["Ann", "Bob"], seed=seed, options={"legendary": {"characters": dict(chars)}})
    empty_center_row(game)
    return game


def row(game, cards: list[str]):
    return arrange_center(game, cards + FILLER[: 6 - len(cards)])


def me(game, seat: int = 0):
    return game.players[seat]


def rn(game, seat: int = 0) -> dict:
    return dict(renown(game, seat))


def ok(game) -> None:
    game.check_integrity()


def res(game, seat: int = 0) -> tuple[int, int, int]:
    p = game.players[seat]
    return p.runes, p.power, p.honor


# =============================================================== Enlightened
def test_arha_recruit_draws_gains_a_chosen_renown_and_banishes_itself():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arha Recruit"], deck=["Apprentice"])
    script(game, ["Play Arha Recruit", "Mechana"])
    assert hand(game) == ["Apprentice"] and rn(game) == {**ZERO, "mechana": 1}
    assert names(game, game.void) == ["Arha Recruit"] and me(game).played == []
    ok(game)


def test_askara_of_judgement_draws_one_or_two_at_renown_6():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Askara of Judgement"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Askara of Judgement"])
    assert hand(game) == ["Apprentice"]
    game = fresh()
    row(game, [])
    renown(game, 0)["enlightened"] = 6
    arrange(game, 0, hand=["Askara of Judgement"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Askara of Judgement"])
    assert hand(game) == ["Apprentice", "Militia"]
    assert game.card(me(game).played[0]).text == "Draw 1 card. Renown Threshold (6): Draw 2 cards instead. (est.: copies)"


def test_pathseeker_sensei_defeats_a_monster_costing_4_or_less_for_free():
    game = fresh()
    row(game, ["Hellstring Blades", "Claws of Deoful", "Hurricane Warlock"])
    arrange(game, 0, hand=["Pathseeker Sensei"], deck=["Apprentice"])
    script(game, ["Play Pathseeker Sensei"], finish=False)
    assert "Hellstring Blades (center row)" not in labels(game)
    assert "Cultist (pile)" in labels(game)
    script(game, ["Hurricane Warlock (center row)"])
    assert res(game) == (0, 0, 2) and hand(game) == ["Apprentice"]
    assert rn(game) == {**ZERO, "enlightened": 1}  # defeated from the center row
    ok(game)


def test_arha_emissary_wins_with_emissaries_of_all_four_factions():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Void Emissary", "Forest Emissary", "Mecha Emissary", "Arha Emissary"],
            deck=["Apprentice", "Militia", "Mystic", "Heavy Infantry", "Apprentice"])
    script(game, ["Play Void Emissary", "Play Forest Emissary", "Play Mecha Emissary"])
    assert not game.over
    script(game, ["Play Arha Emissary"], finish=False)
    assert game.over and game.decision() is None
    assert game.winners() == [0] and "won" in [e.kind for e in game.log]
    assert game.text(game.log[-2]) == "Ann wins the game."


def test_arha_emissary_without_all_four_only_draws():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arha Emissary", "Void Emissary"], deck=["Apprentice", "Militia"])
    script(game, ["Play Arha Emissary", "Play Void Emissary"])
    assert not game.over and hand(game) == ["Apprentice", "Militia"]


def test_mountain_seer_banishes_a_center_card_and_gains_renown_from_its_replacement():
    game = fresh()
    row(game, ["Lycan Fang"])
    stack_center_deck(game, ["Dark Monk"])
    arrange(game, 0, hand=["Mountain Seer"], deck=["Apprentice"])
    script(game, ["Play Mountain Seer", "Lycan Fang (center row)"])
    assert names(game, game.center_row)[0] == "Dark Monk"
    assert rn(game) == {**ZERO, "enlightened": 1, "void": 1}
    assert names(game, game.void) == ["Lycan Fang"] and hand(game) == ["Apprentice"]


def test_master_vaya_draws_two():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Master Vaya"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Master Vaya"])
    assert hand(game) == ["Apprentice", "Militia"]


def test_tablet_of_the_templar_is_destroyed_to_defeat_a_monster_costing_4_or_less():
    game = fresh()
    row(game, ["Claws of Deoful", "Hellstring Blades"])
    arrange(game, 0, hand=[], constructs=["Tablet of the Templar"])
    script(game, ["Use Tablet of the Templar", "Claws of Deoful (center row)", "Void"])
    assert me(game).constructs == [] and names(game, me(game).discard) == ["Tablet of the Templar"]
    assert me(game).honor == 4 and rn(game)["void"] == 1
    ok(game)


def test_temple_of_arha_draws_once_per_turn_after_a_mystic_or_heavy_infantry():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Heavy Infantry", "Lycan Fang"], constructs=["Temple of Arha"],
            deck=["Apprentice", "Militia"])
    script(game, ["Play Lycan Fang"])
    assert not any(lb.startswith("Use Temple") for lb in labels(game))
    script(game, ["Play Heavy Infantry", "Use Temple of Arha"])
    assert hand(game) == ["Apprentice"]
    assert not any(lb.startswith("Use Temple") for lb in labels(game))


# =============================================================== Lifebound
def test_mycelial_mage_draws_gains_3_honor_and_banishes_itself():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Mycelial Mage"], deck=["Apprentice"])
    script(game, ["Play Mycelial Mage"])
    assert res(game) == (0, 0, 3) and hand(game) == ["Apprentice"] and names(game, game.void) == ["Mycelial Mage"]
    ok(game)


def test_mushroom_druid_gains_3_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Mushroom Druid"])
    script(game, ["Play Mushroom Druid"])
    assert res(game) == (0, 0, 3) and game.pool == 57


def test_lycan_fang_gains_2_runes():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Lycan Fang"])
    script(game, ["Play Lycan Fang"])
    assert res(game) == (2, 0, 0)


def test_forest_emissary_draws_and_unites_with_another_emissary_for_2_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Forest Emissary", "Mecha Emissary"], deck=["Apprentice", "Militia"])
    script(game, ["Play Forest Emissary"])
    assert res(game) == (0, 0, 0)
    script(game, ["Play Mecha Emissary"])
    assert res(game) == (2, 0, 2) and hand(game) == ["Apprentice", "Militia"]


def test_a_game_saved_while_a_unite_emissary_waits_loads_and_the_emissary_still_unites():
    """Saved after Forest Emissary, its Unite-Emissary waiting for another Emissary, the game was
    refused on loading ("turn.waiting.0[0]: Input should be a valid integer"): the autosave of
    such a turn, an Undo or a resume were lost."""
    from ascension.core.match import SaveFileError, load, save
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Forest Emissary", "Mecha Emissary"], deck=["Apprentice", "Militia"])
    script(game, ["Play Forest Emissary"])
    text = save(game)
    again = load(text)
    assert save(again) == text
    script(again, ["Play Mecha Emissary"])
    assert res(again) == (2, 0, 2)
    broken = text.replace('"legends.forest_emissary","play.1.then"', '"legends.forest_emissary",3')
    assert broken != text
    with pytest.raises(SaveFileError, match=r"turn\.waiting\.0\[0\]\[2\]"):
        load(broken)


def test_unite_counts_a_hero_played_earlier_that_banished_itself():
    """Unite "triggers if you play or have played another Hero that shares a faction": Bombcrafter
    (Void) banishes itself, yet it was played; Dark Monk (Enlightened, Void) played after it
    drew nothing."""
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Bombcrafter", "Dark Monk"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Bombcrafter"])
    assert "Bombcrafter" in names(game, game.void) and hand(game) == ["Apprentice", "Dark Monk"]
    script(game, ["Play Dark Monk"])
    assert hand(game) == ["Apprentice", "Militia"]   # Unite: a card drawn


def test_if_you_have_played_counts_a_hero_banished_since_and_the_turn_keeps_it_through_a_save():
    """Temple of Arha "provided you have played a Mystic or Heavy Infantry this turn": a Mystic
    banished by Naka's Boon after it was played still counts, in a saved game too; the next turn,
    not any more."""
    from ascension.core.match import load, save
    game = fresh(chars={**CHARS, "void": "naka"})
    row(game, ["Riftclaw"])
    renown(game, 0)["void"] = 2
    arrange(game, 0, hand=["Mystic"], constructs=["Temple of Arha"], deck=["Apprentice"])
    set_resources(game, 0, runes=4)
    script(game, ["Play Mystic", "Acquire Riftclaw", "Boon of Naka", "Mystic (played this turn)"])
    assert not game.players[0].played   # (banished: an always-available card goes back to its pile)
    game = load(save(game))
    assert any(label.startswith("Use Temple of Arha") for label in labels(game))
    end_round(game)
    assert not any(label.startswith("Use Temple of Arha") for label in labels(game))


def test_snowstrider_lycan_gains_rune_power_honor_and_draws():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Snowstrider Lycan"], deck=["Apprentice"])
    script(game, ["Play Snowstrider Lycan"])
    assert res(game) == (1, 1, 1) and hand(game) == ["Apprentice"]


def test_turtler_merchant_returns_honor_to_acquire_a_center_card():
    game = fresh()
    row(game, ["Master Vaya", "Mecha Cetra", "Dark Monk"])
    arrange(game, 0, hand=["Turtler Merchant"])
    script(game, ["Play Turtler Merchant"], finish=False)
    # 5 honor now: Master Vaya (3), Mecha Cetra (5) and Dark Monk (2) are within reach; no monster.
    assert labels(game) == ["Master Vaya (center row)", "Mecha Cetra (center row)",
                            "Dark Monk (center row)", "None"]
    script(game, ["Master Vaya (center row)"])
    assert me(game).honor == 2 and game.pool == 58
    assert "Master Vaya" in names(game, me(game).discard) and rn(game)["enlightened"] == 1
    assert game.text(next(e for e in game.log if e.kind == "returned_honor")) == "Ann returns 3 honor to the pool."
    ok(game)


def test_turtler_merchant_returned_honor_first_repays_honor_taken_from_the_box():
    game = fresh()
    row(game, ["Master Vaya"])
    game.pool, me(game, 1).honor = 2, 58
    arrange(game, 0, hand=["Turtler Merchant"])
    script(game, ["Play Turtler Merchant", "Master Vaya (center row)"])
    # 5 honor: 2 from the pool, 3 from the box; returning 3 repays the box, the pool stays empty.
    assert me(game).honor == 2 and game.pool == 0
    ok(game)


def test_turtler_merchant_honor_returned_to_an_emptied_pool_does_not_undo_the_end_of_the_game():
    """FAQ: "When the last Honor token is taken, continue playing until the end of the current
    round". The returned tokens refilled the pool and the game went on."""
    game = fresh()
    row(game, ["Mecha Cetra"])
    game.pool, me(game, 1).honor = 5, 55
    arrange(game, 0, hand=["Turtler Merchant"])
    script(game, ["Play Turtler Merchant"], finish=False)
    assert game.pool == 0  # the last tokens
    script(game, ["Mecha Cetra (center row)", "End turn"])
    assert game.pool == 5 and not game.over   # the tokens are back in the pool; Bob still has his turn
    script(game, ["End turn"])
    assert game.over and [e.kind for e in game.log].count("pool_empty") == 1
    ok(game)


def test_the_cult_takes_no_turn_after_the_players_turn_emptied_the_pool_though_turtler_refilled_it():
    """Solitaire: "until the last Honor token is removed from the pool. At the end of that turn,
    compare": the Cult took another full turn."""
    game = new_game(["legends"], ["Ann"], ["cult"], seed=7)
    while game.pending is not None:
        game.apply(0)
    row(game, ["Mecha Cetra"])
    game.pool, game.ext["villain_honor"] = 5, 55
    arrange(game, 0, hand=["Turtler Merchant"])
    game.edited()
    took = len(game.ext["villain_cards"])
    script(game, ["Play Turtler Merchant", "Mecha Cetra (center row)", "End turn"])
    assert game.over and game.pool == 5 and len(game.ext["villain_cards"]) == took


def test_landis_potions_and_pies_honor_and_unite_rune_with_a_lifebound_hero():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Snowstrider Lycan"], constructs=["Landis' Potions & Pies"], deck=["Apprentice"])
    script(game, ["Use Landis' Potions & Pies: Once per turn: Gain 1 honor."])
    assert res(game) == (0, 0, 1)
    script(game, ["Play Snowstrider Lycan",
                  "Use Landis' Potions & Pies: Once per turn: If you have played a Lifebound hero this turn, gain 1 rune."])
    assert res(game) == (2, 1, 2)


# =============================================================== Mechana
def test_sablespark_sisters_draw_gain_a_rune_and_banish_themselves():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Sablespark Sisters"], deck=["Apprentice"])
    script(game, ["Play Sablespark Sisters"])
    assert res(game) == (1, 0, 0) and hand(game) == ["Apprentice"] and names(game, game.void) == ["Sablespark Sisters"]


def test_mecha_emissary_extra_mechana_renown_when_acquired_and_unite_emissary_runes():
    game = fresh()
    row(game, ["Mecha Emissary"])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Mecha Emissary"])
    assert rn(game)["mechana"] == 2
    arrange(game, 0, hand=["Void Emissary", "Mecha Emissary"], deck=["Apprentice", "Militia"])
    script(game, ["Play Void Emissary", "Play Mecha Emissary"])
    assert res(game)[:2] == (2, 2)


def test_the_dreamscrape_destroys_another_mechana_construct_for_2_runes():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["The Dreamscrape", "Riftclaw"])
    assert not any(lb.startswith("Use The Dreamscrape") for lb in labels(game))  # no other Mechana construct
    arrange(game, 0, constructs=["The Dreamscrape", "Riftclaw", "Korpse Maker", "Ironheart Engine"])
    script(game, ["Use The Dreamscrape"], finish=False)
    assert labels(game) == ["Korpse Maker (in play)", "Ironheart Engine (in play)"]
    script(game, ["Korpse Maker (in play)"])
    assert res(game) == (2, 0, 0) and names(game, me(game).discard) == ["Korpse Maker"]
    assert not any(lb.startswith("Use The Dreamscrape") for lb in labels(game))


def test_korpse_maker_gains_2_power_once_per_turn_when_a_mechana_construct_enters():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Korpse Maker", "The Dreamscrape", "Riftclaw"])
    script(game, ["Play Riftclaw"])
    assert res(game) == (0, 0, 0)  # a Void construct before Korpse Maker
    script(game, ["Play Korpse Maker"])
    assert res(game) == (0, 2, 0)  # it counts itself
    script(game, ["Play The Dreamscrape"])
    assert res(game) == (0, 2, 0)  # once per turn


def test_mechannihilator_destroys_another_mechana_construct_for_3_power():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Mechannihilator", "Ironheart Engine"])
    script(game, ["Use Mechannihilator"])  # the only other Mechana construct: no question
    assert res(game) == (0, 3, 0) and names(game, me(game).constructs) == ["Mechannihilator"]


def test_ironheart_engine_gains_3_runes_when_a_mechana_construct_enters():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Ironheart Engine", "Korpse Maker"])
    script(game, ["Play Ironheart Engine", "Play Korpse Maker"])
    assert res(game) == (3, 2, 0)


def test_mechaphoenix_takes_a_card_costing_no_more_than_the_construct_for_free():
    game = fresh()
    row(game, ["Raiyna, Riftwalker", "Master Vaya", "Muse of Malevolence"])
    arrange(game, 0, hand=["Korpse Maker"], constructs=["Mechaphoenix"])
    script(game, ["Play Korpse Maker"], finish=False)  # cost 5: Raiyna (7) is out of reach
    assert "Raiyna, Riftwalker (center row)" not in labels(game)
    assert "Master Vaya (center row)" in labels(game) and "None" in labels(game)   # (it may be declined)
    script(game, ["Master Vaya (center row)"])
    assert "Master Vaya" in names(game, me(game).discard) and res(game) == (0, 2, 0)
    game = fresh()
    row(game, ["Raiyna, Riftwalker", "Muse of Malevolence"])
    arrange(game, 0, hand=["Mechaphoenix"])
    script(game, ["Play Mechaphoenix", "Muse of Malevolence (center row)", "Void"])  # itself: cost 7
    assert me(game).honor == 5


def test_mechaphoenix_declined_for_a_cheap_construct_waits_for_a_costlier_one_that_turn():
    """FAQ: a construct's once-per-turn effect need not be used as soon as its condition is met.
    Mechaphoenix made the player take a card at the first Mechana construct (cost 3), and then
    offered nothing at the next one (cost 6), with Master Vaya (5) in reach."""
    game = fresh()
    row(game, ["Master Vaya"])
    arrange(game, 0, hand=["The Dreamscrape", "Ironheart Engine"], constructs=["Mechaphoenix"])
    script(game, ["Play The Dreamscrape", "None"], finish=False)
    assert "Master Vaya (center row)" not in labels(game)   # (cost 5: beyond The Dreamscrape's 3)
    script(game, ["Play Ironheart Engine", "Master Vaya (center row)"], finish=False)
    assert "Master Vaya" in names(game, me(game).discard)


# =============================================================== Void
def test_bombcrafter_draws_gains_2_power_and_banishes_itself():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Bombcrafter"], deck=["Apprentice"])
    script(game, ["Play Bombcrafter"])
    assert res(game) == (0, 2, 0) and names(game, game.void) == ["Bombcrafter"]


def test_shade_feather_gains_1_power_and_may_banish_from_hand_or_discard():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shade Feather", "Militia"], discard=["Apprentice"])
    script(game, ["Play Shade Feather", "Apprentice (discard pile)"])
    assert res(game) == (0, 1, 0) and me(game).discard == [] and names(game, game.box) == ["Apprentice"]


def test_void_emissary_draws_and_unites_with_another_emissary_for_2_power():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Forest Emissary", "Void Emissary"], deck=["Apprentice", "Militia"])
    script(game, ["Play Forest Emissary", "Play Void Emissary"])
    assert res(game) == (0, 2, 2)


def test_shadow_mender_gains_3_power_and_may_defeat_a_monster_in_the_void():
    game = fresh()
    row(game, [])
    to_void(game, "Claws of Deoful")
    to_void(game, "Hellstring Blades")
    arrange(game, 0, hand=["Shadow Mender", "Militia"])
    script(game, ["Play Militia", "Play Shadow Mender"], finish=False)
    assert labels(game) == ["Claws of Deoful (Void)", "None"]  # 4 power: not Hellstring (5)
    script(game, ["Claws of Deoful (Void)", "Lifebound"])
    assert res(game) == (0, 0, 4) and names(game, game.void) == ["Claws of Deoful", "Hellstring Blades"]
    assert rn(game) == {**ZERO, "lifebound": 1}  # its reward; nothing for the defeat in the Void


def test_shadow_arbiter_draws_and_may_banish_from_hand_for_2_power():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shadow Arbiter"], deck=["Apprentice"])
    script(game, ["Play Shadow Arbiter", "Apprentice (hand)"])
    assert res(game) == (0, 2, 0) and hand(game) == []
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shadow Arbiter"], deck=["Apprentice"])
    script(game, ["Play Shadow Arbiter", "None"])
    assert res(game) == (0, 0, 0) and hand(game) == ["Apprentice"]


def test_raiyna_riftwalker_next_center_defeat_gives_its_non_honor_reward_twice():
    game = fresh()
    row(game, ["Hurricane Warlock", "Correction of Creation"])
    arrange(game, 0, hand=["Raiyna, Riftwalker", "Militia"], deck=["Apprentice", "Mystic", "Heavy Infantry"])
    script(game, ["Play Raiyna, Riftwalker", "Defeat Hurricane Warlock"])
    assert me(game).honor == 2 and hand(game) == ["Apprentice", "Militia", "Mystic"]  # drew 2, honor once
    script(game, ["Play Militia"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Correction of Creation", "None"])  # only the next defeat: one banish offered
    assert me(game).honor == 4


def test_raiyna_riftwalker_repeats_runes_of_a_mixed_gain_and_not_a_conditional_honor():
    game = fresh()
    row(game, ["Mechana Remnant", "Lifebound Remnant"])
    arrange(game, 0, hand=["Raiyna, Riftwalker", "Sablespark Sisters", "Lycan Fang"], deck=["Apprentice"])
    script(game, ["Play Sablespark Sisters", "Play Raiyna, Riftwalker"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat Mechana Remnant"])
    assert (me(game).runes, me(game).honor) == (4, 4)  # 2 runes twice, 4 honor once
    script(game, ["Play Lycan Fang"])  # Lifebound played: the Remnant's extra honor is honor, not repeated
    game.ext["legendary"]["turn"]["echo"] = {"0": 1}  # as if a second Raiyna had been played
    set_resources(game, 0, power=4)
    script(game, ["Defeat Lifebound Remnant"])
    assert me(game).honor == 4 + 3 + 2


def test_riftclaw_gains_1_power_or_2_at_void_renown_6():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Riftclaw"])
    script(game, ["Use Riftclaw"])
    assert res(game) == (0, 1, 0)
    renown(game, 0)["void"] = 6
    script(game, [(0, "End turn"), (1, "End turn"), "Use Riftclaw"])
    assert res(game) == (0, 2, 0)


# =============================================================== two factions
def test_dark_monk_gains_2_power_and_unites_with_an_enlightened_or_void_hero():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Dark Monk", "Master Vaya"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Dark Monk", "Play Master Vaya"])
    assert res(game) == (0, 2, 0) and hand(game) == ["Apprentice", "Militia", "Mystic"]


def test_shade_askara_gains_3_power_and_draws_if_the_discard_holds_an_enlightened_or_void_card():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shade Askara"], discard=["Lycan Fang"], deck=["Apprentice"])
    script(game, ["Play Shade Askara"])
    assert res(game) == (0, 3, 0) and hand(game) == []
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Shade Askara"], discard=["Master Vaya"], deck=["Apprentice"])
    script(game, ["Play Shade Askara"])
    assert hand(game) == ["Apprentice"]


def test_psychic_amulet_draws_once_per_turn_when_a_mechana_or_enlightened_construct_enters():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Riftclaw", "Psychic Amulet", "Temple of Arha"], deck=["Apprentice", "Militia"])
    script(game, ["Play Psychic Amulet"])
    assert hand(game) == ["Apprentice", "Riftclaw", "Temple of Arha"]  # it counts itself
    script(game, ["Play Temple of Arha"])
    assert hand(game) == ["Apprentice", "Riftclaw"]  # once per turn
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Riftclaw", "Temple of Arha"], constructs=["Psychic Amulet"], deck=["Apprentice"])
    script(game, ["Play Riftclaw"])
    assert hand(game) == ["Temple of Arha"]  # a Void construct does not use it up
    script(game, ["Play Temple of Arha"])
    assert hand(game) == ["Apprentice"]


def test_psionic_monk_draws_2_and_gains_honor_per_construct_faction():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Psionic Monk"], constructs=["Riftclaw", "Psychic Amulet", "Korpse Maker"],
            deck=["Apprentice", "Militia"])
    script(game, ["Play Psionic Monk"])
    assert hand(game) == ["Apprentice", "Militia"] and me(game).honor == 3  # Void, Mechana, Enlightened


def test_the_chrome_circle_gains_a_rune_and_an_honor_when_a_mechana_or_lifebound_construct_enters():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["The Chrome Circle", "Landis' Potions & Pies"])
    script(game, ["Play The Chrome Circle"])
    assert res(game) == (1, 0, 1)
    script(game, ["Play Landis' Potions & Pies"])
    assert res(game) == (1, 0, 1)


def test_mecha_cetra_takes_a_center_hero_or_construct_onto_the_deck_not_from_the_piles():
    game = fresh()
    row(game, ["Raiyna, Riftwalker", "Hellstring Blades"])
    arrange(game, 0, hand=["Mecha Cetra"], deck=["Apprentice"])
    script(game, ["Play Mecha Cetra"], finish=False)
    assert labels(game) == ["Raiyna, Riftwalker (center row)", "None"]
    script(game, ["Raiyna, Riftwalker (center row)"])
    assert game.name_of(me(game).deck[-1]) == "Raiyna, Riftwalker" and rn(game)["void"] == 1


def test_monk_of_the_stone_circle_acquires_a_hero_costing_3_or_less_into_hand():
    game = fresh()
    row(game, ["Lycan Fang", "Master Vaya"])
    arrange(game, 0, hand=["Monk of the Stone Circle"])
    script(game, ["Play Monk of the Stone Circle"], finish=False)
    assert labels(game) == ["Lycan Fang (center row)", "Heavy Infantry (pile)", "Mystic (pile)"]
    script(game, ["Mystic (pile)"])
    assert hand(game) == ["Mystic"] and rn(game) == ZERO


def test_fallen_fae_gains_2_power_and_unites_for_1_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Fallen Fae", "Lycan Fang"])
    script(game, ["Play Fallen Fae", "Play Lycan Fang"])
    assert res(game) == (2, 2, 1)


def test_portal_ninja_gains_2_runes_and_unites_to_banish_a_played_card():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Apprentice", "Portal Ninja", "Riftclaw", "Bombcrafter"], deck=["Militia"])
    script(game, ["Play Apprentice", "Play Portal Ninja"])
    assert res(game) == (3, 0, 0)
    script(game, ["Play Bombcrafter", "Apprentice (played this turn)"])  # Void: Unite
    assert names(game, game.box) == ["Apprentice"] and "Apprentice" not in names(game, me(game).played)


# =============================================================== monsters
def test_hurricane_warlock_2_honor_a_card_and_enlightened_renown():
    game = fresh()
    row(game, ["Hurricane Warlock"])
    arrange(game, 0, hand=[], deck=["Apprentice"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Hurricane Warlock"])
    assert me(game).honor == 2 and hand(game) == ["Apprentice"] and rn(game)["enlightened"] == 1


def test_correction_of_creation_2_honor_and_may_banish_from_hand_or_discard():
    game = fresh()
    row(game, ["Correction of Creation"])
    arrange(game, 0, hand=["Militia"], discard=["Apprentice"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Correction of Creation", "Militia (hand)"])
    assert me(game).honor == 2 and names(game, game.box) == ["Militia"] and rn(game) == ZERO


def test_claws_of_deoful_4_honor_and_a_renown_of_choice():
    game = fresh()
    row(game, ["Claws of Deoful"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Claws of Deoful", "Enlightened"])
    assert me(game).honor == 4 and rn(game) == {**ZERO, "enlightened": 1}


def test_the_iron_seven_destroys_a_construct_or_returns_one_to_hand():
    game = fresh()
    arrange_center(game, ["The Iron Seven", "The Iron Seven"] + FILLER[:2] + FILLER[4:])
    arrange(game, 0, hand=[], discard=["Riftclaw"], constructs=["Korpse Maker"])
    arrange(game, 1, constructs=["Ironheart Engine"])
    set_resources(game, 0, power=8)
    script(game, ["Defeat The Iron Seven"], finish=False)
    assert labels(game) == ["You may destroy a construct in play.",
                            "You may put a construct from your discard pile into your hand."]
    script(game, ["You may destroy a construct in play."], finish=False)
    assert labels(game) == ["Korpse Maker (your construct)", "Ironheart Engine (Bob's construct)", "None"]
    script(game, ["Ironheart Engine (Bob's construct)"])
    assert names(game, me(game, 1).discard)[-1] == "Ironheart Engine" and me(game).honor == 3
    script(game, ["Defeat The Iron Seven", "You may put a construct from your discard pile into your hand.",
                  "Riftclaw (discard pile)"])
    assert hand(game) == ["Riftclaw"]
    ok(game)


def test_lifebound_remnant_3_honor_and_2_more_after_a_lifebound_card_this_turn():
    game = fresh()
    row(game, ["Lifebound Remnant", "Lifebound Remnant"])
    arrange(game, 0, hand=["Lycan Fang"])
    set_resources(game, 0, power=8)
    script(game, ["Defeat Lifebound Remnant"])
    assert me(game).honor == 3 and rn(game)["lifebound"] == 1
    script(game, ["Play Lycan Fang", "Defeat Lifebound Remnant"])
    assert me(game).honor == 3 + 5


def test_void_remnant_4_honor_and_two_banishes_after_a_void_card_this_turn():
    game = fresh()
    row(game, ["Void Remnant", "Void Remnant", "Bombcrafter"])
    arrange(game, 0, hand=["Militia"], discard=["Apprentice", "Apprentice"])
    set_resources(game, 0, power=4, runes=2)
    script(game, ["Defeat Void Remnant"])
    assert me(game).honor == 4
    set_resources(game, 0, power=4, runes=2)
    script(game, ["Acquire Bombcrafter", "Defeat Void Remnant", "Apprentice (discard pile)", "Militia (hand)"])
    assert me(game).honor == 8 and names(game, game.box) == ["Apprentice", "Militia"]


def test_hellstring_blades_5_honor_and_destroy_up_to_two_constructs():
    game = fresh()
    row(game, ["Hellstring Blades"])
    arrange(game, 0, hand=[], constructs=["Riftclaw"])
    arrange(game, 1, constructs=["Ironheart Engine", "Korpse Maker"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat Hellstring Blades", "Ironheart Engine (Bob's construct)",
                  "Korpse Maker (Bob's construct)"])
    assert me(game, 1).constructs == [] and names(game, me(game).constructs) == ["Riftclaw"]
    assert me(game).honor == 5 and rn(game) == ZERO


def test_marrowwyrm_rider_3_honor_and_may_acquire_a_hero_costing_5_or_less():
    game = fresh()
    row(game, ["MarrowWyrm Rider", "Master Vaya", "Raiyna, Riftwalker"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat MarrowWyrm Rider"], finish=False)
    assert "Raiyna, Riftwalker (center row)" not in labels(game) and labels(game)[-1] == "None"
    script(game, ["Master Vaya (center row)"])
    assert me(game).honor == 3 and "Master Vaya" in names(game, me(game).discard)


def test_enlightened_remnant_5_honor_and_2_cards_after_an_enlightened_card_this_turn():
    game = fresh()
    row(game, ["Enlightened Remnant", "Enlightened Remnant"])
    arrange(game, 0, hand=["Master Vaya"], deck=["Apprentice", "Militia", "Mystic", "Heavy Infantry"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat Enlightened Remnant"])
    assert me(game).honor == 5 and hand(game) == ["Master Vaya"]
    set_resources(game, 0, power=5)
    script(game, ["Play Master Vaya", "Defeat Enlightened Remnant"])
    assert len(me(game).hand) == 4


def test_mechana_remnant_4_honor_and_2_runes_after_a_mechana_card_this_turn():
    game = fresh()
    row(game, ["Mechana Remnant", "Mechana Remnant", "Sablespark Sisters"])
    set_resources(game, 0, power=10, runes=1)
    script(game, ["Defeat Mechana Remnant"])
    assert res(game) == (1, 5, 4)
    script(game, ["Acquire Sablespark Sisters", "Defeat Mechana Remnant"])
    assert res(game) == (2, 0, 8)


def test_muse_of_malevolence_5_honor_and_2_renown_in_one_faction():
    game = fresh()
    row(game, ["Muse of Malevolence"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Muse of Malevolence", "Lifebound"])
    assert me(game).honor == 5 and rn(game) == {**ZERO, "lifebound": 2}


def test_remnant_of_the_fallen_5_honor_renown_in_each_faction_and_a_free_card():
    game = fresh()
    row(game, ["Remnant of the Fallen", "Raiyna, Riftwalker"])
    set_resources(game, 0, power=8)
    script(game, ["Defeat Remnant of the Fallen", "Yes", "Raiyna, Riftwalker (center row)"])
    assert me(game).honor == 5 and "Raiyna, Riftwalker" in names(game, me(game).discard)
    assert rn(game) == {"enlightened": 1, "lifebound": 1, "mechana": 1, "void": 2}


# =============================================================== Legendary Characters' Boons
def earn(game, faction: str, character_text: str):
    """Put ``faction`` at space 2 and acquire a card of it: the Boon is earned."""
    card = {"enlightened": "Master Vaya", "lifebound": "Lycan Fang", "mechana": "Korpse Maker",
            "void": "Riftclaw"}[faction]
    renown(game, 0)[faction] = 2
    row(game, [card])
    set_resources(game, 0, runes=5)
    script(game, [f"Acquire {card}"])
    boons = [lb for lb in labels(game) if lb.startswith("Boon")]
    assert boons == [character_text]
    set_resources(game, 0)


def test_boon_master_dhartha_draws_a_card():
    game = fresh()
    arrange(game, 0, hand=[], deck=["Apprentice"])
    earn(game, "enlightened", "Boon of Master Dhartha: Draw 1 card.")
    script(game, ["Boon of Master Dhartha"])
    assert hand(game) == ["Apprentice"]


def test_boon_ulu_gains_renown_in_another_faction():
    game = fresh(chars={**CHARS, "enlightened": "ulu"})
    earn(game, "enlightened", "Boon of Ulu: Gain 1 Renown in another faction.")
    script(game, ["Boon of Ulu"], finish=False)
    assert labels(game) == ["Lifebound (Renown 0)", "Mechana (Renown 0)", "Void (Renown 0)"]
    script(game, ["Void"])
    assert rn(game) == {**ZERO, "enlightened": 3, "void": 1}


def test_boon_cetra_puts_a_hero_from_the_discard_pile_on_the_deck():
    game = fresh(chars={**CHARS, "lifebound": "cetra"})
    arrange(game, 0, hand=[], discard=["Riftclaw", "Master Vaya"])
    earn(game, "lifebound", "Boon of Cetra: You may put a hero from your discard pile on top of your deck.")
    script(game, ["Boon of Cetra"], finish=False)
    assert labels(game) == ["Master Vaya (discard pile)", "Lycan Fang (discard pile)", "None"]
    script(game, ["Master Vaya (discard pile)"])
    assert game.name_of(me(game).deck[-1]) == "Master Vaya"


def test_boon_nairi_gains_2_honor():
    game = fresh()
    earn(game, "lifebound", "Boon of Nairi: Gain 2 honor.")
    script(game, ["Boon of Nairi"])
    assert me(game).honor == 2 and game.pool == 58


def test_boon_kor_gains_2_runes():
    game = fresh()
    earn(game, "mechana", "Boon of Kor: Gain 2 runes.")
    script(game, ["Boon of Kor"])
    assert me(game).runes == 2


def test_boon_prime_returns_a_construct_from_the_discard_pile_to_hand():
    game = fresh(chars={**CHARS, "mechana": "prime"})
    arrange(game, 0, hand=[], discard=["Riftclaw", "Master Vaya"])
    earn(game, "mechana", "Boon of P.R.I.M.E.: You may put a construct from your discard pile into your hand.")
    script(game, ["Boon of P.R.I.M.E.", "Riftclaw (discard pile)"])
    assert hand(game) == ["Riftclaw"]


def test_boon_naka_banishes_a_card_played_this_turn():
    game = fresh(chars={**CHARS, "void": "naka"})
    arrange(game, 0, hand=["Militia"])
    script(game, ["Play Militia"])
    earn(game, "void", "Boon of Naka: You may banish a card you played this turn.")
    script(game, ["Boon of Naka", "Militia (played this turn)"])
    assert me(game).played == [] and names(game, game.box) == ["Militia"]


def test_boon_emri_gains_2_power():
    game = fresh()
    earn(game, "void", "Boon of Emri: Gain 2 power.")
    script(game, ["Boon of Emri"])
    assert me(game).power == 2


# =============================================================== the set as a whole
def test_every_card_and_character_of_the_set_has_a_scenario_here():
    import inspect
    import sys
    source = inspect.getsource(sys.modules[__name__])
    s = load_set("legends")
    missing = [c.name for c in s.center if f'"{c.name}' not in source]
    assert missing == []
    assert all(f"Boon of {c.name}" in source for c in s.legends)


def test_raiyna_can_repeat_every_shipped_monster_reward_exactly():
    """repeat_reward repeats a reward from its first step that is not a plain gain: that is exact
    when no honor-only step comes after it, which holds for every monster shipped."""
    from ascension.core.match import available_sets
    for set_id in available_sets():
        for d in load_set(set_id).center:
            steps = d.effects.get("reward", ())
            first = next((i for i, s in enumerate(steps) if not honor_only(s) and s.verb.name != "gain"), len(steps))
            assert not any(honor_only(s) for s in steps[first:]), (set_id, d.name)


@pytest.mark.parametrize("name", ["Pathseeker Sensei", "Temple of Arha", "Shadow Mender"])
def test_estimated_values_are_marked_in_the_data_and_the_text(name):
    d = next(c for c in load_set("legends").center if c.name == name)
    assert "cost" in d.estimated and d.text.endswith(f"(est.: {', '.join(d.estimated)})")


def test_numbers_printed_in_the_rulebook_are_not_marked_estimated():
    cards = {c.name: c for c in load_set("legends").center}
    printed = {"Askara of Judgement": (2, 1), "Riftclaw": (4, 2), "Shadow Arbiter": (5, 3), "Dark Monk": (3, 2),
               "Mecha Emissary": (4, 2), "Turtler Merchant": (7, 5), "Hellstring Blades": (5, 0),
               "Hurricane Warlock": (3, 0)}
    for name, (cost, honor) in printed.items():
        d = cards[name]
        assert (d.cost, d.honor) == (cost, honor) and "cost" not in d.estimated and "honor" not in d.estimated
    assert cards["Dark Monk"].factions == ("enlightened", "void") and cards["Hurricane Warlock"].factions == ("enlightened",)
    assert cards["Ironheart Engine"].cost == 6 and cards["Arha Recruit"].cost == 1


def test_twofold_askara_repeats_a_legends_hero_that_banished_itself_this_turn():
    """10th Twofold Askara: "Repeat the effect of one other hero you have played this turn":
    Bombcrafter, gone to the Void, was played; Twofold Askara offered nothing."""
    from ascension.core.scenario import set_row
    game = new_game(["10th", "legends"], ["Ann", "Bob"], seed=5)
    while game.pending is not None:
        game.apply(0)
    empty_center_row(game)
    set_row(game, FILLER)
    arrange(game, 0, hand=["Bombcrafter", "Twofold Askara"], deck=["Apprentice", "Militia", "Apprentice"])
    game.edited()
    script(game, ["Play Bombcrafter", "Play Twofold Askara"])
    assert me(game).power == 2 + 2 and len(me(game).hand) == 2   # its 2 power and its card, twice


def test_raiyna_riftwalker_does_not_repeat_honor_taken_from_the_leader():
    """RotF Sordid Asp's reward takes 2 honor from the leader: an honor reward, which Raiyna's
    "non-honor reward twice" does not repeat (it took 4)."""
    from ascension.core.scenario import set_row
    game = new_game(["rotf", "legends"], ["Ann", "Bob"], seed=5)
    while game.pending is not None:
        game.apply(0)
    set_row(game, ["Sordid Asp"] + FILLER[:5])
    arrange(game, 0, hand=["Raiyna, Riftwalker"])
    me(game, 1).honor, game.pool = 10, game.pool - 10
    game.edited()
    script(game, ["Play Raiyna, Riftwalker", "Defeat Sordid Asp"], finish=False)
    assert (me(game).honor, me(game, 1).honor) == (1 + 2, 10 - 2)
    assert [e.kind for e in game.log].count("took_honor") == 1
