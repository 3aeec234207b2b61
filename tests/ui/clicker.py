"""A player that plays whole games through the window, by clicking, as a person would.

Each step it looks at what is on screen: a "pass to" screen is clicked through; on its own
turn it clicks the first card outlined as actionable (hand, then cards in play, then the
center row, then the piles), taking the first entry of the menu when a card stands for
several actions; then the first "other action" button (a Boon, say); with nothing left to
click it ends the turn; in an effect decision it clicks
the first option button.
"""

from PySide6.QtCore import Qt

MAX_CLICKS = 3000


def actionable_cards(window):
    t = window.table
    rows = [t.hand.cards[:t.hand.shown], t.in_play.cards[:t.in_play.shown], t.center.cards[:t.center.shown],
            t.pile_widgets]
    return [c for row in rows for c in row if c.isVisible() and c.actionable]


def click(qtbot, widget):
    qtbot.mouseClick(widget, Qt.LeftButton)


def play_to_the_end(window, qtbot, max_clicks=MAX_CLICKS, recorded=True):
    """Click through a game to its end screen; ``recorded``: and wait for its record, which is
    made meanwhile."""
    c = window.controller
    for _ in range(max_clicks):
        qtbot.waitUntil(lambda: c.session.over or c.human_to_move() is not None, timeout=20000)
        if c.session.over:
            assert window.stack.currentWidget() is window.end_page
            if recorded:
                qtbot.waitUntil(lambda: not c.recording, timeout=20000)
            return
        if window.stack.currentWidget() is window.pass_page:
            click(qtbot, window.pass_page.button)
            continue
        assert window.stack.currentWidget() is window.play_page
        dec = window._my_decision()
        assert dec is not None
        if dec.kind == "action":
            cards = actionable_cards(window)
            if cards:
                click(qtbot, cards[0])
                if window.card_menu is not None and window.card_menu.isVisible():
                    menu, window.card_menu = window.card_menu, None
                    menu.actions()[0].trigger()
                    menu.close()
            elif window.decision.choice_buttons:       # actions no card stands for (Boons, ...)
                click(qtbot, window.decision.choice_buttons[0])
            else:
                click(qtbot, window.decision.end_button)
        else:
            click(qtbot, window.decision.choice_buttons[0])
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


def end_screen_rows(window):
    t = window.end_page.table
    return [[t.item(r, col).text() for col in range(4)] for r in range(t.rowCount())]


def seats(*spec):
    """seats("Ann", ("Bob", "greedy")) -> the setup's seat list."""
    out = []
    for s in spec:
        name, bot = (s, None) if isinstance(s, str) else s
        out.append({"name": name, "kind": "bot" if bot else "human", "bot": bot})
    return out


def recording_window(qtbot, db=None):
    """The main window as a player opens it, bots instant, confirmations answered yes, every
    finished game recorded in the history at ``db`` (none without one), shown at 1280x720."""
    from ascension.ui.desktop import storage
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller
    from ascension.ui.history.recording import Recorder
    controller = Controller(autosave=storage.autosave_path(),
                            recorder=Recorder(db) if db else None)
    settings = storage.Settings()
    settings.data["speed"] = "instant"
    w = MainWindow(controller, settings)
    w.confirm = lambda title, text, **_: True
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    return w
