#!/usr/bin/env python3
"""Speed-up of batch simulation from --jobs 1 to --jobs N on this machine (medians).

Rounds alternate 1 job and N jobs so that drift (other load on a shared machine) hits both;
the figure is the ratio of the median wall times. The work is chunked (a few chunks per
worker), so process start-up is paid once per worker, not per game. Results are checked to be
identical whatever the number of jobs.

Usage: .venv/bin/python scripts/sim_speedup.py [--games 400] [--jobs 2] [--repeats 5]
       [--bots medium,medium] [--sets 10th]
Last line: speedup=S jobs1_s=A jobsN_s=B (medians).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from ascension.core.sim import simulate


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--bots", default="medium,medium")
    ap.add_argument("--sets", default="10th")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    bots, sets = args.bots.split(","), args.sets.split(",")
    simulate(sets, bots, 4, args.seed)                      # warm-up: imports, set loading
    times: dict[int, list[float]] = {1: [], args.jobs: []}
    reference = None
    for r in range(args.repeats):
        for jobs in (1, args.jobs) if r % 2 == 0 else (args.jobs, 1):
            t0 = time.perf_counter()
            out = simulate(sets, bots, args.games, args.seed, jobs=jobs)
            times[jobs].append(time.perf_counter() - t0)
            key = (out["wins_by_seat"], out["mean_honor_by_seat"], out["cards"])
            if reference is None:
                reference = key
            elif key != reference:
                print("results differ between job counts!", file=sys.stderr)
                return 1
            print(f"round {r + 1}: jobs={jobs} {times[jobs][-1]:.2f}s", file=sys.stderr, flush=True)
    one, many = statistics.median(times[1]), statistics.median(times[args.jobs])
    print(f"{args.games} games of {'+'.join(sets)} ({args.bots}), {args.repeats} rounds: "
          f"jobs 1 median {one:.2f}s, jobs {args.jobs} median {many:.2f}s")
    print(f"speedup={one / many:.2f} jobs1_s={one:.2f} jobs{args.jobs}_s={many:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
