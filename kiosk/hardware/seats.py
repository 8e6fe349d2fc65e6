"""Seat buttons and LEDs on gpiozero.

Buttons report presses and nothing more: a short press is ``on_seat_pressed``, a hold
of ``hold_s`` is ``on_seat_held`` (call staff) and never also a press; LEDs show only
what ``set_led`` tells them, so the game decides what a press means. To tell the two
apart, a press is decided on release, but its reported time is the
moment the button went down. Holds and blinking need time to pass without an edge:
:meth:`GpioSeats.poll` does that work, driven by a ticker thread on the table and by
the test's fake clock in tests (no sleeps, no gpiozero hold threads).

Threads: as for the pads, edges may arrive on gpiozero's thread or the caller's; one
lock guards state and the listener is called after it is released, so a listener may
call back into this object (``set_led`` from ``on_seat_pressed`` is fine).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from kiosk.config import ButtonSettings, LedSettings, SeatPins
from kiosk.hardware.errors import DeviceClosedError, UnknownSeatError
from kiosk.hardware.gpio_pins import (
    Change,
    Debouncer,
    Event,
    emit,
    open_input,
    open_led,
    pin_number,
)
from kiosk.hardware.ports import Clock, HardwareListener, LedMode, PinReport, SeatLed

_LED_FIELDS = {SeatLed.GREEN: "green_led", SeatLed.YELLOW: "yellow_led",
               SeatLed.RED: "red_led"}  # fmt: skip


@dataclass
class _Seat:
    button: Any
    debounce: Debouncer
    leds: dict[SeatLed, Any]  # only the fitted ones
    modes: dict[SeatLed, LedMode] = field(
        default_factory=lambda: dict.fromkeys(SeatLed, LedMode.OFF)
    )
    blink_since: dict[SeatLed, float] = field(default_factory=dict)
    down_t: float | None = None
    held: bool = False


class GpioSeats:
    """Seat buttons with green, yellow and red LEDs. Implements ``ports.SeatPanel``."""

    def __init__(
        self,
        seats: tuple[SeatPins, ...],
        *,
        pin_factory: Any,
        buttons: ButtonSettings | None = None,
        leds: LedSettings | None = None,
        listener: HardwareListener | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.listener = listener or HardwareListener()
        self._buttons = buttons or ButtonSettings()
        self._led_settings = leds or LedSettings()
        self._clock = clock
        self._lock = threading.Lock()
        self._seats: dict[int, _Seat] = {}
        try:
            for pins in seats:
                self._seats[pins.seat] = self._open_seat(pins, pin_factory)
        except Exception:
            self.close()
            raise

    def _open_seat(self, pins: SeatPins, pin_factory: Any) -> _Seat:
        b = self._buttons
        button = open_input(pins.button, b.pull, b.active_high, pin_factory, f"seat {pins.seat}")
        seat = _Seat(button, Debouncer(b.bounce_ms / 1000, button.is_active), {})
        self._seats[pins.seat] = seat  # registered first so close() can release it on failure
        for led, name in _LED_FIELDS.items():
            pin = getattr(pins, name)
            if pin is not None:
                role = f"seat {pins.seat} {led.value} LED"
                seat.leds[led] = open_led(pin, self._led_settings.active_high, pin_factory, role)
        button.when_activated = lambda n=pins.seat: self._edge(n, True)
        button.when_deactivated = lambda n=pins.seat: self._edge(n, False)
        return seat

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self._seats))

    def is_down(self, seat: int) -> bool:
        return self._seat(seat).debounce.level

    def set_led(self, seat: int, led: SeatLed, mode: LedMode) -> None:
        """Show ``mode`` on one LED; setting an LED that is not fitted is remembered only."""
        now = self._clock()
        with self._lock:
            self._set_led(self._seat(seat), led, mode, now)

    def led_mode(self, seat: int, led: SeatLed) -> LedMode:
        return self._seat(seat).modes[led]

    def poll(self, now: float | None = None) -> None:
        """Report holds that reached ``hold_s``, settle debounce, advance blinking."""
        now = self._clock() if now is None else now
        events: list[Event] = []
        with self._lock:
            for number, seat in self._seats.items():
                raw = bool(seat.button.is_active) if not seat.button.closed else None
                events += self._apply(number, seat.debounce.settle(now, raw))
                hold_end = None if seat.down_t is None else seat.down_t + self._buttons.hold_s
                if hold_end is not None and not seat.held and now >= hold_end:
                    seat.held = True
                    events.append(("on_seat_held", (number, hold_end)))
                self._blink(seat, now)
        emit(self.listener, events)

    def pins(self) -> tuple[PinReport, ...]:
        reports = []
        for number, seat in sorted(self._seats.items()):
            b = seat.button
            reports.append(PinReport("button", number, pin_number(b), bool(b.is_active)))
            reports += [
                PinReport(f"led:{led.value}", number, pin_number(d), bool(d.is_lit))
                for led, d in seat.leds.items()
            ]
        return tuple(reports)

    def close(self) -> None:
        """Switch LEDs off and release every pin; safe to call twice."""
        for seat in self._seats.values():
            seat.button.when_activated = seat.button.when_deactivated = None
            seat.button.close()
            for device in seat.leds.values():
                device.off()  # a closed pin floats; leave the LED dark, not undefined
                device.close()
        self._seats.clear()

    def __enter__(self) -> GpioSeats:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # internals (called with the lock held, except _edge)

    def _seat(self, seat: int) -> _Seat:
        try:
            return self._seats[seat]
        except KeyError:
            if not self._seats:
                raise DeviceClosedError("the seat buttons are closed") from None
            raise UnknownSeatError(f"seat {seat} is not set up on this table") from None

    def _edge(self, number: int, down: bool) -> None:
        now = self._clock()
        with self._lock:
            seat = self._seats.get(number)
            events = [] if seat is None else self._apply(number, seat.debounce.edge(down, now))
        emit(self.listener, events)

    def _apply(self, number: int, changes: list[Change]) -> list[Event]:
        events: list[Event] = []
        seat = self._seats[number]
        for down, t in changes:
            if down:
                seat.down_t, seat.held = t, False
                events.append(("on_seat_down", (number, t)))
                continue
            events.append(("on_seat_up", (number, t)))
            if seat.down_t is None:
                continue  # released a button that was already down at start-up
            down_t, seat.down_t = seat.down_t, None
            if seat.held:
                continue
            if t - down_t >= self._buttons.hold_s:  # no poll ran during the hold
                events.append(("on_seat_held", (number, down_t + self._buttons.hold_s)))
                continue
            events.append(("on_seat_pressed", (number, down_t)))
        return events

    def _set_led(self, seat: _Seat, led: SeatLed, mode: LedMode, now: float) -> None:
        seat.modes[led] = mode
        seat.blink_since.pop(led, None)
        if mode is LedMode.BLINK:
            seat.blink_since[led] = now
        device = seat.leds.get(led)
        if device is not None:
            device.value = mode is not LedMode.OFF  # blinking starts in its "on" phase

    def _blink(self, seat: _Seat, now: float) -> None:
        on_s, off_s = self._led_settings.blink_on_s, self._led_settings.blink_off_s
        for led, since in seat.blink_since.items():
            device = seat.leds.get(led)
            if device is not None:
                device.value = (now - since) % (on_s + off_s) < on_s
