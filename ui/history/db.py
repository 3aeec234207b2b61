"""Opening the history database: where it lives, every connection's settings, and the checks
made before anything is written (damaged file, newer schema, migration with a backup).

``open_history(db)`` takes a file path, an SQLAlchemy URL (``sqlite:///...``,
``postgresql://user@host/db`` for a group sharing one history) or None for the default file in
the user data folder. It opens the history for *writing* (recording games) unless asked
``read_only=True`` (browsing: list, statistics, export, check), which never creates, moves,
migrates or changes anything.

An SQLite file is first looked at through a connection that only reads, so that a file it
refuses is left byte for byte as it was. SQLite's own result codes (never its wording) say what
went wrong, and each cause has its own answer:

- busy or locked (another program holds the file): SQLite waits :data:`BUSY_TIMEOUT_MS` and
  retries; then :class:`HistoryBusyError`, the file untouched. A lock is not damage.
- cannot be written (read-only file or folder): :class:`ReadOnlyHistoryError` when opened for
  writing, before any game is played; it can still be browsed.
- damaged (SQLite says corrupt or not a database, ``PRAGMA quick_check`` fails; quick_check
  stops after 100 ms: a history of tens of thousands of games is checked in full with
  :func:`check_file` / ``ascension history check``): :class:`CorruptHistoryError`. Only when
  opened for writing with ``on_corrupt="replace"`` (the default) is the file (with its
  ``-wal``/``-shm``) moved aside with a timestamp and a fresh history started; the
  :class:`History` carries a notice saying so.
- a schema version above :data:`SCHEMA_VERSION`: refused with :class:`NewerSchemaError`.
- a lower version: opened for writing, a backup copy is taken (SQLite's online backup, so a
  leftover WAL is included), then the Alembic revisions of :mod:`.migrations` run in one
  transaction.

A new history file is created with private permissions (0600), and the first transaction of
every opening for writing is ``BEGIN IMMEDIATE``: two programs creating one history at the same
moment take turns (one creates, the other waits and finds it made), and a history that cannot
be written says so at once. Every SQLite connection gets ``journal_mode=WAL``,
``synchronous=FULL``, ``foreign_keys=ON`` and a busy timeout, and the driver's own transaction
handling is replaced by explicit ``BEGIN``/``COMMIT`` (SQLAlchemy's recipe), so DDL and a
finished game's inserts really are one transaction each.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
import os
import re
import shutil
import sqlite3
import stat
import threading
from dataclasses import dataclass, field
from datetime import datetime
from glob import escape as glob_escape
from pathlib import Path
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import QueuePool, StaticPool
from sqlmodel import Session, SQLModel

from ascension.core.folders import data_dir, remove_stale
from ascension.core.i18n import _, os_error

from . import migrations
from .models import SCHEMA_VERSION, TABLES

log = logging.getLogger(__name__)

APP_NAME = "ascension-table"   # the same data folder as the desktop program's
FILE_NAME = "history.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000      # how long to wait for another program's lock before saying so
CONNECT_TIMEOUT_S = 10        # how long to wait for a database server to answer before saying so
QUICK_CHECK_BUDGET_MS = 100   # at start; a bigger file is checked in full on request (check_file)
FILE_MODE = 0o600             # a new history is private, as saved games are

HISTORY_TABLES = frozenset({"schema_version", "match", "seat"})   # in every version of the schema

# SQLite's primary result codes, by what they mean for the person
BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
READ_ONLY_CODES = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM,
                   sqlite3.SQLITE_AUTH}


class HistoryError(Exception):
    """The history database cannot be used; the message says why and what to do."""


class NewerSchemaError(HistoryError):
    """Written by a newer version of the program: refused, and not changed."""


class NotAHistoryError(HistoryError):
    """A database that is not an Ascension history: refused, and not changed."""


class CorruptHistoryError(HistoryError):
    def __init__(self, path: Path, reason: str):
        super().__init__(_("the history file {path} is damaged ({reason})").format(path=path, reason=reason))
        self.path, self.reason = path, reason


class HistoryBusyError(HistoryError):
    """Another program holds the history locked: nothing was changed; try again later."""

    def __init__(self, where: str):
        super().__init__(_("the history {where} is in use by another program (still locked after {seconds} s); it "
                           "has not been changed. Close the other program or wait for it to finish, then try again")
                         .format(where=where, seconds=f"{BUSY_TIMEOUT_MS / 1000:g}"))
        self.where = where


class CannotMakeHistoryError(HistoryError):
    """No history file can be made where one is asked for (its folder cannot be created)."""


class ReadOnlyHistoryError(HistoryError):
    """The history can be read but not written (read-only file or folder)."""

    def __init__(self, where: str, detail: str):
        super().__init__(_("the history {where} cannot be written ({detail}); no game can be recorded in it, but it "
                           "can still be browsed").format(where=where, detail=detail))
        self.where, self.detail = where, detail


def sqlite_code(exc: BaseException) -> int | None:
    """SQLite's primary result code of an error (also inside SQLAlchemy's wrapper); None when
    the error did not come from SQLite."""
    code = getattr(getattr(exc, "orig", exc), "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def as_history_error(exc: BaseException, where: str, path: Path | None = None) -> HistoryError:
    """The :class:`HistoryError` that says what a database error means for the person."""
    code = sqlite_code(exc)
    detail = one_line(str(getattr(exc, "orig", None) or exc))
    if code in BUSY_CODES:
        return HistoryBusyError(where)
    if code in READ_ONLY_CODES:
        return ReadOnlyHistoryError(where, detail)
    if code in DAMAGE_CODES and path is not None:
        return CorruptHistoryError(path, detail)
    if code == sqlite3.SQLITE_FULL or code == sqlite3.SQLITE_IOERR and path is not None and _no_room_beside(path):
        return HistoryError(_("the history {where} cannot be written: the disk is full; nothing was changed. Make "
                              "room on it, then try again").format(where=where))
    return HistoryError(_("cannot use the history {where}: {detail}").format(where=where, detail=detail))


def one_line(text: str) -> str:
    """A database driver's message, which may run over lines (PostgreSQL's driver adds a hint on a
    second, tab-indented one), as sentences on one line: a message names one fault."""
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    return " ".join(line if i == len(lines) - 1 or line[-1] in ".?!:;," else line + "."
                    for i, line in enumerate(lines))


DISK_FULL_BYTES = 1 << 20   # less room than this beside the history: an "I/O error" is a full disk


def _no_room_beside(path: Path) -> bool:
    """Whether the disk the history is on is (all but) full: SQLite says a full disk is a "disk
    I/O error" when the WAL's shared memory cannot grow there."""
    try:
        return shutil.disk_usage(path.parent).free < DISK_FULL_BYTES
    except OSError:
        return False


def default_location() -> str | Path:
    """``ASCENSION_HISTORY_DB`` (a path or URL) when set, else history.sqlite3 in the user data
    folder (``ASCENSION_DATA_DIR`` overrides the folder, as for the desktop's other files)."""
    chosen = os.environ.get("ASCENSION_HISTORY_DB", "").strip()   # (set to blanks: as if unset)
    return chosen if chosen else default_path()


def default_path() -> Path:
    """history.sqlite3 in the data folder of the autosaves and kept games. Earlier versions
    put it, on Windows only, one folder up (``appauthor=False``): a history found there and
    not in the data folder is used where it is, never moved while another program may hold it."""
    path = data_dir() / FILE_NAME
    if not path.exists() and not os.environ.get("ASCENSION_DATA_DIR"):
        import platformdirs
        earlier = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME
        if earlier.exists():
            return earlier
    return path


def _is_url(db: str) -> bool:
    return "://" in db


def masked(location: str) -> str:
    """``location`` with the password of a URL in it hidden, as SQLAlchemy hides it, even in a URL
    it cannot read."""
    return re.sub(r"(://[^:/@]*:)[^/]*@", r"\1***@", location)   # (to the last @: one may be in the password)


def resolve(db: str | os.PathLike | None) -> tuple[sa.URL, Path | None]:
    """The SQLAlchemy URL and, for an SQLite file, its path (None for memory and servers)."""
    if db is None:
        db = default_location()
    try:
        str(db).encode("utf-8")
    except UnicodeEncodeError:   # (bytes no text stands for, passed through from the shell): SQLite takes no such name
        raise HistoryError(_("cannot use the history {where}: its name holds bytes that are not text (UTF-8); "
                             "rename the file, or name another").format(
                                 where=masked(os.fsencode(str(db)).decode("utf-8", "backslashreplace")))) from None
    if isinstance(db, os.PathLike) or not _is_url(str(db)):
        path = _resolved(Path(db))
        return sa.make_url(f"sqlite:///{path}"), path
    try:
        url = sa.make_url(str(db))
    except (sa.exc.ArgumentError, ValueError) as exc:   # "://x", a port that is no number
        raise HistoryError(_("cannot use the history {where}: it is neither a file name nor a database URL ({error})")
                           .format(where=masked(str(db)), error=exc)) from None
    if url.drivername in ("postgresql", "postgres"):   # psycopg 3 is the driver we ship with
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() == "sqlite":
        name = url.database
        if name and name != ":memory:" and not name.startswith("file:"):
            path = _resolved(Path(name))
            return url.set(database=str(path)), path
    return url, None


def _resolved(path: Path) -> Path:
    """``path`` with ``~`` and its links followed; links that lead round in a loop are a
    plain HistoryError (Python 3.11 raises RuntimeError for them)."""
    try:
        return path.expanduser().resolve()
    except RuntimeError as exc:
        raise HistoryError(_("cannot use the history {where}: its links lead round in a loop ({error})").format(
            where=path, error=exc)) from None


def in_memory(db: str | os.PathLike | None) -> bool:
    """Whether ``db`` names an SQLite database in memory (``sqlite://``, ``sqlite:///:memory:``),
    which is gone when the process ends."""
    try:
        url, path = resolve(db)
    except HistoryError:
        return False
    return url.get_backend_name() == "sqlite" and path is None and (
        not url.database or url.database == ":memory:" or "mode=memory" in url.database)


def _sqlite_on_connect(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None   # no implicit transactions: SQLAlchemy emits BEGIN below
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")   # first: setting WAL may have to wait
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _sqlite_on_begin(conn) -> None:
    """``BEGIN``, or ``BEGIN IMMEDIATE`` (the write lock at once, waiting for it while another
    program holds it) on a connection with the execution option ``immediate=True``."""
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("immediate") else "BEGIN")


def _postgresql_read_only(dbapi_conn, _record) -> None:
    with dbapi_conn.cursor() as cur:
        cur.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
    dbapi_conn.commit()


def make_engine(db: str | os.PathLike | None = None, *, read_only: bool = False, **kwargs) -> Engine:
    """An engine for ``db`` (path, URL or None = the default file) with the connection settings
    above; ``read_only``: connections that cannot write (see :func:`read_connection`). It checks
    nothing: :func:`open_history` is the way in for programs."""
    url, path = resolve(db)
    if url.get_backend_name() == "sqlite":
        if path is None:   # in memory: one connection shared by every session
            kwargs.setdefault("poolclass", StaticPool)
            kwargs.setdefault("connect_args", {"check_same_thread": False})
        elif read_only:
            engine = sa.create_engine("sqlite://", creator=lambda: read_connection(path),
                                      poolclass=QueuePool, **kwargs)
            event.listen(engine, "begin", _sqlite_on_begin)
            return engine
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            kwargs.setdefault("connect_args", {"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})
        engine = sa.create_engine(url, **kwargs)
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    if url.get_backend_name() == "postgresql" and "connect_timeout" not in url.query:   # (a server that never
        kwargs.setdefault("connect_args", {"connect_timeout": CONNECT_TIMEOUT_S})     # answers: said, not a hang)
    engine = sa.create_engine(url, **kwargs)
    if read_only and url.get_backend_name() == "postgresql":
        event.listen(engine, "connect", _postgresql_read_only)
    return engine


# ---------------------------------------------------------------------------- SQLite file checks
def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


COMPANION_SUFFIXES = ("-wal", "-shm", "-journal")   # the files SQLite keeps beside a database


def _beside(path: Path, suffix: str) -> Path:
    """The file SQLite keeps beside ``path`` (``suffix``: one of :data:`COMPANION_SUFFIXES`)."""
    return path.with_name(path.name + suffix)


def _companions(path: Path) -> list[Path]:
    """The file and those it is read with (its write-ahead log and shared memory)."""
    return [path, _beside(path, "-wal"), _beside(path, "-shm")]


def read_connection(path: Path) -> sqlite3.Connection:
    """A connection that only reads ``path`` (``PRAGMA query_only``) and never creates it.

    It is opened read-write when the file and its folder allow, so that closing it (the last
    connection) removes the -wal/-shm files SQLite needs for reading, and nothing is left beside
    a file it only looked at. When we may not write them and there is no -wal file (so no
    program has the history open for writing), the file is read as immutable: SQLite could not
    create its -shm file there, or remove it afterwards."""
    writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
    if not writable:
        _refuse_unfinished(path)
    if writable or _companions(path)[1].exists():
        uri = f"file:{quote(str(path))}?mode=rw"
    else:
        uri = f"file:{quote(str(path))}?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000,
                           isolation_level=None)
    try:
        conn.execute("PRAGMA query_only=1")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()   # opens the WAL, waits out a lock
    except BaseException:
        conn.close()
        raise
    return conn


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _refuse_unfinished(path: Path) -> None:
    """A history that cannot be written here, with a change a killed program left unfinished
    beside it (a rollback journal, or a write-ahead log nothing has open): only a program allowed
    to write there can finish it (SQLite needs to), and read without it the file looks damaged."""
    wal, shm, journal = (_beside(path, suffix) for suffix in COMPANION_SUFFIXES)
    if _has_content(journal) or _has_content(wal) and not shm.exists():
        raise HistoryError(_("the history {path} holds a change a stopped program left unfinished ({file}); only a "
                             "program allowed to write in {folder} can complete it. It is not damaged and has not "
                             "been changed: make the folder writable, then try again").format(
            path=path, file=(journal if _has_content(journal) else wal).name, folder=path.parent))


@dataclass
class FileCheck:
    version: int | None     # schema version; None when the file holds nothing yet
    complete: bool          # PRAGMA quick_check ran to the end within the time budget


def _header_problem(path: Path) -> str | None:
    """What the first 100 bytes say is wrong, to name the damage SQLite found (only then: read
    while another program writes, a header can look wrong for a moment)."""
    try:
        with open(path, "rb") as f:
            header = f.read(100)
        size = path.stat().st_size
    except OSError:
        return None
    if header[:16] != SQLITE_HEADER:
        return _("not an SQLite database")
    if len(header) < 100:
        return _("the file ends inside its header")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return _("impossible page size {size}").format(size=page_size)
    pages = int.from_bytes(header[28:32], "big")
    valid = header[92:96] == header[24:28]   # the page count is trustworthy only then
    if valid and pages and size < pages * page_size:
        return _("the file is truncated ({size} bytes for {pages} pages of {page_size})").format(
            size=size, pages=pages, page_size=page_size)
    return None


def export_refused(path: Path) -> str | None:
    """Why an export may not be written to ``path`` (named by a slip, ``--replace`` or not); None
    when it may: never over a file that begins as an SQLite database does (a history, perhaps the
    one being exported), nor into the program's own data folder, where the games in progress, the
    saved and the kept games live."""
    try:
        within = _resolved(path).is_relative_to(_resolved(data_dir()))
    except (HistoryError, OSError):
        within = False
    if within:
        return _("{file} is in the program's own data folder {folder}, which holds your games in progress and "
                 "saved games; an export never writes there").format(file=path, folder=data_dir())
    if _is_sqlite_file(path):
        return _("{file} is a database (a history?); an export never writes over one").format(file=path)
    for suffix in COMPANION_SUFFIXES:   # its write-ahead log, shared memory or journal: part of it
        database = path.with_name(path.name.removesuffix(suffix))
        if path.name.endswith(suffix) and _is_sqlite_file(database):
            return _("{file} belongs to the database {database} (a history?); an export never writes over one").format(
                file=path, database=database)
    return None


def _is_sqlite_file(path: Path) -> bool:
    """Whether ``path`` is a regular file that begins as an SQLite database does."""
    try:
        with open(path, "rb") as f:
            return stat.S_ISREG(os.fstat(f.fileno()).st_mode) and f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _damaged(path: Path, found: str) -> CorruptHistoryError:
    return CorruptHistoryError(path, _header_problem(path) or " ".join(found.split()))   # on one line


def inspect_sqlite_file(path: Path, budget_ms: float = QUICK_CHECK_BUDGET_MS) -> FileCheck:
    """Look at an existing history file through a connection that only reads: ``PRAGMA
    quick_check`` (stopped after ``budget_ms``: a big history is checked in full by
    :func:`check_file`), both ends of each table, the schema and its version.
    Raises CorruptHistoryError, NotAHistoryError, HistoryBusyError, HistoryError."""
    if not path.exists() or path.stat().st_size == 0:
        return FileCheck(None, True)
    complete = True
    try:
        conn = read_connection(path)
        try:
            # quick_check is one long step of SQLite's: only sqlite3_interrupt (from a timer) stops it
            stop = threading.Timer(budget_ms / 1000, conn.interrupt)
            stop.start()
            try:
                problems = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
            except sqlite3.OperationalError as exc:
                if sqlite_code(exc) != sqlite3.SQLITE_INTERRUPT:
                    raise
                problems, complete = ["ok"], False
            finally:
                stop.cancel()
                stop.join()
            if problems != ["ok"]:
                raise _damaged(path, "; ".join(problems[:3]))
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return FileCheck(None, complete)
            if not HISTORY_TABLES <= tables:   # ("schema_version" alone is a name other programs use too)
                raise NotAHistoryError(_("{path} is an SQLite database but not an Ascension history (tables: "
                                         "{tables}); choose another file").format(path=path, tables=", ".join(sorted(tables))))
            row = conn.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()
            for table in tables & {"match", "seat", "seat_card", "match_replay"}:   # both ends of each b-tree
                conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid DESC LIMIT 1').fetchall()
                conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid LIMIT 1').fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if sqlite_code(exc) in DAMAGE_CODES:
            raise _damaged(path, str(exc)) from None
        raise as_history_error(exc, str(path), path) from None
    if row is None or not isinstance(row[0], int):   # SQLite finds nothing damaged: refused, never set aside
        raise NotAHistoryError(_("{path} holds the tables of an Ascension history, but not the number of its version "
                                 "(another program may have changed it); it was not changed. Choose another file, or "
                                 "put back a copy from before").format(path=path))
    return FileCheck(row[0], complete)


def check_file(path: Path) -> list[str]:
    """The full ``PRAGMA integrity_check`` of a history file (it only reads; slow on big
    files): an empty list when it is sound, else what is wrong. Raises HistoryBusyError when
    another program holds it locked (a lock is not damage), HistoryError when it is a file of
    another kind (no damaged history)."""
    _refuse_another_kind(path, str(path))
    try:
        conn = read_connection(path)
        try:
            problems = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if sqlite_code(exc) in DAMAGE_CODES:
            return [_header_problem(path) or str(exc)]
        raise as_history_error(exc, str(path), path) from None
    return [] if problems == ["ok"] else problems


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
    """A consistent copy of the file (WAL content included) before a migration, as private as
    the history. It is made under a name of its own (``….partial``) and given its name once whole:
    a program killed while copying leaves no file that looks like a good backup (the next copy
    removes what it left)."""
    remove_stale(path.parent, f"{glob_escape(path.name)}.v*-backup-*{PARTIAL}", PARTIAL_LEFT_S)
    name, k = f"{path.name}.v{version}-backup-{_stamp()}", 1
    while True:   # a new name (a second copy within the second: another one)
        target = path.with_name(name if k == 1 else f"{name}-{k}")
        partial = target.with_name(target.name + PARTIAL)
        if not target.exists():
            try:
                os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, stat.S_IMODE(path.stat().st_mode)))
                break
            except FileExistsError:
                pass
        k += 1
    src = read_connection(path)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    partial.rename(target)
    return target


PARTIAL = ".partial"   # a backup being copied
PARTIAL_LEFT_S = 600    # one untouched this long was left by a program killed while copying


def _create_private(path: Path) -> None:
    """Create the (empty) history file with private permissions, so that SQLite (which makes
    -wal and -shm like it) never makes it readable by others. Another program creating it at
    the same moment is no error: the first transaction sorts out which one builds the schema."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:   # a file where the folder should be, a read-only or full disk
        raise CannotMakeHistoryError(_("the history {where} cannot be made: its folder {folder} cannot be created "
                                       "({error})").format(where=path, folder=path.parent,
                                                           error=os_error(exc, path.parent))) from None
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        pass
    except OSError as exc:
        raise ReadOnlyHistoryError(str(path), _("the file cannot be created: {error}").format(error=os_error(exc, path))) from None


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
    read_only: bool = False                             # opened for browsing: nothing is written
    in_memory: bool = False                             # browsed from a copy in memory (an older file's, upgraded)

    @property
    def concurrent(self) -> bool:
        """Whether two threads may use it at once (not an in-memory database: one connection)."""
        return not (self.in_memory or self.path is None and self.url.get_backend_name() == "sqlite")

    @property
    def location(self) -> str:
        return str(self.path) if self.path else self.url.render_as_string(hide_password=True)

    def session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def writing(self) -> Session:
        """A session that writes: each of its transactions takes SQLite's write lock as it begins,
        waiting out another program's for the busy timeout. A transaction that reads first and
        then writes is refused at once when another program wrote meanwhile (SQLite cannot wait
        there): a batch's games were refused as held "after 10 s" a second after it started."""
        return Session(self.engine.execution_options(immediate=True), expire_on_commit=False)

    def close(self) -> None:
        if self.path is not None and not self.read_only:   # SQLite's advice: refresh the planner's statistics on close
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
            raise NotAHistoryError(_("the database has history tables but no schema version; refusing to touch it"))
        return None
    row = conn.execute(sa.text("SELECT version FROM schema_version WHERE id = 1")).first()
    return None if row is None else int(row[0])


def _create(conn) -> None:
    SQLModel.metadata.create_all(conn, tables=TABLES)
    conn.execute(sa.text("INSERT INTO schema_version (id, version) VALUES (1, :v)"), {"v": SCHEMA_VERSION})
    migrations.mark_created(conn)


def _newer(where: str, version: int) -> NewerSchemaError:
    return NewerSchemaError(_(
        "{where} was written by a newer version of Ascension (history schema {version}; this version knows up to "
        "{known}). It has not been changed: upgrade Ascension to use it.").format(
        where=where, version=version, known=SCHEMA_VERSION))


def _older(where: str, version: int) -> HistoryError:
    return HistoryError(_(
        "{where} was written by an older version of Ascension (history schema {version}; this version reads "
        "{known}). It has not been changed: browsing changes nothing. It is upgraded, after a backup copy, when a "
        "game is next recorded in it or the desktop program's History opens it.").format(
        where=where, version=version, known=SCHEMA_VERSION))


def _empty(url: sa.URL, where: str) -> History:
    """No history there yet: browsing shows an empty one (in memory), and creates no file."""
    engine = make_engine("sqlite://")
    with engine.begin() as conn:
        SQLModel.metadata.create_all(conn, tables=TABLES)
    return History(engine, url, None, [_("There is no history at {where} yet.").format(where=where)], read_only=True)


def open_history(db: str | os.PathLike | None = None, *, on_corrupt: str = "replace",
                 read_only: bool = False, engine_kwargs: dict | None = None) -> History:
    """Open the history at ``db``: for writing (creating or migrating it as needed), or with
    ``read_only`` for browsing (see the module's docstring).

    ``on_corrupt`` (for writing): "replace" moves a damaged SQLite file aside and starts a
    fresh one (with a notice); "raise" raises CorruptHistoryError and leaves the file alone.
    """
    url, path = resolve(db)
    if path is None:
        _check_server(url)
    if path is not None and path.is_dir():
        raise HistoryError(_("{path} is a folder, not a history file; name a file in it, e.g. {example}").format(
            path=path, example=path / FILE_NAME))
    if path is not None and path.exists() and not path.is_file():   # SQLite says only "disk I/O error"
        raise HistoryError(_("{path} is a device or a pipe, not a history file").format(path=path))
    if read_only:
        return _open_for_reading(url, path, engine_kwargs or {})
    return _open_for_writing(url, path, on_corrupt, engine_kwargs or {})


def _check_server(url: sa.URL) -> None:
    """A database URL names a kind of database that can hold a history and whose driver is
    installed (SQLAlchemy would say either only as a traceback, when it first connects)."""
    where = url.render_as_string(hide_password=True)
    if url.get_backend_name() not in ("sqlite", "postgresql"):   # a typo, or another kind of server
        raise HistoryError(_("cannot use the history {where}: a history is kept in an SQLite file or a PostgreSQL "
                             "database (postgresql://user@host/name), not in {kind}").format(
            where=where, kind=url.get_backend_name()))
    try:
        url.get_dialect().import_dbapi()
    except ImportError as exc:
        raise HistoryError(_("cannot use the history {where}: its database driver is not installed ({error})")
                           .format(where=where, error=exc)) from None


@contextmanager
def _disposed_on_error(engine: Engine, where: str, path: Path | None):
    """Opening fails: the engine's connections are closed, and a database error says what it
    means for the person (in use, read-only, damaged)."""
    try:
        yield
    except sa.exc.DBAPIError as exc:
        engine.dispose()
        raise as_history_error(exc, where, path) from None
    except BaseException:
        engine.dispose()
        raise


def _open_for_reading(url: sa.URL, path: Path | None, engine_kwargs: dict) -> History:
    where = str(path) if path else url.render_as_string(hide_password=True)
    complete = True
    if path is not None:
        if not path.exists():
            return _empty(url, where)
        _refuse_another_kind(path, where)
        found = inspect_sqlite_file(path)
        if found.version is None:
            return _empty(url, where)
        if found.version > SCHEMA_VERSION:
            raise _newer(where, found.version)
        complete = found.complete
    engine = make_engine(url if path is None else path, read_only=True, **engine_kwargs)
    with _disposed_on_error(engine, where, path), engine.connect() as conn:
        stored = _stored_version(conn)
    if stored is None:
        engine.dispose()
        return _empty(url, where)
    if stored != SCHEMA_VERSION:
        engine.dispose()
        if stored > SCHEMA_VERSION:
            raise _newer(where, stored)
        if path is None or path.stat().st_size > MAX_COPY_BYTES:
            raise _older(where, stored)
        return _upgraded_copy(url, path, where, stored)
    return History(engine, url, path, fully_checked=complete, read_only=True)


MAX_COPY_BYTES = 512 << 20   # an older history larger than this is not copied into memory to be browsed


def _upgraded_copy(url: sa.URL, path: Path, where: str, stored: int) -> History:
    """An older history browsed as this version reads it: copied into memory and upgraded there.
    The file is not changed (it may be on a read-only disk, or the player only looking): it is
    upgraded in place, after a backup copy, when a game is next recorded in it."""
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        source = read_connection(path)
        try:
            source.backup(memory)
        finally:
            source.close()
        engine = sa.create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool)
        with engine.begin() as conn:
            migrations.upgrade(conn, stored)
    except (sqlite3.Error, sa.exc.SQLAlchemyError) as exc:
        memory.close()
        raise as_history_error(exc, where, path) from None
    return History(engine, url, path, [_older_shown(where, stored)], read_only=True, in_memory=True)


def _another_kind(path: Path) -> bool:
    """Whether ``path`` holds a file of another kind (a saved game named by a slip, a text), not
    a damaged database: it neither begins as SQLite's files do nor with the zeros a lost first
    page leaves. Such a file is refused untouched; only damage is ever set aside."""
    try:
        with open(path, "rb") as f:
            start = f.read(len(SQLITE_HEADER))
    except OSError:   # (the opening says why)
        return False
    return bool(start) and start != SQLITE_HEADER[:len(start)] and any(start)


def _refuse_another_kind(path: Path, where: str) -> None:
    """A file of another kind named as the history is refused, by readers and writers alike, in
    the same words: it is no damaged history (see :func:`_another_kind`)."""
    if _another_kind(path):
        raise HistoryError(_("cannot use the history {where}: it is not a history but a file of another kind "
                             "(not an SQLite database); it has not been changed. Name a history file, or a new "
                             "name to start one").format(where=where))


def _older_shown(where: str, version: int) -> str:
    return _("{where} was written by an older version of Ascension (history schema {version}); it is shown as this "
             "version reads it, and has not been changed. It is upgraded, after a backup copy, when a game is next "
             "recorded in it.").format(where=where, version=version)


def _read_only_disk(path: Path) -> bool:
    """Whether ``path`` lies on a disk mounted read-only (the file's own permissions are no cure)."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):   # (no statvfs on Windows)
        return False


def _check_writable(path: Path) -> None:
    """Refuse at once a history we may not write (SQLite would find out only at the first write,
    after leaving -wal/-shm files it cannot remove beside the file)."""
    if not os.access(path, os.W_OK):
        raise ReadOnlyHistoryError(str(path), _("the disk is read-only") if _read_only_disk(path) else
                                   _("the file is read-only"))
    if not os.access(path.parent, os.W_OK):
        raise ReadOnlyHistoryError(str(path), _("its folder {folder} cannot be written").format(folder=path.parent))


def _open_for_writing(url: sa.URL, path: Path | None, on_corrupt: str, engine_kwargs: dict) -> History:
    where = str(path) if path else url.render_as_string(hide_password=True)
    notices: list[str] = []
    backup = moved = None
    version: int | None = None
    complete = True
    if path is not None:
        if path.exists():
            _check_writable(path)
            _refuse_another_kind(path, where)
            try:
                found = inspect_sqlite_file(path)
                version, complete = found.version, found.complete
            except CorruptHistoryError as exc:
                if on_corrupt != "replace":
                    raise
                try:
                    moved = set_aside(path)
                except PermissionError as err:
                    raise ReadOnlyHistoryError(where, _("it is damaged ({reason}) and cannot be moved aside: {error}; "
                                                        "it has not been changed").format(reason=exc.reason,
                                                                                          error=err.strerror)) from None
                log.warning("history file %s is damaged (%s); moved to %s", path, exc.reason, moved)
                notices.append(_("The history file {path} was damaged ({reason}). It was moved to {moved} and a "
                                 "new, empty history was started.").format(path=path, reason=exc.reason, moved=moved))
            if version is not None and version > SCHEMA_VERSION:
                raise _newer(where, version)
        if not path.exists():
            _create_private(path)
        if version is not None and version < SCHEMA_VERSION:
            try:
                backup = backup_sqlite(path, version)
            except (OSError, sqlite3.DatabaseError) as exc:
                raise ReadOnlyHistoryError(where, _("no backup copy can be taken before upgrading it: {error}").format(
                    error=exc)) from None
    engine = make_engine(url if path is None else path, **engine_kwargs)
    with _disposed_on_error(engine, where, path), engine.connect().execution_options(immediate=True) as conn, \
            conn.begin():
        stored = _stored_version(conn)
        if stored is None:
            _create(conn)
        elif stored > SCHEMA_VERSION:
            raise _newer(where, stored)
        elif stored < SCHEMA_VERSION:
            migrations.upgrade(conn, stored)
            notices.append(_("The history was upgraded from schema {old} to {new} (a copy of the old file is at "
                             "{backup}).").format(old=stored, new=SCHEMA_VERSION, backup=backup) if backup else
                           _("The history was upgraded from schema {old} to {new}.").format(old=stored, new=SCHEMA_VERSION))
            log.info("history migrated from schema %s to %s", stored, SCHEMA_VERSION)
        elif not migrations.marked(conn):   # current, but written before the program used Alembic
            migrations.upgrade(conn, stored)
        else:   # a write that changes nothing: a history that cannot be written says so now, not after a game
            conn.execute(sa.text("UPDATE schema_version SET version = version WHERE id = 1"))
    return History(engine, url, path, notices, backup, moved, complete)
