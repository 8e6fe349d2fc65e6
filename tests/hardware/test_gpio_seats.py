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
    SeatPins(seat=1, button=17, green_led=23, yellow_led=24, red_led=25),
    SeatPins(seat=2, button=27, green_led=5, yellow_led=None, red_led=None),
)
LED_PIN = {SeatLed.GREEN: 23, SeatLed.YELLOW: 24, SeatLed.RED: 25}


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


def test_press_is_reported_and_lights_nothing(seats, factory, clock, log):
    for _ in range(2):  # hardware knows no game: a press means what the game says
        down(factory)
        clock.advance(0.15)
        up(factory)
        clock.advance(1.0)
    assert log.events == [
        ("on_seat_down", (1, 50.0)),
        ("on_seat_up", (1, 50.15)),
        ("on_seat_pressed", (1, 50.0)),
        ("on_seat_down", (1, 51.15)),
        ("on_seat_up", (1, 51.3)),
        ("on_seat_pressed", (1, 51.15)),
    ]
    assert not any(lit(factory, led) for led in SeatLed)
    assert all(seats.led_mode(1, led) is LedMode.OFF for led in SeatLed)


def test_press_bounce_is_one_press(seats, factory, clock, log):
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


def test_hold_calls_staff_and_is_no_press(seats, factory, clock, log):
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
    assert not lit(factory, SeatLed.GREEN)


def test_hold_is_recognised_on_release_when_no_poll_ran(seats, factory, clock, log):
    down(factory)
    clock.advance(3.5)
    up(factory)
    assert rounded(log.named("on_seat_held")) == [(1, 53.0)]
    assert log.named("on_seat_pressed") == []


def test_press_just_under_hold_time_is_a_press(seats, factory, clock, log):
    down(factory)
    clock.advance(2.9)
    seats.poll()
    up(factory)
    assert log.named("on_seat_held") == []
    assert log.named("on_seat_pressed") == [(1, 50.0)]


def test_hold_time_is_configurable(factory, clock, log):
    with make(factory, clock, log, hold_s=1.0) as seats:
        down(factory)
        clock.advance(1.0)
        seats.poll()
    assert log.named("on_seat_held") == [(1, 51.0)]


def test_seats_are_independent(seats, factory, clock, log):
    down(factory, 17)
    clock.advance(0.05)
    down(factory, 27)
    clock.advance(0.1)
    up(factory, 27)
    assert log.named("on_seat_pressed") == [(2, 50.05)]
    assert seats.is_down(1) and not seats.is_down(2)


def test_button_held_at_startup_is_not_a_press(factory, clock, log):
    factory.pin(17).drive_high()  # active-high button already down (a pull-up would lift it)
    buttons = ButtonSettings(pull="none", active_high=True)
    with GpioSeats(SEATS, pin_factory=factory, buttons=buttons, listener=log, clock=clock) as seats:
        assert seats.is_down(1)
        clock.advance(0.5)
        factory.pin(17).drive_low()
        assert log.named("on_seat_pressed") == []
    assert log.named("on_seat_up") == [(1, 50.5)]


def test_led_modes(seats, factory, clock):
    seats.set_led(1, SeatLed.YELLOW, LedMode.ON)
    assert lit(factory, SeatLed.YELLOW)
    seats.set_led(1, SeatLed.RED, LedMode.BLINK)  # on 0.4 s, off 0.6 s
    assert lit(factory, SeatLed.RED)
    phases = []
    for step in (0.3, 0.2, 0.4, 0.2, 0.4):
        clock.advance(step)
        seats.poll()
        phases.append(lit(factory, SeatLed.RED))
    assert phases == [True, False, False, True, False]
    assert seats.led_mode(1, SeatLed.RED) is LedMode.BLINK
    assert lit(factory, SeatLed.YELLOW)  # blinking never touches other LEDs
    seats.set_led(1, SeatLed.RED, LedMode.OFF)
    clock.advance(1.0)
    seats.poll()
    assert not lit(factory, SeatLed.RED)


def test_led_that_is_not_fitted_is_only_remembered(seats):
    seats.set_led(2, SeatLed.RED, LedMode.BLINK)
    seats.poll()
    assert seats.led_mode(2, SeatLed.RED) is LedMode.BLINK
    assert {r.role for r in seats.pins() if r.seat == 2} == {"button", "led:green"}


def test_leds_show_what_they_are_told_and_nothing_else(seats, factory, log):
    seats.set_led(1, SeatLed.GREEN, LedMode.ON)
    seats.set_led(2, SeatLed.GREEN, LedMode.ON)
    assert lit(factory, SeatLed.GREEN) and bool(factory.pin(5).state)
    assert not lit(factory, SeatLed.YELLOW) and not lit(factory, SeatLed.RED)
    seats.set_led(1, SeatLed.GREEN, LedMode.OFF)
    seats.set_led(2, SeatLed.GREEN, LedMode.OFF)
    assert not lit(factory, SeatLed.GREEN) and not factory.pin(5).state
    assert log.events == []  # an LED change is no event


def test_unknown_seat_is_a_lookup_error(seats):
    with pytest.raises(UnknownSeatError, match="seat 7") as info:
        seats.set_led(7, SeatLed.GREEN, LedMode.ON)
    assert isinstance(info.value, LookupError) and isinstance(info.value, HardwareError)


def test_use_after_close_says_so(seats):
    seats.close()
    seats.close()
    with pytest.raises(DeviceClosedError):
        seats.led_mode(1, SeatLed.GREEN)


def test_listener_may_call_back_without_deadlock(factory, clock):
    class LightsCaptain(HardwareListener):
        def on_seat_pressed(self, seat, t):
            seats.set_led(seat, SeatLed.YELLOW, LedMode.ON)

    with make(factory, clock, LightsCaptain()) as seats:
        down(factory)
        clock.advance(0.1)
        up(factory)
        assert seats.led_mode(1, SeatLed.YELLOW) is LedMode.ON


def test_failing_listener_is_logged_and_state_stays_sound(factory, clock, caplog):
    class Broken(HardwareListener):
        def on_seat_pressed(self, seat, t):
            raise RuntimeError("boom")

    with make(factory, clock, Broken()) as seats:
        with caplog.at_level(logging.ERROR):
            down(factory)
            clock.advance(0.1)
            up(factory)
        assert not seats.is_down(1)
        seats.set_led(1, SeatLed.GREEN, LedMode.ON)  # still works after the listener failed
        assert lit(factory, SeatLed.GREEN)
    assert "on_seat_pressed" in caplog.text and "boom" in caplog.text


def test_active_high_buttons(factory, clock, log):
    buttons = ButtonSettings(pull="none", active_high=True)
    with GpioSeats(SEATS, pin_factory=factory, buttons=buttons, listener=log, clock=clock):
        factory.pin(17).drive_high()
        clock.advance(0.1)
        factory.pin(17).drive_low()
    assert log.named("on_seat_pressed") == [(1, 50.0)]
