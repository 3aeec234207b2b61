"""Where a player's own files live, and how they are written so that none is ever half
written. The folders: the platform's user folders for Ascension Table (platformdirs), or those
``ASCENSION_CONFIG_DIR`` and ``ASCENSION_DATA_DIR`` name (tests, screenshot runs and portable
set-ups, which must never touch a player's real files). The config folder holds settings,
presets and override files; the data folder the autosaves, saves and the history."""
from __future__ import annotations

import glob
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TextIO

from .i18n import _

APP = "ascension-table"


def config_dir() -> Path:
    import platformdirs
    return _named_folder("ASCENSION_CONFIG_DIR") or Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    import platformdirs
    return _named_folder("ASCENSION_DATA_DIR") or Path(platformdirs.user_data_dir(APP))


def _named_folder(variable: str) -> Path | None:
    """The folder an environment variable names, ``~`` expanded as the history's path is: set in a
    desktop entry or a service, where no shell expands it, the autosave went to a folder named
    ``~`` under wherever the program was started, and a start from elsewhere never offered it."""
    named = os.environ.get(variable)
    return Path(named).expanduser().absolute() if named else None


def saves_dir() -> Path:
    """Games saved to a file: the desktop's Save and Load start here, and a finished game the
    history could make no record of is saved here."""
    return data_dir() / "saves"


def kept_games_dir() -> Path:
    """Games the history could not take when they ended, each in a file until it does."""
    return data_dir() / "unrecorded"


class NotAFile(ValueError):
    """The path names a folder, a device or a pipe, which no file of ours is."""

    def __init__(self) -> None:
        super().__init__(_("not a file but a folder, a device or a pipe"))


class FileTooLarge(ValueError):
    """Larger than any file of its kind: ``size`` bytes (at least), ``limit`` at most."""

    def __init__(self, size: int, limit: int):
        super().__init__(_("{size} bytes is too large (at most {limit})").format(size=size, limit=limit))
        self.size, self.limit = size, limit


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the file at ``path``, read only when it is a regular file of at most
    ``limit`` bytes: a device (``/dev/zero``) or a file growing while read would otherwise fill
    the memory, and a pipe would wait for ever. NotAFile or FileTooLarge (ValueErrors, for the
    caller to name) when it is none; OSError when it cannot be read now."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile()
        if info.st_size > limit:
            raise FileTooLarge(info.st_size, limit)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(len(data), limit)
    return data


def write_text_atomic(path: Path, text: str, durable: bool = True, shared: bool = False) -> None:
    """Write ``text`` to ``path`` (creating its folder) via :func:`atomic_writer`. ``durable``
    also flushes to disk (survives a power cut); the autosave skips that, since it runs after
    every click and a rename alone already survives the program crashing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_writer(path, durable, shared) as f:
        f.write(text)


@contextmanager
def atomic_writer(path: Path, durable: bool = True, shared: bool = False) -> Iterator[TextIO]:
    """A UTF-8 text file (newlines as written) that becomes ``path`` only once whole: written
    beside it under a name no file has (``<name><random>.tmp``) and renamed over it at the end.
    An error on the way leaves ``path`` as it was and no temporary file; one about the
    temporary file names ``path``, the file asked for. A link is followed (the file it names is
    replaced, the link kept: a settings file linked from elsewhere stays linked), and a device
    or a pipe (``/dev/stdout``, a named pipe) is written to as it is, never replaced by a file.
    A file written over keeps its permissions; a new one is private (the player's saved games and
    settings), or, ``shared``, made as the user's umask makes any file (an export, made to be
    passed on)."""
    try:
        kind = os.stat(path).st_mode
    except OSError:   # (none there yet, or one that cannot be looked at: the writing says why)
        kind = stat.S_IFREG
    if not stat.S_ISREG(kind) and not stat.S_ISDIR(kind):
        with open(path, "w", encoding="utf-8", newline="") as f:
            yield f
        return
    target = Path(os.path.realpath(path)) if os.path.islink(path) else path
    remove_stale(target.parent, glob.escape(target.name) + "?" * 8 + TMP_SUFFIX)   # (mkstemp's names)
    try:
        fd, tmp = tempfile.mkstemp(prefix=target.name, suffix=TMP_SUFFIX, dir=target.parent)
    except OSError as exc:
        raise _about(exc, target, path)
    try:
        os.chmod(tmp, _mode_for(target, shared))
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            yield f
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _about(exc, target, path) if isinstance(exc, OSError) else exc


LEFT_BEHIND_AFTER_S = 60   # a temporary file untouched this long is no write under way (another program's)


def remove_stale(folder: Path, pattern: str, older_than_s: float = LEFT_BEHIND_AFTER_S) -> None:
    """Remove the files matching ``pattern`` in ``folder`` untouched for ``older_than_s``: what a
    write killed midway left (a whole export beside the file asked for, a half backup), which
    outside the program's own folders nothing else ever would."""
    try:
        left = list(folder.glob(pattern))
    except OSError:
        return
    for tmp in left:
        try:
            if time.time() - tmp.stat().st_mtime > older_than_s:
                tmp.unlink()
        except OSError:
            pass


def _umask_now() -> int:
    """The process's umask: Linux says it in /proc; elsewhere it is read by setting it, once, at
    import (setting it later could give a file another thread makes that moment the wrong mode)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return _UMASK_AT_IMPORT


_UMASK_AT_IMPORT = os.umask(0o022)
os.umask(_UMASK_AT_IMPORT)


def _mode_for(target: Path, shared: bool) -> int:
    """The permissions of the file about to replace ``target`` (see :func:`atomic_writer`)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask_now() if shared else 0o600


def _about(exc: OSError, target: Path, asked: Path) -> OSError:
    """``exc`` naming ``asked`` (the path asked for) where it named a temporary file beside
    ``target``, or ``target`` itself (the file a link names)."""
    named = exc.filename if isinstance(exc.filename, str) else None
    if named is not None and (named == str(target) or (
            named.endswith(TMP_SUFFIX) and Path(named).parent == target.parent)):
        exc.filename = str(asked)
    if exc.filename2 is not None and str(exc.filename2) == str(target):
        exc.filename2 = None   # (the rename's target: the file asked for, named once)
    return exc


TMP_SUFFIX = ".tmp"


def set_aside(path: Path) -> Path:
    """Rename a file that cannot be used beside it, with the time (``autosave.json.bad-20261201-142900``),
    so that it no longer stands in the way and nothing is lost. Returns the new path."""
    return _move_free(path, path.parent, f"{path.name}.bad-", "")


HELD = "on-hold"   # the folder beside an autosave for its games on hold


def put_on_hold(path: Path) -> Path:
    """Move an autosave that is sound but cannot be resumed here (a plugin or bot not
    installed, the file unreadable for now) into the folder ``on-hold`` beside it, out of the
    next game's way, named after it and the time (``on-hold/autosave-20261203-142900.json``: a
    saved game File › Load opens too); it is offered again at a start where it can be resumed
    (:func:`held_games`). Returns the new path."""
    folder = path.parent / HELD
    folder.mkdir(exist_ok=True)
    return _move_free(path, folder, f"{path.stem}-", path.suffix)


def held_games(slot: Path) -> list[Path]:
    """The games put on hold from the autosave ``slot``, oldest first."""
    folder = slot.parent / HELD
    return sorted(folder.glob(f"{slot.stem}-*{slot.suffix}")) if folder.is_dir() else []


def _move_free(path: Path, folder: Path, prefix: str, suffix: str) -> Path:
    """Rename ``path`` to ``folder/prefix<time>suffix``, a name no file has yet."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target, n = folder / f"{prefix}{stamp}{suffix}", 1
    while target.exists():
        n += 1
        target = folder / f"{prefix}{stamp}-{n}{suffix}"
    path.replace(target)
    return target
