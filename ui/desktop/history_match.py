"""The History window's match page: when and what, the score breakdown per seat, the cards
acquired and defeated, the honor race and the replay viewer that steps through the game."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QSlider, QSplitter, QStyle, QTabWidget, QVBoxLayout, QWidget)
from sqlalchemy.exc import SQLAlchemyError

from ascension.core.i18n import _, ngettext
from ascension.core.wording import duration
from ascension.ui.history import repo
from ascension.ui.history.db import History
from ascension.ui.history.replay import ReplaySteps

from .charts import LOSS_COLOUR, WIN_COLOUR, HonorRaceChart
from .history_common import HIGHLIGHT, fill, match_title, refused, seat_who, table

AUTOPLAY_MS = 600


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
        self.back_btn = QPushButton(icon(QStyle.SP_MediaSeekBackward), _("Back"))
        self.play_btn = QPushButton(icon(QStyle.SP_MediaPlay), _("Autoplay"))
        self.play_btn.setCheckable(True)
        self.forward_btn = QPushButton(icon(QStyle.SP_MediaSeekForward), _("Forward"))
        self.forward_btn.setLayoutDirection(Qt.RightToLeft)   # the arrow after the word
        self.last_btn = QPushButton(icon(QStyle.SP_MediaSkipForward), "")
        for b, tip in ((self.first_btn, _("First step (Home)")), (self.back_btn, _("One answer back (←)")),
                       (self.play_btn, _("Step forward every moment")), (self.forward_btn, _("One answer forward (→)")),
                       (self.last_btn, _("Last step (End)"))):
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
            self.caption.setText(steps.error if steps and steps.error else _("No replay for this match."))
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
        self.caption.setText(_("Turn {n} · {caption}").format(n=step.turn, caption=step.caption) if k else step.caption)
        self.score.setText(_("Honor: {scores} · pool {pool}").format(
            scores=", ".join(f"{n} {s}" for n, s in step.scores), pool=step.pool))
        self.position.setText(f"{k} / {total}")
        self.slider.blockSignals(True)
        self.slider.setValue(k)
        self.slider.blockSignals(False)
        self.back_btn.setEnabled(k > 0)
        self.first_btn.setEnabled(k > 0)
        self.forward_btn.setEnabled(k < total)
        self.last_btn.setEnabled(k < total)
        if self.steps.error and k == total:
            self.caption.setText(_("{caption} — replay stops here: {error}").format(
                caption=self.caption.text(), error=self.steps.error))
        if self.steps.differences and k == 0:
            self.caption.setText(_("{caption} — played with other plugins: {differences}").format(
                caption=self.caption.text(), differences="; ".join(self.steps.differences)))

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
        self.play_btn.setText(_("Pause") if on else _("Autoplay"))
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
        self.header = QLabel(_("Double-click a match in the list to see it here."))
        self.header.setTextFormat(Qt.RichText)
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.header)
        split = QSplitter(Qt.Horizontal)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        self.scores = table([_("Player"), _("Seat"), _("Team"), _("Honor tokens"), _("Card honor"), _("Total")])
        ll.addWidget(self.scores)
        self.cards = table([_("Card")])
        self.race = HonorRaceChart()
        self.tabs = QTabWidget()
        cards_page = QWidget()
        cl = QVBoxLayout(cards_page)
        cl.addWidget(QLabel("{} · <span style='color:#a8322d'>⚔ {}</span>".format(
            html.escape(_("Cards acquired (copies)")), html.escape(_("monsters defeated (times)")))))
        cl.addWidget(self.cards, 1)
        self.tabs.addTab(cards_page, _("Cards"))
        self.tabs.addTab(self.race, _("Honor by turn"))
        ll.addWidget(self.tabs, 1)
        split.addWidget(left)
        self.viewer = ReplayViewer()
        self.viewer.turn_shown.connect(self.race.mark_turn)
        split.addWidget(self.viewer)
        split.setSizes([430, 520])
        lay.addWidget(split, 1)

    def show_match(self, match_id: int) -> bool:
        try:
            with self.history.session() as s:
                d = repo.get_match(s, match_id)
            said = _("Match {id} is no longer in the history.").format(id=match_id)
        except SQLAlchemyError as exc:   # another program holds the history, a disk fails: said, nothing shown
            d, said = None, _("Match {id} cannot be read now: {error}").format(id=match_id, error=refused(self.history, exc))
        self.detail = d
        if d is None:
            self.header.setText(said)
            self.scores.setRowCount(0)
            self.cards.setRowCount(0)
            self.viewer.load(None)
            self.race.show_race([], [])
            return False
        flags = []
        if d.status == "abandoned":
            flags.append(_("abandoned before the end"))
        if d.capped:
            flags.append(_("stopped at the turn limit"))
        if d.assisted:
            flags.append(_("assisted (an undo took back shown information)"))
        if d.options.get("simulated"):
            flags.append(_("played by bots in a simulation"))
        seconds = (d.ended_at - d.started_at).total_seconds()
        length = f"{duration(seconds)}, " if seconds > 0 else ""
        turns = ngettext("{n} turn", "{n} turns", d.turns).format(n=d.turns)
        facts = _("{turns} · Variants: {variants} · Seed {seed} · engine {engine} · match {id} in the history").format(
            turns=turns, variants=" + ".join(d.variants) or _("none"), seed=d.seed, engine=d.engine_version, id=d.id)
        self.header.setText(
            f"<b style='font-size:15px'>{html.escape(match_title(d))}</b><br>{html.escape(length + facts)}"
            + (f"<br><i>{html.escape('; '.join(flags))}</i>" if flags else ""))
        rows = []
        for x in d.seats:
            rows.append([("★ " if x.winner else "") + seat_who(x), x.seat + 1 if x.seat >= 0 else "—",
                         "" if x.team is None else x.team + 1, x.tokens, x.card_honor, x.total])
        fill(self.scores, rows)
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
        self.cards.setHorizontalHeaderLabels([_("Card")] + [x.name for x in d.seats])
        for i in range(1, 1 + len(d.seats)):
            self.cards.horizontalHeader().setSectionResizeMode(i, QHeaderView.ResizeToContents)
        cells = []
        for card in names:
            row = [card]
            for x in d.seats:
                a, k = x.acquired.get(card, 0), x.defeated.get(card, 0)
                row.append("  ".join(t for t in (str(a) if a else "", f"⚔ {k}" if k else "") if t))
            cells.append(row)
        fill(self.cards, cells)
        for r, card in enumerate(names):
            if any(card in x.defeated for x in d.seats):
                for c in range(self.cards.columnCount()):
                    self.cards.item(r, c).setForeground(LOSS_COLOUR)
        steps = ReplaySteps(d.setup, d.answers) if d.setup else None
        self.race.show_race(*(steps.honor_by_turn() if steps else ([], [])))
        self.viewer.load(steps)   # shows the first step: the race marks its turn
        return True
