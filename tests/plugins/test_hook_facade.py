"""Every hook is declared once, typed and documented (``core/hookspecs.py``), and called through
one facade (``plugins.Hooks``): single implementations directly, several in pluggy's order,
with pluggy's answers; plugins joining a running match are called from then on; front ends
call no hook themselves."""
from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import pytest

from ascension.core import hookspecs
from ascension.core.engine import PluginError
from ascension.core.hookspecs import hookimpl
from ascension.core.match import new_game
from ascension.core.plugins import Hooks, installed, make_manager
from ascension.core.scenario import arrange, script

ROOT = Path(__file__).resolve().parents[2]
SPECS = {name: fn for name, fn in vars(hookspecs).items() if name.startswith("asc_")}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_spec_is_typed_documented_and_has_its_facade_member(name):
    spec = SPECS[name]
    signature = inspect.signature(spec)
    assert all(p.annotation is not inspect.Parameter.empty for p in signature.parameters.values())
    assert signature.return_annotation is not inspect.Signature.empty
    doc = inspect.getdoc(spec) or ""
    assert "fires" in doc.lower() and "Return" in doc, f"{name}: say when it fires and what it returns"
    hooks = Hooks(make_manager([installed().modules["base"]]))
    member = getattr(hooks, name.removeprefix("asc_"))
    if member is not None and inspect.ismethod(member):   # the plainly called ones take the spec's arguments
        assert list(inspect.signature(member).parameters) == list(signature.parameters)


def test_a_seam_with_one_implementation_is_that_function_and_unimplemented_notices_are_skipped():
    base = installed().modules["base"]
    hooks = new_game(["10th"], ["Ann", "Bob"], seed=1).ctx.hooks
    assert hooks.refill_center_row is base.asc_refill_center_row
    assert hooks.game_over is base.asc_game_over
    assert hooks.card_played is None and hooks.event is None and hooks.extra_actions is None


def test_several_implementations_answer_as_pluggy_would():
    solo = new_game(["10th", "rotf"], ["Ann"], ["samael"], seed=2)   # Samael's seams before the base rules'
    hooks, pm = solo.ctx.hooks, solo.ctx.pm
    solo.pool = 0
    assert hooks.implementers("asc_game_over") == ["samael", "base"]
    assert hooks.game_over(solo, 0) is pm.hook.asc_game_over(game=solo, seat=0) is True
    assert hooks.extra_scores(solo) == [row for rows in pm.hook.asc_extra_scores(game=solo) for row in rows]
    assert hooks.public_status(solo, -1) == [r for rs in pm.hook.asc_public_status(game=solo, seat=-1) for r in rs]
    assert hooks.public_status(solo, -1)


class Watcher:
    """A plugin joining a running match: it sees plays and offers a move of its own."""

    def __init__(self):
        self.seen = []

    @hookimpl
    def asc_card_played(self, game, seat, card):
        self.seen.append(game.name_of(card))

    @hookimpl
    def asc_extra_actions(self, game, seat):
        return [("wave", seat)] if seat == 0 else None   # None adds nothing, as in pluggy

    @hookimpl
    def asc_apply_action(self, game, option):
        return True if option[0] == "wave" else None

    @hookimpl(hookwrapper=True)
    def asc_option_label(self, game, option):   # a wrapper: the facade leaves the calling to pluggy
        outcome = yield
        if option[0] == "wave":
            outcome.force_result("Wave")


def test_a_plugin_joining_a_running_match_is_called_from_then_on_and_leaving_is_forgotten():
    game = new_game(["10th"], ["Ann", "Bob"], seed=5)
    watcher = Watcher()
    game.ctx.pm.register(watcher, name="watcher")
    arrange(game, 0, hand=["Militia", "Apprentice"])
    assert game.ctx.hooks.extra_actions(game, 0) == [("wave", 0)] and not game.ctx.hooks.extra_actions(game, 1)
    assert game.decision().options.count(("wave", 0)) == 1   # the lone implementation's list, as it is
    game.current = 1
    assert not any(o[0] == "wave" for o in game.legal_actions())   # its None adds nothing
    game.current = 0
    assert game.ctx.hooks.option_label(game, ("wave", 0)) == "Wave"
    script(game, ["Wave", "Play Militia"])
    assert watcher.seen == ["Militia"]
    game.ctx.pm.unregister(watcher)
    script(game, ["Play Apprentice"])
    assert watcher.seen == ["Militia"] and game.ctx.hooks.card_played is None


SERVES = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="pantheon", variant="pantheon", summary="watches matches with Arbiter of Fate only")
SEEN = []

def with_arbiter(tables):
    return "Arbiter of Fate" in tables.names

@hookimpl(serves=with_arbiter)
def asc_card_played(game, seat, card):
    SEEN.append(game.name_of(card))

@hookimpl
def asc_card_acquired(game, seat, card, where):
    SEEN.append(("acquired", game.name_of(card)))
'''


def test_a_notification_that_serves_only_some_matches_is_not_called_in_the_others(installed_package):
    """``hookimpl(serves=...)``: a match whose cards the test turns down never calls that
    implementation (nothing per card played); the plugin's other hooks still run there."""
    installed_package("pantheon", {"__init__.py": SERVES})
    without = new_game(["10th"], ["Ann", "Bob"], ["pantheon"], seed=1)
    seen = sys.modules["asc_pantheon"].SEEN
    assert without.ctx.card_played is None and without.ctx.card_acquired is not None
    arrange(without, 0, hand=["Militia"])
    script(without, ["Play Militia"])
    assert seen == []
    fate = new_game(["10th", "rotf"], ["Ann", "Bob"], ["pantheon"], seed=3)   # Return of the Fallen's Arbiter
    assert fate.ctx.card_played is not None
    arrange(fate, 0, hand=["Militia"])
    script(fate, ["Play Militia"])
    assert seen == ["Militia"]


class Quiet:
    """Offers a wave once told to; until then "nothing until changed"."""

    def __init__(self):
        self.asked, self.ready = 0, False

    @hookimpl
    def asc_extra_actions(self, game, seat):
        self.asked += 1
        return [("wave", seat)] if self.ready else hookspecs.NOTHING_UNTIL_CHANGED


def test_extra_actions_that_say_nothing_until_changed_are_asked_again_only_once_told():
    game = new_game(["10th"], ["Ann", "Bob"], seed=5)
    quiet = Quiet()
    game.ctx.pm.register(quiet, name="quiet")
    arrange(game, 0, hand=["Militia", "Apprentice"])
    for __ in range(3):
        game.legal_actions()
    assert quiet.asked == 1   # then no more: it said nothing until it says otherwise
    quiet.ready = True
    assert not any(o[0] == "wave" for o in game.legal_actions())
    game.extra_actions_changed()
    assert ("wave", 0) in game.legal_actions() and quiet.asked == 2
    quiet.ready = False
    game.legal_actions()
    copy = game.clone()
    copy.legal_actions()   # a copy, a loaded game or an edited one asks again
    game.edited()
    game.legal_actions()
    assert quiet.asked == 5
    game.ctx.pm.register(Breaks(), name="breaks")
    options = game.decision().options   # (asked once more: a plugin joined)
    asked = quiet.asked
    with pytest.raises(PluginError):   # an answer that fails: the game is put back ...
        game.apply(next(i for i, o in enumerate(options) if game.label(o) == "Play Militia"))
    game.legal_actions()
    assert quiet.asked == asked + 1   # ... and asks again, whatever the failed answer had been told


class Breaks:
    @hookimpl
    def asc_card_played(self, game, seat, card):
        raise RuntimeError("broken")


def test_several_plugins_extra_actions_are_all_asked_whatever_one_says():
    game = new_game(["10th"], ["Ann", "Bob"], seed=5)
    quiet, watcher = Quiet(), Watcher()
    game.ctx.pm.register(quiet, name="quiet")
    arrange(game, 0, hand=["Militia", "Apprentice"])
    game.legal_actions()
    game.ctx.pm.register(watcher, name="watcher")   # a plugin joining: every one is asked again
    for __ in range(2):
        assert ("wave", 0) in game.legal_actions()
    assert quiet.asked == 3


def test_front_ends_call_no_hook_themselves():
    """They ask the game (``game.sides()``, ``game.public_status()``...), which asks the facade."""
    calls = []
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and (node.attr == "pm" or node.attr.startswith("asc_")):
                calls.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    assert calls == []


class NativeLike:
    """Stands for a function mypyc compiled: callable, named, with a signature, but not a Python
    function (pluggy neither marks nor registers such a thing itself)."""
    __module__ = "native_like"

    def __init__(self, name, answer):
        self.__name__, self.__doc__, self.answer, self.calls = name, "compiled", answer, []

    def __call__(self, game, seat):
        self.calls.append(seat)
        return self.answer


def test_a_compiled_hook_implementation_is_registered_through_a_stand_in_and_called_itself():
    compiled = NativeLike("asc_extra_actions", [("native", 1)])
    assert not inspect.isfunction(compiled)

    class Plugin:   # what a compiled module offers pluggy
        asc_extra_actions = staticmethod(hookimpl(compiled))
    pm = make_manager([installed().modules["base"]])
    pm.register(Plugin, name="native")
    hooks = Hooks(pm)
    assert hooks.implementers("asc_extra_actions") == ["native"]
    assert hooks.extra_actions is compiled            # called directly, not through the stand-in
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    assert pm.hook.asc_extra_actions(game=game, seat=1) == [[("native", 1)]]   # pluggy passes its arguments
    assert compiled.calls == [1]


def test_the_legendary_track_runs_compiled_when_the_build_is():
    from ascension.core import engine
    from ascension.plugins.legendary import rules
    compiled = not engine.__file__.endswith(".py")
    game = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=1)
    assert (rules.asc_extra_actions in hookspecs.COMPILED_IMPLS) is compiled   # the module's is a stand-in
    assert inspect.isfunction(game.ctx.hooks.extra_actions) is not compiled    # the engine calls the native one


class BrokenStatus:
    """A plugin whose public status fails (as a third-party one may)."""

    @hookimpl
    def asc_public_status(self, game, seat):
        raise KeyError("status broke")


def test_a_plugin_whose_status_fails_shows_so_and_the_game_goes_on(caplog):
    solo = new_game(["10th"], ["Ann"], ["samael"], seed=2)
    samael = solo.public_status(-1)
    solo.ctx.pm.register(BrokenStatus(), name="broken")
    shown = ("broken", "cannot be shown (KeyError: 'status broke')")
    assert solo.public_status(-1) == [shown, *samael] and solo.public_status(0) == [shown]   # the others still shown
    failures = [r for r in caplog.records if "asc_public_status" in r.getMessage()]
    assert len(failures) == 1 and failures[0].exc_info   # in the log with its traceback, once
    solo.apply(0)   # and the game plays on
    assert solo.answers == [0]


class WrongStatus:
    """A plugin whose public status is not (label, text) pairs: the seat panels unpacked it and
    stopped the game (terminal) or failed at every repaint (desktop)."""

    def __init__(self, answer):
        self.answer = answer

    @hookimpl
    def asc_public_status(self, game, seat):
        return self.answer


@pytest.mark.parametrize("answer", ["abc", [("a",)], [("a", 1)], 5])
def test_a_plugin_whose_status_is_not_label_text_pairs_shows_so_and_the_game_goes_on(answer):
    solo = new_game(["10th"], ["Ann"], ["samael"], seed=2)
    samael = solo.public_status(-1)
    solo.ctx.pm.register(WrongStatus(answer), name="wrong")
    [(name, said), *rest] = solo.public_status(-1)
    assert name == "wrong" and said.startswith("cannot be shown (TypeError: expected a list of (label, text) pairs")
    assert rest == samael
    solo.apply(0)
    assert solo.answers == [0]
