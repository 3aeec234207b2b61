#!/usr/bin/env python3
"""Measure a change to the medium plan's numbers (``Tuning``) against the defaults.

Two medium bots play each seeded deal twice, seats swapped: one with the change, one with the
numbers it is measured against (the defaults, or ``--against``). ``card_worth=S`` adds S times
each card's learned worth (the expert's model) to taking it, as the expert's plan does. Medium
bots are fast (about a hundred games a second here), so a few thousand games settle a change of
two points. Hard and the expert play the medium plan on most of their moves and in every
rollout; what this script found, and what it did for the expert, is in the README.

Usage: .venv/bin/python scripts/tune_medium.py --deals 1000 --seed 7 r_val=0.55,p_val=0.85 ...
Prints one JSON line per change: its share of the games won (a shared win counts half) and the
95 % interval over the deals.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed, play_out
from ascension.plugins.bots.expert import model, with_card_table
from ascension.plugins.bots.tiers import PLAN_NUMBERS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ladder import parse_mix  # noqa: E402


def parse_change(spec: str) -> dict[str, float]:
    """``"r_val=0.55,p_val=0.85"`` -> {"r_val": 0.55, "p_val": 0.85} (names of ``PLAN_NUMBERS``)."""
    if spec in ("", "none"):
        return {}
    change = {}
    for item in spec.split(","):
        name, __, value = item.partition("=")
        if name not in PLAN_NUMBERS:
            raise SystemExit(f"tune_medium: '{name}' is not one of the medium plan's numbers "
                             f"({', '.join(PLAN_NUMBERS)})")
        try:
            change[name] = float(value)
        except ValueError:
            raise SystemExit(f"tune_medium: {name} needs a number, not '{value}'") from None
    return change


def deal(args: tuple) -> float:
    """One deal played twice, seats swapped: the changed bot's points (1 a win, ½ a shared one)."""
    mix, seed, change, against = args
    sets, variants = parse_mix(mix)
    points = 0.0
    for changed in (0, 1):
        game = new_game(sets, ["A", "B"], variants, seed=seed)
        bots = [make_bot("medium", game.ctx.defs, seed, s, **(change if s == changed else against)) for s in range(2)]
        for bot in bots:
            if bot.params.card_worth:   # the share of each card's learned worth, as the expert's plan adds it
                bot.params = with_card_table(bot.params, model())
        play_out(game, bots)
        winners = game.winners()
        points += 1.0 if winners == [changed] else 0.5 if changed in winners else 0.0
    return points


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changes", nargs="+", help="name=value[,name=value...] of Tuning")
    ap.add_argument("--against", default="", help="the numbers measured against (default: Tuning's)")
    ap.add_argument("--deals", type=int, default=1000, help="deals, each played twice (default 1000)")
    ap.add_argument("--mix", default="10th", help="sets joined by +, then optionally :variants")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    against = parse_change(args.against)
    with ProcessPoolExecutor(args.jobs) as pool:
        for spec in args.changes:
            work = [(args.mix, game_seed(args.seed, k), parse_change(spec), against) for k in range(args.deals)]
            points = [p / 2 for p in pool.map(deal, work, chunksize=20)]
            n = len(points)
            mean = sum(points) / n
            se = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1) / n) if n > 1 else float("nan")
            print(json.dumps({"change": spec, "against": args.against or "defaults", "mix": args.mix,
                              "seed": args.seed, "games": 2 * n, "won": round(mean, 4),
                              "interval95": [round(mean - 1.96 * se, 4), round(mean + 1.96 * se, 4)]}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
