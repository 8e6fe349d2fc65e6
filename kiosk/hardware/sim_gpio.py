"""Simulated GPIO: the real :class:`GpioTable` on gpiozero mock pins, plus fingers.

Like gpiozero's mock pins, this simulates the outside world rather than stubbing our
code: ``press_seat(4)`` drives seat 4's button pin to its active level, and the real
debounce, hold and stop logic runs. Mock pins call back synchronously, so listener
events have arrived when a helper returns. The ``SimulatedTable`` facade builds on this.

Debounce and holds depend on time, so tests give a :class:`ManualClock` and move it
between actions; with the real clock, call ``sim.gpio.start()`` so the ticker settles
releases that come within the bounce window.

>>> from kiosk.hardware.ports import LedMode
>>> clock = ManualClock()
>>> with SimGpio(clock=clock) as sim:
...     sim.press_seat(4)
...     _ = clock.advance(0.2)
...     sim.release_seat(4)
...     sim.gpio.seats.set_led(4, SeatLed.GREEN, LedMode.ON)
...     sim.led_is_lit(4, SeatLed.GREEN), sim.led_is_lit(4, SeatLed.RED)
(True, False)
"""

from __future__ import annotations

import threading
import time
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin

from kiosk.config import GpioSettings, parse_settings
from kiosk.hardware.gpio import GpioTable
from kiosk.hardware.ports import Clock, HardwareListener, Pad, SeatLed

_LED_FIELDS = {SeatLed.GREEN: "green_led", SeatLed.YELLOW: "yellow_led",
               SeatLed.RED: "red_led"}  # fmt: skip

# Same layout as config/kiosk.toml, kept here so the sim needs no file on disk.
_REFERENCE: dict[str, Any] = {
    "pads": {"a": 5, "b": 6},
    "seats": [
        {"seat": n, "button": b, "green_led": g, "yellow_led": y, "red_led": r}
        for n, b, g, y, r in [
            (1, 2, 14, 8, 10),
            (2, 3, 15, 7, 9),
            (3, 4, 18, 12, 11),
            (4, 17, 23, 16, 13),
            (5, 27, 24, 20, 19),
            (6, 22, 25, 21, 26),
        ]  # fmt: skip
    ],
}


class ManualClock:
    """A monotonic clock that only moves when told to; pass it as ``clock=``.

    >>> clock = ManualClock(10.0)
    >>> clock.advance(0.5)
    10.5
    >>> clock()
    10.5
    """

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("a monotonic clock cannot go back")
        self.now += seconds
        return self.now


class EventLog(HardwareListener):
    """A listener that records every event as ``(method name, args)``, in arrival order.

    >>> log = EventLog()
    >>> log.on_stop(1.5)
    >>> log.events, log.named("on_stop")
    ([('on_stop', (1.5,))], [(1.5,)])
    """

    def __init__(self) -> None:
        self.events: list[tuple[str, tuple[Any, ...]]] = []
        self._lock = threading.Lock()

    def named(self, name: str) -> list[tuple[Any, ...]]:
        """The arguments of every recorded event called ``name``."""
        with self._lock:
            return [args for event, args in self.events if event == name]

    def clear(self) -> None:
        with self._lock:
            self.events.clear()


def _recorder(name: str) -> Any:
    def record(self: EventLog, *args: Any) -> None:
        with self._lock:
            self.events.append((name, args))

    record.__name__ = name
    return record


for _name in [n for n in vars(HardwareListener) if n.startswith("on_")]:
    setattr(EventLog, _name, _recorder(_name))


def reference_settings() -> GpioSettings:
    """The reference six-seat pin layout (pull-up buttons and pads, active-high LEDs)."""
    return parse_settings(_REFERENCE, source="<reference layout>").gpio


class SimGpio:
    """A :class:`GpioTable` on its own ``MockFactory``, with helpers that act on the pins."""

    def __init__(
        self,
        settings: GpioSettings | None = None,
        *,
        listener: HardwareListener | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.settings = settings or reference_settings()
        self.factory = MockFactory()
        try:
            self.gpio = GpioTable(
                self.settings, pin_factory=self.factory, listener=listener, clock=clock
            )
        except Exception:
            self.factory.reset()
            self.factory.close()
            raise

    # pins

    def button_pin(self, seat: int) -> MockPin:
        pins = next(s for s in self.settings.seats if s.seat == seat)
        return self.factory.pin(pins.button)

    def pad_pin(self, pad: Pad) -> MockPin:
        pads = self.settings.pads
        return self.factory.pin(pads.a if pad is Pad.A else pads.b)

    def led_is_lit(self, seat: int, led: SeatLed) -> bool:
        """Whether the LED's pin is at its lit level right now."""
        pins = next(s for s in self.settings.seats if s.seat == seat)
        pin = getattr(pins, _LED_FIELDS[led])
        if pin is None:
            return False
        return bool(self.factory.pin(pin).state) == self.settings.leds.active_high

    # fingers

    def press_seat(self, seat: int) -> None:
        _drive(self.button_pin(seat), self.settings.buttons.active_high, active=True)

    def release_seat(self, seat: int) -> None:
        _drive(self.button_pin(seat), self.settings.buttons.active_high, active=False)

    def touch_pad(self, pad: Pad) -> None:
        _drive(self.pad_pin(pad), self.settings.pads.active_high, active=True)

    def release_pad(self, pad: Pad) -> None:
        _drive(self.pad_pin(pad), self.settings.pads.active_high, active=False)

    def touch_both_pads(self) -> None:
        self.touch_pad(Pad.A)
        self.touch_pad(Pad.B)

    def close(self) -> None:
        self.gpio.close()
        self.factory.reset()
        self.factory.close()

    def __enter__(self) -> SimGpio:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _drive(pin: MockPin, active_high: bool, *, active: bool) -> None:
    if active == active_high:
        pin.drive_high()
    else:
        pin.drive_low()
