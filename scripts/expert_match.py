#!/usr/bin/env python3
"""Expert against hard: win rate over seeded games with the seats swapped, and the expert's time
per decision.

Each deal (``game_seed(--seed, k)``) is played twice, the expert in seat 1 and then in seat 2, so
the first player's advantage cancels; ``--games`` counts games (two per deal). Prints the expert's
win rate with its 95% Wilson interval, the median and 95th percentile of the seconds the expert
spent per decision (all its decisions, and those where it searched), and the command line.
The time targets are checked on CPU time, the decision's own cost: wall-clock seconds are also
printed, and on a machine shared with other work they are longer.
Targets (issue 20): win rate >= 65% over 400 games, median <= 1 s, p95 <= 2 s. Both bots use
budgets, never a clock: the results repeat on any machine (the seconds do not: on a shared
machine they are an upper bound). ``--save`` appends one JSON line per game, so a long run that
is stopped still counts (``--resume`` skips the games already in the file). A line the stopped
run left unfinished is dropped (that game is played again); a file that holds anything else, or
games played with other options, is named with the line and left as it was.

Usage: .venv/bin/python scripts/expert_match.py [--games 400] [--mix 10th] [--seed 1]
       [--first K] [--expert budget=768,...] [--hard budget=128] [--jobs 1] [--save FILE [--resume | --show]]
(``--expert leaf=hand,depth=4,endgame=0.5``: the expert before its learned evaluation.)
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed, reproducible

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ladder import parse_mix, wilson  # noqa: E402  (the ladder's own helpers)

TARGET_RATE, TARGET_MEDIAN, TARGET_P95 = 0.65, 1.0, 2.0


def options(text: str) -> dict:
    """"budget=768,depth=6" -> {"budget": 768, "depth": 6} (numbers where they parse)."""
    out = {}
    for part in filter(None, text.split(",")):
        key, __, value = part.partition("=")
        try:
            out[key] = int(value)
        except ValueError:
            try:
                out[key] = float(value)
            except ValueError:
                out[key] = {"none": None, "true": True, "false": False}.get(value.lower(), value)
    return out


def play(task) -> dict:
    """One game: the expert in seat ``swap``; its result, honor margin and decision times."""
    mix, seed, swap, expert_opts, hard_opts = task
    sets, variants = parse_mix(mix)
    kinds = ["hard", "expert"] if swap else ["expert", "hard"]
    game = new_game(sets, [f"{k.capitalize()} {i + 1}" for i, k in enumerate(kinds)], variants, seed=seed)
    bots = [make_bot(k, game.ctx.defs, seed, i, **(expert_opts if k == "expert" else hard_opts))
            for i, k in enumerate(kinds)]
    me = kinds.index("expert")
    times, searched, cpu = [], [], []
    with reproducible(game):
        while not game.over:
            dec = game.decision()
            bot = bots[dec.seat]
            t0, c0 = time.perf_counter(), time.process_time()
            n = len(bot.stats) if dec.seat == me else 0
            answer = bot.choose(game.view(dec.seat), dec)
            if dec.seat == me:
                dt = time.perf_counter() - t0
                times.append(dt)
                cpu.append(time.process_time() - c0)
                if len(bot.stats) > n:
                    searched.append(dt)
            game.apply(answer)
    totals = {r["seat"]: r["total"] for r in game.scores()}
    return {"mix": mix, "seed": seed, "swap": swap, "expert": expert_opts, "hard": hard_opts,
            "won": int(me in game.winners()),
            "lost": int((1 - me) in game.winners() and me not in game.winners()),
            "margin": totals[me] - totals[1 - me], "times": times, "searched": searched, "cpu": cpu}


SAVED_KEYS = {"mix": str, "seed": int, "swap": int, "won": int, "lost": int, "margin": int,
              "times": list, "searched": list}


class NotASavedGame(ValueError):
    """A line of a ``--save`` file that records no game; its message names the file and line."""


def saved_game(line: bytes, where: str) -> dict:
    """One line of a ``--save`` file as the game it records."""
    try:
        game = json.loads(line)
    except (UnicodeDecodeError, ValueError) as exc:
        raise NotASavedGame(f"{where}: not a game saved by expert_match.py ({exc})") from None
    bad = [k for k, kind in SAVED_KEYS.items() if not isinstance(game, dict) or not isinstance(game.get(k), kind)]
    if bad:
        raise NotASavedGame(f"{where}: not a game saved by expert_match.py (no {', '.join(bad)})")
    return game


def read_saved(path: str) -> tuple[list[dict], int | None]:
    """The games saved in ``path``, and where its whole lines end when the last line is one a run
    stopped while writing it left unfinished (the start of a game's line, cut short: it is left
    out, and a run that appends cuts it off; ``--resume`` plays its game again), else None.
    Anything else that is no saved game stops with the file and line, the file left as it was."""
    try:
        data = Path(path).read_bytes()
        *lines, tail = data.split(b"\n")
        games = [saved_game(line, f"{path}, line {n}") for n, line in enumerate(lines, 1) if line.strip()]
        if not tail.strip():
            return games, None
        where = f"{path}, line {len(lines) + 1}"
        try:
            games.append(saved_game(tail, where))   # a whole game, only its line's end missing
            return games, None
        except NotASavedGame:
            if not tail.startswith(b'{"mix": '):
                raise
        print(f"{where}: an unfinished line (a run stopped while writing it) is left out; --resume plays "
              "its game again", file=sys.stderr)
        return games, len(data) - len(tail)
    except OSError as exc:
        raise SystemExit(f"{path}: cannot be read ({exc.strerror or exc})")
    except NotASavedGame as exc:
        raise SystemExit(f"{exc}; the file was left as it was")


def end_with_a_whole_line(path: str, whole: int | None) -> None:
    """Before games are appended: cut off an unfinished last line (``whole``: where the whole lines
    end), or end a whole last game's line, so that the next game starts on a line of its own."""
    with open(path, "r+b") as fh:
        size = fh.seek(0, os.SEEK_END)
        if whole is not None:
            fh.truncate(whole)
        elif size:
            fh.seek(size - 1)
            if fh.read(1) != b"\n":
                fh.write(b"\n")


def same_options(games: list[dict], expert_opts: dict, hard_opts: dict, path: str) -> None:
    """A resumed run plays on only with the options its saved games were played with (a file
    from before the options were saved holds none to compare)."""
    for game in games:
        theirs = (game.get("expert", expert_opts), game.get("hard", hard_opts))
        if theirs != (expert_opts, hard_opts):
            raise SystemExit(f"{path} holds games played with --expert {format_options(theirs[0])} "
                             f"--hard {format_options(theirs[1])}, not --expert {format_options(expert_opts)} "
                             f"--hard {format_options(hard_opts)}: resume with those options or save to another "
                             "file; the file was left as it was")


def format_options(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "(defaults)"


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def report(results: list[dict], command: str) -> None:
    n = len(results)
    wins = sum(r["won"] for r in results)
    ties = sum(1 - r["won"] - r["lost"] for r in results)
    lo, hi = wilson(wins, n)
    times = [t for r in results for t in r["times"]]
    searched = [t for r in results for t in r["searched"]]
    cpu = [t for r in results for t in r.get("cpu", ())]
    rate = wins / n if n else 0.0
    print(f"expert vs hard: {wins} of {n} games won ({100 * rate:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%), "
          f"{ties} shared wins; mean honor margin {sum(r['margin'] for r in results) / max(1, n):+.2f}")
    first = [r for r in results if r["swap"] == 0]
    print(f"  as first player {sum(r['won'] for r in first)}/{len(first)}, "
          f"as second {sum(r['won'] for r in results if r['swap'])}/{n - len(first)}")
    for name, xs in (("all decisions (wall clock)", times), ("searched decisions (wall clock)", searched),
                     ("all decisions (CPU time)", cpu)):
        if xs:
            print(f"  {name}: {len(xs)}, median {statistics.median(xs):.3f} s, p95 {percentile(xs, 0.95):.3f} s, "
                  f"max {max(xs):.3f} s")
    verdict = ("OK" if rate >= TARGET_RATE else "MISSED") if n >= 400 else f"not decided by {n} games"
    line = f"  targets: win rate >= {100 * TARGET_RATE:.0f}% over 400 games {verdict}"
    if cpu:
        med, p95 = statistics.median(cpu), percentile(cpu, 0.95)
        line += (f"; CPU median <= {TARGET_MEDIAN:g} s {'OK' if med <= TARGET_MEDIAN else 'MISSED'}"
                 f"; CPU p95 <= {TARGET_P95:g} s {'OK' if p95 <= TARGET_P95 else 'MISSED'}")
    print(line)
    print(f"  command: {command}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games in all (two per deal, seats swapped)")
    ap.add_argument("--mix", default="10th", help="sets joined by +, then optionally :variants (10th+legends:legendary)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first deal's number (to split a run)")
    ap.add_argument("--expert", default="", help="expert options, e.g. budget=768,depth=6")
    ap.add_argument("--hard", default="", help="hard options, e.g. budget=256 (measures hard against itself)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the times are per process)")
    ap.add_argument("--save", metavar="FILE", help="append one JSON line per game to FILE")
    ap.add_argument("--resume", action="store_true", help="read FILE first and skip the games in it")
    ap.add_argument("--show", action="store_true", help="only report the games saved in FILE (any number of runs)")
    args = ap.parse_args(argv)
    command = " ".join(["scripts/expert_match.py"] + [shlex.quote(a) for a in (argv or sys.argv[1:])])
    if args.show:
        if not args.save:
            ap.error("--show reports the games of --save FILE")
        report(read_saved(args.save)[0], command)
        return 0
    expert_opts, hard_opts = options(args.expert), options(args.hard)
    tasks = [(args.mix, game_seed(args.seed, k), swap, expert_opts, hard_opts)
             for k in range(args.first, args.first + (args.games + 1) // 2) for swap in (0, 1)][: args.games]
    results: list[dict] = []
    out = None
    if args.save:
        try:
            if os.path.exists(args.save):
                saved, whole = read_saved(args.save)
                if args.resume:
                    same_options(saved, expert_opts, hard_opts, args.save)
                    done = {(r["mix"], r["seed"], r["swap"]) for r in saved}
                    results = [r for r in saved if (r["mix"], r["seed"], r["swap"]) in {t[:3] for t in tasks}]
                    tasks = [t for t in tasks if t[:3] not in done]
                end_with_a_whole_line(args.save, whole)
            out = open(args.save, "a", encoding="utf-8")
        except OSError as exc:
            raise SystemExit(f"{args.save}: cannot be written ({exc.strerror or exc}); no game was played")
    t0 = time.perf_counter()

    def record(r):
        results.append(r)
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
        wins = sum(x["won"] for x in results)
        print(f"\r{len(results)} games, expert won {wins} ({100 * wins / len(results):.0f}%), "
              f"{time.perf_counter() - t0:.0f}s", end="", file=sys.stderr, flush=True)

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as ex:
            for r in ex.map(play, tasks, chunksize=1):
                record(r)
    else:
        for t in tasks:
            record(play(t))
    print(file=sys.stderr)
    if out:
        out.close()
    report(results, command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
