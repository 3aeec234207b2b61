"""A game records the plugins it was played with (names and versions): restored or replayed
with others installed, it is played with the recorded ones and says how they differ."""
from __future__ import annotations

import json
import types

import pytest

from ascension.core import match
from ascension.core.bots import make_bot
from ascension.core.engine import InvalidAnswer
from ascension.core.hookspecs import hookimpl
from ascension.core.match import SaveFileError, load, new_game, replay, save
from ascension.core.plugins import PluginInfo, installed


def played(answers: int | None = None, seed: int = 6):
    game = new_game(["10th"], ["Ann", "Bob"], seed=seed)
    bots = [make_bot("greedy", game.ctx.defs, seed, i) for i in range(2)]
    while not game.over and (answers is None or len(game.answers) < answers):
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    return game


@pytest.fixture
def house_rule(monkeypatch):
    """Install (by calling it) an always-on rule plugin, a 7-honor pool, as if from a package, version 9.9."""
    def install():
        cat = installed()
        monkeypatch.setitem(cat.modules, "house", module)
        monkeypatch.setitem(cat.infos, "house", module.PLUGIN)
        monkeypatch.setitem(cat.versions, "house", "9.9")
        match._load_set.cache_clear()
    module = types.ModuleType("asc_house_rule")
    module.PLUGIN = PluginInfo(name="house", summary="a short game", always=True)

    @hookimpl
    def asc_setup_match(setup):
        setup.pool = 7
    module.asc_setup_match = asc_setup_match
    yield install
    match._load_set.cache_clear()


def test_the_setup_records_the_plugins_and_their_versions():
    game = new_game(["10th", "rotf"], ["A"], ["samael"], seed=1)
    versions = installed().versions
    assert game.ctx.setup["plugins"] == {n: versions[n] for n in ("base", "fate", "samael")}
    assert load(save(game)).plugin_differences() == []


def test_a_record_made_before_an_always_on_rule_plugin_was_installed_replays_as_played(house_rule):
    game = played()
    setup, answers = json.loads(json.dumps(game.ctx.setup)), list(game.answers)
    house_rule()
    assert "house" not in setup["plugins"]
    again = replay(setup, answers)
    assert save(again) == save(game) and again.scores() == game.scores()
    assert again.plugin_differences() == [
        "plugin 'house' 9.9 is installed now but this game was played without it: it stays off in this game"]
    assert load(save(game)).plugin_differences() == again.plugin_differences()
    fresh = new_game(["10th"], ["Ann", "Bob"], seed=6)        # a new game has the house rule
    assert fresh.ctx.setup["plugins"]["house"] == "9.9" and fresh.pool == 7


def test_a_game_saved_with_another_plugin_version_loads_and_says_so():
    d = json.loads(save(played(40)))
    d["setup"]["plugins"]["base"] = "0.0.1"
    game = load(json.dumps(d))
    assert game.plugin_differences() == [
        f"plugin 'base' was version 0.0.1 when this game was played; it is {installed().versions['base']} now"]


def test_a_replay_that_diverges_names_how_the_plugins_differ():
    game = played(40)
    setup = {**game.ctx.setup, "plugins": {"base": "0.0.1"}}
    with pytest.raises(InvalidAnswer) as err:
        replay(setup, game.answers + [999])
    assert f"answer {len(game.answers) + 1} of {len(game.answers) + 1}" in str(err.value)
    assert "the plugins differ from the ones this game was played with: plugin 'base' was version 0.0.1" in str(err.value)
    with pytest.raises(InvalidAnswer, match="not an option") as plain:   # the same plugins: no such note
        replay(game.ctx.setup, game.answers + [999])
    assert "plugins differ" not in str(plain.value)


def test_a_save_from_before_plugins_were_recorded_still_loads(house_rule):
    game = played(40)
    house_rule()
    d = json.loads(save(game))
    del d["setup"]["plugins"]
    restored = load(json.dumps(d))
    assert restored.plugin_differences() == []
    assert restored.to_dict()["state"] == game.to_dict()["state"]


def test_a_game_played_with_a_plugin_that_is_not_installed_is_refused_by_name():
    d = json.loads(save(played(10)))
    d["setup"]["plugins"]["gone"] = "2.0"
    with pytest.raises(SaveFileError, match="played with plugin\\(s\\) 'gone' 2.0, not installed here"):
        load(json.dumps(d), source="old.json")
