"""Side panels and full-window screens: the decision panel, the game log, zone lists, the
"pass to" screen of hot-seat play and the end screen. They show what they are given and emit
what was clicked; the window wires them to the controller."""
from __future__ import annotations

import html
import time

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (QDialog, QFrame, QHBoxLayout, QLabel, QListView,
                               QPushButton, QScrollArea, QSizePolicy, QTableWidget,
                               QTableWidgetItem, QTextEdit, QVBoxLayout, QWidget)

from ascension.core.i18n import _, ngettext
from ascension.core.wording import team_name

from .cards import ASPECT, CardWidget, mixes_sets, set_mark, tooltip_html
from .charts import HonorRaceChart
from .words import type_word

PANEL_STYLE = "QFrame#panel { background: #f3efe6; border: 1px solid #c9c1ad; border-radius: 6px; }"


def _bold(text: str, px: int = 15) -> QLabel:
    """A title in bold, shown as written (a player named "<b>Bo</b>" is not markup)."""
    label = QLabel(text)
    label.setTextFormat(Qt.PlainText)
    f = label.font()
    f.setPixelSize(px)
    f.setBold(True)
    label.setFont(f)
    label.setWordWrap(True)
    return label


class OptionButton(QPushButton):
    """A button whose label is shortened with "…" to the panel's width (the tooltip has it
    whole), so that a long option never pushes the panel sideways."""

    def __init__(self, text: str, tooltip: str):
        super().__init__(text)
        self._full = text
        self.setToolTip(tooltip)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.setAutoDefault(True)   # Enter presses it when it has the focus, as Space does

    def resizeEvent(self, event) -> None:
        room = self.width() - 20   # the padding of the style below
        self.setText(self.fontMetrics().elidedText(self._full, Qt.ElideRight, max(room, 0)))
        super().resizeEvent(event)


class DecisionPanel(QFrame):
    """What the player must decide now: the prompt, the card asking (highlighted) and one
    button per option. During a main action it holds "Play all", "End turn" and any action
    that no card on the table stands for; during a bot's turn, "Skip"."""

    option_chosen = Signal(int)
    play_all_clicked = Signal()
    skip_clicked = Signal()
    hint_clicked = Signal()

    def __init__(self, defs_getter, parent=None):
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_STYLE)
        self._defs = defs_getter
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        self.title = _bold("")
        self.prompt = QLabel()
        self.prompt.setTextFormat(Qt.PlainText)   # (names and prompts as written)
        self.prompt.setWordWrap(True)
        self.source = None                      # CardWidget, made when defs are known
        self.source_row = QHBoxLayout()
        self.options_box = QVBoxLayout()
        self.options_box.setSpacing(4)
        self.options_box.addStretch(1)      # buttons go above it
        holder = QWidget()
        holder.setLayout(self.options_box)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.NoFrame)
        self.scroll.setWidget(holder)
        self.scroll.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Expanding)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.play_all_button = QPushButton(_("Play all  [A]"))
        self.play_all_button.setToolTip(_("Play every card in your hand that needs no choice"))
        self.end_button = QPushButton(_("End turn  [E]"))
        self.skip_button = QPushButton(_("Skip to the next human decision  [S]"))
        self.hint_button = QPushButton(_("Hint  [H]"))
        self.hint_button.setToolTip(_("What the medium bot would do in your place, and why (it sees only what you see)"))
        self.hint_text = QLabel()
        self.hint_text.setWordWrap(True)
        self.hint_text.setStyleSheet("QLabel { background: #eef5ff; border: 1px solid #9bbbe0; padding: 5px; }")
        self.hint_text.hide()
        for b in (self.play_all_button, self.end_button, self.skip_button, self.hint_button):
            b.setMinimumHeight(34)
            b.setAutoDefault(True)   # Enter presses the focused button, as Space does (and as in dialogs)
        self.end_button.setStyleSheet("QPushButton { font-weight: bold; }")
        self.play_all_button.clicked.connect(self.play_all_clicked)
        self.skip_button.clicked.connect(self.skip_clicked)
        self.hint_button.clicked.connect(self.hint_clicked)
        self.end_button.clicked.connect(lambda: self._end_index is not None and self.option_chosen.emit(self._end_index))
        lay.addWidget(self.title)
        lay.addWidget(self.prompt)
        lay.addLayout(self.source_row)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.hint_text)
        lay.addWidget(self.play_all_button)
        lay.addWidget(self.end_button)
        lay.addWidget(self.skip_button)
        lay.addWidget(self.hint_button)
        self.option_buttons: list[QPushButton] = []
        self._end_index: int | None = None

    def show_decision(self, title: str, prompt: str, options: list[tuple[int, str]], *,
                      source: int | None = None, action: bool = False, end_index: int | None = None,
                      can_play_all: bool = False, waiting: bool = False, hint: tuple[str, str] | None = None,
                      can_hint: bool = False) -> None:
        self.title.setText(title)
        self.prompt.setText(prompt)
        self.prompt.setVisible(bool(prompt))
        self._set_source(source)
        for b in self.option_buttons:   # out of the layout now; deleted once the click handler returned
            self.options_box.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.option_buttons = []
        if action and options:
            head = QLabel(_("Other actions:"))
            head.setProperty("transient", True)
            self.options_box.insertWidget(self.options_box.count() - 1, head)
            self.option_buttons.append(head)   # removed with the buttons next time
        for n, (index, label) in enumerate(options):
            key = f"{n + 1}. " if n < 9 else ""
            b = OptionButton(key + label, label)
            b.setStyleSheet("QPushButton { text-align: left; padding: 5px 8px; }")
            b.setMinimumHeight(30)
            b.clicked.connect(lambda checked=False, i=index: self.option_chosen.emit(i))
            self.options_box.insertWidget(self.options_box.count() - 1, b)
            self.option_buttons.append(b)
        # Tall enough for up to ~8 options without scrolling; more scroll.
        rows = len(self.option_buttons)
        self.scroll.setMinimumHeight(min(rows, 8) * 38 + 4 if rows else 0)
        self.scroll.setVisible(bool(rows))
        self._end_index = end_index
        self.play_all_button.setVisible(action)
        self.play_all_button.setEnabled(can_play_all)
        self.end_button.setVisible(action and end_index is not None)
        self.skip_button.setVisible(waiting)
        self.hint_button.setVisible(can_hint and hint is None)
        self.show_hint(hint)

    def show_hint(self, hint: tuple[str, str] | None) -> None:
        """(move, reason) under the options, or nothing."""
        if hint is not None:
            self.hint_text.setText("<b>{}</b><br><span style='color:#444'>{}</span>".format(
                html.escape(_("Hint: {move}").format(move=hint[0])), html.escape(hint[1])))
            self.hint_button.hide()
        self.hint_text.setVisible(hint is not None)

    @property
    def choice_buttons(self) -> list[QPushButton]:
        """The numbered option buttons, in order (digits 1-9 press them)."""
        return [b for b in self.option_buttons if isinstance(b, QPushButton)]

    def _set_source(self, iid: int | None) -> None:
        if self.source is None:
            self.source = CardWidget(self._defs())
            self.source.setFixedSize(round(130 * ASPECT), 130)
            self.source_row.addWidget(self.source)
            self.source_caption = QLabel()
            self.source_caption.setWordWrap(True)
            self.source_row.addWidget(self.source_caption, 1)
        self.source.defs = self._defs()
        self.source.setVisible(iid is not None)
        self.source_caption.setVisible(iid is not None)
        if iid is not None:
            self.source.show_card(iid, highlight="source")
            self.source_caption.setText(_("Asked by {card} (outlined in orange on the table)").format(
                card=f"<b>{html.escape(self.source.card_name)}</b>"))


class LogPanel(QTextEdit):
    """The game log: readable lines of the new events (``Game.log_lines``); rebuilt after an undo.
    A turn's first line is bold; the others are indented and wrap with a hanging indent; the view
    follows the newest line unless the player scrolled up to read."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.shown = 0
        self.setPlaceholderText(_("The game log appears here."))
        self.line_format = QTextBlockFormat()     # first line at 10px, what wraps at 22px
        self.line_format.setLeftMargin(22)
        self.line_format.setTextIndent(-12)
        self.turn_format = QTextBlockFormat()
        self.turn_format.setTopMargin(3)
        self.plain, self.bold = QTextCharFormat(), QTextCharFormat()
        self.bold.setFontWeight(QFont.Bold)

    def sync(self, game) -> None:
        log = game.log
        if len(log) < self.shown:   # undo took events back
            self.clear()
            self.shown = 0
        if len(log) == self.shown:
            return
        bar = self.verticalScrollBar()
        follow = bar.value() >= bar.maximum() - 4
        # Text and formats, never markup: the words are shown as they are, whatever they contain.
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.End)
        cursor.beginEditBlock()       # one layout for the batch
        for e, line in game.log_lines(log[self.shown:]):
            turn = e.kind == "turn_started"
            block, chars = (self.turn_format, self.bold) if turn else (self.line_format, self.plain)
            if self.document().isEmpty():
                cursor.setBlockFormat(block)
            else:
                cursor.insertBlock(block)
            cursor.insertText(line, chars)
        cursor.endEditBlock()
        self.shown = len(log)
        if follow:
            bar.setValue(bar.maximum())

    def resizeEvent(self, event) -> None:
        bar = self.verticalScrollBar()
        follow = bar.value() >= bar.maximum() - 4
        super().resizeEvent(event)
        if follow:
            bar.setValue(bar.maximum())


class ZoneModel(QAbstractListModel):
    """A zone's cards for a list view: name and cost in the list, the whole card as tooltip."""

    def __init__(self, defs, cards: list[int], parent=None):
        super().__init__(parent)
        self.defs, self.cards = defs, list(cards)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.cards)

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        d = self.defs[self.cards[index.row()]]
        if role == Qt.DisplayRole:
            mark = f" · {set_mark(d)}" if mixes_sets(self.defs) else ""
            if d.honor:
                return _("{name}  ({type}, {honor} honor)").format(name=d.name, type=type_word(d.type),
                                                                   honor=d.honor) + mark
            return f"{d.name}  ({type_word(d.type)}){mark}"
        if role == Qt.ToolTipRole:
            return tooltip_html(d, with_set=mixes_sets(self.defs))
        if role == Qt.UserRole:
            return self.cards[index.row()]
        return None


class ZoneDialog(QDialog):
    """Any zone opened as a list, with the selected card painted large beside it."""

    def __init__(self, defs, title: str, cards: list[int], note: str = "", parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(560, 420)
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(_bold(ngettext("{title} — {n} card", "{title} — {n} cards", len(cards)).format(
            title=title, n=len(cards))))
        if note:
            n = QLabel(note)
            n.setWordWrap(True)
            left.addWidget(n)
        self.view = QListView()
        self.view.setSpacing(2)
        lf = self.view.font()
        lf.setPixelSize(14)
        self.view.setFont(lf)
        self.model = ZoneModel(defs, cards, self)
        self.view.setModel(self.model)
        left.addWidget(self.view, 1)
        lay.addLayout(left, 1)
        self.preview = CardWidget(defs)
        self.preview.setFixedSize(round(300 * ASPECT), 300)
        lay.addWidget(self.preview, 0, Qt.AlignTop)
        self.view.selectionModel().currentChanged.connect(
            lambda cur, _prev: self.preview.show_card(self.model.data(cur, Qt.UserRole)))
        if cards:
            self.view.setCurrentIndex(self.model.index(0))
        else:
            self.preview.hide()


class BotReasonsDialog(QDialog):
    """"Why?": the bots' recent moves, each with the bot's own reason (its heuristic scores,
    or the search statistics of its top options), the latest first."""

    def __init__(self, rows: list[tuple[str, str]], parent=None):
        super().__init__(parent)
        self.setWindowTitle(_("Why the bots moved"))
        self.resize(640, 460)
        lay = QVBoxLayout(self)
        lay.addWidget(_bold(_("The bots' moves since your last decision, latest first") if rows
                            else _("No bot has moved yet.")))
        self.text = QTextEdit(readOnly=True)
        self.text.setHtml("".join(f"<p><b>{html.escape(head)}</b><br>{html.escape(why)}</p>" for head, why in rows))
        lay.addWidget(self.text, 1)
        close = QPushButton(_("Close"))
        close.clicked.connect(self.accept)
        lay.addWidget(close, 0, Qt.AlignRight)


class SettlingButton(QPushButton):
    """A button that takes keys only once its screen has been up a moment (``settle``): a key the
    player who just ended their turn is still pressing (Space, Enter) must not show the next
    player's hand. The mouse is not held back."""
    SETTLE_S = 0.7

    def __init__(self, *args):
        super().__init__(*args)
        self._shown_at = 0.0

    def settle(self) -> None:
        self._shown_at = time.monotonic()

    def keyPressEvent(self, event) -> None:
        if time.monotonic() - self._shown_at < self.SETTLE_S:
            event.accept()   # (swallowed: its release then presses nothing either)
            return
        super().keyPressEvent(event)


class PassScreen(QWidget):
    """Hot-seat: hides every hand until the next person says they are at the screen."""

    ready = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("pass")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("QWidget#pass { background: #2f4a3a; } QLabel { color: #f1ead8; }")
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.title = _bold("", 34)
        self.title.setAlignment(Qt.AlignCenter)
        self.note = QLabel()
        self.note.setTextFormat(Qt.PlainText)   # (names and prompts as written)
        self.note.setAlignment(Qt.AlignCenter)
        self.note.setWordWrap(True)
        f = self.note.font()
        f.setPixelSize(16)
        self.note.setFont(f)
        self.button = SettlingButton()
        self.button.setMinimumSize(280, 48)
        self.button.setStyleSheet("QPushButton { background: #e9c46a; color: #222; font-size: 16px;"
                                  " font-weight: bold; border-radius: 6px; padding: 8px 20px; }")
        self.button.clicked.connect(self.ready)
        lay.addWidget(self.title)
        lay.addWidget(self.note)
        lay.addSpacing(24)
        lay.addWidget(self.button, 0, Qt.AlignCenter)
        lay.addStretch(3)

    def show_for(self, name: str, prompt: str = "") -> None:
        self.title.setText(_("Pass to {name}").format(name=name))
        lines = [_("The other players' cards are hidden.")]
        if prompt:
            lines.append(_("{name} must answer: {prompt}").format(name=name, prompt=prompt))
        lines.append(_("{name}, click when you are ready.").format(name=name))
        self.note.setText("\n".join(lines))
        self.button.setText(_("I am {name}: show my cards").format(name=name))
        self.button.settle()


class EndScreen(QWidget):
    """The result: winner, every seat's (or team's) tokens + card honor = total, the tie-break
    when it decided, the honor race turn by turn, and the way on: a rematch with the same seed,
    the same game with a new deal, a new game, or this game's replay in the history (when it
    was recorded there)."""

    rematch = Signal()
    play_again = Signal()
    new_game = Signal()
    replay = Signal(int)   # the match id: watch this game again in the history

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(60, 30, 60, 30)
        self.title = _bold("", 32)
        self.title.setAlignment(Qt.AlignCenter)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([_("Player"), _("Honor tokens"), _("Card honor"), _("Total")])
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.setFocusPolicy(Qt.NoFocus)   # (read, not used: Tab went from cell to cell, never to Rematch)
        self.table.setSelectionMode(QTableWidget.NoSelection)
        f = self.table.font()
        f.setPixelSize(16)
        self.table.setFont(f)
        self.notes = QLabel()
        self.notes.setTextFormat(Qt.PlainText)   # (names and prompts as written)
        self.notes.setWordWrap(True)
        self.notes.setAlignment(Qt.AlignCenter)
        nf = self.notes.font()
        nf.setPixelSize(15)
        self.notes.setFont(nf)
        buttons = QHBoxLayout()
        self.rematch_button = QPushButton(_("Rematch (same seed)"))
        self.again_button = QPushButton(_("Play again (new deal)"))
        self.again_button.setToolTip(_("The same players, sets and variants, with a new seed"))
        self.new_button = QPushButton(_("New game…"))
        self.replay_button = QPushButton(_("Replay in the history"))
        self.replay_button.setToolTip(_("Step through this game again, answer by answer, beside its honor race"))
        self._match_id: int | None = None
        for b in (self.rematch_button, self.again_button, self.new_button, self.replay_button):
            b.setMinimumSize(210, 44)
            b.setAutoDefault(True)   # Enter presses the focused one
            b.setStyleSheet("QPushButton { font-size: 15px; font-weight: bold; }")
        buttons.addStretch(1)
        buttons.addWidget(self.rematch_button)
        buttons.addSpacing(16)
        buttons.addWidget(self.again_button)
        buttons.addSpacing(16)
        buttons.addWidget(self.new_button)
        buttons.addSpacing(16)
        buttons.addWidget(self.replay_button)
        buttons.addStretch(1)
        self.rematch_button.clicked.connect(self.rematch)
        self.again_button.clicked.connect(self.play_again)
        self.new_button.clicked.connect(self.new_game)
        self.replay_button.clicked.connect(lambda: self._match_id is not None and self.replay.emit(self._match_id))
        self.table.setMaximumWidth(760)
        self.subtitle = QLabel()
        self.subtitle.setTextFormat(Qt.PlainText)   # (names and prompts as written)
        self.subtitle.setAlignment(Qt.AlignCenter)
        sf = self.subtitle.font()
        sf.setPixelSize(15)
        self.subtitle.setFont(sf)
        lay.addStretch(1)
        lay.addWidget(self.title)
        lay.addWidget(self.subtitle)
        lay.addSpacing(10)
        lay.addWidget(self.table, 0, Qt.AlignHCenter)
        lay.addSpacing(8)
        lay.addWidget(self.notes)
        self.race: HonorRaceChart | None = None   # made on the first game with a race to show
        self._race_at = lay.count()
        lay.addSpacing(14)
        lay.addLayout(buttons)
        lay.addStretch(2)

    def show_match(self, match_id: int | None) -> None:
        """The game's id in the history, once it is recorded there (the record is made meanwhile)."""
        self._match_id = match_id
        self.replay_button.setVisible(match_id is not None)

    def show_summary(self, s: dict) -> None:
        winners = " & ".join(s["winners"])
        if s["teams"]:
            self.title.setText(_("Team {names} wins!").format(names=winners))
        else:
            self.title.setText(ngettext("{names} wins!", "{names} win!", len(s["winners"])).format(names=winners))
        rows: list[tuple[str, int, int, int, bool, bool]] = []
        for side in sorted(s["sides"], key=lambda r: (-r["total"], not r["won"])):   # winner first on a tie
            if s["teams"]:
                rows.append((team_name(side["names"]), side["tokens"], side["cards"],
                             side["total"], side["won"], True))
                rows += [("    " + m["name"], m["tokens"], m["cards"], m["total"], False, False)
                         for m in side["members"]]
            else:
                rows.append((side["names"][0], side["tokens"], side["cards"], side["total"], side["won"], True))
        self.table.setRowCount(len(rows))
        for r, (name, tokens, cards, total, won, strong) in enumerate(rows):
            for c, value in enumerate((("★ " if won else "") + name, tokens, cards, total)):
                item = QTableWidgetItem(str(value))
                if c:
                    item.setTextAlignment(Qt.AlignCenter)
                font = QFont(self.table.font())
                font.setBold(strong)
                item.setFont(font)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(0, max(self.table.columnWidth(0) + 40, 320))
        height = self.table.horizontalHeader().height() + sum(self.table.rowHeight(r) for r in range(len(rows)))
        self.table.setFixedHeight(height + 4)
        self.table.setFixedWidth(sum(self.table.columnWidth(c) for c in range(4)) + 4)
        self.subtitle.setText(ngettext("Game over after {n} turn", "Game over after {n} turns", s["turns"]).format(
            n=s["turns"]))
        notes = []
        if s["tie_break"]:
            notes.append(_("Tie-break: {rule}").format(rule=s["tie_break"]))
        if s["capped"]:
            notes.append(_("The game was stopped at the turn limit."))
        if s["assisted"]:
            notes.append(_("Assisted game: an undo took back cards that had already been revealed."))
        notes.append(_("Seed {seed}").format(seed=s["seed"]))
        self.notes.setText("\n".join(notes))
        self.show_match(s.get("match_id"))
        names, rows = s.get("race") or ([], [])
        if len(rows) > 1 and self.race is None:
            self.race = HonorRaceChart()
            self.race.setFixedWidth(760)
            self.race.setMaximumHeight(260)   # less when the score table is long (teams): it gives way
            self.layout().insertWidget(self._race_at, self.race, 0, Qt.AlignHCenter)
        if self.race is not None:
            self.race.setVisible(len(rows) > 1)
            self.race.show_race(names, rows)
