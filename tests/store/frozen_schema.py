"""Version 1 of the store's schema exactly as it shipped, frozen here for the migration
tests: editing ``MIGRATIONS[0]`` must fail them."""

V1_TABLES = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE finished (game TEXT NOT NULL, routine_id TEXT NOT NULL,
  PRIMARY KEY (game, routine_id));
CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
  routine_id TEXT NOT NULL, players INTEGER NOT NULL, score INTEGER NOT NULL,
  total_seconds REAL NOT NULL, abandoned INTEGER NOT NULL, breakdown TEXT NOT NULL,
  recorded_at REAL NOT NULL);
CREATE INDEX results_by_game ON results (game, id);
CREATE TABLE top_scores (game TEXT NOT NULL, routine_id TEXT NOT NULL,
  players INTEGER NOT NULL, score INTEGER NOT NULL, PRIMARY KEY (game, routine_id, players));
CREATE TABLE journals (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
  setup TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0, opened_at REAL NOT NULL);
CREATE INDEX journals_open ON journals (closed, id);
CREATE TABLE journal_entries (journal_id INTEGER NOT NULL
  REFERENCES journals (id) ON DELETE CASCADE, seq INTEGER NOT NULL,
  action TEXT NOT NULL, now REAL NOT NULL, args TEXT NOT NULL,
  PRIMARY KEY (journal_id, seq));
"""

# Version 3 exactly as it shipped (steps 1-3: the tag map, then game-neutral names), as
# SQLite keeps it; the groups test (step 4) upgrades a file made from it.
V3_TABLES = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE "progress" (game TEXT NOT NULL, played TEXT NOT NULL, PRIMARY KEY (game, played));
CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
  played TEXT NOT NULL, players INTEGER NOT NULL, score INTEGER NOT NULL,
  seconds REAL NOT NULL, abandoned INTEGER NOT NULL, details TEXT NOT NULL,
  recorded_at REAL NOT NULL);
CREATE INDEX results_by_game ON results (game, id);
CREATE TABLE top_scores (game TEXT NOT NULL, played TEXT NOT NULL,
  players INTEGER NOT NULL, score INTEGER NOT NULL, PRIMARY KEY (game, played, players));
CREATE TABLE journals (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
  setup TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0, opened_at REAL NOT NULL);
CREATE INDEX journals_open ON journals (closed, id);
CREATE TABLE journal_entries (journal_id INTEGER NOT NULL
  REFERENCES journals (id) ON DELETE CASCADE, seq INTEGER NOT NULL,
  action TEXT NOT NULL, now REAL NOT NULL, args TEXT NOT NULL,
  PRIMARY KEY (journal_id, seq));
CREATE TABLE tags (uid BLOB PRIMARY KEY, card TEXT NOT NULL, enrolled_at INTEGER NOT NULL);
CREATE INDEX tags_by_card ON tags (card, uid);
"""

# Version 4 exactly as it shipped (steps 1-4: version 3 plus groups); the top-scores-per-
# scale test (step 5) upgrades a file made from it.
V4_TABLES = V3_TABLES + """
CREATE TABLE game_groups (game TEXT NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL,
  seq INTEGER NOT NULL, PRIMARY KEY (game, name));
CREATE INDEX game_groups_recent ON game_groups (game, seq);
"""


def assert_steps_make(folder, steps: int, frozen: str, tables) -> None:
    """The first ``steps`` migration steps create exactly the ``frozen`` schema: the same
    tables and indexes, and the same columns in each of ``tables``."""
    import sqlite3

    from kiosk.store.schema import MIGRATIONS

    fresh = sqlite3.connect(folder / "fresh.sqlite3")
    kept = sqlite3.connect(folder / "frozen.sqlite3")
    try:
        for step in MIGRATIONS[:steps]:
            for statement in step.statements:
                fresh.execute(statement)
        kept.executescript(frozen)
        names = "SELECT type, name FROM sqlite_master ORDER BY name"
        assert fresh.execute(names).fetchall() == kept.execute(names).fetchall()
        for table in tables:
            info = f"PRAGMA table_info({table})"
            assert fresh.execute(info).fetchall() == kept.execute(info).fetchall(), table
    finally:
        fresh.close()
        kept.close()


def write_db(path, script: str) -> None:
    """A database file made by ``script`` (a frozen schema and its rows), as an older
    kiosk left it."""
    import sqlite3

    connection = sqlite3.connect(path)
    try:
        connection.executescript(script)
    finally:
        connection.close()
