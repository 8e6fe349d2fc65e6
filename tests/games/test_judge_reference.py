"""The judge agrees with the brute-force reference on random small tables.

Tables come two ways: fully random (mostly NOT IN SYNC), and built by the solver to pass
then nudged by one card (right at the edge between the two verdicts).
"""

import os
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kiosk.games.sync_or_swim.cards import Card, Colour, Side
from kiosk.games.sync_or_swim.content import ContentError, parse_element, parse_twist
from kiosk.games.sync_or_swim.judge import Table, judge
from kiosk.games.sync_or_swim.reference import reference_lanes
from kiosk.games.sync_or_swim.solver import OutOfBudget, Solver

EXAMPLES = 4000 if os.environ.get("KIOSK_LONG") == "1" else 400

UNIVERSE = [Card(colour, value, hand, foot)
            for colour in Colour for value in range(1, 5)
            for hand in (None, Side.LEFT, Side.BOTH) for foot in (None, Side.RIGHT)]

optional = st.none().map(lambda _: None)
clause_fields = st.fixed_dictionaries({}, optional={
    "cards": st.sampled_from([0, 1, 2, 3, "1+", "2-"]),
    "colour": st.sampled_from(["any", "blue", "gray"]),
    "value": st.sampled_from(["3+", "2-", "even", "odd", 2]),
    "hand": st.sampled_from(["any", "left", "none"]),
    "foot": st.sampled_from(["any", "right"]),
    "not": st.sampled_from([{"colour": "green"}, {"hand": "any"}, {"value": 4}]),
    "within": st.sampled_from([{"same": "colour"}, {"different": "value"},
                               {"sequential": True}, {"same": "parity"}]),
    "across": st.sampled_from([{"same": "colour"}, {"different": "value"},
                               {"sequential": True}, {"same": "hand"}, {"different": "foot"}]),
    "neighbors": st.sampled_from([{"same": "parity"}, {"different": "colour"},
                                  {"different": "value"}]),
})


@st.composite
def elements(draw):
    mode = draw(st.sampled_from(["each", "team", "split"]))
    raw = {"id": "X", "name": "Random", "mode": mode}
    if mode == "split":
        sizes = draw(st.sampled_from([[1, "others"], [2, "others"], [1, 1, "others"]]))
        raw["role"] = []
        for size in sizes:
            fields = draw(clause_fields)
            fields.pop("neighbors", None)
            raw["role"].append({"swimmers": size, **fields})
    else:
        count = draw(st.integers(1, 3))
        options = [draw(clause_fields) for _ in range(count)]
        if mode == "each":
            for o in options:
                o.pop("across", None)
                if count > 1:
                    o.pop("neighbors", None)
        if count == 1:
            raw.update(options[0])
        else:
            raw["option"] = options
    try:
        return parse_element(raw, "random.toml")
    except ContentError:
        assume(False)


twists = st.sampled_from([
    None,
    parse_twist({"id": "T", "name": "No gray", "text": "t",
                 "every_lane": {"not": {"colour": "gray"}}}, "t.toml"),
    parse_twist({"id": "T", "name": "Odd only", "text": "t",
                 "every_lane": {"value": "odd"}}, "t.toml"),
])


@st.composite
def cases(draw):
    lanes = [draw(elements()) for _ in range(draw(st.integers(1, 3)))]
    seats = draw(st.permutations([1, 2, 3, 4, 5, 6]))[:draw(st.integers(3, 5))]
    captain = draw(st.sampled_from(seats))
    twist = draw(twists)
    twist_list = [twist] if twist else []
    plays = None
    if draw(st.booleans()):
        try:
            solved = Solver(UNIVERSE * 2, random.Random(draw(st.integers(0, 999))),
                            budget=3000).solve(seats, captain, lanes, twist_list, restarts=1)
        except OutOfBudget:
            solved = None
        if solved is not None:
            plays = dict(solved.plays)
            if plays and draw(st.booleans()):
                key = draw(st.sampled_from(sorted(plays)))
                cards = list(plays[key])
                cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(UNIVERSE))
                plays[key] = tuple(cards)
    if plays is None:
        plays = {}
        for seat in seats:
            for lane in range(1, len(lanes) + 2):
                n = draw(st.sampled_from([0, 1, 1, 1, 2, 3])) if lane <= len(lanes) else (
                    draw(st.sampled_from([0, 0, 0, 1])))
                if n:
                    plays[(seat, lane)] = tuple(draw(st.sampled_from(UNIVERSE))
                                                for _ in range(n))
    return Table(tuple(seats), captain, plays), lanes, twist_list


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(cases())
def test_judge_agrees_with_brute_force(case):
    table, lanes, twist_list = case
    verdict = judge(table, lanes, twist_list)
    expected = reference_lanes(table, lanes, twist_list)
    assert [lane.passed for lane in verdict.lanes] == expected
    assert verdict.in_sync == all(expected)
    for lane in verdict.lanes:
        failing = [s for s in lane.swimmers if not s.passed]
        # a failed lane always names at least one swimmer, with a reason for each
        assert bool(failing) == (not lane.passed)
        assert all(s.reason and s.reason.startswith(f"Seat {s.seat}, lane {lane.lane}: ")
                   for s in failing)
    assert judge(table, lanes, twist_list).to_dict() == verdict.to_dict()


def test_the_generator_reaches_both_verdicts():
    """Guards the property test itself: it must see IN SYNC tables, not only failures."""
    seen = set()

    @settings(max_examples=150, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(cases())
    def collect(case):
        table, lanes, twist_list = case
        seen.add(judge(table, lanes, twist_list).in_sync)

    collect()
    assert seen == {True, False}
