"""The :class:`~kiosk.store.protocol.Store` on SQLite: what the table keeps survives power cuts.

Behaves exactly like :class:`~kiosk.store.protocol.MemoryStore` (one shared test suite
runs against both). Values are stored as JSON, so what comes back is JSON-shaped:
tuples inside ``setup`` or ``breakdown`` return as lists; journal ``args`` return as
a tuple. Each call is one transaction, committed before it returns.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> with SQLiteStore(pathlib.Path(folder) / "kiosk.sqlite3") as store:
...     journal = store.open_journal("a_game", {"routine_id": "R01"})
...     store.append_journal(journal, "begin", 0.0)
...     [tuple(e) for e in store.open_journals()[0].entries]
[('begin', 0.0, ())]
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kiosk.store.database import Database
from kiosk.store.protocol import Journal, JournalEntry, RoutineResult, StoreError
from kiosk.store.schema import MIGRATIONS, Migration
from kiosk.store.tags import StoredTags


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class SQLiteStore:
    """The kiosk's store in one SQLite file (see :class:`~kiosk.store.database.Database`
    for the path, and what happens to a damaged file). ``tags`` is the tag map."""

    def __init__(self, path: str | Path | None = None,
                 migrations: tuple[Migration, ...] = MIGRATIONS, *,
                 busy_timeout: float | None = None) -> None:
        self.db = Database(path, migrations, busy_timeout=busy_timeout)
        self.tags = StoredTags(self.db)

    @property
    def path(self) -> Path:
        return self.db.path

    def close(self) -> None:
        """Close the file; safe twice and from any thread. Later calls raise StoreError."""
        self.db.close()

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ settings

    def setting(self, key: str, default: Any = None) -> Any:
        with self.db.read() as sql:
            row = sql.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def set_setting(self, key: str, value: Any) -> None:
        with self.db.write() as sql:
            sql.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) "
                        "DO UPDATE SET value = excluded.value", (key, _dump(value)))

    # ------------------------------------------------------------------ progress, scores

    def finished(self, game: str) -> frozenset[str]:
        with self.db.read() as sql:
            rows = sql.execute("SELECT routine_id FROM finished WHERE game = ?", (game,))
            return frozenset(row[0] for row in rows)

    def mark_finished(self, game: str, routine_id: str) -> None:
        with self.db.write() as sql:
            sql.execute("INSERT OR IGNORE INTO finished (game, routine_id) VALUES (?, ?)",
                        (game, routine_id))

    def top_score(self, game: str, routine_id: str, players: int | None = None) -> int | None:
        with self.db.read() as sql:
            row = sql.execute(
                "SELECT MAX(score) FROM top_scores WHERE game = ? AND routine_id = ? "
                "AND (? IS NULL OR players = ?)", (game, routine_id, players, players)
            ).fetchone()
        return None if row[0] is None else int(row[0])

    def add_result(self, game: str, result: RoutineResult) -> None:
        with self.db.write() as sql:
            sql.execute(
                "INSERT INTO results (game, routine_id, players, score, total_seconds, "
                "abandoned, breakdown, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, result.routine_id, int(result.players), int(result.score),
                 float(result.total_seconds), int(bool(result.abandoned)),
                 _dump(dict(result.breakdown)), time.time()))
            if not result.abandoned:
                sql.execute(
                    "INSERT INTO top_scores (game, routine_id, players, score) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (game, routine_id, players) "
                    "DO UPDATE SET score = excluded.score WHERE excluded.score > top_scores.score",
                    (game, result.routine_id, int(result.players), int(result.score)))

    def results(self, game: str) -> tuple[RoutineResult, ...]:
        with self.db.read() as sql:
            rows = sql.execute(
                "SELECT routine_id, players, score, total_seconds, abandoned, breakdown "
                "FROM results WHERE game = ? ORDER BY id", (game,)).fetchall()
        return tuple(RoutineResult(r, n, s, t, bool(a), json.loads(b))
                     for r, n, s, t, a, b in rows)

    def reset_scores(self, game: str) -> None:
        with self.db.write() as sql:
            sql.execute("DELETE FROM results WHERE game = ?", (game,))
            sql.execute("DELETE FROM top_scores WHERE game = ?", (game,))

    # ------------------------------------------------------------------ journal

    def open_journal(self, game: str, setup: Mapping[str, Any]) -> int:
        with self.db.write() as sql:
            cursor = sql.execute("INSERT INTO journals (game, setup, opened_at) "
                                 "VALUES (?, ?, ?)", (game, _dump(dict(setup)), time.time()))
            return int(cursor.lastrowid or 0)

    def append_journal(self, journal_id: int, action: str, now: float,
                       args: tuple[Any, ...] = ()) -> None:
        with self.db.write() as sql:
            row = sql.execute("SELECT closed FROM journals WHERE id = ?",
                              (journal_id,)).fetchone()
            if row is None:
                raise StoreError(f"no journal {journal_id}")
            if row[0]:
                raise StoreError(f"journal {journal_id} is closed; open a new one")
            sql.execute(
                "INSERT INTO journal_entries (journal_id, seq, action, now, args) "
                "VALUES (?, (SELECT COUNT(*) FROM journal_entries WHERE journal_id = ?), "
                "?, ?, ?)", (journal_id, journal_id, action, float(now), _dump(list(args))))

    def close_journal(self, journal_id: int) -> None:
        with self.db.write() as sql:
            cursor = sql.execute("UPDATE journals SET closed = 1 WHERE id = ?", (journal_id,))
            if cursor.rowcount == 0:
                raise StoreError(f"no journal {journal_id}")

    def open_journals(self) -> tuple[Journal, ...]:
        with self.db.read() as sql:
            ids = [row[0] for row in sql.execute(
                "SELECT id FROM journals WHERE closed = 0 ORDER BY id")]
            return tuple(self._load(sql, journal_id) for journal_id in ids)

    def journal(self, journal_id: int) -> Journal:
        """One journal, open or closed (for tests and the history screen)."""
        with self.db.read() as sql:
            return self._load(sql, journal_id)

    @staticmethod
    def _load(sql: Any, journal_id: int) -> Journal:
        row = sql.execute("SELECT game, setup, closed FROM journals WHERE id = ?",
                          (journal_id,)).fetchone()
        if row is None:
            raise StoreError(f"no journal {journal_id}")
        entries = tuple(
            JournalEntry(action, now, tuple(json.loads(args)))
            for action, now, args in sql.execute(
                "SELECT action, now, args FROM journal_entries WHERE journal_id = ? "
                "ORDER BY seq", (journal_id,)))
        return Journal(journal_id, row[0], json.loads(row[1]), entries, bool(row[2]))
