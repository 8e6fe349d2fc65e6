"""Groups: a team's campaign kept across visits (step 4 of the schema). Every store
behaves alike (the ``store`` fixture: memory, SQLite, write-behind, and write-behind
with the disk refusing every write), and a file written before step 4 (version 3)
opens, is upgraded in place and keeps everything it held."""

from __future__ import annotations

import sqlite3

import pytest
from frozen_schema import V3_TABLES, assert_steps_make

from kiosk.store import SQLiteStore
from kiosk.store.protocol import GameResult, Group, StoreError
from kiosk.store.schema import LATEST
from kiosk.store.write_behind import WriteBehindStore


def test_groups_are_listed_the_one_saved_last_first_and_per_game(store):
    assert store.groups("g") == ()
    store.save_group("g", Group("Owls", {"streak": 1, "achievements": ["a"]}))
    store.save_group("g", Group("Foxes", {"streak": 0}))
    store.save_group("other", Group("Owls", {"x": 1}))
    assert [g.name for g in store.groups("g")] == ["Foxes", "Owls"]
    store.save_group("g", Group("Owls", {"streak": 2, "achievements": ["a", "b"]}))
    assert store.groups("g") == (Group("Owls", {"streak": 2, "achievements": ["a", "b"]}),
                                 Group("Foxes", {"streak": 0}))
    assert store.groups("other") == (Group("Owls", {"x": 1}),)


def test_staff_rename_and_delete_a_group(store):
    store.save_group("g", Group("Owls", {"streak": 3}))
    store.save_group("g", Group("Foxes", {}))
    store.rename_group("g", "Owls", "Night Owls")
    assert store.groups("g") == (Group("Foxes", {}), Group("Night Owls", {"streak": 3}))
    with pytest.raises(StoreError, match="already"):
        store.rename_group("g", "Foxes", "Night Owls")
    with pytest.raises(StoreError, match="no group"):
        store.rename_group("g", "Bats", "Cats")
    store.delete_group("g", "Foxes")
    assert [g.name for g in store.groups("g")] == ["Night Owls"]
    with pytest.raises(StoreError, match="no group"):
        store.delete_group("g", "Foxes")


def test_a_file_of_version_3_is_upgraded_and_keeps_its_data(tmp_path):
    path = tmp_path / "kiosk.sqlite3"
    connection = sqlite3.connect(path)
    connection.executescript(V3_TABLES + """
        INSERT INTO settings VALUES ('volume', '0.4');
        INSERT INTO progress VALUES ('sync_or_swim', 'R01');
        INSERT INTO results (game, played, players, score, seconds, abandoned, details,
          recorded_at) VALUES ('sync_or_swim', 'R01', 3, 81, 190.5, 0, '{"par":180}', 1.0);
        INSERT INTO top_scores VALUES ('sync_or_swim', 'R01', 3, 81);
        INSERT INTO journals (game, setup, closed, opened_at) VALUES ('synchro', '{}', 0, 6);
        INSERT INTO journal_entries VALUES (1, 0, 'move', 1.0, '["a1-a2"]');
        INSERT INTO tags VALUES (x'04a1b2c3', 'blue-7-RH', 1700000000);
        PRAGMA user_version = 3;
    """)
    connection.close()
    with SQLiteStore(path) as store:
        assert store.setting("volume") == 0.4
        assert store.progress("sync_or_swim") == {"R01"}
        assert store.results("sync_or_swim") == (
            GameResult("R01", 3, 81, 190.5, False, {"par": 180}),)
        assert store.top_score("sync_or_swim", "R01", 3) == 81
        assert [tuple(e) for e in store.open_journals()[0].entries] == [
            ("move", 1.0, ("a1-a2",))]
        assert store.tags.lookup(bytes.fromhex("04a1b2c3")).card == "blue-7-RH"
        assert store.groups("sync_association") == ()
        store.save_group("sync_association", Group("Owls", {"streak": 1}))
    with sqlite3.connect(path) as reader:
        assert reader.execute("PRAGMA user_version").fetchone() == (LATEST,)
    with WriteBehindStore.open(path) as store:
        assert store.groups("sync_association") == (Group("Owls", {"streak": 1}),)


def test_the_frozen_v3_is_what_steps_one_to_three_create(tmp_path):
    assert_steps_make(tmp_path, 3, V3_TABLES, ("settings", "progress", "results", "top_scores",
                                               "journals", "journal_entries", "tags"))
