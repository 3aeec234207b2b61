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


# A plugin that fails now on a sound save: (its source, the failing hook's words in the refusal).
# Its ``upgrade`` of a saved part (``StateSlot.upgrade``) is the plugin's code run on the save too.
FAILS_ON_LOAD = {"flaky": (FLAKY, "asc_setup_match: RuntimeError: set-up broke"),
                 "upgrades": (UPGRADES, "upgrade: RuntimeError: upgrade broke")}


@pytest.mark.parametrize("name", sorted(FAILS_ON_LOAD))
def test_a_saved_game_a_plugin_now_fails_to_set_up_is_not_called_damaged(installed_package, name):
    import sys

    from ascension.core.match import SaveNotUsableNow
    from ascension.core.session import Seat, Session
    source, failed_in = FAILS_ON_LOAD[name]
    installed_package(name, {"__init__.py": source})
    text = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], variants=[name], seed=4).to_json()
    sys.modules[f"asc_{name}"].FAIL = True
    with pytest.raises(SaveNotUsableNow) as held:
        Session.from_json(text, "autosave.json")
    assert held.value.reason == (f"the saved game cannot be set up here now: plugin '{name}' failed in {failed_in}; "
                                 "the game was not started")
    sys.modules[f"asc_{name}"].FAIL = False
    assert Session.from_json(text, "autosave.json").to_json() == text   # sound: resumed once the plugin works


SERVES_FAILS = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="picky", variant="picky", summary="cannot tell which matches it serves")

def which_matches(tables):
    raise RuntimeError("cannot tell")

@hookimpl(serves=which_matches)
def asc_card_played(game, seat, card):
    pass
'''


def test_a_plugin_failing_to_say_which_matches_its_notification_serves_is_named_and_no_match_is_made(
        installed_package):
    installed_package("picky", {"__init__.py": SERVES_FAILS})
    with pytest.raises(SetupError) as refused:
        new_game(["10th"], ["Ann", "Bob"], ["picky"], seed=1)
    assert str(refused.value) == ("plugin 'picky' failed in which_matches: RuntimeError: cannot tell; "
                                  "the game was not started")
