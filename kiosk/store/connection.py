"""Opening the database file the way a kiosk that loses power needs it.

WAL with ``synchronous=FULL`` keeps every committed transaction across a power cut
(NORMAL may lose the last ones); foreign keys are on; a busy timeout waits for a
second process (``kiosk check``, a backup) instead of failing at once.

A file that is not a database, is damaged, or cannot be opened although it exists is
moved aside as ``<name>.corrupt-<timestamp>`` (with its ``-wal``) and a fresh one is
started, with a clear message in the log: the table keeps working and the old scores
stay on disk for someone to rescue. A locked file or a disk error is *not* moved
aside — those are raised, because the file itself may be fine.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from pathlib import Path

from kiosk.store.schema import StoreOpenError

log = logging.getLogger(__name__)

BUSY_TIMEOUT_S = 5.0
_BAD_FILE = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


class BadDatabase(Exception):
    """The file is damaged or not a database at all."""


def connect(path: Path) -> sqlite3.Connection:
    """A checked connection with the kiosk's settings; raises :class:`BadDatabase`."""
    connection = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                 check_same_thread=False)
    try:
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
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
        if getattr(error, "sqlite_errorcode", None) in _BAD_FILE:
            raise BadDatabase(str(error)) from error
        raise
    except BaseException:
        connection.close()
        raise
    return connection


def open_or_replace(path: Path) -> tuple[sqlite3.Connection, Path | None]:
    """Connect; if the file is damaged or unreadable, move it aside and start fresh.

    Returns the connection and where the bad file went (None if nothing was moved).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreOpenError(f"cannot create the folder for the database {path} ({error}); "
                             "set KIOSK_DB to a writable place") from error
    wal = Path(f"{path}-wal")
    kept_wal = _keep(wal)  # SQLite deletes a WAL it cannot use; staff may need it
    try:
        connection = connect(path)
    except BadDatabase as error:
        why = str(error)
    except sqlite3.OperationalError as error:
        unreadable = (getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_CANTOPEN
                      and path.exists())
        if not unreadable:
            _drop(kept_wal)
            raise StoreOpenError(f"cannot open the database {path} ({error})") from error
        why = f"cannot be opened: {error}"
    else:
        _drop(kept_wal)
        return connection, None
    if kept_wal is not None and not wal.exists():
        os.replace(kept_wal, wal)
    else:
        _drop(kept_wal)
    moved = move_aside(path)
    log.error("The kiosk database %s was unusable (%s). It was moved to %s and a fresh "
              "database was started: scores and campaign progress from before are in that "
              "file, for staff to rescue.", path, why, moved)
    try:
        return connect(path), moved
    except (sqlite3.Error, BadDatabase) as error:
        raise StoreOpenError(f"a fresh database at {path} cannot be opened either "
                             f"({error}); check the disk and the folder's permissions") from error


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
