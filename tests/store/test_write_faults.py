"""Every write of a routine may fail — a full disk, a lock held by another program, a
read-only file, a disk error — and the routine goes on, staff are told, and its score
is in the database once the disk takes writes again.

One routine (3 swimmers, on-screen stop, judged by hand, with a staff volume change, a
time out, a NOT IN SYNC and six rounds) is played on the real controller and a real
SQLite file behind the :class:`WriteBehindStore`; :class:`~tests.store.faulty.Faulty`
makes its Nth write transaction fail, for every N the routine makes, in each of the
four ways, either once (the space is freed at once) or until the routine is over.
"""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path

import pytest
from faulty import KINDS, Faulty
from routine import play_routine

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store import write_behind
from kiosk.store.write_behind import WriteBehindStore
from kiosk.table.api import ControllerListener
from kiosk.table.controller import SAVED_AGAIN, TableController
from kiosk.table.games.sync_or_swim.table import NOT_SAVED
from kiosk.table.games.sync_or_swim.view import Phase

GAME = "sync_or_swim"


class Heard(ControllerListener):
    def __init__(self) -> None:
        self.problems: list[str] = []

    def on_problem(self, message: str) -> None:
        self.problems.append(message)


def open_table(path: Path, kind: str = "full", fail_at: int = 0):
    clock = ManualClock(1000.0)
    store = WriteBehindStore.open(path, clock=clock)
    database = store.db
    database._connection.execute("PRAGMA synchronous = OFF")  # speed: no fsync per write
    faulty = Faulty(database._connection, path, kind, fail_at)
    database._connection = faulty
    controller = TableController(clock=clock, store=store)
    heard = Heard()
    controller.set_listener(heard)
    return controller, clock, faulty, heard


def database_now(path: Path):
    """What a second program reading the file sees."""
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert reader.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        results = reader.execute("SELECT played, players, score, seconds, "
                                 "abandoned, details FROM results").fetchall()
        finished = reader.execute("SELECT played FROM progress").fetchall()
        still_open = reader.execute("SELECT COUNT(*) FROM journals WHERE closed = 0")
        volume = reader.execute("SELECT value FROM settings WHERE key = 'volume'").fetchall()
        entries = reader.execute("SELECT seq, action, now, args FROM journal_entries "
                                 "ORDER BY journal_id, seq").fetchall()
        return results, finished, still_open.fetchone()[0], volume, entries
    finally:
        reader.close()


@cache
def fault_free(folder: Path) -> tuple[int, tuple, int]:
    """(writes a routine makes, what the file holds after it, the score)."""
    path = folder / "fault-free.sqlite3"
    controller, clock, faulty, heard = open_table(path)
    play_routine(controller, clock)
    score = controller.view.payload.score.score
    controller.close()
    assert heard.problems == [], heard.problems
    return faulty.writes, database_now(path), score


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    return fault_free(tmp_path_factory.mktemp("reference"))


WRITES = 38  # what the routine above makes; test_the_routine_makes_these_writes checks


def test_the_routine_makes_these_writes(reference):
    writes, (results, finished, still_open, volume, entries), score = reference
    assert writes == WRITES, f"the routine now makes {writes} writes: set WRITES to it"
    assert len(results) == 1 and results[0][:3] == ("R01", 3, score) and score > 0
    assert finished == [("R01",)] and still_open == 0 and volume == [("0.4",)]
    assert [e[1] for e in entries[:3]] == ["begin", "swim", "stop"]
    assert len(entries) == WRITES - 6  # open, volume, players, result, finished, close


@pytest.fixture(autouse=True)
def _short_waits(monkeypatch):
    monkeypatch.setattr(write_behind, "WRITE_WAIT_S", 0.01)  # a held lock fails fast


def cases():
    """Every write point, each kind of fault, once and to the end of the routine. A lock
    or a read-only file healed at once takes the same path as a full disk healed at
    once: those run only in long runs (KIOSK_LONG=1), to keep CI short."""
    for fail_at in range(1, WRITES + 1):
        for kind in KINDS:
            for lasting in ("once", "to the end"):
                slow = lasting == "once" and kind in ("busy", "read-only")
                yield pytest.param(fail_at, kind, lasting,
                                   marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("fail_at, kind, lasting", list(cases()))
def test_any_write_may_fail_and_the_score_is_saved_once_it_heals(
        tmp_path, reference, fail_at, kind, lasting):
    _, saved_without_faults, score = reference
    path = tmp_path / "kiosk.sqlite3"
    controller, clock, faulty, heard = open_table(path, kind, fail_at)
    faulty.heal_after_first = lasting == "once"
    store = controller.store
    try:
        play_routine(controller, clock)
        view = controller.view
        assert view.phase is Phase.SCORE and view.payload.score.score == score
        assert faulty.failures >= 1
        if lasting == "to the end":  # still failing: the game kept it all in memory
            assert store.kept > 0 and not view.hardware.saving
            assert any(p.startswith(("Scores cannot be saved", "Database busy"))
                       for p in view.hardware.problems)
            assert store.top_score(GAME, "R01", 3, "points") == score
            assert "R01" in store.progress(GAME) and store.setting("volume") == 0.4
            controller.act("next")
            choices = {c.id: c for c in controller.view.payload.choices}
            assert not choices["R02"].locked and choices["R01"].top_score == score
            faulty.heal()
        clock.advance(write_behind.RETRY_S)
        controller.pump()
        assert store.kept == 0 and store.problems == () and controller.view.hardware.saving
        assert database_now(path) == saved_without_faults
    finally:
        controller.close()
    told = heard.problems
    assert all(not p.startswith("Something went wrong") and p != NOT_SAVED for p in told)
    if lasting == "once" and not told:
        return  # healed before the next pump: the next write saved both, nothing to tell
    assert told[-1] == SAVED_AGAIN, told
    warning = {"full": "Scores cannot be saved: the disk is full — free space; nothing is "
                       "lost while the kiosk stays on",
               "busy": "Database busy — retrying",
               "read-only": "Scores cannot be saved: ",
               "disk error": "Scores cannot be saved: the disk reports an error"}[kind]
    assert told[0].startswith(warning), told
