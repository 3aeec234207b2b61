"""One desktop program (and one terminal game) per data folder. Two would play side by side and
write over each other's autosave, and one of the games would be lost (or recorded as abandoned
while still being played). The first holds a lock file beside the autosave (QLockFile: the lock
of a program that crashed or was killed is recognised by its process id and taken over); the
desktop's also listens on a local socket, and a second start asks it to come to the front, and
ends. Where no lock file can be made (the folder cannot be created or written), no autosave
can be written either, so there is nothing to guard: the program starts and says that its
autosave fails."""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QLockFile
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from ascension.core.i18n import _

WAKE = b"show\n"   # what a second start sends the first
WAIT_MS = 1000     # how long a second start waits for the first to answer
UNREADABLE_GRACE_S = 5.0   # a lock file naming no process this old is left over, not being written


class Instance:
    """The claim of one program (``who``: "desktop" or "terminal") on the data folder ``folder``."""

    def __init__(self, folder: Path, who: str = "desktop"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:   # (a file in its place, a read-only disk): claim() finds no lock to take
            pass
        self.lock_path = folder / f"{who}.lock"
        self.lock = QLockFile(str(self.lock_path))
        self.lock.setStaleLockTime(0)   # held for as long as the program runs: stale only when its process is gone
        digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
        self.name = f"ascension-table-{who}-{digest}"   # one socket per data folder (and user: the folder is theirs)
        self.server: QLocalServer | None = None

    def claim(self) -> bool:
        """Whether this program is the one for the folder now: the lock taken, or none can be
        made there (only another program holding it is a no). A lock file that names no process
        (empty or garbled: a power cut as it was written) and is older than a holder needs to
        write it is no one's: it is taken over, or it would keep the folder locked for good."""
        if self.lock.tryLock(0):
            return True
        if self.lock.error() != QLockFile.LockError.LockFailedError:
            return True
        if self.holder() is None and self._age() > UNREADABLE_GRACE_S and self.lock.removeStaleLockFile():
            return self.lock.tryLock(0)
        if self._holder_is_another_program():   # a process id of a killed holder, since given to another program
            try:
                self.lock_path.unlink()
            except OSError:
                return False
            return self.lock.tryLock(0)
        return False

    def not_a_lock(self) -> str | None:
        """Why no program can be holding the lock, where none is named because there is no lock
        file to read: a folder in its place, or a file this user may not read (left by a run as
        another user, ``sudo``). Neither is removed unasked; the player is told what is in the way,
        not that another program is open."""
        if self.lock_path.is_dir():
            return _("{path} is a folder where the program's lock file belongs").format(path=self.lock_path)
        try:
            self.lock_path.open("rb").close()
        except PermissionError:
            return _("the program's lock file {path} may not be read (made by another user, with sudo?)").format(
                path=self.lock_path)
        except OSError:
            pass
        return None

    def _holder_is_another_program(self) -> bool:
        """Whether the process the lock names is plainly not one of ours (its command line, where
        the system shows it, does not mention Ascension): the lock of one that was killed, whose
        process id went to another program since (Qt only tells a Python from another program)."""
        pid = self.holder()
        if pid is None or pid == os.getpid():
            return False
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:   # (no /proc, or not ours to read: held, as Qt says)
            return False
        return bool(command) and b"ascension" not in command.lower()

    def _age(self) -> float:
        try:
            return time.time() - os.stat(self.lock_path).st_mtime
        except OSError:
            return 0.0

    def holder(self) -> int | None:
        """The process id of the program that holds the folder, where the lock file says."""
        pid = self.lock.getLockInfo()[0]   # (0 where the file cannot be read)
        return pid or None

    def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` whenever a second start asks for this program (after :meth:`claim`)."""
        QLocalServer.removeServer(self.name)   # a socket left by a crashed holder (the lock is ours now)
        self.server = QLocalServer()
        self.server.newConnection.connect(lambda: self._answer(wake))
        self.server.listen(self.name)

    def _answer(self, wake: Callable[[], None]) -> None:
        assert self.server is not None
        while (conn := self.server.nextPendingConnection()) is not None:
            conn.readyRead.connect(lambda c=conn: self._read(c, wake))
            conn.disconnected.connect(conn.deleteLater)

    @staticmethod
    def _read(conn: QLocalSocket, wake: Callable[[], None]) -> None:
        if bytes(conn.readAll()).startswith(WAKE.strip()):
            wake()

    def wake_holder(self) -> bool:
        """Ask the program that holds the folder to come to the front; whether it heard."""
        conn = QLocalSocket()
        conn.connectToServer(self.name)
        if not conn.waitForConnected(WAIT_MS):
            return False
        conn.write(WAKE)
        sent = conn.waitForBytesWritten(WAIT_MS)
        conn.disconnectFromServer()
        return sent

    def release(self) -> None:
        """Give the folder up (the window closed): the next start may take it at once."""
        if self.server is not None:
            self.server.close()
            self.server = None
        self.lock.unlock()
