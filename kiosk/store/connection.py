"""Opening the database file the way a kiosk that loses power needs it.

WAL with ``synchronous=FULL`` keeps every committed transaction across a power cut
(NORMAL may lose the last ones); foreign keys are on; a busy timeout waits for a
second process (``kiosk check``, a backup) instead of failing at once.

Only a file SQLite itself calls damaged — ``file is not a database``, a corrupt page,
or a ``PRAGMA quick_check`` that is not ``ok`` — is moved aside as
``<name>.corrupt-<timestamp>`` (with its ``-wal``), a fresh one started, and the
move logged (``Database.moved_aside`` lets the kiosk show it to staff). Anything else
is raised as a :class:`~kiosk.store.schema.StoreOpenError` whose ``fault`` says what
it is: a locked file (``busy``), a file or folder the kiosk may not write
(``read-only``: checked before SQLite opens anything, so a healthy database owned by
someone else is never mistaken for a damaged one), a full disk, a disk error.

The folder is created 0700 and the file 0600 (SQLite gives ``-wal`` and ``-shm`` the
file's mode): scores are nobody else's business, and the PIN hash lives in the file.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from pathlib import Path

from kiosk.store.faults import access_problem, classify
from kiosk.store.schema import StoreOpenError

log = logging.getLogger(__name__)

BUSY_TIMEOUT_S = 5.0
FOLDER_MODE, FILE_MODE = 0o700, 0o600
_BAD_FILE = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


class BadDatabase(Exception):
    """The file is damaged or not a database at all."""


def connect(path: Path, busy_timeout: float | None = None) -> sqlite3.Connection:
    """A checked connection with the kiosk's settings; raises :class:`BadDatabase`.
    ``busy_timeout``: seconds to wait for another program's lock (default
    :data:`BUSY_TIMEOUT_S`)."""
    wait = BUSY_TIMEOUT_S if busy_timeout is None else busy_timeout
    connection = sqlite3.connect(str(path), timeout=wait, isolation_level=None,
                                 check_same_thread=False)
    try:
        connection.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreOpenError(f"{path}: SQLite refused WAL mode (got {mode!r}); put the "
                                 "database on a local disk")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise BadDatabase(f"quick_check found: {'; '.join(problems[:3])}")
    except sqlite3.Error as error:
        connection.close()
        if (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF in _BAD_FILE:
            raise BadDatabase(str(error)) from error
        raise
    except BaseException:
        connection.close()
        raise
    return connection


def open_or_replace(path: Path, busy_timeout: float | None = None,
                    ) -> tuple[sqlite3.Connection, Path | None]:
    """Connect; if SQLite finds the file damaged, move it aside and start fresh.

    Returns the connection and where the bad file went (None if nothing was moved).
    Raises :class:`StoreOpenError` (with its ``fault``) for anything else.
    """
    fault = access_problem(path)
    if fault is not None:
        raise StoreOpenError(fault.line(), fault)
    create(path)
    wal = Path(f"{path}-wal")
    kept_wal = _keep(wal)  # SQLite deletes a WAL it cannot use; staff may need it
    try:
        connection = connect(path, busy_timeout)
    except BadDatabase as error:
        why = str(error)
    except (sqlite3.Error, OSError) as error:
        _drop(kept_wal)
        fault = classify(error, path)
        if fault is None:
            raise StoreOpenError(f"cannot open the database {path} ({error})") from error
        raise StoreOpenError(fault.line(), fault) from error
    else:
        _drop(kept_wal)
        return connection, None
    if kept_wal is not None and not wal.exists():
        os.replace(kept_wal, wal)
    else:
        _drop(kept_wal)
    moved = move_aside(path)
    log.error("The kiosk database %s was damaged (%s). It was moved to %s and a fresh "
              "database was started: scores and campaign progress from before are in that "
              "file, for staff to rescue.", path, why, moved)
    try:
        create(path)
        return connect(path, busy_timeout), moved
    except (sqlite3.Error, BadDatabase, OSError) as error:
        fault = classify(error, path)
        raise StoreOpenError(f"a fresh database at {path} cannot be opened either "
                             f"({error}); check the disk and the folder's permissions",
                             fault) from error


def create(path: Path) -> None:
    """The folder (0700) and an empty database file (0600) if they do not exist yet;
    as root, a new file goes to the folder's owner (``sudo kiosk staff-pin`` must not
    leave a file the kiosk's own user cannot write). An existing file readable by others
    is narrowed to 0600."""
    old = os.umask(0o077)
    try:
        try:
            path.parent.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, FILE_MODE)
        except FileExistsError:
            _narrow(path)
            return
        except OSError as error:
            fault = classify(error, path)
            raise StoreOpenError(fault.line() if fault else
                                 f"cannot create the database {path} ({error})",
                                 fault) from error
        os.close(descriptor)
        folder = path.parent.stat()
        if os.geteuid() == 0 and folder.st_uid != 0:
            os.chown(path, folder.st_uid, folder.st_gid)
    finally:
        os.umask(old)


def _narrow(path: Path) -> None:
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            info = file.stat()
            if info.st_mode & 0o077 and info.st_uid == os.geteuid() and file.is_file():
                file.chmod(FILE_MODE)
        except OSError:
            pass  # gone meanwhile, or not ours to change: SQLite will say if it matters


def move_aside(path: Path) -> Path:
    """Rename ``path`` (and its ``-wal``/``-shm``) to ``<path>.corrupt-<timestamp>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    try:
        os.replace(path, target)
        for suffix in ("-wal", "-shm"):
            side = Path(f"{path}{suffix}")
            if side.exists():
                os.replace(side, Path(f"{target}{suffix}"))
    except OSError as error:
        raise StoreOpenError(f"the database {path} is damaged and could not be moved "
                             f"aside ({error}); move or delete it by hand") from error
    return target


def _keep(wal: Path) -> Path | None:
    """A hard link to the WAL as it was before opening (cheap: no copy)."""
    if not wal.exists():
        return None
    link = wal.with_name(wal.name + ".before-open")
    try:
        _drop(link)
        os.link(wal, link)
    except OSError:
        return None
    return link


def _drop(link: Path | None) -> None:
    if link is not None:
        link.unlink(missing_ok=True)
