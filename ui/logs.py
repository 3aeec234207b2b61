"""The program's log. Every record, tracebacks included, goes to a file in the data folder
(``logs/ascension.log``; three more of at most 1 MB are kept), for a bug report; a warning
meant for the person (a plugin left out, a damaged history set aside) is also printed on
stderr as one plain line. A record with a traceback goes to the file only: whoever logged it
has already told the person what happened in plain words (a move that failed, a bot that
stopped), and a traceback in the middle of the terminal game helps nobody at the table."""
from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from ascension.core.folders import data_dir
from ascension.core.i18n import _, os_error

LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d]: %(message)s"
log = logging.getLogger(__name__)
_started: list[logging.Handler] = []   # the handlers start() put on the root logger
_level_before: list[int] = []           # and the root logger's level before it


def log_path() -> Path:
    return data_dir() / "logs" / "ascension.log"


class _Console(logging.StreamHandler):
    """Warnings and errors without a traceback, one plain line each, on whatever stderr is now
    (a test's capture, a redirected one)."""

    def __init__(self) -> None:
        super().__init__()
        self.setLevel(logging.WARNING)
        self.addFilter(lambda record: not record.exc_info)

    @property
    def stream(self):   # type: ignore[override]
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


class _LogFile(RotatingFileHandler):
    """The log file, made (with its folder) when the first record comes. One that cannot be
    written (a full disk, a read-only or blocked data folder) is given up at once, said once on
    the console: the program never stops or repeats itself over its log."""

    given_up = False

    def _open(self):
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def emit(self, record: logging.LogRecord) -> None:
        if not self.given_up:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):   # a record that cannot be formatted: logging's own report
            super().handleError(record)
            return
        self.given_up = True   # (left on the logger: taking it off here would skip the next handler)
        self.close()
        log.warning(_("The log file {path} cannot be written ({error}); the program goes on without it.").format(
            path=self.baseFilename, error=os_error(error, named=self.baseFilename)))


def start() -> None:
    """Log to the file and the console (see the module docstring). Calling it again starts
    afresh (in the data folder of now), never twice over."""
    stop()
    root = logging.getLogger()
    file = _LogFile(log_path(), maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True)
    file.setFormatter(logging.Formatter(FILE_FORMAT))
    for handler in (file, _Console()):
        root.addHandler(handler)
        _started.append(handler)
    _level_before.append(root.level)
    root.setLevel(logging.INFO)   # (the file keeps what went on; the console shows warnings only)
    logging.getLogger("alembic").setLevel(logging.WARNING)   # ("Context impl SQLiteImpl" at every opening of
    # the history made the log file at every start; a migration is logged by the history itself)


def stop() -> None:
    """Take off (and close) what :func:`start` put on."""
    root = logging.getLogger()
    while _started:
        handler = _started.pop()
        root.removeHandler(handler)
        handler.close()
    if _level_before:
        root.setLevel(_level_before.pop())
