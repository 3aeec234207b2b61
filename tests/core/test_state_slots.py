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
