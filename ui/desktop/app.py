"""The desktop program: main window, wiring and ``main()`` (the ``ascension-desktop`` command).

The window decides only what to show: whose cards are visible (hot-seat hides hands behind a
"pass to" screen), which page is up (table, pass screen, end screen) and how a click becomes
an answer. What is legal comes from the controller, which asks the engine.
"""
from __future__ import annotations

import html
import logging
import sys
from pathlib import Path

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QAction, QCursor, QKeySequence, QShortcut
from PySide6.QtWidgets import (QApplication, QComboBox, QFileDialog, QFrame, QHBoxLayout, QLabel, QMainWindow,
                               QMenu, QMessageBox, QPushButton, QSplitter, QStackedWidget, QVBoxLayout,
                               QWidget)

from ascension.core import i18n, overrides
from ascension.core.cards import SetFileError
from ascension.core.i18n import _, ngettext, os_error
from ascension.core.match import SaveFileError, SaveNotUsableNow, SetupError
from ascension.core.plugins import installed
from ascension.core.session import Session
from ascension.core.wording import unspent_lines

from . import language, storage
from .cards import CardZoom
from .controller import SPEEDS, Controller
from .instance import Instance
from .panels import BotReasonsDialog, DecisionPanel, EndScreen, LogPanel, PassScreen, ZoneDialog
from .setup_dialog import TUTORIAL, SetupDialog
from .table import CardState, TableWidget
from .tutorial import TUTORIALS, Tutorial, TutorialBar
from .words import seat_kind, speed_name, speed_word

MIN_SIZE = (1280, 720)
NOTICE_CHARS = 600   # a longer message (a huge file's contents quoted) is cut: the log has it whole


log = logging.getLogger(__name__)


class NoticeBar(QFrame):
    """A band above the table for what went wrong and was dealt with (a damaged autosave set
    aside, an override file left out, a move that failed): it stays until dismissed, and never
    stops the game."""

    def __init__(self):
        super().__init__()
        self.setObjectName("notice")
        self.setStyleSheet("#notice { background: #fff4ce; border-bottom: 1px solid #d8b400; }"
                           "#notice QLabel { color: #3b2f00; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 6, 6)
        self.label = QLabel()
        self.label.setTextFormat(Qt.PlainText)    # file names and messages are never markup
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.label, 1)
        self.dismiss = QPushButton(_("Dismiss"))
        self.dismiss.clicked.connect(self.clear)
        lay.addWidget(self.dismiss, 0, Qt.AlignTop)
        self.messages: list[str] = []
        self.hide()

    def add(self, message: str) -> None:
        if len(message) > NOTICE_CHARS:
            message = message[:NOTICE_CHARS] + "…"
        if message not in self.messages:
            self.messages.append(message)
        many = len(self.messages) > 1
        self.label.setText("\n".join(("• " if many else "") + m for m in self.messages))
        self.show()

    def text(self) -> str:
        return self.label.text()

    def clear(self) -> None:
        self.messages = []
        self.label.clear()
        self.hide()


class MainWindow(QMainWindow):
    def __init__(self, controller: Controller, settings: storage.Settings):
        super().__init__()
        self.controller = controller
        self.settings = settings
        self.viewer: int | None = None        # whose hand the table shows
        self.pass_to: int | None = None       # hot-seat: waiting for this seat to take the screen
        self.card_menu: QMenu | None = None   # open when a click stands for several options
        self._new_in_center: set[int] = set()  # dealt since the person looking last answered
        self.gallery = self.help_dialog = self.history_window = None   # helper windows, opened on demand and kept
        self.instance: Instance | None = None    # this program's claim on the data folder (main() makes it)
        self.tutorial: Tutorial | None = None    # the steps being taught, in a tutorial game
        screen = QApplication.primaryScreen()   # (a small one, 1024x600, or scaled up: the window fits it)
        room = screen.availableGeometry().size() if screen is not None else QSize(*MIN_SIZE)
        self.resize(QSize(*MIN_SIZE).boundedTo(room))
        self.setMinimumSize(QSize(1024, 640).boundedTo(room))
        self._toolbar()
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)
        self.notice: NoticeBar | None = None
        self._build()

        c = controller
        c.state_changed.connect(self.refresh)
        c.match_finished.connect(self.on_finished)
        c.recorded.connect(self.on_recorded)
        c.notice.connect(lambda message: self.notice.add(message))
        settings.save_failed = lambda message: self.notice.add(message)
        self._shortcuts()

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        """The pages under the toolbar, in the language now in use (built again when it changes:
        the game lives in the controller, so nothing of it is lost)."""
        self.setWindowTitle(_("Ascension"))
        self._toolbar_texts()
        self.table = TableWidget()
        self.decision = DecisionPanel(lambda: self.controller.game.ctx.defs)
        self.log_panel = LogPanel()
        side = QWidget()     # the decision panel takes what it needs, the log the rest
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(4, 4, 4, 4)
        side_lay.addWidget(self.decision, 0)
        log_title = QLabel("<b>{}</b>".format(html.escape(_("Game log"))))
        side_lay.addWidget(log_title)
        side_lay.addWidget(self.log_panel, 1)
        self.log_panel.setMinimumHeight(120)
        self.play_page = QSplitter(Qt.Horizontal)
        self.play_page.addWidget(self.table)
        self.play_page.addWidget(side)
        self.play_page.setStretchFactor(0, 1)
        self.play_page.setStretchFactor(1, 0)
        self.play_page.setSizes([960, 320])
        side.setMinimumWidth(240)   # (an 800-pixel screen: the center row's six cards need the rest)
        self.pass_page = PassScreen()
        self.end_page = EndScreen()
        self.welcome = self._welcome_page()
        self.stack = QStackedWidget()
        for w in (self.welcome, self.play_page, self.pass_page, self.end_page):
            self.stack.addWidget(w)
        kept = self.notice.messages if self.notice is not None else []
        self.notice = NoticeBar()
        for message in kept:
            self.notice.add(message)
        self.tutorial_bar = TutorialBar()
        self.tutorial_bar.next_clicked.connect(self.tutorial_next)
        self.tutorial_bar.leave_clicked.connect(self.leave_tutorial)
        central = QWidget()
        central_lay = QVBoxLayout(central)
        central_lay.setContentsMargins(0, 0, 0, 0)
        central_lay.setSpacing(0)
        central_lay.addWidget(self.notice)
        central_lay.addWidget(self.tutorial_bar)
        central_lay.addWidget(self.stack, 1)
        self.setCentralWidget(central)   # the pages built before, if any, are deleted
        self.table.card_clicked.connect(self.on_card_clicked)
        self.table.zoom_requested.connect(self.zoom)
        self.table.zone_requested.connect(self.open_zone)
        self.decision.option_chosen.connect(self.answer)
        self.decision.play_all_clicked.connect(self.play_all)
        self.decision.skip_clicked.connect(self.controller.skip_bots)
        self.decision.hint_clicked.connect(self.show_hint)
        self.pass_page.ready.connect(self.take_screen)
        self.end_page.rematch.connect(self.rematch)
        self.end_page.play_again.connect(self.play_again)
        self.end_page.new_game.connect(self.new_game)
        self.end_page.replay.connect(self.replay_in_history)

    def _toolbar(self) -> None:
        """The toolbar's actions and boxes, made once (their shortcuts must never be doubled);
        their words are set by ``_toolbar_texts``."""
        bar = self.toolbar = self.addToolBar("")
        bar.setMovable(False)
        self.new_action = QAction(self, shortcut=QKeySequence("Ctrl+N"), triggered=self.new_game)
        self.load_action = QAction(self, shortcut=QKeySequence("Ctrl+O"), triggered=self.load_game)
        self.save_action = QAction(self, shortcut=QKeySequence("Ctrl+S"), triggered=self.save_game)
        self.undo_action = QAction(self, shortcut=QKeySequence("Ctrl+Z"), triggered=self.undo)
        for a in (self.new_action, self.load_action, self.save_action, self.undo_action):
            bar.addAction(a)
        self.save_action.setEnabled(False)
        self.undo_action.setEnabled(False)
        bar.addSeparator()
        self.speed_label = QLabel()
        bar.addWidget(self.speed_label)
        self.speed_box = QComboBox()
        for s in SPEEDS:
            self.speed_box.addItem("", s)
        self.controller.set_speed(self.settings.speed)   # (one it does not know: normal, as the box shows)
        self.speed_box.setCurrentIndex(max(0, self.speed_box.findData(self.controller.speed)))
        self.speed_box.currentIndexChanged.connect(self._speed_changed)
        self.speed_box.setFocusPolicy(Qt.ClickFocus)   # (not where the focus falls: an arrow key changed it unseen)
        bar.addWidget(self.speed_box)
        self.skip_action = QAction(self, triggered=lambda: self.controller.skip_bots())
        bar.addAction(self.skip_action)
        self.why_action = QAction(self, shortcut=QKeySequence("W"), triggered=self.show_bot_reasons)
        self.why_action.setEnabled(False)
        bar.addAction(self.why_action)
        bar.addSeparator()
        self.history_action = QAction(self, shortcut=QKeySequence("Ctrl+H"), triggered=self.show_history)
        bar.addAction(self.history_action)
        self.cards_action = QAction(self, shortcut=QKeySequence("C"), triggered=self.show_cards)
        bar.addAction(self.cards_action)
        self.help_action = QAction(self, shortcut=QKeySequence("F1"), triggered=self.show_help)
        bar.addAction(self.help_action)
        bar.addSeparator()
        self.language_box = QComboBox()   # each language in its own name: found by someone who reads only it
        for code, name in i18n.available().items():
            self.language_box.addItem(name, code)
        self.language_box.setCurrentIndex(self.language_box.findData(i18n.language()))   # --lang's, if given
        self.language_box.currentIndexChanged.connect(self._language_changed)
        self.language_box.setFocusPolicy(Qt.ClickFocus)
        bar.addWidget(self.language_box)

    def _toolbar_texts(self) -> None:
        self.toolbar.setWindowTitle(_("Game"))
        for action, text, tip in (
                (self.new_action, _("New game…"), ""), (self.load_action, _("Load…"), ""),
                (self.save_action, _("Save…"), ""),
                (self.undo_action, _("Undo"), _("Take back your last answer (Ctrl+Z)")),
                (self.skip_action, _("Skip bots"), _("Let the bots finish now, up to the next human decision (S)")),
                (self.why_action, _("Why?"),
                 _("Why the bots made their last moves: their scores or search statistics (W)")),
                (self.history_action, _("History"),
                 _("Every game you finished: results, statistics, replays (Ctrl+H)")),
                (self.cards_action, _("Cards"),
                 _("Every card of the installed sets, to look up by name, text, type or faction (C)")),
                (self.help_action, _("Help"),
                 _("How a turn goes, what clicks and keys do here, and the rulings (F1)"))):
            action.setText(text)
            action.setToolTip(tip or text)
        self.speed_label.setText(_(" Bot speed: "))
        for i in range(self.speed_box.count()):
            self.speed_box.setItemText(i, speed_name(self.speed_box.itemData(i)))
        self.language_box.setToolTip(_("The language of the window, the cards and the log"))

    def _shortcuts(self) -> None:
        QShortcut(QKeySequence("E"), self, activated=self.end_turn)
        QShortcut(QKeySequence("A"), self, activated=self.play_all)
        QShortcut(QKeySequence("S"), self, activated=self.controller_skip)
        QShortcut(QKeySequence("H"), self, activated=self.show_hint)
        for n in range(1, 10):
            QShortcut(QKeySequence(str(n)), self, activated=lambda n=n: self.press_option(n - 1))

    def _welcome_page(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.addStretch(1)
        title = QLabel(_("Ascension"))
        f = title.font()
        f.setPixelSize(40)
        f.setBold(True)
        title.setFont(f)
        title.setAlignment(Qt.AlignCenter)
        lay.addWidget(title)
        for text, slot in ((_("New game…"), self.new_game), (_("Load a saved game…"), self.load_game),
                           (_("Tutorial: your first turn…"), lambda: self.start_tutorial()),
                           (_("How to play (F1)"), self.show_help)):
            b = QPushButton(text)
            b.setMinimumSize(240, 44)
            b.clicked.connect(slot)
            lay.addWidget(b, 0, Qt.AlignCenter)
        lay.addStretch(2)
        return page

    # ------------------------------------------------------------------ showing
    def refresh(self) -> None:
        """Redraw from the session: who is looking, which page, what each card may do."""
        c = self.controller
        if c.session is None:
            self.stack.setCurrentWidget(self.welcome)
            return
        game = c.game
        dec = c.decision()
        humans = c.humans
        if self.tutorial is not None:
            self.tutorial_bar.show_step(self.tutorial)
        if dec is not None and c.is_human(dec.seat) and dec.seat != self.viewer:
            if len(humans) > 1:
                self.pass_to = dec.seat
            else:
                self.viewer = dec.seat
        if self.viewer is None and len(humans) == 1:
            self.viewer = humans[0]
        viewer = self.viewer if humans else game.current    # all bots: watch the current player
        kinds = [seat_kind(s.kind, s.bot) for s in c.session.seats]
        teams = {seat: t for t, side in enumerate(game.teams()) for seat in side}
        hidden = self.pass_to is not None
        self._new_in_center = set() if hidden or viewer is None else c.session.new_in_center(viewer)
        self.table.refresh(game, viewer, self.card_state, kinds, teams, hand_hidden=hidden, people=tuple(humans))
        self.log_panel.sync(game)
        self._decision_panel(dec)
        self.undo_action.setEnabled(c.can_undo() and not hidden and not self._guiding())
        self.save_action.setEnabled(True)
        waiting = c.session.waiting_for_bot()
        self.skip_action.setEnabled(waiting)
        self.why_action.setEnabled(bool(c.session.bot_moves))
        notes = ([ngettext("Game over after {n} turn", "Game over after {n} turns", game.turn).format(n=game.turn)]
                 if c.session.over else [_("Turn {n}").format(n=game.turn),
                                         _("{name} to play").format(name=game.players[game.current].name)])
        if c.practising:   # (played on after its tutorial: nothing says otherwise that it is kept nowhere)
            notes.append(_("practice game: not autosaved, not recorded"))
        if c.session.assisted:
            notes.append(_("assisted game (undo after a reveal)"))
        if c.recording:
            notes.append(_("going into the history…"))
        # The band above the table says a failed autosave or recording in full (file names and
        # all); the status line only names it, so that it never runs off the window's edge.
        for problem, short in ((c.autosave_error, _("not autosaved")), (c.bot_error, c.bot_error),
                               (c.history_error, _("not recorded in the history"))):
            if problem:
                notes.append(short)
        self.status.setText(" · ".join(notes))
        self.status.setToolTip("\n".join(p for p in (c.autosave_error, c.bot_error, c.history_error) if p))
        if c.session.over:
            return      # on_finished shows the end screen
        if hidden:
            self.pass_page.show_for(game.seat_name(self.pass_to), dec.prompt if dec and dec.kind != "action" else "")
            self.stack.setCurrentWidget(self.pass_page)
        else:
            self.stack.setCurrentWidget(self.play_page)
            self._focus_on_the_table()

    def _focus_on_the_table(self) -> None:
        """Where the keyboard focus fell out of the table (a game began, the answer buttons were
        rebuilt), it goes to the first card that can act, else the first answer, else End turn:
        never to the first box of the toolbar, where an arrow key changed the bot speed unseen."""
        focus = QApplication.focusWidget()
        if focus is not None and (focus.window() is not self or (focus.isVisible() and self.play_page.isAncestorOf(focus))):
            return   # (kept where the player is: the table, the log, or another window)
        cards = [c for row in (self.table.hand, self.table.center) for c in row.cards] + self.table.pile_widgets
        target = next((c for c in cards if c.actionable and c.isVisible()), None)
        target = target or next((b for b in self.decision.option_buttons if b.isVisible()), None)
        target = target or (self.decision.end_button if self.decision.end_button.isVisible() else None)
        if target is not None:
            target.setFocus(Qt.OtherFocusReason)

    def _my_decision(self):
        """The pending decision when the person at the screen is the one to answer it."""
        dec = self.controller.decision()
        if dec is None or self.pass_to is not None or dec.seat != self.viewer or not self.controller.is_human(dec.seat):
            return None
        return dec

    def card_state(self, iid: int, zone: str) -> CardState:
        c = self.controller
        dec = c.decision()
        mine = self._my_decision()
        source = "source" if dec is not None and dec.source == iid else None
        new = zone == "center" and iid in self._new_in_center
        if mine is None:
            return CardState(False, c.why_not(iid, self.viewer, zone), source, new=new)
        opts = self._allowed(c.options_for_card(iid))
        if not opts and c.options_for_card(iid):   # a move the tutorial's step does not ask for
            return CardState(False, self._tutorial_asks(), source, dimmed=source is None, new=new)
        if opts:
            labels = [c.game.label(mine.options[i]) for i in opts]
            hl = source or ("choice" if mine.kind != "action" else None)
            moves = " / ".join(labels)
            return CardState(True, _("Click: {moves}").format(moves=moves) if len(labels) == 1
                             else _("Click to choose: {moves}").format(moves=moves), hl, new=new)
        dim = zone in ("center", "pile", "hand", "constructs")
        return CardState(False, c.why_not(iid, self.viewer, zone), source, dimmed=dim and source is None, new=new)

    def _decision_panel(self, dec) -> None:
        c = self.controller
        game = c.game
        if dec is None:
            self.decision.show_decision(_("Game over"), "", [])
            return
        name = game.seat_name(dec.seat)
        mine = self._my_decision()
        if mine is None:
            if c.is_human(dec.seat):
                self.decision.show_decision(_("Waiting for {name}").format(name=name),
                                            dec.prompt if dec.kind != "action" else "", [])
            else:
                self.decision.show_decision(
                    _("{name} is playing…").format(name=name),
                    _("Bot speed: {speed}. Watch the log, or skip to your next decision.").format(
                        speed=speed_word(c.speed)), [], waiting=True)
            return
        if mine.kind == "action":
            others = [(i, game.label(mine.options[i])) for i in c.other_options()]
            self.decision.show_decision(
                _("Your turn, {name}").format(name=name), _("Click a card outlined in gold: play it from your "
                                                            "hand, use a construct, acquire or defeat a card in "
                                                            "the center or a pile. Right-click zooms."),
                others, action=True, end_index=c.end_turn_index(), can_play_all=c.play_all_index() is not None,
                hint=c.hint, can_hint=True)
        else:
            options = [(i, game.label(o)) for i, o in enumerate(mine.options)]
            self.decision.show_decision(_("{name}: {prompt}").format(name=name, prompt=mine.prompt),
                                        _("Pick one below, or click a card outlined in blue."),
                                        options, source=mine.source, hint=c.hint, can_hint=True)

    # ------------------------------------------------------------------ acting
    def answer(self, index: int) -> None:
        mine = self._my_decision()
        if mine is None or not self._guided(index) or not self._sure_to_end(index):
            return
        self._submit(index)

    def _submit(self, index: int) -> None:
        """Give the answer; in a tutorial, the move its step asked for moves it on."""
        t, game, dec = self.tutorial, self.controller.game, self.controller.decision()
        taught = t is not None and not t.finished and t.step.wants(game, dec.options[index])
        if self.controller.answer(index) and taught:
            t.advance()
            self.refresh()

    def _guiding(self) -> bool:
        """A tutorial is leading the moves (its steps cannot be taken back)."""
        return self.tutorial is not None and not self.tutorial.finished

    def _allowed(self, indexes: list[int]) -> list[int]:
        """Those of the pending options the tutorial lets through now (all, outside one)."""
        if self.tutorial is None:
            return indexes
        dec = self.controller.decision()
        return [i for i in indexes if self.tutorial.allows(self.controller.game, dec, dec.options[i])]

    def _guided(self, index: int) -> bool:
        """Whether the tutorial lets this answer through; if not, the status bar says what it asks."""
        if self._allowed([index]):
            return True
        self.statusBar().showMessage(self._tutorial_asks(), 10000)
        return False

    def _tutorial_asks(self) -> str:
        return _("The tutorial asks: {step}").format(step=_(self.tutorial.step.text))

    def _sure_to_end(self, index: int) -> bool:
        text = self.end_turn_warning(index)
        return not text or self.confirm(_("End your turn?"), text)

    def end_turn_warning(self, index: int) -> str:
        """The question asked before answer ``index`` ends the turn with something still to use,
        naming each thing that would be wasted ("" when nothing would be)."""
        left = self.controller.session.unspent_if_ending(index)
        if not left:
            return ""
        unused = unspent_lines(self.controller.game, left)
        return _("You still have:\n• {things}\n\nRunes and power are lost at the end of the turn. "
                 "End your turn anyway?").format(things="\n• ".join(unused))

    def on_card_clicked(self, iid: int) -> None:
        mine = self._my_decision()
        if mine is None:
            return
        opts = self._allowed(self.controller.options_for_card(iid))
        if not opts and self.controller.options_for_card(iid):
            self._guided(self.controller.options_for_card(iid)[0])    # says what the tutorial asks
        elif len(opts) == 1:
            self._submit(opts[0])
        elif opts:   # e.g. acquire for yourself or for your teammate: let the player pick
            menu = QMenu(self)
            for i in opts:
                menu.addAction(self.controller.game.label(mine.options[i]), lambda i=i: self.answer(i))
            self.card_menu = menu
            menu.popup(QCursor.pos())

    def end_turn(self) -> None:
        i = self.controller.end_turn_index()
        if i is not None:
            self.answer(i)

    def play_all(self) -> None:
        i = self.controller.play_all_index()
        if self._my_decision() is not None and i is not None and self._guided(i):
            self._submit(i)

    def show_hint(self) -> None:
        """What the medium bot would do in the person's place (only when it is their decision)."""
        if self._my_decision() is not None:
            self.decision.show_hint(self.controller.ask_hint())

    def controller_skip(self) -> None:
        self.controller.skip_bots()

    def press_option(self, n: int) -> None:
        buttons = self.decision.choice_buttons
        if self.stack.currentWidget() is self.play_page and n < len(buttons):
            buttons[n].click()

    def take_screen(self) -> None:
        self.viewer, self.pass_to = self.pass_to, None
        self.refresh()

    def undo(self) -> None:
        c = self.controller
        if c.session is None or not c.can_undo() or self._guiding():
            return
        if c.undo_reveals() and not self.confirm(
                _("Undo after a reveal?"), _("Undoing now takes back cards that were already revealed "
                                             "(a draw, a shuffle or a new center card). You may, but the game "
                                             "will be marked as assisted.")):
            return
        c.undo()

    def confirm(self, title: str, text: str, *, yes_by_default: bool = False) -> bool:
        """A yes/no question. Its answer by default (Enter, a key still pressed) is No, as most ask
        before something is given up (the turn's runes, a revealed card's secret); Resume's is Yes,
        as No there would let the game go."""
        default = QMessageBox.Yes if yes_by_default else QMessageBox.No
        return QMessageBox.question(self, title, text, QMessageBox.Yes | QMessageBox.No, default) == QMessageBox.Yes

    # ------------------------------------------------------------------ zones and zoom
    def zoom(self, iid: int, reason: str = "") -> None:
        dlg = CardZoom(self.controller.game.ctx.defs, iid, reason, self)
        dlg.setAttribute(Qt.WA_DeleteOnClose)
        dlg.show()

    def open_zone(self, zone: str, seat: int) -> None:
        game = self.controller.game
        if zone == "deck":   # what you own and is not elsewhere: shown sorted, so its order stays hidden
            if seat != self.viewer or self.pass_to is not None:
                return
            title = _("{name}: deck, in no particular order").format(name=game.players[seat].name)
            cards = sorted(game.players[seat].deck, key=game.name_of)
        elif zone == "void":
            title, cards = _("The Void"), game.void
        elif zone == "in_play":
            p = game.players[seat]
            title, cards = _("{name}: cards in play").format(name=p.name), p.constructs + p.played
        else:
            p = game.players[seat]
            title = (_("{name}: discard pile") if zone == "discard" else _("{name}: constructs")
                     if zone == "constructs" else _("{name}: hand")).format(name=p.name)
            cards = getattr(p, zone)
        dlg = ZoneDialog(game.ctx.defs, title, list(cards), parent=self)
        dlg.setAttribute(Qt.WA_DeleteOnClose)
        dlg.show()

    # ------------------------------------------------------------------ games
    def start(self, setup: dict) -> None:
        self._show_from_scratch()
        self.controller.start(setup)

    def _may_leave(self, title: str, text: str) -> bool:
        """Whether the game on the table may be replaced: asked when one is in progress (a
        tutorial's is practice, and goes without asking), or over with nothing to keep it (its
        autosave failed, and so did its record), with the choice to save it first."""
        c = self.controller
        if c.session is None or c.practising or (c.session.over and c.unsaved() is None):
            return True
        choice = self.ask_leave(title, text)
        if choice == "save":
            return self.save_game()   # (the save dialog cancelled: the game stays)
        return choice == "leave"

    def ask_leave(self, title: str, text: str) -> str:
        """"save", "leave" or "stay": what to do with the game in progress before another replaces it."""
        choice = self._save_first(QMessageBox.Question, title, text, _("Leave without saving"))
        return "leave" if choice == "without" else choice

    def _save_first(self, icon, title: str, text: str, without: str) -> str:
        """A question about the game in progress, answered "save" (Save…, the default), "without"
        (the button ``without`` names) or "stay" (Cancel)."""
        box = QMessageBox(icon, title, text, parent=self)
        save = box.addButton(_("Save…"), QMessageBox.AcceptRole)
        go = box.addButton(without, QMessageBox.DestructiveRole)
        box.addButton(QMessageBox.Cancel)
        box.setDefaultButton(save)
        box.exec()
        clicked = box.clickedButton()
        return "save" if clicked is save else "without" if clicked is go else "stay"

    def new_game(self) -> None:
        if not self._may_leave(_("Leave this game?"),
                               _("Start a new game? The current one will be lost unless you save it first.")):
            return
        last_seed = (self.controller.setup or {}).get("seed")
        dlg = SetupDialog(self.settings, parent=self, last_seed=last_seed)
        result = dlg.exec()
        if result == TUTORIAL:
            self.start_tutorial(ask=False)
            return
        if result != SetupDialog.Accepted:
            return
        setup = dlg.setup()
        self.settings.last = setup
        self._start_or_say(setup)

    def _start_or_say(self, setup: dict) -> None:
        """Start a game the player asked for, or say plainly why it cannot start (the game on the
        table stays): a plugin refuses the setup the dialog checked, or the override files got a
        slip since the last game (New game, Rematch and Play again alike)."""
        try:
            self.start(setup)
        except (SetupError, SetFileError) as exc:
            self.refresh()
            QMessageBox.warning(self, _("Cannot start"), str(exc))

    def start_tutorial(self, which: str = "first turn", *, ask: bool = True) -> None:
        """A tutorial's prepared game and its first step (the game on the table is left, after
        asking; its autosave stays, since a tutorial's game is never autosaved)."""
        if ask and not self._may_leave(_("Leave this game?"), _(
                "Start the tutorial? The game in progress stays in its autosave only until you start or load another "
                "game.") if not self.controller.autosave_error else _(
                "Start the tutorial? The game in progress is not saved ({error}): save it first, or it is lost when "
                "you close the program or start or load another game.").format(error=self.controller.autosave_error)):
            return
        steps, make = TUTORIALS[which]
        people = [s["name"] for s in (self.settings.last or {}).get("seats", []) if s.get("kind") == "human"]
        session = make(people[0] if people and people[0] != "Bob" else "Ann")
        self._show_from_scratch()
        self.tutorial = Tutorial(steps)
        self.tutorial_bar.show_step(self.tutorial)
        self.controller.adopt(session, practice=True)

    def tutorial_next(self) -> None:
        """Next: on to the next step; at the last one, the tutorial closes and the game plays on."""
        t = self.tutorial
        if t is None:
            return
        if t.finished:
            self.leave_tutorial()
            return
        t.advance()
        self.refresh()

    def leave_tutorial(self) -> None:
        """Stop guiding; the practice game stays on the table, to play on or to replace."""
        self.tutorial = None
        self.tutorial_bar.hide()
        if self.controller.session is not None:
            self.refresh()

    def rematch(self) -> None:
        """The same game dealt again (the same seed and seats)."""
        if self._may_leave_for_another():
            self._start_or_say(self.controller.setup)

    def play_again(self) -> None:
        """The same players, sets and variants, a new seed (and a new first player, if drawn)."""
        if self._may_leave_for_another():
            self._start_or_say(dict(self.controller.chosen, seed=None))

    def _may_leave_for_another(self) -> bool:
        """The end screen's Rematch and Play again replace the game as New game does: a game over
        that nothing keeps (its autosave and its record failed) is not given up unasked."""
        return self._may_leave(_("Leave this game?"), _(
            "Start another game? The current one will be lost unless you save it first."))

    def on_finished(self, summary: dict) -> None:
        self.end_page.show_summary(summary)
        self.stack.setCurrentWidget(self.end_page)
        self.end_page.rematch_button.setFocus(Qt.OtherFocusReason)   # (the way on, by keyboard too)

    def unexpected(self, kind, exc, tb) -> None:
        """A fault in the window's own work (a plugin failing as the table is drawn): said in the
        band above the table, naming the plugin at fault, and logged; not printed to a terminal
        the player never sees while the window silently stops answering."""
        if not isinstance(exc, Exception):   # (SystemExit, KeyboardInterrupt: as Python handles them)
            sys.__excepthook__(kind, exc, tb)
            return
        log.error("an error in the window", exc_info=(kind, exc, tb))
        session = self.controller.session
        error = session.fault(exc.with_traceback(tb)) if session is not None else f"{kind.__name__}: {exc}"
        self.notice.add(_("Something went wrong: {error}.").format(error=error))

    def on_recorded(self) -> None:
        """A game went into the history (or could not): the end screen of the game just over may
        link to it, and an open History window shows it."""
        if self.controller.session is not None and self.controller.session.over:
            self.end_page.show_match(self.controller.recorded_match())
        if self.history_window is not None and self.history_window.isVisible():
            self.history_window.games_added()

    def show_bot_reasons(self) -> None:
        if self.controller.session is None:
            return
        self.reasons_dialog = BotReasonsDialog(self.controller.bot_reasons(), self)
        self.reasons_dialog.show()

    def show_cards(self) -> None:
        from ascension.ui.desktop.gallery import CardGallery
        self.gallery = self._one_window(self.gallery, CardGallery)

    def show_help(self) -> None:
        from ascension.ui.desktop.help import HelpDialog
        if self.help_dialog is None:
            self.help_dialog = HelpDialog(self)
            self.help_dialog.tutorial_requested.connect(self.start_tutorial)
        self.help_dialog = self._one_window(self.help_dialog, HelpDialog)

    def _one_window(self, open_one, make):
        """Bring a helper window forward, or open it: pressing its key again makes no second one."""
        window = open_one or make(self)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def show_history(self) -> None:
        """The match history window, for the player chosen there before (kept in the settings),
        else the first person seated in the last setup."""
        from ascension.ui.desktop.history_window import HistoryWindow
        last = self.settings.last or {}
        people = [s["name"] for s in last.get("seats", []) if s.get("kind", "human") == "human"]
        player = self.settings.data.get("history_player") or (people[0] if people else None)
        self.history_window = HistoryWindow(None, player=player)
        self.history_window.player_chosen.connect(self._history_player_chosen)
        self.history_window.show()

    def replay_in_history(self, match_id: int) -> None:
        """The history window opened at a game just finished: its replay and honor race."""
        self.show_history()
        self.history_window.open_match(match_id)

    def _history_player_chosen(self, name: str) -> None:
        self.settings.set("history_player", name or None)

    def save_game(self) -> bool:
        """Save the game on the table to a file the player names; whether it was saved."""
        return self._save_to_file(self.controller.session)

    def _save_to_file(self, session: Session | None) -> bool:
        """Save ``session`` (the game on the table, or the real one a tutorial's left) to a file
        the player names; whether it was saved."""
        if session is None:
            return False
        folder = storage.saves_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:   # the data folder cannot be written (why one saves elsewhere): start at home
            folder = Path.home()
        typed = self.ask_save_path(folder / "game.json")
        if not typed:
            return False
        path = storage.save_name(typed)    # "monday" is kept as monday.json, which Load lists
        if storage.kept_by_the_program(path):
            QMessageBox.warning(self, _("Could not save"), _(
                "{path} is where the program keeps a game on its own (the autosave, or a game on hold or waiting for "
                "the history): the next game would write over it. Save the game under another name.").format(path=path))
            return False
        if str(path) != typed and path.exists() and not self.confirm(   # the dialog asked about the name typed
                _("Replace the saved game?"), _("{path} already exists. Replace it with this game?").format(path=path)):
            return False
        try:
            self.controller.save_to(path, session)
        except OSError as exc:
            QMessageBox.warning(self, _("Could not save"), _("The game was not saved:\n{error}").format(error=os_error(exc)))
            return False
        self.statusBar().showMessage(_("Saved as {path}").format(path=path), 10000)
        return True

    def ask_save_path(self, suggested: Path) -> str:
        """The file the player names in the save dialog ("" when they cancel)."""
        typed, __ = QFileDialog.getSaveFileName(self, _("Save game"), str(suggested), _("Saved games (*.json)"))
        return typed

    def load_game(self) -> None:
        folder = storage.saves_dir()
        path, __ = QFileDialog.getOpenFileName(self, _("Load game"), str(folder),
                                               _("Saved games (*.json);;All files (*)"))
        if path:
            self.load_path(path)

    def load_path(self, path: str) -> bool:
        """Load a saved game, checked whole first: on any error say which file and what is
        wrong, and the game on the table (and its autosave) stay exactly as they were."""
        try:
            session = storage.read_session(path)
        except SaveFileError as exc:
            QMessageBox.warning(self, _("Could not load"), str(exc))
            return False
        if not self._may_leave(_("Replace this game?"), _("Load {name}? It replaces the game in progress, which "
                                                          "is lost unless you save it first.").format(name=Path(path).name)):
            return False
        self._adopt_saved(session, path)
        self._release_if_on_hold(Path(path))
        return True

    def _release_if_on_hold(self, path: Path) -> None:
        """A game on hold the player loads is resumed: once the autosave holds it, it leaves the
        on-hold folder, the desktop's or the terminal's (else it is offered again at the next
        start, here or in the terminal, and recorded twice)."""
        held = [p.resolve() for slot in (storage.autosave_path(), storage.terminal_autosave_path())
                for p in storage.held_games(slot)]
        if path.resolve() not in held or self.controller.autosave_error:
            return
        try:
            path.unlink()
        except OSError as exc:
            log.warning("%s could not be removed once loaded: %s", path, exc)

    def _adopt_saved(self, session, path) -> None:
        """Put a loaded or resumed game on the table; say so when its log could not be rebuilt."""
        self._show_from_scratch()
        self.controller.adopt(session)
        if not session.game.log:
            self.notice.add(_("{path}: this game does not replay from its seed and answers to the saved position "
                              "(it was set up by hand, or saved by another version), so its log starts here "
                              "and Undo reaches back only to your next answer.").format(path=path))

    def _show_from_scratch(self) -> None:
        """Forget what the table showed of the game before (a new game or a loaded one follows)."""
        self.viewer = self.pass_to = None
        self.tutorial = None
        self.tutorial_bar.hide()
        self.log_panel.clear()
        self.log_panel.shown = 0

    def offer_resume(self) -> bool:
        """At start: an autosave of an unfinished game is offered, or else a game put on hold
        that can be resumed now. One that is sound but cannot be resumed here (a plugin or bot
        not installed, the file unreadable for now) is put on hold, out of the new game's way;
        one that is damaged, whatever is wrong with it, is set aside beside it. The window says
        which, and where the file is."""
        path = storage.autosave_path()
        held = storage.release_held_game(path)
        if not path.exists():
            return False
        try:
            session = storage.read_session(path)
        except SaveNotUsableNow as exc:
            try:
                kept = _("It was kept as {path} and is offered again when it can be resumed.").format(
                    path=storage.put_on_hold(path))
            except OSError as move_exc:
                kept = _("It could not be moved out of the new game's way either ({error}).").format(
                    error=os_error(move_exc))
                self.controller.autosave_blocked = True
            self.notice.add(_("The autosaved game cannot be resumed here now: {reason}. {kept}").format(
                reason=exc.reason, kept=kept))
            return False
        except SaveFileError as exc:
            try:
                kept = _("It was set aside as {path}.").format(path=storage.set_aside(path))
            except OSError as move_exc:
                kept = _("It could not be set aside either ({error}); it was left as it is.").format(
                    error=os_error(move_exc))
                self.controller.autosave_blocked = True
            self.notice.add(_("The autosaved game could not be resumed. {kept} {error}").format(kept=kept, error=exc))
            return False
        if session.over:   # the history could not take it as it ended (or the program was stopped meanwhile)
            if self.controller.recorder is not None:
                from ascension.ui.history.recording import record_left_over
                said, self.controller.autosave_blocked = record_left_over(path, session, self.controller.recorder)
                self.notice.add(said)
            return False
        names = ", ".join(s.name for s in session.seats)
        question = (_("A game in progress was saved automatically ({names}, turn {turn}). Resume it where it stood?")
                    if held is None else
                    _("A game put on hold at an earlier start ({names}, turn {turn}) can be resumed now. Resume it "
                      "where it stood?"))
        if not self.confirm(_("Resume?"), question.format(names=names, turn=session.game.turn) + " " + _(
                "If not, it stays saved until you start or load another game, and then goes into the history as "
                "abandoned."), yes_by_default=True):
            self.controller.not_resumed(session)   # recorded as abandoned once a new game replaces it
            return False
        self._adopt_saved(session, path)
        return True

    def check_override_files(self) -> bool:
        """At start: a mistake in the player's override files is shown, and new games use the
        sets' own numbers until the file is fixed and the program restarted. Whether all is well."""
        said = overrides.go_on_without()
        if said is None:
            return True
        self.notice.add(said)
        return False

    def check_plugins(self) -> None:
        """At start: a plugin that could not be loaded (or a set or bot of one that was refused)
        is named, since what it offers is missing from the menus; the rest works as ever."""
        errors = installed().errors
        if errors:
            self.notice.add(_("Some of what the installed plugins offer could not be used: {errors}").format(
                errors="; ".join(errors)))

    def _may_close(self) -> bool:
        """Closing never loses a game silently: when the autosave could not keep the game in
        progress, the player saves it to a file first, closes anyway (it goes into the history as
        abandoned), or stays."""
        c = self.controller
        unsaved = c.unsaved()
        if unsaved is None:
            return True
        choice = self.ask_unsaved(c.autosave_error if not unsaved.over else "\n".join(
            filter(None, (c.history_error, c.autosave_error))))
        if choice == "save":
            return self._save_to_file(unsaved)
        if choice == "close":
            c.give_up(unsaved)
            return True
        return False

    def ask_unsaved(self, error: str) -> str:
        """"save", "close" or "stay": what to do with a game in progress the autosave could not keep."""
        choice = self._save_first(QMessageBox.Warning, _("The game is not saved"), _(
            "{error}\n\nThe game in progress is not saved. Save it to a file before closing?").format(error=error),
            _("Close without saving"))
        return "close" if choice == "without" else choice

    def restore_geometry(self) -> bool:
        """Where and how large the window was when it was last closed (Qt fits it to the screens
        there are now; a damaged record leaves the default)."""
        saved = self.settings.data.get("window")
        if not isinstance(saved, str) or not saved.isascii():   # (a slip in the file: not base64 at all)
            return False
        return self.restoreGeometry(QByteArray.fromBase64(saved.encode("ascii")))

    def closeEvent(self, event) -> None:
        if not self._may_close():
            event.ignore()
            return
        self.controller.shutdown()     # the autosave holds the game (or the player chose)
        self.settings.set("window", bytes(self.saveGeometry().toBase64()).decode("ascii"))
        if self.instance is not None:  # the next start may take the data folder at once
            self.instance.release()
            self.instance = None
        super().closeEvent(event)

    def bring_to_front(self) -> None:
        """Another start of the program asked for this window (it ended, leaving the game here)."""
        self.setWindowState(self.windowState() & ~Qt.WindowMinimized)
        self.show()
        self.raise_()
        self.activateWindow()

    def _speed_changed(self) -> None:
        speed = self.speed_box.currentData()
        self.settings.speed = speed
        self.controller.set_speed(speed)

    def _language_changed(self) -> None:
        """A language chosen in the toolbar: kept in the settings, and shown at once."""
        code = self.language_box.currentData()
        if code is None:
            return
        self.settings.language = code
        language.use(code)
        self.retranslate()

    def retranslate(self) -> None:
        """Show everything in the language now in use: the toolbar's words are set again and the
        pages built anew around the same game (it lives in the controller, untouched); helper
        windows close, and open in the new language when next asked for."""
        for name in ("gallery", "help_dialog", "history_window", "reasons_dialog"):
            helper = getattr(self, name, None)
            if helper is not None:
                helper.close()
                helper.deleteLater()
            setattr(self, name, None)
        self._build()
        self.refresh()
        if self.controller.session is not None and self.controller.session.over:
            self.on_finished(self.controller.summary())


def close_on_signals(window: MainWindow) -> None:
    """Ctrl-C in the terminal the program was started from (SIGINT), or a request to end it
    (SIGTERM: ``kill``, a session ending), closes the window as its close button does: an open
    dialog is cancelled, the game stays in its autosave (or the player is asked, when nothing
    keeps it) and the data folder is freed. Before, Ctrl-C did nothing until the next click, and
    then broke off whatever that click did with a traceback. Python runs a signal's handler only
    between its own steps, which Qt's loop never takes while it waits: the signal's byte on a
    socket (``signal.set_wakeup_fd``) wakes it."""
    import signal
    import socket
    from PySide6.QtCore import QSocketNotifier, QTimer
    from PySide6.QtWidgets import QDialog
    woken, waker = socket.socketpair()
    woken.setblocking(False)
    waker.setblocking(False)
    signal.set_wakeup_fd(waker.fileno(), warn_on_full_buffer=False)
    notifier = QSocketNotifier(woken.fileno(), QSocketNotifier.Read, window)
    notifier.activated.connect(lambda: woken.recv(64))   # (Python runs: the handler below with it)
    window._woken_by = (woken, waker, notifier)   # kept as long as the window

    def close() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QDialog):   # a question or the setup dialog first, then the window
            modal.reject()
            QTimer.singleShot(0, close)
        elif window.close():
            QApplication.quit()   # (windows of their own, History or Cards, close with it)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: QTimer.singleShot(0, close))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv if argv is None else argv
    storage.remove_left_behind()
    language.choose(argv[1:], storage.chosen_language())   # --lang, else the settings, else the environment
    settings = storage.Settings()   # (its notices in that language)
    app = QApplication.instance() or QApplication(language.without_lang(argv))
    app.setApplicationName("Ascension")
    language.install_qt_translation(i18n.language())
    instance = Instance(storage.autosave_path().parent)
    if not instance.claim():   # already open: that program keeps its game; two would write over each other's
        if instance.wake_holder():
            print(_("Ascension Table is already open: its window was brought to the front."), file=sys.stderr)
            return 0
        in_the_way = instance.not_a_lock()
        if in_the_way is not None:
            QMessageBox.warning(None, _("Cannot start"), _(
                "Ascension Table cannot start: {problem}. If no other Ascension Table is open, remove it and start "
                "again.").format(problem=in_the_way))
            return 1
        QMessageBox.warning(None, _("Already open"), _(
            "Ascension Table is already open (process {pid}), and keeps its game in progress in {folder}. Close it "
            "first: two at once would write over each other's game.").format(
            pid=instance.holder() or "?", folder=storage.autosave_path().parent))
        return 1
    from ascension.ui.history.recording import Recorder
    controller = Controller(autosave=storage.autosave_path(), recorder=Recorder())
    window = MainWindow(controller, settings)
    window.instance = instance
    instance.listen(window.bring_to_front)
    sys.excepthook = window.unexpected   # (Qt hands a slot's exception to it)
    close_on_signals(window)
    window.restore_geometry()
    window.show()
    window.refresh()
    window.check_override_files()
    window.check_plugins()
    if settings.problem:
        window.notice.add(settings.problem)
    if not window.offer_resume():
        window.new_game()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
