#!/usr/bin/env python3
"""Engine speed as a ratio to a reference engine measured in the same run on the same machine.

Absolute games/s depend on the machine; the ratio to pyminion (Dominion, BigMoney vs BigMoney,
shared/bench/pyminion_games.py) does much less. Many short rounds alternate ours and theirs (31,
each a fraction of a second) and the result is the median of the rounds' ratios, printed with
its quartiles: this machine's speed changes from one second to the next, and a few long rounds
paired a fast stretch of one engine with a slow stretch of the other without saying so. pyminion
plays in a process of its own, kept for the whole run, each round the same games (its seed set
again). Ours: greedy-vs-greedy 2-player games of the 10th set, headless, without invariant
checks and without the statistics per card that ``ascension simulate`` prints (an analysis of
each game's log once it has ended: a tenth of a compiled game's instructions, a twentieth of a
pure one's; pyminion's script keeps no statistics either). Also reports the cost of Game.clone()
on a mid-game state, which bounds how fast any search-based bot can be.

With ``--breakdown`` it first splits our game's time into set-up (``new_game``: plugin manager,
cards, deal), the engine alone (the same games replayed from their answers: decisions and rules,
no bot) and the rest (the bots' choices and views, the game's result), and prints the ratio we
would reach if set-up and the rest cost nothing: the ceiling of work outside the engine. Each of
its figures is the best of three runs (the least disturbed), so its "whole" game is faster than
the rounds' figures, which are single runs paired with pyminion's and reported as a median.

Games differ in length (an Ascension game has about 3x as many moves as a BigMoney game), so the
fair figure is the time per *move*, counted the same way on both sides in an untimed pass over
the same games: for us each card played, card acquired, monster defeated, ability or Boon used and turn
ended (events in the log); for pyminion its plays, buys and turn ends (its own ``--count``).

Usage: .venv/bin/python scripts/bench_engine.py [--repeats 31] [--games 40] [--pyminion-games 100] [--breakdown]
Last line: ratio_ours_over_pyminion=R per_move_ratio=M clone_us=C build=compiled|pure (medians).
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import timeit
from importlib import metadata
from pathlib import Path

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed, batch_collector, play_out, simulate

PYMINION = "pyminion==0.4.0"
DEFAULT_SCRIPT = Path(__file__).resolve().parents[2] / "shared" / "bench" / "pyminion_games.py"


def ensure_pyminion() -> None:
    """The reference engine is only needed here, so it is installed on first use (the `bench` extra)."""
    try:
        if metadata.version("pyminion") == PYMINION.split("==")[1]:
            return
    except metadata.PackageNotFoundError:
        pass
    print(f"installing {PYMINION} into {sys.prefix}", file=sys.stderr)
    try:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", PYMINION])
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"the reference engine {PYMINION} could not be installed ({exc}); install it with "
                         f"'{sys.executable} -m pip install {PYMINION}' where PyPI can be reached") from None


def ours(games: int, seed: int) -> float:
    return simulate(["10th"], ["greedy", "greedy"], games, seed, cards=False)["games_per_second"]


# A Legendary Character's Boon is used like a construct's ability: one move (its free take with
# Legendary status is counted as the card acquired or defeated).
MOVES = frozenset({"played", "acquired", "defeated", "used", "boon_used", "turn_ended"})


def our_moves_per_game(games: int, seed: int, seats: int = 2, variants: list[str] = (), first: int = 0) -> float:
    """Applied moves per game in the games ``ours`` plays (an untimed pass): games ``first`` to
    ``first + games - 1`` of a batch of greedy bots in ``seats`` seats with ``variants``."""
    moves = 0
    for k in range(first, first + games):
        s = game_seed(seed, k)
        game = new_game(["10th"], [f"P{i + 1}" for i in range(seats)], list(variants), seed=s)
        play_out(game, [make_bot("greedy", game.ctx.defs, s, i) for i in range(seats)])
        moves += sum(1 for e in game.log if e.kind in MOVES)
    return moves / games


def their_moves_per_game(script: Path, games: int) -> float:
    """pyminion's plays, buys and turn ends per game, from its own instrumented pass."""
    out = subprocess.run([sys.executable, str(script), "-n", str(games), "--repeat", "1", "--count"],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"turns_per_game=([0-9.]+).*moves_per_turn=([0-9.]+)", out)
    if not m:
        raise SystemExit(f"could not find the move counts in pyminion output:\n{out}")
    return float(m.group(1)) * float(m.group(2))


def build() -> str:
    """Whether the engine runs compiled (extension modules) or as pure Python."""
    import ascension.core.engine as engine
    return "pure" if engine.__file__.endswith(".py") else "compiled"


# The reference's side of the rounds, in a process of its own: the shared script's own game set-up
# and timed loop (``make_game``, ``play_batch``), with its default logging and seed, each round
# the same games.
_REFERENCE_WORKER = """
import importlib.util, logging, random, sys
spec = importlib.util.spec_from_file_location("pyminion_games", sys.argv[1])
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)
logging.getLogger().setLevel(logging.WARNING)
game = script.make_game("bm")
for line in sys.stdin:
    n = int(line)
    random.seed(int(sys.argv[2]))
    seconds, __ = script.play_batch(game, n)
    print(n / seconds, flush=True)
"""


class Reference:
    """pyminion playing batches on request, in one process kept for the whole run (a new
    interpreter per round would take longer to start than the round takes)."""

    def __init__(self, script: Path, seed: int = 12345):
        self.script = script
        self.proc = subprocess.Popen([sys.executable, "-c", _REFERENCE_WORKER, str(script), str(seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def games_per_second(self, games: int) -> float:
        try:
            self.proc.stdin.write(f"{games}\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise SystemExit(f"the reference engine's process ended (exit status {self.proc.wait()}) "
                             f"playing {self.script}: its error is printed above")
        return float(line)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except BrokenPipeError:   # it has ended already
            pass
        self.proc.wait()


def clone_us(seed: int = 1, turn: int = 16) -> float:
    """Median microseconds of Game.clone() once a greedy game reaches ``turn`` (mid-game)."""
    game = new_game(["10th"], ["A", "B"], seed=seed)
    bots = [make_bot("greedy", game.ctx.defs, seed, i) for i in range(2)]
    while not game.over and game.turn < turn:
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    number = 2000
    times = timeit.repeat(game.clone, number=number, repeat=7)
    return statistics.median(times) / number * 1e6


def breakdown(games: int, seed: int, repeat: int = 3) -> dict[str, float]:
    """Milliseconds per game: the whole game, its set-up, and the engine replaying its answers."""
    seeds = [game_seed(seed, k) for k in range(games)]   # the games ours() plays
    answers = []
    for s in seeds:
        game = new_game(["10th"], ["A", "B"], seed=s)
        play_out(game, [make_bot("greedy", game.ctx.defs, s, i) for i in range(2)])
        answers.append(game.answers)

    def setup() -> None:
        batch: dict = {}   # as simulate() runs its games: plugin managers and card layouts shared
        with batch_collector():
            for s in seeds:
                new_game(["10th"], ["A", "B"], seed=s, batch=batch)

    def engine() -> float:
        spent, batch = 0.0, {}
        with batch_collector():
            for s, given in zip(seeds, answers):
                game = new_game(["10th"], ["A", "B"], seed=s, batch=batch)   # not timed
                t = timeit.default_timer()
                for a in given:
                    game.decision()
                    game.apply(a)
                spent += timeit.default_timer() - t
        return spent
    return {"game_ms": 1e3 / max(ours(games, seed) for _ in range(repeat)),
            "setup_ms": min(timeit.repeat(setup, number=1, repeat=repeat)) / games * 1e3,
            "engine_ms": min(engine() for _ in range(repeat)) / games * 1e3}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=31, help="rounds of ours-then-theirs (default 31)")
    ap.add_argument("--games", type=int, default=40, help="our games per round (default 40)")
    ap.add_argument("--pyminion-games", type=int, default=100, help="pyminion games per round (default 100)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--pyminion-script", type=Path, default=DEFAULT_SCRIPT)
    ap.add_argument("--breakdown", action="store_true",
                    help="first split our game's time into set-up, engine and the rest (see above)")
    args = ap.parse_args(argv)
    if not args.pyminion_script.exists():
        raise SystemExit(f"reference script not found: {args.pyminion_script}")
    ensure_pyminion()
    ours(5, args.seed)  # warm-up: imports, set loading, plugin catalog
    reference = Reference(args.pyminion_script)
    try:
        reference.games_per_second(5)   # its warm-up
        if args.breakdown:
            part = breakdown(args.games, args.seed)
            theirs_ms = 1e3 / max(reference.games_per_second(args.pyminion_games) for _ in range(3))
            rest_ms = part["game_ms"] - part["setup_ms"] - part["engine_ms"]
            print(f"breakdown_ms_per_game whole={part['game_ms']:.3f} setup={part['setup_ms']:.3f} "
                  f"engine={part['engine_ms']:.3f} bots_and_rest={rest_ms:.3f} pyminion={theirs_ms:.3f}")
            print(f"ceiling_ratio_with_only_the_engine={theirs_ms / part['engine_ms']:.4f}", flush=True)
        ratios = []
        for r in range(1, args.repeats + 1):
            a = ours(args.games, args.seed)
            b = reference.games_per_second(args.pyminion_games)
            ratios.append(a / b)
            print(f"round={r} ours_games_per_s={a:.1f} pyminion_games_per_s={b:.1f} ratio={a / b:.4f}", flush=True)
    finally:
        reference.close()
    ours_moves = our_moves_per_game(args.games, args.seed)
    their_moves = their_moves_per_game(args.pyminion_script, args.pyminion_games)
    ratio = statistics.median(ratios)
    q1, __, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratio, ratio, ratio)
    per_move = ours_moves / their_moves
    print(f"moves_per_game ours={ours_moves:.1f} pyminion={their_moves:.1f}")
    print(f"per_move_ratio_quartiles={q1 * per_move:.4f} {q3 * per_move:.4f} rounds={len(ratios)}")
    print(f"ratio_ours_over_pyminion={ratio:.4f} per_move_ratio={ratio * per_move:.4f} "
          f"clone_us={clone_us():.2f} build={build()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
