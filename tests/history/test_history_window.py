"""The History window, offscreen with pytest-qt: the paginated match list and its filters,
sorting, statistics, the match page with its replay viewer, export and delete."""
import csv
import html
import io
import json
import os
import re
import stat
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from ascension.core.match import replay
from ascension.ui.desktop.history_window import HistoryWindow, MatchTableModel
from ascension.ui.history import open_history, repo
from ascension.ui.history.replay import ReplaySteps, side_scores

from history_helpers import T0, make_record, seat


@pytest.fixture
def filled(db, real_records):
    """The real games (Greedy 1 renamed Ann, a person) and 130 synthetic ones, newest last."""
    h = open_history(db)
    with h.session() as s:
        for k, rec in enumerate(real_records):
            rec = rec.model_copy(deep=True)
            rec.seats[0].name, rec.seats[0].kind, rec.seats[0].bot = "Ann", "human", None
            rec.setup["names"][0] = "Ann"
            rec.started_at = T0 + timedelta(days=200 + k)
            rec.ended_at = rec.started_at + timedelta(minutes=65)
            repo.record_game(s, rec.model_dump())
        for k in range(130):
            other = seat(1, "Bob" if k % 2 else "Greedy bot", "human" if k % 2 else "bot", None if k % 2 else "greedy",
                         winner=k % 3 == 0)
            ann = seat(0, "Ann", tokens=k % 40, cards=10, winner=k % 3 != 0)
            repo.record_game(s, make_record(k, [ann, other], sets=("10th", "cotg") if k % 5 == 0 else ("10th",)))
    yield h   # the open history itself: an in-memory database exists only inside its engine
    h.close()


@pytest.fixture
def window(qtbot, filled):
    w = HistoryWindow(filled, player="Ann")
    w.confirm = lambda title, text, **_: True
    qtbot.addWidget(w)
    w.resize(1100, 720)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()   # before the history it shows is closed


def rows(model) -> int:
    """The row count once the model has counted (it shows the first page before counting)."""
    model.count()
    return model.rowCount()


def test_the_list_counts_pages_and_filters(window, qtbot):
    model = window.model
    total = 130 + 8
    qtbot.waitUntil(lambda: model.exact)   # counted in the event loop, after the first page
    assert model.rowCount() == total and window.count.text() == f"{total} matches"
    assert len(model._pages) == 1   # only the first page was read
    first = model.index(0, 0)
    assert model.data(model.index(0, 5)) in ("Won", "Lost")
    newest = model.match_at(0)
    assert newest.started_at == max(m.started_at for m in (model.match_at(r) for r in range(total)))
    assert model.match_at(total - 1) is not None and len(model._pages) > 1   # later pages on demand
    assert model.match_at(total) is None and first.isValid()
    qtbot.keyClicks(window.filters.opponent.lineEdit(), "Bob")
    qtbot.waitUntil(lambda: rows(model) == 65)
    window.filters.result.setCurrentIndex(window.filters.result.findData("win"))
    assert all(model.data(model.index(r, 5)) == "Won" for r in range(rows(model)))
    won_vs_bob = rows(model)
    assert 0 < won_vs_bob < 65
    window.filters.clear()
    assert rows(model) == total
    window.load_facets()
    window.filters.sets.setCurrentIndex(window.filters.sets.findData("cotg"))
    assert rows(model) == 26
    window.filters.sets.setCurrentIndex(0)
    window.filters.players.setCurrentIndex(window.filters.players.findData(4))
    assert rows(model) == 2 and "teams" in model.data(model.index(0, 2))
    window.filters.players.setCurrentIndex(0)
    window.filters.variant.setCurrentIndex(window.filters.variant.findData("samael"))
    assert rows(model) == 2 and "Samael" in model.data(model.index(0, 3))
    window.filters.clear()
    window.filters.since_on.setChecked(True)
    window.filters.since.setDate((T0 + timedelta(days=200)).date())
    assert rows(model) == 8
    window.filters.result.setCurrentIndex(window.filters.result.findData("abandoned"))
    assert rows(model) == 0


def test_sorting_by_a_column(window):
    model = window.model
    window.table.sortByColumn(4, Qt.AscendingOrder)   # turns
    turns = [int(model.data(model.index(r, 4))) for r in range(rows(model))]
    assert turns == sorted(turns) and model.sort_key == "turns"
    window.table.sortByColumn(3, Qt.DescendingOrder)  # players (by count)
    counts = [model.match_at(r).players for r in range(rows(model))]
    assert counts == sorted(counts, reverse=True)
    window.table.sortByColumn(5, Qt.AscendingOrder)   # result: not sortable, nothing changes
    assert model.sort_key == "-players"


def computed(qtbot, stats):
    qtbot.waitUntil(lambda: not stats.busy, timeout=10_000)   # computed in a worker thread
    return stats.stats


def test_statistics_tab(window, qtbot):
    stats = window.show_statistics()
    assert stats is not None and computed(qtbot, stats).player == "Ann"
    st = stats.stats
    assert st.games == 138 and "138 games" in stats.summary.text()
    assert stats.chart.points == 138
    assert stats.opponents.rowCount() == len(st.head_to_head) >= 3
    assert stats.cards.rowCount() > 0 and stats.sets.rowCount() == 2
    window.tabs.setCurrentIndex(0)
    qtbot.keyClicks(window.filters.opponent.lineEdit(), "Bob")
    qtbot.waitUntil(lambda: rows(window.model) == 65)
    window.show_statistics()
    assert computed(qtbot, stats).games == 65 and "filters" in stats.scope.text()
    window.filters.clear()
    stats.who.setEditText("Bob")
    stats._name_entered()
    assert computed(qtbot, stats).player == "Bob" and stats.stats.games == 65 and window.model.player == "Bob"
    stats.who.setEditText("Nobody")
    stats._name_entered()
    computed(qtbot, stats)
    assert "No finished games" in stats.summary.text()


def test_match_page_and_replay_viewer(window, qtbot):
    model = window.model
    window.table.sortByColumn(0, Qt.DescendingOrder)
    m = model.match_at(0)   # the newest: a real game, with a replay
    window.table.selectRow(0)
    window.open_btn.click()
    page = window.match_page
    assert window.tabs.currentWidget() is page and page.detail.id == m.id
    assert page.scores.rowCount() == len(m.seats)
    assert f"1 hour 5 minutes, {m.turns} turns" in page.header.text()
    winner = next(s for s in m.seats if s.winner)
    assert any(page.scores.item(r, 0).text() == "★ " + winner.name + (" (greedy bot)" if winner.kind == "bot" else
               " (random bot)" if winner.bot == "random" else " (villain)" if winner.kind == "villain" else "")
               for r in range(page.scores.rowCount()))
    assert page.cards.rowCount() > 5
    v = page.viewer
    steps = v.steps
    detail = page.detail
    assert len(steps) == len(detail.answers) + 1 and steps.error is None
    assert v.index == 0 and not v.back_btn.isEnabled() and v.forward_btn.isEnabled()
    opening = v.log.count()
    v.forward_btn.click()
    v.forward_btn.click()
    assert v.index == 2 and v.log.count() == steps.steps[2].lines >= opening
    v.back_btn.click()
    assert v.index == 1 and v.log.count() == steps.steps[1].lines
    v.last_btn.click()
    assert v.index == steps.last and not v.forward_btn.isEnabled()
    full = replay(detail.setup, detail.answers)   # the last step is the game as recorded
    texts = [v.log.item(i).text() for i in range(v.log.count())]
    assert texts == ["    " * (i not in steps.turn_starts) + line for i, line in enumerate(steps.lines)]
    # it reads as the log did at the table: a run of plays is one line, a turn's first line bold
    assert len(texts) < len(full.log) and texts[-1].strip() == "The game is over."
    k = next(k for k, step in enumerate(steps.steps) if "Play all" in step.caption)
    who = steps.steps[k].caption.split(":")[0]
    added = steps.lines[steps.steps[k - 1].lines:steps.steps[k].lines]
    assert re.match(rf"{re.escape(who)} plays .+: \d+ (rune|power)", added[0]), added
    heads = [i for i in range(v.log.count()) if v.log.item(i).font().bold()]
    assert heads == sorted(steps.turn_starts) and "'s turn 1 begins." in texts[heads[0]]
    assert dict(steps.steps[-1].scores) == dict(side_scores(full))   # (a team game: each team's honor)
    page.tabs.setCurrentWidget(page.race)   # the honor race: each side's line ends at its total
    ends = {html.unescape(item.name()): item.yData[-1] for item in page.race.plot.listDataItems()}   # (the legend is HTML)
    assert ends == dict(side_scores(full)) and page.race.lines == len(ends) == len(full.sides())
    assert "The game is over." in v.log.item(v.log.count() - 1).text()
    v.first_btn.click()
    assert v.index == 0 and v.log.count() == opening
    v.timer.setInterval(1)
    v.play_btn.click()
    qtbot.waitUntil(lambda: v.index >= 5, timeout=5000)
    v.play_btn.click()
    stopped = v.index
    qtbot.wait(20)
    assert v.index == stopped and not v.timer.isActive()
    v.slider.setValue(10)
    assert v.index == 10 and v.log.count() == steps.steps[10].lines
    v.go(40)   # the race marks the turn the replay shows
    assert page.race.marker.value() == steps.steps[40].turn > steps.steps[10].turn


def test_a_replay_that_no_longer_fits_says_so():
    steps = ReplaySteps({"sets": ["10th"], "names": ["A", "B"], "variants": [], "seed": 3, "honor_pool": 60},
                        [0, 0, 999])
    assert len(steps) == 3 and "answer 3 of 3 no longer fits" in steps.error
    assert "cannot be rebuilt" in ReplaySteps({"sets": ["nope"], "names": ["A"], "seed": 1}, []).error


def test_export_buttons_write_the_filtered_list(window, qtbot, tmp_path):
    qtbot.keyClicks(window.filters.opponent.lineEdit(), "Bob")
    qtbot.waitUntil(lambda: rows(window.model) == 65)
    window.ask_save_path = lambda title, suggested, pattern: str(tmp_path / "bob.csv")
    window.export_csv_btn.click()
    lines = list(csv.DictReader(io.StringIO((tmp_path / "bob.csv").read_text())))
    assert len({r["match_id"] for r in lines}) == 65 and "Exported 65 matches" in window.count.text()
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((tmp_path / "bob.csv").stat().st_mode) == 0o666 & ~mask   # made to be passed on, not private
    window.ask_save_path = lambda title, suggested, pattern: str(tmp_path / "bob.json")
    window.export_json_btn.click()
    data = json.loads((tmp_path / "bob.json").read_text())
    with window.history.session() as s:
        expected = repo.list_matches(s, window.model.filter, sort=window.model.sort_key, limit=1000)
    assert [d["id"] for d in data] == [m.id for m in expected]
    window.ask_save_path = lambda *a: None   # cancelled: nothing written
    assert window.export("csv") is None


def test_the_export_buttons_never_write_over_a_history(window, tmp_path):
    other = tmp_path / "other.sqlite3"
    other.write_bytes(b"SQLite format 3\x00" + bytes(100))   # a history (this one, or another) chosen by a slip
    before = other.read_bytes()
    window.ask_save_path = lambda title, suggested, pattern: str(other)
    assert window.export("csv") is None and other.read_bytes() == before


def test_delete_asks_first(window):
    model = window.model
    total = rows(model)
    window.table.selectRow(0)
    target = model.match_at(0).id
    asked = []
    window.confirm = lambda title, text, **_: asked.append(text) or False
    assert window.delete_selected() == 0 and rows(model) == total
    assert f"Delete match {target}" in asked[0]
    window.confirm = lambda title, text, **_: True
    assert window.delete_selected() == 1 and rows(model) == total - 1
    with window.history.session() as s:
        assert repo.get_match(s, target) is None


def test_a_newer_history_opens_a_window_that_says_so(qtbot, tmp_path):
    import sqlite3
    path = tmp_path / "h.sqlite3"
    open_history(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_version SET version = 99")
    w = HistoryWindow(path)
    qtbot.addWidget(w)
    assert w.banner.isVisibleTo(w) and "newer version" in w.banner.text()


def test_a_damaged_history_is_reported_in_the_window(qtbot, tmp_path):
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"garbage" * 500)
    w = HistoryWindow(path)
    qtbot.addWidget(w)
    assert "damaged" in w.banner.text() and w.model.rowCount() == 0


def test_screenshots(window, qtbot, tmp_path):
    """Offscreen renders of the three tabs (looked at by a person when the window changes)."""
    window.load_facets()
    out = Path(os.environ.get("ASCENSION_SHOTS_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out / "matches.png"))
    computed(qtbot, window.show_statistics())
    window.grab().save(str(out / "statistics.png"))
    window.open_match(window.model.match_at(0).id)
    for _ in range(30):
        window.match_page.viewer.forward()
    window.grab().save(str(out / "match.png"))
    sizes = {f: (out / f).stat().st_size for f in ("matches.png", "statistics.png", "match.png")}
    assert all(n > 5_000 for n in sizes.values()), sizes


def test_model_alone_is_paginated(filled):
    h = filled
    model = MatchTableModel(h, "Ann", page_size=10)
    assert model.rowCount() == 10 and not model.exact and model.count() == 138
    assert model.rowCount() == 138 and len(model._pages) == 1
    ids = [model.match_at(r).id for r in range(138)]
    assert len(set(ids)) == 138 and len(model._pages) <= MatchTableModel.PAGES_KEPT


TYPED_IN_THE_LIST = """
import os, sys
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ascension.core.session import Seat, Session
from ascension.ui.desktop.history_window import HistoryWindow
from ascension.ui.history.recording import record_session
s = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "easy")], seed=3)
while not s.over:
    if s.waiting_for_bot():
        s.step_bot()
        continue
    kinds = [o[0] for o in s.decision().options]
    s.answer(kinds.index("play_all") if "play_all" in kinds else kinds.index("end") if "end" in kinds else 0)
record_session(s, None)
w = HistoryWindow(None, player="Ann")
w.show()
app.processEvents()
assert w.model.rowCount() == 1
w.table.setFocus()
QTest.keyClick(w.table, {"space": Qt.Key_Space, "a": Qt.Key_A}[sys.argv[1]])
app.processEvents()
print("still here")
"""


@pytest.mark.parametrize("key", ["space", "a"])
def test_a_key_typed_in_the_match_list_does_not_crash_the_program(key, tmp_path):
    """Space (to select a row) or a letter in the match list ended the whole program with a
    segmentation fault: Qt's type-ahead search called a model method of the same name as ours."""
    import subprocess
    import sys
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ASCENSION_CONFIG_DIR=str(tmp_path / "config"),
               ASCENSION_DATA_DIR=str(tmp_path / "data"))
    env.pop("ASCENSION_HISTORY_DB", None)
    run = subprocess.run([sys.executable, "-c", TYPED_IN_THE_LIST, key], capture_output=True, text=True,
                         timeout=180, env=env)
    assert run.returncode == 0 and "still here" in run.stdout, (run.returncode, run.stderr[-400:])


def test_the_history_window_by_keyboard_enter_opens_a_match_tab_leaves_the_list_escape_closes(qtbot, tmp_path):
    """Tab stayed in the match list (Open, Export and Delete out of reach), Enter did nothing (only
    a double-click opened a match) and Escape did not close the window."""
    from PySide6.QtTest import QTest
    db = tmp_path / "h.sqlite3"
    h = open_history(db)
    with h.session() as s:
        repo.record_game(s, make_record(1))
    window = HistoryWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.table.setFocus()
    window.table.setCurrentIndex(window.model.index(0, 0))
    assert not window.table.tabKeyNavigation()
    QTest.keyClick(window.table, Qt.Key_Return)
    assert window.tabs.currentWidget() is window.match_page
    QTest.keyClick(window, Qt.Key_Escape)
    assert not window.isVisible()
