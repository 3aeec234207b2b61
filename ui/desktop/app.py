"""The desktop program: main window, wiring and ``main()`` (the ``ascension-desktop`` command).

The window decides only what to show: whose cards are visible (hot-seat hides hands behind a
"pass to" screen), which page is up (table, pass screen, end screen) and how a click becomes
an answer. What is legal comes from the controller, which asks the engine.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCursor, QKeySequence, QShortcut
from PySide6.QtWidgets import (QApplication, QComboBox, QFileDialog, QFrame, QHBoxLayout, QLabel, QMainWindow,
                               QMenu, QMessageBox, QPushButton, QSplitter, QStackedWidget, QVBoxLayout,
                               QWidget)

from ascension.core import overrides
from ascension.core.match import SaveFileError, SetupError
from ascension.core.wording import unspent_lines

from . import storage
from .cards import CardZoom
from .controller import SPEEDS, Controller
from .panels import BotReasonsDialog, DecisionPanel, EndScreen, LogPanel, PassScreen, ZoneDialog
from .setup_dialog import TUTORIAL, SetupDialog
from .table import CardState, TableWidget
from .tutorial import TUTORIALS, Tutorial, TutorialBar

MIN_SIZE = (1280, 720)
NOTICE_CHARS = 600   # a longer message (a huge file's contents quoted) is cut: the log has it whole


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
        self.dismiss = QPushButton("Dismiss")
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
        self.gallery = self.help_dialog = None   # helper windows, opened on demand and kept
        self.tutorial: Tutorial | None = None    # the steps being taught, in a tutorial game
        self.setWindowTitle("Ascension")
        self.resize(*MIN_SIZE)
        self.setMinimumSize(1024, 640)

        self._toolbar()
        self.table = TableWidget()
        self.decision = DecisionPanel(lambda: self.controller.game.ctx.defs)
        self.log_panel = LogPanel()
        side = QWidget()     # the decision panel takes what it needs, the log the rest
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(4, 4, 4, 4)
        side_lay.addWidget(self.decision, 0)
        log_title = QLabel("<b>Game log</b>")
        side_lay.addWidget(log_title)
        side_lay.addWidget(self.log_panel, 1)
        self.log_panel.setMinimumHeight(120)
        self.play_page = QSplitter(Qt.Horizontal)
        self.play_page.addWidget(self.table)
        self.play_page.addWidget(side)
        self.play_page.setStretchFactor(0, 1)
        self.play_page.setStretchFactor(1, 0)
        self.play_page.setSizes([960, 320])
        side.setMinimumWidth(280)
        self.pass_page = PassScreen()
        self.end_page = EndScreen()
        self.welcome = self._welcome_page()
        self.stack = QStackedWidget()
        for w in (self.welcome, self.play_page, self.pass_page, self.end_page):
            self.stack.addWidget(w)
        self.notice = NoticeBar()
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
        self.setCentralWidget(central)
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)

        c = controller
        c.state_changed.connect(self.refresh)
        c.match_finished.connect(self.on_finished)
        c.notice.connect(self.notice.add)
        self.table.card_clicked.connect(self.on_card_clicked)
        self.table.zoom_requested.connect(self.zoom)
        self.table.zone_requested.connect(self.open_zone)
        self.decision.option_chosen.connect(self.answer)
        self.decision.play_all_clicked.connect(self.play_all)
        self.decision.skip_clicked.connect(c.skip_bots)
        self.decision.hint_clicked.connect(self.show_hint)
        self.pass_page.ready.connect(self.take_screen)
        self.end_page.rematch.connect(self.rematch)
        self.end_page.play_again.connect(self.play_again)
        self.end_page.new_game.connect(self.new_game)
        self.end_page.replay.connect(self.replay_in_history)
        self._shortcuts()

    # ------------------------------------------------------------------ building
    def _toolbar(self) -> None:
        bar = self.addToolBar("Game")
        bar.setMovable(False)
        self.new_action = QAction("New game…", self, shortcut=QKeySequence("Ctrl+N"), triggered=self.new_game)
        self.load_action = QAction("Load…", self, shortcut=QKeySequence("Ctrl+O"), triggered=self.load_game)
        self.save_action = QAction("Save…", self, shortcut=QKeySequence("Ctrl+S"), triggered=self.save_game)
        self.undo_action = QAction("Undo", self, shortcut=QKeySequence("Ctrl+Z"), triggered=self.undo)
        self.undo_action.setToolTip("Take back your last answer (Ctrl+Z)")
        for a in (self.new_action, self.load_action, self.save_action, self.undo_action):
            bar.addAction(a)
        self.save_action.setEnabled(False)
        self.undo_action.setEnabled(False)
        bar.addSeparator()
        bar.addWidget(QLabel(" Bot speed: "))
        self.speed_box = QComboBox()
        for s in SPEEDS:
            self.speed_box.addItem(s.capitalize(), s)
        self.speed_box.setCurrentIndex(max(0, self.speed_box.findData(self.settings.speed)))
        self.controller.set_speed(self.settings.speed)
        self.speed_box.currentIndexChanged.connect(self._speed_changed)
        bar.addWidget(self.speed_box)
        self.skip_action = QAction("Skip bots", self, triggered=lambda: self.controller.skip_bots())
        self.skip_action.setToolTip("Let the bots finish now, up to the next human decision (S)")
        bar.addAction(self.skip_action)
        self.why_action = QAction("Why?", self, shortcut=QKeySequence("W"), triggered=self.show_bot_reasons)
        self.why_action.setToolTip("Why the bots made their last moves: their scores or search statistics (W)")
        self.why_action.setEnabled(False)
        bar.addAction(self.why_action)
        bar.addSeparator()
        self.history_action = QAction("History", self, shortcut=QKeySequence("Ctrl+H"), triggered=self.show_history)
        self.history_action.setToolTip("Every game you finished: results, statistics, replays (Ctrl+H)")
        bar.addAction(self.history_action)
        self.cards_action = QAction("Cards", self, shortcut=QKeySequence("C"), triggered=self.show_cards)
        self.cards_action.setToolTip("Every card of the installed sets, to look up by name, text, type or faction (C)")
        bar.addAction(self.cards_action)
        self.help_action = QAction("Help", self, shortcut=QKeySequence("F1"), triggered=self.show_help)
        self.help_action.setToolTip("How a turn goes, what clicks and keys do here, and the rulings (F1)")
        bar.addAction(self.help_action)

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
        title = QLabel("Ascension")
        f = title.font()
        f.setPixelSize(40)
        f.setBold(True)
        title.setFont(f)
        title.setAlignment(Qt.AlignCenter)
        lay.addWidget(title)
        for text, slot in (("New game…", self.new_game), ("Load a saved game…", self.load_game),
                           ("Tutorial: your first turn…", self.start_tutorial), ("How to play (F1)", self.show_help)):
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
        kinds = [("human" if s.kind == "human" else f"{s.bot or 'greedy'} bot") for s in c.session.seats]
        teams = {seat: t for t, side in enumerate(game.teams()) for seat in side}
        hidden = self.pass_to is not None
        self._new_in_center = set() if hidden or viewer is None else c.session.new_in_center(viewer)
        self.table.refresh(game, viewer, self.card_state, kinds, teams, hand_hidden=hidden)
        self.log_panel.sync(game)
        self._decision_panel(dec)
        self.undo_action.setEnabled(c.can_undo() and not hidden and not self._guiding())
        self.save_action.setEnabled(True)
        waiting = c.session.waiting_for_bot()
        self.skip_action.setEnabled(waiting)
        self.why_action.setEnabled(bool(c.session.bot_moves))
        notes = ([f"Game over after {game.turn} turns"] if c.session.over
                 else [f"Turn {game.turn}", f"{game.players[game.current].name} to play"])
        if c.session.assisted:
            notes.append("assisted game (undo after a reveal)")
        for problem in (c.autosave_error, c.bot_error, c.history_error):
            if problem:
                notes.append(problem)
        self.status.setText(" · ".join(notes))
        if c.session.over:
            return      # on_finished shows the end screen
        if hidden:
            self.pass_page.show_for(game.seat_name(self.pass_to), dec.prompt if dec and dec.kind != "action" else "")
            self.stack.setCurrentWidget(self.pass_page)
        else:
            self.stack.setCurrentWidget(self.play_page)

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
            return CardState(False, "The tutorial asks: " + self.tutorial.step.text, source,
                             dimmed=source is None, new=new)
        if opts:
            labels = [c.game.label(mine.options[i]) for i in opts]
            hl = source or ("choice" if mine.kind != "action" else None)
            return CardState(True, "Click: " + " / ".join(labels) if len(labels) == 1
                             else "Click to choose: " + " / ".join(labels), hl, new=new)
        dim = zone in ("center", "pile", "hand", "constructs")
        return CardState(False, c.why_not(iid, self.viewer, zone), source, dimmed=dim and source is None, new=new)

    def _decision_panel(self, dec) -> None:
        c = self.controller
        game = c.game
        if dec is None:
            self.decision.show_decision("Game over", "", [])
            return
        name = game.seat_name(dec.seat)
        mine = self._my_decision()
        if mine is None:
            if c.is_human(dec.seat):
                self.decision.show_decision(f"Waiting for {name}", dec.prompt if dec.kind != "action" else "", [])
            else:
                self.decision.show_decision(f"{name} is playing…", f"Bot speed: {c.speed}. "
                                            "Watch the log, or skip to your next decision.", [], waiting=True)
            return
        if mine.kind == "action":
            others = [(i, game.label(mine.options[i])) for i in c.other_options()]
            self.decision.show_decision(
                f"Your turn, {name}", "Click a card outlined in gold: play it from your hand, use a "
                "construct, acquire or defeat a card in the center or a pile. Right-click zooms.",
                others, action=True, end_index=c.end_turn_index(), can_play_all=c.play_all_index() is not None,
                hint=c.hint, can_hint=True)
        else:
            options = [(i, game.label(o)) for i, o in enumerate(mine.options)]
            self.decision.show_decision(f"{name}: {mine.prompt}", "Pick one below, or click a card outlined in blue.",
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
        self.statusBar().showMessage("The tutorial asks: " + self.tutorial.step.text, 10000)
        return False

    def _sure_to_end(self, index: int) -> bool:
        text = self.end_turn_warning(index)
        return not text or self.confirm("End your turn?", text)

    def end_turn_warning(self, index: int) -> str:
        """The question asked before answer ``index`` ends the turn with something still to use,
        naming each thing that would be wasted ("" when nothing would be)."""
        left = self.controller.session.unspent_if_ending(index)
        if not left:
            return ""
        unused = unspent_lines(self.controller.game, left)
        return ("You still have:\n• " + "\n• ".join(unused) +
                "\n\nRunes and power are lost at the end of the turn. End your turn anyway?")

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
                "Undo after a reveal?", "Undoing now takes back cards that were already revealed "
                "(a draw, a shuffle or a new center card). You may, but the game will be marked as assisted."):
            return
        c.undo()

    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text) == QMessageBox.Yes

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
            title = f"{game.players[seat].name}: deck, in no particular order"
            cards = sorted(game.players[seat].deck, key=game.name_of)
        elif zone == "void":
            title, cards = "The Void", game.void
        elif zone == "in_play":
            p = game.players[seat]
            title, cards = f"{p.name}: cards in play", p.constructs + p.played
        else:
            p = game.players[seat]
            title = f"{p.name}: {'discard pile' if zone == 'discard' else zone}"
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
        tutorial's is practice, and goes without asking)."""
        c = self.controller
        if c.session is None or c.session.over or c.practising:
            return True
        return self.confirm(title, text)

    def new_game(self) -> None:
        if not self._may_leave("Leave this game?",
                               "Start a new game? The current one will be lost unless you save it first."):
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
        try:
            self.start(setup)
        except SetupError as exc:    # the dialog checked; a plugin may still refuse
            self.refresh()
            QMessageBox.warning(self, "Cannot start", str(exc))

    def start_tutorial(self, which: str = "first turn", ask: bool = True) -> None:
        """A tutorial's prepared game and its first step (the game on the table is left, after
        asking; its autosave stays, since a tutorial's game is never autosaved)."""
        if ask and not self._may_leave("Leave this game?", "Start the tutorial? The game in progress "
                                       "stays in its autosave only until you start or load another game."):
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
        self.start(self.controller.setup)

    def play_again(self) -> None:
        """The same players, sets and variants, a new seed (and a new first player, if drawn)."""
        self.start(dict(self.controller.chosen, seed=None))

    def on_finished(self, summary: dict) -> None:
        self.end_page.show_summary(summary)
        self.stack.setCurrentWidget(self.end_page)

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
        self.settings.data["history_player"] = name or None
        self.settings.save()

    def save_game(self) -> None:
        if self.controller.session is None:
            return
        folder = storage.data_dir() / "saves"
        folder.mkdir(parents=True, exist_ok=True)
        typed, _ = QFileDialog.getSaveFileName(self, "Save game", str(folder / "game.json"), "Saved games (*.json)")
        if not typed:
            return
        path = storage.save_name(typed)    # "monday" is kept as monday.json, which Load lists
        if str(path) != typed and path.exists() and not self.confirm(   # the dialog asked about the name typed
                "Replace the saved game?", f"{path} already exists. Replace it with this game?"):
            return
        try:
            self.controller.save_to(path)
        except OSError as exc:
            QMessageBox.warning(self, "Could not save", f"The game was not saved:\n{exc}")
            return
        self.statusBar().showMessage(f"Saved as {path}", 10000)

    def load_game(self) -> None:
        folder = storage.data_dir() / "saves"
        path, _ = QFileDialog.getOpenFileName(self, "Load game", str(folder), "Saved games (*.json);;All files (*)")
        if path:
            self.load_path(path)

    def load_path(self, path: str) -> bool:
        """Load a saved game, checked whole first: on any error say which file and what is
        wrong, and the game on the table (and its autosave) stay exactly as they were."""
        try:
            session = storage.read_session(path)
        except SaveFileError as exc:
            QMessageBox.warning(self, "Could not load", str(exc))
            return False
        if not self._may_leave("Replace this game?", f"Load {Path(path).name}? It replaces the game in progress, "
                               "which is lost unless you save it first."):
            return False
        self._adopt_saved(session, path)
        return True

    def _adopt_saved(self, session, path) -> None:
        """Put a loaded or resumed game on the table; say so when its log could not be rebuilt."""
        self._show_from_scratch()
        self.controller.adopt(session)
        if not session.game.log:
            self.notice.add(f"{path}: this game does not replay from its seed and answers to the saved position "
                            "(it was set up by hand, or saved by another version), so its log starts here "
                            "and Undo reaches back only to your next answer.")

    def _show_from_scratch(self) -> None:
        """Forget what the table showed of the game before (a new game or a loaded one follows)."""
        self.viewer = self.pass_to = None
        self.tutorial = None
        self.tutorial_bar.hide()
        self.log_panel.clear()
        self.log_panel.shown = 0

    def offer_resume(self) -> bool:
        """At start: an autosave of an unfinished game is offered; one that cannot be resumed,
        whatever is wrong with it, is set aside beside it and the window says so."""
        path = storage.autosave_path()
        if not path.exists():
            return False
        try:
            session = storage.read_session(path)
        except SaveFileError as exc:
            try:
                kept = f"It was set aside as {storage.set_aside(path)}."
            except OSError as move_exc:
                kept = f"It could not be set aside either ({move_exc}); it was left as it is."
            self.notice.add(f"The autosaved game could not be resumed. {kept} {exc}")
            return False
        if session.over:
            return False
        names = ", ".join(s.name for s in session.seats)
        if not self.confirm("Resume?", f"A game in progress was saved automatically ({names}, turn "
                                       f"{session.game.turn}). Resume it where it stood?"):
            return False
        self._adopt_saved(session, path)
        return True

    def check_override_files(self) -> bool:
        """At start: a mistake in the player's override files is shown, and new games use the
        sets' own numbers until the file is fixed and the program restarted. Whether all is well."""
        problem = overrides.problems()
        if problem is None:
            return True
        overrides.leave_out(problem)
        self.notice.add(f"Your card overrides are not used in this session: {problem}. New games use the "
                        "numbers in the card sets; fix the file and restart to use your own.")
        return False

    def restore_geometry(self) -> bool:
        """Where and how large the window was when it was last closed (Qt fits it to the screens
        there are now; a damaged record leaves the default)."""
        saved = self.settings.data.get("window")
        return isinstance(saved, str) and self.restoreGeometry(QByteArray.fromBase64(saved.encode("ascii")))

    def closeEvent(self, event) -> None:
        self.controller.shutdown()     # the autosave already holds the game
        self.settings.data["window"] = bytes(self.saveGeometry().toBase64()).decode("ascii")
        self.settings.save()
        super().closeEvent(event)

    def _speed_changed(self) -> None:
        speed = self.speed_box.currentData()
        self.settings.speed = speed
        self.controller.set_speed(speed)


def main(argv: list[str] | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    app.setApplicationName("Ascension")
    storage.remove_left_behind()
    settings = storage.Settings()
    from ascension.ui.history.recording import record_session
    controller = Controller(autosave=storage.autosave_path(), recorder=record_session)
    window = MainWindow(controller, settings)
    window.restore_geometry()
    window.show()
    window.refresh()
    window.check_override_files()
    if not window.offer_resume():
        window.new_game()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
