"""Step 3 renames the store's routine words to game-neutral ones (``finished`` →
``progress``, ``routine_id`` → ``played``, ``total_seconds`` → ``seconds``,
``breakdown`` → ``details``). A file written by the kiosk before it (version 2) opens,
is upgraded in place, and keeps every setting, score, history row, progress row,
journal, journal entry and tag. (Settings keep their keys: the store names no game; Sync
or Swim reads its old unprefixed ``unlock_all`` itself, see tests/table.)"""

from __future__ import annotations

import sqlite3

from frozen_schema import V1_TABLES, assert_steps_make, write_db

from kiosk.store import SQLiteStore
from kiosk.store.protocol import GameResult
from kiosk.store.write_behind import WriteBehindStore

# Version 2 exactly as it shipped: steps 1 and 2, frozen here (see test_migrations.py).
V2_SCHEMA = V1_TABLES + """
CREATE TABLE tags (uid BLOB PRIMARY KEY, card TEXT NOT NULL, enrolled_at INTEGER NOT NULL);
CREATE INDEX tags_by_card ON tags (card, uid);
"""

V2_DATA = """
INSERT INTO settings VALUES ('volume', '0.4'), ('unlock_all', 'true'),
  ('staff_pin_hash', '"pbkdf2$x"'), ('synchro.think_seconds', '1.5');
INSERT INTO finished VALUES ('sync_or_swim', 'R01'), ('sync_or_swim', 'R02'),
  ('synchro', 'kiosk-1');
INSERT INTO results (game, routine_id, players, score, total_seconds, abandoned, breakdown,
  recorded_at) VALUES
  ('sync_or_swim', 'R01', 3, 81, 190.5, 0, '{"par":180}', 1.0),
  ('sync_or_swim', 'R01', 4, 0, 33.0, 1, '{"par":180}', 2.0),
  ('sync_or_swim', 'R02', 3, 64, 250.25, 0, '{"rounds":[1,2]}', 3.0),
  ('synchro', 'kiosk-1', 2, 1, 600.0, 0, '{"winner":"white","human":"white"}', 4.0);
INSERT INTO top_scores VALUES ('sync_or_swim', 'R01', 3, 81), ('sync_or_swim', 'R02', 3, 64),
  ('synchro', 'kiosk-1', 2, 1);
INSERT INTO journals (game, setup, closed, opened_at) VALUES
  ('sync_or_swim', '{"routine_id":"R01","players":3}', 1, 0),
  ('sync_or_swim', '{"routine_id":"R03","players":3,"seats":[1,2,3],"captain":1}', 0, 5),
  ('synchro', '{"mode":"hotseat"}', 0, 6);
INSERT INTO journal_entries VALUES (1, 0, 'begin', 1.0, '[]'), (1, 1, 'swim', 2.0, '[]'),
  (2, 0, 'begin', 5.0, '[]'), (2, 1, 'swim', 9.5, '[]'), (3, 0, 'move', 1.0, '["a1-a2"]');
INSERT INTO tags VALUES (x'04a1b2c3', 'blue-7-RH', 1700000000);
PRAGMA user_version = 2;
"""


def make_v2(path) -> None:
    write_db(path, V2_SCHEMA + V2_DATA)


def rows(path, sql):
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_the_frozen_v2_is_what_steps_one_and_two_create(tmp_path):
    assert_steps_make(tmp_path, 2, V2_SCHEMA, ("settings", "finished", "results", "top_scores",
                                               "journals", "journal_entries", "tags"))


def test_a_v2_file_keeps_every_row_under_the_new_names(db_path):
    make_v2(db_path)
    entries_before = rows(db_path, "SELECT * FROM journal_entries ORDER BY journal_id, seq")
    with SQLiteStore(db_path) as store:
        assert store.db.upgraded_from == 2
        assert store.setting("volume") == 0.4 and store.setting("unlock_all") is True
        assert store.setting("staff_pin_hash") == "pbkdf2$x"
        assert store.setting("synchro.think_seconds") == 1.5
        assert store.progress("sync_or_swim") == {"R01", "R02"}
        assert store.progress("synchro") == {"kiosk-1"}
        assert store.results("sync_or_swim") == (
            GameResult("R01", 3, 81, 190.5, False, {"par": 180}),
            GameResult("R01", 4, 0, 33.0, True, {"par": 180}),
            GameResult("R02", 3, 64, 250.25, False, {"rounds": [1, 2]}),
        )
        assert store.results("synchro")[0].details["winner"] == "white"
        assert [store.top_score("sync_or_swim", p, 3) for p in ("R01", "R02")] == [81, 64]
        assert store.top_score("synchro", "kiosk-1") == 1
        opened = store.open_journals()
        assert [(j.game, j.setup.get("routine_id")) for j in opened] == [
            ("sync_or_swim", "R03"), ("synchro", None)]
        assert [tuple(e) for e in opened[0].entries] == [("begin", 5.0, ()), ("swim", 9.5, ())]
        assert opened[1].entries[0].args == ("a1-a2",)
        assert store.journal(1).closed and len(store.journal(1).entries) == 2
        assert store.tags.lookup("04a1b2c3").card == "blue-7-RH"
        store.add_result("sync_or_swim", GameResult("R01", 3, 90, 170.0))  # the new names work
        store.add_progress("sync_or_swim", "R03")
        assert store.top_score("sync_or_swim", "R01", 3) == 90
    assert rows(db_path, "SELECT * FROM journal_entries ORDER BY journal_id, seq") == (
        entries_before)
    assert rows(db_path, "SELECT COUNT(*) FROM results") == [(5,)]
    assert rows(db_path, "SELECT name FROM sqlite_master WHERE name = 'finished'") == []


def test_the_table_store_upgrades_a_v2_file_too(db_path):
    make_v2(db_path)
    with WriteBehindStore.open(db_path) as store:
        assert store.problems == ()
        assert store.progress("sync_or_swim") == {"R01", "R02"}
        assert store.top_score("sync_or_swim", "R01") == 81
        assert store.setting("unlock_all") is True
