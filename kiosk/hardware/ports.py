"""Ports: what the rest of the kiosk may assume about the table's hardware.

The controller talks to three ports and nothing else: :class:`SeatPanel` (a button and
three LEDs per seat), :class:`StopPads` (the two-finger timer stop) and
:class:`LaneReaders` (which RFID tags lie on which seat and lane). Backends (gpiozero,
serial reader boards, the simulated table) implement them; tests use the simulated ones.

Events flow upward through one :class:`HardwareListener`. Subclass it and override only
the ``on_*`` methods you care about; the rest do nothing. Listener methods are called on
whatever thread the event arrived on: the caller's thread with gpiozero's mock pins, a
gpiozero/lgpio background thread on a Pi, a reader thread for boards, or the ticker
thread for holds and late debounce decisions. A listener must therefore be quick and
hand work over to its own thread or queue (the controller keeps one queue).

Times are monotonic seconds (float) from the clock the backend was given.

>>> class Printer(HardwareListener):
...     def on_stop(self, t):
...         print(f"stop at {t:.3f}")
>>> Printer().on_stop(12.5)
stop at 12.500
>>> HardwareListener().on_seat_pressed(3, 1.0)  # the defaults ignore everything
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

Clock = Callable[[], float]
"""A callable returning monotonic seconds; ``time.monotonic`` unless a test injects one."""


class LedMode(enum.Enum):
    """What a seat LED shows."""

    OFF = "off"
    ON = "on"
    BLINK = "blink"


class SeatLed(enum.Enum):
    """The three LEDs beside each seat button, named by colour; what they mean is the
    game's to say."""

    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"


class Pad(enum.Enum):
    """The two large touch pads; both must be touched to stop the timer."""

    A = "a"
    B = "b"

    @property
    def other(self) -> Pad:
        """The partner pad.

        >>> Pad.A.other
        <Pad.B: 'b'>
        """
        return Pad.B if self is Pad.A else Pad.A


class BoardState(enum.Enum):
    """Link state of one reader board, as the reader backend sees it."""

    CONNECTING = "connecting"
    ONLINE = "online"
    SILENT = "silent"  # link open but no heartbeat within the timeout
    OFFLINE = "offline"  # unplugged or cannot be opened; reconnect pending


class AntennaHealth(enum.Enum):
    """Health of one antenna as reported by its board's heartbeat."""

    OK = "ok"
    SILENT = "silent"
    RECOVERED = "recovered"
    INCOMPLETE = "incomplete"  # its inventory could not be finished: cards may be missing

    @property
    def readable(self) -> bool:
        """False when this antenna's cards cannot be trusted (never 'played no card')."""
        return self is not AntennaHealth.SILENT and self is not AntennaHealth.INCOMPLETE


@dataclass(frozen=True)
class InventoryChange:
    """The full set of tag UIDs now lying on one lane of one seat.

    Sent on every change; ``uids`` is the whole new set, not a difference, so a lost
    event is repaired by the next one. ``poll_cycle`` is the board's own counter for the
    poll that saw it, which lets the controller order events from one board.

    >>> InventoryChange(seat=2, lane=3, uids=frozenset({b"\\x04\\xa1\\x22\\x33"}), poll_cycle=7)
    InventoryChange(seat=2, lane=3, uids=frozenset({b'\\x04\\xa1"3'}), poll_cycle=7)
    """

    seat: int
    lane: int
    uids: frozenset[bytes]
    poll_cycle: int


@dataclass(frozen=True)
class AntennaStatus:
    """One antenna of a board: where it sits (``lane`` is None if unmapped) and its health."""

    antenna: int
    lane: int | None
    health: AntennaHealth
    version: int | None = None  # the reader's VersionReg, from the board's hello


@dataclass(frozen=True)
class BoardStatus:
    """A reader board's state, sent whenever it changes (and on first contact).

    ``board`` is the configured path (``/dev/serial/by-id/...``), which stays stable
    across replugs; ``board_id`` and ``firmware`` come from the board's hello, once known.
    """

    board: str
    seat: int | None
    state: BoardState
    t: float
    board_id: str | None = None
    firmware: str | None = None
    antennas: tuple[AntennaStatus, ...] = ()
    dropped_frames: int = 0
    detail: str = ""
    heartbeats_dropped: int = 0  # the board could not send them: the kiosk was not reading
    collpos: str | None = None  # how its readers count CollPos ("nxp", "first-bit")
    transfer_us: float | None = None  # one SPI transfer, as the board measured it


@dataclass(frozen=True)
class PinReport:
    """One GPIO pin and its current level, for ``kiosk diagnose``.

    ``role`` reads like ``"button"``, ``"led:green"`` or ``"pad:a"``; ``active`` is the
    logical level (pressed, lit, touched) after the configured active state is applied.
    """

    role: str
    seat: int | None
    pin: int
    active: bool


class HardwareListener:
    """Receives hardware events. Every method is a no-op; override what you need.

    Seat buttons give three kinds of event so that games can pick what they mean:
    ``on_seat_down``/``on_seat_up`` are the debounced edges (a "first to press" race
    uses ``on_seat_down``); ``on_seat_pressed`` is a short press, decided on release so
    that a long hold never also counts as a press; ``on_seat_held`` is a hold of at least
    the hold time (call staff).
    """

    def on_seat_down(self, seat: int, t: float) -> None:
        """Seat button went down (debounced); ``t`` is the edge time."""

    def on_seat_up(self, seat: int, t: float) -> None:
        """Seat button came up (debounced); ``t`` is the edge time."""

    def on_seat_pressed(self, seat: int, t: float) -> None:
        """Short press, reported on release; ``t`` is when the button went down."""

    def on_seat_held(self, seat: int, t: float) -> None:
        """Button held for the hold time (call staff); ``t`` is down time + hold time."""

    def on_pad_changed(self, pad: Pad, active: bool, t: float) -> None:
        """A stop pad was touched or released (debounced), armed or not."""

    def on_stop(self, t: float) -> None:
        """Both stop pads touched while armed; ``t`` is the edge that completed the pair."""

    def on_pad_stuck(self, pad: Pad, stuck: bool, t: float) -> None:
        """A pad was touched longer than the stuck time, or when the pads were armed
        (``stuck`` True; ``t`` when that was found); or that touch ended (False; ``t``
        the release). While a pad is stuck the pads cannot stop the timer."""

    def on_inventory(self, change: InventoryChange) -> None:
        """The tags on one lane changed."""

    def on_board_status(self, status: BoardStatus) -> None:
        """A reader board's link or antenna health changed."""


@runtime_checkable
class SeatPanel(Protocol):
    """Seat buttons and their LEDs. Buttons report presses and nothing more; an LED
    shows what it is told (``set_led``), so what a press means is the game's to say.
    """

    listener: HardwareListener

    @property
    def seats(self) -> tuple[int, ...]: ...

    def is_down(self, seat: int) -> bool: ...

    def set_led(self, seat: int, led: SeatLed, mode: LedMode) -> None: ...

    def led_mode(self, seat: int, led: SeatLed) -> LedMode: ...

    def poll(self, now: float | None = None) -> None:
        """Advance time-driven work (holds, blinking, late debounce decisions)."""
        ...

    def pins(self) -> tuple[PinReport, ...]: ...

    def close(self) -> None: ...


@runtime_checkable
class StopPads(Protocol):
    """The two-finger stop: ``arm()`` at round start, one ``on_stop`` per arming.

    The rule is :mod:`kiosk.hardware.stop_rule`: fresh touches on both stop pads, begun after
    ``arm()`` and close together; a held or stuck pad never counts.
    """

    listener: HardwareListener

    @property
    def armed(self) -> bool: ...

    def arm(self) -> None:
        """Start listening for a stop; a pad touched now is stuck until released."""
        ...

    def disarm(self) -> None: ...

    def is_active(self, pad: Pad) -> bool: ...

    def stuck(self) -> frozenset[Pad]:
        """The pads now held or stuck (see ``HardwareListener.on_pad_stuck``)."""
        ...

    def poll(self, now: float | None = None) -> None: ...

    def pins(self) -> tuple[PinReport, ...]: ...

    def close(self) -> None: ...


@runtime_checkable
class LaneReaders(Protocol):
    """The table inventory from the RFID reader boards (implemented by another module)."""

    listener: HardwareListener

    def inventory(self) -> Mapping[tuple[int, int], frozenset[bytes]]:
        """Current tags per (seat, lane); lanes with no tags may be absent."""
        ...

    def request_snapshot(self) -> None:
        """Ask every board for a full inventory; answers arrive as ``on_inventory``."""
        ...

    def boards(self) -> tuple[BoardStatus, ...]: ...

    def close(self) -> None: ...
