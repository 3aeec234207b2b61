"""Work that must not freeze the window: a bot thinking, the history's statistics.

``Background(owner).run(work, done)`` runs ``work()`` in a thread and calls ``done(result, error)``
on the GUI thread (``error`` is the exception ``work`` raised, or None), through a queued signal.
Should the owner be gone by then, the answer is dropped. Telling a stale answer from a fresh one
is the caller's business: each caller knows what "the game changed meanwhile" means for it.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

Done = Callable[[Any, "Exception | None"], None]


class Background(QObject):
    _finished = Signal(object, object, object)   # done, result, error: queued to the owner's thread

    def __init__(self, owner: QObject):
        super().__init__(owner)
        self._finished.connect(self._deliver)

    def run(self, work: Callable[[], Any], done: Done, name: str = "background",
            thread: bool = True) -> threading.Thread | None:
        """``work()`` off the GUI thread; ``done`` gets its result there. ``thread=False`` runs it
        at once instead (a resource that allows only one thread, such as an in-memory database).
        Returns the thread, for a caller that must wait for the work at some point."""
        def body() -> None:
            try:
                result, error = work(), None
            except Exception as exc:   # handed to ``done``: never lost in a thread nobody watches
                result, error = None, exc
            try:
                self._finished.emit(done, result, error)
            except RuntimeError:       # the owner (and so this object) went away meanwhile
                pass

        if not thread:
            body()
            return None
        worker = threading.Thread(target=body, name=name, daemon=True)
        worker.start()
        return worker

    @staticmethod
    def _deliver(done: Done, result, error) -> None:
        done(result, error)
