"""Building blocks shared by the seat and pad backends: debounce, pins, ticker, events.

gpiozero is only touched here and in the device modules, always with the pin factory
passed in; gpiozero errors are turned into :mod:`kiosk.hardware.errors`.
"""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Callable
from typing import Any

from gpiozero import LED, DigitalInputDevice, GPIOZeroError

from kiosk.config import gpiozero_pull
from kiosk.hardware.errors import PinConfigError
from kiosk.hardware.ports import HardwareListener

log = logging.getLogger(__name__)

Change = tuple[bool, float]
Event = tuple[str, tuple[Any, ...]]


class Debouncer:
    """Leading-edge debounce that keeps the true edge time.

    A change is accepted at once, stamped with its own edge time, so a stop or a press
    costs no extra latency. Any edge within ``bounce_s`` of the last accepted change is
    taken as contact bounce and only remembered; once the window has passed (on the next
    edge or :meth:`settle`), a remembered level that still differs is accepted, stamped
    with its edge time or the window's end, whichever is later. A very short real tap
    is therefore never lost, only delayed to the end of the window.

    >>> d = Debouncer(0.02)
    >>> d.edge(True, 1.000), d.edge(False, 1.005), d.edge(True, 1.010)
    ([(True, 1.0)], [], [])
    >>> d.edge(False, 1.500)
    [(False, 1.5)]
    """

    def __init__(self, bounce_s: float, level: bool = False) -> None:
        self.bounce_s = bounce_s
        self.level = level
        self.changed_t = -math.inf
        self._raw = level
        self._raw_t = -math.inf

    def edge(self, level: bool, t: float) -> list[Change]:
        """Feed one raw edge; returns the accepted changes (zero, one or two)."""
        changes = self.settle(t)
        self._raw, self._raw_t = level, t
        return changes + self.settle(t)

    def settle(self, now: float, raw: bool | None = None) -> list[Change]:
        """Accept a pending level once the bounce window is over.

        ``raw`` is the pin's level read now; it repairs an edge the driver never reported.
        """
        if raw is not None and raw != self._raw:
            self._raw, self._raw_t = raw, now
        quiet_from = self.changed_t + self.bounce_s
        if self._raw == self.level or now < quiet_from:
            return []
        self.level = self._raw
        self.changed_t = max(self._raw_t, quiet_from)
        return [(self.level, self.changed_t)]


def open_input(
    pin: int, pull: str, active_high: bool, pin_factory: Any, role: str
) -> DigitalInputDevice:
    """An input with no gpiozero debounce (we filter ourselves, keeping edge times)."""
    pull_up, active_state = gpiozero_pull(pull, active_high)
    try:
        return DigitalInputDevice(
            pin, pull_up=pull_up, active_state=active_state, pin_factory=pin_factory
        )
    except GPIOZeroError as exc:
        raise PinConfigError(f"{role}: cannot use GPIO{pin} as an input ({exc})") from exc


def open_led(pin: int, active_high: bool, pin_factory: Any, role: str) -> LED:
    try:
        return LED(pin, active_high=active_high, initial_value=False, pin_factory=pin_factory)
    except GPIOZeroError as exc:
        raise PinConfigError(f"{role}: cannot use GPIO{pin} as an LED ({exc})") from exc


def pin_number(device: Any) -> int:
    """The BCM number of a gpiozero device's pin (for diagnostics)."""
    return int(device.pin.info.name.removeprefix("GPIO"))


def emit(listener: HardwareListener, events: list[Event]) -> None:
    """Call listener methods outside our locks; a failing listener is logged, not fatal.

    On a Pi this runs on gpiozero's callback thread or the ticker thread, where an escaped
    exception would silently end event delivery for the whole table.
    """
    for name, args in events:
        try:
            getattr(listener, name)(*args)
        except Exception:
            log.exception("hardware listener %s%r failed", name, args)


class Ticker:
    """A daemon thread calling ``tick()`` every ``interval`` seconds until closed.

    Holds, blinking and late debounce decisions need time to pass without an edge; on
    the table this thread drives them, in tests the test calls ``poll(now)`` itself.
    """

    def __init__(self, tick: Callable[[], None], interval: float = 0.02) -> None:
        self._tick = tick
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kiosk-gpio-ticker", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                self._tick()
            except Exception:
                log.exception("gpio ticker failed")

    def close(self) -> None:
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join()
