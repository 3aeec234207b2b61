"""scripts/ladder.py: a tier joins a ladder measured before by playing only its own pairings,
which are the very games a whole ladder would play."""
from __future__ import annotations

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
