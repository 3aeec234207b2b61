"""scripts/expert_match.py: the expert against hard, saved a game a line so that a long run that
is stopped (kill -9 too) still counts, and a file that is not what it should be is named and
left alone. And every script that plays long seeded runs names the game that breaks."""
from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from scripts_loader import load_script

FAST = ["--expert", "budget=4,depth=1,endgame=0", "--hard", "budget=4,depth=1,endgame=0"]


@pytest.fixture(scope="module")
def match():
    return load_script("expert_match")


def run(match, save, *args):
    return match.main(["--save", str(save), *FAST, *args])


def games(save) -> list[dict]:
    return [json.loads(line) for line in save.read_text().splitlines()]


def without_times(game: dict) -> dict:
    return {k: v for k, v in game.items() if k not in ("times", "searched", "cpu")}


def test_a_resumed_run_plays_only_the_games_not_yet_saved_and_reports_them_all(match, tmp_path, capsys):
    save = tmp_path / "run.jsonl"
    run(match, save, "--games", "2")
    first = games(save)
    assert [g["swap"] for g in first] == [0, 1] and first[0]["seed"] == first[1]["seed"]   # one deal, seats swapped
    run(match, save, "--games", "4", "--resume")
    every = games(save)
    assert every[:2] == first and len(every) == 4 and every[2]["seed"] != every[0]["seed"]
    assert "of 4 games won" in capsys.readouterr().out


def test_a_line_a_stopped_run_left_unfinished_is_cut_off_and_its_game_played_again(match, tmp_path, capsys):
    save = tmp_path / "run.jsonl"
    run(match, save, "--games", "2")
    whole = games(save)
    text = save.read_text()
    cut = text.index("\n") + 1 + 40          # killed 40 characters into the second game's line
    save.write_text(text[:cut])
    match.main(["--save", str(save), "--show"])
    out = capsys.readouterr()
    assert "line 2: an unfinished line" in out.err and "of 1 games won" in out.out
    run(match, save, "--games", "2", "--resume")
    again = games(save)
    assert len(again) == 2 and [without_times(g) for g in again] == [without_times(g) for g in whole]


def test_a_whole_last_game_without_its_line_end_is_kept(match, tmp_path):
    save = tmp_path / "run.jsonl"
    run(match, save, "--games", "2")
    whole = games(save)
    save.write_text(save.read_text().rstrip("\n"))
    run(match, save, "--games", "4", "--resume")
    assert games(save)[:2] == whole and len(games(save)) == 4


@pytest.mark.parametrize("damage, line", [
    (lambda good: good + "not json at all\n" + good, 2),
    (lambda good: good + "[1, 2, 3]\n", 2),
    (lambda good: good + json.dumps({"mix": "10th", "seed": 1}) + "\n", 2),
    (lambda good: "\xff\xfe garbage\n" + good, 1),
    (lambda good: good + "someone typed here", 2),      # an unfinished line, but no game's
])
def test_a_line_that_is_no_saved_game_is_named_and_the_file_left_as_it_was(match, tmp_path, damage, line):
    save = tmp_path / "run.jsonl"
    run(match, save, "--games", "1")
    save.write_text(damage(save.read_text()))
    before = save.read_bytes()
    for args in (["--games", "2", "--resume"], ["--show"]):
        with pytest.raises(SystemExit) as caught:
            match.main(["--save", str(save), *FAST, *args])
        assert str(caught.value).startswith(f"{save}, line {line}: not a game saved by expert_match.py")
        assert "left as it was" in str(caught.value)
        assert save.read_bytes() == before


def test_resuming_with_other_options_is_refused(match, tmp_path):
    save = tmp_path / "run.jsonl"
    run(match, save, "--games", "1")
    before = save.read_bytes()
    with pytest.raises(SystemExit, match="holds games played with --expert budget=4,depth=1,endgame=0"):
        match.main(["--save", str(save), "--expert", "budget=8", "--games", "2", "--resume"])
    assert save.read_bytes() == before


def test_a_save_file_that_cannot_be_read_or_written_is_named_before_any_game(match, tmp_path):
    with pytest.raises(SystemExit, match=f"{tmp_path}: cannot be read"):
        run(match, tmp_path, "--games", "1", "--resume")       # a folder, not a file
    with pytest.raises(SystemExit, match="cannot be written .*no game was played"):
        run(match, tmp_path / "no such folder" / "run.jsonl", "--games", "1")


def test_a_run_killed_midway_keeps_its_games_and_resuming_finishes_it(match, tmp_path):
    """kill -9 while it plays: the games already saved count, and --resume plays only the rest."""
    save = tmp_path / "run.jsonl"
    proc = subprocess.Popen([sys.executable, match.__file__, "--save", str(save), *FAST, "--games", "40"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not save.exists() or save.read_text().count("\n") < 2):
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = save.read_text().count("\n")
    assert 2 <= kept < 40
    assert match.main(["--save", str(save), *FAST, "--games", "6", "--resume"]) == 0
    assert len(games(save)) == max(6, kept) and len({(g["seed"], g["swap"]) for g in games(save)}) == len(games(save))


@pytest.mark.parametrize("script, game", [
    ("expert_match", lambda m: m.play(("10th", 77, 0, {"budget": 4, "depth": 1}, {"budget": 4, "depth": 1}))),
    ("ladder", lambda m: m.play(("10th", "hard", "medium", 77, 0, {"hard": {"budget": 4, "depth": 1}}))),
    ("tune_medium", lambda m: m.deal(("10th", 77, {"r_val": 0.5}, {}))),
    ("train_expert", lambda m: m.play("10th", 77, 0.1)),
])
def test_a_game_that_breaks_in_a_long_run_names_the_setup_and_answers_that_reproduce_it(script, game, monkeypatch):
    """The seventh time any bot decides, it fails: the run stops on that game, with the seed and
    the answers up to that decision, which replay to the very position it failed in."""
    from ascension.core.match import replay
    from ascension.core.sim import SimulationFailure
    from ascension.plugins.bots.tiers import MediumBot
    calls, choose = [], MediumBot.choose

    def breaks(bot, view, decision):
        calls.append(view)
        if len(calls) == 7:
            raise ArithmeticError("a bot's bug")
        return choose(bot, view, decision)
    monkeypatch.setattr(MediumBot, "choose", breaks)
    with pytest.raises(SimulationFailure) as caught:
        game(load_script(script))
    message = str(caught.value)
    assert message.startswith("ArithmeticError: a bot's bug\nreproduce with: setup=") and "'seed': 77" in message
    answers = json.loads(message.rsplit("answers=", 1)[1])
    assert len(answers) >= 6
    setup = ast.literal_eval(message.split("setup=", 1)[1].rsplit(" answers=", 1)[0])
    assert replay(setup, answers).answers == answers
