"""The process the kill loop shoots: a table playing Sync or Swim routines forever.

Run as ``python kill_child.py DATABASE``. It imports everything once and waits on
stdin; each ``run SEED`` line forks a *worker* that opens the database, builds the
real :class:`~kiosk.table.controller.TableController` (no hardware: the on-screen
stop and judging by hand) on a fake clock that starts near zero like a rebooted Pi's,
and plays random routines until it is killed. Forking from this warm process makes a
restart take milliseconds instead of a fresh interpreter's import time.

Lines on stdout (each one ``os.write``, so a kill never leaves half a line):

- ``PID n`` (from this process) — the worker to kill;
- ``BOOT PHASE round resumed`` — what the worker came up as;
- ``RESULT routine players score total abandoned`` — written after ``add_result``
  committed;
- ``ENTRY journal seq action now`` — written after ``append_journal`` committed;
- ``PROBLEM text`` — the controller reported a problem (a refused command or a caught
  bug: the loop must never produce one);
- ``DEAD n status`` (from this process) — the worker is gone and reaped.
"""

from __future__ import annotations

import faulthandler
import os
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from kiosk.games.sync_or_swim.library import load_content  # noqa: E402
from kiosk.hardware.sim_gpio import ManualClock  # noqa: E402
from kiosk.paths import config_dir  # noqa: E402
from kiosk.store import SQLiteStore  # noqa: E402
from kiosk.table.api import ControllerListener  # noqa: E402
from kiosk.table.controller import TableController  # noqa: E402
from kiosk.table.games.sync_or_swim import table as sync_or_swim  # noqa: E402
from kiosk.table.games.sync_or_swim.view import Phase  # noqa: E402

MAX_WORKER_SECONDS = 30.0  # a worker the parent forgot must not run forever


def say(*words: object) -> None:
    os.write(1, (" ".join(str(w) for w in words) + "\n").encode())


class AckStore(SQLiteStore):
    """Says what was committed, right after the commit."""

    def add_result(self, game, result):
        super().add_result(game, result)
        say("RESULT", result.played, result.players, result.score,
            repr(float(result.seconds)), int(result.abandoned))

    def append_journal(self, journal_id, action, now, args=()):
        super().append_journal(journal_id, action, now, args)
        with self.db.read() as sql:
            (count,) = sql.execute("SELECT COUNT(*) FROM journal_entries WHERE journal_id = ?",
                                   (journal_id,)).fetchone()
        say("ENTRY", journal_id, count - 1, action, repr(float(now)))


class Problems(ControllerListener):
    def on_problem(self, message: str) -> None:
        say("PROBLEM", message.replace("\n", " "))


def step(controller: TableController, clock: ManualClock, rng: random.Random) -> None:
    """One thing a team (or staff) would do next in this phase."""
    view = controller.view
    phase = view.phase
    clock.advance(rng.uniform(0.0, 3.0))
    if phase is Phase.ATTRACT:
        controller.wake()
    elif phase is Phase.CHOOSING:
        playable = [c.id for c in view.payload.choices if not c.locked]
        controller.act("choose", players=rng.randint(3, 6), routine_id=rng.choice(playable))
    elif phase is Phase.SETUP:
        controller.act("begin")
    elif phase is Phase.ROUND_READY:
        if rng.random() < 0.01:
            controller.abandon()
        else:
            controller.act("swim")
    elif phase is Phase.PRACTICE:
        clock.advance(rng.uniform(0.0, 40.0))
        controller.pump()  # may time out
        if controller.view.phase is Phase.PRACTICE:
            controller.act("stop_on_screen")
    elif phase is Phase.TIME_OUT:
        controller.act("try_again")
    elif phase is Phase.JUDGE_BY_HAND:
        controller.act("judge_by_hand", in_sync=rng.random() < 0.8)
    elif phase is Phase.PERFORMANCE:
        if rng.random() < 0.05 and view.payload.verdict is not None:
            controller.act("override", in_sync=not view.payload.verdict.in_sync)
        controller.act("next")
    elif phase is Phase.SCORE:
        controller.act("next")
    else:
        raise SystemExit(f"unexpected phase {phase}: {view.problems}")


def work(database: Path, seed: int) -> None:
    rng = random.Random(seed)
    clock = ManualClock(rng.uniform(0.0, 100.0))
    store = AckStore(database)
    controller = TableController(clock=clock, store=store)
    controller.set_listener(Problems())
    view = controller.view
    say("BOOT", view.phase.name, view.payload.round_number or 0, int(view.resumed))
    deadline = time.monotonic() + MAX_WORKER_SECONDS
    while time.monotonic() < deadline:
        step(controller, clock, rng)


def main(database: str) -> None:
    content = load_content(config_dir())
    sync_or_swim.load_content = lambda _folder: content  # parsed once, here
    for line in sys.stdin:
        command, seed = line.split()
        pid = os.fork()
        if pid == 0:
            faulthandler.enable()  # a worker that crashes in C says where, on its stderr
            try:
                work(Path(database), int(seed))
            except BaseException:  # os._exit skips Python's report: say why here
                traceback.print_exc()
                sys.stderr.flush()
            finally:
                os._exit(3)
        say("PID", pid)
        _, status = os.waitpid(pid, 0)
        say("DEAD", pid, status)


if __name__ == "__main__":
    main(sys.argv[1])
