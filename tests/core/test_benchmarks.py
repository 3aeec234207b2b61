"""The speed scripts: bench_engine.py counts our moves as issue 20 defines them, each script runs
and ends with the line its docstring promises, and what one needs but lacks (the reference
engine offline, valgrind) is a plain message, not a traceback."""
from __future__ import annotations

import re
import subprocess
from importlib import metadata

import pytest

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed, play_out
from scripts_loader import load_script


@pytest.fixture(scope="module")
def bench():
    return load_script("bench_engine")


def test_a_move_is_a_card_played_taken_or_defeated_an_ability_or_boon_used_or_a_turn_ended(bench):
    game = new_game(["10th"], ["P1", "P2"], seed=game_seed(12345, 0))
    play_out(game, [make_bot("greedy", game.ctx.defs, game_seed(12345, 0), i) for i in range(2)])
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


def test_the_reference_engine_plays_the_same_games_each_round_and_answers_their_rate(bench, tmp_path):
    script = tmp_path / "reference.py"   # the shared script's two functions; a batch's seconds follow its random games
    script.write_text("import random\n"
                      "def make_game(matchup): return matchup\n"
                      "def play_batch(game, n): return 1 + random.random(), 0\n")
    reference = bench.Reference(script)
    try:
        rates = [reference.games_per_second(n) for n in (10, 10, 3)]
    finally:
        reference.close()
    assert rates[0] == rates[1] and 5 < rates[0] < 10   # its seed set again: the same games, the same seconds
    assert rates[2] == pytest.approx(rates[0] * 3 / 10)
    assert reference.proc.returncode == 0


def test_a_reference_process_that_dies_is_named(bench, tmp_path):
    script = tmp_path / "broken.py"
    script.write_text("raise ImportError('no pyminion here')\n")
    reference = bench.Reference(script)
    with pytest.raises(SystemExit, match=r"reference engine's process ended \(exit status 1\) playing .*broken\.py"):
        reference.games_per_second(10)


def test_hard_timing_prints_the_medians_of_all_and_of_searched_decisions(capsys):
    assert load_script("hard_timing").main(["--games", "1", "--budget", "8"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^all decisions: \d+ decisions, median \d+ ms", out, re.M)
    assert re.search(r"^searched decisions: \d+ decisions, median \d+ ms", out, re.M)


def test_sim_speedup_ends_with_its_ratio_line(capsys):
    assert load_script("sim_speedup").main(["--games", "6", "--repeats", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"speedup=[0-9.]+ jobs1_s=[0-9.]+ jobs2_s=[0-9.]+", last)


def test_counting_instructions_without_valgrind_says_how_to_get_it(monkeypatch):
    counter = load_script("bench_instructions")
    monkeypatch.setattr(counter.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit, match="valgrind is not installed .*apt-get install valgrind"):
        counter.main(["--pyminion-games", "0"])


def test_counted_games_hash_strings_the_same_way_in_every_run(monkeypatch):
    """Python's random string hashing moved the count of the same games by up to 1 % between
    runs; the counted runs fix it, so two runs of the same code give the same count."""
    counter = load_script("bench_instructions")
    seen = []

    def valgrind(command, env=None, **kwargs):
        seen.append(env)
        return subprocess.CompletedProcess(command, 0, "", "==1== Collected : 1234\n")
    monkeypatch.setenv("PYTHONHASHSEED", "random")
    monkeypatch.setattr(counter.subprocess, "run", valgrind)
    assert counter.instructions(["python", "-c", "pass"]) == 1234
    assert seen[0]["PYTHONHASHSEED"] == "0"
