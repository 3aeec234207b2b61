#!/usr/bin/env python3
"""Seeded round-robin between bot tiers: a win-rate matrix with 95% confidence intervals.

Every pair of tiers plays ``--games`` deals twice, once from each seat (the same seed with the
seats swapped), so the first player's advantage cancels. Each set mix gets its own matrix.
A cell is the row tier's win rate against the column tier, with the Wilson score interval.
The hard bot uses an iteration budget (``--budget`` rollouts per decision, no time cap) so the
whole ladder is reproducible from ``--seed``.

Targets (issue 7): each tier beats the one below it >= 65% in 2-player games; hard beats
easy (greedy) >= 70%. A mix is sets joined by ``+``, then optionally variants after a colon:
the default mixes are the 10 Year set alone and 10th+legends with the Legendary Track.

``--only-with TIER`` plays only the pairings with that tier: the others are the same seeded
games as in a ladder without it, so a tier joins a table measured before at the cost of its own
games (the cells it did not play print as ``·``).

Usage: .venv/bin/python scripts/ladder.py [--tiers easy,medium,hard] [--games 100] [--budget 48]
       [--mixes 10th 10th+legends:legendary] [--seed 1] [--jobs 2] [--only-with TIER] [--json] [--save FILE]
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ascension.core.bots import bot_kinds, make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed, play_out
from ascension.ui.desktop.storage import write_text_atomic

TARGET_NEXT = 0.65     # a tier against the tier below it
TARGET_HARD_EASY = 0.70


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_mix(mix: str) -> tuple[list[str], list[str]]:
    """"10th+cotg:legendary" -> (["10th", "cotg"], ["legendary"])."""
    sets, _, variants = mix.partition(":")
    return sets.split("+"), [v for v in variants.split("+") if v]


def play(task) -> tuple[str, str, str, int, int, int, float]:
    """One game: (mix, a, b, seed, swap) -> (mix, a, b, seed, swap, a won (0/1), a's honor margin)."""
    mix, a, b, seed, swap, options = task
    kinds = [b, a] if swap else [a, b]
    sets, variants = parse_mix(mix)
    game = new_game(sets, [f"{k.capitalize()} {i + 1}" for i, k in enumerate(kinds)], variants, seed=seed)
    bots = [make_bot(k, game.ctx.defs, seed, i, **options.get(k, {})) for i, k in enumerate(kinds)]
    play_out(game, bots)
    a_seat = 1 if swap else 0
    totals = {r["seat"]: r["total"] for r in game.scores()}
    return mix, a, b, seed, swap, int(a_seat in game.winners()), totals[a_seat] - totals[1 - a_seat]


SEARCHING = ("hard", "expert")   # the slow tiers


def pairings(tiers: list[str], only_with: str | None = None) -> list[tuple[str, str]]:
    return [(a, b) for a, b in itertools.combinations(tiers, 2) if only_with in (None, a, b)]


def run(tiers: list[str], mixes: list[str], games: int, seed: int, jobs: int, options: dict,
        progress=None, only_with: str | None = None) -> dict:
    tasks = [(mix, a, b, game_seed(seed, k), swap, options)
             for mix in mixes for a, b in pairings(tiers, only_with)
             for k in range(games) for swap in (0, 1)]
    # the slowest pairings (with a search bot) first, so the pool stays busy to the end
    tasks.sort(key=lambda t: -sum(tier in SEARCHING for tier in t[1:3]))
    results = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            for r in ex.map(play, tasks, chunksize=1):
                results.append(r)
                if progress:
                    progress(len(results), len(tasks))
    else:
        for t in tasks:
            results.append(play(t))
            if progress:
                progress(len(results), len(tasks))
    out = {}
    for mix in mixes:
        cells = {}
        for a, b in pairings(tiers, only_with):
            rs = [r for r in results if r[0] == mix and r[1] == a and r[2] == b]
            n = len(rs)
            wins = sum(r[5] for r in rs)
            first = sum(r[5] for r in rs if r[4] == 0)
            margin = sum(r[6] for r in rs) / n if n else 0.0
            lo, hi = wilson(wins, n)
            cells[f"{a}>{b}"] = {"games": n, "wins": wins, "rate": wins / n if n else 0.0, "ci": [lo, hi],
                                 "margin": margin, "wins_as_first": first}
            lo2, hi2 = wilson(n - wins, n)
            cells[f"{b}>{a}"] = {"games": n, "wins": n - wins, "rate": (n - wins) / n if n else 0.0,
                                 "ci": [lo2, hi2], "margin": -margin, "wins_as_first": n // 2 - (wins - first)}
        out[mix] = cells
    return out


def targets(tiers: list[str], cells: dict) -> list[tuple[str, float, float, bool]]:
    checks = []
    for lower, upper in zip(tiers, tiers[1:]):
        c = cells.get(f"{upper}>{lower}")
        if c is not None:   # (not played: --only-with)
            checks.append((f"{upper} vs {lower}", c["rate"], TARGET_NEXT, c["rate"] >= TARGET_NEXT))
    if "hard" in tiers:
        for low in ("easy", "greedy"):
            if low in tiers and tiers.index(low) < tiers.index("hard") - 1 and f"hard>{low}" in cells:
                c = cells[f"hard>{low}"]
                checks.append((f"hard vs {low}", c["rate"], TARGET_HARD_EASY, c["rate"] >= TARGET_HARD_EASY))
    return checks


def print_matrix(mix: str, tiers: list[str], cells: dict) -> None:
    width = 22
    print(f"\n{mix}: row's win rate against column (95% Wilson CI), {next(iter(cells.values()))['games']} games "
          f"per pairing, seats swapped")
    print(" " * 8 + "".join(t.rjust(width) for t in tiers))
    for a in tiers:
        row = a.ljust(8)
        for b in tiers:
            if a == b:
                row += "—".rjust(width)
            elif f"{a}>{b}" not in cells:
                row += "·".rjust(width)
            else:
                c = cells[f"{a}>{b}"]
                row += f"{100 * c['rate']:.0f}% [{100 * c['ci'][0]:.0f}-{100 * c['ci'][1]:.0f}]".rjust(width)
        print(row)
    print("mean honor margin (row minus column): " + ", ".join(
        f"{a}-{b} {cells[f'{a}>{b}']['margin']:+.1f}" for a, b in itertools.combinations(tiers, 2)
        if f"{a}>{b}" in cells))
    for name, rate, target, ok in targets(tiers, cells):
        print(f"  {name}: {100 * rate:.1f}% (target {100 * target:.0f}%) {'OK' if ok else 'MISSED'}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tiers", default="easy,medium,hard", help="comma-separated, weakest first")
    ap.add_argument("--mixes", nargs="+", default=["10th", "10th+legends:legendary"],
                    help="set mixes: sets joined by +, then optionally :variants (e.g. 10th+cotg:legendary)")
    ap.add_argument("--games", type=int, default=100, help="deals per pairing (each played from both seats)")
    ap.add_argument("--budget", type=int, default=None, help="hard: rollouts per decision (default: its default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only-with", metavar="TIER", help="play only the pairings with this tier (one joining a ladder)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the matrices")
    ap.add_argument("--save", metavar="FILE", help="also write the JSON results to FILE")
    args = ap.parse_args(argv)
    tiers = [t.strip() for t in args.tiers.split(",") if t.strip()]
    unknown = [t for t in tiers if t not in bot_kinds()]
    if unknown:
        ap.error(f"unknown tier(s): {', '.join(unknown)} (available: {', '.join(bot_kinds())})")
    if args.only_with is not None and args.only_with not in tiers:
        ap.error(f"--only-with {args.only_with}: not one of the tiers ({', '.join(tiers)})")
    hard = {}
    if args.budget:
        hard["budget"] = args.budget
    options = {"hard": hard}
    t0 = time.perf_counter()

    def progress(k, n):
        if sys.stderr.isatty() or k % 50 == 0 or k == n:
            print(f"\r{k}/{n} games, {time.perf_counter() - t0:.0f}s", end="" if k < n else "\n",
                  file=sys.stderr, flush=True)

    out = run(tiers, args.mixes, args.games, args.seed, args.jobs, options, progress, args.only_with)
    doc = json.dumps({"tiers": tiers, "seed": args.seed, "games": args.games, "options": options,
                      "only_with": args.only_with,
                      "matrices": out, "seconds": round(time.perf_counter() - t0, 1)})
    if args.save:   # renamed into place: a run stopped while writing leaves the old file whole
        try:
            write_text_atomic(Path(args.save), doc + "\n")
        except OSError as exc:   # the run's results are not lost with the file
            print(doc)
            raise SystemExit(f"{args.save}: cannot be written ({exc.strerror or exc}); the results are printed above")
    if args.json:
        print(doc)
        return 0
    print(f"ladder: tiers {', '.join(tiers)}; seed {args.seed}; hard budget "
          f"{args.budget or 'default'} rollouts/decision; {time.perf_counter() - t0:.0f}s")
    for mix in args.mixes:
        print_matrix(mix, tiers, out[mix])
    return 0


if __name__ == "__main__":
    sys.exit(main())
