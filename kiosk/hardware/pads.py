"""The two-finger stop: two touch pads that stop the round timer only together.

Rules, all tested in ``tests/hardware/test_gpio_pads.py``:

* ``on_stop(t)`` fires once per :meth:`GpioStopPads.arm`, when both pads are active at
  the same time; ``t`` is the time of the edge that completed the pair.
* One pad alone never stops.
* A pad already touched at ``arm()`` (a resting hand, a stuck contact) is ignored until
  it has been released; after that it counts again.
* Contact bounce is filtered by :class:`~kiosk.hardware.gpio_pins.Debouncer`, which
  accepts an edge at once and so keeps the stop's latency and timestamp exact.

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
        self._armed = False
        self._blocked = {Pad.A: False, Pad.B: False}
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
        return self._armed

    def arm(self) -> None:
        """Start a round: the next time both pads are touched, ``on_stop`` fires once."""
        now = self._clock()
        with self._lock:
            events = self._settle(now)
            self._armed = True
            for pad, debounce in self._debounce.items():
                self._blocked[pad] = debounce.level
        emit(self.listener, events)

    def disarm(self) -> None:
        with self._lock:
            self._armed = False

    def is_active(self, pad: Pad) -> bool:
        """The debounced level of one pad (True while touched)."""
        return self._debounce[pad].level

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
        self._armed = False

    def __enter__(self) -> GpioStopPads:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _edge(self, pad: Pad, active: bool) -> None:
        now = self._clock()
        with self._lock:
            # The partner's pending decision is older than this edge: settle it first,
            # or a tap released within its bounce window would still count as touched.
            events = self._settle(now, only=pad.other)
            events += self._apply(pad, self._debounce[pad].edge(active, now))
        emit(self.listener, events)

    def _settle(self, now: float, only: Pad | None = None) -> list[Event]:
        events: list[Event] = []
        for pad, debounce in self._debounce.items():
            if only is not None and pad is not only:
                continue
            device = self._devices.get(pad)
            raw = bool(device.is_active) if device is not None else None
            events += self._apply(pad, debounce.settle(now, raw))
        return events

    def _apply(self, pad: Pad, changes: list[Change]) -> list[Event]:
        events: list[Event] = []
        for active, t in changes:
            events.append(("on_pad_changed", (pad, active, t)))
            if not active:
                self._blocked[pad] = False
            elif self._armed and self._counts(pad) and self._counts(pad.other):
                self._armed = False
                events.append(("on_stop", (t,)))
        return events

    def _counts(self, pad: Pad) -> bool:
        return self._debounce[pad].level and not self._blocked[pad]
