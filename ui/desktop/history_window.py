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
The pages live beside it: ``history_matches`` (the list and its filters), ``history_stats`` and
``history_match`` (one match and its replay); ``history_common`` holds what they share.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QFileDialog, QHBoxLayout, QHeaderView, QLabel, QMessageBox,
                               QPushButton, QTableView, QTabWidget, QVBoxLayout, QWidget)
from sqlalchemy.exc import SQLAlchemyError

from ascension.core.folders import atomic_writer, kept_games_dir
from ascension.core.i18n import _, ngettext, os_error
from ascension.ui.history import repo
from ascension.ui.history.db import History, ReadOnlyHistoryError, export_refused, open_history
from ascension.ui.history.recording import history_for, kept_for, take_in_kept

from .history_common import DEFAULT_FILTER, refused, when
from .history_match import MatchPage, ReplayViewer
from .history_matches import FilterBar, MatchTableModel
from .history_stats import StatsPage
from .words import number

__all__ = ["DEFAULT_FILTER", "FilterBar", "HistoryWindow", "MatchPage", "MatchTableModel", "ReplayViewer",
           "StatsPage", "when"]


class HistoryWindow(QWidget):
    """Matches, statistics and one match, in three tabs."""

    player_chosen = Signal(str)   # whose history it is: the desktop keeps it in its settings

    def __init__(self, db=None, player: str | None = None, parent=None):
        """``db``: path, SQLAlchemy URL, open History or None (the default history file);
        ``player``: whose results and statistics to show (None: the person with most games)."""
        super().__init__(parent)
        self.setWindowTitle(_("Ascension — Match history"))
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
                self._notice(_("The history cannot be opened: {error}").format(error=again))
                lay.addStretch(1)
                return
            self._notice(_("The history {where} cannot be written ({detail}), so it is open for browsing only: "
                           "games cannot be deleted here.").format(where=exc.where, detail=exc.detail))
        except Exception as exc:   # HistoryError, a server out of reach...: open, and say what is wrong
            self._notice(_("The history cannot be opened: {error}").format(error=exc))
            lay.addStretch(1)
            return
        self.writable = not self.history.read_only
        if self.history.notices:
            self._notice(" ".join(self.history.notices))
            self.history.notices.clear()
        if not isinstance(db, History):   # (an open History: its caller manages what goes into it)
            self._take_in_kept_games(db)
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
        self.table.setTabKeyNavigation(False)   # (Tab leaves the list, for Open, Export and Delete)
        self.table.activated.connect(lambda ix: self.open_match(self.model.data(ix, Qt.UserRole)))   # Enter, double-click
        pl.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.count = QLabel()
        buttons.addWidget(self.count, 1)
        self.open_btn = QPushButton(_("Open"))
        self.export_csv_btn = QPushButton(_("Export CSV…"))
        self.export_json_btn = QPushButton(_("Export JSON…"))
        self.export_bgstats_btn = QPushButton(_("Export for BG Stats…"))
        self.export_bgstats_btn.setToolTip(_("A file the BG Stats app imports: the listed finished games, "
                                             "each with every player's honor"))
        self.delete_btn = QPushButton(_("Delete…"))
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
        self.model.failed.connect(self._notice)
        if self.model.problem:   # (its first read, as it was made)
            self._notice(self.model.problem)
        self.model.modelReset.connect(self._selection)
        self.filters.changed.connect(self.apply_filter)
        self.tabs.addTab(page, _("Matches"))

        # ---- statistics (built when first shown: the chart library loads then)
        self.stats: StatsPage | None = None
        self._stats_holder = QWidget()
        QVBoxLayout(self._stats_holder).setContentsMargins(0, 0, 0, 0)
        self.tabs.addTab(self._stats_holder, _("Statistics"))
        # ---- one match
        self.match_page = MatchPage(self.history)
        self.tabs.addTab(self.match_page, _("Match"))
        self.tabs.currentChanged.connect(self._tab_changed)
        self._count(self.model.total if self.model.exact else -1)
        self._selection()
        QTimer.singleShot(0, self.load_facets)   # filter choices after the first paint

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key_Escape:   # as every other window of the program
            self.close()
            return
        super().keyPressEvent(event)

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
        path, __ = QFileDialog.getSaveFileName(self, title, suggested, pattern)
        return path or None

    def inform(self, text: str) -> None:
        self.count.setText(text)

    def _take_in_kept_games(self, db) -> None:
        """Games that ended while the history could not take them wait in files of their own:
        they go in now, so that the window shows them, and those that still cannot are named
        in the banner, with where they wait."""
        if self.writable:
            for said in take_in_kept(db).refused:
                self._notice(said)
        waiting = len(kept_for(db))
        if waiting:
            self._notice(ngettext(
                "{n} game that ended while the history could not take it is not shown: it waits in {folder} "
                "and goes in once the history can take it (when a game is recorded, or this window opens).",
                "{n} games that ended while the history could not take them are not shown: they wait in "
                "{folder} and go in once the history can take them (when a game is recorded, or this window "
                "opens).", waiting).format(n=waiting, folder=kept_games_dir()))

    # ------------------------------------------------------------------ actions
    def _notice(self, text: str) -> None:
        """Say ``text`` in the banner at the top, under what it says already."""
        self.banner.setText("\n".join(filter(None, [self.banner.text(), text])))
        self.banner.show()

    def load_facets(self) -> None:
        if self.history is None:
            return
        try:
            with self.history.session() as s:
                f = repo.facets(s)
        except SQLAlchemyError as exc:   # (the filters keep the names they had)
            self._notice(refused(self.history, exc))
            return
        self.filters.set_facets(f)
        if self.stats is not None:
            self.stats.set_names(f.names)
        self._names = f.names

    def games_added(self) -> None:
        """Games went into the history while this window was open (one just played at the table)."""
        if self.history is None:
            return
        self.model.refresh()
        self.load_facets()
        if self.stats is not None and self.tabs.currentWidget() is self._stats_holder:
            self.stats.refresh(self.model.filter)

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
        self.count.setText(_("Counting matches…") if n < 0
                           else ngettext("{n} match", "{n} matches", n).format(n=number(n)))

    def _selection(self, *args):
        n = len(self.selected_ids())
        self.open_btn.setEnabled(n == 1)
        self.delete_btn.setEnabled(n > 0 and self.writable)
        self.delete_btn.setToolTip("" if self.writable else _("This history is open for browsing only"))
        self.delete_btn.setText(_("Delete…") if n <= 1 else _("Delete {n}…").format(n=n))

    def selected_ids(self) -> list[int]:
        rows = sorted({ix.row() for ix in self.table.selectionModel().selectedRows()})
        return [m.id for m in (self.model.match_at(r) for r in rows) if m is not None]

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
        title = {"csv": _("Export the listed matches (CSV)"), "json": _("Export the listed matches (JSON)"),
                 "bgstats": _("Export the listed matches (for BG Stats)")}[fmt]
        name = "ascension-bgstats.json" if fmt == "bgstats" else f"ascension-matches.{fmt}"
        path = self.ask_save_path(title, str(Path.home() / name),
                                  _("CSV files (*.csv)") if fmt == "csv" else _("JSON files (*.json)"))
        if not path:
            return None
        why_not = export_refused(Path(path))
        if why_not:
            self._notice(_("Export failed: {error}").format(error=why_not))
            return None
        try:   # (the file dialog asked before a file is written over)
            with self.history.session() as s, atomic_writer(Path(path), shared=True) as fh:
                n = repo.export_matches(s, fh, fmt, self.model.filter, sort=self.model.sort_key, me=self.player)
        except OSError as exc:
            self._notice(_("Export failed: {error}").format(
                error=_("cannot write {file}: {error}").format(file=path, error=os_error(exc, path))))
            return None
        except SQLAlchemyError as exc:   # (nothing written under that name: the writer keeps it whole or absent)
            self._notice(_("Export failed: {error}").format(error=refused(self.history, exc)))
            return None
        if fmt == "bgstats":   # BG Stats logs no abandoned game
            done = ngettext("Exported {n} finished match to {path}", "Exported {n} finished matches to {path}", n)
        else:
            done = ngettext("Exported {n} match to {path}", "Exported {n} matches to {path}", n)
        self.inform(done.format(n=number(n), path=path))
        return n

    def delete_selected(self) -> int:
        ids = self.selected_ids()
        if not ids or not self.writable:
            return 0
        if len(ids) == 1:
            m = self.model.match_at(sorted({ix.row() for ix in self.table.selectionModel().selectedRows()})[0])
            who = ", ".join(s.name for s in m.seats) if m else ""
            text = _("Delete match {id} ({when}, {players}) from the history? This cannot be undone.").format(
                id=ids[0], when=when(m.started_at), players=who)
        else:
            text = _("Delete {n} matches from the history? This cannot be undone.").format(n=len(ids))
        if not self.confirm(_("Delete from the history"), text):
            return 0
        n = 0
        try:
            with self.history.writing() as s:
                for i in ids:   # (each in a transaction of its own: those before a failure are gone)
                    n += repo.delete_match(s, i)
        except SQLAlchemyError as exc:
            error = refused(self.history, exc)
            self._notice(ngettext("{n} of the {total} matches was deleted, then: {error}",
                                  "{n} of the {total} matches were deleted, then: {error}", n).format(
                n=n, total=len(ids), error=error) if n else _("Nothing was deleted: {error}").format(error=error))
            if not n:
                return 0
        self.model.refresh()
        if self.match_page.detail is not None and self.match_page.detail.id in ids:
            self.match_page.show_match(self.match_page.detail.id)
        self.load_facets()
        return n
