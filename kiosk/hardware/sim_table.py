"""The simulated table: mock-pin GPIO, one simulated board per seat, the real reader code.

Tests, demos and the app's developer panel drive a whole table with plain sentences::

    with SimulatedTable(listener=controller) as table:
        table.wait_settled()
        table.put("blue-7-RH", seat=2, lane=3)
        table.press_seat(4)
        table.touch_both_pads()
        table.stick_pad(Pad.A)
        table.inject("unplug", seat=2)
        table.wait_settled()

Only the far side is fake: seat buttons are gpiozero mock pins under the real
:class:`~kiosk.hardware.gpio.GpioTable`, and each seat's reader board is a
:class:`~kiosk.hardware.sim_board.SimBoard` behind a real pty and a stable symlink,
read by the real :class:`~kiosk.hardware.readers.SerialReaders`. Cards become UIDs
through the tag map, so the controller sees exactly what a real table would send.

Waiting is done on the readers' condition (:meth:`wait_settled`, :meth:`wait_for`),
never by sleeping.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from kiosk.config import ReaderBoard
from kiosk.hardware import wire
from kiosk.hardware.board_link import LinkTuning
from kiosk.hardware.ports import BoardState, BoardStatus, Clock, HardwareListener, Pad
from kiosk.hardware.readers import SerialReaders
from kiosk.hardware.sim_board import SimBoard
from kiosk.hardware.sim_gpio import SimGpio
from kiosk.hardware.tagmap import TableView, TagMap

SIM_TUNING = LinkTuning(
    read_timeout_s=0.02,
    silent_after_s=0.5,
    backoff_min_s=0.02,
    backoff_max_s=0.2,
    snapshot_retry_s=0.2,
)
"""Shorter timings than a real table, so fault tests finish in well under a second."""

FAULTS = (
    "garbage", "drop", "corrupt", "silent", "resume", "slow", "unplug", "plug", "replug",
    "reboot", "ghost", "health",
)  # fmt: skip

_HEALTH_NAMES = {name: code for code, name in enumerate(wire.HEALTH_NAMES)}


def link_name(seat: int) -> str:
    """The by-id style name of a seat's board, as a udev rule would make it."""
    return f"usb-kiosk_reader_seat{seat}-if00"


class SimulatedTable:
    """A whole table in software; see the module docstring. Close it (or use ``with``)."""

    def __init__(
        self,
        *,
        seats: Iterable[int] = range(1, 7),
        lanes: int = 5,
        listener: HardwareListener | None = None,
        tags: TagMap | None = None,
        clock: Clock = time.monotonic,
        tuning: LinkTuning = SIM_TUNING,
        heartbeat_s: float | None = 0.1,
        links_dir: str | Path | None = None,
        plugged: Iterable[int] | None = None,
    ) -> None:
        self.seats = tuple(seats)
        self.lanes = lanes
        self.tags = tags if tags is not None else TagMap.load()
        self._temp = None
        if links_dir is None:
            self._temp = tempfile.TemporaryDirectory(prefix="kiosk-sim-")
            links_dir = self._temp.name
        self.links_dir = Path(links_dir) / "by-id"
        plugged_seats = set(self.seats if plugged is None else plugged)
        listener = listener or HardwareListener()
        self.board_settings = tuple(
            ReaderBoard(
                str(self.links_dir / link_name(seat)),
                seat,
                tuple((n, n) for n in range(1, lanes + 1)),
            )
            for seat in self.seats
        )
        self.boards: dict[int, SimBoard] = {}
        self.stuck_pads: set[Pad] = set()
        self.gpio: SimGpio | None = None
        self.readers: SerialReaders | None = None
        try:
            for settings in self.board_settings:
                self.boards[settings.seat] = SimBoard(
                    settings.path,
                    board_id=f"seat-{settings.seat}",
                    antennas=lanes,
                    heartbeat_s=heartbeat_s,
                    plugged=settings.seat in plugged_seats,
                )
            self.gpio = SimGpio(listener=listener, clock=clock)
            if clock is time.monotonic:
                self.gpio.gpio.start()  # settles quick releases and holds on real time
            self.readers = SerialReaders(
                self.board_settings, listener=listener, clock=clock, tuning=tuning
            )
        except Exception:
            self.close()
            raise

    # ------------------------------------------------------------------ listener

    @property
    def listener(self) -> HardwareListener:
        return self._readers.listener

    @listener.setter
    def listener(self, listener: HardwareListener) -> None:
        self._gpio.gpio.listener = listener
        self._readers.listener = listener

    @property
    def _gpio(self) -> SimGpio:
        assert self.gpio is not None, "the table is closed"
        return self.gpio

    @property
    def _readers(self) -> SerialReaders:
        assert self.readers is not None, "the table is closed"
        return self.readers

    # ------------------------------------------------------------------ cards

    def uid_of(self, card: str) -> bytes:
        """The UID the tag map gives a card; a clear error for a card it does not know."""
        uid = self.tags.uid(card)
        if uid is None:
            close = [c for c in self.tags.cards() if c.startswith(card + "-")]
            hint = f" — did you mean {', '.join(close)}?" if close else ""
            raise KeyError(
                f"card {card!r} is not in the tag map{hint} (put_uid() places an unknown tag)"
            )
        return uid

    def put(self, card: str, *, seat: int, lane: int) -> bytes:
        """Lay a card face down in a lane; returns its UID."""
        uid = self.uid_of(card)
        self.put_uid(uid, seat=seat, lane=lane)
        return uid

    def lift(self, card: str, *, seat: int, lane: int) -> None:
        self.lift_uid(self.uid_of(card), seat=seat, lane=lane)

    def put_uid(self, uid: bytes, *, seat: int, lane: int) -> None:
        """Lay any tag (enrolled or not) in a lane."""
        self.board(seat).put(self._antenna(lane), uid)

    def lift_uid(self, uid: bytes, *, seat: int, lane: int) -> None:
        self.board(seat).lift(self._antenna(lane), uid)

    def clear(self) -> None:
        """Lift every card from the table."""
        for board in self.boards.values():
            for antenna, uids in enumerate(board.seen()):
                for uid in uids:
                    board.unghost(antenna, uid)
                    board.lift(antenna, uid)

    # ------------------------------------------------------------------ fingers

    def press_seat(self, seat: int) -> None:
        """A short press of a seat button (down then up)."""
        self._gpio.press_seat(seat)
        self._gpio.release_seat(seat)

    def hold_seat(self, seat: int) -> None:
        """Put a finger on a seat button and keep it there (``release_seat`` lifts it)."""
        self._gpio.press_seat(seat)

    def release_seat(self, seat: int) -> None:
        self._gpio.release_seat(seat)

    def arm_stop(self) -> None:
        """Start listening for the two-finger stop (the controller does this per round)."""
        self._gpio.gpio.pads.arm()

    def touch_pad(self, pad: Pad) -> None:
        self._gpio.touch_pad(pad)

    def touch_both_pads(self) -> None:
        self._gpio.touch_both_pads()

    def release_pad(self, pad: Pad) -> None:
        self._gpio.release_pad(pad)

    def release_pads(self) -> None:
        """Lift the fingers from both stop pads; a stuck pad stays touched."""
        for pad in (Pad.A, Pad.B):
            if pad not in self.stuck_pads:
                self._gpio.release_pad(pad)

    def stick_pad(self, pad: Pad) -> None:
        """A pad that reads touched and stays so (a module calibrated under a hand, a
        shorted lead) until :meth:`free_pad`: the table reports it after ``stuck_s``,
        or at once when a round starts."""
        self.stuck_pads.add(pad)
        self._gpio.touch_pad(pad)

    def free_pad(self, pad: Pad) -> None:
        self.stuck_pads.discard(pad)
        self._gpio.release_pad(pad)

    # ------------------------------------------------------------------ faults

    def inject(self, fault: str, *, seat: int, **options: Any) -> Any:
        """Make something go wrong on one seat's board.

        ``fault`` is one of :data:`FAULTS`: ``garbage`` (``data=``), ``drop`` and
        ``corrupt`` (``count=1``), ``silent``/``resume``, ``slow`` (pings answered
        ``seconds=0.3`` late; 0 for prompt again), ``unplug``/``plug``/``replug``,
        ``reboot``, ``ghost`` (``lane=`` the lane whose tag leaks, ``into=`` the
        neighbouring lane, ``seconds=`` or None to keep it; returns the UID) and
        ``health`` (``lane=``, ``state="silent"|"recovered"|"ok"``).
        """
        board = self.board(seat)
        if fault == "garbage":
            board.send_garbage(**options)
        elif fault == "drop":
            board.drop_frames(options.get("count", 1))
        elif fault == "corrupt":
            board.corrupt_frames(options.get("count", 1))
        elif fault == "silent":
            board.go_silent()
        elif fault == "resume":
            board.resume()
        elif fault == "slow":
            board.slow_answers(options.get("seconds", 0.3))
        elif fault == "unplug":
            board.unplug()
        elif fault == "plug":
            board.plug()
        elif fault == "replug":
            board.replug(**options)
        elif fault == "reboot":
            board.reboot()
        elif fault == "ghost":
            lane = options["lane"]
            into = options.get("into", lane + 1 if lane < self.lanes else lane - 1)
            return board.cross_talk(
                self._antenna(lane), self._antenna(into), options.get("seconds")
            )
        elif fault == "health":
            board.set_health(self._antenna(options["lane"]), _HEALTH_NAMES[options["state"]])
        else:
            raise ValueError(f"unknown fault {fault!r}; choose one of {', '.join(FAULTS)}")
        return None

    # ------------------------------------------------------------------ what the host sees

    def board(self, seat: int) -> SimBoard:
        try:
            return self.boards[seat]
        except KeyError:
            raise KeyError(f"seat {seat} has no simulated board (seats: {self.seats})") from None

    def inventory(self) -> dict[tuple[int, int], frozenset[bytes]]:
        """What the host's reader backend holds now."""
        return self._readers.inventory()

    def view(self) -> TableView:
        """The host's inventory through the tag map: cards, unknown tags, conflicts."""
        return self.tags.resolve(self._readers.inventory())

    def board_statuses(self) -> tuple[BoardStatus, ...]:
        return self._readers.boards()

    def truth(self) -> dict[tuple[int, int], frozenset[bytes]]:
        """What the simulated boards report (tags plus ghosts) for every non-empty lane."""
        out = {}
        for seat, board in self.boards.items():
            for antenna, uids in enumerate(board.seen()):
                if uids:
                    out[seat, antenna + 1] = uids
        return out

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Wait (on the readers' condition, no polling) until ``predicate()`` holds."""
        return self._readers.wait_for(predicate, timeout)

    def settled(self) -> bool:
        """Every reachable board is online and the host agrees with it lane by lane.

        Unplugged and silent boards are skipped: the host keeps their last known lanes.
        """
        held = self._readers.inventory()
        statuses = {s.seat: s for s in self._readers.boards()}
        for seat, board in self.boards.items():
            if not board.plugged or board.silent:
                continue
            if statuses[seat].state is not BoardState.ONLINE:
                return False
            for antenna, uids in enumerate(board.seen()):
                if held.get((seat, antenna + 1), frozenset()) != uids:
                    return False
        return True

    def wait_settled(self, timeout: float = 5.0) -> bool:
        """Wait until :meth:`settled`; False after ``timeout`` seconds."""
        return self.wait_for(self.settled, timeout)

    def wait_state(self, seat: int, state: BoardState, timeout: float = 5.0) -> bool:
        """Wait until a seat's board reaches a link state (e.g. SILENT, OFFLINE)."""
        return self.wait_for(
            lambda: any(s.seat == seat and s.state is state for s in self._readers.boards()),
            timeout,
        )

    def pins(self) -> tuple:
        return self._gpio.gpio.pins()

    # ------------------------------------------------------------------ lifetime

    def close(self) -> None:
        if self.readers is not None:
            self.readers.close()
            self.readers = None
        for board in self.boards.values():
            board.close()
        if self.gpio is not None:
            self.gpio.close()
            self.gpio = None
        if self._temp is not None:
            self._temp.cleanup()
            self._temp = None

    def __enter__(self) -> SimulatedTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _antenna(self, lane: int) -> int:
        if not 1 <= lane <= self.lanes:
            raise ValueError(f"lane {lane} does not exist; lanes are 1..{self.lanes}")
        return lane - 1
