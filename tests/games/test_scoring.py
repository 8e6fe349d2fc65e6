"""The score formula and the breakdown built from a session's records."""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.games.sync_or_swim import scoring as scoring_module
from kiosk.games.sync_or_swim.requirements import Clause, Element, Mode, Twist
from kiosk.games.sync_or_swim.routines import RoutineDef, Timing
from kiosk.games.sync_or_swim.scoring import (
    ScoringError,
    score_for,
    score_records,
    score_session,
)
from kiosk.games.sync_or_swim.session import RoundRecord, Session

TIMING = Timing()
ELEMENTS = tuple(Element(f"E{n}", f"Element {n}", Mode.EACH, options=(Clause(),))
                 for n in range(1, 6))


def routine(par: int | None = 100) -> RoutineDef:
    return RoutineDef("r1", "First", ELEMENTS, Twist("T", "Twist", "", sudden_depth=True),
                      twist_round=6, par_seconds=par)


def finished(failures_in_round: int = 0, practice: float = 10, gap: float = 5,
             par: int | None = 100) -> Session:
    """Six rounds, each SWIM at a steady pace; round 3 fails ``failures_in_round`` times."""
    s = Session(routine(par), TIMING, (1, 2, 3, 4), 1)
    s.begin(0)
    now = 0.0
    for round_number in range(1, 7):
        for attempt in range(failures_in_round + 1 if round_number == 3 else 1):
            s.swim(now)
            s.stop(now + practice)
            in_sync = round_number != 3 or attempt == failures_in_round
            s.record_verdict(in_sync, now + practice + 1)
            now += practice + gap
            if not in_sync:
                s.replay(now - 1)
        s.next_round(now - 1)
    return s


def test_doctests():
    assert doctest.testmod(scoring_module).failed == 0


@pytest.mark.parametrize(("total", "par", "expected"), [
    (300, 300, 100),    # at par
    (120.5, 300, 100),  # under par: the ceiling
    (0, 300, 100),
    (600, 300, 50),     # twice par
    (900, 300, 33),
    (450, 300, 67),     # 66.67
    (8, 5, 63),         # 62.5 rounds half up, not to even
    (301, 300, 100),    # 99.67
    (303, 300, 99),
    (10**9, 300, 0),
])
def test_exact_scores(total, par, expected):
    assert score_for(total, par) == expected


@given(par=st.integers(1, 2000), a=st.floats(0, 1e6), b=st.floats(0, 1e6))
def test_score_never_rises_with_time_and_stays_within_0_and_100(par, a, b):
    low, high = sorted((a, b))
    assert 0 <= score_for(high, par) <= score_for(low, par) <= 100


@given(par=st.integers(1, 2000), total=st.floats(0, 1e6))
def test_score_is_the_documented_ratio_rounded(par, total):
    exact = 100 * par / max(total, par)
    assert abs(score_for(total, par) - exact) <= 0.5 + 1e-9


@pytest.mark.parametrize(("total", "par"), [(10, 0), (10, -5), (-1, 10), (math.nan, 10)])
def test_impossible_inputs_are_refused(total, par):
    with pytest.raises(ScoringError):
        score_for(total, par)


def test_session_score_adds_practice_between_and_penalties():
    card = score_session(finished())
    # 6 practices of 10 s; 5 gaps of 5 s between them (the wait before the first is free)
    assert (card.practice_seconds, card.between_seconds, card.penalty_seconds) == (60, 25, 0)
    assert card.total_seconds == 85 and card.par_seconds == 100 and card.score == 100
    slow = score_session(finished(practice=20))
    assert slow.total_seconds == 6 * 20 + 25 and slow.score == 69  # 68.97


def test_penalties_lower_the_score():
    clean, failed_once, failed_twice = (score_session(finished(n, par=60)) for n in (0, 1, 2))
    assert failed_once.penalty_seconds == 10 and failed_twice.penalty_seconds == 20
    assert failed_once.retries == 1 and failed_twice.rounds[2].retries == 2
    assert clean.score > failed_once.score > failed_twice.score
    assert clean.score == score_for(85, 60) == 71


def test_breakdown_sums_equal_the_totals():
    card = score_session(finished(2, practice=12.5, gap=3.25))
    assert len(card.rounds) == 6
    assert sum(r.practice_seconds for r in card.rounds) == card.practice_seconds
    assert sum(r.between_seconds for r in card.rounds) == card.between_seconds
    assert sum(r.penalty_seconds for r in card.rounds) == card.penalty_seconds
    assert math.isclose(sum(r.total_seconds for r in card.rounds), card.total_seconds)
    assert card.rounds[2].attempts == 3 and card.rounds[0].attempts == 1
    as_dict = card.to_dict()
    assert as_dict["score"] == card.score and as_dict["retries"] == 2
    assert [r["round_number"] for r in as_dict["rounds"]] == [1, 2, 3, 4, 5, 6]
    assert as_dict["rounds"][2]["retries"] == 2


def test_abandoned_routine_scores_zero_but_keeps_its_times():
    s = Session(routine(), TIMING, (1, 2, 3), 1)
    s.begin(0)
    s.swim(1)
    s.stop(5)
    s.abandon(6)
    card = score_session(s)
    assert card.score == 0 and card.abandoned and card.practice_seconds == 4


def test_a_running_routine_cannot_be_scored():
    s = Session(routine(), TIMING, (1, 2, 3), 1)
    s.begin(0)
    with pytest.raises(ScoringError, match="still in progress \\(state ROUND_READY\\)"):
        score_session(s)


def test_par_comes_from_the_routine_and_timing_when_not_stated():
    s = finished(par=None)
    card = score_session(s)
    assert card.par_seconds == routine(None).par(TIMING) > 0
    assert card.score == score_for(card.total_seconds, card.par_seconds)


def test_score_records_without_a_session():
    rounds = [RoundRecord(1, "element", "E1", "One", practice_seconds=100,
                          between_seconds=50, penalty_seconds=50)]
    card = score_records(rounds, par=100)
    assert card.total_seconds == 200 and card.score == 50 and card.seconds_over_par == 100
