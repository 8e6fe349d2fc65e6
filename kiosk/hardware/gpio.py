"""The table's GPIO backend: seat buttons, seat LEDs and stop pads on one pin factory.

The composition root builds it once::

    factory = pi_pin_factory()                     # or MockFactory() off the Pi
    with GpioTable(settings.gpio, pin_factory=factory, listener=controller) as gpio:
        gpio.start()                               # ticker thread for holds and blinking
        ...

Tests skip ``start()`` and call ``poll(now)`` with a fake clock instead. The listener is
called on gpiozero's callback thread, the caller's thread (mock pins) or the ticker
thread; see :mod:`kiosk.hardware.ports`.
"""

from __future__ import annotations

import time
from typing import Any

from gpiozero import GPIOZeroError

from kiosk.config import GpioSettings
from kiosk.hardware.errors import BackendUnavailableError
from kiosk.hardware.gpio_pins import Ticker
from kiosk.hardware.pads import GpioStopPads
from kiosk.hardware.ports import Clock, HardwareListener, PinReport
from kiosk.hardware.seats import GpioSeats

__all__ = ["GpioSeats", "GpioStopPads", "GpioTable", "pi_pin_factory"]


def pi_pin_factory() -> Any:
    """gpiozero's lgpio factory for a Raspberry Pi, or :class:`BackendUnavailableError`."""
    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory()
    except (ImportError, OSError, GPIOZeroError) as exc:
        raise BackendUnavailableError(
            f"no GPIO chip is usable here ({exc}); on a laptop run the simulated table"
        ) from exc


class GpioTable:
    """Seats (``.seats``) and stop pads (``.pads``) sharing one listener and one clock."""

    def __init__(
        self,
        settings: GpioSettings,
        *,
        pin_factory: Any,
        listener: HardwareListener | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        listener = listener or HardwareListener()
        self._ticker: Ticker | None = None
        self.seats = GpioSeats(
            settings.seats,
            pin_factory=pin_factory,
            buttons=settings.buttons,
            leds=settings.leds,
            listener=listener,
            clock=clock,
        )
        try:
            self.pads = GpioStopPads(
                settings.pads, pin_factory=pin_factory, listener=listener, clock=clock
            )
        except Exception:
            self.seats.close()
            raise
        self._clock = clock

    @property
    def listener(self) -> HardwareListener:
        return self.seats.listener

    @listener.setter
    def listener(self, listener: HardwareListener) -> None:
        self.seats.listener = self.pads.listener = listener

    def poll(self, now: float | None = None) -> None:
        """Drive holds, blinking and pending debounce decisions up to ``now``."""
        now = self._clock() if now is None else now
        self.seats.poll(now)
        self.pads.poll(now)

    def start(self, interval: float = 0.02) -> None:
        """Poll on a background thread every ``interval`` seconds (on the table)."""
        if self._ticker is None:
            self._ticker = Ticker(self.poll, interval)

    def pins(self) -> tuple[PinReport, ...]:
        return self.seats.pins() + self.pads.pins()

    def close(self) -> None:
        if self._ticker is not None:
            self._ticker.close()
            self._ticker = None
        self.seats.close()
        self.pads.close()

    def __enter__(self) -> GpioTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
