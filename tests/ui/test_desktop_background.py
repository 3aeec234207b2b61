"""Work off the GUI thread (a bot thinking, the history's statistics) comes back on the GUI
thread, with its result or with the exception it raised."""
import threading

from PySide6.QtCore import QObject

from ascension.ui.desktop.background import Background


def test_the_result_arrives_on_the_gui_thread(qtbot):
    owner = QObject()
    got = []
    worker = []

    def work():
        worker.append(threading.current_thread())
        return 42

    Background(owner).run(work, lambda result, error: got.append((result, error, threading.current_thread())))
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert got == [(42, None, threading.main_thread())]
    assert worker[0] is not threading.main_thread()   # it did run in another thread


def test_an_exception_is_handed_over_not_lost(qtbot):
    owner, got = QObject(), []

    def work():
        raise ValueError("no such player")

    Background(owner).run(work, lambda result, error: got.append((result, error)))
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    (result, error), = got
    assert result is None and isinstance(error, ValueError) and str(error) == "no such player"


def test_without_a_thread_it_answers_at_once():
    owner, got = QObject(), []
    Background(owner).run(lambda: "now", lambda result, error: got.append(result), thread=False)
    assert got == ["now"]
