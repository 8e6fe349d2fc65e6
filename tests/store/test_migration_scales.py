"""Step 5 keeps top scores per scale: Sync or Swim's results before its points scoring
were out of 100, the newer ones name ``details["scoring"] == "points"``, and version 4's
``top_scores`` mixed both (an old 87 out of 100 could sit beside 530 points, or a new
score could lose to nothing comparable). A file written by version 4 opens, its top
scores are rebuilt per scale from the history, and nothing else changes. Every store
(memory, SQLite, write-behind) then keeps the scales apart and stamps each result with
its injected wall clock."""

from __future__ import annotations

import sqlite3

from frozen_schema import V4_TABLES, assert_steps_make, write_db

from kiosk.store import SQLiteStore
from kiosk.store.protocol import GameResult, Group
from kiosk.store.schema import LATEST
from kiosk.store.write_behind import WriteBehindStore

SYNC = "sync_or_swim"
POINTS = '{"scoring":"points","par":240}'

V4_DATA = f"""
INSERT INTO settings VALUES ('volume', '0.4');
INSERT INTO progress VALUES ('{SYNC}', 'R01');
INSERT INTO results (game, played, players, score, seconds, abandoned, details,
  recorded_at) VALUES
  ('{SYNC}', 'R01', 4, 87, 192.0, 0, '{{"par":240}}', 1000.0),
  ('{SYNC}', 'R01', 4, 510, 210.0, 0, '{POINTS}', 2000.0),
  ('{SYNC}', 'R01', 4, 530, 190.0, 0, '{POINTS}', 3000.0),
  ('{SYNC}', 'R01', 4, 900, 20.0, 1, '{POINTS}', 4000.0),
  ('{SYNC}', 'R02', 3, 64, 250.0, 0, 'not json at all', 5000.0),
  ('{SYNC}', 'R02', 3, 70, 240.0, 0, '[1, 2]', 5500.0),
  ('synchro', 'kiosk-1', 2, 1, 600.0, 0, '{{"winner":"white"}}', 6000.0);
INSERT INTO top_scores VALUES ('{SYNC}', 'R01', 4, 530), ('{SYNC}', 'R02', 3, 70),
  ('synchro', 'kiosk-1', 2, 1), ('synchro', 'kiosk-9', 2, 3);
INSERT INTO game_groups VALUES ('sync_association', 'Owls', '{{"streak":1}}', 1);
INSERT INTO tags VALUES (x'04a1b2c3', 'blue-7-RH', 1700000000);
PRAGMA user_version = 4;
"""


def make_v4(path) -> None:
    write_db(path, V4_TABLES + V4_DATA)


def test_the_frozen_v4_is_what_steps_one_to_four_create(tmp_path):
    assert_steps_make(tmp_path, 4, V4_TABLES, ("results", "top_scores", "game_groups"))


def test_a_v4_file_gets_its_top_scores_rebuilt_per_scale(db_path):
    make_v4(db_path)
    with SQLiteStore(db_path) as store:
        assert store.db.upgraded_from == 4
        # the old out-of-100 score no longer sits among the points, and the reverse
        assert store.top_score(SYNC, "R01", 4, "points") == 530
        assert store.top_score(SYNC, "R01", 4) == 87
        assert store.top_score(SYNC, "R01", None, "points") == 530
        # details that are not a JSON object name no scale: the unnamed one
        assert store.top_score(SYNC, "R02", 3) == 70
        assert store.top_score(SYNC, "R02", 3, "points") is None
        assert store.top_score("synchro", "kiosk-1", 2) == 1
        assert store.top_score("synchro", "kiosk-9", 2) == 3  # a top with no history left
        history = store.results(SYNC)
        assert [(r.score, r.scoring, r.at) for r in history[:3]] == [
            (87, "", 1000.0), (510, "points", 2000.0), (530, "points", 3000.0)]
        assert len(history) == 6 and history[3].abandoned
        assert history[4].details == {} and history[5].details == {}  # read as none
        assert store.setting("volume") == 0.4 and store.progress(SYNC) == {"R01"}
        assert store.groups("sync_association") == (Group("Owls", {"streak": 1}),)
        assert store.tags.lookup(bytes.fromhex("04a1b2c3")).card == "blue-7-RH"
        store.add_result(SYNC, GameResult("R01", 4, 99, 150.0))  # out of 100: its own top
        assert store.top_score(SYNC, "R01", 4) == 99
        assert store.top_score(SYNC, "R01", 4, "points") == 530
    with sqlite3.connect(db_path) as reader:
        assert reader.execute("PRAGMA user_version").fetchone() == (LATEST,)
        assert reader.execute("SELECT COUNT(*) FROM top_scores").fetchone() == (5,)


def test_the_table_store_upgrades_a_v4_file_too(db_path):
    make_v4(db_path)
    with WriteBehindStore.open(db_path) as store:
        assert store.problems == ()
        assert store.top_score(SYNC, "R01", 4, "points") == 530


def test_every_store_keeps_the_scales_apart(store):
    store.add_result(SYNC, GameResult("R01", 4, 95, 180.0))
    store.add_result(SYNC, GameResult("R01", 4, 500, 200.0, details={"scoring": "points"}))
    store.add_result(SYNC, GameResult("R01", 4, 400, 300.0, details={"scoring": "points"}))
    assert store.top_score(SYNC, "R01", 4) == 95
    assert store.top_score(SYNC, "R01", 4, "points") == 500
    assert store.top_score(SYNC, "R01", 4, "stars") is None


def test_every_store_stamps_results_with_its_wall_clock(store):
    now = [1_750_000_000.0]
    store.wall_clock = lambda: now[0]
    store.add_result(SYNC, GameResult("R01", 4, 500, 200.0))
    now[0] += 86_400
    store.add_result(SYNC, GameResult("R01", 4, 510, 190.0))
    store.add_result(SYNC, GameResult("R01", 4, 520, 180.0, at=12.5))  # its own time stays
    assert [r.at for r in store.results(SYNC)] == [1_750_000_000.0, 1_750_086_400.0, 12.5]
