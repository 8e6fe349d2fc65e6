"""Seat buttons (press, hold, debounce) and seat LEDs on gpiozero mock pins."""

from __future__ import annotations

import logging

import pytest

from kiosk.config import ButtonSettings, LedSettings, SeatPins
from kiosk.hardware.errors import DeviceClosedError, HardwareError, UnknownSeatError
from kiosk.hardware.ports import HardwareListener, LedMode, SeatLed
from kiosk.hardware.seats import GpioSeats
from kiosk.hardware.sim_gpio import ManualClock

SEATS = (
    SeatPins(seat=1, button=17, ready_led=23, captain_led=24, failed_led=25),
    SeatPins(seat=2, button=27, ready_led=5, captain_led=None, failed_led=None),
)
LED_PIN = {SeatLed.READY: 23, SeatLed.CAPTAIN: 24, SeatLed.FAILED: 25}


def make(factory, clock, log, **buttons):
    return GpioSeats(
        SEATS,
        pin_factory=factory,
        buttons=ButtonSettings(**buttons),
        leds=LedSettings(blink_on_s=0.4, blink_off_s=0.6),
        listener=log,
        clock=clock,
    )


@pytest.fixture
def clock():
    return ManualClock(50.0)


@pytest.fixture
def seats(factory, clock, log):
    with make(factory, clock, log) as seats:
        yield seats


def down(factory, button=17):
    factory.pin(button).drive_low()


def up(factory, button=17):
    factory.pin(button).drive_high()


def lit(factory, led):
    return bool(factory.pin(LED_PIN[led]).state)


def rounded(events):
    return [tuple(round(a, 6) if isinstance(a, float) else a for a in args) for args in events]


def test_press_toggles_ready_and_its_led(seats, factory, clock, log):
    down(factory)
    clock.advance(0.15)
    up(factory)
    assert seats.is_ready(1) and lit(factory, SeatLed.READY)
    assert log.events == [
        ("on_seat_down", (1, 50.0)),
        ("on_seat_up", (1, 50.15)),
        ("on_seat_pressed", (1, 50.0)),
        ("on_ready_changed", (1, True, 50.15)),
    ]
    clock.advance(1.0)
    down(factory)
    clock.advance(0.15)
    up(factory)
    assert not seats.is_ready(1) and not lit(factory, SeatLed.READY)
    assert seats.led_mode(1, SeatLed.READY) is LedMode.OFF
    assert log.named("on_ready_changed")[-1][:2] == (1, False)


def test_press_bounce_toggles_once(seats, factory, clock, log):
    for _ in range(4):  # down/up every 2 ms, ending down
        down(factory)
        clock.advance(0.002)
        up(factory)
        clock.advance(0.002)
    down(factory)
    clock.advance(0.2)
    seats.poll()
    for _ in range(3):  # noisy release, ending up
        up(factory)
        clock.advance(0.003)
        down(factory)
        clock.advance(0.003)
    up(factory)
    clock.advance(0.1)
    seats.poll()
    assert log.named("on_seat_pressed") == [(1, 50.0)]
    assert len(log.named("on_seat_down")) == 1
    assert [r[:2] for r in log.named("on_ready_changed")] == [(1, True)]


def test_hold_calls_staff_and_does_not_toggle_ready(seats, factory, clock, log):
    down(factory)
    clock.advance(2.9)
    seats.poll()
    assert log.named("on_seat_held") == []
    clock.advance(0.2)
    seats.poll()
    assert rounded(log.named("on_seat_held")) == [(1, 53.0)]
    clock.advance(2.0)
    seats.poll()
    up(factory)
    assert len(log.named("on_seat_held")) == 1
    assert log.named("on_seat_pressed") == []
    assert not seats.is_ready(1)


def test_hold_is_recognised_on_release_when_no_poll_ran(seats, factory, clock, log):
    down(factory)
    clock.advance(3.5)
    up(factory)
    assert rounded(log.named("on_seat_held")) == [(1, 53.0)]
    assert log.named("on_seat_pressed") == [] and not seats.is_ready(1)


def test_press_just_under_hold_time_is_a_press(seats, factory, clock, log):
    down(factory)
    clock.advance(2.9)
    seats.poll()
    up(factory)
    assert log.named("on_seat_held") == []
    assert log.named("on_seat_pressed") == [(1, 50.0)] and seats.is_ready(1)


def test_hold_time_is_configurable(factory, clock, log):
    with make(factory, clock, log, hold_s=1.0) as seats:
        down(factory)
        clock.advance(1.0)
        seats.poll()
    assert log.named("on_seat_held") == [(1, 51.0)]


def test_press_can_leave_ready_to_the_game(seats, factory, clock, log):
    seats.press_toggles_ready = False
    down(factory)
    clock.advance(0.1)
    up(factory)
    assert log.named("on_seat_pressed") == [(1, 50.0)]
    assert log.named("on_ready_changed") == [] and not seats.is_ready(1)


def test_seats_are_independent(seats, factory, clock, log):
    down(factory, 17)
    clock.advance(0.05)
    down(factory, 27)
    clock.advance(0.1)
    up(factory, 27)
    assert log.named("on_seat_pressed") == [(2, 50.05)]
    assert seats.is_down(1) and not seats.is_down(2)
    assert seats.is_ready(2) and not seats.is_ready(1)


def test_button_held_at_startup_is_not_a_press(factory, clock, log):
    factory.pin(17).drive_high()  # active-high button already down (a pull-up would lift it)
    buttons = ButtonSettings(pull="none", active_high=True)
    with GpioSeats(SEATS, pin_factory=factory, buttons=buttons, listener=log, clock=clock) as seats:
        assert seats.is_down(1)
        clock.advance(0.5)
        factory.pin(17).drive_low()
        assert log.named("on_seat_pressed") == [] and not seats.is_ready(1)
    assert log.named("on_seat_up") == [(1, 50.5)]


def test_led_modes(seats, factory, clock):
    seats.set_led(1, SeatLed.CAPTAIN, LedMode.ON)
    assert lit(factory, SeatLed.CAPTAIN)
    seats.set_led(1, SeatLed.FAILED, LedMode.BLINK)  # on 0.4 s, off 0.6 s
    assert lit(factory, SeatLed.FAILED)
    phases = []
    for step in (0.3, 0.2, 0.4, 0.2, 0.4):
        clock.advance(step)
        seats.poll()
        phases.append(lit(factory, SeatLed.FAILED))
    assert phases == [True, False, False, True, False]
    assert seats.led_mode(1, SeatLed.FAILED) is LedMode.BLINK
    assert lit(factory, SeatLed.CAPTAIN)  # blinking never touches other LEDs
    seats.set_led(1, SeatLed.FAILED, LedMode.OFF)
    clock.advance(1.0)
    seats.poll()
    assert not lit(factory, SeatLed.FAILED)


def test_led_that_is_not_fitted_is_only_remembered(seats):
    seats.set_led(2, SeatLed.FAILED, LedMode.BLINK)
    seats.poll()
    assert seats.led_mode(2, SeatLed.FAILED) is LedMode.BLINK
    assert {r.role for r in seats.pins() if r.seat == 2} == {"button", "led:ready"}


def test_set_ready_and_clear_ready(seats, factory, log):
    seats.set_ready(1, True)
    seats.set_ready(1, True)  # no change, no event
    seats.set_ready(2, True)
    assert lit(factory, SeatLed.READY) and bool(factory.pin(5).state)
    seats.clear_ready()
    assert not seats.is_ready(1) and not seats.is_ready(2)
    assert [args[:2] for args in log.named("on_ready_changed")] == [
        (1, True), (2, True), (1, False), (2, False),
    ]  # fmt: skip


def test_unknown_seat_is_a_lookup_error(seats):
    with pytest.raises(UnknownSeatError, match="seat 7") as info:
        seats.set_led(7, SeatLed.READY, LedMode.ON)
    assert isinstance(info.value, LookupError) and isinstance(info.value, HardwareError)


def test_use_after_close_says_so(seats):
    seats.close()
    seats.close()
    with pytest.raises(DeviceClosedError):
        seats.is_ready(1)


def test_listener_may_call_back_without_deadlock(factory, clock):
    class LightsCaptain(HardwareListener):
        def on_seat_pressed(self, seat, t):
            seats.set_led(seat, SeatLed.CAPTAIN, LedMode.ON)

    with make(factory, clock, LightsCaptain()) as seats:
        down(factory)
        clock.advance(0.1)
        up(factory)
        assert seats.led_mode(1, SeatLed.CAPTAIN) is LedMode.ON


def test_failing_listener_is_logged_and_state_stays_sound(factory, clock, caplog):
    class Broken(HardwareListener):
        def on_seat_pressed(self, seat, t):
            raise RuntimeError("boom")

    with make(factory, clock, Broken()) as seats:
        with caplog.at_level(logging.ERROR):
            down(factory)
            clock.advance(0.1)
            up(factory)
        assert seats.is_ready(1)
    assert "on_seat_pressed" in caplog.text and "boom" in caplog.text


def test_active_high_buttons(factory, clock, log):
    buttons = ButtonSettings(pull="none", active_high=True)
    with GpioSeats(SEATS, pin_factory=factory, buttons=buttons, listener=log, clock=clock):
        factory.pin(17).drive_high()
        clock.advance(0.1)
        factory.pin(17).drive_low()
    assert log.named("on_seat_pressed") == [(1, 50.0)]
