"""The History window's match list: a table model that fetches a page of matches at a time, and
the filter bar above it."""
from __future__ import annotations

from collections import OrderedDict
from datetime import date

from PySide6.QtCore import QAbstractTableModel, QDate, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QDateEdit, QHBoxLayout, QPushButton, QVBoxLayout, QWidget
from sqlalchemy.exc import SQLAlchemyError

from ascension.core.i18n import N_, _, ngettext
from ascension.ui.history import repo
from ascension.ui.history.db import History

from .charts import LOSS_COLOUR, WIN_COLOUR
from .history_common import DEFAULT_FILTER, MUTED_COLOUR, players_text, refused, seat_who, when


class MatchTableModel(QAbstractTableModel):
    """Matches under a filter; rows are fetched a page at a time (a few pages kept).

    A new filter or sort shows its first page at once; when that page is full, the matching
    rows are counted just after (the next turn of the event loop: a count visits every match
    that matches, a page only a hundred), and the rows beyond the first page then appear.
    ``exact`` tells whether ``rowCount`` is the full count yet."""

    COLUMNS = (N_("Date"), N_("Sets"), N_("Variant"), N_("Players (★ won)"), N_("Turns"), N_("Result"))
    SORT_KEYS = {0: "date", 1: "sets", 2: "variant", 3: "players", 4: "turns"}   # Result: not sortable
    PAGES_KEPT = 8
    count_changed = Signal(int)
    failed = Signal(str)   # a read the history refused (see history_common.refused): the list stays as it was

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
        self.problem = ""   # what the last read the history refused said (one before anyone listened too)
        self.refresh()

    # -------------------------------------------------------------- queries
    def _read(self, query):
        """``query(session)``, or None when the history refuses it (said through ``failed``; the
        list stays as it was)."""
        try:
            with self.history.session() as s:
                return query(s)
        except SQLAlchemyError as exc:
            self.problem = refused(self.history, exc)
            self.failed.emit(self.problem)
            return None

    def refresh(self) -> None:
        self._counting.stop()
        first = self._read(lambda s: repo.list_matches(s, self.filter, sort=self.sort_key, offset=0,
                                                       limit=self.page_size))
        if first is None:
            return
        self.beginResetModel()
        self._pages.clear()
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
        n = self._read(lambda s: repo.count_matches(s, self.filter))
        if n is None:   # (the rows read so far stay listed)
            self.count_changed.emit(self.total)
            return self.total
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

    def match_at(self, row: int) -> repo.MatchSummary | None:
        """The match shown in ``row`` (None beyond the last). Not ``match``: Qt's type-ahead search
        calls the model's ``match(start, role, value, ...)``, and a key typed in the list crashed
        the program through a method of that name."""
        if not 0 <= row < self.total:
            return None
        page = row // self.page_size
        rows = self._pages.get(page)
        if rows is None:
            rows = self._read(lambda s: repo.list_matches(s, self.filter, sort=self.sort_key,
                                                          offset=page * self.page_size, limit=self.page_size))
            if rows is None:   # (a blank row, read again when next shown)
                return None
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
            return _(self.COLUMNS[section])
        return None

    def result(self, m: repo.MatchSummary) -> str:
        r = m.result_for(self.player)
        return {"win": _("Won"), "loss": _("Lost"), "abandoned": _("Abandoned")}.get(r, "—")

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        m = self.match_at(index.row())
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
            lines = [_("Match {id}, {start} – {end}").format(id=m.id, start=when(m.started_at), end=when(m.ended_at))]
            for s in m.seats:
                lines.append(("★ " if s.winner else "   ") + _("{who}: {tokens} tokens + {cards} card honor = {total}")
                             .format(who=seat_who(s), tokens=s.tokens, cards=s.card_honor, total=s.total))
            if m.assisted:
                lines.append(_("Assisted: an undo took back information already shown."))
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
        self.since_on, self.since = QCheckBox(_("From")), QDateEdit()
        self.until_on, self.until = QCheckBox(_("to")), QDateEdit()
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
        self.opponent.lineEdit().setPlaceholderText(_("Any opponent"))
        self.players = QComboBox()
        self.seat = QComboBox()
        self.seat.setToolTip(_("Where the player sat in turn order"))
        self.result = QComboBox()
        for text, data in ((_("Any result"), None), (_("Won"), "win"), (_("Lost"), "loss"),
                           (_("Abandoned"), "abandoned")):
            self.result.addItem(text, data)
        self.games = QComboBox()
        for text, data in ((_("Games people played"), "played"), (_("Simulated games"), "simulated"),
                           (_("All games"), "all")):
            self.games.addItem(text, data)
        self.games.setToolTip(_("Simulated games are played by bots alone (ascension simulate --record)"))
        self.reset = QPushButton(_("Clear filters"))
        self.reset.clicked.connect(self.clear)
        self._typing = QTimer(self, singleShot=True, interval=300)
        self._typing.timeout.connect(self._emit)
        self.opponent.editTextChanged.connect(lambda text: None if self._quiet else self._typing.start())
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
            for box, first, items in ((self.sets, (_("Any sets"), None), [(s, s) for s in f.sets]),
                                      (self.variant, (_("Any variant"), None),
                                       [(_("No variant") if not v else v.replace(",", " + "), v) for v in f.variants]),
                                      (self.players, (_("Any player count"), None),
                                       [(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in f.players]),
                                      (self.seat, (_("Any seat"), None),
                                       [(_("Seat {n}").format(n=n), n)
                                        for n in range(1, max(f.players, default=0) + 1)])):
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

    def _emit(self, *args):
        if not self._quiet:
            self._typing.stop()
            self.changed.emit(self.value())
