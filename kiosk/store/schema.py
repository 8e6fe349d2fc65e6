"""The database's tables, as a list of migration steps applied in order.

The file's schema version is ``PRAGMA user_version``: 0 for a new file, N after the
first N steps. Opening a file applies the steps it lacks, all inside one transaction
together with the new version number, so a power cut mid-upgrade leaves the old
version intact and the next start simply upgrades again.

Never edit a step that has shipped: a table already on version N would not see the
change. Add a new step at the end instead (and a test that upgrades the old file).
A file from a newer kiosk (version above :data:`LATEST`) is refused, not touched:
this code does not know what those tables mean.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.store.faults import classify


class StoreOpenError(RuntimeError):
    """The database cannot be used; the message says what to do. ``fault`` (a
    :class:`~kiosk.store.faults.StoreFault`) says why, when it is the file or the disk
    (busy, read-only, full, a disk error) rather than the file's contents."""

    def __init__(self, message: str, fault: Any = None) -> None:
        super().__init__(message)
        self.fault = fault


class SchemaTooNew(StoreOpenError):
    """The file was written by a newer kiosk than this one."""


@dataclass(frozen=True)
class Migration:
    version: int
    why: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "settings, campaign progress, scores, history and routine journals", (
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE finished (game TEXT NOT NULL, routine_id TEXT NOT NULL, "
        " PRIMARY KEY (game, routine_id))",
        "CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, "
        " routine_id TEXT NOT NULL, players INTEGER NOT NULL, score INTEGER NOT NULL, "
        " total_seconds REAL NOT NULL, abandoned INTEGER NOT NULL, "
        " breakdown TEXT NOT NULL, recorded_at REAL NOT NULL)",
        "CREATE INDEX results_by_game ON results (game, id)",
        "CREATE TABLE top_scores (game TEXT NOT NULL, routine_id TEXT NOT NULL, "
        " players INTEGER NOT NULL, score INTEGER NOT NULL, "
        " PRIMARY KEY (game, routine_id, players))",
        "CREATE TABLE journals (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, "
        " setup TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0, opened_at REAL NOT NULL)",
        "CREATE INDEX journals_open ON journals (closed, id)",
        "CREATE TABLE journal_entries (journal_id INTEGER NOT NULL "
        " REFERENCES journals (id) ON DELETE CASCADE, seq INTEGER NOT NULL, "
        " action TEXT NOT NULL, now REAL NOT NULL, args TEXT NOT NULL, "
        " PRIMARY KEY (journal_id, seq))",
    )),
    Migration(2, "the tag map: which RFID tag is stuck to which card, and since when", (
        "CREATE TABLE tags (uid BLOB PRIMARY KEY, card TEXT NOT NULL, "
        " enrolled_at INTEGER NOT NULL)",
        "CREATE INDEX tags_by_card ON tags (card, uid)",
    )),
    Migration(3, "game-neutral names: progress and results say what was played, not which "
                 "routine", (
        "ALTER TABLE finished RENAME TO progress",
        "ALTER TABLE progress RENAME COLUMN routine_id TO played",
        "ALTER TABLE results RENAME COLUMN routine_id TO played",
        "ALTER TABLE results RENAME COLUMN total_seconds TO seconds",
        "ALTER TABLE results RENAME COLUMN breakdown TO details",
        "ALTER TABLE top_scores RENAME COLUMN routine_id TO played",
    )),
    Migration(4, "groups: a team's campaign (achievements, streak, history) kept across "
                 "visits, per game; seq orders them, the one saved last first", (
        "CREATE TABLE game_groups (game TEXT NOT NULL, name TEXT NOT NULL, "
        " data TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (game, name))",
        "CREATE INDEX game_groups_recent ON game_groups (game, seq)",
    )),
    Migration(5, "top scores per scale: a result's details may name its scoring "
                 "(details.scoring; Sync or Swim's points), and a score on one scale never "
                 "beats one on another; rebuilt from the history, and an old top score "
                 "with no history left stays on the unnamed scale", (
        "CREATE TABLE top_scores_by_scale (game TEXT NOT NULL, played TEXT NOT NULL, "
        " players INTEGER NOT NULL, scoring TEXT NOT NULL, score INTEGER NOT NULL, "
        " PRIMARY KEY (game, played, players, scoring))",
        "INSERT INTO top_scores_by_scale (game, played, players, scoring, score) "
        " SELECT game, played, players, "
        " CASE WHEN json_valid(details) AND json_type(details) = 'object' "
        "  THEN COALESCE(CAST(json_extract(details, '$.scoring') AS TEXT), '') ELSE '' END, "
        " MAX(score) FROM results WHERE abandoned = 0 GROUP BY 1, 2, 3, 4",
        "INSERT OR IGNORE INTO top_scores_by_scale (game, played, players, scoring, score) "
        " SELECT game, played, players, '', score FROM top_scores AS t WHERE NOT EXISTS "
        " (SELECT 1 FROM results AS r WHERE r.game = t.game AND r.played = t.played "
        "  AND r.players = t.players AND r.abandoned = 0)",
        "DROP TABLE top_scores",
        "ALTER TABLE top_scores_by_scale RENAME TO top_scores",
    )),
)

LATEST = MIGRATIONS[-1].version


def version_of(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection, path: str,
            migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """Bring the file up to the last step; return the version it had before.

    The connection must be in autocommit mode (``isolation_level=None``): the steps
    run between an explicit ``BEGIN IMMEDIATE`` and ``COMMIT``. A file already at the
    last step is only read, so it opens while another program holds the write lock
    (the kiosk then keeps its writes until the lock is free) and on a read-only disk.
    """
    latest = migrations[-1].version
    try:
        if _checked(connection, path, latest) == latest:
            return latest
        connection.execute("BEGIN IMMEDIATE")  # waits up to the busy timeout for a lock
        before = _checked(connection, path, latest)
        for step in migrations:
            if step.version > before:
                for statement in step.statements:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {int(step.version)}")
        connection.execute("COMMIT")
    except BaseException as error:
        if connection.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # a disk error may refuse it too
                connection.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            fault = classify(error, Path(path))
            if fault is not None:
                raise StoreOpenError(fault.line(), fault) from error
            raise StoreOpenError(
                f"could not upgrade {path} to schema version {latest} ({error}); the "
                "file was left as it was") from error
        raise
    return before


def _checked(connection: sqlite3.Connection, path: str, latest: int) -> int:
    version = version_of(connection)
    if version > latest:
        raise SchemaTooNew(
            f"{path} was written by a newer kiosk (schema version {version}; this one "
            f"knows up to {latest}). Update the kiosk software, or set KIOSK_DB to "
            "another file; the database was left untouched.")
    return version
