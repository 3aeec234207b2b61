"""Recording games from the front ends: the desktop and the terminal game (each a core
Session) and ``simulate --record``. Each opens the history once per process (cached per
location) and writes one transaction per finished or abandoned game; a simulation writes its
games as they finish, in small batches (:class:`SimulationRecorder`)."""
from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator, NamedTuple

from sqlalchemy.exc import DataError, IntegrityError, SQLAlchemyError
from sqlmodel import select

from ascension.core.folders import kept_games_dir, read_bounded, saves_dir, set_aside, write_text_atomic
from ascension.core.i18n import _, os_error
from ascension.core.match import MAX_SAVE_CHARS

from .db import History, HistoryBusyError, HistoryError, as_history_error, masked, open_history, resolve
from .models import Match
from .records import MatchRecord, match_record, utcnow
from .repo import record_game, record_many

log = logging.getLogger(__name__)
_open: dict[str, History] = {}
_lock = threading.Lock()


def history_for(db: str | os.PathLike | History | None = None) -> History:
    """The open history for ``db`` (None: the default file), opened on first use; an open
    :class:`History` is returned as it is."""
    if isinstance(db, History):
        return db
    key = resolve(db)[0].render_as_string(hide_password=False)
    with _lock:
        h = _open.get(key)
        if h is None:
            h = _open[key] = open_history(db)
        return h


def close_all() -> None:
    with _lock:
        for h in _open.values():
            h.close()
        _open.clear()


@dataclass
class SeatInfo:
    """Who sat where, as the recorders know it (same fields as core.session.Seat)."""
    name: str
    kind: str = "human"
    bot: str | None = None


class GameInAFile(HistoryError):
    """The history has no record of the game, but the game is safe in a file (``path``), from
    which it goes into the history later: whatever held it until now (an autosave) may go."""
    path: Path


class GameKeptError(GameInAFile):
    """The history could not take a game now; the game waits in a file (``kept``) and goes into
    that history the next time a game is recorded there."""

    def __init__(self, cause: BaseException, kept: Path):
        self.kept = self.path = kept
        super().__init__(_("{error}. The game is kept in {file} and goes into the history the next time a game "
                           "is recorded there.").format(error=str(cause).rstrip("."), file=kept))


class GameSavedInstead(GameInAFile):
    """No record could be made of a game (a plugin failing as its scores are read): the game is
    saved whole in a file (``saved``, among the saved games Load lists), from which it goes into
    the history once that is mended."""

    def __init__(self, cause: BaseException, saved: Path):
        self.saved = self.path = saved
        super().__init__(_("no record of the game could be made ({error}). The game is saved in {file}: load it "
                           "once that is mended, and it goes into the history").format(
            error=f"{type(cause).__name__}: {cause}", file=saved))


def write(record: MatchRecord, db: str | os.PathLike | None = None) -> int:
    """Store one game. When the history cannot take it (another program holds it, a full disk, a
    server away), the game is kept in a file of its own and the error says where
    (:class:`GameKeptError`); a history that takes a game again takes the kept ones with it."""
    try:
        h = history_for(db)
        try:
            with h.writing() as s:
                match_id = record_game(s, record)
        except SQLAlchemyError as exc:   # said as what it means for the player, in their language
            raise as_history_error(exc, h.location, h.path) from exc
    except Exception as exc:   # whatever stopped it, the game is not lost
        try:
            kept = keep(record, db)
        except OSError as keep_exc:
            log.error("a game could be neither recorded nor kept: %s", keep_exc, exc_info=keep_exc)   # (the log's: the player is told)
            raise exc from None
        raise GameKeptError(exc, kept) from exc
    take_in_kept(db)   # (the game just recorded is in; the kept ones may wait for the next time)
    return match_id


# ------------------------------------------------------------------ games kept for a history that could not take them
def _history_key(db: str | os.PathLike | History | None) -> str:
    """Which history a kept game is for (no password: the file holds the location only); one
    that names no history at all, as it was given (a game is kept whatever the location). An
    open history is keyed as its location is: the same games wait for it however it is named."""
    try:
        return (db.url if isinstance(db, History) else resolve(db)[0]).render_as_string(hide_password=True)
    except HistoryError:
        return masked(str(db))


def keep(record: MatchRecord, db: str | os.PathLike | History | None = None) -> Path:
    """Write ``record`` into a file of its own (in :func:`~ascension.core.folders.kept_games_dir`)
    for the history ``db``."""
    name = f"{record.ended_at:%Y%m%d-%H%M%S}-{record.seed & 0xFFFFFFFF:08x}-{uuid.uuid4().hex[:8]}.json"
    path = kept_games_dir() / name
    text = json.dumps({"history": _history_key(db), "record": record.model_dump(mode="json")})
    write_text_atomic(path, text)
    return path


def _kept(db: str | os.PathLike | None) -> Iterator[tuple[Path, dict | None]]:
    """Each file kept for the history ``db``, with what it holds (None: a file that holds no kept
    game at all). A file that cannot be read now (permissions, a disk error) is not damaged: it
    is left as it is for the next time, and not listed."""
    folder, key = kept_games_dir(), _history_key(db)
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.json")):
        try:   # what it holds: too large, not UTF-8, not JSON or nested too deep is damaged
            data = json.loads(read_bounded(path, MAX_SAVE_CHARS).decode("utf-8"))
            if data.get("history") != key:
                continue
        except OSError as exc:
            log.warning("%s cannot be read now (%s); left for the next time", path, exc)
            continue
        except (ValueError, AttributeError, RecursionError):
            data = None
        yield path, data


def kept_for(db: str | os.PathLike | None = None) -> list[Path]:
    """The files of the games kept for the history ``db``, waiting to go in."""
    return [path for path, data in _kept(db) if data is not None]


class KeptTaken(NamedTuple):
    """What became of the games kept for a history: how many went in, and what to tell the player
    of each one that never can (set aside, named)."""
    stored: int
    refused: list[str]


def store_kept(db: str | os.PathLike | None = None) -> KeptTaken:
    """Record the games kept for the history ``db`` (each in its own transaction, its file removed
    once it is in). A file that holds no game, or a game the history refuses (a number beyond
    its columns, written by another version), is set aside, and the others still go in; while
    the history itself cannot take games (held, away, read-only), this raises and all wait."""
    stored, refused = 0, []
    for path, data in _kept(db):
        try:
            record = MatchRecord.model_validate(data["record"])   # (None: TypeError)
            with history_for(db).writing() as s:
                if not s.exec(select(Match.id).where(Match.seed == record.seed, Match.started_at == record.started_at,
                                                     Match.ended_at == record.ended_at)).first():
                    record_game(s, record)   # (not twice: a stop between storing it and removing its file)
        except (ValueError, KeyError, TypeError, OverflowError, IntegrityError, DataError) as exc:   # this game only
            error = f"{type(exc).__name__}: {exc}"
            aside = set_aside(path)
            log.error("%s cannot go into the history (%s); set aside as %s", path, error, aside)
            refused.append(_("a game kept earlier cannot go into the history ({error}); it is set aside as "
                             "{path}").format(error=error[:300], path=aside))
            continue
        path.unlink()
        stored += 1
    return KeptTaken(stored, refused)


def take_in_kept(db: str | os.PathLike | None = None) -> KeptTaken:
    """:func:`store_kept` where a failure (the history held or away again) is no error: the
    games wait, whole, in their files for the next time."""
    try:
        return store_kept(db)
    except Exception as exc:
        log.warning("games kept earlier could not be recorded yet: %s", exc)
        return KeptTaken(0, [])


def record_session(session, db: str | os.PathLike | None = None, *, started_at: datetime | None = None,
                   ended_at: datetime | None = None) -> int:
    """Store the game of an :class:`ascension.core.session.Session` (the desktop and the terminal
    game call this when a game finishes, or when a person leaves one: a game not over is stored
    as abandoned).
    ``started_at`` (UTC) defaults to the session's ``started_at`` attribute when it has one,
    else to the end time. Returns the match id."""
    return write(_session_record(session, started_at, ended_at), db)


def keep_session(session, db: str | os.PathLike | None = None) -> Path:
    """Keep the game of a session in a file of its own for the history ``db`` (as
    :func:`record_session` does when the history cannot take it): quick and whole on the disk, so
    a new game may take its autosave at once; :func:`take_in_kept` stores it then."""
    return keep(_session_record(session, None, None), db)


def _session_record(session, started_at: datetime | None, ended_at: datetime | None) -> MatchRecord:
    """The record of a session's game; when none can be made (a plugin fails reading it), the game
    is saved whole among the saved games instead (:class:`GameSavedInstead`)."""
    ended_at = ended_at or utcnow()
    started_at = started_at or getattr(session, "started_at", None) or ended_at
    try:
        return match_record(session.game, session.seats, started_at=started_at, ended_at=ended_at,
                            assisted=bool(getattr(session, "assisted", False)))
    except Exception as exc:   # the game is not lost for that: saved whole, as a Save would
        saved = _unrecorded_path(ended_at)
        try:
            write_text_atomic(saved, session.to_json())
        except OSError as save_exc:   # (a full disk as well): said plainly, with both reasons
            raise HistoryError(_("no record of the game could be made ({error}), nor could it be saved: "
                                 "{save_error}").format(error=f"{type(exc).__name__}: {exc}",
                                                        save_error=os_error(save_exc))) from exc
        raise GameSavedInstead(exc, saved) from exc


@dataclass(frozen=True)
class Recorder:
    """Where a front end's games go: the history ``db`` (None: the one in the settings). Called
    with a session, it records its game (:func:`record_session`); a game left for another can be
    kept in a file first and taken in later, off the window's thread."""
    db: str | os.PathLike | None = None

    def __call__(self, session, **when) -> int:
        return record_session(session, self.db, **when)

    def keep(self, session) -> Path:
        return keep_session(session, self.db)

    def take_in_kept(self) -> KeptTaken:
        return take_in_kept(self.db)


def _unrecorded_path(when: datetime) -> Path:
    """A new name among the saved games for a finished game the history has no record of."""
    return saves_dir() / f"unrecorded-{when:%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:6]}.json"


def record_left_over(path: Path, session, record=record_session) -> tuple[str, bool]:
    """At a start, a finished game an autosave still holds (the history could not take it as it
    ended, or the program was stopped while recording it): recorded now, and the file removed.
    When the history cannot take it now either, the file goes among the saved games
    (``saves/unrecorded-….json``: Load lists it, and a loaded game is recorded) out of the next
    game's way. ``record``: :func:`record_session` with the history of the front end (None: this
    run records nothing, ``play --no-record``). Returns what to tell the player, and whether the
    file still stands in the way."""
    if record is None:
        return _left_among_saves(path, None)
    try:   # it ended when its autosave was last written
        ended = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).replace(tzinfo=None)
    except (OSError, ValueError, OverflowError):
        ended = None
    try:
        said = _("The game you finished last is now recorded in the history (match {id}).").format(
            id=record(session, ended_at=ended))
    except GameInAFile as exc:
        said = _("The game you finished last could not be recorded in the history yet: {error}").format(
            error=exc)
    except Exception as exc:
        return _left_among_saves(path, str(exc) if isinstance(exc, HistoryError) else f"{type(exc).__name__}: {exc}")
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:   # (recorded: at the next start it is found recorded already)
        log.warning("%s could not be removed: %s", path, exc)
    return said, False


def _left_among_saves(path: Path, error: str | None) -> tuple[str, bool]:
    """Move a finished game no record was made of (``error`` says why; None: this run records
    nothing) among the saved games; what to tell the player, and whether it still stands where it was."""
    saved = _unrecorded_path(utcnow())
    try:
        saved.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(path, saved)
    except OSError as move_exc:
        return _("The game you finished last could not be recorded in the history ({error}), nor moved out "
                 "of the next game's way ({move_error}); it stays in {path}.").format(
            error=error or _("this time games are not recorded"), move_error=os_error(move_exc), path=path), True
    if error is None:   # (it may be in the history already: the program was stopped as it went in)
        return _("The game you finished last is not recorded this time; it is saved as {path}: loaded where games "
                 "are recorded ('ascension play --load {path}', or Load in the window), it goes into the history, "
                 "once.").format(path=saved), False
    return _("The game you finished last could not be recorded in the history ({error}); it is saved as "
             "{path}: load it once the history works again ('ascension play --load {path}', or Load in the "
             "window), and it goes in.").format(error=error, path=saved), False


def simulated_records(records: list[dict], ends: list[datetime] | None = None,
                      start: datetime | None = None) -> list[MatchRecord]:
    """Turn ``simulate(keep_records=True)`` records into history records. The card counts come
    from the game log, which the simulation does not keep, so each game is replayed (a replay
    costs a small fraction of the bots' thinking). ``ends``: when each game ended; a game is
    taken to start when the one before it ended (``start`` for the first)."""
    from ascension.core.match import replay
    out = []
    now = utcnow()
    for k, rec in enumerate(records):
        game = replay(rec["setup"], rec["answers"])
        ended = ends[k] if ends and k < len(ends) else now
        began = (ends[k - 1] if k and ends and k - 1 < len(ends) else start) or ended
        seats = [SeatInfo(name, "bot", bot) for name, bot in zip(rec["setup"]["names"], rec["bots"])]
        out.append(match_record(game, seats, started_at=min(began, ended), ended_at=ended,
                                extra_options={"simulated": True}))
    return out


def record_simulation(records: list[dict], db: str | os.PathLike | None = None,
                      ends: list[datetime] | None = None, start: datetime | None = None,
                      batch: int = 200) -> list[int]:
    """Store simulated games (from the parent process only), ``batch`` games per transaction:
    each game is whole or absent."""
    h = history_for(db)
    ids: list[int] = []
    for i in range(0, len(records), batch):
        first = start if i == 0 else (ends[i - 1] if ends and i - 1 < len(ends) else None)
        chunk = simulated_records(records[i:i + batch], ends[i:i + batch] if ends else None, first)
        with h.writing() as s:
            ids += record_many(s, chunk)
    return ids


class SimulationRecorder:
    """Stores simulated games while the batch runs: each finished game is handed to :meth:`add`
    and written with the others of its batch, one transaction per ``batch`` games or per
    ``seconds``, whichever comes first, so a run that is killed loses at most its last moments.
    :meth:`write` at the end writes what is left (after Ctrl-C too). A history that another program holds
    locked is tried again at the next batch (nothing is lost meanwhile); any other failure to
    write stops the recording with a :class:`HistoryError`."""

    def __init__(self, db: str | os.PathLike | History | None = None, *, start: datetime | None = None,
                 batch: int = 50, seconds: float = 2.0, clock=time.monotonic):
        self.history = history_for(db)
        self.batch, self.seconds, self.clock = batch, seconds, clock
        self.pending: list[tuple[dict, datetime]] = []   # finished, not yet written
        self.kept = 0                                     # games written (committed)
        self.last_end = start                             # when the last written game ended
        self.last_write = clock()

    def add(self, record: dict, ended_at: datetime) -> None:
        """A finished game (``simulate(keep_records=True)``'s record) and when it ended."""
        self.pending.append((record, ended_at))
        if len(self.pending) >= self.batch or self.clock() - self.last_write >= self.seconds:
            try:
                self.write()
            except HistoryBusyError:   # kept for the next batch: another program has it for now
                self.last_write = self.clock()

    def write(self) -> None:
        """Write the pending games now, in one transaction: all of them or none."""
        if not self.pending:
            return
        ends = [e for __, e in self.pending]
        chunk = simulated_records([r for r, __ in self.pending], ends, self.last_end)
        try:
            with self.history.writing() as s:
                record_many(s, chunk)
        except SQLAlchemyError as exc:
            raise as_history_error(exc, self.history.location, self.history.path) from None
        self.kept += len(chunk)
        self.last_end = ends[-1]
        self.pending.clear()
        self.last_write = self.clock()
