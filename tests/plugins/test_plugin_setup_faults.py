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
