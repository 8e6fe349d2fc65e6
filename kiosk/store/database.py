"""One open database file: the connection, its lock, and a transaction for every write.

:class:`Database` is what :class:`~kiosk.store.sqlite_store.SQLiteStore` and the tag
map share. Every write runs inside ``with db.write() as sql:`` — ``BEGIN IMMEDIATE``
… ``COMMIT``, rolled back on any error — so a write is whole or absent after a
power cut. The lock makes :meth:`Database.close` safe from another thread (at exit,
from a signal handler): it waits for a write in progress, and calls after it raise
a :class:`~kiosk.store.protocol.StoreError` instead of touching a closed handle.

A write that fails on a full disk or a disk error is rolled back; if even the
rollback fails, the next write rolls back first, so one bad moment never leaves the
connection stuck inside a transaction.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kiosk.paths import database_path
from kiosk.store.connection import open_or_replace
from kiosk.store.protocol import StoreError
from kiosk.store.schema import MIGRATIONS, Migration, migrate


class Database:
    """Open (creating, upgrading, or replacing a damaged file) the kiosk database.

    ``path`` None: :func:`kiosk.paths.database_path` (``$KIOSK_DB`` or the per-user
    data directory). ``moved_aside`` is where a damaged file went, or None.
    """

    def __init__(self, path: str | Path | None = None,
                 migrations: tuple[Migration, ...] = MIGRATIONS, *,
                 busy_timeout: float | None = None) -> None:
        self.path = database_path(path)
        self._lock = threading.RLock()
        connection, self.moved_aside = open_or_replace(self.path, busy_timeout)
        try:
            self.upgraded_from = migrate(connection, str(self.path), migrations)
        except BaseException:
            connection.close()
            raise
        self._connection: sqlite3.Connection | None = connection

    @property
    def closed(self) -> bool:
        return self._connection is None

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A transaction: committed when the block ends, rolled back if it raises."""
        with self._lock:
            connection = self._open()
            if connection.in_transaction:  # a rollback the disk refused last time
                connection.execute("ROLLBACK")
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                if connection.in_transaction:
                    with contextlib.suppress(sqlite3.Error):  # the first error matters
                        connection.execute("ROLLBACK")
                raise
            try:
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        connection.execute("ROLLBACK")
                raise

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """Several reads that see one snapshot of the file."""
        with self._lock:
            connection = self._open()
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                if connection.in_transaction:
                    connection.execute("COMMIT")

    def set_busy_timeout(self, seconds: float) -> None:
        """How long a write waits for another program's lock before it fails as busy."""
        with self._lock:
            self._open().execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: it changes when another connection (another
        process: ``kiosk tags import``, ``kiosk staff-pin``) commits to the file, and
        not for this connection's own writes. A few microseconds."""
        with self._lock:
            return int(self._open().execute("PRAGMA data_version").fetchone()[0])

    def close(self) -> None:
        """Close the file; safe to call twice and from any thread."""
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            raise StoreError(f"the database {self.path} is closed")
        return self._connection
