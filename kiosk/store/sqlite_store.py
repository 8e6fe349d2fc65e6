"""The :class:`~kiosk.store.protocol.Store` on SQLite: what the table keeps survives power cuts.

Behaves exactly like :class:`~kiosk.store.protocol.MemoryStore` (one shared test suite
runs against both). Values are stored as JSON, so what comes back is JSON-shaped:
tuples inside ``setup`` or ``details`` return as lists; journal ``args`` return as
a tuple. Each call is one transaction, committed before it returns.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> with SQLiteStore(pathlib.Path(folder) / "kiosk.sqlite3") as store:
...     journal = store.open_journal("a_game", {"level": 2})
...     store.append_journal(journal, "begin", 0.0)
...     [tuple(e) for e in store.open_journals()[0].entries]
[('begin', 0.0, ())]
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kiosk.store.database import Database
from kiosk.store.protocol import GameResult, Group, Journal, JournalEntry, StoreError, stamped
from kiosk.store.schema import MIGRATIONS, Migration
from kiosk.store.tags import StoredTags

log = logging.getLogger(__name__)


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _details(text: str) -> dict[str, Any]:
    """A result's details; a row edited by hand into something that is not a JSON
    object reads as none (logged), so one bad row never hides the whole history."""
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        log.warning("a stored result's details are not a JSON object; read as none: %.60r",
                    text)
        return {}
    return value


class SQLiteStore:
    """The kiosk's store in one SQLite file (see :class:`~kiosk.store.database.Database`
    for the path, and what happens to a damaged file). ``tags`` is the tag map;
    ``wall_clock`` stamps results (wall-clock seconds)."""

    def __init__(self, path: str | Path | None = None,
                 migrations: tuple[Migration, ...] = MIGRATIONS, *,
                 busy_timeout: float | None = None,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.wall_clock = wall_clock
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

    def progress(self, game: str) -> frozenset[str]:
        with self.db.read() as sql:
            rows = sql.execute("SELECT played FROM progress WHERE game = ?", (game,))
            return frozenset(row[0] for row in rows)

    def add_progress(self, game: str, played: str) -> None:
        with self.db.write() as sql:
            sql.execute("INSERT OR IGNORE INTO progress (game, played) VALUES (?, ?)",
                        (game, played))

    def top_score(self, game: str, played: str, players: int | None = None,
                  scoring: str = "") -> int | None:
        with self.db.read() as sql:
            row = sql.execute(
                "SELECT MAX(score) FROM top_scores WHERE game = ? AND played = ? "
                "AND (? IS NULL OR players = ?) AND scoring = ?",
                (game, played, players, players, scoring)).fetchone()
        return None if row[0] is None else int(row[0])

    def add_result(self, game: str, result: GameResult) -> None:
        result = stamped(result, self.wall_clock)
        with self.db.write() as sql:
            sql.execute(
                "INSERT INTO results (game, played, players, score, seconds, "
                "abandoned, details, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, result.played, int(result.players), int(result.score),
                 float(result.seconds), int(bool(result.abandoned)),
                 _dump(dict(result.details)), result.at))
            if not result.abandoned:
                sql.execute(
                    "INSERT INTO top_scores (game, played, players, scoring, score) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, played, players, scoring) "
                    "DO UPDATE SET score = excluded.score WHERE excluded.score > top_scores.score",
                    (game, result.played, int(result.players), result.scoring,
                     int(result.score)))

    def results(self, game: str) -> tuple[GameResult, ...]:
        with self.db.read() as sql:
            rows = sql.execute(
                "SELECT played, players, score, seconds, abandoned, details, recorded_at "
                "FROM results WHERE game = ? ORDER BY id", (game,)).fetchall()
        return tuple(GameResult(p, n, s, t, bool(a), _details(d), at)
                     for p, n, s, t, a, d, at in rows)

    def reset_scores(self, game: str) -> None:
        with self.db.write() as sql:
            sql.execute("DELETE FROM results WHERE game = ?", (game,))
            sql.execute("DELETE FROM top_scores WHERE game = ?", (game,))

    # ------------------------------------------------------------------ groups

    def groups(self, game: str) -> tuple[Group, ...]:
        with self.db.read() as sql:
            rows = sql.execute("SELECT name, data FROM game_groups WHERE game = ? "
                               "ORDER BY seq DESC", (game,)).fetchall()
        return tuple(Group(name, json.loads(data)) for name, data in rows)

    def save_group(self, game: str, group: Group) -> None:
        with self.db.write() as sql:
            sql.execute(
                "INSERT INTO game_groups (game, name, data, seq) VALUES (?, ?, ?, "
                "(SELECT COALESCE(MAX(seq), 0) + 1 FROM game_groups)) "
                "ON CONFLICT (game, name) DO UPDATE SET data = excluded.data, "
                "seq = excluded.seq", (game, group.name, _dump(dict(group.data))))

    def rename_group(self, game: str, old: str, new: str) -> None:
        with self.db.write() as sql:
            found = {row[0] for row in sql.execute(
                "SELECT name FROM game_groups WHERE game = ? AND name IN (?, ?)",
                (game, old, new))}
            if old not in found:
                raise StoreError(f"there is no group {old!r}")
            if new != old and new in found:
                raise StoreError(f"there is a group {new!r} already: choose another name")
            sql.execute("UPDATE game_groups SET name = ? WHERE game = ? AND name = ?",
                        (new, game, old))

    def delete_group(self, game: str, name: str) -> None:
        with self.db.write() as sql:
            cursor = sql.execute("DELETE FROM game_groups WHERE game = ? AND name = ?",
                                 (game, name))
            if cursor.rowcount == 0:
                raise StoreError(f"there is no group {name!r}")

    # ------------------------------------------------------------------ journal

    def open_journal(self, game: str, setup: Mapping[str, Any]) -> int:
        with self.db.write() as sql:
            cursor = sql.execute("INSERT INTO journals (game, setup, opened_at) "
                                 "VALUES (?, ?, ?)",
                                 (game, _dump(dict(setup)), self.wall_clock()))
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
