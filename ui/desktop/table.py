"""The table: every seat's public numbers, the center row and piles, the current player's cards
in play and the viewing player's hand.

The table paints what it is given. For each card it asks one function (``card_state``, from
the window) whether the card can be clicked now, why not, and whether to highlight it; a click
is reported as ``card_clicked(iid)`` and the window turns it into an answer.
"""
from __future__ import annotations

import html

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ascension.core.i18n import _, ngettext
from ascension.plugins.legendary.track import board as legendary_board

from .cards import ASPECT, CardWidget
from .track import TrackBoard, seat_colour

TEAM_COLOURS = ["#2a6fb0", "#b8442f", "#3d8b45"]
GAP = 6
IN_PLAY_SCALE = 0.8    # cards in play are drawn a little smaller than the center row and the hand


@dataclass
class CardState:
    actionable: bool = False
    reason: str = ""
    highlight: str | None = None
    dimmed: bool = False
    new: bool = False        # entered the center row since the person looking last answered


StateFn = Callable[[int, str], CardState]   # (card, zone) -> how to show it


class CardRow(QWidget):
    """Cards side by side at one size; when there are more than fit, they overlap like a fanned hand."""

    card_clicked = Signal(int)
    zoom_requested = Signal(int, str)

    def __init__(self, empty_text: str = "", parent=None):
        super().__init__(parent)
        self.defs = None
        self.cards: list[CardWidget] = []
        self.card_w, self.card_h = 100, 139
        self.empty_text = empty_text
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def set_card_size(self, w: int, h: int) -> None:
        self.card_w, self.card_h = w, h
        self.setFixedHeight(h)
        for c in self.cards:
            c.setFixedSize(w, h)
        self._layout()

    def set_cards(self, defs, items: list[tuple[int | None, CardState]]) -> None:
        self.defs = defs
        while len(self.cards) < len(items):
            c = CardWidget(defs, self)
            c.setFixedSize(self.card_w, self.card_h)
            c.clicked.connect(self.card_clicked)
            c.zoom_requested.connect(self.zoom_requested)
            self.cards.append(c)
        for c in self.cards[len(items):]:
            c.hide()
        for c, (iid, st) in zip(self.cards, items):
            c.defs = defs
            c.show_card(iid, st.actionable, st.reason, st.highlight, st.dimmed, new=st.new)
            c.show()
        self.shown = len(items)
        self._layout()
        self.update()

    def _layout(self) -> None:
        n = getattr(self, "shown", 0)
        if not n:
            return
        step = self.card_w + GAP
        if n > 1 and n * step - GAP > self.width():
            step = max(14, (self.width() - self.card_w) // (n - 1))
        for i, c in enumerate(self.cards[:n]):
            c.move(i * step, 0)
            c.raise_()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._layout()

    def paintEvent(self, event) -> None:
        if getattr(self, "shown", 0) == 0 and self.empty_text:
            p = QPainter(self)
            p.setPen(QColor("#c9d6c9"))
            p.drawText(self.rect().adjusted(8, 0, 0, 0), Qt.AlignVCenter | Qt.AlignLeft, self.empty_text)


class SeatPanel(QFrame):
    """One seat: name and honor; who plays it (and the team); hand and deck counts; the discard
    pile and constructs, which open as lists. Five short lines so six seats fit side by side."""

    zone_requested = Signal(str, int)

    def __init__(self, seat: int, parent=None):
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("seat")
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.setMinimumWidth(120)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 4, 8, 4)
        lay.setSpacing(0)
        top = QHBoxLayout()
        self.name = QLabel()
        self.name.setTextFormat(Qt.RichText)
        self.honor = QLabel()
        self.honor.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.honor.setToolTip(_("Honor tokens"))
        top.addWidget(self.name, 1)
        top.addWidget(self.honor)
        lay.addLayout(top)
        self.who = QLabel()
        self.who.setTextFormat(Qt.RichText)
        self.counts = QLabel()
        self.deck = self._link("", "deck")
        self.deck.setStyleSheet(self.deck.styleSheet() + "QPushButton:disabled { color: palette(text); }")
        counts = QHBoxLayout()
        counts.setSpacing(4)
        counts.addWidget(self.counts)
        counts.addWidget(self.deck)
        counts.addStretch(1)
        lay.addWidget(self.who)
        lay.addLayout(counts)
        self.status = QLabel()        # what plugins show (Renown, Boons), hidden when empty
        self.status.setTextFormat(Qt.RichText)
        self.status.setStyleSheet("color: #4a3b7a;")
        lay.addWidget(self.status)
        self.discard = self._link(_("Open the discard pile"), "discard")
        self.constructs = self._link("", "constructs")
        lay.addWidget(self.discard)
        lay.addWidget(self.constructs)

    def _link(self, tip: str, zone: str) -> QPushButton:
        b = QPushButton()
        b.setFlat(True)
        b.setCursor(Qt.PointingHandCursor)
        b.setToolTip(tip)
        b.setStyleSheet("QPushButton { text-align: left; padding: 0; border: none; }"
                        "QPushButton:enabled { color: #1d4f8c; }")
        b.clicked.connect(lambda: self.zone_requested.emit(zone, self.seat))
        return b

    def show_seat(self, game, current: bool, you: bool, kind: str, team: int | None,
                  team_honor: tuple[int, str] | None = None, marker: str | None = None) -> None:
        """``team_honor``: the team's honor and how it adds up; ``marker``: the colour of this seat's
        marker on the Legendary Track board."""
        p = game.players[self.seat]
        arrow = "▶ " if current else ""
        dot = f"<span style='color:{marker}'>●</span> " if marker else ""
        self.name.setText(f"{dot}<b>{arrow}{html.escape(p.name)}</b>" + (_(" (you)") if you else ""))
        self.honor.setText(f"<b style='color:#8a6500'>⬢ {p.honor}</b>")
        team_tag = ""
        if team is not None:
            tag = (_("Team {letter} · {n} honor").format(letter=chr(65 + team), n=team_honor[0]) if team_honor
                   else _("Team {letter}").format(letter=chr(65 + team)))
            team_tag = f"<b style='color:{TEAM_COLOURS[team % 3]}'>■ {tag}</b> · "
        self.who.setText(f"{team_tag}<span style='color:#555'>{kind}</span>")
        self.who.setToolTip(team_honor[1] if team_honor else "")
        self.counts.setText(_("Hand {n} ·").format(n=len(p.hand)))
        self.deck.setText(_("Deck {n}").format(n=len(p.deck)) + (" ▸" if you and p.deck else ""))
        self.deck.setEnabled(you and bool(p.deck))   # your own deck's contents, never another's
        self.deck.setToolTip(_("Your deck, in no particular order: what you own that is not elsewhere") if you else "")
        status = game.public_status(self.seat)
        self.status.setVisible(bool(status))
        self.status.setText(" · ".join(f"<b>{html.escape(label)}</b> {html.escape(text)}" for label, text in status))
        self.status.setToolTip("\n".join(f"{label}: {text}" for label, text in status))
        self.discard.setText(_("Discard {n} ▸").format(n=len(p.discard)))
        self.discard.setEnabled(bool(p.discard))
        names = [game.card(c).name for c in p.constructs]
        text = (_("Constructs {n}: {names}").format(n=len(names), names=", ".join(names)) if names
                else _("Constructs {n}").format(n=0))
        self.constructs.setToolTip(text)
        fm = self.constructs.fontMetrics()
        self.constructs.setText(fm.elidedText(text, Qt.ElideRight, max(60, self.width() - 18)))
        self.constructs.setEnabled(bool(names))
        if current != getattr(self, "_current", None):   # style sheets are slow to apply: only on change
            self._current = current
            border = "#e0a800" if current else "#b7ae98"
            self.setStyleSheet(f"QFrame#seat {{ background: {'#fff8e1' if current else '#f3efe6'};"
                               f" border: {3 if current else 1}px solid {border}; border-radius: 6px; }}")

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        full = self.constructs.toolTip()
        if full:
            self.constructs.setText(self.constructs.fontMetrics().elidedText(
                full, Qt.ElideRight, max(60, self.width() - 18)))


class ScorePanel(QFrame):
    """A scoring opponent that is not a seat (Samael in solo play): honor only."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("seat")
        self.setStyleSheet("QFrame#seat { background: #efe3e3; border: 1px solid #b79898; border-radius: 6px; }")
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 5, 8, 5)
        self.label = QLabel()
        self.label.setWordWrap(True)
        lay.addWidget(self.label)

    def show_row(self, row: dict, status: list[tuple[str, str]] = ()) -> None:
        """Its score, and what plugins say of it (the Cult's Renown, the cards it takes next)."""
        self.label.setText(_("{name} (solo opponent)").format(name=f"<b>{html.escape(row['name'])}</b>") + "<br>"
                           + _("{tokens} honor tokens + {cards} card honor = {total}").format(
                               tokens=f"<b style='color:#8a6500'>⬢ {row['tokens']}</b>", cards=row["cards"],
                               total=f"<b>{row['total']}</b>")
                           + "".join(f"<br><b>{html.escape(label)}</b> {html.escape(text)}" for label, text in status))


class TableWidget(QWidget):
    """Everything on the table. Sizes cards from the space it gets, so 1280×720 and 4K both work."""

    card_clicked = Signal(int)
    zoom_requested = Signal(int, str)
    zone_requested = Signal(str, int)     # zone, seat (-1: shared zones such as the Void)

    SEATS_H = 88

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("table")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("QWidget#table { background: #2f4a3a; } QLabel#zone { color: #f1ead8; }")
        self.defs = None
        root = QVBoxLayout(self)
        root.setContentsMargins(8, 6, 8, 6)
        root.setSpacing(5)
        self.seat_row = QHBoxLayout()
        self.seat_row.setSpacing(6)
        root.addLayout(self.seat_row)
        self.track = TrackBoard()     # the Legendary Track, in games that have it
        self.track.hide()
        root.addWidget(self.track)
        self.seat_panels: list[SeatPanel] = []
        self.score_panels: list[ScorePanel] = []

        middle = QHBoxLayout()
        middle.setSpacing(8)
        piles = QVBoxLayout()
        piles.setSpacing(4)
        piles.addWidget(self._zone_label(_("Always available")))
        self.pile_widgets: list[CardWidget] = []
        self.piles_box = piles
        piles.addStretch(1)
        middle.addLayout(piles)
        centre = QVBoxLayout()
        centre.setSpacing(2)
        info = QHBoxLayout()      # the shared counts ride on the center row's title line
        self.center_title = self._zone_label(_("Center row"))
        info.addWidget(self.center_title)
        info.addSpacing(16)
        self.deck_label = self._zone_label("")
        self.void_button = QPushButton()
        self.void_button.setToolTip(_("Open the Void (banished and defeated cards)"))
        self.void_button.clicked.connect(lambda: self.zone_requested.emit("void", -1))
        self.pool_label = self._zone_label("")
        info.addWidget(self.deck_label)
        info.addSpacing(10)
        info.addWidget(self.void_button)
        info.addStretch(1)
        info.addWidget(self.pool_label)
        centre.addLayout(info)
        self.center = CardRow()
        centre.addWidget(self.center)
        middle.addLayout(centre, 1)
        root.addLayout(middle)

        head = QHBoxLayout()
        self.play_label = self._zone_label("")
        self.play_label.setTextFormat(Qt.RichText)
        self.played_button = QPushButton(_("List ▸"))
        self.played_button.setToolTip(_("Open the cards in play as a list"))
        self.played_button.clicked.connect(lambda: self.zone_requested.emit("in_play", self._current))
        head.addWidget(self.play_label, 1)
        head.addWidget(self.played_button)
        root.addLayout(head)
        self.in_play = CardRow(_("Nothing in play yet."))
        root.addWidget(self.in_play)
        hand_head = QHBoxLayout()
        self.hand_label = self._zone_label("")
        self.hand_label.setTextFormat(Qt.RichText)
        hand_head.addWidget(self.hand_label, 1)
        root.addLayout(hand_head)
        self.hand = CardRow(_("No cards in hand."))
        root.addWidget(self.hand)
        root.addStretch(1)
        for row in (self.center, self.in_play, self.hand):
            row.card_clicked.connect(self.card_clicked)
            row.zoom_requested.connect(self.zoom_requested)
        self._current = 0
        self._counts = (0, 0, 0)   # center deck, honor pool left, honor pool at the start
        self.pile_w = 136

    def _zone_label(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName("zone")
        f = label.font()
        f.setPixelSize(14)
        f.setBold(True)
        label.setFont(f)
        return label

    # ------------------------------------------------------------------ sizing
    def card_size(self) -> tuple[int, int]:
        """Three rows of cards share the height left after the seat strip and the labels;
        six center cards plus the pile and info columns share the width."""
        self.pile_w = max(136, min(190, self.width() * 14 // 100))   # piles grow a little on big screens
        free_h = self.height() - self.SEATS_H - 3 * 26 - 36
        if not self.track.isHidden():
            free_h -= self.track.height() + 5
        h = max(90, int(free_h / (2 + IN_PLAY_SCALE)))
        free_w = self.width() - self.pile_w - 8 - 2 * 8 - 5 * GAP
        w = max(60, min(round(h * ASPECT), free_w // 6))
        return w, round(w / ASPECT)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._apply_sizes()

    def _apply_sizes(self) -> None:
        w, h = self.card_size()
        for row in (self.center, self.hand):
            row.set_card_size(w, h)
        self.in_play.set_card_size(round(w * IN_PLAY_SCALE), round(h * IN_PLAY_SCALE))
        self.center.setFixedWidth(6 * w + 5 * GAP)
        tile_h = max(40, min(60, (h - 8) // 3))
        for t in self.pile_widgets:
            t.setFixedSize(self.pile_w, tile_h)
        for panel in self.seat_panels + self.score_panels:
            panel.setFixedHeight(self.SEATS_H)
        self._count_texts()

    def _count_texts(self) -> None:
        """The center deck's and the honor pool's counts beside the center row's title: in words
        where the row is wide enough, else short (a small screen), the words in their tooltips."""
        deck, left, total = self._counts
        long = (_("Center deck: {n}").format(n=deck), _("Honor pool: ⬢ {left} / {total}").format(left=left, total=total))
        short = (_("Deck: {n}").format(n=deck), "⬢ {left} / {total}".format(left=left, total=total))
        title = self.center_title.fontMetrics()
        needed = (title.horizontalAdvance(self.center_title.text()) + sum(map(title.horizontalAdvance, long))
                  + self.void_button.sizeHint().width() + 16 + 10 + 24)
        deck_text, pool_text = long if needed <= self.center.width() else short
        self.deck_label.setText(deck_text)
        self.pool_label.setText(pool_text)
        self.deck_label.setToolTip(long[0])
        self.pool_label.setToolTip(long[1])

    # ------------------------------------------------------------------ content
    def refresh(self, game, viewer: int | None, state: StateFn, seat_kinds: list[str],
                teams: dict[int, int], hand_hidden: bool = False, people: tuple[int, ...] = ()) -> None:
        """``seat_kinds``: who plays each seat, in words; ``people``: the seats people play."""
        self.defs = game.ctx.defs
        self._current = game.current
        board = legendary_board(game)
        self.track.setVisible(board is not None)
        if board is not None:
            names = {r["seat"]: r["name"] for r in game.scores()}
            self.track.show_board(board, names, {f: game.card(c).name for f, c in board["characters"].items()},
                                  game.current)
        self._seat_panels(game, viewer, seat_kinds, teams, board is not None)
        row = [(c, state(c, "center") if c is not None else CardState()) for c in game.center_row]
        self.center.set_cards(self.defs, row)
        self._piles(game, state)
        self._counts = (len(game.center_deck), game.pool, game.ctx.setup.get("honor_pool") or game.pool)
        self.void_button.setText(_("Void: {n} ▸").format(n=len(game.void)))
        self._count_texts()
        cur = game.players[game.current]
        res = ["<span style='color:#7fd0ff'>◆ {}</span>".format(
                   ngettext("{n} rune", "{n} runes", cur.runes).format(n=cur.runes)),
               "<span style='color:#ff9a7a'>⚔ {}</span>".format(_("{n} power").format(n=cur.power))]
        if cur.mech_runes:
            res.append("<span style='color:#f0b27a'>⚙ {}</span>".format(
                _("{n} for Mechana constructs").format(n=cur.mech_runes)))
        person = viewer in people   # else bots watched by nobody at the table
        mine = person and viewer == game.current
        cards_in_play = _("Your cards in play") if mine else _("{name}'s cards in play").format(name=cur.name)
        self.play_label.setText(f"{cards_in_play} &nbsp; {' &nbsp; '.join(res)}")
        in_play = [(c, state(c, "constructs")) for c in cur.constructs] + \
                  [(c, state(c, "played")) for c in cur.played]
        self.in_play.set_cards(self.defs, in_play)
        if viewer is None or hand_hidden:
            self.hand_label.setText(_("Hand hidden"))
            self.hand.set_cards(self.defs, [])
        else:
            me = game.players[viewer]
            whose = _("Your hand") if person else _("{name}'s hand").format(name=html.escape(me.name))
            count = ngettext("{n} card", "{n} cards", len(me.hand)).format(n=len(me.hand))
            self.hand_label.setText(f"{whose} <span style='font-weight:normal'>({html.escape(me.name)}, {count})</span>")
            self.hand.set_cards(self.defs, [(c, state(c, "hand")) for c in me.hand])
        self._apply_sizes()
        self._tab_order()

    def cards_in_tab_order(self) -> list[CardWidget]:
        """Tab goes from card to card, as Help says: your hand, the cards in play, the center row,
        the piles; the buttons come after."""
        rows = [self.hand.cards[:self.hand.shown], self.in_play.cards[:self.in_play.shown],
                self.center.cards[:self.center.shown], self.pile_widgets]
        return [c for row in rows for c in row]

    def _tab_order(self) -> None:
        links = [b for panel in self.seat_panels for b in (panel.deck, panel.discard, panel.constructs)]
        chain = self.cards_in_tab_order() + [self.void_button, self.played_button] + links
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)

    def _seat_panels(self, game, viewer, kinds, teams, markers: bool = False) -> None:
        n = len(game.players)
        scores = game.scores()
        extra = [r for r in scores if r["seat"] < 0]
        team_honor = self._team_honor(scores, teams)
        if len(self.seat_panels) != n or len(self.score_panels) != len(extra):
            for w in self.seat_panels + self.score_panels:
                w.deleteLater()
            self.seat_panels = [SeatPanel(i) for i in range(n)]
            self.score_panels = [ScorePanel() for __ in extra]
            for p in self.seat_panels:
                p.zone_requested.connect(self.zone_requested)
                self.seat_row.addWidget(p)
            for p in self.score_panels:
                self.seat_row.addWidget(p)
        for i, p in enumerate(self.seat_panels):
            p.show_seat(game, i == game.current, i == viewer, kinds[i], teams.get(i), team_honor.get(teams.get(i)),
                        seat_colour(i) if markers else None)
        for p, r in zip(self.score_panels, extra):
            p.show_row(r, game.public_status(r["seat"]))

    @staticmethod
    def _team_honor(scores: list[dict], teams: dict[int, int]) -> dict[int, tuple[int, str]]:
        """Each team's honor as the end screen counts it (tokens plus the honor on its members'
        cards), and that sum in words."""
        out = {}
        for t in set(teams.values()):
            rows = [r for r in scores if teams.get(r["seat"]) == t]
            tokens, cards = sum(r["tokens"] for r in rows), sum(r["cards"] for r in rows)
            out[t] = (tokens + cards, _("Team {letter} ({names}): {tokens} honor tokens + {cards} honor on their "
                                        "cards = {total}").format(letter=chr(65 + t), names=", ".join(r["name"] for r in rows),
                                                                  tokens=tokens, cards=cards, total=tokens + cards))
        return out

    def _piles(self, game, state: StateFn) -> None:
        piles = list(game.piles.items())
        while len(self.pile_widgets) < len(piles):
            t = CardWidget(self.defs, tile=True)
            t.clicked.connect(self.card_clicked)
            t.zoom_requested.connect(self.zoom_requested)
            self.piles_box.insertWidget(self.piles_box.count() - 1, t)
            self.pile_widgets.append(t)
        for t, (pid, cards) in zip(self.pile_widgets, piles):
            t.defs = self.defs
            if cards:
                st = state(cards[-1], "pile")
                d = self.defs[cards[-1]]
                t.show_card(cards[-1], st.actionable, st.reason, st.highlight, st.dimmed,
                            count=99 if d.permanent else len(cards))
            else:
                t.show_card(None, reason=_("The {pile} pile is empty").format(pile=pid.split(".")[-1]))
