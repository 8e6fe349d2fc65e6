"""The two-finger stop rule on its own: times as numbers, pin changes fed by hand.

Each case of issue 10 part 2 is here once; ``test_gpio_pads.py`` repeats the ones that
were measured failing on the real pads, and ``test_stop_pads_timelines.py`` checks the
rule against an oracle on random timelines.
"""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.config import PadSettings
from kiosk.hardware import stop_rule
from kiosk.hardware.ports import Pad
from kiosk.hardware.stop_rule import StopRule

A, B = Pad.A, Pad.B
PAIR, CHATTER, STUCK = 0.5, 0.06, 5.0


@pytest.fixture
def rule():
    return StopRule(pair_s=PAIR, chatter_s=CHATTER, stuck_s=STUCK)


def feed(rule, *steps):
    """Feed ``(pad, active, t)`` pin changes and ``("poll", t)``; return every event."""
    events = []
    for step in steps:
        if step[0] == "poll":
            events += rule.poll(step[1])
        else:
            events += rule.pin(*step)
    return events


def stops(events):
    return [args[0] for name, args in events if name == "on_stop"]


def stuck_events(events):
    return [args for name, args in events if name == "on_pad_stuck"]


def chatter(pad, t, levels, step=0.004):
    """Pin changes ``step`` apart starting at ``t`` (True = touched)."""
    return [(pad, level, t + n * step) for n, level in enumerate(levels)]


def test_two_fresh_touches_within_the_pair_window_stop_at_the_completing_edge(rule):
    rule.arm(10.0)
    assert stops(feed(rule, (A, True, 10.3), (B, True, 10.7))) == [10.7]
    assert not rule.armed


def test_the_completing_edge_may_be_either_pad(rule):
    rule.arm(10.0)
    assert stops(feed(rule, (B, True, 11.0), (A, True, 11.004))) == [11.004]


def test_touches_begun_further_apart_than_the_window_do_not_stop(rule):
    rule.arm(10.0)
    events = feed(rule, (A, True, 10.3), (B, True, 10.3 + PAIR + 0.01), ("poll", 12.0))
    assert stops(events) == []
    assert rule.armed


def test_one_pad_alone_never_stops(rule):
    rule.arm(0.0)
    steps = []
    for n in range(10):
        steps += [(A, True, 1.0 + n), (A, False, 1.3 + n)]
    assert stops(feed(rule, *steps)) == []


def test_a_pad_stuck_mid_round_never_pairs_with_one_finger_on_the_other(rule):
    rule.arm(0.0)
    events = feed(rule, (A, True, 1.0), ("poll", 1.0 + STUCK), (B, True, 8.0))
    assert stuck_events(events) == [(A, True, 1.0 + STUCK)]
    assert rule.stuck() == {A}
    assert stops(events) == []
    # Even a second finger on the stuck pad (no edge: it is already active) cannot help.
    assert stops(feed(rule, (B, False, 8.2), (B, True, 9.0))) == []


def test_a_pad_held_at_arm_is_stuck_at_once_and_never_counts(rule):
    feed(rule, (A, True, 1.0))
    assert rule.arm(2.0) == [("on_pad_stuck", (A, True, 2.0))]
    events = feed(rule, (B, True, 2.1), (B, False, 2.3), (B, True, 3.0))
    assert stops(events) == []
    assert rule.stuck() == {A}


def test_a_stuck_pad_clears_on_release_and_a_fresh_pair_then_stops(rule):
    feed(rule, (A, True, 1.0))
    rule.arm(2.0)
    events = feed(rule, (A, False, 4.0), ("poll", 4.0 + CHATTER))
    assert stuck_events(events) == [(A, False, 4.0)]
    assert rule.stuck() == frozenset()
    assert stops(feed(rule, (A, True, 5.0), (B, True, 5.2))) == [5.2]


def test_a_release_then_a_later_retouch_is_fresh(rule):
    feed(rule, (A, True, 1.0), (A, False, 1.5))
    rule.arm(1.5 + CHATTER / 2)  # the touch is still in its chatter window: it is old
    assert stops(feed(rule, (A, True, 3.0), (B, True, 3.1))) == [3.1]


def test_a_retouch_within_the_chatter_window_is_the_same_touch(rule):
    feed(rule, (A, True, 1.0), (A, False, 1.5))
    rule.arm(1.5 + CHATTER / 3)
    # Pad A chatters just after arm(): those edges continue the old touch, they are
    # not a fresh one, so B alone cannot complete a pair with them.
    events = feed(rule, *chatter(A, 1.5 + CHATTER / 2, [True, False]), (B, True, 1.54),
                  (A, True, 1.545), (A, False, 1.55))
    assert stops(events) == []


def test_a_quick_tap_still_chattering_at_arm_is_not_a_fresh_touch(rule):
    feed(rule, (A, True, 1.0), (A, False, 1.03))  # a 30 ms tap: it never landed
    rule.arm(1.04)
    events = feed(rule, (A, True, 1.05), (B, True, 1.06), (A, False, 1.07), (A, True, 1.08))
    assert stops(events) == []  # A's touch began before arm(), chatter or not


def test_release_chatter_then_a_tap_on_the_other_pad_150ms_later_does_not_stop(rule):
    rule.arm(0.0)
    # A tap on A; as the finger lifts, the contact chatters for 36 ms (longer than the
    # old 15 ms debounce), then B is tapped 150 ms after A's release.
    steps = [(A, True, 1.0), *chatter(A, 1.1, [False, True, False, True, False, True, False],
                                      step=0.006)]
    steps += [(B, True, 1.25), (B, False, 1.35), ("poll", 2.0)]
    assert stops(feed(rule, *steps)) == []


def test_release_chatter_never_counts_as_touched_however_long_it_lasts(rule):
    rule.arm(0.0)
    # A is held 300 ms, then chatters for 200 ms as it is let go (each gap shorter than
    # the chatter window); B lands in the middle and stays. A's finger left first.
    steps = [(A, True, 1.0)]
    for n in range(20):
        steps += [(A, False, 1.3 + n * 0.01), (A, True, 1.305 + n * 0.01)]
    steps += [(A, False, 1.5), (B, True, 1.396), ("poll", 3.0)]
    assert stops(feed(rule, *sorted(steps, key=lambda step: step[-1]))) == []


def test_a_flicker_while_held_pauses_the_touch_until_it_is_held_again(rule):
    rule.arm(0.0)
    events = feed(rule, (A, True, 1.0), (A, False, 1.2), (A, True, 1.203), (B, True, 1.22))
    assert stops(events) == []  # A might be a finger lifting: not yet
    assert stops(feed(rule, ("poll", 1.203 + CHATTER))) == [1.203 + CHATTER]


def test_touch_down_chatter_does_not_lose_the_touch(rule):
    rule.arm(0.0)
    steps = chatter(A, 1.0, [True, False, True, False, True])
    steps += [(B, True, 1.2)]
    assert stops(feed(rule, *steps)) == [1.2]


def test_a_finger_landing_inside_the_partners_touch_chatter_stops_at_the_next_bounce(rule):
    rule.arm(0.0)
    steps = [(A, True, 1.0), (A, False, 1.002), (B, True, 1.003), (A, True, 1.005)]
    assert stops(feed(rule, *steps)) == [1.005]  # the first instant both are touched


def test_a_released_pad_never_completes_a_pair(rule):
    rule.arm(0.0)
    assert stops(feed(rule, (A, True, 1.0), (A, False, 1.1), (B, True, 1.101))) == []


def test_touches_before_arm_do_not_count_even_within_the_window(rule):
    feed(rule, (A, True, 1.0))
    rule.arm(1.1)
    assert stops(feed(rule, (B, True, 1.2))) == []


def test_stop_fires_once_per_arming(rule):
    rule.arm(0.0)
    events = feed(rule, (A, True, 1.0), (B, True, 1.1), (A, False, 1.5), (B, False, 1.5),
                  (A, True, 3.0), (B, True, 3.1))
    assert stops(events) == [1.1]
    rule.arm(4.0)
    assert stops(feed(rule, (A, False, 4.5), (B, False, 4.5), (A, True, 6.0),
                      (B, True, 6.2))) == [6.2]


def test_disarm_means_no_stop(rule):
    rule.arm(0.0)
    rule.disarm()
    assert stops(feed(rule, (A, True, 1.0), (B, True, 1.1))) == []


def test_a_long_touch_is_stuck_once_and_cleared_at_its_last_release(rule):
    events = feed(rule, (A, True, 1.0), ("poll", 3.0), ("poll", 7.0), ("poll", 8.0),
                  *chatter(A, 9.0, [False, True, False]), ("poll", 9.5))
    assert stuck_events(events) == [(A, True, 1.0 + STUCK), (A, False, 9.008)]


def test_stuck_is_found_lazily_by_the_next_edge_with_its_true_time(rule):
    events = feed(rule, (A, True, 1.0), (B, True, 20.0))
    assert stuck_events(events) == [(A, True, 1.0 + STUCK)]


def test_a_touch_released_before_its_stuck_time_is_not_stuck(rule):
    events = feed(rule, (A, True, 1.0), (A, False, 1.0 + STUCK - 0.01), ("poll", 10.0))
    assert stuck_events(events) == []


def test_repeated_levels_and_late_times_are_harmless(rule):
    rule.arm(5.0)
    events = feed(rule, (A, True, 6.0), (A, True, 6.1), (B, False, 6.2), ("poll", 1.0),
                  (B, True, 6.3))
    assert stops(events) == [6.3]


def test_from_settings_takes_milliseconds():
    made = StopRule.from_settings(PadSettings(a=5, b=6, pair_ms=800, chatter_ms=40, stuck_s=7))
    assert (made.pair_s, made.chatter_s, made.stuck_s) == (0.8, 0.04, 7.0)


def test_doctests():
    assert doctest.testmod(stop_rule).failed == 0


def test_the_rule_needs_no_gpio_library_and_no_clock():
    code = ("import json, sys; import kiosk.hardware.stop_rule; "
            "print(json.dumps(sorted(sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True, timeout=60).stdout)
    assert not [n for n in loaded if n.split(".")[0] in ("gpiozero", "kivy", "serial")]
    source = Path(stop_rule.__file__).read_text(encoding="utf-8")
    assert not [w for w in ("import time", "import threading") if w in source]
