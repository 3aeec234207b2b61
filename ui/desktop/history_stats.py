"""The History window's statistics page: one player's results, a score-trend chart and tables
(head to head, cards, monsters, set mix, variant, player count, seat), computed off the GUI thread."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget
from sqlalchemy.exc import SQLAlchemyError

from ascension.core.i18n import _, ngettext
from ascension.ui.history import repo
from ascension.ui.history.db import History

from .background import Background
from .charts import TrendChart
from .history_common import DEFAULT_FILTER, fill, pct, refused, table
from .words import number, seat_kind


class StatsPage(QWidget):
    """Statistics of one player (the name configured in the settings, changeable here)."""
    player_changed = Signal(str)

    def __init__(self, history: History, player: str | None, parent=None):
        super().__init__(parent)
        self.history = history
        self.filter: repo.MatchFilter | None = None
        self.stats: repo.PlayerStats | None = None
        self.busy = False
        self._generation = 0
        self._background = Background(self)
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Player:")))
        self.who = QComboBox()
        self.who.setEditable(True)
        self.who.setInsertPolicy(QComboBox.NoInsert)
        self.who.setMinimumWidth(180)
        self.who.setEditText(player or "")
        self.who.lineEdit().editingFinished.connect(self._name_entered)
        self.who.activated.connect(lambda index: self._name_entered())
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
        games, won, rate = _("Games"), _("Won"), _("Win rate")
        self.opponents = table([_("Opponent"), games, won, _("They won"), rate])
        self.sets = table([_("Set mix"), games, won, rate])
        self.variants = table([_("Variant"), games, won, rate])
        self.players = table([_("Players"), games, won, rate])
        self.seats = table([_("Seat (turn order)"), games, won, rate])
        self.cards = table([_("Card acquired"), _("Copies"), games, _("Win rate when acquired")])
        self.monsters = table([_("Monster defeated"), _("Times"), games, _("Win rate when defeated")])
        for w, name in ((self.opponents, _("Head to head")), (self.cards, _("Cards")), (self.monsters, _("Monsters")),
                        (self.sets, _("Set mix")), (self.variants, _("Variant")), (self.players, _("Player count")),
                        (self.seats, _("Seat"))):
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
            self.summary.setText(_("Choose whose statistics to show: type a player's name above."))
            self.chart.show_trend([])
            return
        finished = {"result": None, "status": "finished"}
        scope = (self.filter or DEFAULT_FILTER).model_copy(update=finished)
        narrowed = scope.model_copy(update={"player": None}) != DEFAULT_FILTER.model_copy(update=finished)
        self.scope.setText(_("(games matching the filters of the match list)") if narrowed
                           else _("(all finished games)"))
        self.busy = True
        self.summary.setText(_("Counting the games of {name}…").format(name=f"<b>{html.escape(name)}</b>"))
        generation, history = self._generation, self.history

        def work():
            with history.session() as s:
                return repo.player_stats(s, name, scope)
        # an in-memory history has a single connection: no second thread on it
        self._background.run(work, lambda st, error: self._show(generation, name, narrowed, st, error),
                             name="history-stats", thread=history.concurrent)

    def _show(self, generation: int, name: str, narrowed: bool, st, error: Exception | None) -> None:
        if generation != self._generation:
            return
        self.busy = False
        if error is not None:
            why = refused(self.history, error) if isinstance(error, SQLAlchemyError) else error
            self.summary.setText(html.escape(_("The statistics could not be computed: {error}").format(error=why)))
            return
        self.stats = st
        if not st.games:
            who = f"<b>{html.escape(name)}</b>"
            self.summary.setText(_("No finished games of {name} yet under these filters.").format(name=who)
                                 if narrowed else _("No finished games of {name} yet.").format(name=who))
        else:
            bold = lambda value: f"<b>{value}</b>"   # noqa: E731  (the numbers stand out)
            streak = ("—" if not st.current_streak else
                      ngettext("{n} win", "{n} wins", st.current_streak).format(n=number(st.current_streak))
                      if st.current_streak > 0 else
                      ngettext("{n} loss", "{n} losses", -st.current_streak).format(n=number(-st.current_streak)))
            games = ngettext("{n} game", "{n} games", st.games).format(n=number(st.games))
            wins = ngettext("{n} win", "{n} wins", st.wins).format(n=number(st.wins))
            line = _("{name}: {games}, {wins} ({rate})").format(name=bold(html.escape(name)), games=games, wins=wins,
                                                                  rate=bold(pct(st.win_rate)))
            numbers = _("Average score {average} · best {best} · current streak {streak} · longest winning streak "
                        "{longest_win} · longest losing streak {longest_loss}").format(
                average=bold(f"{st.average_score:.1f}"), best=bold(st.best_score), streak=bold(streak),
                longest_win=bold(st.longest_win_streak), longest_loss=bold(st.longest_loss_streak))
            if st.abandoned:
                numbers += " · " + ngettext("{n} game abandoned", "{n} games abandoned", st.abandoned).format(
                    n=number(st.abandoned))
            self.summary.setText(f"<span style='font-size:15px'>{line}</span><br>{numbers}")
        self.chart.show_trend(st.trend)
        self.opponents.setHorizontalHeaderLabels([_("Opponent"), _("Games"), _("{name} won").format(name=name),
                                                  _("They won"), _("{name}'s win rate").format(name=name)])
        fill(self.opponents, [[opponent_title(h), h.games, h.my_wins, h.their_wins, pct(b.win_rate)]
                              for h, b in zip(st.head_to_head, st.by_opponent)])
        for t, rows in ((self.sets, st.by_sets), (self.variants, st.by_variant),
                        (self.players, st.by_players), (self.seats, st.by_seat)):
            fill(t, [[_("none") if t is self.variants and b.key == "none" else b.key, b.games, b.wins,
                      pct(b.win_rate)] for b in rows])
        fill(self.cards, [[c.card, c.copies, c.games, pct(c.win_rate)] for c in st.top_acquired])
        cards, monsters = _("Cards"), _("Monsters")
        if st.cards_over < st.games:
            latest = ngettext("latest {n} game", "latest {n} games", st.cards_over).format(n=number(st.cards_over))
            cards, monsters = f"{cards} ({latest})", f"{monsters} ({latest})"
        self.tabs.setTabText(self.tabs.indexOf(self.cards), cards)
        self.tabs.setTabText(self.tabs.indexOf(self.monsters), monsters)
        fill(self.monsters, [[c.card, c.copies, c.games, pct(c.win_rate)] for c in st.top_defeated])


def opponent_title(row: repo.HeadToHead) -> str:
    """A head-to-head row's opponent: a person's name as typed, a bot as "easy bot" in the language shown."""
    return seat_kind("bot", row.bot) if row.bot else row.opponent
