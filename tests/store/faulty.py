"""A real SQLite connection that fails on purpose: the Nth write transaction, and every
write after it until :meth:`Faulty.heal`.

The faults are SQLite's own where SQLite can be made to produce them:

- ``busy``: a second connection to the same file takes the write lock just before the
  failing write, so SQLite's ``BEGIN IMMEDIATE`` really times out (``SQLITE_BUSY``);
- ``read-only``: ``PRAGMA query_only`` on the kiosk's connection, so SQLite really
  refuses the write (``SQLITE_READONLY``);
- ``full``: the transaction runs, then its ``COMMIT`` is rolled back and the error a
  full disk gives is raised — ``SQLITE_FULL``, made by a real SQLite whose
  ``max_page_count`` is reached (a WAL commit on a full disk fails at ``COMMIT``, as
  measured on a full tmpfs);
- ``disk error``: the first statement raises ``SQLITE_IOERR_WRITE``, built by hand
  (SQLite gives no way to cause one without a failing device).

The counter counts ``BEGIN IMMEDIATE``: one per write transaction, retries included.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

KINDS = ("full", "busy", "read-only", "disk error")


def disk_full_error() -> sqlite3.OperationalError:
    """The exception SQLite raises when the disk is full, raised by SQLite itself."""
    scratch = sqlite3.connect(":memory:", isolation_level=None)
    try:
        scratch.execute("CREATE TABLE t (a)")
        scratch.execute("PRAGMA max_page_count = 2")
        scratch.execute("INSERT INTO t VALUES (zeroblob(100000))")
    except sqlite3.OperationalError as error:
        assert error.sqlite_errorcode == sqlite3.SQLITE_FULL
        return error
    finally:
        scratch.close()
    raise AssertionError("SQLite did not run out of pages")


def disk_io_error() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = sqlite3.SQLITE_IOERR_WRITE
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"
    return error


class Faulty:
    """Stands in for ``Database._connection``; ``fail_at`` 0 never fails."""

    def __init__(self, real: sqlite3.Connection, path: Path, kind: str = "full",
                 fail_at: int = 0) -> None:
        assert kind in KINDS
        self.real, self.path, self.kind, self.fail_at = real, path, kind, fail_at
        self.writes = 0
        self.failures = 0
        self.healed = False
        self.heal_after_first = False
        self._failing = False
        self._blocker: sqlite3.Connection | None = None

    @property
    def in_transaction(self) -> bool:
        return self.real.in_transaction

    def close(self) -> None:
        self.heal()
        self.real.close()

    def heal(self) -> None:
        """The disk has room again, the lock is free, the file writable."""
        self.healed = True
        if self._blocker is not None:
            self._blocker.execute("ROLLBACK")
            self._blocker.close()
            self._blocker = None
        self.real.execute("PRAGMA query_only = OFF")

    def execute(self, sql: str, parameters=()):
        if sql == "BEGIN IMMEDIATE":
            self.writes += 1
            self._failing = (not self.healed and self.fail_at
                             and self.writes >= self.fail_at)
            if self._failing:
                self._break()
            try:
                return self.real.execute(sql, parameters)
            except sqlite3.Error:
                self._failed()
                raise
        if self._failing and self.kind == "disk error" and self.real.in_transaction:
            self._failed()
            raise disk_io_error()
        if self._failing and self.kind == "full" and sql == "COMMIT":
            self.real.execute("ROLLBACK")
            self._failed()
            raise disk_full_error()
        try:
            return self.real.execute(sql, parameters)
        except sqlite3.Error:
            if self._failing:
                self._failed()
            raise

    def _break(self) -> None:
        if self.kind == "busy" and self._blocker is None:
            self._blocker = sqlite3.connect(self.path, isolation_level=None)
            self._blocker.execute("BEGIN IMMEDIATE")
        elif self.kind == "read-only":
            self.real.execute("PRAGMA query_only = ON")

    def _failed(self) -> None:
        self.failures += 1
        self._failing = False
        if self.heal_after_first:  # the space is freed at once
            self.heal()
