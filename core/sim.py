"""Headless games between bots: single games, batches, invariant checks, game records."""
from __future__ import annotations

import time
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterable

from . import rng
from .bots import make_bot
from .engine import Game, GameOver, InvalidAnswer
from .match import new_game, replay


class SimulationFailure(RuntimeError):
    """A simulated game broke; the message carries the setup and answers that reproduce it."""


@dataclass
class GameResult:
    seed: int
    turns: int
    winner: int          # the first winning seat (-1: the solo villain)
    scores: list[dict]
    capped: bool
    violations: list[str] = field(default_factory=list)
    record: dict | None = None
    winners: list[int] = field(default_factory=list)


def play_game(sets: list[str], bots: list[str], seed: int, variants: list[str] = (),
              check: bool = False, keep_record: bool = False) -> GameResult:
    names = [f"{b.capitalize()} {i + 1}" for i, b in enumerate(bots)]
    game = new_game(sets, names, list(variants), seed=seed)
    agents = [make_bot(b, game.ctx.defs, seed, i) for i, b in enumerate(bots)]
    violations: list[str] = []
    try:
        while not game.over:
            dec = game.decision()
            game.apply(agents[dec.seat].choose(game.view(dec.seat), dec))
            if check:
                violations += [f"turn {game.turn}: {v}" for v in game.invariant_problems()]
    except Exception as exc:
        raise SimulationFailure(f"{type(exc).__name__}: {exc}\nreproduce with: setup={game.ctx.setup} "
                                f"answers={game.answers}") from exc
    scores = game.scores()
    record = {"setup": game.ctx.setup, "bots": list(bots), "answers": game.answers,
              "winner": game.winners()[0], "scores": scores} if keep_record else None
    result = GameResult(seed, game.turn, game.winners()[0], scores, game.capped, violations, record)
    result.winners = game.winners()  # a team wins together
    return result


def game_seed(seed: int, k: int) -> int:
    return rng.derive(seed, f"game:{k}") >> 1


def _one(args) -> GameResult:
    return play_game(*args)


def simulate(sets: list[str], bots: list[str], games: int, seed: int, variants: list[str] = (),
             check: bool = False, jobs: int = 1, keep_records: bool = False,
             progress: Callable[[int], None] | None = None, executor: Executor | None = None) -> dict:
    """Play ``games`` games; the same seed gives the same results whatever ``jobs`` is."""
    work = [(list(sets), list(bots), game_seed(seed, k), list(variants), check, keep_records)
            for k in range(games)]
    t0 = time.perf_counter()
    results: list[GameResult] = []
    if executor is None and jobs > 1:
        executor = ProcessPoolExecutor(max_workers=jobs)
    if executor is not None:
        with executor:
            for r in executor.map(_one, work, chunksize=max(1, games // (jobs * 8) or 1)):
                results.append(r)
                if progress:
                    progress(len(results))
    else:
        for w in work:
            results.append(_one(w))
            if progress:
                progress(len(results))
    elapsed = time.perf_counter() - t0
    return summarize(results, sets, bots, seed, elapsed)


def summarize(results: list[GameResult], sets, bots, seed, elapsed: float) -> dict:
    n = len(results)
    seats = len([r for r in results[0].scores if r["seat"] >= 0]) if results else len(bots)
    wins = [0] * seats
    villain_wins = 0
    honor = [0.0] * seats
    for r in results:
        if r.winner >= 0:
            for seat in r.winners:
                wins[seat] += 1
        else:
            villain_wins += 1
        for row in r.scores:
            if row["seat"] >= 0:
                honor[row["seat"]] += row["total"]
    out = {
        "games": n, "seed": seed, "sets": list(sets), "players": seats, "bots": list(bots),
        "seconds": round(elapsed, 3), "games_per_second": round(n / elapsed, 2) if elapsed else None,
        "mean_turns": round(sum(r.turns for r in results) / n, 2) if n else 0,
        "wins_by_seat": wins, "mean_honor_by_seat": [round(h / n, 2) if n else 0 for h in honor],
        "invariant_violations": sum(len(r.violations) for r in results),
        "capped_games": sum(r.capped for r in results),
        "violations": [v for r in results for v in r.violations][:20],
    }
    if villain_wins:
        out["villain_wins"] = villain_wins
    if results and results[0].record is not None:
        out["records"] = [r.record for r in results]
    return out


def verify_record(record: dict) -> bool:
    """Replay a saved record; True when winner and scores come out the same."""
    game = replay(record["setup"], record["answers"])
    return game.over and game.winners()[0] == record["winner"] and game.scores() == record["scores"]


def record_differences(record: dict) -> list[str]:
    """Why a record does not replay to its saved outcome (empty when it does), for humans."""
    try:
        game = replay(record["setup"], record["answers"])
    except (InvalidAnswer, GameOver) as exc:
        return [f"the answers no longer fit the game: {exc}"]
    out = [] if game.over else [f"the game is not over after {len(record['answers'])} answers"]
    if game.winners()[0] != record["winner"]:
        out.append(f"winner: saved seat {record['winner']}, replay gives seat {game.winners()[0]}")
    scores = game.scores()
    if scores != record["scores"]:
        saved = {r.get("seat"): r for r in record["scores"]}
        for row in scores:
            old = saved.get(row["seat"])
            if old != row:
                out.append(f"scores of seat {row['seat']}: saved {old}, replay gives {row}")
        if len(scores) != len(record["scores"]):
            out.append(f"score rows: saved {len(record['scores'])}, replay gives {len(scores)}")
    return out
