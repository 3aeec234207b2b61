#!/usr/bin/env python3
"""How long the hard bot takes per decision at its default setting (or a given budget).

Plays ``--games`` 2-player games, hard against medium (seats alternate), and times every call
of the hard bot's ``choose``: all decisions, and those where it searched. Prints medians,
the 90th percentile and the maximum. The machine may be shared: look at the medians.

Usage: .venv/bin/python scripts/hard_timing.py [--games 4] [--sets 10th] [--variants legendary]
       [--players 2] [--budget N] [--cap SECONDS]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from ascension.core.bots import make_bot
from ascension.plugins.bots.tiers import HardBot
from ascension.core.match import new_game
from ascension.core.sim import game_seed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--sets", default="10th")
    ap.add_argument("--variants", default="", help="comma-separated, e.g. legendary or teams")
    ap.add_argument("--players", type=int, default=2, help="one hard bot, medium bots in the other seats")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None, help="rollouts per decision (default: the bot's)")
    ap.add_argument("--cap", type=float, default=None, help="a time cap in seconds per decision (default none: budget only)")
    args = ap.parse_args(argv)
    options = {}
    if args.budget:
        options["budget"] = args.budget
    if args.cap:
        options["time_limit"] = args.cap
    every, searched = [], []
    for k in range(args.games):
        seed = game_seed(args.seed, k)
        variants = [v for v in args.variants.split(",") if v]
        game = new_game(args.sets.split(","), [f"P{i + 1}" for i in range(args.players)], variants, seed=seed)
        hard_seat = k % args.players
        bots = [make_bot("hard" if s == hard_seat else "medium", game.ctx.defs, seed, s,
                         **(options if s == hard_seat else {})) for s in range(args.players)]
        hard = bots[hard_seat]
        while not game.over:
            dec = game.decision()
            bot = bots[dec.seat]
            t0 = time.perf_counter()
            i = bot.choose(game.view(dec.seat), dec)
            dt = time.perf_counter() - t0
            if bot is hard:
                every.append(dt)
                if "rollouts" in hard.explain():
                    searched.append(dt)
            game.apply(i)
        print(f"game {k + 1}: {len(searched)} searched decisions so far", file=sys.stderr, flush=True)
    assert isinstance(hard, HardBot)
    budget = hard.budget
    cap = hard.time_limit

    def show(name, xs):
        xs = sorted(xs)
        p90 = xs[int(0.9 * (len(xs) - 1))]
        print(f"{name}: {len(xs)} decisions, median {1000 * statistics.median(xs):.0f} ms, "
              f"p90 {1000 * p90:.0f} ms, max {1000 * xs[-1]:.0f} ms")

    print(f"hard bot, budget {budget} rollouts, time cap {cap if cap else 'none'} s, "
          f"{args.games} {args.players}-player games of {args.sets}"
          f"{' with ' + args.variants if args.variants else ''} against medium")
    show("all decisions", every)
    show("searched decisions", searched)
    over = sum(t > 1.0 for t in every)
    print(f"decisions over 1 s: {over}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
