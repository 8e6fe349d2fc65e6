"""SIGKILL a table at random moments, again and again: nothing committed is ever lost.

``kill_child.py`` forks a worker that plays Sync or Swim routines through the real
controller on a SQLiteStore; after a random delay the worker is killed with SIGKILL
(mid-transaction, mid-resume, mid-migration of a new file — wherever it was) and the
next one starts on the same file. After every kill this test checks, with its own
read-only connection:

- ``PRAGMA integrity_check`` is ok;
- every result and journal entry the worker acknowledged (it says so right after each
  commit) is in the file, and at most one result per run was committed unacknowledged;
- every closed journal that ended its routine has its result (none lost in between);
- the open journal replays with ``Session.from_history``, and the next worker boots
  into exactly the round that journal implies (ROUND_READY, or the score if the last
  round was already won), saying it resumed.

Short mode (CI) makes 250 kills; ``KIOSK_LONG=1`` adds the 5,000-kill run.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kiosk.games.sync_or_swim.library import load_content
from kiosk.games.sync_or_swim.session import Session, State
from kiosk.paths import config_dir
from kiosk.table.games.sync_or_swim.resume import find_routine

CHILD = Path(__file__).with_name("kill_child.py")
GAME = "sync_or_swim"
SHORT_KILLS = 250
LONG_KILLS = 5000


@dataclass
class Tally:
    kills: int = 0
    boots_checked: int = 0
    resumed: int = 0
    finished: int = 0
    abandoned: int = 0
    entries: int = 0
    unacknowledged: int = 0
    acked_results: Counter = field(default_factory=Counter)
    acked_entries: dict = field(default_factory=dict)
    # where each kill landed: the last thing its worker said ("start-up" before BOOT,
    # "BOOT" before any commit, else the last committed journal action or "RESULT")
    landed: Counter = field(default_factory=Counter)

    def line(self, seconds: float) -> str:
        return (f"kill loop: {self.kills} kills in {seconds:.1f} s; {self.boots_checked} "
                f"restarts checked ({self.resumed} resumed a routine); {self.finished} "
                f"routines scored, {self.abandoned} abandoned, {self.entries} journal "
                f"entries acknowledged, {self.unacknowledged} commits caught before "
                f"their acknowledgement; 0 lost, 0 corrupt; kills landed after "
                f"{dict(self.landed.most_common())}")


class Lines:
    """Whole lines from a pipe, with a deadline (a stuck child fails, never hangs)."""

    def __init__(self, stream) -> None:
        self.fd = stream.fileno()
        self.buffer = b""

    def next(self, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(0.0, left))
            if not ready:
                raise AssertionError("the kill-loop child stopped talking")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise AssertionError("the kill-loop child exited")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()


@dataclass(frozen=True)
class FileState:
    results: Counter
    entries: dict  # journal id -> [(action, repr(now))]
    boot: tuple[str, int, int]  # what the next worker must come up as


def inspect(path: Path, content, journals: set[int] | None = None) -> FileState | None:
    """Check the file as the killed worker left it; None if it was never created.

    ``journals``: read the entries of these (and the open ones) only — reading every
    entry after every kill would make a long run quadratic; None reads them all."""
    if not path.exists():
        return None
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (integrity,) = connection.execute("PRAGMA integrity_check").fetchall()
        assert integrity == ("ok",), f"corrupt database after a kill: {integrity}"
        tables = {r[0] for r in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "journals" not in tables:  # killed before the first migration committed
            return FileState(Counter(), {}, ("ATTRACT", 0, 0))
        results = Counter(
            (r, str(n), str(s), repr(float(t)), str(a)) for r, n, s, t, a in
            connection.execute("SELECT played, players, score, seconds, "
                               "abandoned FROM results"))
        check_every_ended_routine_is_scored(connection)
        open_journals = [(jid, json.loads(setup)) for jid, setup in connection.execute(
            "SELECT id, setup FROM journals WHERE closed = 0 AND game = ? ORDER BY id",
            (GAME,))]
        wanted = None if journals is None else sorted(journals | {j for j, _ in open_journals})
        query = "SELECT journal_id, action, now, args FROM journal_entries"
        if wanted is not None:
            query += f" WHERE journal_id IN ({','.join(map(str, wanted)) or 'NULL'})"
        entries: dict[int, list] = {}
        for journal, action, now, args in connection.execute(
                query + " ORDER BY journal_id, seq"):
            entries.setdefault(journal, []).append((action, float(now), json.loads(args)))
    finally:
        connection.close()
    boot = expected_boot(open_journals, entries, content)
    acked_form = {j: [(a, repr(n)) for a, n, _ in rows] for j, rows in entries.items()}
    return FileState(results, acked_form, boot)


def check_every_ended_routine_is_scored(connection) -> None:
    """A journal that ends the routine (its 6th NEXT, or ABANDON) and is closed has its
    result; one still open may not have it yet (cut between the two commits)."""
    ended = Counter()
    for closed, nexts, last in connection.execute(
            "SELECT closed, (SELECT COUNT(*) FROM journal_entries e WHERE e.journal_id = j.id "
            " AND e.action = 'next_round'), (SELECT action FROM journal_entries e WHERE "
            " e.journal_id = j.id ORDER BY seq DESC LIMIT 1) FROM journals j"):
        kind = 1 if last == "abandon" else 0 if nexts == 6 else None
        if kind is not None:
            ended[kind, bool(closed)] += 1
    scored = Counter(dict(connection.execute(
        "SELECT abandoned, COUNT(*) FROM results GROUP BY abandoned")))
    for kind in (0, 1):
        closed, still_open = ended[kind, True], ended[kind, False]
        assert closed <= scored[kind] <= closed + still_open, (
            f"{'abandoned' if kind else 'finished'} routines: {closed} closed journals, "
            f"{still_open} open, but {scored[kind]} results")


def expected_boot(open_journals, entries, content) -> tuple[str, int, int]:
    """Replay the journal the resume will pick and say where the table must come up."""
    live = list(open_journals)
    while len(live) > 1 and len(entries.get(live[-1][0], ())) < live[-1][1].get("copied", 0):
        live.pop()  # a copy cut short: the resume drops it
    if not live:
        return ("ATTRACT", 0, 0)
    journal, setup = live[-1]
    history = [(a, n, tuple(args)) for a, n, args in entries.get(journal, ())]
    session = Session.from_history(find_routine(content, setup["routine_id"]),
                                   content.timing, setup["seats"], setup["captain"], history)
    state, number = session.state, session.round_number
    assert 1 <= number <= 6
    if state in (State.FINISHED, State.ABANDONED):
        return ("ATTRACT", 0, 0)
    if state is State.IN_SYNC:
        return ("SCORE", 0, 1) if number == 6 else ("ROUND_READY", number + 1, 1)
    return ("ROUND_READY", number, 1)


def run_kill_loop(tmp_path: Path, kills: int, seed: int) -> Tally:
    database = tmp_path / "kiosk.sqlite3"
    content = load_content(config_dir())
    rng = random.Random(seed)
    tally = Tally()
    with open(tmp_path / "child.err", "wb") as errors:
        child = subprocess.Popen([sys.executable, str(CHILD), str(database)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors)
        try:
            kill_again_and_again(child, database, content, rng, kills, tally, tmp_path)
        finally:
            child.stdin.close()
            child.wait(10)
    return tally


def how_it_ended(status: int) -> str:
    """A wait status in words: which signal, or which exit code."""
    if os.WIFSIGNALED(status):
        return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit code {os.WEXITSTATUS(status)}"


def kill_again_and_again(child, database, content, rng, kills, tally, tmp_path) -> None:
    lines = Lines(child.stdout)
    known = FileState(Counter(), {}, ("ATTRACT", 0, 0))
    while tally.kills < kills:
        child.stdin.write(f"run {rng.randrange(1 << 30)}\n".encode())
        child.stdin.flush()
        heard = [lines.next()]
        while not heard[-1].startswith("PID "):
            heard.append(lines.next())
        pid = int(heard.pop().split()[1])
        # on a busy machine the forked worker can run first and say BOOT (and more)
        # before its parent says PID: those lines are already in ``heard``
        booted = any(line.startswith("BOOT") for line in heard)
        if rng.random() < 0.7 and not booted:
            # most kills land after the worker is up, however slow a busy machine makes
            # its start, so the resume is checked often; the rest hit start-up itself
            heard.append(lines.next())
            while not heard[-1].startswith(("BOOT", f"DEAD {pid} ")):
                heard.append(lines.next())
            if heard[-1].startswith("DEAD"):
                raise AssertionError(f"the worker died by itself before BOOT "
                                     f"({how_it_ended(int(heard[-1].split()[2]))}):\n"
                                     + (tmp_path / "child.err").read_text()[-3000:])
        time.sleep(rng.uniform(0.0, 0.004) if rng.random() < 0.2
                   else rng.uniform(0.004, 0.06))
        os.kill(pid, signal.SIGKILL)
        heard.append(lines.next())
        while not heard[-1].startswith(f"DEAD {pid} "):
            heard.append(lines.next())
        status = int(heard.pop().split()[2])
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"the worker died by itself ({how_it_ended(status)}):\n"
            + (tmp_path / "child.err").read_text()[-3000:])
        tally.kills += 1
        tally.landed[landing(heard)] += 1
        touched = {int(line.split()[1]) for line in heard if line.startswith("ENTRY ")}
        everything = tally.kills % 100 == 0 or tally.kills == kills
        after = inspect(database, content, None if everything else touched)
        known = check_run(heard, known, after, tally, None if everything else touched)


def landing(heard: list[str]) -> str:
    """Where in its run a worker was killed, by the last thing it said."""
    for line in reversed(heard):
        kind, _, rest = line.partition(" ")
        if kind == "ENTRY":
            return rest.split()[2]
        if kind in ("RESULT", "BOOT"):
            return kind
    return "start-up"


def check_run(heard: list[str], before: FileState, after: FileState | None,
              tally: Tally, journals: set[int] | None = None) -> FileState:
    """Everything the worker said against the file it left behind."""
    results: Counter = Counter()
    for line in heard:
        kind, _, rest = line.partition(" ")
        if kind == "PROBLEM":
            raise AssertionError(f"the controller reported a problem: {rest}")
        if kind == "BOOT":
            phase, number, resumed = rest.split()
            assert (phase, int(number), int(resumed)) == before.boot, (
                f"restart came up as {rest}, the journal says {before.boot}")
            tally.boots_checked += 1
            tally.resumed += int(resumed)
        elif kind == "RESULT":
            row = tuple(rest.split())
            results[row] += 1
            tally.finished += row[4] == "0"
            tally.abandoned += row[4] == "1"
        elif kind == "ENTRY":
            journal, seq, action, now = rest.split()
            tally.acked_entries.setdefault(int(journal), {})[int(seq)] = (action, now)
            tally.entries += 1
    tally.acked_results += results
    if after is None:
        assert not tally.acked_results and not tally.acked_entries
        return before
    missing = tally.acked_results - after.results
    assert not missing, f"acknowledged results lost: {missing}"
    extra = sum(after.results.values()) - sum(before.results.values()) - sum(results.values())
    assert extra in (0, 1), f"{extra} results appeared unacknowledged in one run"
    tally.unacknowledged += extra
    for journal, acked in tally.acked_entries.items():
        if journals is not None and journal not in journals:
            continue
        kept = after.entries.get(journal, [])
        lost = {seq: entry for seq, entry in acked.items()
                if seq >= len(kept) or kept[seq] != entry}
        assert not lost, f"journal {journal} lost acknowledged entries {lost}; it holds {kept}"
    return after


def test_kill_loop_short(tmp_path):
    started = time.monotonic()
    tally = run_kill_loop(tmp_path, SHORT_KILLS, seed=20240501)
    print("\n" + tally.line(time.monotonic() - started))
    assert sum(tally.landed.values()) == tally.kills == SHORT_KILLS
    assert_kills_landed_all_over(tally)
    assert tally.boots_checked >= tally.kills // 2
    assert tally.resumed > 0 and tally.finished > 0


def assert_kills_landed_all_over(tally: Tally) -> None:
    """A loop whose kills all landed in one place (say, always while the worker starts)
    would prove little: they must hit start-up, a booted table before its first
    commit, and the middle of routines after several different kinds of commit."""
    assert tally.landed["start-up"] > 0 and tally.landed["BOOT"] > 0, tally.landed
    mid_routine = set(tally.landed) - {"start-up", "BOOT", "RESULT"}
    assert len(mid_routine) >= 4, f"kills landed after only {mid_routine}: {tally.landed}"


@pytest.mark.slow
def test_kill_loop_long(tmp_path):
    started = time.monotonic()
    tally = run_kill_loop(tmp_path, LONG_KILLS, seed=int(time.time()))
    print("\n" + tally.line(time.monotonic() - started))
    assert sum(tally.landed.values()) == tally.kills == LONG_KILLS
    assert_kills_landed_all_over(tally)
    # the file grows over a long run, so start-up (quick_check, the open journals) takes
    # longer and more kills land before BOOT: those test recovery, not the resume
    assert tally.boots_checked >= tally.kills // 10
    assert tally.resumed > 0 and tally.finished > 0
