"""Desktop responsiveness, printed as numbers (not a timed test): ``python scripts/bench_desktop.py``.

- click to repaint: a scripted human plays whole games against the greedy bot by clicking the
  window (offscreen); each click is timed until the answer, the autosave and the repaint are
  done (targets: p95 <= 16 ms). Bots run at instant speed, so a click that ends a turn also
  includes the bot's whole turn — those are reported apart.
- cold start: a fresh interpreter imports the program and shows the window (target <= 1.5 s).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_tmp = tempfile.mkdtemp(prefix="asc-bench-")
os.environ.setdefault("ASCENSION_CONFIG_DIR", os.path.join(_tmp, "config"))
os.environ.setdefault("ASCENSION_DATA_DIR", os.path.join(_tmp, "data"))

COLD = """
import time, sys
from PySide6.QtWidgets import QApplication
from ascension.ui.desktop import storage
from ascension.ui.desktop.app import MainWindow
from ascension.ui.desktop.controller import Controller
app = QApplication([])
w = MainWindow(Controller(autosave=None), storage.Settings())
w.show()
app.processEvents()
print("shown", flush=True)
"""


def cold_start(runs: int = 5) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", COLD], check=True, capture_output=True)
        out.append(time.perf_counter() - t)
    return out


def clicks(games: int = 3) -> tuple[list[float], list[float]]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ascension.ui.desktop import storage
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller

    app = QApplication.instance() or QApplication([])
    own, with_bot = [], []
    for seed in range(games):
        settings = storage.Settings()
        settings.data["speed"] = "instant"
        w = MainWindow(Controller(autosave=storage.autosave_path()), settings)
        w.confirm = lambda title, text: True   # a benchmark never waits on a question
        w.resize(1280, 720)
        w.show()
        w.start({"seats": [{"name": "Ann", "kind": "human", "bot": None},
                           {"name": "Bob", "kind": "bot", "bot": "greedy"}],
                 "sets": ["10th"], "variants": [], "seed": seed, "honor_pool": None})
        app.processEvents()
        c = w.controller
        while not c.session.over:
            while c.human_to_move() is None and not c.session.over:
                app.processEvents()
            if c.session.over:
                break
            dec = w._my_decision()
            t = w.table
            cards = [x for row in (t.hand.cards[:t.hand.shown], t.in_play.cards[:t.in_play.shown],
                                   t.center.cards[:t.center.shown], t.pile_widgets) for x in row if x.actionable]
            if dec.kind != "action":
                target, ends = w.decision.choice_buttons[0], False
            elif cards:
                target, ends = cards[0], False
            else:
                target, ends = w.decision.end_button, True
            start = time.perf_counter()
            QTest.mouseClick(target, Qt.LeftButton)
            if w.card_menu is not None and w.card_menu.isVisible():
                w.card_menu.actions()[0].trigger()
                w.card_menu.close()
                w.card_menu = None
            app.processEvents()    # delivers the posted repaints: the frame the player sees
            app.processEvents()
            (with_bot if ends else own).append((time.perf_counter() - start) * 1000)
        w.close()
    return own, with_bot


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    own, with_bot = clicks()
    print(f"click to repaint, own actions: n={len(own)} median {statistics.median(own):.1f} ms, "
          f"p95 {pct(own, 95):.1f} ms, max {max(own):.1f} ms (target p95 <= 16 ms)")
    print(f"click to repaint, end turn incl. the bot's whole turn: n={len(with_bot)} "
          f"median {statistics.median(with_bot):.1f} ms, p95 {pct(with_bot, 95):.1f} ms")
    cold = cold_start()
    print(f"cold start to first shown window: median {statistics.median(cold):.2f} s, "
          f"max {max(cold):.2f} s over {len(cold)} runs (target <= 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
