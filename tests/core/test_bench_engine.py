"""scripts/bench_engine.py: the per-move benchmark counts our moves as the issue defines them, and
a reference engine that cannot be installed is a plain message, not a traceback."""
from __future__ import annotations

import subprocess
from importlib import metadata

import pytest

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed
from scripts_loader import load_script


@pytest.fixture(scope="module")
def bench():
    return load_script("bench_engine")


def test_a_move_is_a_card_played_taken_or_defeated_an_ability_or_boon_used_or_a_turn_ended(bench):
    game = new_game(["10th"], ["P1", "P2"], seed=game_seed(12345, 0))
    bots = [make_bot("greedy", game.ctx.defs, game_seed(12345, 0), i) for i in range(2)]
    while not game.over:
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    kinds = [e.kind for e in game.log]
    turns, played = kinds.count("turn_ended"), kinds.count("played")
    taken = kinds.count("acquired") + kinds.count("defeated")
    assert turns > 10 and played > turns * 4 and taken > turns / 2
    assert bench.our_moves_per_game(1, 12345) == turns + played + taken + kinds.count("used")


def test_a_reference_engine_that_cannot_be_installed_is_named_with_what_to_do(bench, monkeypatch):
    def missing(name):
        raise metadata.PackageNotFoundError(name)

    def offline(command):
        raise subprocess.CalledProcessError(1, command)
    monkeypatch.setattr(bench.metadata, "version", missing)
    monkeypatch.setattr(bench.subprocess, "check_call", offline)
    with pytest.raises(SystemExit, match=r"pyminion==0\.4\.0 could not be installed .* -m pip install pyminion==0\.4\.0"):
        bench.ensure_pyminion()
