"""What only the SQLite store promises: the data outlives the process, the connection
has the power-cut settings, every write is one transaction, and close() is safe."""

from __future__ import annotations

import os
import sqlite3
import stat
import threading

import pytest

from kiosk.staff import StaffLock
from kiosk.store import SQLiteStore
from kiosk.store.protocol import GameResult, StoreError


def test_everything_survives_reopening(db_path):
    with SQLiteStore(db_path) as store:
        store.set_setting("volume", 0.3)
        store.add_progress("sync_or_swim", "R01")
        store.add_result("sync_or_swim", GameResult("R01", 4, 77, 201.5, False,
                                                       {"rounds": [1, 2]}))
        journal = store.open_journal("sync_or_swim", {"routine_id": "R02", "seats": [1, 2, 3]})
        store.append_journal(journal, "begin", 10.0)
        store.tags.add("04a1b2c3", "blue-7-RH", enrolled_at=1_700_000_000)
    with SQLiteStore(db_path) as store:
        assert store.setting("volume") == 0.3
        assert store.progress("sync_or_swim") == {"R01"}
        assert store.top_score("sync_or_swim", "R01", 4) == 77
        assert store.results("sync_or_swim")[0].details == {"rounds": [1, 2]}
        (open_one,) = store.open_journals()
        assert open_one.id == journal and open_one.setup["seats"] == [1, 2, 3]
        assert [tuple(e) for e in open_one.entries] == [("begin", 10.0, ())]
        assert store.tags.lookup("04a1b2c3").card == "blue-7-RH"


def test_connection_has_the_power_cut_settings(db_path):
    with SQLiteStore(db_path) as store, store.db.read() as sql:
        assert sql.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert sql.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert sql.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert sql.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
        with pytest.raises(sqlite3.IntegrityError):
            sql.execute("INSERT INTO journal_entries VALUES (999, 0, 'begin', 0, '[]')")


def test_a_commit_is_on_disk_before_the_call_returns(db_path):
    with SQLiteStore(db_path) as store:
        store.set_setting("volume", 0.6)
        other = sqlite3.connect(db_path)  # another process would see the same
        assert other.execute("SELECT value FROM settings").fetchall() == [("0.6",)]
        other.close()


def test_a_failed_write_leaves_nothing_behind(db_path):
    with SQLiteStore(db_path) as store:
        with pytest.raises(TypeError):  # not JSON: nothing of the result is kept
            store.add_result("sync_or_swim", GameResult("R01", 3, 50, 1.0, False,
                                                           {"bad": object()}))
        assert store.results("sync_or_swim") == ()
        assert store.top_score("sync_or_swim", "R01") is None
        with pytest.raises(RuntimeError), store.db.write() as sql:
            sql.execute("INSERT INTO settings VALUES ('half', '1')")
            raise RuntimeError("power cut in the middle")
        assert store.setting("half") is None
        assert not store.db._open().in_transaction


def test_close_twice_and_calls_after_close(db_path):
    store = SQLiteStore(db_path)
    store.close()
    store.close()
    assert store.db.closed
    with pytest.raises(StoreError, match="closed"):
        store.setting("volume")
    with pytest.raises(StoreError, match="closed"):
        store.open_journal("sync_or_swim", {})


def test_close_from_another_thread_waits_for_a_write_in_progress(db_path):
    store = SQLiteStore(db_path)
    closer = threading.Thread(target=store.close)
    with store.db.write() as sql:
        closer.start()
        closer.join(0.2)
        assert closer.is_alive()  # waiting for the transaction, not tearing it down
        sql.execute("INSERT INTO settings VALUES ('kept', '1')")
    closer.join(5)
    assert not closer.is_alive() and store.db.closed
    with SQLiteStore(db_path) as again:
        assert again.setting("kept") == 1


@pytest.fixture
def loose_umask():
    old = os.umask(0o022)  # a typical shell's: files 0644, folders 0755 unless told
    yield
    os.umask(old)


def modes(*paths):
    return [stat.S_IMODE(p.stat().st_mode) for p in paths]


def test_a_new_folder_is_0700_and_the_files_0600(tmp_path, loose_umask):
    folder = tmp_path / "data" / "kiosk"
    path = folder / "kiosk.sqlite3"
    with SQLiteStore(path) as store:
        StaffLock(store).set_pin("2468")  # the PIN hash lives in the file
        wal, shm = (folder / f"kiosk.sqlite3-{s}" for s in ("wal", "shm"))
        assert wal.exists() and shm.exists()
        assert modes(folder, path, wal, shm) == [0o700, 0o600, 0o600, 0o600]
        probe = tmp_path / "probe"
        probe.write_text("")
        assert modes(probe) == [0o644]  # the umask is the process's own again


def test_a_database_readable_by_others_is_narrowed_to_0600(db_path, loose_umask):
    SQLiteStore(db_path).close()
    db_path.chmod(0o644)
    with SQLiteStore(db_path) as store:
        store.set_setting("volume", 0.5)
        assert modes(db_path) == [0o600]
        assert modes(db_path.with_name("kiosk.sqlite3-wal")) == [0o600]
