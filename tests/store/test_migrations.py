"""Schema versions: a new file gets every step, an old file is upgraded in place with its
data, a failed step changes nothing, and a file from a newer kiosk is refused untouched."""

from __future__ import annotations

import sqlite3

import pytest
from frozen_schema import V1_TABLES

from kiosk.store import LATEST, SchemaTooNew, SQLiteStore, StoreOpenError
from kiosk.store.schema import MIGRATIONS, Migration

# Version 1 exactly as it shipped (frozen here: editing MIGRATIONS[0] must fail this test).
V1 = V1_TABLES + """
INSERT INTO settings VALUES ('volume', '0.4');
INSERT INTO finished VALUES ('sync_or_swim', 'R01');
INSERT INTO results (game, routine_id, players, score, total_seconds, abandoned, breakdown,
  recorded_at) VALUES ('sync_or_swim', 'R01', 3, 81, 190.5, 0, '{"par":180}', 0);
INSERT INTO top_scores VALUES ('sync_or_swim', 'R01', 3, 81);
INSERT INTO journals (game, setup, opened_at) VALUES ('sync_or_swim',
  '{"routine_id":"R02","players":3,"seats":[1,2,3],"captain":1}', 0);
INSERT INTO journal_entries VALUES (1, 0, 'begin', 5.0, '[]');
PRAGMA user_version = 1;
"""


def schema_of(path):
    connection = sqlite3.connect(path)
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        connection.close()
    return version, tables


def make_v1(path):
    connection = sqlite3.connect(path)
    connection.executescript(V1)
    connection.close()


def test_steps_are_numbered_one_by_one():
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))
    assert LATEST >= 2


def test_the_frozen_v1_is_what_step_one_creates(tmp_path):
    fresh = sqlite3.connect(tmp_path / "a.sqlite3")
    for statement in MIGRATIONS[0].statements:
        fresh.execute(statement)
    frozen = sqlite3.connect(tmp_path / "b.sqlite3")
    frozen.executescript(V1)
    columns = "SELECT name, sql IS NOT NULL FROM sqlite_master ORDER BY name"
    assert fresh.execute(columns).fetchall() == frozen.execute(columns).fetchall()
    for table in ("results", "journals", "journal_entries", "top_scores"):
        info = f"PRAGMA table_info({table})"
        assert fresh.execute(info).fetchall() == frozen.execute(info).fetchall()
    fresh.close()
    frozen.close()


def test_a_new_file_gets_the_latest_schema(db_path):
    with SQLiteStore(db_path) as store:
        assert store.db.upgraded_from == 0
    version, tables = schema_of(db_path)
    assert version == LATEST and {"settings", "journals", "tags"} <= tables


def test_a_v1_file_is_upgraded_with_its_data(db_path):
    make_v1(db_path)
    assert schema_of(db_path) == (1, schema_of(db_path)[1])
    assert "tags" not in schema_of(db_path)[1]
    with SQLiteStore(db_path) as store:
        assert store.db.upgraded_from == 1
        assert store.setting("volume") == 0.4
        assert store.progress("sync_or_swim") == {"R01"}
        assert store.top_score("sync_or_swim", "R01", 3) == 81
        assert store.results("sync_or_swim")[0].details == {"par": 180}
        (journal,) = store.open_journals()
        assert journal.setup["routine_id"] == "R02"
        store.append_journal(journal.id, "swim", 9.0)
        assert [e.action for e in store.journal(journal.id).entries] == ["begin", "swim"]
        store.tags.add("04a1b2c3", "blue-7-RH")  # the table added by step 2 works
    assert schema_of(db_path)[0] == LATEST
    with SQLiteStore(db_path) as store:  # a second open has nothing left to do
        assert store.db.upgraded_from == LATEST
        assert len(store.tags) == 1


def test_a_failing_step_changes_nothing(db_path):
    make_v1(db_path)
    broken = (*MIGRATIONS, Migration(LATEST + 1, "broken", (
        "CREATE TABLE half_done (a)", "THIS IS NOT SQL")))
    with pytest.raises(StoreOpenError, match="could not upgrade .* left as it was"):
        SQLiteStore(db_path, migrations=broken)
    version, tables = schema_of(db_path)
    assert version == 1  # not even the good step 2 is kept: one transaction
    assert "tags" not in tables and "half_done" not in tables
    assert list(db_path.parent.glob("*.corrupt-*")) == []  # not mistaken for damage
    with SQLiteStore(db_path) as store:
        assert store.setting("volume") == 0.4


def test_a_file_from_a_newer_kiosk_is_refused_untouched(db_path):
    with SQLiteStore(db_path) as store:
        store.set_setting("volume", 0.9)
    connection = sqlite3.connect(db_path)
    connection.execute(f"PRAGMA user_version = {LATEST + 5}")
    connection.close()
    before = db_path.read_bytes()
    with pytest.raises(SchemaTooNew) as refused:
        SQLiteStore(db_path)
    message = str(refused.value)
    assert f"schema version {LATEST + 5}" in message and "newer kiosk" in message
    assert "Update the kiosk software" in message
    assert db_path.read_bytes() == before
    assert list(db_path.parent.glob("*.corrupt-*")) == []
