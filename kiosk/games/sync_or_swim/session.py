"""One routine as an explicit state machine: rounds, timer, captain, time and penalties.

The session never reads a clock. Every action takes ``now``, seconds from one monotonic
clock the controller owns, so a test drives it with plain numbers and a journal of
``(action, now, args)`` rebuilds it exactly after a power cut (:meth:`Session.from_history`).

States and the actions that leave them::

    SETUP --begin--> ROUND_READY --swim--> PRACTICE --stop--> PERFORMANCE
    PRACTICE --time_out--> TIME_OUT --try_again (+penalty)--> ROUND_READY (same round)
    PERFORMANCE --record_verdict--> IN_SYNC | NOT_IN_SYNC (+penalty)
    IN_SYNC --next_round--> ROUND_READY (next round) | FINISHED (after round 6)
    NOT_IN_SYNC --replay--> ROUND_READY (same round)
    IN_SYNC <--override_verdict--> NOT_IN_SYNC (staff correction)
    any state but FINISHED/ABANDONED --abandon--> ABANDONED

The captain role passes left (the next seat clockwise) on every TRY AGAIN and every
verdict. Time accounting: practice time runs from SWIM to the stop or the time out; the
time *between* practices runs from the end of one practice to the next SWIM and is
charged to the round of that next SWIM (the wait before the routine's first SWIM is
free); total = practice + between + penalties.

>>> from .requirements import Clause, Element, Mode, Twist
>>> elements = tuple(Element(f"E{n}", f"Element {n}", Mode.EACH, options=(Clause(),))
...                  for n in range(1, 6))
>>> routine = RoutineDef("r1", "First", elements, Twist("T", "Twist", ""), twist_round=6)
>>> session = Session(routine, Timing(), seats=(1, 2, 3), captain=1)
>>> session.begin(0.0); session.swim(5.0)
>>> session.deadline  # 15 s base + 5 s for one element
25.0
>>> session.stop(17.0); session.record_verdict(True, 18.0)
>>> session.state, session.captain, session.records[0].practice_seconds
(<State.IN_SYNC: 'in sync'>, 2, 12.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import Any, NamedTuple

from .requirements import Element, Twist
from .routines import ROUNDS, RoutineDef, Timing

MIN_SEATS = 3
MAX_SEATS = 6


class State(Enum):
    SETUP = "setup"
    ROUND_READY = "round ready"
    PRACTICE = "practice"
    TIME_OUT = "time out"
    PERFORMANCE = "performance"
    IN_SYNC = "in sync"
    NOT_IN_SYNC = "not in sync"
    FINISHED = "finished"
    ABANDONED = "abandoned"


FINAL_STATES = frozenset({State.FINISHED, State.ABANDONED})
VERDICT_STATES = frozenset({State.IN_SYNC, State.NOT_IN_SYNC})


class Action(StrEnum):
    """Named transitions; the value is the method name and the journal's word."""

    BEGIN = "begin"
    SWIM = "swim"
    TIME_OUT = "time_out"
    STOP = "stop"
    TRY_AGAIN = "try_again"
    RECORD_VERDICT = "record_verdict"
    OVERRIDE_VERDICT = "override_verdict"
    NEXT_ROUND = "next_round"
    REPLAY = "replay"
    ABANDON = "abandon"


ALLOWED: dict[State, frozenset[Action]] = {
    State.SETUP: frozenset({Action.BEGIN, Action.ABANDON}),
    State.ROUND_READY: frozenset({Action.SWIM, Action.ABANDON}),
    State.PRACTICE: frozenset({Action.STOP, Action.TIME_OUT, Action.ABANDON}),
    State.TIME_OUT: frozenset({Action.TRY_AGAIN, Action.ABANDON}),
    State.PERFORMANCE: frozenset({Action.RECORD_VERDICT, Action.ABANDON}),
    State.IN_SYNC: frozenset({Action.NEXT_ROUND, Action.OVERRIDE_VERDICT, Action.ABANDON}),
    State.NOT_IN_SYNC: frozenset({Action.REPLAY, Action.OVERRIDE_VERDICT, Action.ABANDON}),
    State.FINISHED: frozenset(),
    State.ABANDONED: frozenset(),
}
"""Which actions each state accepts (python-chess's ``legal_moves``, as a table)."""


class SessionError(ValueError):
    """Base of every refusal by a session."""


class IllegalTransition(SessionError):
    """An action the current state does not accept; names the state, the action and
    what is allowed now."""

    def __init__(self, state: State, action: Action, why: str = "") -> None:
        self.state, self.action = state, action
        self.allowed = ALLOWED[state]
        allowed = ", ".join(sorted(a.value for a in self.allowed)) or "nothing, it is over"
        because = f" ({why})" if why else ""
        super().__init__(f"cannot {action.value} in state {state.name}{because}; "
                         f"allowed now: {allowed}")


class TimingError(SessionError):
    """A time that cannot be right: earlier than the last action, not a number, a time
    out before the timer ran out, or a stop after it did."""


class Entry(NamedTuple):
    """One journal line: the action's name, its time and its other arguments."""

    action: str
    now: float
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class RoundRecord:
    """What happened in one round, for the score breakdown. Seconds are floats."""

    round_number: int
    added_kind: str  # "element" or "twist"
    added_id: str
    added_name: str
    practice_seconds: float = 0.0
    between_seconds: float = 0.0
    penalty_seconds: float = 0.0
    attempts: int = 0
    time_outs: int = 0
    not_in_syncs: int = 0
    overrides: int = 0
    in_sync: bool = False

    @property
    def retries(self) -> int:
        """Failures that made the team go again: time outs plus NOT IN SYNCs."""
        return self.time_outs + self.not_in_syncs

    @property
    def total_seconds(self) -> float:
        return self.practice_seconds + self.between_seconds + self.penalty_seconds


class Session:
    """A routine in play at one table. Read its state; change it only through actions."""

    def __init__(self, routine: RoutineDef, timing: Timing, seats: Sequence[int],
                 captain: int) -> None:
        seats = tuple(seats)
        if not MIN_SEATS <= len(seats) <= MAX_SEATS or len(set(seats)) != len(seats):
            raise SessionError(f"a routine needs {MIN_SEATS} to {MAX_SEATS} distinct seats, "
                               f"got {list(seats)}")
        if captain not in seats:
            raise SessionError(f"the first captain's seat {captain} is not among {list(seats)}")
        self.routine = routine
        self.timing = timing
        self.seats = seats
        self.first_captain = captain
        self.captain = captain
        self.state = State.SETUP
        self.round_number = 1
        self.deadline: float | None = None
        self.last_verdict: bool | None = None
        self._history: list[Entry] = []
        self._records: list[RoundRecord] = []
        self._swim_at: float | None = None
        self._practice_ended_at: float | None = None

    @classmethod
    def from_history(cls, routine: RoutineDef, timing: Timing, seats: Sequence[int],
                     captain: int, history: Iterable[Entry | tuple]) -> Session:
        """Rebuild a session by replaying its journal, e.g. after a power cut.

        (Named ``from_history`` because ``replay`` is the NOT IN SYNC action.)
        """
        session = cls(routine, timing, seats, captain)
        names = {a.value for a in Action}
        for line in history:
            entry = Entry(*line)
            if entry.action not in names:
                raise SessionError(f"the journal holds an unknown action {entry.action!r}")
            getattr(session, entry.action)(*entry.args, entry.now)
        return session

    # -- what the table shows ---------------------------------------------------------

    @property
    def history(self) -> tuple[Entry, ...]:
        return tuple(self._history)

    @property
    def records(self) -> tuple[RoundRecord, ...]:
        """One record per round reached so far, in order."""
        return tuple(self._records)

    @property
    def allowed_actions(self) -> frozenset[Action]:
        return ALLOWED[self.state]

    @property
    def is_over(self) -> bool:
        return self.state in FINAL_STATES

    @property
    def elements_in_force(self) -> tuple[Element, ...]:
        """Face-up elements this round; element *n* is judged in lane *n*."""
        return self.routine.elements_in_round(self.round_number)

    @property
    def twists_in_force(self) -> tuple[Twist, ...]:
        return self.routine.twists_in_round(self.round_number)

    @property
    def lane_count(self) -> int:
        return len(self.elements_in_force)

    @property
    def sudden_depth(self) -> bool:
        return any(t.sudden_depth for t in self.twists_in_force)

    @property
    def added(self) -> Element | Twist:
        """What this round added: the twist in its round, else the newest element."""
        if self.round_number == self.routine.twist_round:
            return self.routine.twist
        return self.elements_in_force[-1]

    @property
    def failures_this_round(self) -> int:
        return self._records[-1].retries if self._records else 0

    @property
    def timer_seconds(self) -> int:
        """The limit of this round's (next or running) practice."""
        extra = sum(t.extra_seconds for t in self.twists_in_force)
        return self.timing.round_limit(self.lane_count, self.failures_this_round, extra)

    def time_left(self, now: float) -> float | None:
        """Seconds left on the running timer (never below 0); None outside practice."""
        if self.state is not State.PRACTICE or self.deadline is None:
            return None
        return max(0.0, self.deadline - now)

    @property
    def practice_seconds(self) -> float:
        return sum(r.practice_seconds for r in self._records)

    @property
    def between_seconds(self) -> float:
        return sum(r.between_seconds for r in self._records)

    @property
    def penalty_seconds(self) -> float:
        return sum(r.penalty_seconds for r in self._records)

    @property
    def total_seconds(self) -> float:
        return self.practice_seconds + self.between_seconds + self.penalty_seconds

    # -- actions ----------------------------------------------------------------------

    def begin(self, now: float) -> None:
        """The captain chose the routine; round 1 is ready."""
        self._enter(Action.BEGIN, now)
        self._open_round()
        self.state = State.ROUND_READY

    def swim(self, now: float) -> None:
        """SWIM! starts the round timer."""
        self._enter(Action.SWIM, now)
        if self._practice_ended_at is not None:
            self._add(between_seconds=now - self._practice_ended_at)
        self._add(attempts=1)
        self._swim_at = now
        self.deadline = now + self.timer_seconds
        self.state = State.PRACTICE

    def time_out(self, now: float) -> None:
        """The timer ran out before the captain stopped it."""
        self._check(Action.TIME_OUT, now)
        assert self.deadline is not None
        if now < self.deadline:
            raise TimingError(f"time_out at {now:g} s is early: the timer runs until "
                              f"{self.deadline:g} s ({self.deadline - now:g} s left)")
        self._record(Action.TIME_OUT, now)
        self._end_practice(now)
        self._add(time_outs=1)
        self.state = State.TIME_OUT

    def stop(self, now: float) -> None:
        """The captain touched both stop pads: the Performance follows."""
        self._check(Action.STOP, now)
        assert self.deadline is not None
        if now > self.deadline:
            raise TimingError(f"stop at {now:g} s is too late: the timer ran out at "
                              f"{self.deadline:g} s, so this is a time_out")
        self._record(Action.STOP, now)
        self._end_practice(now)
        self.state = State.PERFORMANCE

    def try_again(self, now: float) -> None:
        """TRY AGAIN after a time out: +penalty, captain passes left, same round."""
        self._enter(Action.TRY_AGAIN, now)
        self._add(penalty_seconds=self.timing.penalty_seconds)
        self._pass_captain()
        self.state = State.ROUND_READY

    def record_verdict(self, in_sync: bool, now: float) -> None:
        """The Performance's result; NOT IN SYNC costs a penalty. Captain passes left."""
        self._enter(Action.RECORD_VERDICT, now, bool(in_sync))
        self._set_verdict(bool(in_sync))
        self._pass_captain()

    def override_verdict(self, in_sync: bool, now: float) -> None:
        """Staff correct the verdict just given; the penalty follows the new verdict.

        The captain has already passed left either way, so the captain stays.
        """
        self._check(Action.OVERRIDE_VERDICT, now)
        if bool(in_sync) == (self.state is State.IN_SYNC):
            raise IllegalTransition(self.state, Action.OVERRIDE_VERDICT,
                                    f"the verdict already is {self.state.value.upper()}")
        self._record(Action.OVERRIDE_VERDICT, now, bool(in_sync))
        if in_sync:
            self._add(not_in_syncs=-1, penalty_seconds=-self.timing.penalty_seconds)
        self._add(overrides=1)
        self._set_verdict(bool(in_sync))

    def next_round(self, now: float) -> None:
        """After IN SYNC: the next element (or the twist) joins, or the routine ends."""
        self._enter(Action.NEXT_ROUND, now)
        if self.round_number == ROUNDS:
            self.state = State.FINISHED
            return
        self.round_number += 1
        self._open_round()
        self.state = State.ROUND_READY

    def replay(self, now: float) -> None:
        """After NOT IN SYNC: the same round again (cards are gathered and reshuffled)."""
        self._enter(Action.REPLAY, now)
        self.state = State.ROUND_READY

    def abandon(self, now: float) -> None:
        """The team stops the routine; it scores 0. A running practice is charged."""
        self._enter(Action.ABANDON, now)
        if self.state is State.PRACTICE:
            self._end_practice(now)
        self.state = State.ABANDONED

    # -- inside -----------------------------------------------------------------------

    def _enter(self, action: Action, now: float, *args: Any) -> None:
        self._check(action, now)
        self._record(action, now, *args)

    def _check(self, action: Action, now: float) -> None:
        if action not in ALLOWED[self.state]:
            raise IllegalTransition(self.state, action)
        if not isinstance(now, int | float) or not math.isfinite(now):
            raise TimingError(f"{action.value}: now must be a number of seconds, not {now!r}")
        if self._history and now < self._history[-1].now:
            raise TimingError(f"{action.value} at {now:g} s is earlier than the last action "
                              f"at {self._history[-1].now:g} s; use one monotonic clock")

    def _record(self, action: Action, now: float, *args: Any) -> None:
        self._history.append(Entry(action.value, float(now), args))

    def _open_round(self) -> None:
        added = self.added
        kind = "twist" if isinstance(added, Twist) else "element"
        self._records.append(RoundRecord(self.round_number, kind, added.id, added.name))

    def _add(self, **amounts: float) -> None:
        record = self._records[-1]
        self._records[-1] = replace(record, **{
            name: getattr(record, name) + amount for name, amount in amounts.items()})

    def _set_verdict(self, in_sync: bool) -> None:
        if not in_sync:
            self._add(not_in_syncs=1, penalty_seconds=self.timing.penalty_seconds)
        self._records[-1] = replace(self._records[-1], in_sync=in_sync)
        self.last_verdict = in_sync
        self.state = State.IN_SYNC if in_sync else State.NOT_IN_SYNC

    def _end_practice(self, now: float) -> None:
        assert self._swim_at is not None
        self._add(practice_seconds=now - self._swim_at)
        self._practice_ended_at = now
        self._swim_at = None
        self.deadline = None

    def _pass_captain(self) -> None:
        self.captain = self.seats[(self.seats.index(self.captain) + 1) % len(self.seats)]
