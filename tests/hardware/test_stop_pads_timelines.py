"""The two-finger stop against an oracle, on random timelines of fingers on both pads.

Hypothesis draws *physical* contacts: fingers landing on and lifting off pads A and B
(with contact chatter at both edges, every bounce shorter than the chatter window),
pads stuck before or during a round, and arm/disarm at random moments; the checker
polls now and then, as the ticker does. The same timeline is played twice: through the
real :class:`GpioStopPads` on gpiozero's ``MockFactory`` with an injected clock, and
through the pure :class:`StopRule`. Both must give exactly the oracle's events:

* a stop when, while armed, two fingers are on the pads at the same moment, both
  contacts began after ``arm()`` and at most ``pair_ms`` apart (neither can then be
  stuck); the stop's time is the first pin edge at which both pins read touched;
* a stuck report when a contact lasts ``stuck_s``, or its pin reads touched at
  ``arm()`` (a bounce as it lifts included), and its clearing at the last release.

So zero false stops and zero missed stops, with exact times. Timelines are built so the
truth is never a matter of timing: contacts on one pad are further apart than the
chatter window, each lands (holds still for the chatter window) before it lifts, a tap
is released well before it could be stuck, and pad A's edges fall on whole
milliseconds, pad B's on half milliseconds, arm() and disarm() on quarters.

CI runs 250 examples per test; ``KIOSK_LONG=1`` (tests marked slow) runs 5,000.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from kiosk.config import PadSettings
from kiosk.hardware.pads import GpioStopPads
from kiosk.hardware.ports import Pad
from kiosk.hardware.sim_gpio import EventLog, ManualClock
from kiosk.hardware.stop_rule import StopRule

SHORT, LONG = 250, 5000
PAIR, CHATTER, STUCK = 500, 60, 3000  # ms
SETTINGS = PadSettings(a=5, b=6, pull="up", bounce_ms=15, pair_ms=PAIR, chatter_ms=CHATTER,
                       stuck_s=STUCK / 1000)
PIN = {Pad.A: 5, Pad.B: 6}
OFFSET = {Pad.A: 0.0, Pad.B: 0.5}  # B's edges on half milliseconds: never tied with A's
BURST = st.lists(st.tuples(st.integers(1, 25), st.integers(1, 25)), max_size=4)


def seconds(ms: float) -> float:
    return ms / 1000


# ---------------------------------------------------------------- the physical world


@dataclass
class Contact:
    """A finger (or a fault) on one pad from ``start`` to ``end`` (ms; None: still on).

    ``down`` is chatter as it lands: (released ms, touched ms) after ``start``; ``up`` is
    chatter as it lifts: (touched ms, released ms) after ``end``.
    """

    pad: Pad
    start: float
    down: list[tuple[int, int]]
    end: float | None
    up: list[tuple[int, int]]

    def down_edges(self) -> list[tuple[float, bool]]:
        edges, t = [(self.start, True)], self.start
        for off, on in self.down:
            edges += [(t + off, False), (t + off + on, True)]
            t += off + on
        return edges

    def edges(self) -> list[tuple[float, bool]]:
        if self.end is None:
            return self.down_edges()
        edges, t = [*self.down_edges(), (self.end, False)], self.end
        for on, off in self.up:
            edges += [(t + on, True), (t + on + off, False)]
            t += on + off
        return edges

    @property
    def landed(self) -> float:
        """From here the pin reads touched steadily until ``end``."""
        return self.down_edges()[-1][0]

    @property
    def last_release(self) -> float:
        return self.edges()[-1][0] if self.end is not None else math.inf

    @property
    def over(self) -> float:
        """When the touch is over for the pads: the last release plus the chatter window."""
        return self.last_release + CHATTER

    def pin(self, at: float) -> bool:
        """The pin while the finger is on the pad (False outside [start, end))."""
        if at < self.start or (self.end is not None and at >= self.end):
            return False
        return [level for t, level in self.down_edges() if t <= at][-1]

    def reads(self, at: float) -> bool:
        """The pin at any time, chatter as the finger lifts included."""
        return ([False] + [level for t, level in self.edges() if t <= at])[-1]


@dataclass
class Timeline:
    contacts: list[Contact]
    toggles: list[tuple[float, bool]]  # (ms, True = arm / False = disarm), in time order
    polls: list[float]
    end: float
    notes: set[str] = field(default_factory=set)

    def periods(self) -> list[tuple[float, float]]:
        """Armed periods (arm, disarm or inf)."""
        out, armed_at = [], None
        for t, arm in self.toggles:
            if arm:
                if armed_at is not None:
                    out.append((armed_at, t))
                armed_at = t
            elif armed_at is not None:
                out.append((armed_at, t))
                armed_at = None
        if armed_at is not None:
            out.append((armed_at, math.inf))
        return out

    def steps(self) -> list[tuple[float, str, tuple]]:
        out = [(t, "pin", (c.pad, level)) for c in self.contacts for t, level in c.edges()]
        out += [(t, "arm" if arm else "disarm", ()) for t, arm in self.toggles]
        out += [(t, "poll", ()) for t in self.polls]
        return sorted(out, key=lambda step: step[0])


@st.composite
def timelines(draw) -> Timeline:
    """Episodes on a shared cursor: both pads touched (close together or not), one pad
    tapped, or one pad stuck, often with arm() shortly before; every contact is moved
    later if its pad is still busy. More arm() and disarm() calls fall anywhere."""
    contacts: list[Contact] = []
    toggles: list[tuple[float, bool]] = []
    free_at = {Pad.A: 1.0, Pad.B: 1.0}
    cursor = 0.0
    for _ in range(draw(st.integers(1, 10))):
        cursor += draw(st.integers(0, 3000))
        if draw(st.booleans()):
            toggles.append((cursor - draw(st.integers(1, 1500)), True))
        kind = draw(st.sampled_from(["pair", "pair", "tap", "stuck"]))
        pads = [Pad.A, Pad.B] if kind == "pair" else [draw(st.sampled_from([Pad.A, Pad.B]))]
        delta = draw(st.integers(-900, 900)) if kind == "pair" else 0
        for pad in pads:
            if free_at[pad] == math.inf:
                continue
            start = max(cursor + (delta if pad is Pad.B else 0), free_at[pad] + 1)
            start = math.floor(start) + OFFSET[pad]
            down, up = draw(BURST), draw(BURST)
            settle = sum(a + b for a, b in down)
            if kind == "stuck":
                length = draw(st.one_of(st.none(), st.integers(STUCK + 200, STUCK + 3000)))
            else:  # lands (steady for the chatter window) and lifts long before stuck_s
                length = draw(st.integers(settle + CHATTER + 2, STUCK - 400))
            contact = Contact(pad, start, down, None if length is None else start + length, up)
            contacts.append(contact)
            free_at[pad] = contact.over
    edges_end = max([c.last_release for c in contacts if c.end is not None] + [cursor])
    end = max(edges_end, max(c.start for c in contacts) + STUCK) + 1000
    toggles += draw(st.lists(st.tuples(st.integers(0, int(end)), st.booleans()), max_size=6))
    step = draw(st.sampled_from([None, 20, 100, 700]))
    polls = [] if step is None else [n * step + 0.75 for n in range(int(end // step))]
    return Timeline(contacts, _toggles(toggles), [*polls, end + 0.75], end + 1)


def _toggles(wanted: list[tuple[float, bool]]) -> list[tuple[float, bool]]:
    """arm() and disarm() a quarter millisecond after these times: never on an edge."""
    out: list[tuple[float, bool]] = []
    for t, arm in sorted(wanted):
        at = math.floor(max(t, 0)) + 0.25
        if not out or at > out[-1][0]:
            out.append((at, arm))
    return out


# ---------------------------------------------------------------- the oracle


def first_both_touched(a: Contact, b: Contact) -> float | None:
    """The first instant both fingers are on and both pins read touched, if any."""
    begin = max(a.start, b.start)
    until = min(a.end if a.end is not None else math.inf,
                b.end if b.end is not None else math.inf)
    instants = sorted({begin} | {t for c in (a, b) for t, level in c.down_edges()
                                 if level and begin < t < until})
    return next((t for t in instants if t < until and a.pin(t) and b.pin(t)), None)


def expected_stops(timeline: Timeline) -> list[float]:
    stops = []
    on = {pad: [c for c in timeline.contacts if c.pad is pad] for pad in Pad}
    for armed, disarmed in timeline.periods():
        found = [
            t
            for a in on[Pad.A] if a.start > armed
            for b in on[Pad.B] if b.start > armed and abs(a.start - b.start) <= PAIR
            if (t := first_both_touched(a, b)) is not None and t < disarmed
        ]
        if found:
            stops.append(seconds(min(found)))
        _note_near_misses(timeline, on, armed, disarmed)
    return stops


def _note_near_misses(timeline, on, armed, disarmed) -> None:
    """Name the cases that must NOT stop, so the statistics show they were tried."""
    for a in on[Pad.A]:
        for b in on[Pad.B]:
            later, earlier = (a, b) if a.start > b.start else (b, a)
            if not armed < later.start < disarmed:
                continue
            apart = later.start - earlier.start
            if first_both_touched(a, b) is not None:
                if apart > PAIR:
                    timeline.notes.add("overlap, begun beyond the pair window")
                elif earlier.start < armed:
                    timeline.notes.add("overlap, one begun before arm()")
            elif earlier.end is not None and earlier.end <= later.start < earlier.over:
                timeline.notes.add("a finger lands while the other lifts (chatter)")
            elif apart <= PAIR and earlier.start > armed:
                timeline.notes.add("one tap after the other within the pair window")


def expected_stuck(timeline: Timeline) -> list[tuple[Pad, bool, float]]:
    out = []
    arms = [t for t, arm in timeline.toggles if arm]
    for c in timeline.contacts:
        end = c.end if c.end is not None else math.inf
        when = [seconds(c.start) + STUCK / 1000] if end - c.start > STUCK else []
        when += [seconds(a) for a in arms if c.start < a < c.over and c.reads(a)]
        if when:
            out.append((c.pad, True, min(when)))
            if c.end is not None:
                out.append((c.pad, False, seconds(c.last_release)))
    return out


# ---------------------------------------------------------------- the two players


def play_on_gpio(timeline: Timeline) -> list[tuple[str, tuple]]:
    clock, log, factory = ManualClock(0.0), EventLog(), MockFactory()
    try:
        with GpioStopPads(SETTINGS, pin_factory=factory, listener=log, clock=clock) as pads:
            for t, kind, args in timeline.steps():
                clock.now = seconds(t)
                if kind == "pin":
                    pad, touched = args
                    pin = factory.pin(PIN[pad])
                    pin.drive_low() if touched else pin.drive_high()  # pull-up: touch = low
                elif kind == "arm":
                    pads.arm()
                elif kind == "disarm":
                    pads.disarm()
                else:
                    pads.poll()
    finally:
        factory.reset()
        factory.close()
    return [e for e in log.events if e[0] != "on_pad_changed"]


def play_on_rule(timeline: Timeline) -> list[tuple[str, tuple]]:
    rule = StopRule.from_settings(SETTINGS)
    events = []
    for t, kind, args in timeline.steps():
        if kind == "pin":
            events += rule.pin(*args, seconds(t))
        elif kind == "arm":
            events += rule.arm(seconds(t))
        elif kind == "disarm":
            rule.disarm()
        else:
            events += rule.poll(seconds(t))
    return events


def check(timeline: Timeline, events: list[tuple[str, tuple]]) -> None:
    stops = [args[0] for name, args in events if name == "on_stop"]
    wanted = expected_stops(timeline)
    false_stops = [t for t in stops if t not in wanted]
    missed = [t for t in wanted if t not in stops]
    assert (false_stops, missed) == ([], []), "false stops / missed stops"
    assert stops == wanted
    for pad in Pad:
        stuck = [(p, on, round(t, 9)) for name, (p, on, t) in
                 [e for e in events if e[0] == "on_pad_stuck"] if p is pad]
        assert stuck == [(p, on, round(t, 9)) for p, on, t in expected_stuck(timeline)
                         if p is pad]
    event(f"stops: {min(len(wanted), 3)}{'+' if len(wanted) > 3 else ''}")
    event(f"stuck reports: {'yes' if expected_stuck(timeline) else 'no'}")
    event(f"chatter: {'yes' if any(c.down or c.up for c in timeline.contacts) else 'no'}")
    for note in sorted(timeline.notes):
        event(note)


def _profile(examples: int):
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_profile(SHORT)
@given(timelines())
def test_real_pads_on_mock_pins_match_the_oracle(timeline):
    check(timeline, play_on_gpio(timeline))


@_profile(SHORT)
@given(timelines())
def test_the_pure_rule_matches_the_oracle(timeline):
    check(timeline, play_on_rule(timeline))


@pytest.mark.slow
@_profile(LONG)
@given(timelines())
def test_real_pads_match_the_oracle_at_length(timeline):
    check(timeline, play_on_gpio(timeline))


@pytest.mark.slow
@_profile(LONG)
@given(timelines())
def test_the_pure_rule_matches_the_oracle_at_length(timeline):
    check(timeline, play_on_rule(timeline))


def test_the_oracle_sees_what_people_see():
    """The oracle itself, on hand-made cases: chatter as a finger lands, a finger lifting
    just before the other lands, two fingers far apart in time."""
    a = Contact(Pad.A, 1000, [(1, 5)], 1500, [(4, 4)])
    b = Contact(Pad.B, 1001.5, [], 1800.5, [])
    assert first_both_touched(a, b) == 1006  # A chatters: released from 1001 to 1006
    late = Contact(Pad.B, 1500.5, [], 1900.5, [])
    assert first_both_touched(a, late) is None  # A lifted just before
    timeline = Timeline([a, b], [(900.25, True)], [], 3000)
    assert expected_stops(timeline) == [1.006]
    far = Timeline([a, Contact(Pad.B, 1400.5, [], 1600.5, [])], [(1450.25, True)], [], 3000)
    assert expected_stops(far) == []
