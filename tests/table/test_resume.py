"""After a power cut the table reopens into the routine, at the start of the current round,
with the time used so far, and says so. A "crash" here closes the simulated hardware but
never the controller (closing it would abandon the routine, as staff shutting down do);
the next "boot" opens the same database with a clock that started again near zero."""

from __future__ import annotations

import logging

import pytest

from kiosk.games.sync_or_swim.session import Session, State
from kiosk.hardware.ports import LedMode, SeatLed
from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store import SQLiteStore
from kiosk.store.protocol import MemoryStore
from kiosk.table.compose import build_simulated
from kiosk.table.games.sync_or_swim.resume import find_routine
from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.table.resume import clock_shift

GAME = "sync_or_swim"


class Table:
    """One boot of the kiosk: a controller on the simulated table (no readers, so every
    Performance is judged by hand) over the database at ``path``."""

    def __init__(self, path, start: float = 1000.0, store=None) -> None:
        self.store = store if store is not None else SQLiteStore(path)
        self.clock = ManualClock(start)
        self.controller, self.sim = build_simulated(
            clock=self.clock, store=self.store, seats=(1, 2, 3, 4), readers=False)
        assert self.sim.wait_settled()
        self.controller.pump()
        self.down = False

    @property
    def view(self):
        return self.controller.view

    @property
    def session(self) -> Session | None:
        return self.controller.game.session

    def wait(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.controller.pump()

    def stop(self, after: float) -> None:
        self.clock.advance(after)
        self.sim.touch_both_pads()
        self.clock.advance(0.05)
        self.sim.release_pads()
        self.controller.pump()

    def start(self, players: int = 3, routine: str = "R01") -> None:
        self.controller.wake()
        self.controller.act("choose", players=players, routine_id=routine)
        self.controller.act("begin")
        assert self.view.phase is Phase.ROUND_READY

    def win_round(self, practice: float = 8.0, between: float = 4.0) -> None:
        self.controller.act("swim")
        self.stop(after=practice)
        assert self.view.phase is Phase.JUDGE_BY_HAND
        self.controller.act("judge_by_hand", in_sync=True)
        self.wait(between)
        self.controller.act("next")

    def crash(self) -> None:
        """The power goes: hardware threads stop, nothing is closed properly."""
        self.down = True
        self.sim.close()
        if isinstance(self.store, SQLiteStore):
            self.store.close()

    def shut_down(self) -> None:
        self.down = True
        self.controller.close()
        if isinstance(self.store, SQLiteStore):
            self.store.close()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "kiosk.sqlite3"


@pytest.fixture
def boots(db):
    made: list[Table] = []

    def boot(start: float = 7.0) -> Table:
        table = Table(db, start)
        made.append(table)
        return table

    yield boot
    for table in made:
        if not table.down:
            table.shut_down()


def assert_journal_replays(store) -> Session:
    """The open journal alone rebuilds the session the table now shows."""
    (journal,) = [j for j in store.open_journals() if j.game == GAME]
    from kiosk.games.sync_or_swim.library import load_content
    from kiosk.paths import config_dir

    content = load_content(config_dir())
    routine = find_routine(content, journal.setup["routine_id"])
    times = [e.now for e in journal.entries]
    assert times == sorted(times)
    return Session.from_history(routine, content.timing, journal.setup["seats"],
                                journal.setup["captain"], journal.entries)


def test_round_three_comes_back_with_the_time_used(boots):
    table = boots(1000.0)
    table.start()
    table.win_round(practice=8, between=4)
    table.win_round(practice=9, between=3)
    table.wait(20)  # the team reads round 3's new rule: never journaled, so not charged
    before = (table.view.payload.round_number, table.view.payload.captain, table.view.seats,
              table.view.timer_seconds)
    used = table.session.total_seconds + 3.05  # waiting from round 2's stop to NEXT
    assert used == pytest.approx(8 + 4.05 + 9 + 3.05)
    table.crash()

    table = boots(3.0)  # the Pi's monotonic clock started again
    view = table.view
    assert view.phase is Phase.ROUND_READY and view.resumed
    game = view.payload
    assert (game.round_number, game.captain, view.seats, view.timer_seconds) == before
    assert view.message.startswith(
        "Welcome back — the power went out; your routine continues at round 3 with 0:24 "
        "used. Round 3:")
    assert "Deal 2 cards each, then SWIM!" in view.message
    assert table.sim.gpio.gpio.seats.led_mode(view.payload.captain, SeatLed.YELLOW) is LedMode.ON
    assert assert_journal_replays(table.store).state is State.ROUND_READY
    resumed_at = table.session.history[-1].now

    table.wait(6)  # after the cut the wait counts again; the dark minutes do not
    table.controller.act("swim")
    assert not table.view.resumed and not table.view.message.startswith("Welcome")
    assert table.session.history[-1].now == pytest.approx(resumed_at + 6)
    table.stop(after=10)
    table.controller.act("judge_by_hand", in_sync=True)
    assert table.session.records[2].between_seconds == pytest.approx(3.05 + 6)
    table.wait(2)
    table.controller.act("next")
    for _ in range(3):
        table.win_round()
    assert table.view.phase is Phase.SCORE
    (result,) = table.store.results(GAME)
    last_stop = [e.now for e in table.store.journal(1).entries if e.action == "stop"][-1]
    assert result.seconds == pytest.approx(used + last_stop - resumed_at)
    assert table.store.open_journals() == ()
    assert table.store.progress(GAME) == {"R01"}


def test_a_practice_cut_short_starts_over_without_a_penalty(boots):
    table = boots(500.0)
    table.start()
    table.win_round(practice=8, between=5)
    table.controller.act("swim")
    timer = table.view.timer_seconds
    table.wait(7)  # the power dies 7 s into round 2's practice
    old_journal = table.store.open_journals()[0].id
    table.crash()

    table = boots(1.0)
    view = table.view
    assert (view.phase, view.payload.round_number, view.timer_seconds) == (
        Phase.ROUND_READY, 2, timer)
    assert view.resumed and "starts over, without a penalty" in view.message
    assert "with 0:13 used" in view.message  # 8 practice + 5 waiting; the 7 s are lost
    session = table.session
    assert session.failures_this_round == 0 and session.records[1].attempts == 0
    (journal,) = table.store.open_journals()
    assert journal.id != old_journal and journal.setup["resumed_from"] == old_journal
    assert table.store.journal(old_journal).closed
    assert [e.action for e in journal.entries][-1] == "next_round"  # the SWIM is gone

    table.crash()  # and again, straight after the resume
    table = boots(2.0)
    assert table.view.phase is Phase.ROUND_READY and table.view.payload.round_number == 2
    assert len(table.store.open_journals()) == 1


def test_a_verdict_not_yet_given_is_taken_back_but_its_seconds_kept(boots):
    table = boots(100.0)
    table.start()
    table.win_round(practice=8, between=5)
    table.controller.act("swim")
    table.stop(after=12)
    assert table.view.phase is Phase.JUDGE_BY_HAND
    table.crash()

    table = boots(0.5)
    assert (table.view.phase, table.view.payload.round_number) == (Phase.ROUND_READY, 2)
    assert "with 0:25 used" in table.view.message  # 8 + 5 + the 12 s practice
    table.controller.act("swim")
    assert table.session.records[1].between_seconds == pytest.approx(5 + 12.05)
    assert table.session.penalty_seconds == 0


def test_a_time_out_resumes_after_its_try_again(boots):
    table = boots(100.0)
    table.start()
    table.controller.act("swim")
    for _ in range(21):
        table.wait(1)
    assert table.view.phase is Phase.TIME_OUT
    table.crash()

    table = boots(1.0)
    view = table.view
    assert (view.phase, view.payload.round_number, view.payload.captain) == (
        Phase.ROUND_READY, 1, 2)
    assert view.timer_seconds == 30 and table.session.penalty_seconds == 10
    assert assert_journal_replays(table.store).state is State.ROUND_READY


def test_not_in_sync_resumes_at_the_same_round(boots):
    table = boots(100.0)
    table.start()
    table.controller.act("swim")
    table.stop(after=9)
    table.controller.act("judge_by_hand", in_sync=False)
    assert table.view.phase is Phase.PERFORMANCE
    table.crash()

    table = boots(1.0)
    assert (table.view.phase, table.view.payload.round_number) == (Phase.ROUND_READY, 1)
    assert table.session.failures_this_round == 1 and table.view.timer_seconds == 30
    assert "with 0:19 used" in table.view.message  # 9 practice + the 10 s penalty


def test_the_last_round_won_before_the_cut_is_scored_once(boots):
    table = boots(100.0)
    table.start()
    for _ in range(5):
        table.win_round()
    table.controller.act("swim")
    table.stop(after=8)
    table.controller.act("judge_by_hand", in_sync=True)  # round 6 IN SYNC, the score not yet shown
    table.crash()

    table = boots(1.0)
    assert table.view.phase is Phase.SCORE and table.view.resumed
    assert table.view.message.startswith("Welcome back — the power went out; your routine "
                                         "was complete")
    (result,) = table.store.results(GAME)
    assert not result.abandoned and table.store.progress(GAME) == {"R01"}
    assert table.store.open_journals() == ()
    table.crash()
    table = boots(1.0)
    assert table.view.phase is Phase.ATTRACT and not table.view.resumed
    assert len(table.store.results(GAME)) == 1


class PowerCut(BaseException):
    """Raised by the store at a chosen call: the process dies right there."""


class CutStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.cut_at: str | None = None
        self.appends_left: int | None = None

    def append_journal(self, journal_id, action, now, args=()):
        if self.appends_left is not None:
            if self.appends_left == 0:
                raise PowerCut
            self.appends_left -= 1
        super().append_journal(journal_id, action, now, args)

    def close_journal(self, journal_id: int) -> None:
        if self.cut_at == "close_journal":
            raise PowerCut
        super().close_journal(journal_id)


@pytest.mark.parametrize("last_round", [True, False])
def test_a_cut_between_the_result_and_closing_the_journal_loses_and_doubles_nothing(
        last_round):
    store = CutStore()
    table = Table(None, 100.0, store=store)
    table.start()
    for _ in range(5):
        table.win_round()
    store.cut_at = "close_journal"
    with pytest.raises(PowerCut):
        if last_round:
            table.controller.act("swim")
            table.stop(after=8)
            table.controller.act("judge_by_hand", in_sync=True)
            table.controller.act("next")
        else:
            table.controller.abandon()
    table.sim.close()
    (result,) = store.results(GAME)  # stored before the journal was to close
    assert result.abandoned is not last_round
    assert len(store.open_journals()) == 1
    store.cut_at = None

    table = Table(None, 1.0, store=store)
    assert len(store.results(GAME)) == 1 and store.open_journals() == ()
    assert store.progress(GAME) == ({"R01"} if last_round else frozenset())
    assert table.view.phase is Phase.ATTRACT
    table.shut_down()


def test_a_cut_while_copying_the_journal_keeps_the_original():
    store = CutStore()
    table = Table(None, 100.0, store=store)
    table.start()
    table.win_round(practice=8, between=5)
    table.controller.act("swim")
    table.sim.close()  # cut mid-practice: the next boot copies the journal
    (original,) = store.open_journals()
    store.appends_left = 3
    with pytest.raises(PowerCut):
        Table(None, 1.0, store=store)  # ... and the power goes again during the copy
    assert len(store.open_journals()) == 2
    store.appends_left = None

    table = Table(None, 2.0, store=store)
    assert (table.view.phase, table.view.payload.round_number) == (Phase.ROUND_READY, 2)
    (journal,) = store.open_journals()
    assert journal.setup["resumed_from"] == original.id
    assert len(journal.entries) == journal.setup["copied"] == len(original.entries) - 1
    table.shut_down()


def test_a_journal_that_cannot_be_replayed_is_closed_and_the_table_starts(db, caplog):
    with SQLiteStore(db) as store:
        journal = store.open_journal(GAME, {"routine_id": "R404", "players": 3,
                                            "seats": [1, 2, 3], "captain": 1})
        store.append_journal(journal, "begin", 5.0)
    with caplog.at_level(logging.ERROR):
        table = Table(db, 1.0)
    try:
        assert table.view.phase is Phase.ATTRACT and not table.view.resumed
        assert table.store.open_journals() == ()
        assert any("cannot be resumed" in r.getMessage() for r in caplog.records)
    finally:
        table.shut_down()


def test_a_random_routine_is_rebuilt_from_its_seed(boots):
    table = boots(100.0)
    table.controller.wake()
    table.controller.staff("unlock_all", on=True)
    routine_id = table.controller.act("random_routine", seed=5)
    table.controller.act("choose", players=4, routine_id=routine_id)
    table.controller.act("begin")
    table.win_round()
    rules = table.view.payload.rules
    table.crash()

    table = boots(1.0)
    assert (table.view.payload.routine_id, table.view.payload.round_number) == (routine_id, 2)
    assert table.view.payload.rules == rules and table.view.payload.players == 4


def test_begin_journaled_but_not_yet_recorded_resumes_at_round_one(db):
    with SQLiteStore(db) as store:
        store.open_journal(GAME, {"routine_id": "R01", "players": 3, "seats": [1, 2, 3],
                                  "captain": 1})
    table = Table(db, 1.0)
    try:
        assert (table.view.phase, table.view.payload.round_number) == (Phase.ROUND_READY, 1)
        assert table.view.resumed and "with 0:00 used" in table.view.message
        assert [e.action for e in table.store.open_journals()[0].entries] == ["begin"]
    finally:
        table.shut_down()


@pytest.mark.parametrize("now,last", [(0.1, 1e9 + 0.3), (3.0, 4987.123456789),
                                      (7.7, 7.7), (9.0, 2.0)])
def test_the_shifted_clock_is_never_before_the_journal(now, last):
    store = MemoryStore()
    journal = store.open_journal(GAME, {})
    store.append_journal(journal, "begin", last)
    shift = clock_shift(store, now)
    assert now + shift >= last and shift >= 0
    assert shift == 0 or now + shift - last < 1e-6
