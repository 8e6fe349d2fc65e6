"""The two-finger stop rule, on its own: which pad contacts stop the timer.

No gpiozero, no threads, no clock: :class:`StopRule` is fed the pads' pin changes,
``arm``/``disarm`` and the passing of time (``poll(now)``), all as numbers, and answers
with the listener events to send. :class:`~kiosk.hardware.pads.GpioStopPads` feeds it
from its pin callbacks under its lock; tests feed it timelines directly.

The rule (written for people in ``docs/house-rules.md``, "The two-finger stop"):

* A **touch** begins when a pad's pin becomes active while no touch is under way there.
  It ends only once the pin has stayed released for ``chatter_s``: touching again sooner
  continues the same touch, so contact chatter never makes a fresh touch.
* A touch *lands* once its pin stays active for ``chatter_s``. Chatter before that (a
  finger landing) still counts as touched; a release after it is a finger *lifting*, and
  the chatter that follows never counts as touched, however long it lasts. (If the pin
  stays active for ``chatter_s`` again, the finger is back: it counts again.)
* The timer **stops** (``on_stop(t)``) at the first pin edge, while armed, at which both
  pads are touched, by touches that both began after :meth:`StopRule.arm` and at most
  ``pair_s`` apart; ``t`` is that edge's time. Once per arming.
* A pad touched longer than ``stuck_s``, or touched when the pads are armed, is
  **stuck** (``on_pad_stuck(pad, True, t)``) until that touch ends
  (``on_pad_stuck(pad, False, t)``, ``t`` the last release). A stuck or held touch
  never counts, so no single finger, resting hand or stuck pad can stop the timer.

Why pin edges and not the debounced level: a touch already is a debounce (accepted at
once, released after ``chatter_s`` of quiet) and keeps the true edge times, while the
debounced level lags the pin both ways (a pad let go stayed "active" for ``bounce_ms``
after its last bounce, and chatter longer than that made phantom touches).

>>> rule = StopRule(pair_s=0.5, chatter_s=0.06, stuck_s=5.0)
>>> rule.arm(10.0)
[]
>>> rule.pin(Pad.A, True, 10.2)
[]
>>> rule.pin(Pad.B, True, 10.45)
[('on_stop', (10.45,))]
>>> rule.armed
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kiosk.config import PadSettings
from kiosk.hardware.ports import Pad

Event = tuple[str, tuple[Any, ...]]


@dataclass
class Touch:
    """One touch of one pad, chatter included."""

    start: float
    since: float  # the pin's latest activation
    counts: bool = True  # began after the last arm() and is not stuck
    stuck: bool = False
    released: float | None = None  # the pin let go then; a re-touch soon continues it
    landed: bool = False  # the pin once stayed active for chatter_s
    lifting: bool = False  # let go after landing: chatter now is a finger lifting

    @property
    def pairs(self) -> bool:
        """Touched now in a way that may complete a stop."""
        return self.released is None and self.counts and not self.lifting


class StopRule:
    """The rule above for pads A and B; see the module docstring."""

    def __init__(self, pair_s: float, chatter_s: float, stuck_s: float) -> None:
        self.pair_s = pair_s
        self.chatter_s = chatter_s
        self.stuck_s = stuck_s
        self.armed = False
        self._touches: dict[Pad, Touch | None] = {Pad.A: None, Pad.B: None}
        self._now = -math.inf

    @classmethod
    def from_settings(cls, settings: PadSettings) -> StopRule:
        return cls(settings.pair_ms / 1000, settings.chatter_ms / 1000, settings.stuck_s)

    def touching(self, pad: Pad) -> bool:
        """Whether the pad's pin is active, as last reported."""
        touch = self._touches[pad]
        return touch is not None and touch.released is None

    def stuck(self) -> frozenset[Pad]:
        """The pads now held or stuck (they cannot help stop the timer)."""
        return frozenset(pad for pad, touch in self._touches.items() if touch and touch.stuck)

    def arm(self, now: float) -> list[Event]:
        """Start a round: only touches begun from now on count; a pad touched now is stuck."""
        now = max(now, self._now)
        events = self._advance(now)
        self.armed = True
        for pad, touch in self._touches.items():
            if touch is None:
                continue
            touch.counts = False
            if touch.released is None and not touch.stuck:
                events += self._stick(pad, touch, now)
        return events

    def disarm(self) -> None:
        self.armed = False

    def pin(self, pad: Pad, active: bool, t: float) -> list[Event]:
        """One pin change of one pad at time ``t``; repeats of the same level are ignored."""
        t = max(t, self._now)
        events = self._advance(t)
        touch = self._touches[pad]
        if not active:
            if touch is not None and touch.released is None:
                touch.released = t
                touch.landed = touch.landed or t - touch.since >= self.chatter_s
                touch.lifting = touch.landed
            return events
        if touch is None:
            self._touches[pad] = Touch(start=t, since=t)
        elif touch.released is None:
            return events
        else:
            touch.released, touch.since = None, t  # chatter: the same touch goes on
        return events + self._pair(pad, t)

    def poll(self, now: float) -> list[Event]:
        """Let time pass: end touches released for ``chatter_s``, find stuck pads."""
        return self._advance(max(now, self._now))

    def _pair(self, pad: Pad, t: float) -> list[Event]:
        mine, other = self._touches[pad], self._touches[pad.other]
        if (
            self.armed
            and mine is not None
            and other is not None
            and mine.pairs
            and other.pairs
            and abs(mine.start - other.start) <= self.pair_s
        ):
            self.armed = False
            return [("on_stop", (t,))]
        return []

    def _advance(self, now: float) -> list[Event]:
        events: list[Event] = []
        for pad, touch in self._touches.items():
            if touch is None:
                continue
            stuck_at = touch.start + self.stuck_s
            if not touch.stuck and touch.released is None and stuck_at <= now:
                events += self._stick(pad, touch, max(stuck_at, touch.since))
            back_at = touch.since + self.chatter_s
            if touch.lifting and touch.released is None and back_at <= now:
                touch.lifting = False  # held again after a flicker: the finger is back
                events += self._pair(pad, back_at)
            if touch.released is not None and touch.released + self.chatter_s <= now:
                self._touches[pad] = None
                if touch.stuck:
                    events.append(("on_pad_stuck", (pad, False, touch.released)))
        self._now = now
        return events

    def _stick(self, pad: Pad, touch: Touch, t: float) -> list[Event]:
        touch.stuck, touch.counts = True, False
        return [("on_pad_stuck", (pad, True, t))]
