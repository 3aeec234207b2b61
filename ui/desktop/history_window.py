"""The History window: recorded matches (filtered, sorted, paginated), a player's statistics
with a score-trend chart, one match's score breakdown and a replay viewer, export (CSV, JSON,
BG Stats) and delete. A history that cannot be written is opened for browsing, delete off.

Everything it shows comes from :mod:`ascension.ui.history` (repository functions, each query a
short session of its own); the replay viewer rebuilds the game from its setup and answers with
:class:`~ascension.ui.history.replay.ReplaySteps`. The match list is a QAbstractTableModel that
counts the filtered matches once and fetches rows a page at a time as the view needs them, so
opening it costs the same with 100 games or 100,000.

Open it from anywhere with ``HistoryWindow(db, player=name)``: ``db`` is a file path, an
SQLAlchemy URL, an open :class:`~ascension.ui.history.db.History` or None (the default file).
"""
from __future__ import annotations

import html
import threading
from collections import OrderedDict
from datetime import date, datetime, timezone
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QDate, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDateEdit, QFileDialog,
                               QHBoxLayout, QHeaderView, QLabel,
                               QListWidget, QListWidgetItem, QMessageBox, QPushButton, QSlider, QSplitter, QStyle,
                               QTableView, QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout,
                               QWidget)

from ascension.core.wording import duration, quantity
from ascension.ui.history import repo
from ascension.ui.history.db import History, ReadOnlyHistoryError, open_history
from ascension.ui.history.recording import history_for
from ascension.ui.history.replay import ReplaySteps

from .charts import LOSS_COLOUR, WIN_COLOUR, HonorRaceChart, TrendChart

MUTED_COLOUR = QColor("#777777")
HIGHLIGHT = QColor("#fff1b8")
AUTOPLAY_MS = 600
# What the list shows before any filter is chosen: every game a person played, finished or not
# (simulated games, bots only, are kept apart: a filter shows them).
DEFAULT_FILTER = repo.MatchFilter(status="all", games="played")


def local_time(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc).astimezone()


def when(t: datetime) -> str:
    return local_time(t).strftime("%Y-%m-%d %H:%M")


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def players_text(m: repo.MatchSummary) -> str:
    """"★ Ann 42  ·  Bob 38"; in team play the teams with their combined honor."""
    if any(s.team is not None for s in m.seats):
        return "  ·  ".join(f"{'★ ' if any(x.winner for x in t) else ''}{' & '.join(x.name for x in t)} "
                            f"{sum(x.total for x in t)}" for t in sides(m.seats))
    return "  ·  ".join(f"{'★ ' if s.winner else ''}{s.name} {s.total}" for s in m.seats)


def sides(seats: list[repo.SeatSummary]) -> list[list[repo.SeatSummary]]:
    """The seats grouped by side: teams together, anyone else alone (the villain too)."""
    out: dict[int, list] = {}
    for s in seats:
        out.setdefault(s.team if s.team is not None else -1 - s.seat, []).append(s)
    return list(out.values())


def match_title(d: repo.MatchDetail) -> str:
    """A match as a player remembers it: when, which sets, who played whom, how it ended."""
    who = " vs ".join(" & ".join(s.name for s in side) for side in sides(d.seats))
    winners = " & ".join(s.name for s in d.seats if s.winner)
    end = "abandoned" if d.status == "abandoned" else f"{winners} won" if winners else "no winner"
    return f"{when(d.started_at)} · {' + '.join(d.sets)} · {who} — {end}"


# ---------------------------------------------------------------------------- the match list
class MatchTableModel(QAbstractTableModel):
    """Matches under a filter; rows are fetched a page at a time (a few pages kept).

    A new filter or sort shows its first page at once; when that page is full, the matching
    rows are counted just after (the next turn of the event loop: a count visits every match
    that matches, a page only a hundred), and the rows beyond the first page then appear.
    ``exact`` tells whether ``rowCount`` is the full count yet."""

    COLUMNS = ("Date", "Sets", "Variant", "Players (★ won)", "Turns", "Result")
    SORT_KEYS = {0: "date", 1: "sets", 2: "variant", 3: "players", 4: "turns"}   # Result: not sortable
    PAGES_KEPT = 8
    count_changed = Signal(int)

    def __init__(self, history: History, player: str | None = None, page_size: int = 100, parent=None):
        super().__init__(parent)
        self.history = history
        self.player = player
        self.page_size = page_size
        self.asked = DEFAULT_FILTER        # the filter bar's choice
        self.filter = self._own(self.asked)   # ... as queried (see _own)
        self.sort_key = "-date"
        self.total = 0
        self.exact = True
        self._pages: OrderedDict[int, list[repo.MatchSummary]] = OrderedDict()
        self._counting = QTimer(self, singleShot=True, interval=0)
        self._counting.timeout.connect(self.count)
        self.refresh()

    # -------------------------------------------------------------- queries
    def refresh(self) -> None:
        self._counting.stop()
        self.beginResetModel()
        self._pages.clear()
        with self.history.session() as s:
            first = repo.list_matches(s, self.filter, sort=self.sort_key, offset=0, limit=self.page_size)
        self._pages[0] = first
        self.total = len(first)
        self.exact = len(first) < self.page_size   # a page not full: that is all there is
        self.endResetModel()
        if self.exact:
            self.count_changed.emit(self.total)
        else:
            self.count_changed.emit(-1)
            self._counting.start()

    def count(self) -> int:
        """Count the matching rows now (normally run just after ``refresh``)."""
        self._counting.stop()
        if self.exact:
            return self.total
        with self.history.session() as s:
            n = repo.count_matches(s, self.filter)
        if n > self.total:
            self.beginInsertRows(QModelIndex(), self.total, n - 1)
            self.total = n
            self.endInsertRows()
        elif n < self.total:   # games deleted meanwhile, elsewhere
            self.beginResetModel()
            self.total = n
            self._pages.clear()
            self.endResetModel()
        self.exact = True
        self.count_changed.emit(self.total)
        return self.total

    def _own(self, filt: repo.MatchFilter) -> repo.MatchFilter:
        """Won, lost and a seat are the player's: they narrow the list to the player's games;
        without a player they filter nothing. Otherwise everyone's games are listed (a history
        a group shares), each with the player's result."""
        mine = bool(self.player and (filt.result or filt.seat))
        return filt.model_copy(update={"player": self.player if mine else None,
                                       "result": filt.result if mine else None,
                                       "seat": filt.seat if mine else None})

    def set_filter(self, filt: repo.MatchFilter) -> None:
        self.asked = filt
        self.filter = self._own(filt)
        self.refresh()

    def set_player(self, player: str | None) -> None:
        self.player = player or None
        self.set_filter(self.asked)

    def match(self, row: int) -> repo.MatchSummary | None:
        if not 0 <= row < self.total:
            return None
        page = row // self.page_size
        rows = self._pages.get(page)
        if rows is None:
            with self.history.session() as s:
                rows = repo.list_matches(s, self.filter, sort=self.sort_key, offset=page * self.page_size,
                                         limit=self.page_size)
            self._pages[page] = rows
            while len(self._pages) > self.PAGES_KEPT:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(page)
        i = row - page * self.page_size
        return rows[i] if i < len(rows) else None

    # -------------------------------------------------------------- Qt model
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self.total

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if orientation == Qt.Horizontal and role == Qt.DisplayRole:
            return self.COLUMNS[section]
        return None

    def result(self, m: repo.MatchSummary) -> str:
        r = m.result_for(self.player)
        return {"win": "Won", "loss": "Lost", "abandoned": "Abandoned"}.get(r, "—")

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        m = self.match(index.row())
        if m is None:
            return None
        col = index.column()
        if role == Qt.DisplayRole:
            if col == 0:
                return when(m.started_at)
            if col == 1:
                return " + ".join(m.sets)
            if col == 2:
                return " + ".join(m.variants) or "—"
            if col == 3:
                return players_text(m)
            if col == 4:
                return str(m.turns)
            if col == 5:
                return self.result(m)
        elif role == Qt.ToolTipRole:
            lines = [f"Match {m.id}, {when(m.started_at)} – {when(m.ended_at)}"]
            for s in m.seats:
                who = s.name + (f" ({s.bot} bot)" if s.kind == "bot" else " (villain)" if s.kind == "villain" else "")
                lines.append(f"{'★ ' if s.winner else '   '}{who}: {s.tokens} tokens + {s.card_honor} card honor "
                             f"= {s.total}")
            if m.assisted:
                lines.append("Assisted: an undo took back information already shown.")
            return "\n".join(lines)
        elif role == Qt.ForegroundRole and col == 5:
            r = m.result_for(self.player)
            return WIN_COLOUR if r == "win" else LOSS_COLOUR if r == "loss" else MUTED_COLOUR
        elif role == Qt.TextAlignmentRole and col == 4:
            return Qt.AlignRight | Qt.AlignVCenter
        elif role == Qt.UserRole:
            return m.id
        return None

    def sort(self, column: int, order=Qt.AscendingOrder) -> None:
        key = self.SORT_KEYS.get(column)
        if key is None:
            return
        key = ("-" if order == Qt.DescendingOrder else "") + key
        if key != self.sort_key:
            self.sort_key = key
            self.refresh()


class FilterBar(QWidget):
    """Date range, sets, variant, opponent, player count, the player's seat and result, and
    whose games (people's or simulated); emits a MatchFilter."""
    changed = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.since_on, self.since = QCheckBox("From"), QDateEdit()
        self.until_on, self.until = QCheckBox("to"), QDateEdit()
        today = QDate.currentDate()
        for on, edit, d in ((self.since_on, self.since, today.addMonths(-1)), (self.until_on, self.until, today)):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setDate(d)
            edit.setEnabled(False)
            on.toggled.connect(edit.setEnabled)
            on.toggled.connect(self._emit)
            edit.dateChanged.connect(self._emit)
        self.sets = QComboBox()
        self.variant = QComboBox()
        self.opponent = QComboBox()
        self.opponent.setEditable(True)
        self.opponent.setInsertPolicy(QComboBox.NoInsert)
        self.opponent.lineEdit().setPlaceholderText("Any opponent")
        self.players = QComboBox()
        self.seat = QComboBox()
        self.seat.setToolTip("Where the player sat in turn order")
        self.result = QComboBox()
        for text, data in (("Any result", None), ("Won", "win"), ("Lost", "loss"), ("Abandoned", "abandoned")):
            self.result.addItem(text, data)
        self.games = QComboBox()
        for text, data in (("Games people played", "played"), ("Simulated games", "simulated"),
                           ("All games", "all")):
            self.games.addItem(text, data)
        self.games.setToolTip("Simulated games are played by bots alone (ascension simulate --record)")
        self.reset = QPushButton("Clear filters")
        self.reset.clicked.connect(self.clear)
        self._typing = QTimer(self, singleShot=True, interval=300)
        self._typing.timeout.connect(self._emit)
        self.opponent.editTextChanged.connect(lambda _: None if self._quiet else self._typing.start())
        for box in self.choices:
            box.currentIndexChanged.connect(self._emit)
        when_what, who = QHBoxLayout(), QHBoxLayout()   # when and what was played; who and how it went
        for w in (self.since_on, self.since, self.until_on, self.until, self.sets, self.variant, self.players):
            when_what.addWidget(w)
        when_what.addStretch(1)
        for w in (self.opponent, self.seat, self.result, self.games, self.reset):
            who.addWidget(w, 1 if w is self.opponent else 0)
        lay.addLayout(when_what)
        lay.addLayout(who)
        self.opponent.setMinimumWidth(140)
        self._quiet = False
        self.set_facets(repo.Facets([], [], [], [], []))

    @property
    def choices(self) -> tuple[QComboBox, ...]:
        return (self.sets, self.variant, self.players, self.seat, self.result, self.games)

    def set_facets(self, f: repo.Facets) -> None:
        self._quiet = True
        try:
            for box, first, items in ((self.sets, ("Any sets", None), [(s, s) for s in f.sets]),
                                      (self.variant, ("Any variant", None),
                                       [("No variant" if not v else v.replace(",", " + "), v) for v in f.variants]),
                                      (self.players, ("Any player count", None),
                                       [(quantity(n, "player"), n) for n in f.players]),
                                      (self.seat, ("Any seat", None),
                                       [(f"Seat {n}", n) for n in range(1, max(f.players, default=0) + 1)])):
                current = box.currentData()
                box.clear()
                box.addItem(*first)
                for text, data in items:
                    box.addItem(text, data)
                box.setCurrentIndex(max(0, box.findData(current)))
            text = self.opponent.currentText()
            self.opponent.clear()
            self.opponent.addItem("")
            for o in f.opponents:
                self.opponent.addItem(o)
            self.opponent.setEditText(text)
        finally:
            self._quiet = False

    def clear(self) -> None:
        self._quiet = True
        try:
            self.since_on.setChecked(False)
            self.until_on.setChecked(False)
            for box in self.choices:
                box.setCurrentIndex(0)
            self.opponent.setEditText("")
        finally:
            self._quiet = False
        self._typing.stop()
        self._emit()

    def value(self, player: str | None = None) -> repo.MatchFilter:
        result = self.result.currentData()
        qd = lambda e: date(e.date().year(), e.date().month(), e.date().day())
        return repo.MatchFilter(
            status="abandoned" if result == "abandoned" else "finished" if result else "all",
            since=qd(self.since) if self.since_on.isChecked() else None,
            until=qd(self.until) if self.until_on.isChecked() else None,
            sets=[self.sets.currentData()] if self.sets.currentData() else [],
            variant=self.variant.currentData(), opponent=self.opponent.currentText().strip() or None,
            players=self.players.currentData(), player=player,
            result=result if result in ("win", "loss") else None, seat=self.seat.currentData(),
            games=self.games.currentData())

    def _emit(self, *_):
        if not self._quiet:
            self._typing.stop()
            self.changed.emit(self.value())


# ---------------------------------------------------------------------------- statistics
def _table(headers: list[str]) -> QTableWidget:
    t = QTableWidget(0, len(headers))
    t.setHorizontalHeaderLabels(headers)
    t.verticalHeader().setVisible(False)
    t.setEditTriggers(QAbstractItemView.NoEditTriggers)
    t.setSelectionMode(QAbstractItemView.NoSelection)
    t.setAlternatingRowColors(True)
    t.verticalHeader().setDefaultSectionSize(24)
    h = t.horizontalHeader()
    h.setSectionResizeMode(0, QHeaderView.Stretch)
    for i in range(1, len(headers)):
        h.setSectionResizeMode(i, QHeaderView.ResizeToContents)
    return t


def _fill(t: QTableWidget, rows: list[list]) -> None:
    t.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem(str(value))
            if c:
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
            t.setItem(r, c, item)


class StatsPage(QWidget):
    """Statistics of one player (the name configured in the settings, changeable here)."""
    player_changed = Signal(str)
    _arrived = Signal(object)   # from the worker thread: queued to this (the GUI) thread

    def __init__(self, history: History, player: str | None, parent=None):
        super().__init__(parent)
        self.history = history
        self.filter: repo.MatchFilter | None = None
        self.stats: repo.PlayerStats | None = None
        self.busy = False
        self._generation = 0
        self._arrived.connect(self._show)
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Player:"))
        self.who = QComboBox()
        self.who.setEditable(True)
        self.who.setInsertPolicy(QComboBox.NoInsert)
        self.who.setMinimumWidth(180)
        self.who.setEditText(player or "")
        self.who.lineEdit().editingFinished.connect(self._name_entered)
        self.who.activated.connect(lambda _: self._name_entered())
        top.addWidget(self.who)
        self.scope = QLabel()
        self.scope.setStyleSheet("color: #666")
        top.addWidget(self.scope, 1)
        lay.addLayout(top)

        self.summary = QLabel()
        self.summary.setTextFormat(Qt.RichText)
        self.summary.setWordWrap(True)
        self.summary.setMinimumHeight(self.summary.fontMetrics().lineSpacing() * 3)   # no jump, no clipping
        lay.addWidget(self.summary)
        split = QSplitter(Qt.Vertical)
        self.chart = TrendChart()
        split.addWidget(self.chart)
        self.tabs = QTabWidget()
        self.opponents = _table(["Opponent", "Games", "Won", "They won", "Win rate"])
        self.sets = _table(["Set mix", "Games", "Won", "Win rate"])
        self.variants = _table(["Variant", "Games", "Won", "Win rate"])
        self.players = _table(["Players", "Games", "Won", "Win rate"])
        self.seats = _table(["Seat (turn order)", "Games", "Won", "Win rate"])
        self.cards = _table(["Card acquired", "Copies", "Games", "Win rate when acquired"])
        self.monsters = _table(["Monster defeated", "Times", "Games", "Win rate when defeated"])
        for w, name in ((self.opponents, "Head to head"), (self.cards, "Cards"), (self.monsters, "Monsters"),
                        (self.sets, "Set mix"), (self.variants, "Variant"), (self.players, "Player count"),
                        (self.seats, "Seat")):
            self.tabs.addTab(w, name)
        split.addWidget(self.tabs)
        split.setSizes([260, 300])
        lay.addWidget(split, 1)

    @property
    def player(self) -> str:
        return self.who.currentText().strip()

    def set_names(self, names: list[str]) -> None:
        text = self.who.currentText()
        self.who.blockSignals(True)
        self.who.clear()
        self.who.addItems(names)
        self.who.setEditText(text)
        self.who.blockSignals(False)

    def _name_entered(self) -> None:
        self.player_changed.emit(self.player)
        self.refresh()

    def refresh(self, filt: repo.MatchFilter | None = None) -> None:
        """Compute the statistics in a worker thread (a long history takes a moment) and show
        them when they arrive; a newer request makes an older answer be dropped."""
        if filt is not None:
            self.filter = filt
        name = self.player
        self._generation += 1
        if not name:
            self.busy = False
            self.summary.setText("Choose whose statistics to show: type a player's name above.")
            self.chart.show_trend([])
            return
        finished = {"result": None, "status": "finished"}
        scope = (self.filter or DEFAULT_FILTER).model_copy(update=finished)
        narrowed = scope.model_copy(update={"player": None}) != DEFAULT_FILTER.model_copy(update=finished)
        self.scope.setText("(games matching the filters of the match list)" if narrowed else "(all finished games)")
        self.busy = True
        self.summary.setText(f"Counting the games of <b>{html.escape(name)}</b>…")
        generation, history = self._generation, self.history

        def work():
            try:
                with history.session() as s:
                    result = repo.player_stats(s, name, scope)
            except Exception as exc:   # shown, not raised in a thread nobody watches
                result = exc
            try:
                self._arrived.emit((generation, name, narrowed, result))
            except RuntimeError:   # the page was closed meanwhile
                pass
        if history.concurrent:
            threading.Thread(target=work, name="history-stats", daemon=True).start()
        else:   # an in-memory history has a single connection: no second thread on it
            work()

    def _show(self, message) -> None:
        generation, name, narrowed, st = message
        if generation != self._generation:
            return
        self.busy = False
        if isinstance(st, Exception):
            self.summary.setText(f"The statistics could not be computed: {html.escape(str(st))}")
            return
        self.stats = st
        if not st.games:
            self.summary.setText(f"No finished games of <b>{html.escape(name)}</b> yet"
                                 + (" under these filters." if narrowed else "."))
        else:
            streak = ("—" if not st.current_streak else
                      quantity(st.current_streak, "win") if st.current_streak > 0 else
                      quantity(-st.current_streak, "loss", "losses"))
            self.summary.setText(
                f"<span style='font-size:15px'><b>{html.escape(name)}</b>: {quantity(st.games, 'game')}, "
                f"{quantity(st.wins, 'win')} (<b>{pct(st.win_rate)}</b>)</span><br>"
                f"Average score <b>{st.average_score:.1f}</b> · best <b>{st.best_score}</b> · "
                f"current streak <b>{streak}</b> · longest winning streak <b>{st.longest_win_streak}</b> · "
                f"longest losing streak <b>{st.longest_loss_streak}</b>"
                + (f" · {quantity(st.abandoned, 'game')} abandoned" if st.abandoned else ""))
        self.chart.show_trend(st.trend)
        self.opponents.setHorizontalHeaderLabels(["Opponent", "Games", f"{name} won", "They won",
                                                  f"{name}'s win rate"])
        _fill(self.opponents, [[h.opponent, h.games, h.my_wins, h.their_wins, pct(b.win_rate)]
                               for h, b in zip(st.head_to_head, st.by_opponent)])
        for table, rows in ((self.sets, st.by_sets), (self.variants, st.by_variant),
                            (self.players, st.by_players), (self.seats, st.by_seat)):
            _fill(table, [[b.key, b.games, b.wins, pct(b.win_rate)] for b in rows])
        _fill(self.cards, [[c.card, c.copies, c.games, pct(c.win_rate)] for c in st.top_acquired])
        latest = f" (latest {st.cards_over:,} games)" if st.cards_over < st.games else ""
        self.tabs.setTabText(self.tabs.indexOf(self.cards), "Cards" + latest)
        self.tabs.setTabText(self.tabs.indexOf(self.monsters), "Monsters" + latest)
        _fill(self.monsters, [[c.card, c.copies, c.games, pct(c.win_rate)] for c in st.top_defeated])


# ---------------------------------------------------------------------------- one match
class ReplayViewer(QWidget):
    """Steps through a recorded game: back, forward, first, last, autoplay, or drag the slider."""

    turn_shown = Signal(int)   # the turn of the step now shown (the honor race marks it)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.steps: ReplaySteps | None = None
        self.index = 0
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        f = self.caption.font()
        f.setBold(True)
        self.caption.setFont(f)
        lay.addWidget(self.caption)
        self.score = QLabel()
        self.score.setStyleSheet("color: #444")
        lay.addWidget(self.score)
        self.log = QListWidget()
        self.log.setAlternatingRowColors(True)
        self.log.setSelectionMode(QAbstractItemView.NoSelection)
        lay.addWidget(self.log, 1)
        bar = QHBoxLayout()
        icon = lambda which: self.style().standardIcon(which)
        self.first_btn = QPushButton(icon(QStyle.SP_MediaSkipBackward), "")
        self.back_btn = QPushButton(icon(QStyle.SP_MediaSeekBackward), "Back")
        self.play_btn = QPushButton(icon(QStyle.SP_MediaPlay), "Autoplay")
        self.play_btn.setCheckable(True)
        self.forward_btn = QPushButton(icon(QStyle.SP_MediaSeekForward), "Forward")
        self.forward_btn.setLayoutDirection(Qt.RightToLeft)   # the arrow after the word
        self.last_btn = QPushButton(icon(QStyle.SP_MediaSkipForward), "")
        for b, tip in ((self.first_btn, "First step (Home)"), (self.back_btn, "One answer back (←)"),
                       (self.play_btn, "Step forward every moment"), (self.forward_btn, "One answer forward (→)"),
                       (self.last_btn, "Last step (End)")):
            b.setToolTip(tip)
            bar.addWidget(b)
        self.slider = QSlider(Qt.Horizontal)
        bar.addWidget(self.slider, 1)
        self.position = QLabel()
        self.position.setMinimumWidth(self.position.fontMetrics().horizontalAdvance("9999 / 9999") + 6)
        self.position.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        bar.addWidget(self.position)
        lay.addLayout(bar)
        self.timer = QTimer(self, interval=AUTOPLAY_MS)
        self.timer.timeout.connect(self._tick)
        self.first_btn.clicked.connect(lambda: self.go(0))
        self.back_btn.clicked.connect(self.back)
        self.forward_btn.clicked.connect(self.forward)
        self.last_btn.clicked.connect(lambda: self.go(self.steps.last if self.steps else 0))
        self.play_btn.toggled.connect(self.autoplay)
        self.slider.valueChanged.connect(self.go)
        self.load(None)

    def load(self, steps: ReplaySteps | None) -> None:
        self.timer.stop()
        self.play_btn.setChecked(False)
        self.steps = steps
        self.index = -1
        self._lit = (0, 0)
        self.log.clear()
        usable = bool(steps and len(steps))
        for w in (self.first_btn, self.back_btn, self.play_btn, self.forward_btn, self.last_btn, self.slider):
            w.setEnabled(usable)
        self.slider.blockSignals(True)
        self.slider.setRange(0, steps.last if usable else 0)
        self.slider.blockSignals(False)
        if not usable:
            self.caption.setText(steps.error if steps and steps.error else "No replay for this match.")
            self.score.clear()
            self.position.clear()
            return
        self.go(0)

    def go(self, k: int) -> None:
        if not self.steps or not len(self.steps):
            return
        k = max(0, min(k, self.steps.last))
        if k == self.index:
            return
        old = self.steps.steps[self.index].lines if self.index >= 0 else 0
        new = self.steps.steps[k].lines
        if new >= old and self.index >= 0:
            self._add_lines(old, new)
        else:
            self.log.clear()
            self._add_lines(0, new)
        for i in range(*self._lit):   # the lines of the step shown before: plain again
            if i < self.log.count():
                self.log.item(i).setBackground(Qt.transparent)
        start = self.steps.steps[k - 1].lines if k else 0
        for i in range(start, new):   # what this answer caused
            self.log.item(i).setBackground(HIGHLIGHT)
        self._lit = (start, new)
        if new:
            self.log.scrollToItem(self.log.item(new - 1))
        self.index = k
        self.turn_shown.emit(self.steps.steps[k].turn)
        step = self.steps.steps[k]
        total = self.steps.last
        self.caption.setText(f"Turn {step.turn} · {step.caption}" if k else step.caption)
        self.score.setText("Honor: " + ", ".join(f"{n} {s}" for n, s in step.scores) + f" · pool {step.pool}")
        self.position.setText(f"{k} / {total}")
        self.slider.blockSignals(True)
        self.slider.setValue(k)
        self.slider.blockSignals(False)
        self.back_btn.setEnabled(k > 0)
        self.first_btn.setEnabled(k > 0)
        self.forward_btn.setEnabled(k < total)
        self.last_btn.setEnabled(k < total)
        if self.steps.error and k == total:
            self.caption.setText(self.caption.text() + f" — replay stops here: {self.steps.error}")
        if self.steps.differences and k == 0:
            self.caption.setText(self.caption.text() + " — played with other plugins: "
                                 + "; ".join(self.steps.differences))

    def _add_lines(self, start: int, end: int) -> None:
        """As the game's own log shows them: a turn's first line bold, the rest indented."""
        for i in range(start, end):
            head = i in self.steps.turn_starts
            item = QListWidgetItem(self.steps.lines[i] if head else "    " + self.steps.lines[i])
            if head:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.log.addItem(item)

    def forward(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def autoplay(self, on: bool) -> None:
        if on and self.steps and self.index >= self.steps.last:
            self.go(0)
        self.play_btn.setText("Pause" if on else "Autoplay")
        self.play_btn.setIcon(self.style().standardIcon(QStyle.SP_MediaPause if on else QStyle.SP_MediaPlay))
        (self.timer.start if on else self.timer.stop)()

    def _tick(self) -> None:
        if not self.steps or self.index >= self.steps.last:
            self.play_btn.setChecked(False)
            return
        self.forward()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key == Qt.Key_Right:
            self.forward()
        elif key == Qt.Key_Left:
            self.back()
        elif key == Qt.Key_Home:
            self.go(0)
        elif key == Qt.Key_End and self.steps:
            self.go(self.steps.last)
        else:
            super().keyPressEvent(event)


class MatchPage(QWidget):
    """One match: when and what, the score breakdown per seat, cards, the honor race and the
    replay viewer."""

    def __init__(self, history: History, parent=None):
        super().__init__(parent)
        self.history = history
        self.detail: repo.MatchDetail | None = None
        lay = QVBoxLayout(self)
        self.header = QLabel("Double-click a match in the list to see it here.")
        self.header.setTextFormat(Qt.RichText)
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.header)
        split = QSplitter(Qt.Horizontal)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        self.scores = _table(["Player", "Seat", "Team", "Honor tokens", "Card honor", "Total"])
        ll.addWidget(self.scores)
        self.cards = _table(["Card"])
        self.race = HonorRaceChart()
        self.tabs = QTabWidget()
        cards_page = QWidget()
        cl = QVBoxLayout(cards_page)
        cl.addWidget(QLabel("Cards acquired (copies) · <span style='color:#a8322d'>⚔ monsters defeated "
                            "(times)</span>"))
        cl.addWidget(self.cards, 1)
        self.tabs.addTab(cards_page, "Cards")
        self.tabs.addTab(self.race, "Honor by turn")
        ll.addWidget(self.tabs, 1)
        split.addWidget(left)
        self.viewer = ReplayViewer()
        self.viewer.turn_shown.connect(self.race.mark_turn)
        split.addWidget(self.viewer)
        split.setSizes([430, 520])
        lay.addWidget(split, 1)

    def show_match(self, match_id: int) -> bool:
        with self.history.session() as s:
            d = repo.get_match(s, match_id)
        self.detail = d
        if d is None:
            self.header.setText(f"Match {match_id} is no longer in the history.")
            self.scores.setRowCount(0)
            self.cards.setRowCount(0)
            self.viewer.load(None)
            self.race.show_race([], [])
            return False
        flags = []
        if d.status == "abandoned":
            flags.append("abandoned before the end")
        if d.capped:
            flags.append("stopped at the turn limit")
        if d.assisted:
            flags.append("assisted (an undo took back shown information)")
        if d.options.get("simulated"):
            flags.append("played by bots in a simulation")
        seconds = (d.ended_at - d.started_at).total_seconds()
        length = f"{duration(seconds)}, " if seconds > 0 else ""
        self.header.setText(
            f"<b style='font-size:15px'>{html.escape(match_title(d))}</b><br>{length}"
            f"{quantity(d.turns, 'turn')} · Variants: {html.escape(' + '.join(d.variants) or 'none')} · "
            f"Seed {d.seed} · engine {html.escape(d.engine_version)} · match {d.id} in the history"
            + (f"<br><i>{html.escape('; '.join(flags))}</i>" if flags else ""))
        rows = []
        for x in d.seats:
            who = x.name + (f" ({x.bot} bot)" if x.kind == "bot" else " (villain)" if x.kind == "villain" else "")
            rows.append([("★ " if x.winner else "") + who, x.seat + 1 if x.seat >= 0 else "—",
                         "" if x.team is None else x.team + 1, x.tokens, x.card_honor, x.total])
        _fill(self.scores, rows)
        self.scores.setColumnHidden(2, all(x.team is None for x in d.seats))
        self.scores.setFixedHeight(self.scores.horizontalHeader().height() + 24 * len(rows) + 4)
        for r, x in enumerate(d.seats):
            if x.winner:
                for c in range(self.scores.columnCount()):
                    item = self.scores.item(r, c)
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                    item.setForeground(WIN_COLOUR)
        names = sorted({c for x in d.seats for c in list(x.acquired) + list(x.defeated)})
        self.cards.setColumnCount(1 + len(d.seats))
        self.cards.setHorizontalHeaderLabels(["Card"] + [x.name for x in d.seats])
        for i in range(1, 1 + len(d.seats)):
            self.cards.horizontalHeader().setSectionResizeMode(i, QHeaderView.ResizeToContents)
        cells = []
        for card in names:
            row = [card]
            for x in d.seats:
                a, k = x.acquired.get(card, 0), x.defeated.get(card, 0)
                row.append("  ".join(t for t in (str(a) if a else "", f"⚔ {k}" if k else "") if t))
            cells.append(row)
        _fill(self.cards, cells)
        for r, card in enumerate(names):
            if any(card in x.defeated for x in d.seats):
                for c in range(self.cards.columnCount()):
                    self.cards.item(r, c).setForeground(LOSS_COLOUR)
        steps = ReplaySteps(d.setup, d.answers) if d.setup else None
        self.race.show_race(*(steps.honor_by_turn() if steps else ([], [])))
        self.viewer.load(steps)   # shows the first step: the race marks its turn
        return True


# ---------------------------------------------------------------------------- the window
class HistoryWindow(QWidget):
    """Matches, statistics and one match, in three tabs."""

    player_chosen = Signal(str)   # whose history it is: the desktop keeps it in its settings

    def __init__(self, db=None, player: str | None = None, parent=None):
        """``db``: path, SQLAlchemy URL, open History or None (the default history file);
        ``player``: whose results and statistics to show (None: the person with most games)."""
        super().__init__(parent)
        self.setWindowTitle("Ascension — Match history")
        self.resize(1100, 720)
        self.history: History | None = None
        lay = QVBoxLayout(self)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #fff3c4; border: 1px solid #e0c060; padding: 6px; color: #3a3000")
        self.banner.hide()
        lay.addWidget(self.banner)
        self._own_history = False   # opened here read-only: closed with the window
        try:
            self.history = history_for(db)
        except ReadOnlyHistoryError as exc:   # still worth browsing: opened read-only, nothing deleted
            try:
                self.history, self._own_history = open_history(db, read_only=True), True
            except Exception as again:
                self._notice(f"The history cannot be opened: {again}")
                lay.addStretch(1)
                return
            self._notice(f"The history {exc.where} cannot be written ({exc.detail}), so it is open for "
                         f"browsing only: games cannot be deleted here.")
        except Exception as exc:   # HistoryError, a server out of reach...: open, and say what is wrong
            self._notice(f"The history cannot be opened: {exc}")
            lay.addStretch(1)
            return
        self.writable = not self.history.read_only
        if self.history.notices:
            self._notice(" ".join(self.history.notices))
            self.history.notices.clear()
        if not player:   # no name configured: the person with most games
            with self.history.session() as s:
                player = repo.most_played_person(s)
        self.player = player

        self.tabs = QTabWidget()
        lay.addWidget(self.tabs, 1)

        # ---- matches
        page = QWidget()
        pl = QVBoxLayout(page)
        self.filters = FilterBar()
        pl.addWidget(self.filters)
        self.model = MatchTableModel(self.history, player)   # its first filter: DEFAULT_FILTER, as the bar's
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(0, Qt.DescendingOrder)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().sortIndicatorChanged.connect(self._sort_indicator)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        h = self.table.horizontalHeader()
        for col, width in ((0, 130), (1, 110), (2, 100), (4, 55), (5, 85)):
            h.setSectionResizeMode(col, QHeaderView.Interactive)
            self.table.setColumnWidth(col, width)
        h.setSectionResizeMode(3, QHeaderView.Stretch)
        self.table.doubleClicked.connect(lambda ix: self.open_match(self.model.data(ix, Qt.UserRole)))
        pl.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.count = QLabel()
        buttons.addWidget(self.count, 1)
        self.open_btn = QPushButton("Open")
        self.export_csv_btn = QPushButton("Export CSV…")
        self.export_json_btn = QPushButton("Export JSON…")
        self.export_bgstats_btn = QPushButton("Export for BG Stats…")
        self.export_bgstats_btn.setToolTip("A file the BG Stats app imports: the listed finished games, "
                                           "each with every player's honor")
        self.delete_btn = QPushButton("Delete…")
        for b in (self.open_btn, self.export_csv_btn, self.export_json_btn, self.export_bgstats_btn, self.delete_btn):
            buttons.addWidget(b)
        pl.addLayout(buttons)
        self.open_btn.clicked.connect(lambda: self.open_match(self.selected_ids()[0]) if self.selected_ids() else None)
        self.export_csv_btn.clicked.connect(lambda: self.export("csv"))
        self.export_json_btn.clicked.connect(lambda: self.export("json"))
        self.export_bgstats_btn.clicked.connect(lambda: self.export("bgstats"))
        self.delete_btn.clicked.connect(self.delete_selected)
        self.table.selectionModel().selectionChanged.connect(self._selection)
        self.model.count_changed.connect(self._count)
        self.model.modelReset.connect(self._selection)
        self.filters.changed.connect(self.apply_filter)
        self.tabs.addTab(page, "Matches")

        # ---- statistics (built when first shown: the chart library loads then)
        self.stats: StatsPage | None = None
        self._stats_holder = QWidget()
        QVBoxLayout(self._stats_holder).setContentsMargins(0, 0, 0, 0)
        self.tabs.addTab(self._stats_holder, "Statistics")
        # ---- one match
        self.match_page = MatchPage(self.history)
        self.tabs.addTab(self.match_page, "Match")
        self.tabs.currentChanged.connect(self._tab_changed)
        self._count(self.model.total if self.model.exact else -1)
        self._selection()
        QTimer.singleShot(0, self.load_facets)   # filter choices after the first paint

    def closeEvent(self, event) -> None:
        if self.history is not None:   # nothing may fire after the window is gone
            self.filters._typing.stop()
            self.match_page.viewer.timer.stop()
            if self._own_history:
                self.history.close()
        super().closeEvent(event)

    # ------------------------------------------------------------------ helpers tests override
    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text, QMessageBox.Yes | QMessageBox.No,
                                    QMessageBox.No) == QMessageBox.Yes

    def ask_save_path(self, title: str, suggested: str, pattern: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self, title, suggested, pattern)
        return path or None

    def inform(self, text: str) -> None:
        self.count.setText(text)

    # ------------------------------------------------------------------ actions
    def _notice(self, text: str) -> None:
        """Say ``text`` in the banner at the top, under what it says already."""
        self.banner.setText("\n".join(filter(None, [self.banner.text(), text])))
        self.banner.show()

    def load_facets(self) -> None:
        if self.history is None:
            return
        with self.history.session() as s:
            f = repo.facets(s)
        self.filters.set_facets(f)
        if self.stats is not None:
            self.stats.set_names(f.names)
        self._names = f.names

    def apply_filter(self, filt: repo.MatchFilter) -> None:
        self.model.set_filter(filt)
        if self.stats is not None and self.tabs.currentWidget() is self._stats_holder:
            self.stats.refresh(self.model.filter)

    def _sort_indicator(self, section: int, order) -> None:
        if section not in MatchTableModel.SORT_KEYS:   # Result depends on who is asking: not sortable
            key = self.model.sort_key
            col = next(c for c, k in MatchTableModel.SORT_KEYS.items() if k == key.lstrip("-"))
            h = self.table.horizontalHeader()
            h.blockSignals(True)
            h.setSortIndicator(col, Qt.DescendingOrder if key.startswith("-") else Qt.AscendingOrder)
            h.blockSignals(False)

    def _count(self, n: int) -> None:
        self.count.setText("Counting matches…" if n < 0 else quantity(n, "match", "matches"))

    def _selection(self, *_):
        n = len(self.selected_ids())
        self.open_btn.setEnabled(n == 1)
        self.delete_btn.setEnabled(n > 0 and self.writable)
        self.delete_btn.setToolTip("" if self.writable else "This history is open for browsing only")
        self.delete_btn.setText("Delete…" if n <= 1 else f"Delete {n}…")

    def selected_ids(self) -> list[int]:
        rows = sorted({ix.row() for ix in self.table.selectionModel().selectedRows()})
        return [m.id for m in (self.model.match(r) for r in rows) if m is not None]

    def open_match(self, match_id: int | None) -> None:
        if match_id is None:
            return
        self.match_page.show_match(match_id)
        self.tabs.setCurrentWidget(self.match_page)

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self._stats_holder:
            if self.stats is None:
                self.stats = StatsPage(self.history, self.player)
                self.stats.player_changed.connect(self._player_changed)
                self.stats.set_names(getattr(self, "_names", []))
                self._stats_holder.layout().addWidget(self.stats)
                self.stats.show()   # a child added to a visible widget is shown only when asked
            self.stats.refresh(self.model.filter)

    def _player_changed(self, name: str) -> None:
        self.player = name or None
        self.model.set_player(self.player)
        self.player_chosen.emit(name or "")

    def show_statistics(self) -> StatsPage:
        self.tabs.setCurrentWidget(self._stats_holder)
        return self.stats

    def export(self, fmt: str) -> int | None:
        """Write the listed matches to a file the person names (``fmt``: csv, json or bgstats)."""
        what = {"csv": "CSV", "json": "JSON", "bgstats": "for BG Stats"}[fmt]
        name = "ascension-bgstats.json" if fmt == "bgstats" else f"ascension-matches.{fmt}"
        path = self.ask_save_path(f"Export the listed matches ({what})", str(Path.home() / name),
                                  "CSV files (*.csv)" if fmt == "csv" else "JSON files (*.json)")
        if not path:
            return None
        tmp = Path(path + ".part")
        try:
            with self.history.session() as s, open(tmp, "w", encoding="utf-8", newline="") as fh:
                n = repo.export_matches(s, fh, fmt, self.model.filter, sort=self.model.sort_key, me=self.player)
            tmp.replace(path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            self._notice(f"Export failed: {exc}")
            return None
        finished = "finished " if fmt == "bgstats" else ""   # BG Stats logs no abandoned game
        self.inform(f"Exported {quantity(n, finished + 'match', finished + 'matches')} to {path}")
        return n

    def delete_selected(self) -> int:
        ids = self.selected_ids()
        if not ids or not self.writable:
            return 0
        if len(ids) == 1:
            m = self.model.match(sorted({ix.row() for ix in self.table.selectionModel().selectedRows()})[0])
            who = ", ".join(s.name for s in m.seats) if m else ""
            text = f"Delete match {ids[0]} ({when(m.started_at)}, {who}) from the history? This cannot be undone."
        else:
            text = f"Delete {len(ids)} matches from the history? This cannot be undone."
        if not self.confirm("Delete from the history", text):
            return 0
        with self.history.session() as s:
            n = sum(repo.delete_match(s, i) for i in ids)
        self.model.refresh()
        if self.match_page.detail is not None and self.match_page.detail.id in ids:
            self.match_page.show_match(self.match_page.detail.id)
        self.load_facets()
        return n
