"""A real small disk: a 1 MB tmpfs that fills up in the middle of a round, or is
read-only when the kiosk starts. The routine goes on, staff read what to do, and the
score is in the file once the disk takes writes — at once or after the routine.
(A tmpfs with files open cannot be remounted read-only, so a disk turning read-only
while running is covered by test_write_faults, with SQLite's own SQLITE_READONLY.)

Mounting needs root (and a kernel that lets this container mount tmpfs); elsewhere
these tests are skipped with the reason, and test_write_faults covers every write
point with SQLite's own errors.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess

import pytest
from routine import play_routine

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store import write_behind
from kiosk.store.write_behind import WriteBehindStore
from kiosk.table.api import ControllerListener
from kiosk.table.controller import SAVED_AGAIN, TableController
from kiosk.table.games.sync_or_swim.view import Phase

FULL = ("Scores cannot be saved: the disk is full — free space; nothing is lost while "
        "the kiosk stays on")


def mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)


@pytest.fixture
def tiny_disk(tmp_path):
    """A 1 MB tmpfs mounted at a temporary folder, unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    point = tmp_path / "disk"
    point.mkdir()
    mounted = mount("-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", str(point))
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    yield point
    subprocess.run(["umount", "-l", str(point)], capture_output=True, timeout=30)


def fill(disk) -> None:
    """Write a file until the disk says it is full."""
    descriptor = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(descriptor)


class Heard(ControllerListener):
    def __init__(self) -> None:
        self.problems: list[str] = []

    def on_problem(self, message: str) -> None:
        self.problems.append(message)


def table_on(path):
    clock = ManualClock(500.0)
    store = WriteBehindStore.open(path, clock=clock)
    controller = TableController(clock=clock, store=store)
    heard = Heard()
    controller.set_listener(heard)
    return controller, clock, store, heard


def saved_results(path):
    """The results in the file, read by another program; none may be left half-written
    (no open journal once a result is there)."""
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert reader.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        results = reader.execute("SELECT played, players, score FROM results").fetchall()
        still_open = reader.execute("SELECT COUNT(*) FROM journals WHERE closed = 0")
        assert still_open.fetchone() == ((0,) if results else (1,))
        return results
    finally:
        reader.close()


@pytest.mark.parametrize("freed", ["at once", "after the routine"])
def test_the_disk_fills_in_the_middle_of_a_round(tiny_disk, freed):
    path = tiny_disk / "kiosk" / "kiosk.sqlite3"
    controller, clock, store, heard = table_on(path)

    def disk_fills() -> None:
        fill(tiny_disk)
        clock.advance(5.0)
        controller.act("stop_on_screen")  # the stop's journal entry meets the full disk
        assert controller.view.phase is Phase.JUDGE_BY_HAND
        assert not controller.view.hardware.saving
        assert FULL in controller.view.hardware.problems and heard.problems == [FULL]
        if freed == "at once":
            (tiny_disk / "filler").unlink()

    try:
        play_routine(controller, clock, in_practice=disk_fills)
        score = controller.view.payload.score.score
        if freed == "after the routine":
            assert store.kept > 0 and saved_results(path) == []
            (tiny_disk / "filler").unlink()
        clock.advance(write_behind.RETRY_S)
        controller.pump()
        assert store.kept == 0 and controller.view.hardware.saving
        assert saved_results(path) == [("R01", 3, score)]
        assert heard.problems[-1] == SAVED_AGAIN
    finally:
        controller.close()


def test_a_read_only_disk_at_start_is_named_and_opened_once_writable(tiny_disk):
    path = tiny_disk / "kiosk.sqlite3"
    WriteBehindStore.open(path).close()
    assert mount("-o", "remount,ro", str(tiny_disk)).returncode == 0
    controller, clock, store, heard = table_on(path)
    try:
        assert store.db is None and not controller.view.hardware.saving
        controller.pump()
        assert heard.problems[0].startswith("Scores cannot be saved: ")
        assert "read-only file system" in heard.problems[0]
        play_routine(controller, clock)
        score = controller.view.payload.score.score
        assert mount("-o", "remount,rw", str(tiny_disk)).returncode == 0
        clock.advance(write_behind.RETRY_S)
        controller.pump()
        assert store.kept == 0 and saved_results(path) == [("R01", 3, score)]
    finally:
        controller.close()
