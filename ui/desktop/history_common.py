"""What the History window's pages share: how a time, a rate, a match's players and title read,
the filter the list starts with, the colours, and the read-only tables of the statistics and match
pages."""
from __future__ import annotations

from datetime import datetime, timezone

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ascension.core.i18n import _
from ascension.ui.history import repo
from ascension.ui.history.db import History, as_history_error

from .words import bot_name

MUTED_COLOUR = QColor("#777777")
HIGHLIGHT = QColor("#fff1b8")
# What the list shows before any filter is chosen: every game a person played, finished or not
# (simulated games, bots only, are kept apart: a filter shows them).
DEFAULT_FILTER = repo.MatchFilter(status="all", games="played")


def refused(history: History, exc: BaseException) -> str:
    """What a database error the window met while the history was open means for the player
    (another program holding it, a disk failing): in their words, never SQLAlchemy's."""
    return str(as_history_error(exc, history.location, history.path))


def local_time(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc).astimezone()


def when(t: datetime) -> str:
    return local_time(t).strftime("%Y-%m-%d %H:%M")


def pct(x: float) -> str:
    return _("{n}%").format(n=f"{100 * x:.0f}")


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
    who = _(" vs ").join(" & ".join(s.name for s in side) for side in sides(d.seats))
    winners = " & ".join(s.name for s in d.seats if s.winner)
    end = (_("abandoned") if d.status == "abandoned" else _("{names} won").format(names=winners) if winners
           else _("no winner"))
    return f"{when(d.started_at)} · {' + '.join(d.sets)} · {who} — {end}"


def seat_who(s: repo.SeatSummary) -> str:
    """A seat's name and, for a bot or the solo villain, what it was: "Bob (easy bot)"."""
    if s.kind == "bot":
        return _("{name} ({bot} bot)").format(name=s.name, bot=bot_name(s.bot))
    return _("{name} (villain)").format(name=s.name) if s.kind == "villain" else s.name


def table(headers: list[str]) -> QTableWidget:
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


def fill(t: QTableWidget, rows: list[list]) -> None:
    t.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem(str(value))
            if c:
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
            t.setItem(r, c, item)
