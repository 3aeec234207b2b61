"""Ctrl-C in the terminal the desktop was started from (SIGINT), or a request to end it (SIGTERM),
closes the window as its close button does: open dialogs are cancelled, the game stays in its
autosave, nothing is recorded as given up. Before, Ctrl-C did nothing until the next click, and
then broke off whatever that click was doing with a traceback."""
import json
import os
import signal

import pytest
from PySide6.QtCore import QTimer

from ascension.ui.desktop import storage
from ascension.ui.desktop.app import close_on_signals
from clicker import seats


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_closes_the_window_and_the_game_stays_in_its_autosave(window, qtbot, signum):
    window.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 7,
                  "honor_pool": None})
    window.controller.answer(0)
    answers = list(window.controller.session.game.answers)
    close_on_signals(window)
    os.kill(os.getpid(), signum)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert json.loads(storage.autosave_path().read_text())["game"]["answers"] == answers


def test_a_signal_while_a_dialog_is_open_cancels_it_then_closes_the_window(window, qtbot):
    """The setup dialog (modal, with its own loop) is cancelled first: no new game replaces the one
    in progress, which stays in its autosave."""
    window.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 7,
                  "honor_pool": None})
    window.controller.answer(0)
    saved = storage.autosave_path().read_bytes()
    window.ask_leave = lambda title, text: "leave"
    close_on_signals(window)
    QTimer.singleShot(50, lambda: os.kill(os.getpid(), signal.SIGINT))
    window.new_game()   # returns once the signal cancelled its dialog
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert storage.autosave_path().read_bytes() == saved and window.controller.session.game.seed == 7
