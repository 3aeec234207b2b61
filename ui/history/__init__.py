"""Match history: every game stored in SQLite (or a shared PostgreSQL server), browsed,
summarised and exported. Lives outside the core: core/ and plugins/ never import it, and it
imports no Qt (the History window is in ui/desktop/history_window.py)."""
from .db import (CorruptHistoryError, History, HistoryError, NewerSchemaError, NotAHistoryError,
                 default_path, make_engine, open_history)
from .recording import record_session

__all__ = ["CorruptHistoryError", "History", "HistoryError", "NewerSchemaError", "NotAHistoryError",
           "default_path", "make_engine", "open_history", "record_session"]
