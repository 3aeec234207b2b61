"""Killing a writer (SIGKILL) in the middle of writing games: the database opens, holds no
half-written game, and keeps every game the writer was told was committed."""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import sqlalchemy as sa

from ascension.ui.history import open_history
from ascension.ui.history.db import resolve

from crash_writer import ANSWERS, CARDS, SEATS

HERE = Path(__file__).parent
ROUNDS = 4


def run_and_kill(db: str, start: int, rng: random.Random) -> tuple[list[int], bool]:
    """Start a writer, let it commit a few games, kill it at a random moment; returns the ids it
    reported as committed and whether it died between "begin" and "committed"."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, str(HERE / "crash_writer.py"), db, str(start)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines = []
    try:
        deadline = time.monotonic() + 60
        while sum(line.startswith("committed") for line in lines) < 3 + rng.randrange(4):
            line = proc.stdout.readline()
            assert line, f"the writer stopped by itself: {proc.stderr.read()}"
            lines.append(line.strip())
            assert time.monotonic() < deadline, "the writer is too slow"
        time.sleep(rng.uniform(0, 0.02))   # somewhere inside the next write
        proc.send_signal(signal.SIGKILL)
        rest, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    lines += [x.strip() for x in rest.splitlines() if x.strip()]
    ids = [int(x.split()[1]) for x in lines if x.startswith("committed")]
    return ids, lines[-1].startswith("begin")


def test_killing_a_writer_mid_write_loses_nothing_committed(persistent_db):
    open_history(persistent_db).close()   # created (and for SQLite in WAL mode) before the writers start
    rng = random.Random(20261130)
    committed, mid_write = [], 0
    for r in range(ROUNDS):
        ids, interrupted = run_and_kill(persistent_db, 1000 * r, rng)
        committed += ids
        mid_write += interrupted
    assert mid_write >= 1, "no writer was killed inside a write: the test proved nothing"

    h = open_history(persistent_db, on_corrupt="raise")
    assert h.notices == [] and h.set_aside is None
    with h.engine.connect() as conn:
        if resolve(persistent_db)[1] is not None:
            assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        stored = set(conn.execute(sa.text('SELECT id FROM "match"')).scalars())
        assert set(committed) <= stored          # every game reported as committed is there
        assert len(stored) - len(committed) <= ROUNDS   # at most the one in flight per kill
        seats = dict(conn.execute(sa.text("SELECT match_id, count(*) FROM seat GROUP BY match_id")).all())
        cards = dict(conn.execute(sa.text("SELECT match_id, count(*) FROM seat_card GROUP BY match_id")).all())
        answers = dict(conn.execute(sa.text("SELECT match_id, answers FROM match_replay")).all())
        for mid in stored:                       # and none is half there
            assert seats.get(mid) == SEATS and cards.get(mid) == SEATS * CARDS, mid
            answers_of = answers[mid] if isinstance(answers[mid], list) else json.loads(answers[mid])
            assert len(answers_of) == ANSWERS
        assert set(seats) <= stored and set(cards) <= stored and set(answers) <= stored
    h.close()
