"""The Legendary Track (Ascension Legends rulebook, shared/rules/004_144b0ec635f3351d.txt): Renown,
Boons, Legendary status, Renown Threshold effects, Unite and Unite-Emissary, and every F.A.Q.
answer. One test per rule, named after it."""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, load_set, new_game
from ascension.core.scenario import (
    arrange, arrange_center, empty_center_row, hand, labels, names, script, set_resources,
)
from ascension.plugins.legendary.track import place_marker, renown, track

CHARS = {"enlightened": "master_dhartha", "lifebound": "nairi", "mechana": "kor", "void": "emri"}
# Faction-less monsters: taking one gives no Renown, and no Legendary status reaches them.
FILLER = ["Correction of Creation", "Claws of Deoful", "The Iron Seven", "MarrowWyrm Rider",
          "Muse of Malevolence", "Correction of Creation"]
ZERO = dict.fromkeys(("enlightened", "lifebound", "mechana", "void"), 0)


def fresh(seed: int = 7, players=("Ann", "Bob"), chars=CHARS, sets=("legends",), variants=()):
    """A Legends game whose center row went back into the center deck (call ``row``)."""
    game = new_game(list(sets), list(players), list(variants), seed=seed,
                    options={"legendary": {"characters": dict(chars)}})
    empty_center_row(game)
    return game


def row(game, cards: list[str]):
    return arrange_center(game, cards + FILLER[: 6 - len(cards)])


def rn(game, seat: int = 0) -> dict:
    return dict(renown(game, seat))


def set_renown(game, seat: int = 0, **spaces) -> None:
    for faction, space in spaces.items():
        place_marker(game, seat, faction, space)


def kinds(game) -> list[str]:
    return [e.kind for e in game.log]


def ok(game) -> None:
    game.check_integrity()


# ============================================================================ setup
def test_setup_one_legendary_character_per_faction_out_of_play():
    game = new_game(["legends"], ["Ann", "Bob"], seed=3)
    chars = track(game)["characters"]
    assert list(chars) == ["enlightened", "lifebound", "mechana", "void"]
    assert sorted(chars.values()) == sorted(game.aside)
    for faction, card in chars.items():
        assert game.card(card).type == "legend" and game.card(card).factions == (faction,)
    assert [e.kind for e in game.log].count("legend_chosen") == 4
    ok(game)


def test_setup_characters_are_picked_with_options():
    game = fresh(chars={"enlightened": "ulu", "lifebound": "legends.cetra", "mechana": "prime", "void": "naka"})
    assert names(game, list(track(game)["characters"].values())) == ["Ulu", "Cetra", "P.R.I.M.E.", "Naka"]


def test_setup_random_characters_come_from_the_seed_and_both_of_a_faction_occur():
    def chosen(seed):
        game = new_game(["legends"], ["A", "B"], seed=seed)
        return tuple(names(game, game.aside))
    picks = {seed: chosen(seed) for seed in range(12)}
    assert picks[5] == chosen(5)
    assert {p[0] for p in picks.values()} == {"Master Dhartha", "Ulu"}
    assert {p[3] for p in picks.values()} == {"Naka", "Emri"}


def test_setup_one_picked_character_the_others_at_random():
    game = new_game(["legends"], ["A", "B"], seed=1, options={"legendary": {"characters": {"void": "naka"}}})
    assert game.name_of(track(game)["characters"]["void"]) == "Naka"


@pytest.mark.parametrize("options, message", [
    ({"characters": {"void": "ulu"}}, "Ulu is not a Void character"),
    ({"characters": {"void": "samael"}}, "unknown Legendary Character 'samael'"),
    ({"characters": {"chaos": "naka"}}, "unknown faction 'chaos'"),
    ({"heroes": {}}, "legendary options"),
])
def test_setup_a_wrong_character_choice_is_refused(options, message):
    with pytest.raises(SetupError, match=message):
        new_game(["legends"], ["A", "B"], seed=1, options={"legendary": options})


def test_setup_contents_94_center_cards_41_always_available_10_starting_8_characters():
    s = load_set("legends")
    assert s.center_copies == 94 == s.center_deck_expected and len(s.center) == 50
    assert {c.name: c.count for c in s.always} == {"Mystic": 20, "Heavy Infantry": 20, "Cultist": 1}
    assert {c.name: c.count for c in s.starting} == {"Apprentice": 8, "Militia": 2}
    assert len(s.legends) == 8 and sorted(c.factions[0] for c in s.legends) == sorted(
        ["enlightened", "lifebound", "mechana", "void"] * 2)
    assert s.requires == ["legendary"]


@pytest.mark.parametrize("players, pool", [(2, 60), (3, 90), (4, 120)])
def test_setup_honor_pool_is_30_per_player(players, pool):
    game = new_game(["legends"], [f"P{i}" for i in range(players)], seed=1)
    assert game.pool == pool
    assert all(len(p.hand) == 5 and len(p.deck) == 5 for p in game.players)


def test_setup_legends_is_for_1_to_4_players():
    with pytest.raises(SetupError, match="at most 4"):
        new_game(["legends"], [f"P{i}" for i in range(5)], seed=1)
    with pytest.raises(SetupError, match="2 to 6 players, or a solo variant"):
        new_game(["legends"], ["Solo"], seed=1)
    assert new_game(["legends"], ["Solo"], ["cult"], seed=1).pool == 60


def test_setup_every_player_starts_at_the_bottom_of_every_path():
    game = new_game(["legends"], ["A", "B", "C"], seed=1)
    assert track(game)["renown"] == {"0": ZERO, "1": ZERO, "2": ZERO}


def test_the_legendary_track_is_a_variant_for_any_set():
    game = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=4)
    assert len(game.aside) == 4 and game.ctx.pm.get_plugin("legendary") is not None
    for card in game.center_row:
        game.center_deck.insert(0, card)
    arrange_center(game, ["Demon Slayer", "Arha Initiate", "Mephit", "Wolf Shaman", "Muramasa", "Landtalker"])
    set_resources(game, 0, runes=4, power=3)
    script(game, ["Acquire Demon Slayer", "Defeat Mephit", "None"])  # a 10th monster has no faction
    assert rn(game) == {**ZERO, "void": 1}
    assert new_game(["10th"], ["Ann", "Bob"], seed=4).ext.get("legendary") is None


# ============================================================================ gaining Renown
def test_renown_acquiring_a_hero_from_the_center_row_gives_1_in_its_faction():
    game = fresh()
    row(game, ["Lycan Fang"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Lycan Fang"])
    assert rn(game) == {**ZERO, "lifebound": 1}
    assert game.text(next(e for e in game.log if e.kind == "renown")) == "Ann gains 1 Renown (Lifebound)."
    ok(game)


def test_renown_defeating_a_monster_of_a_faction_in_the_center_row():
    game = fresh()
    row(game, ["Hurricane Warlock"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Hurricane Warlock"])
    assert rn(game) == {**ZERO, "enlightened": 1}


def test_renown_none_for_monsters_without_a_faction():
    game = fresh()
    row(game, ["Hellstring Blades"])
    set_resources(game, 0, power=5)
    script(game, ["Defeat Hellstring Blades"])
    assert rn(game) == ZERO and "renown" not in kinds(game)


def test_renown_multi_faction_cards_move_every_track():
    game = fresh()
    row(game, ["Dark Monk"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Dark Monk"])
    assert rn(game) == {**ZERO, "enlightened": 1, "void": 1}


def test_renown_none_for_the_always_available_cards():
    game = fresh()
    row(game, [])
    set_resources(game, 0, runes=3, power=2)
    script(game, ["Acquire Mystic", "Defeat Cultist"])
    assert rn(game) == ZERO


def test_renown_extra_renown_the_card_states_mecha_emissary():
    game = fresh()
    row(game, ["Mecha Emissary"])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Mecha Emissary"])
    assert rn(game) == {**ZERO, "mechana": 2}


def test_renown_a_gain_renown_effect_lets_the_player_choose_the_faction():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arha Recruit"], deck=["Apprentice"])
    script(game, ["Play Arha Recruit"], finish=False)
    assert labels(game) == ["Enlightened (Renown 0)", "Lifebound (Renown 0)", "Mechana (Renown 0)", "Void (Renown 0)"]
    script(game, ["Void"])
    assert rn(game) == {**ZERO, "void": 1}


def test_renown_a_free_acquisition_from_the_center_row_counts():
    game = fresh()
    row(game, ["Lycan Fang"])
    arrange(game, 0, hand=["Monk of the Stone Circle"])
    script(game, ["Play Monk of the Stone Circle", "Lycan Fang (center row)"])
    assert rn(game) == {**ZERO, "lifebound": 1}
    assert hand(game) == ["Lycan Fang"]


def test_renown_a_monster_defeated_in_the_void_gives_none():
    game = fresh()
    row(game, [])
    card = next(c for c in game.center_deck if game.name_of(c) == "Hurricane Warlock")
    game.center_deck.remove(card)
    game.void.append(card)
    arrange(game, 0, hand=["Shadow Mender"])
    script(game, ["Play Shadow Mender", "Hurricane Warlock (Void)"])
    assert rn(game) == ZERO and game.players[0].honor == 2


# ============================================================================ Boons
def test_boon_reaching_space_3_6_and_9_earns_the_faction_boon():
    game = fresh()
    set_renown(game, 0, void=2, mechana=5, lifebound=8)
    row(game, ["Riftclaw", "Mechannihilator", "Lycan Fang"])
    set_resources(game, 0, runes=11)
    script(game, ["Acquire Riftclaw", "Acquire Mechannihilator", "Acquire Lycan Fang"])
    earned = [game.text(e) for e in game.log if e.kind == "boon_earned"]
    assert earned == ["Ann reaches space 3 (Void) and earns the Boon of Emri.",
                      "Ann reaches space 6 (Mechana) and earns the Boon of Kor.",
                      "Ann reaches space 9 (Lifebound) and earns the Boon of Nairi."]
    assert [lb for lb in labels(game) if lb.startswith("Boon")] == [
        "Boon of Nairi: Gain 2 honor.", "Boon of Kor: Gain 2 runes.", "Boon of Emri: Gain 2 power."]


def test_boon_is_used_any_time_later_in_the_same_turn():
    game = fresh()
    set_renown(game, 0, void=2)
    row(game, ["Riftclaw", "Hurricane Warlock"])
    set_resources(game, 0, runes=4, power=1)
    script(game, ["Acquire Riftclaw"])
    assert not any(lb.startswith("Defeat Hurricane") for lb in labels(game))
    arrange(game, 0, hand=["Militia"])
    script(game, ["Play Militia"])  # the turn goes on; the Boon waits
    script(game, ["Boon of Emri"])
    assert game.players[0].power == 4
    script(game, ["Defeat Hurricane Warlock"])
    assert not any(lb.startswith("Boon") for lb in labels(game))  # used: gone
    ok(game)


def test_boon_is_lost_at_the_end_of_the_turn():
    game = fresh()
    set_renown(game, 0, void=2)
    row(game, ["Riftclaw"])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Riftclaw", "End turn"])
    assert "Bob's unused" not in " ".join(game.text(e) for e in game.log)
    assert [game.text(e) for e in game.log if e.kind == "boon_lost"] == ["Ann's unused Boon of Emri is lost."]
    script(game, ["End turn"])
    assert game.current == 0 and not any(lb.startswith("Boon") for lb in labels(game))
    assert track(game)["turn"] == {}


def test_boon_several_in_one_turn_each_used_when_the_player_chooses():
    game = fresh()
    set_renown(game, 0, void=2)
    row(game, ["Muse of Malevolence"])
    set_resources(game, 0, power=6)
    # Muse's 2 Renown: 2 -> 4 passes space 3 (a Boon). Another faction the same turn:
    script(game, ["Defeat Muse of Malevolence", "Void"])
    set_renown(game, 0, mechana=5)
    row(game, ["Korpse Maker"])
    set_resources(game, 0, runes=5)
    script(game, ["Acquire Korpse Maker"])
    assert [lb for lb in labels(game) if lb.startswith("Boon")] == ["Boon of Kor: Gain 2 runes.",
                                                                  "Boon of Emri: Gain 2 power."]
    script(game, ["Boon of Kor"])
    assert [lb for lb in labels(game) if lb.startswith("Boon")] == ["Boon of Emri: Gain 2 power."]
    script(game, ["Boon of Emri"])
    assert (game.players[0].runes, game.players[0].power) == (2, 2)


def test_boon_two_milestones_of_one_faction_in_one_turn_give_two_uses():
    game = fresh()
    set_renown(game, 0, void=5)
    row(game, ["Muse of Malevolence", "Riftclaw", "Correction of Creation"])
    set_resources(game, 0, power=6, runes=4)
    script(game, ["Defeat Muse of Malevolence", "Void"])          # 5 -> 7: space 6
    set_renown(game, 0, void=8)
    script(game, ["Acquire Riftclaw"])                              # 8 -> 9: space 9
    assert track(game)["turn"]["boons"]["0"] == ["void", "void"]
    script(game, ["Boon of Emri", "Boon of Emri"])
    assert game.players[0].power == 4
    assert not any(lb.startswith("Boon") for lb in labels(game))


def test_boon_earned_on_the_milestone_passed_by_a_jump_of_several_spaces():
    game = fresh()
    set_renown(game, 0, enlightened=1)
    row(game, ["Remnant of the Fallen"])
    set_resources(game, 0, power=8)
    script(game, ["Defeat Remnant of the Fallen", "No"])
    assert rn(game) == {"enlightened": 2, "lifebound": 1, "mechana": 1, "void": 1}
    set_renown(game, 0, enlightened=1)
    row(game, ["Muse of Malevolence"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Muse of Malevolence", "Enlightened"])  # 1 -> 3
    assert rn(game)["enlightened"] == 3
    assert [e.n for e in game.log if e.kind == "boon_earned"] == [3]


# ============================================================================ Legendary status
def test_legendary_status_at_space_12_on_that_turn_already():
    game = fresh()
    set_renown(game, 0, enlightened=11)
    row(game, ["Askara of Judgement", "Master Vaya", "Hurricane Warlock"])
    set_resources(game, 0, runes=2)
    script(game, ["Acquire Askara of Judgement"])
    assert "legendary_status" in kinds(game) and "boon_earned" not in kinds(game)
    offered = [lb for lb in labels(game) if lb.startswith("Legendary status")]
    assert offered == ["Legendary status: acquire Master Vaya for free (Enlightened)",
                       "Legendary status: defeat Hurricane Warlock for free (Enlightened)"]
    script(game, ["Legendary status: acquire Master Vaya for free"])
    assert "Master Vaya" in names(game, game.players[0].discard)
    assert game.players[0].runes == 0


def test_legendary_status_once_per_turn_per_faction():
    game = fresh()
    set_renown(game, 0, enlightened=12)
    row(game, ["Master Vaya", "Hurricane Warlock", "Mountain Seer"])
    script(game, ["Legendary status: defeat Hurricane Warlock for free"])
    assert game.players[0].honor == 2
    assert not any(lb.startswith("Legendary status") for lb in labels(game))


def test_legendary_status_returns_every_later_turn():
    game = fresh()
    set_renown(game, 0, enlightened=12)
    row(game, ["Master Vaya", "Mountain Seer"])
    script(game, ["Legendary status: acquire Master Vaya for free", (0, "End turn"), (1, "End turn")])
    row(game, ["Mountain Seer"])
    script(game, ["Legendary status: acquire Mountain Seer for free"])
    assert names(game, game.players[0].discard).count("Mountain Seer") == 1


def test_legendary_status_only_reaches_cards_of_its_faction_in_the_center_row():
    game = fresh()
    set_renown(game, 0, void=12)
    row(game, ["Lycan Fang", "Dark Monk"])
    offered = [lb for lb in labels(game) if lb.startswith("Legendary status")]
    assert offered == ["Legendary status: acquire Dark Monk for free (Void)"]  # not Lycan Fang, not piles


def test_legendary_status_in_two_factions_gives_two_free_takes():
    game = fresh()
    set_renown(game, 0, void=12, lifebound=12)
    row(game, ["Lycan Fang", "Dark Monk", "Bombcrafter"])
    script(game, ["Legendary status: acquire Lycan Fang for free", "Legendary status: acquire Dark Monk for free"])
    assert not any(lb.startswith("Legendary status") for lb in labels(game))


def test_legendary_status_gives_no_more_renown_in_that_faction_but_in_the_others():
    game = fresh()
    set_renown(game, 0, void=12)
    row(game, ["Dark Monk"])
    script(game, ["Legendary status: acquire Dark Monk for free"])
    assert rn(game) == {**ZERO, "void": 12, "enlightened": 1}


def test_legendary_status_is_not_a_boon_at_other_players_turns():
    game = fresh()
    set_renown(game, 0, void=12)
    row(game, ["Dark Monk"])
    script(game, ["End turn"])
    assert game.current == 1 and not any(lb.startswith("Legendary status") for lb in labels(game))


# ============================================================================ Renown Threshold
def test_threshold_effect_when_the_renown_is_reached():
    game = fresh()
    set_renown(game, 0, enlightened=6)
    row(game, [])
    arrange(game, 0, hand=["Askara of Judgement"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Askara of Judgement"])
    assert hand(game) == ["Apprentice", "Militia"]


def test_threshold_not_reached_gives_the_base_effect():
    game = fresh()
    set_renown(game, 0, enlightened=5, void=9)
    row(game, [])
    arrange(game, 0, hand=["Askara of Judgement"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Askara of Judgement"])
    assert hand(game) == ["Apprentice"]


def test_threshold_is_checked_at_play_renown_gained_later_adds_nothing():
    game = fresh()
    set_renown(game, 0, enlightened=5)
    row(game, ["Hurricane Warlock"])
    arrange(game, 0, hand=["Askara of Judgement", "Militia"], deck=["Apprentice", "Heavy Infantry", "Mystic"])
    set_resources(game, 0, power=3)
    script(game, ["Play Askara of Judgement", "Defeat Hurricane Warlock"])  # 6 Enlightened now
    assert rn(game)["enlightened"] == 6
    assert hand(game) == ["Apprentice", "Heavy Infantry", "Militia"]  # 1 from Askara, 1 from the reward


def test_threshold_of_a_construct_is_checked_each_time_it_is_used():
    game = fresh()
    set_renown(game, 0, void=5)
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Riftclaw"])
    script(game, ["Use Riftclaw"])
    assert game.players[0].power == 1
    set_renown(game, 0, void=6)
    script(game, [(0, "End turn"), (1, "End turn"), "Use Riftclaw"])
    assert game.players[0].power == 2


# ============================================================================ Unite and Unite-Emissary
def test_unite_with_another_hero_sharing_a_faction():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Dark Monk", "Shade Feather"], deck=["Apprentice"])
    script(game, ["Play Dark Monk"])
    assert hand(game) == ["Shade Feather"]
    script(game, ["Play Shade Feather"])  # Void: Dark Monk's Unite now draws (nothing to banish)
    assert hand(game) == ["Apprentice"]


def test_unite_constructs_need_a_matching_hero_played_this_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Landis' Potions & Pies", "Lycan Fang"])
    script(game, ["Play Landis' Potions & Pies"])
    uses = [lb for lb in labels(game) if lb.startswith("Use Landis")]
    assert uses == ["Use Landis' Potions & Pies: Once per turn: Gain 1 honor."]
    script(game, ["Play Lycan Fang"])
    assert len([lb for lb in labels(game) if lb.startswith("Use Landis")]) == 2
    script(game, ["Use Landis' Potions & Pies: Once per turn: If you have played a Lifebound hero this turn, "
                  "gain 1 rune."])
    assert game.players[0].runes == 3


def test_unite_emissary_fires_once_with_another_emissary_of_any_faction():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Void Emissary", "Forest Emissary"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Void Emissary"])
    assert game.players[0].power == 0  # waits for another Emissary
    script(game, ["Play Forest Emissary"])
    assert (game.players[0].power, game.players[0].honor) == (2, 2)
    assert [e.kind for e in game.log if e.kind in ("gained_power", "gained_honor", "drew")][-3:] == [
        "drew", "gained_honor", "gained_power"]  # Forest's own effect first, then the waiting one


def test_a_match_without_emissaries_or_remnants_keeps_no_count_of_the_cards_played():
    """The Track notes the cards played only for Emissaries and the Remnants: a Legendary match of
    other sets never calls it per card played (nothing to keep); a Legends match does."""
    plain = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=1)
    assert plain.ctx.card_played is None and plain.ctx.card_acquired is not None
    assert fresh().ctx.card_played is not None


def test_unite_emissary_needs_an_emissary_not_a_hero_of_the_same_faction():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Void Emissary", "Bombcrafter"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Void Emissary", "Play Bombcrafter"])
    assert game.players[0].power == 2  # Bombcrafter's own 2 power; no Unite-Emissary


def test_unite_emissary_each_emissary_fires_once_with_three():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Void Emissary", "Forest Emissary", "Mecha Emissary"],
            deck=["Apprentice", "Militia", "Mystic", "Heavy Infantry"])
    script(game, ["Play Void Emissary", "Play Forest Emissary", "Play Mecha Emissary"])
    p = game.players[0]
    assert (p.power, p.honor, p.runes) == (2, 2, 2)


def test_unite_emissary_an_emissary_without_one_still_counts_arha_emissary():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Arha Emissary", "Void Emissary"], deck=["Apprentice", "Militia", "Mystic"])
    script(game, ["Play Arha Emissary", "Play Void Emissary"])
    assert game.players[0].power == 2 and not game.over


# ============================================================================ the F.A.Q.
def test_faq_order_after_defeating_a_monster_void_then_refill_then_reward():
    game = fresh()
    row(game, ["Hurricane Warlock"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Hurricane Warlock"])
    start = kinds(game).index("defeated")
    order = [e.kind for e in game.log[start:] if e.kind in ("defeated", "center_dealt", "gained_honor", "drew")]
    assert order == ["defeated", "center_dealt", "gained_honor", "drew"]
    assert names(game, game.void) == ["Hurricane Warlock"]


def test_faq_cultist_any_number_of_times_never_to_the_void():
    game = fresh()
    row(game, [])
    set_resources(game, 0, power=8)
    script(game, ["Defeat Cultist"] * 4)
    assert game.players[0].honor == 4 and game.void == [] and game.players[0].power == 0


def test_faq_runes_and_power_are_kept_until_the_end_of_the_turn():
    game = fresh()
    row(game, ["Arha Recruit"])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Heavy Infantry"])
    assert game.players[0].runes == 2
    script(game, ["Acquire Arha Recruit"])
    assert game.players[0].runes == 1
    script(game, ["End turn"])  # what is left is lost only now
    assert game.players[0].runes == 0


def test_faq_honor_can_still_be_earned_when_the_pool_is_empty():
    game = fresh()
    row(game, [])
    game.pool, game.players[1].honor = 1, 59
    set_resources(game, 0, power=4)
    script(game, ["Defeat Cultist", "Defeat Cultist"])
    assert game.pool == 0 and game.players[0].honor == 2
    script(game, ["End turn"])
    assert not game.over  # the round ends with Bob
    script(game, ["End turn"])
    assert game.over


def test_faq_mystic_and_heavy_infantry_run_out_and_a_banished_one_returns_to_its_pile():
    game = fresh()
    row(game, [])
    pile = next(k for k in game.piles if k.endswith("mystic"))
    taken = game.piles[pile][:]
    game.players[0].discard += taken
    game.piles[pile] = []
    set_resources(game, 0, runes=3)
    assert not any(lb.startswith("Acquire Mystic") for lb in labels(game))
    arrange(game, 0, hand=["Shade Feather"])
    script(game, ["Play Shade Feather", "Mystic (discard pile)"])
    assert len(game.piles[pile]) == 1 and any(lb.startswith("Acquire Mystic") for lb in labels(game))


def test_faq_a_card_leaving_the_center_row_is_replaced_before_anything_else():
    game = fresh()
    row(game, ["Mountain Seer", "Lycan Fang"])
    set_resources(game, 0, runes=3)
    script(game, ["Acquire Mountain Seer"])
    assert None not in game.center_row
    arrange(game, 0, hand=["Mountain Seer"], deck=["Apprentice"])
    script(game, ["Play Mountain Seer"], finish=False)
    assert None not in game.center_row and game.decision().prompt == "Banish a card in the center row"


def test_faq_once_per_turn_effects_only_on_your_own_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=[], constructs=["Riftclaw"])
    script(game, ["End turn"])
    assert not any("Riftclaw" in lb for lb in labels(game))  # Bob's turn: Ann's construct is idle


def test_faq_once_per_turn_effects_need_not_be_used_at_once_temple_of_arha():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Mystic", "Militia"], constructs=["Temple of Arha"], deck=["Apprentice"])
    assert not any(lb.startswith("Use Temple") for lb in labels(game))  # no Mystic played yet
    script(game, ["Play Mystic", "Play Militia"])
    script(game, ["Use Temple of Arha"])  # later in the turn: still there
    assert hand(game) == ["Apprentice"]
    assert not any(lb.startswith("Use Temple") for lb in labels(game))


def test_faq_a_played_apprentice_cannot_be_banished_by_shadow_arbiter():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Apprentice", "Shadow Arbiter", "Militia"], deck=["Heavy Infantry"])
    script(game, ["Play Apprentice", "Play Shadow Arbiter"], finish=False)
    assert labels(game) == ["Militia (hand)", "Heavy Infantry (hand)", "None"]
    script(game, ["Militia (hand)"])
    assert game.players[0].power == 2 and "Apprentice" in names(game, game.players[0].played)


def test_faq_several_players_may_occupy_the_same_space():
    game = fresh()
    set_renown(game, 0, void=12)
    set_renown(game, 1, void=12)
    row(game, ["Dark Monk", "Bombcrafter"])
    script(game, ["Legendary status: acquire Dark Monk for free", "End turn",
                  "Legendary status: acquire Bombcrafter for free"])
    assert rn(game, 0)["void"] == rn(game, 1)["void"] == 12


def test_faq_threshold_needs_the_renown_when_played_not_later():
    test_threshold_is_checked_at_play_renown_gained_later_adds_nothing()


def test_faq_a_boon_need_not_be_used_at_once_but_within_its_turn():
    test_boon_is_used_any_time_later_in_the_same_turn()
    test_boon_is_lost_at_the_end_of_the_turn()


def test_faq_no_boon_at_the_end_of_the_track():
    game = fresh()
    set_renown(game, 0, void=10)
    row(game, ["Muse of Malevolence"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Muse of Malevolence", "Void"])  # 10 -> 12
    assert "boon_earned" not in kinds(game) and "legendary_status" in kinds(game)


def test_faq_renown_beyond_the_end_of_the_track_does_nothing():
    game = fresh()
    set_renown(game, 0, void=12)
    row(game, ["Bombcrafter", "Muse of Malevolence"])
    set_resources(game, 0, runes=2, power=6)
    script(game, ["Acquire Bombcrafter"])
    assert rn(game)["void"] == 12 and "renown" not in kinds(game)
    script(game, ["Defeat Muse of Malevolence"], finish=False)
    assert "Void" not in " ".join(labels(game))  # a faction at 12 is not offered
    script(game, ["Mechana"])
    assert rn(game) == {**ZERO, "void": 12, "mechana": 2}


def test_faq_renown_is_capped_at_12_by_a_jump():
    game = fresh()
    set_renown(game, 0, void=11)
    row(game, ["Muse of Malevolence"])
    set_resources(game, 0, power=6)
    script(game, ["Defeat Muse of Malevolence", "Void"])
    assert rn(game)["void"] == 12
    assert [e.n for e in game.log if e.kind == "renown"] == [1]


def test_faq_shadow_mender_with_legendary_status_defeats_a_void_monster_for_free():
    game = fresh()
    set_renown(game, 0, enlightened=12)
    row(game, [])
    warlock = next(c for c in game.center_deck if game.name_of(c) == "Hurricane Warlock")
    game.center_deck.remove(warlock)
    game.void.append(warlock)
    arrange(game, 0, hand=["Shadow Mender"], deck=["Apprentice"])
    script(game, ["Play Shadow Mender"], finish=False)
    assert labels(game) == ["Defeat Hurricane Warlock for free (Legendary status: Enlightened)",
                            "Hurricane Warlock (Void)", "None"]
    script(game, ["Defeat Hurricane Warlock for free"])
    p = game.players[0]
    assert (p.power, p.honor, hand(game)) == (3, 2, ["Apprentice"])  # nothing paid; reward drawn
    assert track(game)["turn"]["used"]["0"] == ["enlightened"]  # the once-per-turn take is spent


# ============================================================================ game end
def test_game_end_at_the_end_of_the_round_and_a_tie_goes_to_the_player_who_went_last():
    game = fresh()
    row(game, [])
    game.pool = 1
    set_resources(game, 0, power=2)
    script(game, ["Defeat Cultist", "End turn"])
    assert not game.over
    game.players[1].honor = 1
    script(game, ["End turn"])
    assert game.over and game.winners() == [1]


def test_state_is_plain_json_and_survives_save_and_load():
    from ascension.core.match import load, save
    game = fresh()
    set_renown(game, 0, void=2)
    row(game, ["Riftclaw"])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Riftclaw"])
    again = load(save(game))
    assert again.to_json() == game.to_json()
    script(again, ["Boon of Emri"])
    assert again.players[0].power == 2


def test_renown_and_waiting_boons_are_public_status_for_front_ends():
    from ascension.core.match import new_game
    from ascension.plugins.legendary.track import gain_renown
    g = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=3)
    assert g.public_status(0) == [("Renown", "E0 · L0 · M0 · V0")]
    gain_renown(g, 0, "void", 3)
    status = dict(g.public_status(0))
    assert status["Renown"] == "E0 · L0 · M0 · V3"
    assert status["Boons"] == g.name_of(g.ext["legendary"]["characters"]["void"])
    gain_renown(g, 1, "mechana", 14)
    assert dict(g.public_status(1))["Renown"] == "E0 · L0 · M12★ · V0"


def test_a_status_asked_for_the_solo_villain_never_changes_the_game():
    """Samael gains no Renown: the table's villain panel asked for his status and the track grew a
    Renown row for him, so the saved game no longer equalled a replay of its answers."""
    from ascension.core.match import new_game, replay, save
    game = new_game(["10th"], ["Ann"], ["samael", "legendary"], seed=3)
    before = save(game)
    assert "Renown" not in dict(game.public_status(-1)) and save(game) == before
    assert save(replay(game.ctx.setup, game.answers)) == before
