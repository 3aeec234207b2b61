"""Opening the history database: where it lives, every connection's settings, and the checks
made before anything is written (corrupt file, newer schema, migration with a backup).

``open_history(db)`` takes a file path, an SQLAlchemy URL (``sqlite:///...``,
``postgresql://user@host/db`` for a group sharing one history) or None for the default file in
the user data folder. For an SQLite file it first looks at the file through a *read-only*
connection, so that a file it refuses is left byte for byte as it was:

- not an SQLite file, truncated, unreadable schema, or ``PRAGMA quick_check`` fails: corrupt.
  (quick_check stops after 100 ms: a history of tens of thousands of games is checked in full
  with :func:`check_file` / ``ascension history check`` instead of at every start.) By default the file (with its
  ``-wal``/``-shm`` companions) is moved aside with a timestamp and a fresh history started;
  the :class:`History` carries a notice saying so. ``on_corrupt="raise"`` leaves the choice to
  the caller (:func:`set_aside` does the moving).
- a schema version above :data:`SCHEMA_VERSION`: refused with :class:`NewerSchemaError`.
- a lower version: a backup copy is taken (SQLite's online backup, so a leftover WAL is
  included), then the Alembic revisions of :mod:`.migrations` run in one transaction.

Every SQLite connection gets ``journal_mode=WAL``, ``synchronous=FULL``, ``foreign_keys=ON``
and a busy timeout, and the driver's own transaction handling is replaced by explicit
``BEGIN``/``COMMIT`` (SQLAlchemy's recipe), so DDL and a finished game's inserts really are
one transaction each.
"""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, SQLModel

from . import migrations
from .models import SCHEMA_VERSION, TABLES

log = logging.getLogger(__name__)

APP_NAME = "ascension-table"   # the same data folder as the desktop program's
FILE_NAME = "history.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000
QUICK_CHECK_BUDGET_MS = 100   # at start; a bigger file is checked in full on request (check_file)


class HistoryError(Exception):
    """The history database cannot be used; the message says why and what to do."""


class NewerSchemaError(HistoryError):
    """Written by a newer version of the program: refused, and not changed."""


class NotAHistoryError(HistoryError):
    """A database that is not an Ascension history: refused, and not changed."""


class CorruptHistoryError(HistoryError):
    def __init__(self, path: Path, reason: str):
        super().__init__(f"the history file {path} is damaged ({reason})")
        self.path, self.reason = path, reason


def default_location() -> str | Path:
    """``ASCENSION_HISTORY_DB`` (a path or URL) when set, else history.sqlite3 in the user data
    folder (``ASCENSION_DATA_DIR`` overrides the folder, as for the desktop's other files)."""
    chosen = os.environ.get("ASCENSION_HISTORY_DB")
    return chosen if chosen else default_path()


def default_path() -> Path:
    folder = os.environ.get("ASCENSION_DATA_DIR")
    if not folder:
        import platformdirs
        folder = platformdirs.user_data_dir(APP_NAME, appauthor=False)
    return Path(folder) / FILE_NAME


def _is_url(db: str) -> bool:
    return "://" in db


def resolve(db: str | os.PathLike | None) -> tuple[sa.URL, Path | None]:
    """The SQLAlchemy URL and, for an SQLite file, its path (None for memory and servers)."""
    if db is None:
        db = default_location()
    if isinstance(db, os.PathLike) or not _is_url(str(db)):
        path = Path(db).expanduser().resolve()
        return sa.make_url(f"sqlite:///{path}"), path
    url = sa.make_url(str(db))
    if url.drivername in ("postgresql", "postgres"):   # psycopg 3 is the driver we ship with
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() == "sqlite":
        name = url.database
        if name and name != ":memory:" and not name.startswith("file:"):
            path = Path(name).expanduser().resolve()
            return url.set(database=str(path)), path
    return url, None


def _sqlite_on_connect(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None   # no implicit transactions: SQLAlchemy emits BEGIN below
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.close()


def _sqlite_on_begin(conn) -> None:
    conn.exec_driver_sql("BEGIN")


def make_engine(db: str | os.PathLike | None = None, **kwargs) -> Engine:
    """An engine for ``db`` (path, URL or None = the default file) with the connection settings
    above. It checks nothing: :func:`open_history` is the way in for programs."""
    url, path = resolve(db)
    if url.get_backend_name() == "sqlite":
        if path is None:   # in memory: one connection shared by every session
            kwargs.setdefault("poolclass", StaticPool)
            kwargs.setdefault("connect_args", {"check_same_thread": False})
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            kwargs.setdefault("connect_args", {"check_same_thread": False})
        engine = sa.create_engine(url, **kwargs)
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    return sa.create_engine(url, **kwargs)


# ---------------------------------------------------------------------------- SQLite file checks
def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _ro_connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, check_same_thread=False)


@dataclass
class FileCheck:
    version: int | None     # schema version; None when the file holds nothing yet
    complete: bool          # PRAGMA quick_check ran to the end within the time budget


def _header_problem(path: Path, header: bytes) -> str | None:
    if header[:16] != SQLITE_HEADER:
        return "not an SQLite database"
    if len(header) < 100:
        return "the file ends inside its header"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"impossible page size {page_size}"
    pages = int.from_bytes(header[28:32], "big")
    valid = header[92:96] == header[24:28]   # the page count is trustworthy only then
    if valid and pages and path.stat().st_size < pages * page_size:
        return f"the file is truncated ({path.stat().st_size} bytes for {pages} pages of {page_size})"
    return None


def inspect_sqlite_file(path: Path, budget_ms: float = QUICK_CHECK_BUDGET_MS) -> FileCheck:
    """Look at an existing history file through a read-only connection: header, page count,
    ``PRAGMA quick_check`` (stopped after ``budget_ms``: a big history is checked in full by
    :func:`check_file`), the schema and its version. Raises CorruptHistoryError, NotAHistoryError."""
    if not path.exists() or path.stat().st_size == 0:
        return FileCheck(None, True)
    with open(path, "rb") as f:
        header = f.read(100)
    problem = _header_problem(path, header)
    if problem:
        raise CorruptHistoryError(path, problem)
    complete = True
    try:
        conn = _ro_connect(path)
        try:
            # quick_check is one long step of SQLite's: only sqlite3_interrupt (from a timer) stops it
            stop = threading.Timer(budget_ms / 1000, conn.interrupt)
            stop.start()
            try:
                problems = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
            except sqlite3.OperationalError as exc:
                if "interrupt" not in str(exc):
                    raise
                problems, complete = ["ok"], False
            finally:
                stop.cancel()
                stop.join()
            if problems != ["ok"]:
                raise CorruptHistoryError(path, "; ".join(problems[:3]))
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return FileCheck(None, complete)
            if "schema_version" not in tables:
                raise NotAHistoryError(f"{path} is an SQLite database but not an Ascension history "
                                       f"(tables: {', '.join(sorted(tables))}); choose another file")
            row = conn.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()
            for table in tables & {"match", "seat", "seat_card", "match_replay"}:   # both ends of each b-tree
                conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid DESC LIMIT 1').fetchall()
                conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid LIMIT 1').fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise CorruptHistoryError(path, str(exc)) from None
    if row is None or not isinstance(row[0], int):
        raise CorruptHistoryError(path, "no schema version")
    return FileCheck(row[0], complete)


def check_file(path: Path) -> list[str]:
    """The full ``PRAGMA integrity_check`` of a history file (read-only; slow on big files):
    an empty list when it is sound."""
    try:
        conn = _ro_connect(path)
        try:
            problems = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    return [] if problems == ["ok"] else problems


def _companions(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def set_aside(path: Path) -> Path:
    """Move a damaged history file (and its -wal/-shm) aside; returns the new name of the file."""
    target = path.with_name(f"{path.name}.corrupt-{_stamp()}")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{path.name}.corrupt-{_stamp()}-{k}")
    for src in _companions(path):
        if src.exists():
            src.rename(target.with_name(target.name + src.name[len(path.name):]))
    return target


def backup_sqlite(path: Path, version: int) -> Path:
    """A consistent copy of the file (WAL content included) before a migration."""
    target = path.with_name(f"{path.name}.v{version}-backup-{_stamp()}")
    src = _ro_connect(path)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    return target


# ---------------------------------------------------------------------------- opening
@dataclass
class History:
    """An open history: the engine, where it is, and what happened while opening it."""
    engine: Engine
    url: sa.URL
    path: Path | None = None
    notices: list[str] = field(default_factory=list)   # things to tell the person
    backup: Path | None = None                          # copy taken before a migration
    set_aside: Path | None = None                       # where a damaged file was moved
    fully_checked: bool = True                          # quick_check finished within its budget at start

    @property
    def concurrent(self) -> bool:
        """Whether two threads may use it at once (not an in-memory database: one connection)."""
        return not (self.path is None and self.url.get_backend_name() == "sqlite")

    @property
    def location(self) -> str:
        return str(self.path) if self.path else self.url.render_as_string(hide_password=True)

    def session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def close(self) -> None:
        if self.path is not None:   # SQLite's advice: let it refresh the planner's statistics on close
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA analysis_limit=400")
                    conn.exec_driver_sql("PRAGMA optimize")
                    conn.commit()
            except sa.exc.SQLAlchemyError as exc:   # a read-only or busy file: not worth an error
                log.debug("PRAGMA optimize skipped: %s", exc)
        self.engine.dispose()


def _stored_version(conn) -> int | None:
    names = set(sa.inspect(conn).get_table_names())
    if "schema_version" not in names:
        if names & {"match", "seat", "seat_card", "match_replay"}:
            raise NotAHistoryError("the database has history tables but no schema version; refusing to touch it")
        return None
    row = conn.execute(sa.text("SELECT version FROM schema_version WHERE id = 1")).first()
    return None if row is None else int(row[0])


def _create(conn) -> None:
    SQLModel.metadata.create_all(conn, tables=TABLES)
    conn.execute(sa.text("INSERT INTO schema_version (id, version) VALUES (1, :v)"), {"v": SCHEMA_VERSION})
    migrations.mark_created(conn)


def _newer(where: str, version: int) -> NewerSchemaError:
    return NewerSchemaError(
        f"{where} was written by a newer version of Ascension (history schema {version}; this "
        f"version knows up to {SCHEMA_VERSION}). It has not been changed. Upgrade Ascension, or "
        f"choose another history with --db.")


def open_history(db: str | os.PathLike | None = None, *, on_corrupt: str = "replace",
                 engine_kwargs: dict | None = None) -> History:
    """Open (creating or migrating as needed) the history at ``db``.

    ``on_corrupt``: "replace" moves a damaged SQLite file aside and starts a fresh one (with a
    notice); "raise" raises CorruptHistoryError and leaves the file alone.
    """
    url, path = resolve(db)
    notices: list[str] = []
    backup = moved = None
    version: int | None = None
    complete = True
    if path is not None:
        try:
            found = inspect_sqlite_file(path)
            version, complete = found.version, found.complete
        except CorruptHistoryError as exc:
            if on_corrupt != "replace":
                raise
            moved = set_aside(path)
            log.warning("history file %s is damaged (%s); moved to %s", path, exc.reason, moved)
            notices.append(f"The history file {path} was damaged ({exc.reason}). It was moved to "
                           f"{moved} and a new, empty history was started.")
            version = None
        if version is not None and version > SCHEMA_VERSION:
            raise _newer(str(path), version)
        if version is not None and version < SCHEMA_VERSION:
            backup = backup_sqlite(path, version)
    engine = make_engine(url if path is None else path, **(engine_kwargs or {}))
    try:
        with engine.begin() as conn:
            stored = _stored_version(conn)
            if stored is None:
                _create(conn)
            elif stored > SCHEMA_VERSION:
                raise _newer(url.render_as_string(hide_password=True), stored)
            elif stored < SCHEMA_VERSION:
                migrations.upgrade(conn, stored)
                where = f" (a copy of the old file is at {backup})" if backup else ""
                notices.append(f"The history was upgraded from schema {stored} to {SCHEMA_VERSION}{where}.")
                log.info("history migrated from schema %s to %s", stored, SCHEMA_VERSION)
            elif not migrations.marked(conn):   # current, but written before the program used Alembic
                migrations.upgrade(conn, stored)
    except Exception:
        engine.dispose()
        raise
    return History(engine, url, path, notices, backup, moved, complete)
