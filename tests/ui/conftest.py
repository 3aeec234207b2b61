"""pytest-qt fixtures for the desktop UI: offscreen Qt, private settings/data folders, and a
player that acts only by clicking widgets."""
import os
import signal

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # before Qt is imported anywhere

import pytest  # noqa: E402

from ascension.ui.desktop import storage  # noqa: E402
from ascension.ui.desktop.app import MainWindow  # noqa: E402
from ascension.ui.desktop.controller import Controller  # noqa: E402


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture(autouse=True)
def signal_handlers_restored():
    """A test that starts the program (``app.main``) installs its Ctrl-C handler in the test
    process: the previous handlers come back, so that Ctrl-C still stops the tests."""
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    yield
    signal.set_wakeup_fd(-1)
    for signum, handler in before.items():
        signal.signal(signum, handler)


@pytest.fixture(autouse=True)
def leaving_as_confirmed(monkeypatch):
    """No modal questions in tests: leaving a game in progress is answered by ``confirm`` (which
    tests set), "Save…" only where a test chooses it."""
    monkeypatch.setattr(MainWindow, "ask_leave",
                        lambda self, title, text: "leave" if self.confirm(title, text) else "stay")


@pytest.fixture
def window(qtbot):
    controller = Controller(autosave=storage.autosave_path())
    settings = storage.Settings()
    settings.data["speed"] = "instant"
    w = MainWindow(controller, settings)
    w.confirm = lambda title, text, **_: True     # no modal questions in tests
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    return w

