"""Sides and teams are decided once, at set-up (``asc_sides``), and asked of the game: results,
records and front ends read ``Game.sides()`` / ``Game.teams()``; a plugin's unusable answer is
refused with its name."""
from __future__ import annotations

import types
from datetime import datetime, timezone

import pytest

from ascension.core import match
from ascension.core.bots import make_bot
from ascension.core.engine import PluginError
from ascension.core.hookspecs import hookimpl
from ascension.core.match import SetupError, load, new_game, save
from ascension.core.plugins import PluginInfo, installed
from ascension.core.session import Seat, Session
from ascension.plugins import teams
from ascension.ui.history.records import match_record


def finish(game, seed: int = 1):
    bots = [make_bot("greedy", game.ctx.defs, seed, i) for i in range(len(game.players))]
    while not game.over:
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    return game


@pytest.fixture
def counted_sides(monkeypatch):
    """The teams plugin's asc_sides, counting its calls."""
    calls = []

    @hookimpl
    def asc_sides(game):
        calls.append(game.turn)
        return teams.teams(len(game.players))
    monkeypatch.setattr(teams, "asc_sides", asc_sides)
    return calls


def test_a_team_games_sides_are_decided_once_at_set_up_and_asked_of_the_game(counted_sides):
    game = new_game(["10th", "rotf"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=4)
    assert counted_sides == [0]                               # at set-up, before the first turn
    assert game.sides() == game.teams() == [[0, 2], [1, 3]]
    finish(game)
    session = Session(game, [Seat(n) for n in ("Ann", "Bob", "Cat", "Dan")])
    result = session.result()
    record = match_record(game, session.seats, started_at=datetime.now(timezone.utc))
    assert result["sides"] == record.options["sides"] == [[0, 2], [1, 3]]
    assert [s.team for s in record.seats] == [0, 1, 0, 1]
    assert set(game.winners()) in ({0, 2}, {1, 3})
    game.tie_break()
    assert counted_sides == [0]                               # every later question asked the game
    assert load(save(game)).sides() == [[0, 2], [1, 3]]      # a restored game works them out again


def test_without_team_play_each_seat_is_its_own_side():
    duel = finish(new_game(["10th"], ["Ann", "Bob"], seed=2))
    assert duel.sides() == [[0], [1]] and duel.teams() == []
    session = Session(duel, [Seat("Ann"), Seat("Bob")])
    assert session.result()["sides"] is None
    record = match_record(duel, session.seats, started_at=datetime.now(timezone.utc))
    assert "sides" not in record.options and [s.team for s in record.seats] == [None, None]
    solo = new_game(["10th"], ["Ann"], ["samael"], seed=2)
    assert solo.sides() == [[0]]                               # the villain (seat -1) is on no side


def test_asking_for_the_sides_cannot_change_them():
    game = new_game(["10th", "rotf"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=4)
    game.sides()[0].append(1)
    assert game.sides() == [[0, 2], [1, 3]]


class WrongSides:
    """A plugin that puts seat 0 on two sides."""

    @hookimpl(tryfirst=True)
    def asc_sides(self, game):
        return [[0], [0, 1]]


def test_a_plugin_joining_mid_match_is_asked_again_and_a_wrong_answer_names_it():
    game = new_game(["10th"], ["Ann", "Bob"], seed=3)
    before = game.to_json()
    game.ctx.pm.register(WrongSides(), name="wrong")
    with pytest.raises(PluginError) as err:
        game.sides()
    assert str(err.value) == ("plugin 'wrong' failed in asc_sides: ValueError: the sides [[0], [0, 1]] do not put "
                              "each of the seats 0..1 in exactly one side; the sides were not decided")
    assert game.to_json() == before
    game.ctx.pm.unregister(name="wrong")
    assert game.sides() == [[0], [1]]


@pytest.fixture
def wrong_sides_variant(monkeypatch):
    module = types.ModuleType("asc_wrong_sides")
    module.PLUGIN = PluginInfo(name="wrongsides", summary="pairs nobody", variant="wrongsides")

    @hookimpl
    def asc_sides(game):
        return [["Ann", "Bob"]]
    module.asc_sides = asc_sides
    cat = installed()
    monkeypatch.setitem(cat.modules, "wrongsides", module)
    monkeypatch.setitem(cat.infos, "wrongsides", module.PLUGIN)
    match._load_set.cache_clear()
    yield
    match._load_set.cache_clear()


def test_a_wrong_answer_at_set_up_refuses_the_match_naming_the_plugin(wrong_sides_variant):
    with pytest.raises(SetupError, match=r"^plugin 'wrongsides' failed in asc_sides: ValueError: the sides "
                                         r"\[\['Ann', 'Bob'\]\] do not put each of the seats 0..1 in exactly one side"):
        new_game(["10th"], ["Ann", "Bob"], ["wrongsides"], seed=1)
