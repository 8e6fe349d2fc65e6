"""The composed table keeps its data in SQLite by default, and a rebuilt table resumes."""

from __future__ import annotations

import logging
import sqlite3

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store import LATEST, SQLiteStore
from kiosk.store.write_behind import WriteBehindStore
from kiosk.table.compose import build_simulated, open_store
from kiosk.table.games.sync_or_swim.view import Phase


def test_the_default_store_is_the_sqlite_database_and_closes_with_the_table(tmp_path):
    path = tmp_path / "kiosk.sqlite3"
    controller, table = build_simulated(clock=ManualClock(1.0), database=path,
                                        seats=(1, 2, 3), readers=False)
    store = controller.store
    assert isinstance(store, WriteBehindStore) and store.path == path
    database = store.db
    controller.staff("volume", level=0.3)
    controller.close()
    assert database.closed and store.db is None
    with SQLiteStore(path) as again:
        assert again.setting("volume") == 0.3


def test_kiosk_db_chooses_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("KIOSK_DB", str(tmp_path / "env.sqlite3"))
    controller, _ = build_simulated(clock=ManualClock(1.0), seats=(1, 2, 3), readers=False)
    try:
        assert controller.store.path == tmp_path / "env.sqlite3"
    finally:
        controller.close()


def test_a_rebuilt_table_resumes_the_routine(tmp_path):
    path = tmp_path / "kiosk.sqlite3"
    clock = ManualClock(500.0)
    controller, table = build_simulated(clock=clock, database=path, seats=(1, 2, 3, 4),
                                        readers=False)
    controller.wake()
    controller.act("choose", players=4, routine_id="R01")
    controller.act("begin")
    controller.act("swim")
    clock.advance(5)
    controller.pump()
    table.close()  # the power goes; the controller is never closed
    controller.store.close()

    controller, table = build_simulated(clock=ManualClock(2.0), database=path,
                                        seats=(1, 2, 3, 4), readers=False)
    try:
        view = controller.view
        assert (view.phase, view.payload.round_number, view.payload.players) == (
            Phase.ROUND_READY, 1, 4)
        assert view.resumed and view.message.startswith("Welcome back")
    finally:
        controller.close()


def test_a_database_that_cannot_be_used_leaves_a_playable_table(tmp_path, caplog):
    path = tmp_path / "kiosk.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {LATEST + 1}")
    connection.close()
    with caplog.at_level(logging.ERROR):
        store = open_store(path)
    (problem,) = store.problems
    assert problem.startswith("Scores cannot be saved") and "newer kiosk" in problem
    assert any("newer kiosk" in r.getMessage() for r in caplog.records)
    store.close()
    controller, _ = build_simulated(clock=ManualClock(1.0), database=path, seats=(1, 2, 3),
                                    readers=False)
    try:
        controller.wake()
        assert controller.view.phase is Phase.CHOOSING
        assert not controller.view.hardware.saving
        assert any("newer kiosk" in p for p in controller.view.hardware.problems)
    finally:
        controller.close()
    with sqlite3.connect(path) as untouched:
        assert untouched.execute("PRAGMA user_version").fetchone()[0] == LATEST + 1


def test_a_clean_shutdown_keeps_the_routine_for_the_next_start(tmp_path):
    """Closing the app (a service restart, staff quitting) is not abandoning: the routine
    comes back like after a power cut; only the abandon command ends it."""
    path = tmp_path / "kiosk.sqlite3"
    controller, _ = build_simulated(clock=ManualClock(50.0), database=path,
                                    seats=(1, 2, 3), readers=False)
    controller.wake()
    controller.act("choose", players=3, routine_id="R01")
    controller.act("begin")
    controller.close()
    with SQLiteStore(path) as store:
        assert len(store.open_journals()) == 1 and store.results("sync_or_swim") == ()

    controller, _ = build_simulated(clock=ManualClock(3.0), database=path,
                                    seats=(1, 2, 3), readers=False)
    try:
        assert controller.view.resumed and controller.view.phase is Phase.ROUND_READY
        controller.abandon()
        assert controller.store.open_journals() == ()
        assert controller.store.results("sync_or_swim")[0].abandoned
    finally:
        controller.close()
