"""A damaged or unreadable database is moved aside and a fresh one started, with a clear
line in the log; a locked file is not damaged and is never moved."""

from __future__ import annotations

import logging
import os
import sqlite3

import pytest

from kiosk.store import SQLiteStore, StoreOpenError
from kiosk.store import connection as connection_module


def fill(path, rows=400):
    with SQLiteStore(path) as store:
        for n in range(rows):
            store.set_setting(f"key{n}", "x" * 200)


def moved_files(path):
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def assert_fresh_and_working(store):
    assert store.setting("key1") is None and store.finished("sync_or_swim") == frozenset()
    store.set_setting("volume", 0.5)
    assert store.setting("volume") == 0.5


def test_garbage_is_moved_aside_and_a_fresh_database_starts(db_path, caplog):
    db_path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    with caplog.at_level(logging.ERROR), SQLiteStore(db_path) as store:
        assert_fresh_and_working(store)
        (moved,) = moved_files(db_path)
        assert store.db.moved_aside == moved
    assert moved.read_bytes().startswith(b"this is not a database")
    assert moved.name.startswith("kiosk.sqlite3.corrupt-")
    (line,) = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert "unusable" in line and str(moved) in line and "fresh database" in line


def test_damaged_pages_are_found_and_moved_aside(db_path, caplog):
    fill(db_path)
    data = bytearray(db_path.read_bytes())
    assert len(data) > 8 * 4096
    data[3 * 4096:6 * 4096] = os.urandom(3 * 4096)  # a few pages of a dying SD card
    db_path.write_bytes(bytes(data))
    with caplog.at_level(logging.ERROR), SQLiteStore(db_path) as store:
        assert_fresh_and_working(store)
        assert len(moved_files(db_path)) == 1
    assert any("unusable" in r.getMessage() for r in caplog.records)


def test_a_broken_header_is_moved_aside_with_its_wal(db_path):
    fill(db_path, rows=10)
    (db_path.parent / "kiosk.sqlite3-wal").write_bytes(b"stale wal")
    data = bytearray(db_path.read_bytes())
    data[0:16] = b"NOT SQLITE AT AL"
    db_path.write_bytes(bytes(data))
    with SQLiteStore(db_path) as store:
        assert_fresh_and_working(store)
        moved = store.db.moved_aside
    assert moved is not None and moved.exists()
    assert (moved.parent / f"{moved.name}-wal").read_bytes() == b"stale wal"


def test_two_bad_files_in_the_same_second_both_kept(db_path):
    for text in (b"first bad file " * 50, b"second bad file " * 50):
        db_path.write_bytes(text)
        SQLiteStore(db_path).close()
    moved = moved_files(db_path)
    assert len(moved) == 2
    assert {m.read_bytes()[:5] for m in moved} == {b"first", b"secon"}


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_moved_aside(db_path):
    fill(db_path, rows=5)
    db_path.chmod(0)
    try:
        with SQLiteStore(db_path) as store:
            assert_fresh_and_working(store)
            assert len(moved_files(db_path)) == 1
    finally:
        for path in moved_files(db_path):
            path.chmod(0o600)


def test_a_locked_file_is_not_damaged_and_is_never_moved(db_path, monkeypatch):
    fill(db_path, rows=5)
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("PRAGMA journal_mode = DELETE")
    blocker.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(connection_module, "BUSY_TIMEOUT_S", 0.05)
    try:
        with pytest.raises(StoreOpenError, match="cannot open the database .*locked"):
            SQLiteStore(db_path)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert moved_files(db_path) == []
    with SQLiteStore(db_path) as store:
        assert store.setting("key1") == "x" * 200


def test_a_path_that_cannot_be_opened_as_a_file_is_moved_aside(db_path):
    db_path.mkdir()  # e.g. a botched restore left a folder where the file should be
    (db_path / "inside.txt").write_text("kept")
    with SQLiteStore(db_path) as store:
        assert_fresh_and_working(store)
        moved = store.db.moved_aside
    assert (moved / "inside.txt").read_text() == "kept"
