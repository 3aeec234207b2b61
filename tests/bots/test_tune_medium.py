"""``scripts/tune_medium.py``, which measures the medium plan's numbers: every deal is played
twice with the seats swapped, so a change that changes nothing scores exactly even."""
from __future__ import annotations

import pytest

from scripts_loader import load_script


def _tuner():
    return load_script("tune_medium")


def test_the_same_numbers_on_both_sides_score_one_point_in_every_deal():
    tuner = _tuner()
    for k in range(3):
        assert tuner.deal(("10th", 100 + k, {}, {})) == 1.0


def test_a_changed_plan_plays_other_games():
    tuner = _tuner()
    points = [tuner.deal(("10th", 100 + k, {"r_val": 0.3, "p_val": 1.2}, {})) for k in range(6)]
    assert any(p != 1.0 for p in points)


def test_only_the_plans_numbers_can_be_changed():
    tuner = _tuner()
    assert tuner.parse_change("r_val=0.55,basics=0.96") == {"r_val": 0.55, "basics": 0.96}
    assert tuner.parse_change("none") == {}
    with pytest.raises(SystemExit, match="'honour' is not one of"):
        tuner.parse_change("honour=2")
    with pytest.raises(SystemExit, match="'__doc__' is not one of"):
        tuner.parse_change("__doc__=2")
    with pytest.raises(SystemExit, match="r_val needs a number, not 'high'"):
        tuner.parse_change("r_val=high")


def test_card_worth_gives_the_plan_each_cards_learned_worth_as_the_experts(monkeypatch):
    """``card_worth=0.25`` measures the expert's plan: the changed bot's plan carries the learned
    worth of the cards (with none, ``card_worth`` would change no game)."""
    tuner = _tuner()
    tables = []
    make = tuner.make_bot

    def spy(*args, **options):
        bot = make(*args, **options)
        tables.append(bot)
        return bot
    monkeypatch.setattr(tuner, "make_bot", spy)
    points = [tuner.deal(("10th", 100 + k, {"card_worth": 0.25}, {})) for k in range(6)]
    with_worth = [b for b in tables if b.params.card_worth]
    assert with_worth and all(b.params.card_table for b in with_worth)
    assert all(not b.params.card_table for b in tables if not b.params.card_worth)
    assert any(p != 1.0 for p in points)
