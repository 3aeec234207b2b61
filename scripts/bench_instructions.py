#!/usr/bin/env python3
"""The engine's cost in CPU instructions per game, beside pyminion's, counted by valgrind.

``bench_engine.py`` times games, and on a shared machine its ratio moves by ±20 % from run to
run. Instruction counts do not: the same code and inputs (string hashing seeded, see
``instructions``) give the same count whatever else the machine does, so a change of 0.1 % in
the engine shows. Each workload runs twice under
``valgrind --tool=callgrind`` (a few games and many more); the difference, divided by the extra
games, is the cost of one game without start-up (imports, set loading). Ours: the same
greedy-vs-greedy 10th games as ``bench_engine.py``; theirs: the same pyminion games.

Instructions are not time (cache misses, allocation and the like differ between the engines),
so the ratio here is not the benchmark's ratio: it says where the engine stands and whether a
change helped.

Games differ in what their moves are, so a move's cost moves with the games counted: Legendary
against plain per move read 1.093 over 20 games, 1.102 over 40, 1.082 over 200 and 1.075 over
1,000 (2026-12-05). Compare workloads over 200 games or more (the default); a change to one
workload can be judged over fewer, since its games stay the same.

Usage: .venv/bin/python scripts/bench_instructions.py [--games 200] [--pyminion-games 100]
       [--workload plain|legendary|teams] [--pure]
Needs valgrind (Debian: apt-get install valgrind). Takes about three minutes.
Last lines: instructions_per_move ours=P (moves counted as bench_engine.py counts them) and
instructions_per_game ours=A pyminion=B ratio_pyminion_over_ours=R (``--pyminion-games 0``: ours only)
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_engine import DEFAULT_SCRIPT, ensure_pyminion, our_moves_per_game

OURS = ("import sys; from ascension.core.sim import simulate; "
        "simulate(['10th'], ['greedy'] * int(sys.argv[3]), int(sys.argv[1]), int(sys.argv[2]), sys.argv[4:], cards=False)")
PURE = ("import sys; sys.path.insert(0, sys.argv.pop()); from equivalence import PureSources; "
        "sys.meta_path.insert(0, PureSources()); ")   # the last argument: the folder of equivalence.py
WORKLOADS = {"plain": (2, []), "legendary": (2, ["legendary"]), "teams": (4, ["teams"])}   # seats, variants


def instructions(command: list[str]) -> int:
    """Instructions the command executes, as callgrind counts them. String hashing is seeded the
    same in every run: with Python's random seed, where strings fall in dicts and sets moves the
    count of the same games by up to 1 % from one run to the next."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *command],
                             capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    m = re.search(r"Collected : (\d+)", run.stderr)
    if not m:
        raise SystemExit(f"valgrind printed no instruction count:\n{run.stderr[-2000:]}")
    return int(m.group(1))


def per_game(make_command, few: int, many: int) -> float:
    return (instructions(make_command(many)) - instructions(make_command(few))) / (many - few)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="our extra games counted (default 200)")
    ap.add_argument("--pyminion-games", type=int, default=100, help="pyminion's extra games (default 100; 0: none)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--pyminion-script", type=Path, default=DEFAULT_SCRIPT)
    ap.add_argument("--workload", choices=list(WORKLOADS), default="plain",
                    help="plain 10th games (default), with the Legendary Track, or four seats in teams")
    ap.add_argument("--pure", action="store_true", help="count pure Python even where a compiled build is")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    if args.pyminion_games:
        if not args.pyminion_script.exists():
            raise SystemExit(f"reference script not found: {args.pyminion_script}")
        ensure_pyminion()
    seats, variants = WORKLOADS[args.workload]
    code = (PURE if args.pure else "") + OURS
    extra = [str(Path(__file__).resolve().parent)] if args.pure else []   # where equivalence.py is
    ours = per_game(lambda n: [sys.executable, "-c", code, str(n), str(args.seed), str(seats), *variants, *extra],
                    1, 1 + args.games)
    moves = our_moves_per_game(args.games, args.seed, seats, variants, first=1)   # the extra games
    print(f"instructions_per_move ours={ours / moves / 1e3:.2f}k ({args.workload}, {moves:.1f} moves a game)")
    if not args.pyminion_games:
        print(f"instructions_per_game ours={ours / 1e6:.3f}M")
        return 0
    theirs = per_game(lambda n: [sys.executable, str(args.pyminion_script), "-n", str(n)], 1, 1 + args.pyminion_games)
    print(f"instructions_per_game ours={ours / 1e6:.3f}M pyminion={theirs / 1e6:.3f}M "
          f"ratio_pyminion_over_ours={theirs / ours:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
