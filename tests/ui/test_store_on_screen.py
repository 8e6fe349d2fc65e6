"""`kiosk run` with a database it cannot write opens anyway, shows the problem on screen,
and saves what it kept once the database is free — never a traceback."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from kiosk.compose import build_table
from kiosk.store import SQLiteStore
from kiosk.table.controller import SAVED_AGAIN
from kiosk.table.games.sync_or_swim.view import Phase

ROOT = Path(__file__).resolve().parents[2]
BLUE_1 = "049b7f9a3b10c6"  # a shipped example tag


def test_a_busy_database_is_shown_on_screen_and_saved_once_free(tmp_path, make_pilot):
    database = tmp_path / "kiosk.sqlite3"
    SQLiteStore(database).close()
    blocker = sqlite3.connect(database, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another program writing, for as long as it likes
    # the first start imports config/tags into the empty tag map: that write waits
    controller, _, _ = build_table(simulate=False, database=database)
    try:
        pilot = make_pilot(controller)
        pilot.until(lambda: pilot.app.toast.startswith("Database busy — retrying"))
        assert any(t.startswith("Database busy") for t in pilot.labels())
        assert not controller.view.hardware.saving and controller.store.tags.lookup(BLUE_1)
        controller.wake()  # the app plays on meanwhile
        assert controller.view.phase is Phase.CHOOSING
        blocker.execute("ROLLBACK")
        pilot.until(lambda: pilot.app.toast == SAVED_AGAIN, limit=900)
        assert controller.view.hardware.saving
        assert blocker.execute("SELECT COUNT(*) FROM tags").fetchone() == (80,)
    finally:
        blocker.close()
        controller.close()


def test_kiosk_run_with_a_locked_database_starts_without_a_traceback(tmp_path):
    database = tmp_path / "kiosk.sqlite3"
    SQLiteStore(database).close()
    blocker = sqlite3.connect(database, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIOSK_DB": str(database)}
        out = subprocess.run([sys.executable, "-m", "kiosk", "run", "--headless",
                              "--frames", "20"], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=120)
    finally:
        blocker.close()
    assert out.returncode == 0, out.stderr[-3000:]
    assert "kiosk: first frame" in out.stdout
    assert "Traceback" not in out.stderr, out.stderr[-3000:]
