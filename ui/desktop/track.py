"""The Legendary Track drawn as a board across the table: a row per faction with its spaces 0 to
12 (milestones 3, 6 and 9 earn the faction's Boon; 12 is Legendary status), every player's
marker on its space, and beside each row the faction's Legend, its Boon, and the Boons the
player to move has earned this turn and not used yet.

It paints what ``ascension.plugins.legendary.track.board`` reads from the game: numbers come
from the state, never from text. Geometry is public (``space_rect``, ``marker_rects``) so that
tests can check each marker sits on its space.
"""
from __future__ import annotations

import html
import math
from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ascension.core.cards import FACTIONS
from ascension.core.i18n import _, language
from ascension.plugins.legendary.track import LEGEND, MILESTONES

from .cards import FACTION_COLOURS, FONT_FAMILY
from .words import faction_name

# One colour per seat, for its marker here and the dot before its name on the seat panel;
# the last is a solo villain's (the Cult).
SEAT_COLOURS = ["#e63946", "#f4b400", "#2ec4b6", "#ff5dbe", "#1982c4", "#8ac926"]
VILLAIN_COLOUR = "#1b1b1b"
MILESTONE_COLOUR = QColor("#e7b416")


def seat_colour(seat: int) -> str:
    return VILLAIN_COLOUR if seat < 0 else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(7, round(px)))
    f.setBold(bold)
    return f


@lru_cache(maxsize=None)
def _names_width(lang: str) -> float:
    """How wide the longest faction name is painted, in ``lang`` (the one in use)."""
    metrics = QFontMetricsF(_font(12, bold=True))
    return max(metrics.horizontalAdvance(faction_name(f)) for f in FACTIONS)


class TrackBoard(QWidget):
    """The board; ``show_board`` gives it the track, the names and who is to move."""

    ROW_H = 22
    PAD = 3
    LABEL_W = 100                # at least; wider when a language's faction names need it
    SPACES = LEGEND + 1          # 0..12

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("track")
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.setFixedHeight(len(FACTIONS) * self.ROW_H + 2 * self.PAD)
        self.board: dict | None = None
        self.names: dict[int, str] = {}     # seat -> name
        self.legends: dict[str, str] = {}   # faction -> its Legendary Character's name
        self.current = 0

    def show_board(self, board: dict, names: dict[int, str], legends: dict[str, str], current: int) -> None:
        self.board, self.names, self.legends, self.current = board, names, legends, current
        self.setToolTip(self._tooltip())
        self.update()

    # ------------------------------------------------------------------ geometry
    def label_w(self) -> float:
        """The faction names' column: as wide as the longest name needs ("Lebensgebundene")."""
        return max(self.LABEL_W, _names_width(language()) + 20)

    def cell_w(self) -> float:
        """Wide enough for four markers side by side; the Legends' Boons take what is left."""
        room = self.width() - self.label_w() - 220
        return max(24.0, min(40.0, room / self.SPACES))

    def space_rect(self, faction: str, n: int) -> QRectF:
        row = FACTIONS.index(faction)
        w = self.cell_w()
        return QRectF(self.label_w() + n * w, self.PAD + row * self.ROW_H, w, self.ROW_H)

    def info_rect(self, faction: str) -> QRectF:
        last = self.space_rect(faction, LEGEND)
        left = last.right() + 8
        return QRectF(left, last.top(), self.width() - left - 4, last.height())

    def seats(self) -> list[int]:
        """Players first, then a solo villain."""
        rows = (self.board or {}).get("renown", {})
        return sorted(rows, key=lambda s: (s < 0, s))

    def marker_rects(self, faction: str) -> dict[int, QRectF]:
        """Each seat's marker on ``faction``'s row: markers sharing a space are laid out in a grid
        inside it (as many lines as make them largest), so that none covers another."""
        by_space: dict[int, list[int]] = {}
        for s in self.seats():
            by_space.setdefault(self.board["renown"][s][faction], []).append(s)
        out = {}
        for n, seats in by_space.items():
            cell = self.space_rect(faction, n).adjusted(2, 2, -2, -2)
            k = len(seats)
            lines = max(range(1, k + 1), key=lambda m: min(cell.width() / math.ceil(k / m), cell.height() / m))
            cols = math.ceil(k / lines)
            d = math.floor(min(cell.width() / cols, cell.height() / lines))
            left = cell.center().x() - cols * d / 2
            top = cell.center().y() - lines * d / 2
            for i, s in enumerate(seats):
                out[s] = QRectF(left + (i % cols) * d, top + (i // cols) * d, d, d).adjusted(0.5, 0.5, -0.5, -0.5)
        return out

    # ------------------------------------------------------------------ text
    def legend_line(self, faction: str) -> str:
        return _("{legend} — Boon: {boon}").format(legend=self.legends.get(faction, ""),
                                                  boon=self.board["boon_text"].get(faction, ""))

    def ready(self, faction: str) -> int:
        """How many of ``faction``'s Boons the player to move has earned this turn and not used."""
        return (self.board or {}).get("boons", {}).get(self.current, []).count(faction)

    def _tooltip(self) -> str:
        b = self.board
        rows = []
        for f in FACTIONS:
            if f not in b["characters"]:
                continue
            marks = ", ".join(f"{html.escape(self.names.get(s, '?'))} {b['renown'][s][f]}" for s in self.seats())
            renown = html.escape(_("Renown: {marks}")).format(marks=marks)
            rows.append(f"<b>{html.escape(faction_name(f))}</b>: {html.escape(self.legend_line(f))}<br>"
                        f"<span style='color:#555'>{renown}</span>")
        return ("<qt>" + "<br>".join(rows) + "<br><i>{}</i></qt>".format(html.escape(
            _("Spaces 3, 6 and 9 earn the faction's Boon for this turn; 12 gives Legendary status."))))

    # ------------------------------------------------------------------ painting
    def paintEvent(self, _event) -> None:
        if self.board is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#24392d"))
        p.drawRoundedRect(QRectF(self.rect()), 6, 6)
        for f in FACTIONS:
            self._paint_row(p, f)
        p.end()

    def _paint_row(self, p: QPainter, faction: str) -> None:
        colour = QColor(FACTION_COLOURS[faction])
        first = self.space_rect(faction, 0)
        label = QRectF(4, first.top() + 1, self.label_w() - 8, first.height() - 2)
        p.setPen(Qt.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(label, 4, 4)
        p.setPen(QColor("#ffffff"))
        p.setFont(_font(12, bold=True))
        p.drawText(label.adjusted(6, 0, 0, 0), Qt.AlignVCenter | Qt.AlignLeft, faction_name(faction))
        for n in range(self.SPACES):
            cell = self.space_rect(faction, n).adjusted(1, 1, -1, -1)
            special = n in MILESTONES or n == LEGEND
            p.setPen(QPen(MILESTONE_COLOUR if special else colour.darker(130), 2 if special else 1))
            p.setBrush(colour.lighter(175) if special else colour.lighter(150))
            p.drawRoundedRect(cell, 3, 3)
            p.setPen(QColor("#5a4300") if special else QColor(0, 0, 0, 90))
            p.setFont(_font(11, bold=special))
            p.drawText(cell, Qt.AlignCenter, "★12" if n == LEGEND else str(n))
        for seat, r in self.marker_rects(faction).items():
            p.setPen(QPen(QColor("#111111"), 1.3))
            p.setBrush(QColor(seat_colour(seat)))
            p.drawEllipse(r)
            if r.width() >= 13:
                p.setPen(QColor("#ffffff" if seat < 0 else "#111111"))
                p.setFont(_font(r.width() * 0.62, bold=True))
                p.drawText(r, Qt.AlignCenter, self.names.get(seat, "?")[:1])
        info = self.info_rect(faction)
        x = info.left()
        ready = self.ready(faction)
        if ready:
            f = _font(11, bold=True)
            name = self.names.get(self.current, "")
            text = (_("{name}: Boon ready ×{n}").format(name=name, n=ready) if ready > 1
                    else _("{name}: Boon ready").format(name=name))
            pill = QRectF(x, info.top() + 2, QFontMetricsF(f).horizontalAdvance(text) + 10, info.height() - 4)
            p.setPen(Qt.NoPen)
            p.setBrush(MILESTONE_COLOUR)
            p.drawRoundedRect(pill, 4, 4)
            p.setPen(QColor("#2b2000"))
            p.setFont(f)
            p.drawText(pill, Qt.AlignCenter, text)
            x = pill.right() + 6
        f = _font(12)
        p.setFont(f)
        p.setPen(QColor("#f1ead8"))
        room = QRectF(x, info.top(), info.right() - x, info.height())
        p.drawText(room, Qt.AlignVCenter | Qt.AlignLeft,
                   QFontMetricsF(f).elidedText(self.legend_line(faction), Qt.ElideRight, room.width()))
