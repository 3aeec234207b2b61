"""How a bot values a card's effects: each verb says what it brings (``Verb.profile``, in the
vocabulary of ``core.verbs.Feature``), nested effects count at the verb's weight, and a verb
the bots know nothing about (a new set's) is mildly useful."""
from __future__ import annotations

from dataclasses import replace

import pytest

from ascension.core.cards import Step
from ascension.core.match import new_game
from ascension.core.verbs import Feature, NoParams, Verb
from ascension.plugins.bots.tiers import NF, steps_profile


@pytest.fixture(scope="module")
def cards():
    game = new_game(["10th", "cotg", "rotf", "legends"], ["Ann", "Bob"], seed=1)
    by_name = {}
    for d in game.ctx.defs:
        by_name.setdefault(d.name, d)
    return by_name


def features(profile) -> dict[str, float]:
    return {Feature(i).name: round(x, 9) for i, x in enumerate(profile.vec) if x}


def test_a_monster_reward_is_its_honor_and_the_harm_it_does_to_opponents(cards):
    assert features(steps_profile(cards["Fire Tyrant"], "reward")) == {"HONOR": 6, "ATTACK": 0.7}
    assert features(steps_profile(cards["Corrosive Widow"], "reward")) == {"HONOR": 3, "ATTACK": 1}


def test_nested_effects_count_at_the_weight_of_the_verb_holding_them(cards):
    # "Banish a card from your hand. If you do, gain 1 power": the power counts at 0.6
    black_hole = cards["Black Hole"]
    assert features(steps_profile(black_hole, black_hole.abilities[0].key)) == {"POWER": 0.6, "BANISH_OWN": 1}
    # Renown Threshold: draw 2 (weight 0.4) once Renown is high, else draw 1 (weight 0.6)
    assert features(steps_profile(cards["Askara of Judgement"], "play")) == {"DRAW": 1.4}
    # "For each Lifebound hero you play this turn: gain 1 honor" counts one and a half times
    assert features(steps_profile(cards["Dandelion Witch"], "play")) == {"DRAW": 1, "HONOR": 1.5}


def test_a_choice_is_worth_its_better_option(cards):
    stag = steps_profile(cards["Lunar Stag"], "play")   # gain 2 runes, or gain 2 honor
    assert features(stag) == {} and [[features(a) for a in g] for g in stag.alts] == [[{"RUNES": 2}, {"HONOR": 2}]]
    weights = [0.0] * NF
    weights[Feature.RUNES], weights[Feature.HONOR] = 0.5, 1.0
    assert stag.value(weights) == 2.0
    weights[Feature.RUNES] = 1.5
    assert stag.value(weights) == 3.0


class Mystery(Verb):
    """A new set's verb that says nothing about what it is worth."""
    name = "mystery_for_test"


class Windfall(Verb):
    """A new set's verb that says it is an extra turn's worth."""
    name = "windfall_for_test"

    def profile(self, p, prof, sub):
        prof.vec[Feature.EXTRA_TURN] += 1


def test_a_verb_the_bots_do_not_know_is_mildly_useful_and_one_that_says_its_worth_is_taken_at_it(cards):
    base = cards["Arha Initiate"]
    mystery = replace(base, id="test.mystery", effects={"play": (Step(Mystery(), NoParams()),)})
    windfall = replace(base, id="test.windfall", effects={"play": (Step(Windfall(), NoParams()),)})
    assert features(steps_profile(mystery, "play")) == {"UNKNOWN": 1}
    assert features(steps_profile(windfall, "play")) == {"EXTRA_TURN": 1}
