"""The debounce used by pads and buttons, checked on its own and on random edge streams."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kiosk.hardware.gpio_pins import Debouncer

BOUNCE = 0.02


def test_first_edge_is_accepted_at_its_own_time():
    d = Debouncer(BOUNCE)
    assert d.edge(True, 5.0) == [(True, 5.0)]
    assert d.level is True


def test_edges_inside_the_window_are_ignored_then_settled_at_window_end():
    d = Debouncer(BOUNCE)
    d.edge(True, 1.0)
    assert d.edge(False, 1.004) == []
    assert d.settle(1.019) == []
    assert d.settle(1.5) == [(False, 1.02)]


def test_a_late_edge_first_settles_what_was_pending():
    d = Debouncer(BOUNCE)
    d.edge(True, 1.0)
    d.edge(False, 1.005)
    assert d.edge(True, 2.0) == [(False, 1.02), (True, 2.0)]


def test_settle_repairs_a_missed_edge_from_the_pin_level():
    d = Debouncer(BOUNCE)
    assert d.settle(3.0, raw=True) == [(True, 3.0)]
    assert d.settle(3.1, raw=True) == []


def test_zero_bounce_passes_every_change():
    d = Debouncer(0.0)
    out = [c for n, level in enumerate([True, False, True]) for c in d.edge(level, 1 + n * 1e-6)]
    assert [level for level, _ in out] == [True, False, True]


edges = st.lists(
    st.tuples(st.floats(0.0, 0.05, allow_nan=False), st.booleans()), min_size=1, max_size=60
)


@given(edges)
def test_random_edge_streams(stream):
    d = Debouncer(BOUNCE)
    now, accepted, raw_times = 0.0, [], {True: [], False: []}
    for gap, level in stream:
        now += gap
        raw_times[level].append(now)
        for change in d.edge(level, now):
            accepted.append((change, now))
    end = now + BOUNCE + 1e-9
    for change in d.settle(end):
        accepted.append((change, end))

    expected_level = False
    previous_t = None
    for (level, t), reported_at in accepted:
        assert level is not expected_level  # changes alternate, starting from "released"
        expected_level = level
        assert t <= reported_at  # never stamped in the future
        assert any(r <= t for r in raw_times[level])  # caused by a real edge to that level
        if previous_t is not None:
            assert t >= previous_t + BOUNCE - 1e-9  # at most one change per bounce window
        previous_t = t
    assert d.level == stream[-1][1]  # once quiet, the level matches the pin
