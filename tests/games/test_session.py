"""The routine's state machine: transitions, refusals, timer, captain, time, replay."""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.games.sync_or_swim import session as session_module
from kiosk.games.sync_or_swim.requirements import CardTest, Clause, Element, Mode, Twist
from kiosk.games.sync_or_swim.routines import RoutineDef, Timing
from kiosk.games.sync_or_swim.session import (
    ALLOWED,
    Action,
    Entry,
    IllegalTransition,
    Session,
    SessionError,
    State,
    TimingError,
)

TIMING = Timing(base_seconds=15, seconds_per_element=5, penalty_seconds=10)
ELEMENTS = tuple(
    Element(f"E{n}", f"Element {n}", Mode.EACH, options=(Clause(each=CardTest(colour=c)),))
    for n, c in enumerate(("blue", "green", "yellow", "blue", "green"), start=1))


def routine(twist_round: int = 6, extra_seconds: int = 0,
            sudden_depth: bool = True) -> RoutineDef:
    twist = Twist("T1", "Sudden Depth", "pass your hand left", sudden_depth=sudden_depth,
                  extra_seconds=extra_seconds)
    return RoutineDef("r1", "First routine", ELEMENTS, twist, twist_round)


def new(seats=(1, 2, 3), captain=1, **kwargs) -> Session:
    return Session(routine(**kwargs), TIMING, seats, captain)


def play_round(s: Session, now: float, in_sync: bool = True) -> float:
    """SWIM, stop 10 s later, verdict 1 s later; returns the verdict's time."""
    s.swim(now)
    s.stop(now + 10)
    s.record_verdict(in_sync, now + 11)
    return now + 11


def reach(state: State) -> Session:
    """A fresh session driven into ``state`` at times 0..."""
    s = new()
    if state is State.SETUP:
        return s
    s.begin(0)
    if state is State.ROUND_READY:
        return s
    if state is State.ABANDONED:
        s.abandon(1)
        return s
    if state is State.FINISHED:
        now = 1.0
        for _ in range(6):
            now = play_round(s, now) + 1
            s.next_round(now)
        return s
    s.swim(1)
    if state is State.PRACTICE:
        return s
    if state is State.TIME_OUT:
        s.time_out(21)
        return s
    s.stop(5)
    if state is State.PERFORMANCE:
        return s
    s.record_verdict(state is State.IN_SYNC, 6)
    return s


def act(s: Session, action: Action, now: float) -> None:
    method = getattr(s, action.value)
    if action is Action.RECORD_VERDICT:
        method(True, now)
    elif action is Action.OVERRIDE_VERDICT:
        method(s.state is not State.IN_SYNC, now)
    else:
        method(now)


def snapshot(s: Session) -> tuple:
    return (s.state, s.round_number, s.captain, s.deadline, s.records, s.history,
            s.last_verdict, s.total_seconds)


def test_doctests():
    assert doctest.testmod(session_module).failed == 0


# -- the transition table -------------------------------------------------------------

EXPECTED_TARGETS = {
    (State.SETUP, Action.BEGIN): State.ROUND_READY,
    (State.ROUND_READY, Action.SWIM): State.PRACTICE,
    (State.PRACTICE, Action.TIME_OUT): State.TIME_OUT,
    (State.PRACTICE, Action.STOP): State.PERFORMANCE,
    (State.TIME_OUT, Action.TRY_AGAIN): State.ROUND_READY,
    (State.PERFORMANCE, Action.RECORD_VERDICT): State.IN_SYNC,
    (State.IN_SYNC, Action.NEXT_ROUND): State.ROUND_READY,
    (State.IN_SYNC, Action.OVERRIDE_VERDICT): State.NOT_IN_SYNC,
    (State.NOT_IN_SYNC, Action.OVERRIDE_VERDICT): State.IN_SYNC,
    (State.NOT_IN_SYNC, Action.REPLAY): State.ROUND_READY,
    **{(state, Action.ABANDON): State.ABANDONED
       for state in State if state not in (State.FINISHED, State.ABANDONED)},
}

ILLEGAL = [(state, action) for state in State for action in Action
           if (state, action) not in EXPECTED_TARGETS]


def test_allowed_table_matches_the_documented_transitions():
    for state in State:
        assert ALLOWED[state] == {a for (s, a) in EXPECTED_TARGETS if s is state}, state


@pytest.mark.parametrize(("state", "action"), sorted(EXPECTED_TARGETS, key=str))
def test_every_legal_transition(state, action):
    s = reach(state)
    assert s.state is state
    now = s.history[-1].now + 30 if s.history else 0  # 30 s: past any round-1 deadline
    if action is Action.STOP:
        now = s.deadline
    act(s, action, now)
    assert s.state is EXPECTED_TARGETS[(state, action)]
    assert s.history[-1].action == action.value and s.history[-1].now == now


@pytest.mark.parametrize(("state", "action"), ILLEGAL)
def test_every_illegal_transition_is_refused_by_name(state, action):
    s = reach(state)
    before = snapshot(s)
    with pytest.raises(IllegalTransition) as error:
        act(s, action, 1000)
    message = str(error.value)
    assert state.name in message and action.value in message
    assert error.value.state is state and error.value.action is action
    assert error.value.allowed == ALLOWED[state]
    for allowed in ALLOWED[state]:
        assert allowed.value in message
    assert isinstance(error.value, ValueError)
    assert snapshot(s) == before


def test_illegal_transition_message_reads_as_a_sentence():
    s = new()
    with pytest.raises(IllegalTransition) as error:
        s.stop(3)
    assert str(error.value) == "cannot stop in state SETUP; allowed now: abandon, begin"
    done = reach(State.FINISHED)
    with pytest.raises(IllegalTransition, match="allowed now: nothing, it is over"):
        done.swim(500)


# -- timer --------------------------------------------------------------------------

def test_swim_starts_a_timer_from_elements_failures_and_twist_extras():
    s = new(twist_round=2, extra_seconds=7)
    s.begin(0)
    s.swim(10)
    assert s.deadline == 10 + 15 + 5 * 1 and s.time_left(12) == 18
    s.stop(20)
    s.record_verdict(True, 21)
    s.next_round(22)  # round 2: the twist; still one element
    s.swim(30)
    assert s.deadline == 30 + 15 + 5 + 7
    s.time_out(57)
    s.try_again(58)
    s.swim(60)
    assert s.deadline == 60 + 15 + 5 + 7 + 10  # one failure this round
    assert s.timer_seconds == 37


def test_time_left_is_none_outside_practice_and_never_negative():
    s = new()
    assert s.time_left(0) is None and s.deadline is None
    s.begin(0)
    s.swim(0)
    assert s.time_left(5) == 15
    assert s.time_left(25) == 0.0
    s.time_out(25)
    assert s.time_left(25) is None and s.deadline is None


def test_time_out_before_the_deadline_is_refused():
    s = reach(State.PRACTICE)  # swim at 1, deadline 21
    with pytest.raises(TimingError, match="early: the timer runs until 21 s"):
        s.time_out(20.5)
    assert s.state is State.PRACTICE and s.history[-1].action == "swim"
    s.time_out(21)  # exactly at the deadline is fine
    assert s.state is State.TIME_OUT


def test_stop_after_the_deadline_is_a_time_out():
    s = reach(State.PRACTICE)
    with pytest.raises(TimingError, match="too late.*time_out"):
        s.stop(21.01)
    assert s.state is State.PRACTICE
    s.stop(21)  # exactly at the deadline still counts
    assert s.state is State.PERFORMANCE


@pytest.mark.parametrize("bad", [-0.5, math.nan, math.inf, "5"])
def test_times_must_be_numbers_that_never_go_backwards(bad):
    s = new()
    s.begin(0)
    with pytest.raises(TimingError):
        s.swim(bad)
    assert s.state is State.ROUND_READY and len(s.history) == 1


# -- captain, rounds ------------------------------------------------------------------

def test_captain_passes_left_with_three_seats_on_every_verdict_and_try_again():
    s = new(seats=(2, 5, 1), captain=5)
    s.begin(0)
    captains = [s.captain]
    s.swim(1)
    s.stop(2)
    s.record_verdict(False, 3)
    captains.append(s.captain)
    s.replay(4)
    s.swim(5)
    s.time_out(s.deadline)
    assert s.captain == captains[-1]  # a time out alone does not pass the role
    s.try_again(40)
    captains.append(s.captain)
    play_round(s, 41)
    captains.append(s.captain)
    assert captains == [5, 1, 2, 5]


def test_captain_passes_left_round_the_six_seat_table():
    seats = (6, 3, 1, 4, 2, 5)
    s = new(seats=seats, captain=4)
    s.begin(0)
    seen = []
    now = 1.0
    for _ in range(6):
        now = play_round(s, now) + 1
        seen.append(s.captain)
        s.next_round(now)
    assert seen == [2, 5, 6, 3, 1, 4]
    assert s.state is State.FINISHED and s.captain == 4


def test_override_does_not_pass_the_captain_again():
    s = reach(State.NOT_IN_SYNC)
    captain = s.captain
    s.override_verdict(True, 7)
    assert s.captain == captain == 2


def test_rounds_add_elements_then_the_twist_then_finish():
    s = new(twist_round=3)
    s.begin(0)
    seen = []
    now = 1.0
    while s.state is not State.FINISHED:
        seen.append((s.round_number, [e.id for e in s.elements_in_force],
                     [t.id for t in s.twists_in_force], s.lane_count, s.sudden_depth,
                     s.added.id))
        now = play_round(s, now) + 1
        s.next_round(now)
    assert seen == [
        (1, ["E1"], [], 1, False, "E1"),
        (2, ["E1", "E2"], [], 2, False, "E2"),
        (3, ["E1", "E2"], ["T1"], 2, True, "T1"),
        (4, ["E1", "E2", "E3"], ["T1"], 3, True, "E3"),
        (5, ["E1", "E2", "E3", "E4"], ["T1"], 4, True, "E4"),
        (6, ["E1", "E2", "E3", "E4", "E5"], ["T1"], 5, True, "E5"),
    ]
    assert s.round_number == 6
    assert [(r.round_number, r.added_kind, r.added_id) for r in s.records] == [
        (1, "element", "E1"), (2, "element", "E2"), (3, "twist", "T1"),
        (4, "element", "E3"), (5, "element", "E4"), (6, "element", "E5")]
    assert all(r.in_sync and r.attempts == 1 for r in s.records)


def test_failed_rounds_are_replayed_not_advanced():
    s = new()
    s.begin(0)
    play_round(s, 1, in_sync=False)
    s.replay(13)
    assert s.round_number == 1 and s.state is State.ROUND_READY and len(s.records) == 1
    s.swim(14)
    s.time_out(s.deadline)
    s.try_again(50)
    assert s.round_number == 1 and len(s.records) == 1


# -- time accounting -----------------------------------------------------------------

def test_time_accounting_with_a_fake_clock():
    s = new()
    s.begin(100)
    s.swim(110)  # the wait before the first SWIM is free
    s.stop(130)  # 20 s practice
    s.record_verdict(True, 131)
    s.next_round(140)
    s.swim(150)  # 20 s between (130 -> 150)
    assert s.deadline == 175
    s.time_out(175)  # 25 s practice
    s.try_again(180)  # +10 s
    s.swim(185)  # 10 s between (175 -> 185)
    assert s.deadline == 185 + 25 + 10
    s.stop(200)  # 15 s practice
    s.record_verdict(False, 201)  # +10 s
    s.replay(205)
    s.swim(210)  # 10 s between
    assert s.deadline == 210 + 25 + 20
    s.stop(230)  # 20 s practice
    s.record_verdict(True, 231)
    first, second = s.records
    assert (first.practice_seconds, first.between_seconds, first.penalty_seconds,
            first.attempts, first.retries) == (20, 0, 0, 1, 0)
    assert (second.practice_seconds, second.between_seconds, second.penalty_seconds) == (
        60, 40, 20)
    assert (second.attempts, second.time_outs, second.not_in_syncs, second.retries) == (
        3, 1, 1, 2)
    assert second.total_seconds == 120
    assert (s.practice_seconds, s.between_seconds, s.penalty_seconds) == (80, 40, 20)
    assert s.total_seconds == 140


def test_abandoning_a_practice_charges_its_time():
    s = reach(State.PRACTICE)  # swim at 1
    s.abandon(9)
    assert s.records[0].practice_seconds == 8 and s.is_over


def test_override_to_in_sync_removes_the_penalty_and_failure():
    s = reach(State.NOT_IN_SYNC)
    assert s.penalty_seconds == 10 and s.records[0].retries == 1
    s.override_verdict(True, 7)
    record = s.records[0]
    assert s.state is State.IN_SYNC and record.in_sync and s.last_verdict is True
    assert (record.penalty_seconds, record.not_in_syncs, record.overrides) == (0, 0, 1)
    assert s.history[-1] == Entry("override_verdict", 7.0, (True,))
    s.next_round(8)
    assert s.round_number == 2


def test_override_to_not_in_sync_adds_the_penalty_and_lengthens_the_next_timer():
    s = reach(State.IN_SYNC)
    s.override_verdict(False, 7)
    assert s.state is State.NOT_IN_SYNC and s.penalty_seconds == 10
    assert s.records[0].not_in_syncs == 1 and not s.records[0].in_sync
    s.replay(8)
    s.swim(9)
    assert s.deadline == 9 + 20 + 10


def test_override_to_the_same_verdict_is_refused():
    s = reach(State.IN_SYNC)
    with pytest.raises(IllegalTransition, match="IN_SYNC.*already is IN SYNC"):
        s.override_verdict(True, 7)
    assert s.records[0].overrides == 0


# -- construction and replay ----------------------------------------------------------

@pytest.mark.parametrize(("seats", "captain", "words"), [
    ((1, 2), 1, "3 to 6 distinct seats"),
    ((1, 2, 3, 4, 5, 6, 7), 1, "3 to 6 distinct seats"),
    ((1, 2, 2), 1, "3 to 6 distinct seats"),
    ((1, 2, 3), 4, "captain's seat 4"),
])
def test_bad_tables_are_refused(seats, captain, words):
    with pytest.raises(SessionError, match=words):
        new(seats=seats, captain=captain)


def test_from_history_rebuilds_an_identical_session():
    s = new(seats=(3, 1, 4, 2), captain=4, twist_round=2, extra_seconds=5)
    s.begin(0)
    play_round(s, 3, in_sync=False)
    s.override_verdict(True, 15)
    s.next_round(16)
    s.swim(20)
    s.time_out(s.deadline)
    s.try_again(60)
    play_round(s, 62)
    s.next_round(80)
    s.swim(81)  # mid-practice: the power cut
    rebuilt = Session.from_history(s.routine, s.timing, s.seats, s.first_captain, s.history)
    assert snapshot(rebuilt) == snapshot(s)
    assert rebuilt.time_left(90) == s.time_left(90)
    as_json = [list(entry) for entry in s.history]  # the journal as stored on disk
    assert snapshot(Session.from_history(s.routine, s.timing, s.seats, 4, as_json)) == (
        snapshot(s))


def test_from_history_refuses_unknown_or_illegal_journals():
    r = routine()
    with pytest.raises(SessionError, match="unknown action 'dance'"):
        Session.from_history(r, TIMING, (1, 2, 3), 1, [("begin", 0, ()), ("dance", 1, ())])
    with pytest.raises(IllegalTransition):
        Session.from_history(r, TIMING, (1, 2, 3), 1, [("swim", 0, ())])


step = st.tuples(st.sampled_from(list(Action)), st.floats(0, 40), st.booleans())


@settings(max_examples=200, deadline=None)
@given(steps=st.lists(step, max_size=60), seat_count=st.integers(3, 6))
def test_random_play_keeps_its_books_and_replays(steps, seat_count):
    s = new(seats=tuple(range(1, seat_count + 1)), twist_round=4, extra_seconds=3)
    now = 0.0
    for action, gap, flag in steps:
        if action is Action.ABANDON and not flag:
            continue  # keep most runs alive
        now += gap
        try:
            if action in (Action.RECORD_VERDICT, Action.OVERRIDE_VERDICT):
                getattr(s, action.value)(flag, now)
            else:
                getattr(s, action.value)(now)
        except TimingError:
            assert action in (Action.STOP, Action.TIME_OUT)
        except IllegalTransition:
            assert action not in ALLOWED[s.state] or action is Action.OVERRIDE_VERDICT
    assert math.isclose(s.total_seconds,
                        s.practice_seconds + s.between_seconds + s.penalty_seconds)
    try_agains = sum(1 for e in s.history if e.action == "try_again")
    assert s.penalty_seconds == 10 * (try_agains + sum(r.not_in_syncs for r in s.records))
    assert s.between_seconds <= now and s.practice_seconds <= now
    assert [r.round_number for r in s.records] == list(range(1, len(s.records) + 1))
    rebuilt = Session.from_history(s.routine, s.timing, s.seats, 1, s.history)
    assert snapshot(rebuilt) == snapshot(s)
