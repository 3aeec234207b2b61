#!/usr/bin/env python3
"""Match-history speed with 100,000 stored games (issue 6's targets: open the History window
≤ 300 ms, apply a filter ≤ 100 ms, record one game ≤ 10 ms).

The games are synthetic (no game is played): rows shaped like real ones — 2 to 4 seats, about
25 card rows per seat, 200 answers — written with bulk inserts. Then, on that SQLite file
(WAL, synchronous=FULL, as every history is opened):

- open: open_history (file checks, schema version) + the match list model's first page
  (count + 100 rows with their seats), and the whole HistoryWindow built and shown offscreen;
- filter: the model re-queried under each filter the window offers (count + first page);
- record: record_game of one real game's record (one transaction, committed and synced).

Each figure is the median of --repeats runs; the worst filter is reported too.
Usage: .venv/bin/python scripts/bench_history.py [--games 100000] [--db FILE] [--repeats 7]
Last line: open_ms=.. window_ms=.. filter_ms=.. filter_count_ms=.. record_ms=.. (medians; filter = the slowest)
"""
from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from ascension.ui.history import open_history  # noqa: E402
from ascension.ui.history.models import Match, MatchReplay, Seat, SeatCard  # noqa: E402
from ascension.ui.history.repo import MatchFilter, count_matches, record_game  # noqa: E402

ME = "Ann"
PEOPLE = ["Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
BOTS = ["greedy", "random"]
SET_MIXES = ["10th", "10th", "10th", "10th,cotg", "cotg"]
VARIANTS = ["", "", "", "", "samael", "teams"]
CARDS = [f"Card {i:03d}" for i in range(160)]
MONSTERS = [f"Monster {i:02d}" for i in range(30)]


def synthetic(n: int, path: Path, chunk: int = 5000) -> None:
    """``n`` games of Ann's against people and bots, over about three years, bulk-inserted."""
    h = open_history(path)
    rng = random.Random(6)
    start = datetime(2023, 1, 1)
    step = timedelta(days=3 * 365) / n
    mid = 0
    t0 = time.perf_counter()
    for first in range(0, n, chunk):
        matches, replays, seats, cards = [], [], [], []
        for k in range(first, min(n, first + chunk)):
            mid += 1
            variant = rng.choice(VARIANTS)
            players = 1 if variant == "samael" else 4 if variant == "teams" else rng.choice((2, 2, 2, 3, 4))
            began = start + step * k
            names = [ME] + rng.sample(PEOPLE + ["Greedy bot", "Random bot"], players - 1)
            totals = [rng.randint(20, 140) for _ in names]
            if variant == "samael":
                names.append("Samael")
                totals.append(rng.randint(20, 140))
            win = max(range(len(totals)), key=totals.__getitem__)
            matches.append({"id": mid, "status": "finished" if rng.random() > 0.02 else "abandoned",
                            "started_at": began, "ended_at": began + timedelta(minutes=rng.randint(10, 60)),
                            "sets": rng.choice(SET_MIXES), "variant": variant, "players": players,
                            "seed": rng.getrandbits(62), "engine_version": "0.1.0", "capped": False,
                            "options": {"honor_pool": 60}, "turns": rng.randint(20, 70), "assisted": False})
            replays.append({"match_id": mid, "setup": {"sets": ["10th"], "names": names[:players], "variants": [],
                                                       "seed": 1, "honor_pool": 60},
                            "answers": [rng.randrange(6) for _ in range(200)]})
            for s, name in enumerate(names):
                number = -1 if name == "Samael" else s
                bot = name.split()[0].lower() if name.endswith(" bot") else None
                kind = "villain" if number < 0 else "bot" if bot else "human"
                tokens = totals[s] // 2
                seats.append({"match_id": mid, "seat": number, "name": name, "kind": kind, "bot": bot,
                              "team": (s % 2 if variant == "teams" else None), "tokens": tokens,
                              "card_honor": totals[s] - tokens, "total": totals[s], "winner": s == win,
                              "renown": None})
                for card in rng.sample(CARDS, 18):
                    cards.append({"match_id": mid, "seat": number, "card": card, "acquired": rng.randint(1, 3),
                                  "defeated": 0})
                for card in rng.sample(MONSTERS, 7):
                    cards.append({"match_id": mid, "seat": number, "card": card, "acquired": 0,
                                  "defeated": rng.randint(1, 4)})
        with h.engine.begin() as conn:
            conn.execute(Match.__table__.insert(), matches)
            conn.execute(MatchReplay.__table__.insert(), replays)
            conn.execute(Seat.__table__.insert(), seats)
            conn.execute(SeatCard.__table__.insert(), cards)
        print(f"\r  {mid:,} games stored ({time.perf_counter() - t0:.0f} s)", end="", file=sys.stderr)
    h.close()
    conn = sqlite3.connect(path)   # outside any transaction: statistics for the planner, WAL folded in
    conn.execute("ANALYZE")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    print(file=sys.stderr)


def ms(f, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--db", help="history file to (re)use; generated when missing (default: a temporary file)")
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args()
    folder = None
    if args.db:
        path = Path(args.db)
    else:
        folder = tempfile.TemporaryDirectory(prefix="ascension-bench-")
        path = Path(folder.name) / "history.sqlite3"
    if not path.exists():
        print(f"generating {args.games:,} synthetic games in {path}", file=sys.stderr)
        synthetic(args.games, path)
    print(f"history: {path} ({path.stat().st_size / 1e6:.0f} MB)", file=sys.stderr)

    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from ascension.ui.desktop.history_window import HistoryWindow, MatchTableModel
    from ascension.ui.history.recording import close_all

    def open_model():
        h = open_history(path)
        model = MatchTableModel(h, ME)
        model.data(model.index(0, 3))
        h.engine.dispose()

    def open_model_counted():
        h = open_history(path)
        model = MatchTableModel(h, ME)
        model.data(model.index(0, 3))
        model.count()
        h.engine.dispose()

    def open_window():
        w = HistoryWindow(path, player=ME)
        w.show()
        app.processEvents()
        w.close()
        w.deleteLater()
        app.processEvents()
        close_all()

    open_ms = ms(open_model, args.repeats)
    open_counted_ms = ms(open_model_counted, args.repeats)
    window_ms = ms(open_window, args.repeats)
    h = open_history(path)
    with h.session() as s:
        total = count_matches(s, MatchFilter(status="all"))
    model = MatchTableModel(h, ME)
    last = datetime(2023, 1, 1) + timedelta(days=3 * 365)
    filters = {
        "opponent Bob": MatchFilter(opponent="Bob"),
        "opponent greedy bot": MatchFilter(opponent="greedy"),
        "opponent never met": MatchFilter(opponent="Zed"),
        "3 players": MatchFilter(players=3),
        "set cotg": MatchFilter(sets=["cotg"]),
        "variant samael": MatchFilter(variant="samael"),
        "last 30 days": MatchFilter(since=last - timedelta(days=30)),
        "won": MatchFilter(result="win"),
        "won vs Bob, 2 players, 10th": MatchFilter(result="win", opponent="Bob", players=2, sets=["10th"]),
        "abandoned": MatchFilter(status="abandoned"),
    }
    filter_ms, counted_ms = {}, {}
    for name, f in filters.items():
        def apply(f=f):          # what the person sees: the first page under the new filter
            model.set_filter(f)
            model.data(model.index(0, 3))

        def apply_and_count(f=f):   # ... and the count, which follows in the next event-loop turn
            apply(f)
            model.count()
        filter_ms[name] = ms(apply, args.repeats)
        counted_ms[name] = ms(apply_and_count, args.repeats)

    from ascension.core.sim import play_game
    from ascension.ui.history.recording import simulated_records
    rec = simulated_records([play_game(["10th"], ["greedy", "random"], 11, keep_record=True).record])[0]
    record_times = []
    with h.session() as s:
        for _ in range(max(args.repeats, 20)):
            t = time.perf_counter()
            record_game(s, rec)
            record_times.append((time.perf_counter() - t) * 1000)
    record_ms = statistics.median(record_times)
    h.close()

    print(f"{total:,} stored games")
    print(f"open the History window: file checks + model first page {open_ms:.1f} ms (target 300); "
          f"with the count {open_counted_ms:.1f} ms; whole window built, shown and filter choices loaded "
          f"{window_ms:.1f} ms")
    print(f"  {'filter':<38} first page   with count")
    for name, t in filter_ms.items():
        print(f"  {name:<38} {t:7.1f} ms   {counted_ms[name]:7.1f} ms")
    print(f"apply a filter: slowest {max(filter_ms.values()):.1f} ms to the first page (target 100), "
          f"{max(counted_ms.values()):.1f} ms with the count")
    print(f"record one game: {record_ms:.2f} ms median, {max(record_times):.2f} ms worst (target 10)")
    print(f"open_ms={open_ms:.1f} window_ms={window_ms:.1f} filter_ms={max(filter_ms.values()):.1f} "
          f"filter_count_ms={max(counted_ms.values()):.1f} record_ms={record_ms:.2f}")
    if folder:
        folder.cleanup()


if __name__ == "__main__":
    main()
