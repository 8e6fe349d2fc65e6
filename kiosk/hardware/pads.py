"""The two-finger stop: two touch pads that stop the round timer only together.

Which touches make a stop is :class:`~kiosk.hardware.stop_rule.StopRule`'s job (pure,
tested on its own and against an oracle on random timelines); this module wires it to
two gpiozero inputs:

* every pin edge goes to the rule with the time the callback saw it, and ``poll`` (the
  ticker, or a test with a fake clock) lets time pass, so chatter windows close and a
  stuck pad is found without an edge;
* ``on_stop(t)`` fires once per :meth:`GpioStopPads.arm`, for fresh touches on both
  pads begun after ``arm()`` and at most ``pair_ms`` apart; a pad held at ``arm()`` or
  longer than ``stuck_s`` sends ``on_pad_stuck`` and never counts until released;
* ``on_pad_changed`` and :meth:`GpioStopPads.is_active` are the debounced level
  (:class:`~kiosk.hardware.gpio_pins.Debouncer`), for ``kiosk diagnose`` and displays.

Callbacks may arrive on gpiozero's thread (on a Pi) or the caller's (mock pins) while
``poll`` runs on the ticker thread: state is guarded by one lock and the listener is
called after it is released.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from kiosk.config import PadSettings
from kiosk.hardware.gpio_pins import Change, Debouncer, Event, emit, open_input, pin_number
from kiosk.hardware.ports import Clock, HardwareListener, Pad, PinReport
from kiosk.hardware.stop_rule import StopRule


class GpioStopPads:
    """Stop pads on two gpiozero inputs. Implements :class:`~kiosk.hardware.ports.StopPads`.

    ``pin_factory`` is required (a ``MockFactory`` in tests, e.g. ``LGPIOFactory()`` on
    the Pi) so that no global gpiozero state is ever used.
    """

    def __init__(
        self,
        settings: PadSettings,
        *,
        pin_factory: Any,
        listener: HardwareListener | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.listener = listener or HardwareListener()
        self._clock = clock
        self._lock = threading.Lock()
        self._rule = StopRule.from_settings(settings)
        self._devices: dict[Pad, Any] = {}
        self._debounce: dict[Pad, Debouncer] = {}
        try:
            for pad, pin in ((Pad.A, settings.a), (Pad.B, settings.b)):
                device = open_input(
                    pin, settings.pull, settings.active_high, pin_factory, f"pad {pad.value}"
                )
                self._devices[pad] = device
                self._debounce[pad] = Debouncer(settings.bounce_ms / 1000, device.is_active)
                device.when_activated = lambda pad=pad: self._edge(pad, True)
                device.when_deactivated = lambda pad=pad: self._edge(pad, False)
        except Exception:
            self.close()
            raise

    @property
    def armed(self) -> bool:
        return self._rule.armed

    def arm(self) -> None:
        """Start a round: the next fresh pair of touches fires ``on_stop`` once; a pad
        touched now is reported stuck and never counts until released."""
        now = self._clock()
        with self._lock:
            events = self._settle(now)
            events += self._rule.arm(now)
        emit(self.listener, events)

    def disarm(self) -> None:
        with self._lock:
            self._rule.disarm()

    def is_active(self, pad: Pad) -> bool:
        """The debounced level of one pad (True while touched)."""
        return self._debounce[pad].level

    def stuck(self) -> frozenset[Pad]:
        """The pads held or stuck now: touched at ``arm()`` or longer than ``stuck_s``."""
        with self._lock:
            return self._rule.stuck()

    def poll(self, now: float | None = None) -> None:
        """Finish debounce decisions that no later edge has settled."""
        now = self._clock() if now is None else now
        with self._lock:
            events = self._settle(now)
        emit(self.listener, events)

    def pins(self) -> tuple[PinReport, ...]:
        return tuple(
            PinReport(f"pad:{pad.value}", None, pin_number(d), bool(d.is_active))
            for pad, d in self._devices.items()
        )

    def close(self) -> None:
        """Release both pins; safe to call twice."""
        for device in self._devices.values():
            device.when_activated = device.when_deactivated = None
            device.close()
        self._devices.clear()
        self._rule.disarm()

    def __enter__(self) -> GpioStopPads:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _edge(self, pad: Pad, active: bool) -> None:
        now = self._clock()
        with self._lock:
            # The partner's pending decisions are older than this edge: settle them first.
            events = self._settle(now, only=pad.other)
            events += self._changed(pad, self._debounce[pad].edge(active, now))
            events += self._rule.pin(pad, active, now)
        emit(self.listener, events)

    def _settle(self, now: float, only: Pad | None = None) -> list[Event]:
        events: list[Event] = []
        for pad, debounce in self._debounce.items():
            if only is not None and pad is not only:
                continue
            device = self._devices.get(pad)
            raw = bool(device.is_active) if device is not None else None
            events += self._changed(pad, debounce.settle(now, raw))
            if raw is not None and raw != self._rule.touching(pad):
                events += self._rule.pin(pad, raw, now)  # an edge the driver never reported
        return events + self._rule.poll(now)

    @staticmethod
    def _changed(pad: Pad, changes: list[Change]) -> list[Event]:
        return [("on_pad_changed", (pad, active, t)) for active, t in changes]
