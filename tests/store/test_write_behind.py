"""The write-behind store on its own: kept writes are saved in order once the database
takes them, journals opened meanwhile get their real ids, a database that cannot be
opened at start is opened later, what is kept stays bounded, and a bug still raises."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from faulty import Faulty

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store import SQLiteStore
from kiosk.store import write_behind as write_behind_module
from kiosk.store.faults import FaultKind
from kiosk.store.protocol import GameResult, StoreError
from kiosk.store.write_behind import WriteBehindStore

GAME = "sync_or_swim"


def result(score=50, routine="R01"):
    return GameResult(routine, 3, score, 100.0, False, {"rounds": [1]})


def refusing(path, kind="full", **options):
    """A store whose database fails every write from the first, until ``faulty.heal()``."""
    clock = ManualClock(0.0)
    store = WriteBehindStore.open(path, clock=clock, **options)
    faulty = Faulty(store.db._connection, path, kind, fail_at=1)
    store.db._connection = faulty
    return store, faulty, clock


def in_the_file(path, sql):
    with sqlite3.connect(path) as reader:
        return reader.execute(sql).fetchall()


def test_kept_writes_are_saved_in_order_with_the_journal_ids_mapped(db_path):
    store, faulty, clock = refusing(db_path)
    journal = store.open_journal(GAME, {"routine_id": "R01"})
    assert journal < 0 and store.problems[0].startswith("Scores cannot be saved: the disk")
    for n, action in enumerate(("begin", "swim", "stop")):
        store.append_journal(journal, action, float(n))
    store.set_setting("volume", 0.2)
    store.set_setting("volume", 0.7)  # only the last value is kept
    store.add_result(GAME, result())
    store.add_progress(GAME, "R01")
    assert store.kept == 7 and in_the_file(db_path, "SELECT * FROM results") == []
    assert not store.retry()  # too soon after the last try
    clock.advance(write_behind_module.RETRY_S)
    assert not store.retry()  # still full
    faulty.heal()
    clock.advance(write_behind_module.RETRY_S)
    assert store.retry() and store.kept == 0 and store.problems == ()
    store.append_journal(journal, "record_verdict", 3.0, (True,))  # the provisional id
    store.close_journal(journal)
    (real,) = in_the_file(db_path, "SELECT id FROM journals WHERE closed = 1")
    assert real[0] > 0
    assert [r[0] for r in in_the_file(db_path, "SELECT action FROM journal_entries "
                                               "ORDER BY seq")] == [
        "begin", "swim", "stop", "record_verdict"]
    assert in_the_file(db_path, "SELECT value FROM settings") == [("0.7",)]
    assert in_the_file(db_path, "SELECT played, score FROM results") == [("R01", 50)]
    store.close()


def test_reads_see_the_kept_writes_reset_included(db_path):
    with SQLiteStore(db_path) as before:
        before.add_result(GAME, result(score=90))
    store, faulty, _ = refusing(db_path)
    store.add_result(GAME, result(score=40))
    assert store.top_score(GAME, "R01") == 90 and len(store.results(GAME)) == 2
    store.reset_scores(GAME)
    assert store.results(GAME) == () and store.top_score(GAME, "R01") is None
    store.add_result(GAME, result(score=30))
    assert store.top_score(GAME, "R01", 3) == 30 and store.top_score(GAME, "R01", 4) is None
    faulty.heal()
    assert store.retry(force=True)
    assert in_the_file(db_path, "SELECT score FROM results") == [(30,)]
    store.close()


def test_a_bug_still_raises_and_is_not_kept(db_path):
    store, _, _ = refusing(db_path)
    with pytest.raises(TypeError):
        store.add_result(GAME, GameResult("R01", 3, 1, 1.0, False, {"x": object()}))
    journal = store.open_journal(GAME, {})
    store.close_journal(journal)
    with pytest.raises(StoreError, match="closed"):
        store.append_journal(journal, "begin", 1.0)
    with pytest.raises(StoreError, match="no journal 77"):
        store.append_journal(77, "begin", 1.0)
    assert store.kept == 2  # the journal opened and closed; nothing of the bugs
    store.close()


def test_a_database_locked_at_start_opens_later_and_saves_what_was_kept(db_path,
                                                                         monkeypatch):
    SQLiteStore(db_path).close()
    blocker = sqlite3.connect(db_path, isolation_level=None)
    blocker.execute("PRAGMA journal_mode = DELETE")  # a tool that locks readers out too
    blocker.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(write_behind_module, "OPEN_WAIT_S", 0.05)
    clock = ManualClock(0.0)
    store = WriteBehindStore.open(db_path, clock=clock)
    try:
        assert store.db is None and store.fault.kind is FaultKind.BUSY
        assert store.problems == (f"Database busy — retrying: another program is writing "
                                  f"{db_path}; nothing is lost while the kiosk stays on",)
        store.add_result(GAME, result(score=61))
        assert store.top_score(GAME, "R01") == 61 and store.setting("volume", 1.0) == 1.0
    finally:
        blocker.execute("ROLLBACK")
        blocker.execute("PRAGMA journal_mode = WAL")
        blocker.close()
    clock.advance(write_behind_module.RETRY_S)
    assert store.retry() and store.db is not None and store.problems == ()
    assert in_the_file(db_path, "SELECT score FROM results") == [(61,)]
    store.close()


def test_closing_with_writes_still_kept_names_them_in_the_log(db_path, caplog):
    store, _, _ = refusing(db_path)
    store.add_result(GAME, result(score=77))
    with caplog.at_level(logging.ERROR):
        store.close()
    (line,) = [r.getMessage() for r in caplog.records if "before closing" in r.getMessage()]
    assert "1 writes could not be saved" in line and "score=77" in line
    with pytest.raises(StoreError, match="closed"):
        store.setting("volume")


def test_what_is_kept_stays_bounded_and_results_are_never_dropped(db_path, caplog):
    store, faulty, _ = refusing(db_path, max_kept=40)
    for routine in range(6):  # six routines of 12 entries each, all while the disk is full
        journal = store.open_journal(GAME, {"n": routine})
        for n in range(12):
            store.append_journal(journal, "swim", float(n))
        store.add_result(GAME, result(score=routine, routine=f"R0{routine}"))
        store.close_journal(journal)
    assert store.kept <= 40
    long_one = store.open_journal(GAME, {"n": "long"})
    with caplog.at_level(logging.ERROR):
        for n in range(100):
            store.append_journal(long_one, "swim", float(n))
    assert store.kept <= 40 + 1 and any("ends here" in r.getMessage() for r in caplog.records)
    assert len(store.open_journals()[0].entries) < 100
    faulty.heal()
    assert store.retry(force=True)
    assert sorted(in_the_file(db_path, "SELECT score FROM results")) == [(n,) for n in range(6)]
    assert in_the_file(db_path, "SELECT COUNT(*) FROM journals WHERE closed = 1") == [(6,)]
    store.close()


def test_a_file_found_damaged_while_running_is_reopened(db_path):
    store, faulty, clock = refusing(db_path)
    error = sqlite3.DatabaseError("database disk image is malformed")
    error.sqlite_errorcode = sqlite3.SQLITE_CORRUPT

    def damaged(*_args):
        raise error
    faulty.execute = damaged  # every statement now says the file is damaged
    store.add_result(GAME, result(score=12))
    assert store.db is None and store.fault.kind is FaultKind.DAMAGED
    assert "moved aside" in store.problems[0]
    clock.advance(write_behind_module.RETRY_S)
    assert store.retry()  # the file itself was fine: reopened, nothing moved, all saved
    assert store.moved_aside is None
    assert in_the_file(db_path, "SELECT score FROM results") == [(12,)]
    store.close()


def test_the_docstring_examples_hold(tmp_path, monkeypatch):
    import doctest

    from kiosk import paths
    from kiosk.store import faults, sqlite_store, tags, write_behind

    monkeypatch.chdir(tmp_path)
    for module in (faults, paths, sqlite_store, tags, write_behind):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__
