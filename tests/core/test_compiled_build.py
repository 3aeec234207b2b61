"""The optional compiled engine (scripts/build_compiled.py) and its equivalence check
(scripts/equivalence.py): they run on both builds, pure Python being the reference."""
from __future__ import annotations

import hashlib
import os
import importlib.util
import json
from pathlib import Path

import pytest

import ascension.core.engine as engine
import ascension.core.rng as rng
from ascension.core.bots import bot_kinds
from ascension.core import match
from ascension.core import compiled_modules, stale_build
from ascension.core.match import SetupError, new_game
from ascension.ui.cli import main

from scripts_loader import load_script as script


@pytest.fixture
def built(tmp_path):
    """A source tree with one compiled source and the stamp of the build made from it."""
    core = tmp_path / "core"
    core.mkdir()
    (core / "engine.py").write_text("RULES = 1\n")
    digest = hashlib.sha256(b"RULES = 1\n").hexdigest()
    (core / "_compiled.json").write_text(json.dumps({"core/engine.py": digest}))
    return core


def test_a_compiled_build_made_from_its_sources_is_used(built):
    assert stale_build(str(built)) is None


def test_a_compiled_build_older_than_its_sources_is_not_used_and_says_why(built):
    (built / "engine.py").write_text("RULES = 2\n")   # edited after the build
    assert stale_build(str(built)) == "it is older than core/engine.py"


@pytest.mark.parametrize("stamp", ["{not json", "[1, 2]"])
def test_an_unreadable_build_record_is_named(built, stamp):
    (built / "_compiled.json").write_text(stamp)
    assert stale_build(str(built)).startswith(f"{built / '_compiled.json'}: its record of its sources cannot be read")


def test_the_modules_with_an_extension_beside_their_source_are_the_compiled_ones(tmp_path):
    from importlib.machinery import EXTENSION_SUFFIXES
    for name in ("core/engine.py", "core/match.py", f"core/engine{EXTENSION_SUFFIXES[0]}",
                 f"core/_compiled__mypyc{EXTENSION_SUFFIXES[0]}", "plugins/legendary/track.py",
                 f"plugins/legendary/track{EXTENSION_SUFFIXES[0]}", "plugins/teams.py", f"plugins/teams{EXTENSION_SUFFIXES[0]}",
                 "plugins/fate.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert compiled_modules(str(tmp_path)) == {"ascension.core.engine": str(tmp_path / "core/engine.py"),
                                               "ascension.plugins.legendary.track": str(tmp_path / "plugins/legendary/track.py"),
                                               "ascension.plugins.teams": str(tmp_path / "plugins/teams.py")}
    build = script("build_compiled")   # every module the build compiles is found where it puts its extension
    for module in build.MODULES:
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text("")
        (tmp_path / (module.removesuffix(".py") + EXTENSION_SUFFIXES[0])).write_text("")
    assert set(compiled_modules(str(tmp_path))) == {build.module_name(m) for m in build.MODULES}


@pytest.mark.skipif(engine.PURE, reason="pure Python: no compiled build to go stale (CI runs both builds)")
def test_after_a_source_changes_without_a_rebuild_the_program_runs_as_pure_python_and_says_so(tmp_path):
    """A ``git pull`` without rebuilding: every command stopped with an ImportError traceback."""
    import shutil
    import subprocess
    import sys
    root = Path(engine.__file__).resolve().parents[1]
    copy = tmp_path / "ascension"
    for folder in ("core", "plugins", "ui", "sets"):
        shutil.copytree(root / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__"))
    with open(copy / "core" / "rng.py", "a") as f:
        f.write("# a change since the build\n")
    done = subprocess.run([sys.executable, "-c", "import sys, ascension.core.engine as e, ascension.core.rng as r; "
                           "from ascension.core.match import new_game; "
                           "print(e.PURE, r.__file__, new_game(['10th'], ['A', 'B'], seed=5).to_json() == sys.argv[1])",
                           new_game(["10th"], ["A", "B"], seed=5).to_json()],
                          env={**os.environ, "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True)
    assert done.stdout.split() == ["True", str(copy / "core" / "rng.py"), "True"], done.stderr
    assert done.stderr == ("ascension: the compiled engine is not used (it is older than core/rng.py): the game runs "
                           "as pure Python, slower, until scripts/build_compiled.py rebuilds it\n")


def test_the_build_compiles_sources_that_exist_under_their_package_names():
    build = script("build_compiled")
    assert [build.module_name(m) for m in build.MODULES] == [
        "ascension.core.engine", "ascension.core.rng", "ascension.core.view", "ascension.core.carddef",
        "ascension.plugins.legendary.rules", "ascension.plugins.legendary.track", "ascension.plugins.teams"]
    assert all((build.ROOT / m).is_file() for m in build.MODULES)
    assert build.STAMP in build.built_files()   # --clean removes the record with the build


def test_the_equivalence_games_cover_every_set_mix_variant_and_tier():
    eq = script("equivalence")
    games = eq.games(2000, 1)
    assert len({s for _, _, _, s in games}) == 2000   # every game its own seed
    assert len({tuple(sets) for sets, _, _, _ in games}) == 15   # every mix of the four sets
    assert {v for _, vs, _, _ in games for v in vs} == {"legendary", "teams", "samael", "cult"}
    assert any(vs == [] for _, vs, _, _ in games)
    every_tier = {name for name, kind in bot_kinds().items() if kind.same_as is None}   # greedy is easy
    assert {t for _, _, ts, _ in games for t in ts} == every_tier == {"random", "easy", "medium", "hard", "expert"}


def test_the_equivalence_check_names_the_first_game_and_event_that_differ(tmp_path):
    eq = script("equivalence")
    line = eq.play(["10th"], [], ["easy", "easy"], 5)
    game = json.loads(line)
    game["log"][40][3] += 1   # one event's number differs
    other = json.dumps(game, sort_keys=True, separators=(",", ":"))
    pure, compiled = tmp_path / "pure.jsonl", tmp_path / "compiled.jsonl"
    pure.write_text(line + "\n" + line + "\n")
    compiled.write_text(line + "\n" + other + "\n")
    n, problem = eq.compare(pure, compiled)
    assert problem.startswith("game 1 (") and "event 40:" in problem
    compiled.write_text(line + "\n")
    assert eq.compare(pure, compiled)[1] == "game 1: only the pure side played it"
    compiled.write_text(line + "\n" + line + "\n")
    assert eq.compare(pure, compiled) == (2, "")


def test_a_failed_build_leaves_pure_python_and_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    build = script("build_compiled")
    leftover = tmp_path / "engine.cpython-311-x86_64-linux-gnu.so"   # half a build from before
    leftover.write_text("")
    monkeypatch.setattr(build, "built_files", lambda: [leftover])

    def failing(quiet):
        raise RuntimeError("mypyc failed (exit 1):\nascension/core/engine.py:12: error: Name \"x\" is not defined")
    monkeypatch.setattr(build, "build", failing)
    assert build.main(["--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("the compiled build failed, the engine runs as pure Python: mypyc failed (exit 1)")
    assert "engine.py:12" in err and not leftover.exists()


@pytest.mark.skipif(rng.PURE, reason="no compiled build here (CI builds one)")
@pytest.mark.parametrize("size", [0, 1, 2, 7, 40, 123])
def test_the_compiled_shuffle_deals_exactly_as_pure_python(size):
    """The compiled build shuffles in 64-bit machine words; pure Python, the reference, in
    unbounded integers: the same states, the same order, whatever the state's high bits."""
    pure = importlib.util.module_from_spec(importlib.util.spec_from_file_location(
        "pure_rng", Path(engine.wording.__file__).with_name("rng.py")))   # (a compiled __file__ is not its own)
    pure.__spec__.loader.exec_module(pure)
    assert pure.PURE
    states = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1] + [rng.derive(9, f"state {k}") for k in range(200)]
    for state in states:
        deck, reference = list(range(size)), list(range(size))
        assert rng.shuffle(state, deck) == pure.shuffle(state, reference)
        assert deck == reference


@pytest.mark.skipif(rng.PURE, reason="no compiled build here (CI builds one)")
def test_the_compiled_streams_and_draws_are_exactly_pure_pythons():
    """next_state, below and derive (every bot's and every game's seed) also run in machine words
    when compiled: the same numbers as pure Python's unbounded integers, whatever the state's bits."""
    pure = importlib.util.module_from_spec(importlib.util.spec_from_file_location(
        "pure_rng", Path(engine.wording.__file__).with_name("rng.py")))
    pure.__spec__.loader.exec_module(pure)
    states = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, -1, 1 << 70] + [
        pure.derive(9, f"state {k}") for k in range(300)]
    for state in states:
        assert rng.next_state(state) == pure.next_state(state)
        for n in (1, 2, 3, 4, 7, 100, (1 << 31) - 1, 1 << 31, 1 << 40):
            assert rng.below(state, n) == pure.below(state, n)
        for label in ("", "legendary", "greedy:0", "w17", "ü"):
            assert rng.derive(state, label) == pure.derive(state, label)


@pytest.mark.parametrize("seed", [-(1 << 64), -(1 << 63) - 1, -5, 0, (1 << 63) - 1, 1 << 63, 1 << 64])
def test_every_seed_a_save_may_hold_deals_the_same_game_in_both_builds(seed):
    """Seeds from -2**64 to 2**64 (what a save accepts) start a game; the stream's state is the
    seed's 64 bits, so a seed beyond a machine word deals as its bits do (the compiled build once
    stopped on such a seed: "int too large to convert to i64")."""
    saved = lambda seed: match._start(match.build_setup(["10th"], ["A", "B"], seed=seed, new=False), None)
    game, again = saved(seed), saved(seed % (1 << 64))   # (a save of an earlier version may hold a seed beyond 2**63)
    assert game.seed == seed and game.players[0].hand == again.players[0].hand and game.rng == again.rng


@pytest.mark.parametrize("seed", [1 << 63, (1 << 64) + 1, -(1 << 63) - 1, 10 ** 30])
def test_a_new_games_seed_beyond_what_the_history_stores_is_refused_in_plain_words(seed, capsys):
    """A seed of 2**63 or more started a game that could never be recorded (the history stores
    a signed 64-bit number), and said "at most 20 digits" of a 20-digit seed."""
    said = f"seed {seed}: a seed is a whole number from -9223372036854775808 to 9223372036854775807"
    with pytest.raises(SetupError, match=said):
        new_game(["10th"], ["A", "B"], seed=seed)
    assert main(["play", "--seed", str(seed), "--no-record"]) == 2
    assert said in capsys.readouterr().err
