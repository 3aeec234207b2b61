"""Plugins' parts of the game state are declared with their shape (core/slots.py,
``asc_state_slots``): every part a game writes is declared, and a saved game whose parts are
unknown or damaged is refused with the part's path, the table left as it was."""
from __future__ import annotations

import json

import pytest

from ascension.core.bots import make_bot
from ascension.core.match import SaveFileError, load, new_game, save

SETUPS = [(["10th", "rotf"], [], 2), (["legends"], ["legendary"], 2), (["cotg", "rotf"], ["legendary"], 3),
          (["10th"], ["samael"], 1), (["legends"], ["cult"], 1), (["10th", "rotf"], ["teams"], 4)]


def played(sets, variants, players, seed=3):
    """A seeded game between greedy bots, stopped halfway, with every ext part it wrote seen."""
    game = new_game(sets, ["Ann", "Bob", "Cat", "Dan"][:players], variants, seed=seed)
    bots = [make_bot("greedy", game.ctx.defs, seed, s) for s in range(players)]
    seen: set[str] = set()
    for _step in range(400):
        dec = game.decision()
        if dec is None:
            break
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
        seen |= set(game.ext)
    return game, seen


@pytest.mark.parametrize("sets, variants, players", SETUPS)
def test_every_part_of_the_state_a_game_writes_is_declared_with_its_shape(sets, variants, players):
    game, seen = played(sets, variants, players)
    declared = {s.key: s for s in game.ctx.hooks.state_slots()}
    assert seen <= set(declared)
    assert [p for k, v in game.ext.items() if (p := declared[k].problem(v))] == []
    assert save(load(save(game))) == save(game)


def _edited(game, change) -> str:
    d = json.loads(save(game))
    change(d["state"]["ext"])
    return json.dumps(d)


def test_a_saved_game_with_a_part_no_rule_keeps_is_refused_by_name():
    game, _seen = played(["10th"], [], 2)
    with pytest.raises(SaveFileError, match=r"state\.ext\.mystery: no rule of this match keeps a part of the game called 'mystery'"):
        load(_edited(game, lambda ext: ext.update(mystery=1)), source="game.json")


def test_a_legendary_part_from_another_variant_is_unknown_without_the_track():
    game, _seen = played(["10th"], ["legendary"], 2)
    d = json.loads(save(game))
    d["setup"]["variants"] = []
    d["setup"]["plugins"].pop("legendary")
    with pytest.raises(SaveFileError, match=r"state\.ext\.legendary: no rule"):
        load(json.dumps(d))


@pytest.mark.parametrize("change, where", [
    (lambda ext: ext["legendary"]["renown"]["0"].update(void=13), r"state\.ext\.legendary\.renown\.0\.void: Input should be less than or equal to 12"),
    (lambda ext: ext["legendary"]["renown"]["0"].update(void="lots"), r"state\.ext\.legendary\.renown\.0\.void: Input should be a valid integer"),
    (lambda ext: ext["legendary"]["turn"].update(boons={"0": ["fire"]}), r"state\.ext\.legendary\.turn\.boons\.0\[0\]: Input should be"),
    (lambda ext: ext["legendary"].update(extra={}), r"state\.ext\.legendary\.extra: Extra inputs are not permitted"),
])
def test_a_damaged_legendary_track_is_refused_with_the_path_to_the_bad_value(change, where):
    game, _seen = played(["legends"], ["legendary"], 2)
    with pytest.raises(SaveFileError, match=where):
        load(_edited(game, change))


def test_a_damaged_villain_part_is_refused():
    game, _seen = played(["10th"], ["samael"], 1)
    with pytest.raises(SaveFileError, match=r"state\.ext\.villain_honor: Input should be a valid integer"):
        load(_edited(game, lambda ext: ext.update(villain_honor="3")))


# ---------------------------------------------------------------- what the parts mean
def _emissary_waiting():
    """A Legends game where Ann's Forest Emissary waits for another Emissary (its Unite-Emissary)."""
    from ascension.core.scenario import arrange, arrange_center, empty_center_row, script
    game = new_game(["legends"], ["Ann", "Bob"], ["legendary"], seed=7)
    arrange_center(empty_center_row(game), ["Correction of Creation", "Claws of Deoful", "The Iron Seven",
                                            "MarrowWyrm Rider", "Muse of Malevolence", "Correction of Creation"])
    arrange(game, 0, hand=["Forest Emissary", "Mecha Emissary"], deck=["Apprentice", "Militia"])
    script(game, ["Play Forest Emissary"], finish=False)
    return game


MEANING = {   # a change to a sound save (the shape kept) -> what the refusal says
    "a character that is a deck card": (
        lambda ext, g: ext["legendary"]["characters"].update(mechana=g.players[0].deck[0]),
        r"characters\.mechana: .+ is not a Legendary Character of the Mechana set aside for this match"),
    "a character missing": (lambda ext, g: ext["legendary"]["characters"].pop("void"),
                            r"characters: no Legendary Character of the Void, though one is set aside"),
    "Renown of a seat not at the table": (lambda ext, g: ext["legendary"]["renown"].update({"5": ext["legendary"]["renown"]["0"]}),
                                          r"legendary\.renown: 5 is not a seat"),
    "Renown of three factions": (lambda ext, g: ext["legendary"]["renown"]["0"].pop("void"),
                                 r"renown\.0: expected the Renown of all four factions"),
    "a seat's Renown gone (it would start again at 0)": (lambda ext, g: ext["legendary"]["renown"].pop("1"),
                                                         r"legendary\.renown: no Renown for seat 1"),
    "Legendary status the Renown does not give": (
        lambda ext, g: ext["legendary"]["status"].update({"0": ["void"]}),
        r"status\.0: Legendary status in Void, but the Renown says no faction"),
    "Legendary status gone from a seat at 12": (
        lambda ext, g: (ext["legendary"]["renown"]["1"].update(mechana=12), ext["legendary"]["status"].clear()),
        r"status\.1: Legendary status in no faction, but the Renown says Mechana"),
    "Legendary status out of the factions' order (the offers would come in another order)": (
        lambda ext, g: (ext["legendary"]["renown"]["0"].update(void=12, enlightened=12),
                        ext["legendary"]["status"].update({"0": ["void", "enlightened"]})),
        r"status\.0: Legendary status in Void, Enlightened, but the Renown says Enlightened, Void"),
    "Legendary status of a seat not at the table": (lambda ext, g: ext["legendary"]["status"].update({"7": ["void"]}),
                                                   r"legendary\.status: 7 is not a seat"),
    "Boons beyond the milestones reached": (lambda ext, g: ext["legendary"]["turn"].update(boons={"0": ["void"] * 3}),
                                            r"boons\.0: 3 Boons of the Void, more than the milestones reached \(0\)"),
    "an Emissary that is not one": (lambda ext, g: ext["legendary"]["turn"].update(emissaries={"0": [g.players[0].deck[0]]}),
                                    r"emissaries\.0: .+ is not an Emissary"),
    "a waiting Unite of another card": (
        lambda ext, g: ext["legendary"]["turn"]["waiting"]["0"][0].__setitem__(1, "legends.mecha_emissary"),
        r"waiting\.0: card \d+ is not a 'legends\.mecha_emissary' of this match"),
    "a waiting Unite of an effect the card lacks": (
        lambda ext, g: ext["legendary"]["turn"]["waiting"]["0"][0].__setitem__(2, "reward"),
        r"waiting\.0: 'legends\.forest_emissary' has no effect 'reward'"),
    "the track gone": (lambda ext, g: ext.pop("legendary"), r"state\.ext\.legendary: missing"),
    "a villain in a game of two": (lambda ext, g: ext.update(villain_cards=[], villain_honor=0),
                                   r"state\.ext\.villain_cards: a solo villain's part, in a game of 2 players"),
    "a winner not at the table": (lambda ext, g: ext.update(winner=7), r"state\.ext\.winner: 7 is not a seat"),
    "a winner of a game not over": (lambda ext, g: ext.update(winner=0),
                                    r"state\.ext\.winner: a winner is named in a game that is not over"),
}


@pytest.mark.parametrize("case", MEANING)
def test_a_saved_game_whose_part_means_what_its_game_contradicts_is_refused_by_its_path(case):
    """Shapes alone let a hostile or damaged save through: a Mechana "character" that was a deck
    card gave an empty Boon, a missing Renown row started again at 0, thousands of Boons were
    usable, a waiting Unite-Emissary of another card fired its effect, a winner not at the table
    stopped the end screen. Each is now refused, located, before anything is shown."""
    change, said = MEANING[case]
    game = _emissary_waiting()
    with pytest.raises(SaveFileError, match=said):
        load(_edited(game, lambda ext: change(ext, game)), source="game.json")
    load(save(game))   # (the sound save loads)


def test_a_solo_game_without_its_villains_part_and_a_villain_named_in_control_characters_are_refused():
    game, _seen = played(["10th"], ["samael"], 1)
    with pytest.raises(SaveFileError, match=r"state\.ext\.villain_name: missing \(a solo game keeps its villain's part there\)"):
        load(_edited(game, lambda ext: ext.pop("villain_name")))
    with pytest.raises(SaveFileError, match=r"state\.ext\.villain_name: .*visible"):
        load(_edited(game, lambda ext: ext.update(villain_name="Sam\x1b[2Jael")))


def test_a_track_saved_before_legendary_status_was_kept_loads_with_the_status_its_renown_gives():
    """Saves of 2026-12-04 and before kept no ``status`` beside the Renown: such a save loads, the
    seat at 12 still takes its free card, and saved again it is what this version writes."""
    from ascension.plugins.legendary.track import is_legend, place_marker
    game = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=3)
    faction = next(f for c in game.center_row for f in game.card(c).factions)   # one the row offers
    place_marker(game, 0, faction, 12)
    place_marker(game, 1, "lifebound", 9)
    game.edited()
    old = json.loads(save(game))
    del old["state"]["ext"]["legendary"]["status"]
    loaded = load(json.dumps(old), source="old.json")
    assert is_legend(loaded, 0, faction) and not is_legend(loaded, 1, "lifebound")
    assert save(loaded) == save(game)
    free = [o for o in loaded.decision().options if o[0] == "legendary"]
    assert free and free == [o for o in game.decision().options if o[0] == "legendary"]


@pytest.mark.parametrize("damage, said", [
    (lambda t: t["renown"]["0"].update(void="lots"), r"legendary\.renown\.0\.void: Input should be a valid integer"),
    (lambda t: t.update(renown=[12]), r"legendary\.renown: Input should be a valid dictionary"),
    (lambda t: t["renown"].update({"0": None}), r"legendary\.renown\.0: Input should be a valid dictionary"),
])
def test_a_damaged_track_saved_before_legendary_status_was_kept_is_refused_located(damage, said):
    game = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=3)
    d = json.loads(save(game))
    track = d["state"]["ext"]["legendary"]
    del track["status"]
    damage(track)
    with pytest.raises(SaveFileError, match=said):
        load(json.dumps(d), source="old.json")
