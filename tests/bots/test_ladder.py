"""scripts/ladder.py: a tier joins a ladder measured before by playing only its own pairings,
which are the very games a whole ladder would play."""
from __future__ import annotations

import os

import pytest

from scripts_loader import load_script


def ladder():
    return load_script("ladder")


def test_a_tier_joining_plays_only_its_pairings_and_they_are_the_whole_ladders_games(capsys):
    lad = ladder()
    tiers = ["random", "easy", "greedy"]
    whole = lad.run(tiers, ["10th"], 2, 5, 1, {})["10th"]
    joining = lad.run(tiers, ["10th"], 2, 5, 1, {}, only_with="greedy")["10th"]
    assert set(joining) == {"greedy>random", "random>greedy", "greedy>easy", "easy>greedy"}
    assert all(joining[k] == whole[k] for k in joining)
    lad.print_matrix("10th", tiers, joining)
    out = capsys.readouterr().out
    assert "·" in out and "easy vs random" not in out and "greedy vs easy" in out


ARGS = ["--tiers", "random,easy", "--mixes", "10th", "--games", "1", "--jobs", "1"]


def test_results_that_cannot_be_saved_are_printed_not_lost(tmp_path, capsys):
    (tmp_path / "a file").write_text("")
    with pytest.raises(SystemExit, match="cannot be written .*the results are printed above"):
        ladder().main(ARGS + ["--save", str(tmp_path / "a file" / "ladder.json")])   # a file is no folder
    assert '"matrices"' in capsys.readouterr().out


def test_a_write_that_fails_midway_leaves_the_last_results_whole(tmp_path, monkeypatch):
    save = tmp_path / "ladder.json"
    save.write_text("the last run's results\n")

    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SystemExit, match="No space left on device"):
        ladder().main(ARGS + ["--save", str(save)])
    assert save.read_text() == "the last run's results\n"
    assert [f.name for f in tmp_path.iterdir()] == ["ladder.json"]   # no temporary file left behind
