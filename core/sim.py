"""Headless games between bots: single games, batches, invariant checks, game records."""
from __future__ import annotations

import gc
import math
import os
import signal
import threading
import time
from contextlib import contextmanager
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from . import rng
from .bots import make_bot
from .engine import Game, GameOver, InvalidAnswer
from .i18n import _, ngettext
from .match import new_game, replay


MAX_ANSWERS = 50_000   # far beyond any real game (a few hundred answers); catches endless loops
STREAM_CHUNK = 50      # games per task at most when each result is handed on (on_result) as it comes


class SimulationFailure(RuntimeError):
    """A simulated game broke; the message carries the setup and answers that reproduce it."""


@contextmanager
def reproducible(game: Game):
    """Whatever breaks while bots play ``game`` in this block is raised as a
    :class:`SimulationFailure` that names the setup and answers reproducing it (a batch of
    thousands of seeded games fails on one of them, not on "a game")."""
    try:
        yield
    except SimulationFailure:
        raise
    except Exception as exc:
        raise SimulationFailure(_("{error}\nreproduce with: setup={setup} answers={answers}").format(
            error=f"{type(exc).__name__}: {exc}", setup=game.ctx.setup, answers=game.answers)) from exc


def play_out(game: Game, bots: list, after: Callable[[], None] | None = None) -> None:
    """Let ``bots`` (one per seat) answer every decision until ``game`` ends, calling ``after``
    after each answer. A game that breaks, or never ends, raises :class:`SimulationFailure` with
    the setup and answers that reproduce it."""
    decision, apply, answers = game.decision, game.apply, game.answers
    views = [game.view(seat) for seat in range(len(game.players))]   # live windows: one per seat serves every move
    with reproducible(game):
        while not game.over:
            if len(answers) > MAX_ANSWERS:   # a loop no turn cap can catch: stop and report it
                raise RuntimeError(_("no end after {n} answers (turn {turn})").format(n=MAX_ANSWERS, turn=game.turn))
            dec = decision()
            apply(bots[dec.seat].choose(views[dec.seat], dec))
            if after is not None:
                after()


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
    # what each seat took: (card name, seat, "acquired" | "defeated", that seat's own turn number)
    cards: list[tuple[str, int, str, int]] = field(default_factory=list)


_TURNS_AND_TAKES = frozenset({"turn_started", "acquired", "defeated"})


def card_events(game: Game) -> list[tuple[str, int, str, int]]:
    """Cards acquired and monsters defeated by the seats, from the game log, with the number of
    the taker's own turn (its 1st, 2nd, ... turn)."""
    own_turns: dict[int, int] = {}
    out = []
    defs = game.ctx.defs
    for kind, seat, card, __, ___ in [e for e in game.log if e[0] in _TURNS_AND_TAKES]:   # a fifth of the log
        if seat is None or seat < 0:
            continue
        if kind == "turn_started":
            own_turns[seat] = own_turns.get(seat, 0) + 1
        elif card is not None:
            out.append((defs[card].name, seat, kind, own_turns.get(seat, 0)))
    return out


def play_game(sets: list[str], bots: list[str], seed: int, variants: list[str] = (),
              check: bool = False, keep_record: bool = False, bot_options: dict | None = None,
              cards: bool = True, batch: dict | None = None) -> GameResult:
    """One headless game. ``bot_options`` go to every bot (e.g. ``{"budget": 64}`` for hard bots;
    a bot ignores options it does not use). ``batch``: what the games of the batch this game is
    part of share (``match.match_hooks``), a dict the batch keeps. ``cards``: list what each seat
    took (:func:`card_events`, read from the log after the game)."""
    names = [f"{b.capitalize()} {i + 1}" for i, b in enumerate(bots)]
    game = new_game(sets, names, list(variants), seed=seed, batch=batch)
    agents = [make_bot(b, game.ctx.defs, seed, i, **(bot_options or {})) for i, b in enumerate(bots)]
    violations: list[str] = []

    def checked() -> None:
        violations.extend(_("turn {turn}: {problem}").format(turn=game.turn, problem=v) for v in game.invariant_problems())
    play_out(game, agents, after=checked if check else None)
    scores, winners = game.scores(), game.winners()
    record = {"setup": game.ctx.setup, "bots": list(bots), "answers": game.answers,
              "winner": winners[0], "scores": scores} if keep_record else None
    return GameResult(seed, game.turn, winners[0], scores, game.capped, violations, record,
                      winners=winners, cards=card_events(game) if cards else [])   # a team wins together


def game_seed(seed: int, k: int) -> int:
    return rng.derive(seed, f"game:{k}") >> 1


@contextmanager
def batch_collector():
    """The cyclic garbage collector as a batch of games wants it: what already lives (card sets,
    plugins, modules) is left out of its full passes, each of which used to walk that whole heap
    again (about 3 % of a batch's time). Young objects are looked at as usual: a game's objects
    are freed by reference counting as it goes, and its log holds events most of which were made
    once for the whole batch (``engine._EVENTS``), so a pass finds little to walk; what a finished
    game leaves in cycles (a random bot's explanation holds its game) is freed a few games later.
    (Batches used to look at young objects every 10,000 allocations instead of 700, while each
    game's log held hundreds of new events; with the events made once, that left finished games
    in cycles uncollected for 40 games and more.)"""
    if gc.get_freeze_count():   # someone else froze the heap: leave their choice alone
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _chunk(work: list[tuple]) -> list[GameResult]:
    """A worker's share: several games per task, so starting a task (and building the plugin
    managers and card layouts, shared by the games of the share) costs little per game."""
    batch: dict = {}
    with batch_collector():
        return [play_game(*args, batch=batch) for args in work]


def _ignore_interrupts() -> None:
    """In a worker of our own pool: Ctrl-C (sent to the whole terminal's process group) is the
    parent's to handle; the workers are stopped by it, without a traceback each. A parent killed
    outright (kill -9, the system out of memory) cannot stop them: each ends once it is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_end_with, args=(parent,), name="end-with-parent", daemon=True).start()


PARENT_LOOK_S = 1.0   # how often a worker looks whether the program that started it is still there


def _end_with(parent: int) -> None:
    """End this worker once ``parent`` is gone (it is then another process's child: the pool
    would wait for work for ever, an orphan holding its memory)."""
    while os.getppid() == parent:
        time.sleep(PARENT_LOOK_S)
    os._exit(1)


def chunks(n: int, jobs: int, per_job: int = 4) -> list[range]:
    """Split ``n`` games into about ``jobs × per_job`` contiguous chunks (at least one game each)."""
    count = max(1, min(n, jobs * per_job))
    size = math.ceil(n / count)
    return [range(k, min(n, k + size)) for k in range(0, n, size)]


def simulate(sets: list[str], bots: list[str], games: int, seed: int, variants: list[str] = (),
             check: bool = False, jobs: int = 1, keep_records: bool = False,
             progress: Callable[[int], None] | None = None, executor: Executor | None = None,
             bot_options: dict | None = None, on_result: Callable[[GameResult], None] | None = None,
             cards: bool = True) -> dict:
    """Play ``games`` games; the same seed gives the same results whatever ``jobs`` or executor is.

    Games run in chunks (about four per worker, so a worker's start-up is paid once per chunk,
    not per game): in this process (``jobs`` 1), on a local process pool of ``jobs`` workers, or
    on any ``concurrent.futures.Executor`` given (a Dask ``client.get_executor()``, ...; ``jobs``
    then says how many workers to plan chunks for), which is left open for its owner. Workers
    only play and return results: everything that is written (``on_result``, called here in
    order for each game, e.g. to record it; ``progress`` with the number of games done) happens
    in this, the parent, process. With ``on_result`` a task holds at most :data:`STREAM_CHUNK`
    games, so results arrive (to be recorded) while the batch runs, not only at its end.
    ``cards``: also the statistics per card (:func:`card_stats`, in ``"cards"``), an analysis of
    each game's log after it ends (``False``: ``"cards"`` is empty; a benchmark of the engine)."""
    work = [(list(sets), list(bots), game_seed(seed, k), list(variants), check, keep_records, bot_options, cards)
            for k in range(games)]
    t0 = time.perf_counter()
    results: list[GameResult] = []

    def take(batch: list[GameResult]) -> None:
        for r in batch:
            results.append(r)
            if on_result:
                on_result(r)
            if progress:
                progress(len(results))

    own = executor is None and jobs > 1
    if own:
        executor = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    if executor is not None:
        try:
            parts = chunks(games, max(jobs, 2) if not own else jobs)
            if on_result:
                parts = [p[i:i + STREAM_CHUNK] for p in parts for i in range(0, len(p), STREAM_CHUNK)]
            futures = [executor.submit(_chunk, [work[k] for k in part]) for part in parts]
            for f in futures:       # in order: results never depend on which worker finished first
                take(f.result())
        finally:
            if own:   # after Ctrl-C or a failure, the games not started are not played
                executor.shutdown(wait=True, cancel_futures=True)
    else:
        batch: dict = {}   # the plugin managers and card layouts, built once for the batch
        with batch_collector():
            for w in work:
                take([play_game(*w, batch=batch)])
    elapsed = time.perf_counter() - t0
    return summarize(results, sets, bots, seed, elapsed)


def summarize(results: list[GameResult], sets, bots, seed, elapsed: float) -> dict:
    n = len(results)
    seats = len([r for r in results[0].scores if r["seat"] >= 0]) if results else len(bots)
    wins = [0] * seats
    villain_wins = 0
    honor = [0.0] * seats
    tokens = [0.0] * seats
    card_honor = [0.0] * seats
    for r in results:
        if r.winner >= 0:
            for seat in r.winners:
                wins[seat] += 1
        else:
            villain_wins += 1
        for row in r.scores:
            if row["seat"] >= 0:
                honor[row["seat"]] += row["total"]
                tokens[row["seat"]] += row["tokens"]
                card_honor[row["seat"]] += row["cards"]
    out = {
        "games": n, "seed": seed, "sets": list(sets), "players": seats, "bots": list(bots),
        "seconds": round(elapsed, 3), "games_per_second": round(n / elapsed, 2) if elapsed else None,
        "mean_turns": round(sum(r.turns for r in results) / n, 2) if n else 0,
        "wins_by_seat": wins, "mean_honor_by_seat": [round(h / n, 2) if n else 0 for h in honor],
        "invariant_violations": sum(len(r.violations) for r in results),
        "capped_games": sum(r.capped for r in results),
        "violations": [v for r in results for v in r.violations][:20],
    }
    out["seats"] = [{"seat": i + 1, "bot": bots[i] if i < len(bots) else "", "wins": wins[i],
                     "win_rate": round(wins[i] / n, 4) if n else 0.0,
                     "mean_honor": round(honor[i] / n, 2) if n else 0.0,
                     "mean_tokens": round(tokens[i] / n, 2) if n else 0.0,
                     "mean_card_honor": round(card_honor[i] / n, 2) if n else 0.0} for i in range(seats)]
    out["cards"] = card_stats(results)   # empty when the games listed no takes (simulate(cards=False))
    if villain_wins:
        out["villain_wins"] = villain_wins
    if results and results[0].record is not None:
        out["records"] = [r.record for r in results]
    return out


def card_stats(results: list[GameResult]) -> dict[str, dict]:
    """Per card name: how often seats acquired it and defeated it, the win rate of the seats that
    acquired (defeated) it at least once in a game, and the mean own-turn number of acquisitions
    (defeats). A seat counts as winning when its side won (team play: both teammates)."""
    acc: dict[str, dict] = {}
    for r in results:
        winners = set(r.winners) if r.winner >= 0 else set()
        took: dict[tuple[str, str], set[int]] = {}
        for name, seat, kind, turn in r.cards:
            c = acc.get(name)
            if c is None:   # (not setdefault: it would build this for every card taken)
                c = acc[name] = {"acquired": 0, "defeated": 0, "_turns": {"acquired": 0, "defeated": 0},
                                 "_seat_games": {"acquired": 0, "defeated": 0},
                                 "_seat_wins": {"acquired": 0, "defeated": 0}}
            c[kind] += 1
            c["_turns"][kind] += turn
            took.setdefault((name, kind), set()).add(seat)
        for (name, kind), seats in took.items():
            c = acc[name]
            c["_seat_games"][kind] += len(seats)
            c["_seat_wins"][kind] += len(seats & winners)
    out = {}
    for name in sorted(acc):
        c = acc[name]
        row = {"acquired": c["acquired"], "defeated": c["defeated"]}
        for kind, label in (("acquired", "acquired"), ("defeated", "defeated")):
            games = c["_seat_games"][kind]
            row[f"games_{label}"] = games
            row[f"win_rate_when_{label}"] = round(c["_seat_wins"][kind] / games, 4) if games else None
            row[f"mean_turn_{label}"] = round(c["_turns"][kind] / c[kind], 2) if c[kind] else None
        out[name] = row
    return out


def verify_record(record: dict) -> bool:
    """Replay a saved record; True when winner and scores come out the same."""
    return replays_to(record, replay(record["setup"], record["answers"]))


def replays_to(record: dict, game) -> bool:
    """Whether ``game``, the record's answers replayed, ends with the record's winner and scores."""
    return game.over and game.winners()[0] == record["winner"] and game.scores() == record["scores"]


def record_differences(record: dict) -> list[str]:
    """Why a record does not replay to its saved outcome (empty when it does), for humans."""
    try:
        game = replay(record["setup"], record["answers"])
    except (InvalidAnswer, GameOver) as exc:
        return [_("the answers no longer fit the game: {error}").format(error=exc)]
    out = [] if game.over else [ngettext("the game is not over after {n} answer", "the game is not over after {n} answers",
                                            len(record["answers"])).format(n=len(record["answers"]))]
    if game.winners()[0] != record["winner"]:
        out.append(_("winner: saved seat {saved}, replay gives seat {now}").format(saved=record["winner"],
                                                                               now=game.winners()[0]))
    scores, saved_rows = game.scores(), record["scores"]
    if scores != saved_rows:
        saved_rows = saved_rows if isinstance(saved_rows, list) else []   # (a file another tool wrote: rows of what it holds)
        saved = {r.get("seat"): r for r in saved_rows if isinstance(r, dict)}
        for row in scores:
            old = saved.get(row["seat"])
            if old != row:
                out.append(_("scores of seat {seat}: saved {saved}, replay gives {now}").format(seat=row["seat"], saved=old,
                                                                                       now=row))
        if len(scores) != len(saved_rows):
            out.append(_("score rows: saved {saved}, replay gives {now}").format(saved=len(saved_rows), now=len(scores)))
    return out


def match_differences(match: dict) -> list[str]:
    """Why a match of a history export (``history export --json --replay``) does not replay to
    what the history recorded of it (empty when it does): a finished one to its winners and each
    seat's total, an abandoned one without its answers failing, for humans."""
    try:
        game = replay(match["setup"], match["answers"])
    except (InvalidAnswer, GameOver) as exc:
        return [_("the answers no longer fit the game: {error}").format(error=exc)]
    except ValueError as exc:   # a set or plugin not installed here, a setup no longer possible
        return [str(exc)]
    if match["status"] != "finished":
        return []
    if not game.over:
        return [ngettext("the game is not over after {n} answer", "the game is not over after {n} answers",
                         len(match["answers"])).format(n=len(match["answers"]))]
    out = []
    recorded = sorted(s["seat"] for s in match["seats"] if s["winner"])
    if sorted(game.winners()) != recorded:
        out.append(_("winners: recorded seats {saved}, replay gives seats {now}").format(
            saved=recorded, now=sorted(game.winners())))
    totals = {row["seat"]: row["total"] for row in game.scores()}
    for s in match["seats"]:
        if s["seat"] in totals and totals[s["seat"]] != s["total"]:
            out.append(_("honor of seat {seat}: recorded {saved}, replay gives {now}").format(
                seat=s["seat"], saved=s["total"], now=totals[s["seat"]]))
    return out
