#!/usr/bin/env python3
"""The compiled engine plays exactly the games pure Python plays: the same seeded bot games in a
pure-Python process and in a compiled one, their full logs compared byte for byte.

Games cover every mix of the four sets, every variant (none, the Legendary Track, teams, the two
solo opponents) and every bot tier (random, easy, medium, and hard and the expert at a small
rollout budget), seated in turn. Each side writes, per game, its setup, answers, every event
and the final state as one JSON line; the two files must be identical. A difference names the
first game that differs and the first event where it does, with the setup that reproduces it.

Pure Python is the reference: the pure worker imports the engine's ``.py`` sources even where a
compiled build sits beside them (``scripts/build_compiled.py``), so both run in one checkout.

Usage: .venv/bin/python scripts/equivalence.py [--games 2000] [--seed 1] [--jobs 2]
Exit status 0 when every game is byte-identical, 1 when one differs, 2 when there is no compiled build.
"""
from __future__ import annotations

import argparse
import importlib
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from build_compiled import MODULES, module_name   # noqa: E402  (the compiled modules, one list)
from ascension.core import Sources   # noqa: E402

SETS = ["10th", "cotg", "rotf", "legends"]
TIERS = ["random", "easy", "medium", "hard", "expert"]
SEARCHERS = ["hard", "expert"]   # a hundred times the others' cost: one seat of every SEARCHER_EVERY-th game
BOT_OPTIONS = {"budget": 4, "depth": 1}   # the searchers at a small budget: the same code, fewer rollouts
SEARCHER_EVERY = 8
SOLO = {"samael": set(SETS), "cult": {"legends"}}   # solo opponent: sets of which a mix needs one


def configurations() -> list[tuple[list[str], list[str], int]]:
    """(sets, variants, players) for every set mix and variant: two players and the most the mix
    allows (README: a set alone 1-4, Return of the Fallen 2, a mix up to 6), the Legendary Track,
    teams, and each solo opponent on the sets it plays with."""
    out = []
    for k in range(1, len(SETS) + 1):
        for mix in map(list, itertools.combinations(SETS, k)):
            most = 2 if mix == ["rotf"] else 4 if k == 1 else 6
            out += [(mix, [], 2)] + ([(mix, [], most)] if most > 2 else []) + [(mix, ["legendary"], 2)]
            out += [(mix, ["teams"], 4)] if most >= 4 else []
            out += [(mix, [variant], 1) for variant, sets in SOLO.items() if sets & set(mix)]
    return out


def games(count: int, seed: int) -> list[tuple[list[str], list[str], list[str], int]]:
    """(sets, variants, bot tiers by seat, seed) of ``count`` games: the configurations in turn,
    the tiers rotated over the seats, and a searcher (hard and the expert by turns) in one seat,
    in turn, of every ``SEARCHER_EVERY``-th game."""
    from ascension.core.sim import game_seed
    configs, cheap = configurations(), [t for t in TIERS if t not in SEARCHERS]
    out = []
    for k in range(count):
        sets, variants, players = configs[k % len(configs)]
        first = k // len(configs) + k
        tiers = [cheap[(first + i) % len(cheap)] for i in range(players)]
        if k % SEARCHER_EVERY == 0:
            searcher = k // SEARCHER_EVERY
            tiers[searcher % players] = SEARCHERS[searcher % len(SEARCHERS)]
        out.append((sets, variants, tiers, game_seed(seed, k)))
    return out


class PureSources(Sources):
    """Import the compiled modules from their ``.py`` sources, whatever extension sits beside them."""

    def __init__(self) -> None:
        super().__init__({module_name(m): str(ROOT / m) for m in MODULES})


def play(sets: list[str], variants: list[str], tiers: list[str], seed: int) -> str:
    """One game as a JSON line: its setup, answers, every event and the final state."""
    from ascension.core.bots import make_bot
    from ascension.core.match import new_game
    from ascension.core.sim import play_out
    game = new_game(sets, [f"{t.capitalize()} {i + 1}" for i, t in enumerate(tiers)], variants, seed=seed)
    bots = [make_bot(t, game.ctx.defs, seed, i, **BOT_OPTIONS) for i, t in enumerate(tiers)]
    play_out(game, bots)
    return json.dumps({"setup": game.ctx.setup, "tiers": tiers, "answers": game.answers,
                       "log": [list(e) for e in game.log], "state": game.to_dict()["state"]},
                      sort_keys=True, separators=(",", ":"))


def worker(build: str, games_file: Path, out: Path) -> int:
    if build == "pure":
        sys.meta_path.insert(0, PureSources())
    for name in map(module_name, MODULES):   # every module the build compiles, not only the engine
        module = importlib.import_module(name)
        actual = "pure" if module.__file__.endswith(".py") else "compiled"
        if actual != build:
            print(f"the {build} worker imported the {actual} {name} ({module.__file__})", file=sys.stderr)
            return 2
    with out.open("w") as f:
        for sets, variants, tiers, seed in json.loads(games_file.read_text()):
            f.write(play(sets, variants, tiers, seed) + "\n")
    return 0


def first_difference(a: str, b: str) -> str:
    """Where two game lines part: the first differing event, else the first differing part."""
    x, y = json.loads(a), json.loads(b)
    for i, (e, f) in enumerate(zip(x["log"], y["log"])):
        if e != f:
            return f"event {i}: pure {e} / compiled {f}"
    for key in ("answers", "log", "state"):
        if x[key] != y[key]:
            return f"{key} differ (pure {len(x[key])} items, compiled {len(y[key])})"
    return "the lines differ in their bytes only"


def compare(pure: Path, compiled: Path) -> tuple[int, str]:
    """(games compared, "" or what differs first)."""
    n = 0
    with pure.open() as a, compiled.open() as b:
        for n, (x, y) in enumerate(itertools.zip_longest(a, b), start=1):
            if x != y:
                if x is None or y is None:
                    return n, f"game {n - 1}: only the {'compiled' if x is None else 'pure'} side played it"
                setup = json.loads(x)["setup"]
                return n, f"game {n - 1} ({setup}): {first_difference(x, y)}"
    return n, ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="processes per build (default 2)")
    ap.add_argument("--worker", choices=["pure", "compiled"], help=argparse.SUPPRESS)
    ap.add_argument("--games-file", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args.worker, args.games_file, args.out)
    import ascension.core.engine as engine
    if engine.__file__.endswith(".py"):
        print("no compiled build to compare (scripts/build_compiled.py makes one)", file=sys.stderr)
        return 2
    work = games(args.games, args.seed)
    mixes = {tuple(s) for s, _, _, _ in work}
    variants = {v for _, vs, _, _ in work for v in vs}
    tiers = {t for _, _, ts, _ in work for t in ts}
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ascension-equivalence-") as tmp:
        tmp = Path(tmp)
        procs, parts = [], {"pure": [], "compiled": []}
        for build in parts:
            for j in range(args.jobs):
                share = tmp / f"games-{j}.json"
                share.write_text(json.dumps(work[j::args.jobs]))
                out = tmp / f"{build}-{j}.jsonl"
                parts[build].append(out)
                procs.append(subprocess.Popen([sys.executable, __file__, "--worker", build,
                                               "--games-file", str(share), "--out", str(out)]))
        failed = [p.args[3] for p in procs if p.wait() != 0]
        if failed:
            print(f"a worker failed ({', '.join(failed)}): see its error above", file=sys.stderr)
            return 1
        compared = 0
        for j in range(args.jobs):
            n, problem = compare(parts["pure"][j], parts["compiled"][j])
            compared += n
            if problem:
                print(f"the compiled engine differs from pure Python in {problem}", file=sys.stderr)
                return 1
    print(f"equivalence: {compared} games byte-identical, compiled and pure "
          f"({len(mixes)} set mixes, variants {sorted(variants)}, tiers {sorted(tiers)}, "
          f"{' and '.join(SEARCHERS)} at budget {BOT_OPTIONS['budget']}; {time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
