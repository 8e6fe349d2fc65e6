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
    medal_for,
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
    (300, 300, 600),    # at par: 900 to start, 300 s spent
    (120.5, 300, 779),  # 120.5 s rounds half up to 121
    (0, 300, 900),
    (600, 300, 300),
    (899.4, 300, 1),
    (900, 300, 0),
    (10**9, 300, 0),    # never negative
    (8.5, 5, 6),        # 15 - 9
])
def test_exact_scores(total, par, expected):
    assert score_for(total, par) == expected


@pytest.mark.parametrize(("total", "par", "medal"), [
    (0, 300, "gold"), (300, 300, "gold"), (300.4, 300, "gold"), (301, 300, "silver"),
    (450, 300, "silver"), (451, 300, "bronze"), (10**6, 300, "bronze"),
])
def test_medals_against_par(total, par, medal):
    assert medal_for(total, par) == medal


@given(par=st.integers(1, 2000), a=st.floats(0, 1e6), b=st.floats(0, 1e6))
def test_score_never_rises_with_time_and_is_never_negative(par, a, b):
    low, high = sorted((a, b))
    assert 0 <= score_for(high, par) <= score_for(low, par) <= 3 * par


@given(par=st.integers(1, 2000), seconds=st.integers(0, 6000))
def test_every_whole_second_costs_one_point_until_zero(par, seconds):
    assert score_for(seconds, par) == max(0, 3 * par - seconds)
    if seconds < 3 * par:
        assert score_for(seconds + 1, par) == score_for(seconds, par) - 1


@st.composite
def team(draw):
    """Six rounds of (practice, between) seconds that finish under ``par``."""
    times = draw(st.lists(st.tuples(st.floats(0.5, 40), st.floats(0, 20)),
                          min_size=6, max_size=6))
    spent = sum(p + b for p, b in times)
    par = draw(st.integers(math.ceil(spent) + 25, math.ceil(spent) + 600))
    return times, par


def rounds_of(times, penalties=()):
    penalties = dict(penalties)
    return [RoundRecord(n, "element", f"E{n}", f"Element {n}", practice_seconds=p,
                        between_seconds=b, penalty_seconds=10 * penalties.get(n, 0))
            for n, (p, b) in enumerate(times, start=1)]


@given(team(), st.dictionaries(st.integers(1, 6), st.integers(1, 2), min_size=1))
def test_a_team_under_par_with_penalties_scores_less_than_without(team_and_par, penalties):
    times, par = team_and_par
    clean = score_records(rounds_of(times), par)
    penalised = score_records(rounds_of(times, penalties), par)
    assert clean.total_seconds <= par and clean.medal == "gold"
    assert penalised.score == clean.score - 10 * sum(penalties.values())


@given(st.lists(st.tuples(st.floats(0, 100), st.floats(0, 30), st.integers(0, 3)),
                min_size=1, max_size=8), st.integers(1, 2000))
def test_the_breakdown_adds_up_exactly_to_the_total_shown(rounds, par):
    records = [RoundRecord(n, "element", f"E{n}", "E", practice_seconds=p,
                           between_seconds=b, penalty_seconds=10 * k)
               for n, (p, b, k) in enumerate(rounds, start=1)]
    card = score_records(records, par)
    assert card.seconds == sum(card.part_seconds(part) for part in range(3))
    assert card.seconds == sum(sum(parts) for parts in card.whole)   # the bars
    assert abs(card.seconds - card.total_seconds) <= 0.5 + 1e-6
    assert card.score == max(0, card.start - card.seconds)
    for parts, record in zip(card.whole, card.rounds, strict=True):
        assert parts[2] == record.penalty_seconds          # penalties are never moved
        for whole, exact in zip(parts[:2], (record.practice_seconds, record.between_seconds),
                                strict=True):
            assert abs(whole - exact) < 1


def test_the_issue_s_48_against_50_seconds():
    """Bars rounded one by one added to 48 s while the total said 50 s."""
    times = [(21.6, 0), (1.6, 0), (0.6, 0), (0.6, 0.0), (0.6, 0), (0.6, 0)]
    card = score_records(rounds_of(times, {1: 1, 2: 1}), par=240)
    assert round(card.total_seconds) == 46 == card.seconds
    assert [sum(parts) for parts in card.whole] == [32, 12, 1, 1, 0, 0]


@pytest.mark.parametrize(("total", "par"), [(10, 0), (10, -5), (-1, 10), (math.nan, 10)])
def test_impossible_inputs_are_refused(total, par):
    with pytest.raises(ScoringError):
        score_for(total, par)


def test_session_score_adds_practice_between_and_penalties():
    card = score_session(finished())
    # 6 practices of 10 s; 5 gaps of 5 s between them (the wait before the first is free)
    assert (card.practice_seconds, card.between_seconds, card.penalty_seconds) == (60, 25, 0)
    assert card.total_seconds == 85 and card.par_seconds == 100 and card.score == 215
    slow = score_session(finished(practice=20))
    assert slow.total_seconds == 6 * 20 + 25 and slow.score == 155


def test_penalties_lower_the_score():
    clean, failed_once, failed_twice = (score_session(finished(n, par=60)) for n in (0, 1, 2))
    assert failed_once.penalty_seconds == 10 and failed_twice.penalty_seconds == 20
    assert failed_once.retries == 1 and failed_twice.rounds[2].retries == 2
    assert clean.score > failed_once.score > failed_twice.score
    assert clean.score == score_for(85, 60) == 95


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
    assert card.total_seconds == 200 and card.score == 100 and card.seconds_over_par == 100
    assert card.medal == "bronze" and card.whole == ((100, 50, 50),)
