"""A plugin that fails while a match is set up (its checks of the setup, its set-up, the game's
start) is named with its hook, no match is made and nothing is lost: the command line says it in
one line, as it says any setup it cannot play."""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, new_game
from ascension.ui.cli import main

FAILS_IN = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="NAME", variant="NAME", summary="fails at set-up")

@hookimpl
def HOOK(ARGS):
    raise RuntimeError("set-up broke")
'''
HOOKS = {"asc_validate_setup": "setup", "asc_setup_match": "setup", "asc_game_started": "game"}


@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_a_plugin_failing_while_a_match_is_set_up_is_named_and_no_match_is_made(installed_package, hook, capsys):
    installed_package("broken", {"__init__.py": FAILS_IN.replace("NAME", "broken").replace("HOOK", hook)
                                 .replace("ARGS", HOOKS[hook])})
    expected = f"plugin 'broken' failed in {hook}: RuntimeError: set-up broke; the game was not started"
    with pytest.raises(SetupError) as refused:
        new_game(["10th"], ["Ann", "Bob"], ["broken"], seed=1)
    assert str(refused.value) == expected
    for argv in (["simulate", "--games", "2", "--seed", "1"], ["play", "--seed", "1", "--no-record"]):
        assert main([*argv, "--variants", "broken"]) == 2
        out, err = capsys.readouterr()
        assert err == f"ascension: error: {expected}\n", argv


FLAKY = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="flaky", variant="flaky", summary="fails at set-up once it is told to")
FAIL = False

@hookimpl
def asc_setup_match(setup):
    if FAIL:
        raise RuntimeError("set-up broke")
'''


def test_a_saved_game_a_plugin_now_fails_to_set_up_is_not_called_damaged(installed_package):
    import sys

    from ascension.core.match import SaveNotUsableNow
    from ascension.core.session import Seat, Session
    installed_package("flaky", {"__init__.py": FLAKY})
    text = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], variants=["flaky"], seed=4).to_json()
    sys.modules["asc_flaky"].FAIL = True
    with pytest.raises(SaveNotUsableNow) as held:
        Session.from_json(text, "autosave.json")
    assert held.value.reason == ("the saved game cannot be set up here now: plugin 'flaky' failed in asc_setup_match: "
                                 "RuntimeError: set-up broke; the game was not started")
    sys.modules["asc_flaky"].FAIL = False
    assert Session.from_json(text, "autosave.json").to_json() == text   # sound: resumed once the plugin works


UPGRADES = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
from ascension.core.slots import StateSlot
PLUGIN = PluginInfo(name="upgrades", variant="upgrades", summary="keeps a count, upgraded when loaded")
FAIL = False

def upgrade(value):
    if FAIL:
        raise RuntimeError("upgrade broke")
    return value

@hookimpl
def asc_state_slots():
    return [StateSlot("upgrades", int, "a count", upgrade=upgrade)]

@hookimpl
def asc_game_started(game):
    game.ext["upgrades"] = 1
'''


def test_a_plugin_whose_upgrade_of_a_saved_part_raises_is_named_and_the_save_is_not_called_damaged(installed_package):
    """``StateSlot.upgrade`` is a plugin's code run on a saved game: when it raises, the save is
    sound but not usable here now, the plugin is named, and the same text loads once it works."""
    import sys

    from ascension.core.match import SaveNotUsableNow
    from ascension.core.session import Seat, Session
    installed_package("upgrades", {"__init__.py": UPGRADES})
    text = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], variants=["upgrades"], seed=4).to_json()
    sys.modules["asc_upgrades"].FAIL = True
    with pytest.raises(SaveNotUsableNow) as held:
        Session.from_json(text, "autosave.json")
    assert held.value.reason == ("the saved game cannot be set up here now: plugin 'upgrades' failed in upgrade: "
                                 "RuntimeError: upgrade broke; the game was not started")
    sys.modules["asc_upgrades"].FAIL = False
    assert Session.from_json(text, "autosave.json").to_json() == text
