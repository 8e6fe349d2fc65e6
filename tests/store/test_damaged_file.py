"""A damaged database is moved aside and a fresh one started, with a clear line in the
log. A locked file, a file the kiosk may not read or write, or a folder in the file's
place is not damaged: it is never moved, and the error names the file and the fix."""

from __future__ import annotations

import logging
import os
import sqlite3

import pytest
from other_user import IS_ROOT, as_nobody, outcome

from kiosk.store import SQLiteStore, StoreOpenError
from kiosk.store import connection as connection_module
from kiosk.store.faults import FaultKind


def fill(path, rows=400):
    with SQLiteStore(path) as store:
        for n in range(rows):
            store.set_setting(f"key{n}", "x" * 200)


def moved_files(path):
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def assert_fresh_and_working(store):
    assert store.setting("key1") is None and store.progress("sync_or_swim") == frozenset()
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
    assert "damaged" in line and str(moved) in line and "fresh database" in line


def test_damaged_pages_are_found_and_moved_aside(db_path, caplog):
    fill(db_path)
    data = bytearray(db_path.read_bytes())
    assert len(data) > 8 * 4096
    data[3 * 4096:6 * 4096] = os.urandom(3 * 4096)  # a few pages of a dying SD card
    db_path.write_bytes(bytes(data))
    with caplog.at_level(logging.ERROR), SQLiteStore(db_path) as store:
        assert_fresh_and_working(store)
        assert len(moved_files(db_path)) == 1
    assert any("damaged" in r.getMessage() for r in caplog.records)


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


def open_and_tell(path):
    """What opening the store says (run in a child as another user, see other_user)."""
    SQLiteStore(path).close()
    return "opened"


def test_a_database_the_kiosk_may_not_read_is_reported_never_moved(shared_folder):
    folder = shared_folder
    path = folder / "kiosk.sqlite3"
    fill(path, rows=5)
    if IS_ROOT:  # owned by root, 0600, in root's folder: user nobody may not touch it
        kind, name, message, fault = as_nobody(open_and_tell, path)
        assert message.startswith(f"the database {path}: the kiosk (user nobody) may not "
                                  f"write in the folder {folder} (owned by root)")
        assert f"sudo chown nobody: {folder}" in message
    else:
        path.chmod(0)
        try:
            kind, name, message, fault = outcome(open_and_tell, path)
        finally:
            path.chmod(0o600)
        assert str(path) in message and f"chmod 600 {path}" in message
    assert (kind, name, fault) == ("raised", "StoreOpenError", "read-only")
    assert moved_files(path) == []
    with SQLiteStore(path) as store:  # the healthy file is still there, whole
        assert store.setting("key4") == "x" * 200


@pytest.mark.skipif(not IS_ROOT, reason="only root can give a file to another user")
def test_a_file_owned_by_someone_else_names_the_file_and_the_chown(shared_folder):
    folder = shared_folder
    folder.chmod(0o777)  # the folder is fine; the file is root's, 0644
    path = folder / "kiosk.sqlite3"
    fill(path, rows=5)
    path.chmod(0o644)
    kind, name, message, fault = as_nobody(open_and_tell, path)
    assert (kind, fault) == ("raised", "read-only")
    assert f"user nobody) may not write {path} (owned by root, mode 0644)" in message
    assert f"run `sudo chown nobody: {path}*`" in message
    assert moved_files(path) == []


def test_a_locked_file_is_not_damaged_and_is_never_moved(db_path, monkeypatch):
    fill(db_path, rows=5)
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("PRAGMA journal_mode = DELETE")
    blocker.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(connection_module, "BUSY_TIMEOUT_S", 0.05)
    try:
        with pytest.raises(StoreOpenError, match="the database .* is busy: another program "
                                                 ".* kept it locked; try again") as raised:
            SQLiteStore(db_path)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert raised.value.fault.kind is FaultKind.BUSY
    assert moved_files(db_path) == []
    with SQLiteStore(db_path) as store:
        assert store.setting("key1") == "x" * 200


def test_a_write_lock_held_elsewhere_does_not_stop_the_file_opening(db_path):
    """In WAL mode a file at the latest schema opens while another program writes it:
    reads work, and only writes wait (the kiosk keeps them, see write_behind)."""
    fill(db_path, rows=5)
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with SQLiteStore(db_path, busy_timeout=0.05) as store:
            assert store.setting("key1") == "x" * 200
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                store.set_setting("volume", 0.5)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()


def test_a_folder_where_the_file_should_be_is_named_never_moved(db_path):
    db_path.mkdir()  # e.g. a botched restore left a folder where the file should be
    (db_path / "inside.txt").write_text("kept")
    with pytest.raises(StoreOpenError, match=f"{db_path} is a folder, not the database "
                                             f"file: move {db_path} away") as raised:
        SQLiteStore(db_path)
    assert raised.value.fault.kind is FaultKind.READ_ONLY
    assert (db_path / "inside.txt").read_text() == "kept" and moved_files(db_path) == []
