"""Charts, drawn with pyqtgraph (imported on first use: playing needs none): a player's score
trend over the history's games, and one game's honor race."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ascension.core.i18n import _, ngettext
from ascension.ui.history.replay import race_story

WIN_COLOUR = QColor("#1f7a34")
LOSS_COLOUR = QColor("#a8322d")
# one colour per player, told apart also by people with the commonest colour blindness (Okabe-Ito)
PLAYER_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"]


class _HonorChart(QWidget):
    """Honor up the side, ``bottom`` along the bottom, a legend at the top left."""

    def __init__(self, bottom: str, min_height: int, legend_columns: int = 1, scroll_x: bool = False,
                 parent=None):
        super().__init__(parent)
        import pyqtgraph as pg
        pg.setConfigOptions(antialias=True, background="w", foreground="#333")
        self.pg = pg
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.plot = pg.PlotWidget()
        self.plot.setMinimumHeight(min_height)
        self.plot.showGrid(x=True, y=True, alpha=0.2)
        self.plot.setLabel("left", _("Honor"))
        self.plot.setLabel("bottom", bottom)
        self.plot.setMouseEnabled(x=scroll_x, y=False)
        self.plot.addLegend(offset=(10, 5), colCount=legend_columns)
        lay.addWidget(self.plot)


class TrendChart(_HonorChart):
    """Score per game (green: won, red: lost) and a moving average, oldest game on the left."""
    WINDOW = 10
    MAX_POINTS = 3000

    def __init__(self, parent=None):
        super().__init__(_("Game (oldest → newest)"), 200, legend_columns=3, scroll_x=True, parent=parent)
        self.points = 0

    def show_trend(self, trend: list) -> None:
        """``trend``: the history's TrendPoints (score, won), oldest first."""
        pg = self.pg
        self.plot.clear()
        self.points = len(trend)
        if not trend:
            return
        xs = list(range(1, len(trend) + 1))
        scores = [p.score for p in trend]
        window = max(self.WINDOW, len(trend) // 200)   # a long history: a smoother average
        if len(trend) <= self.MAX_POINTS:   # every game a dot; beyond that only the average
            won = [(x, p.score) for x, p in zip(xs, trend) if p.won]
            lost = [(x, p.score) for x, p in zip(xs, trend) if not p.won]
            size = 7 if len(trend) < 200 else 4
            for pts, colour, name in ((won, WIN_COLOUR, _("won")), (lost, LOSS_COLOUR, _("lost"))):
                if pts:
                    self.plot.plot([x for x, __ in pts], [y for __, y in pts], pen=None, symbol="o", symbolSize=size,
                                   symbolBrush=pg.mkBrush(colour), symbolPen=None, name=name)
        avg, run = [], 0.0
        for i, s in enumerate(scores):
            run += s
            if i >= window:
                run -= scores[i - window]
            avg.append(run / min(i + 1, window))
        self.plot.plot(xs, avg, pen=pg.mkPen("#2d67b2", width=2),
                       name=ngettext("average of {n} game", "average of {n} games", window).format(n=window))
        self.plot.setXRange(0.5, len(trend) + 0.5, padding=0.02)
        low, high = min(scores), max(scores)
        self.plot.setYRange(max(0, low - 5), high + max(10, (high - low) * 0.25), padding=0)   # room for the legend


class HonorRaceChart(_HonorChart):
    """Each player's honor (tokens + card honor) at the end of every turn: who led, when the
    game turned, how far apart it ended."""

    def __init__(self, parent=None):
        super().__init__(_("Turn"), 160, parent=parent)
        self.lines = 0
        self.marker = None   # a vertical line at the turn a replay shows
        self.story = QLabel()   # who led, how often it changed, the largest lead
        self.story.setTextFormat(Qt.PlainText)   # (the players' names as written)
        self.story.setWordWrap(True)
        self.layout().addWidget(self.story)

    def show_race(self, names: list[str], rows: list[list[int]]) -> None:
        pg = self.pg
        self.plot.clear()
        self.marker = None
        self.lines = len(names) if rows else 0
        self.story.setText(race_story(names, rows))
        self.story.setVisible(bool(self.story.text()))
        if not rows:
            return
        turns = list(range(1, len(rows) + 1))
        for i, name in enumerate(names):
            pen = pg.mkPen(PLAYER_COLOURS[i % len(PLAYER_COLOURS)], width=2.5)
            self.plot.plot(turns, [row[i] for row in rows], pen=pen, name=html.escape(name))   # (the legend is HTML)
        self.plot.setXRange(1, max(2, len(rows)), padding=0.02)
        top = max(max(row) for row in rows)
        self.plot.setYRange(0, top * 1.25 + 5, padding=0)   # room for the legend above the lines

    def mark_turn(self, turn: int) -> None:
        """Mark ``turn`` (the replay's position) with a vertical line."""
        if not self.lines:
            return
        if self.marker is None:
            self.marker = self.pg.InfiniteLine(angle=90, movable=False, pen=self.pg.mkPen("#999", width=1.5,
                                                                                         style=Qt.DashLine))
            self.plot.addItem(self.marker, ignoreBounds=True)
        self.marker.setValue(turn)
