"""Stop-pad semantics on gpiozero mock pins driven with a fake clock.

The rule itself is tested in ``test_stop_rule.py``; here it runs behind the real pins,
debounce and lock, including the three faults of issue 10 that were measured failing
(a pad stuck mid-round, a pad stuck before the round, release chatter).
"""

from __future__ import annotations

import pytest

from kiosk.config import PadSettings
from kiosk.hardware.pads import GpioStopPads
from kiosk.hardware.ports import Pad

PIN = {Pad.A: 5, Pad.B: 6}
BOUNCE = 0.015


@pytest.fixture
def pads(factory, clock, log):
    settings = PadSettings(a=PIN[Pad.A], b=PIN[Pad.B], pull="up", bounce_ms=15)
    with GpioStopPads(settings, pin_factory=factory, listener=log, clock=clock) as pads:
        yield pads


def touch(factory, pad):
    factory.pin(PIN[pad]).drive_low()  # pull-up pads: touched pulls the pin low


def release(factory, pad):
    factory.pin(PIN[pad]).drive_high()


def rounded(events):
    """Event args with float times rounded to the microsecond, for exact comparison."""
    return [tuple(round(a, 6) if isinstance(a, float) else a for a in args) for args in events]


def burst(factory, clock, pad, levels, step=0.001):
    """Drive a pad through raw levels (True = touched), ``step`` seconds apart."""
    for n, touched in enumerate(levels):
        if n:
            clock.advance(step)
        (touch if touched else release)(factory, pad)


def test_both_pads_stop_once_at_the_completing_edge(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.A)
    clock.advance(0.3)
    touch(factory, Pad.B)
    assert log.named("on_stop") == [(100.3,)]
    assert not pads.armed


def test_completing_edge_may_be_either_pad(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.B)
    clock.advance(0.004)  # "at the same time" for a person; still two edges here
    touch(factory, Pad.A)
    assert rounded(log.named("on_stop")) == [(100.004,)]


def test_one_pad_alone_never_stops(pads, factory, clock, log):
    pads.arm()
    for _ in range(5):
        touch(factory, Pad.A)
        clock.advance(1.0)
        pads.poll()
        release(factory, Pad.A)
        clock.advance(1.0)
        pads.poll()
    assert log.named("on_stop") == []
    assert len(log.named("on_pad_changed")) == 10
    assert pads.armed


def test_pads_do_not_stop_while_disarmed(pads, factory, clock, log):
    touch(factory, Pad.A)
    touch(factory, Pad.B)
    assert log.named("on_stop") == []
    assert [args[:2] for args in log.named("on_pad_changed")] == [(Pad.A, True), (Pad.B, True)]


def test_pad_held_at_arm_is_stuck_and_never_counts_until_released(pads, factory, clock, log):
    touch(factory, Pad.A)  # a hand resting on pad A as the round starts
    clock.advance(1.0)
    pads.arm()
    assert log.named("on_pad_stuck") == [(Pad.A, True, 101.0)]
    assert pads.stuck() == {Pad.A}
    clock.advance(1.0)
    touch(factory, Pad.B)
    assert log.named("on_stop") == []

    clock.advance(1.0)
    release(factory, Pad.A)
    clock.advance(0.5)
    pads.poll()
    assert log.named("on_pad_stuck")[1:] == [(Pad.A, False, 103.0)]
    touch(factory, Pad.A)  # fresh, but B's touch began 1.5 s ago: not "at once"
    assert log.named("on_stop") == []
    clock.advance(0.2)
    release(factory, Pad.B)
    clock.advance(0.2)
    touch(factory, Pad.B)  # a fresh B 0.4 s after the fresh A: the pair is complete
    assert log.named("on_stop") == [(103.9,)]


def test_both_pads_held_at_arm_need_fresh_touches_on_both(pads, factory, clock, log):
    touch(factory, Pad.A)
    touch(factory, Pad.B)
    pads.arm()
    assert {args[0] for args in log.named("on_pad_stuck")} == {Pad.A, Pad.B}
    clock.advance(1.0)
    release(factory, Pad.A)
    clock.advance(1.0)
    touch(factory, Pad.A)  # B was never released since arm()
    assert log.named("on_stop") == []
    clock.advance(1.0)
    release(factory, Pad.B)
    clock.advance(1.0)
    touch(factory, Pad.B)  # fresh, but A's touch began 2 s ago
    assert log.named("on_stop") == []
    clock.advance(0.1)
    release(factory, Pad.A)
    clock.advance(0.2)
    touch(factory, Pad.A)
    assert rounded(log.named("on_stop")) == [(104.3,)]


def test_stop_fires_once_until_rearmed(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.A)
    touch(factory, Pad.B)
    for _ in range(3):
        clock.advance(0.5)
        release(factory, Pad.A)
        release(factory, Pad.B)
        clock.advance(0.5)
        touch(factory, Pad.A)
        touch(factory, Pad.B)
    assert len(log.named("on_stop")) == 1

    clock.advance(1.0)
    release(factory, Pad.A)
    release(factory, Pad.B)
    pads.arm()
    clock.advance(1.0)
    touch(factory, Pad.A)
    touch(factory, Pad.B)
    assert log.named("on_stop")[1:] == [(105.0,)]


def test_disarm_cancels_a_pending_stop(pads, factory, log):
    pads.arm()
    pads.disarm()
    touch(factory, Pad.A)
    touch(factory, Pad.B)
    assert log.named("on_stop") == []


def test_touch_bounce_counts_once_and_keeps_first_edge_time(pads, factory, clock, log):
    pads.arm()
    burst(factory, clock, Pad.A, [True, False, True, False, True])
    clock.advance(0.3)
    burst(factory, clock, Pad.B, [True, False, True, False, True, False, True])
    pads.poll(clock() + 1.0)
    assert rounded(log.named("on_pad_changed")) == [(Pad.A, True, 100.0), (Pad.B, True, 100.304)]
    assert rounded(log.named("on_stop")) == [(100.304,)]


def test_release_bounce_does_not_leave_a_pad_touched(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.A)
    clock.advance(1.0)
    burst(factory, clock, Pad.A, [False, True, False, True, False])  # let go, noisily
    clock.advance(0.5)
    touch(factory, Pad.B)
    assert log.named("on_stop") == []
    assert not pads.is_active(Pad.A)
    changes = rounded(log.named("on_pad_changed"))[-2:]
    assert changes == [(Pad.A, False, 101.0), (Pad.B, True, 101.504)]


def test_bounce_on_one_pad_never_makes_a_stop_alone(pads, factory, clock, log):
    pads.arm()
    for _ in range(20):
        burst(factory, clock, Pad.A, [True, False] * 5)
        clock.advance(0.1)
        pads.poll()
    assert log.named("on_stop") == []


def test_tap_shorter_than_bounce_window_is_settled_by_poll(pads, factory, clock, log):
    touch(factory, Pad.A)
    clock.advance(0.005)
    release(factory, Pad.A)
    assert pads.is_active(Pad.A)  # the release may still be bounce
    pads.poll(100.010)
    assert pads.is_active(Pad.A)
    pads.poll(100.020)
    assert not pads.is_active(Pad.A)
    assert rounded(log.named("on_pad_changed")) == [(Pad.A, True, 100.0), (Pad.A, False, 100.015)]


def test_pending_release_is_settled_by_the_next_edge(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.A)
    clock.advance(0.005)
    release(factory, Pad.A)  # a real short tap; no poll runs afterwards
    clock.advance(1.0)
    touch(factory, Pad.B)
    assert log.named("on_stop") == []
    assert rounded(log.named("on_pad_changed"))[1] == (Pad.A, False, 100.015)


def test_arm_ignores_a_pad_whose_touch_is_still_in_its_bounce_window(pads, factory, clock, log):
    touch(factory, Pad.A)
    clock.advance(0.002)
    pads.arm()
    touch(factory, Pad.B)
    assert log.named("on_stop") == []


def test_pins_report_levels(pads, factory):
    touch(factory, Pad.B)
    reports = {r.role: r for r in pads.pins()}
    assert (reports["pad:a"].pin, reports["pad:a"].active) == (5, False)
    assert (reports["pad:b"].pin, reports["pad:b"].active) == (6, True)


def test_active_high_touch_modules(factory, clock, log):
    settings = PadSettings(a=5, b=6, pull="none", active_high=True)
    with GpioStopPads(settings, pin_factory=factory, listener=log, clock=clock) as pads:
        pads.arm()
        factory.pin(5).drive_high()
        clock.advance(0.1)
        factory.pin(6).drive_high()
    assert log.named("on_stop") == [(100.1,)]


def test_close_releases_the_pins(pads, factory, clock, log):
    pads.close()
    pads.close()
    with GpioStopPads(PadSettings(a=5, b=6), pin_factory=factory, clock=clock) as again:
        assert not again.is_active(Pad.A)


# ---------------------------------------------------------------- issue 10: pad faults


def test_a_pad_stuck_mid_round_never_lets_one_finger_stop(pads, factory, clock, log):
    pads.arm()
    clock.advance(0.5)
    touch(factory, Pad.A)  # pad A sticks (a hand left on it, a module gone bad)
    for _ in range(100):  # one finger taps B, again and again
        clock.advance(0.55)
        pads.poll()
        touch(factory, Pad.B)
        clock.advance(0.1)
        release(factory, Pad.B)
    assert log.named("on_stop") == []
    assert log.named("on_pad_stuck") == [(Pad.A, True, 105.5)]
    assert pads.stuck() == {Pad.A} and pads.armed


def test_a_pad_stuck_before_the_round_is_reported_and_blocks_pad_stops(pads, factory, clock, log):
    touch(factory, Pad.B)
    clock.advance(30.0)
    pads.poll()
    assert log.named("on_pad_stuck") == [(Pad.B, True, 105.0)]  # found while disarmed
    pads.arm()
    for _ in range(20):
        clock.advance(0.3)
        touch(factory, Pad.A)
        clock.advance(0.1)
        release(factory, Pad.A)
    assert log.named("on_stop") == []
    assert pads.stuck() == {Pad.B}


def test_release_chatter_then_the_other_pad_150ms_later_does_not_stop(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.A)
    clock.advance(0.1)
    release(factory, Pad.A)  # the finger lifts; the contact chatters for 40 ms
    for _ in range(4):
        clock.advance(0.005)
        touch(factory, Pad.A)
        clock.advance(0.005)
        release(factory, Pad.A)
    clock.advance(0.110)  # 150 ms after the release
    touch(factory, Pad.B)
    pads.poll()
    assert log.named("on_stop") == []


def test_long_release_chatter_never_stops_with_the_other_pad(pads, factory, clock, log):
    pads.arm()
    touch(factory, Pad.A)
    clock.advance(0.2)
    release(factory, Pad.A)
    for n in range(30):  # 300 ms of chatter, each gap shorter than the chatter window
        clock.advance(0.005)
        touch(factory, Pad.A)
        clock.advance(0.005)
        release(factory, Pad.A)
        if n == 10:
            touch(factory, Pad.B)  # B lands while A still chatters
    pads.poll(clock() + 1.0)
    assert log.named("on_stop") == []


def test_touch_down_chatter_then_the_other_pad_stops_at_its_edge(pads, factory, clock, log):
    pads.arm()
    burst(factory, clock, Pad.A, [True, False, True, False, True, False, True], step=0.008)
    clock.advance(0.2)
    touch(factory, Pad.B)
    assert rounded(log.named("on_stop")) == [(100.248,)]


def test_a_stuck_pad_can_be_read_without_a_listener_event(pads, factory, clock):
    assert pads.stuck() == frozenset()
    touch(factory, Pad.A)
    pads.arm()
    assert pads.stuck() == {Pad.A}
    release(factory, Pad.A)
    clock.advance(1.0)
    pads.poll()
    assert pads.stuck() == frozenset()
