"""One reader board's serial link: a thread that opens, reads, checks and reconnects.

Why a thread per board: a board that hangs, floods garbage or vanishes must never
delay another board's events. Each :class:`BoardLink` owns its port and its decoder,
and keeps the board's lanes; the shared condition (owned by
:class:`~kiosk.hardware.readers.SerialReaders`) guards every link's lanes at once, so
the whole table can be read consistently.

What the link does, following ``firmware/PROTOCOL.md``:

* opens the board's stable path and asks for a snapshot (HELLO then SNAPSHOT);
* applies TAG_ADDED/TAG_REMOVED in sequence; any other ``seq`` (a lost, repeated or
  rebooted count), or a heartbeat whose ``seq`` is not the last event's, makes it ask
  for a snapshot again and ignore events until that snapshot arrives;
* drops and counts corrupt frames (the decoder never raises);
* treats 2 s without a heartbeat as a silent board, and a read error or a vanished
  path as an unplug: closes the port and retries with a growing backoff, then asks
  for a fresh snapshot; a path that appears later is picked up by the same retries;
* refuses a board that speaks another protocol version, saying what to do, once its
  frames say so persistently: one frame with a good CRC but an unknown version or
  type is counted as a dropped frame, like any noise (:mod:`.foreign_frames`).

Antennas: config numbers them from 1 as printed on the board (``antennas = {1 = 1}``);
the wire numbers them from 0. Config antenna ``n`` is wire antenna ``n - 1``.

While a board is offline or silent its lanes keep their last known tags (the cards are
most likely still there); its :class:`~kiosk.hardware.ports.BoardStatus` says so, and
the fresh snapshot after the reconnect corrects anything that changed meanwhile.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import serial

from kiosk.config import ReaderBoard
from kiosk.hardware import wire
from kiosk.hardware.foreign_frames import ForeignFrames
from kiosk.hardware.ports import (
    AntennaHealth,
    AntennaStatus,
    BoardState,
    BoardStatus,
    Clock,
    InventoryChange,
)

log = logging.getLogger(__name__)

_HEALTH = {
    wire.HEALTH_OK: AntennaHealth.OK,
    wire.HEALTH_SILENT: AntennaHealth.SILENT,
    wire.HEALTH_RECOVERED: AntennaHealth.RECOVERED,
    wire.HEALTH_INCOMPLETE: AntennaHealth.INCOMPLETE,
}


class Port(Protocol):
    """What a link needs from a serial port (``serial.Serial`` has all of it)."""

    in_waiting: int

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


WRITE_TIMEOUT_S = 0.2
"""The longest a write to a board may block; a host write is a few bytes (a PING, a
SNAPSHOT_REQUEST), so only a board that stopped reading ever makes it wait."""

Opener = Callable[[str, float], Port]
"""``opener(path, read_timeout_s)`` → an open port; raises OSError/SerialException."""


def open_serial(path: str, read_timeout_s: float) -> Port:
    """Open a board with pyserial: blocking reads that give up after ``read_timeout_s``.

    ``exclusive=True`` takes an flock, so a second kiosk process cannot steal frames.
    ``write_timeout``: a board that stops reading (a hung firmware, a full USB buffer)
    fills the pipe, and a write with no timeout then blocks its caller for good.
    """
    return serial.Serial(path, baudrate=115200, timeout=read_timeout_s,
                         write_timeout=WRITE_TIMEOUT_S, exclusive=True)


@dataclass(frozen=True)
class LinkTuning:
    """Timing of a link. Defaults are the protocol's; tests and the sim shorten them."""

    read_timeout_s: float = 0.05  # how often the thread wakes to check its deadlines
    silent_after_s: float = 2.0  # no heartbeat this long: the board is silent
    backoff_min_s: float = 0.05  # first retry after a failure
    backoff_max_s: float = 2.0  # retries slow down to this
    snapshot_retry_s: float = 0.5  # a requested snapshot that does not come is asked again


def describe_open_error(path: str, exc: BaseException) -> str:
    """A sentence for café staff about a port that would not open."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return (
            f"board {path} not found — check the USB cable; "
            "`ls /dev/serial/by-id` lists the boards that are plugged in"
        )
    if code == errno.EACCES:
        return (
            f"board {path} cannot be opened: permission denied — add the kiosk user "
            "to the dialout group (`sudo adduser $USER dialout`, then log in again)"
        )
    if code in (errno.EBUSY, errno.EAGAIN, errno.EWOULDBLOCK):
        return f"board {path} is in use by another program — is a second kiosk running?"
    return f"board {path} cannot be opened ({exc}) — unplug it, wait 5 s, plug it in again"


class LinkEvents(Protocol):
    """Where a link reports (implemented by SerialReaders)."""

    def inventory_changed(self, changes: list[InventoryChange]) -> None: ...

    def status_changed(self, status: BoardStatus) -> None: ...


class BoardLink:
    """The link to one board. Start it with :meth:`start`; stop with :meth:`close`."""

    def __init__(
        self,
        board: ReaderBoard,
        *,
        events: LinkEvents,
        cond: threading.Condition,
        opener: Opener = open_serial,
        clock: Clock,
        tuning: LinkTuning | None = None,
    ) -> None:
        self.board = board
        self.path = board.path
        self._events = events
        self._cond = cond
        self._opener = opener
        self._clock = clock
        self._tuning = tuning or LinkTuning()
        self._decoder = wire.Decoder()
        self._foreign = ForeignFrames()  # kept across reconnects: only a valid frame clears it
        self._stop = threading.Event()
        self._write_lock = threading.Lock()
        self._port: Any = None
        self._thread: threading.Thread | None = None
        # guarded by cond
        self.lanes: dict[int, frozenset[bytes]] = {}
        self.state = BoardState.CONNECTING
        self.hello: wire.Hello | None = None
        self.health: tuple[int, ...] = ()
        self.cycle = 0
        self.heartbeats_dropped = 0  # as the board last said
        self.snapshots = 0  # snapshots applied since start
        self.pong = -1  # last PONG token
        self.detail = "not opened yet"
        self._last_seq: int | None = None  # None: waiting for a snapshot
        self._requested_at = 0.0
        self._last_beat = 0.0
        self._reported: BoardStatus | None = None

    # ------------------------------------------------------------------ control

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"board {self.path}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Tell the thread to finish (without waiting); :meth:`close` also waits."""
        self._stop.set()

    def close(self, timeout: float = 2.0) -> None:
        """Stop the thread promptly: wake its read and wait for it."""
        self._stop.set()
        with self._write_lock:
            port = self._port
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            with contextlib.suppress(OSError, serial.SerialException):
                cancel()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def send(self, message: wire.Message) -> bool:
        """Write one message to the board; False if the link is not open or fails."""
        data = message.encode()
        with self._write_lock:
            if self._port is None:
                return False
            try:
                self._port.write(data)
            except serial.SerialTimeoutException:
                log.warning("board %s is not reading what the kiosk sends (write timed "
                            "out after %g s)", self.path, WRITE_TIMEOUT_S)
                return False
            except (OSError, serial.SerialException):
                return False
        return True

    def request_snapshot(self) -> bool:
        return self.send(wire.SnapshotRequest())

    @property
    def dropped_frames(self) -> int:
        return self._decoder.frames_bad

    def status(self) -> BoardStatus:
        """The board's status now (call with the condition held, or accept a torn read)."""
        hello = self.hello
        mapped = dict(self.board.antennas)
        numbers = set(mapped) | set(range(1, (hello.antennas if hello else 0) + 1))
        antennas = tuple(
            AntennaStatus(
                antenna=n,
                lane=mapped.get(n),
                health=_HEALTH.get(
                    self.health[n - 1] if n - 1 < len(self.health) else 0, AntennaHealth.OK
                ),
                version=hello.versions[n - 1] if hello and n - 1 < len(hello.versions) else None,
            )
            for n in sorted(numbers)
        )
        return BoardStatus(
            board=self.path,
            seat=self.board.seat,
            state=self.state,
            t=self._clock(),
            board_id=hello.board_id if hello else None,
            firmware=hello.firmware if hello else None,
            antennas=antennas,
            dropped_frames=self._decoder.frames_bad,
            detail=self.detail,
            heartbeats_dropped=self.heartbeats_dropped,
            collpos=wire.COLLPOS_NAMES[hello.collpos] if hello else None,
            transfer_us=hello.transfer_tenths / 10 if hello else None,
        )

    # ------------------------------------------------------------------ thread

    def _run(self) -> None:
        backoff = self._tuning.backoff_min_s
        while not self._stop.is_set():
            port = self._open()
            if port is not None:
                try:
                    backoff = self._serve(port, backoff)
                except (OSError, serial.SerialException) as exc:
                    self._set_state(
                        BoardState.OFFLINE,
                        f"board {self.path} lost its link ({exc}) — reconnecting; "
                        "check the USB cable if this repeats",
                    )
                finally:
                    with self._write_lock:
                        self._port = None
                    with contextlib.suppress(OSError, serial.SerialException):
                        port.close()
            if self._stop.wait(backoff):
                break
            backoff = min(backoff * 2, self._tuning.backoff_max_s)

    def _open(self) -> Port | None:
        try:
            port = self._opener(self.path, self._tuning.read_timeout_s)
        except (OSError, serial.SerialException, ValueError) as exc:
            self._set_state(BoardState.OFFLINE, describe_open_error(self.path, exc))
            return None
        self._decoder.reset()
        with self._write_lock:
            self._port = port
        now = self._clock()
        with self._cond:
            self._last_seq = None
            self._last_beat = now
        self._set_state(BoardState.CONNECTING, "link open, waiting for the board's snapshot")
        self._ask_snapshot(now)
        return port

    def _serve(self, port: Port, backoff: float) -> float:
        """Read until stopped, silent or refused; returns the backoff for the next retry."""
        while not self._stop.is_set():
            data = port.read(1)
            if data:
                waiting = port.in_waiting
                if waiting:
                    data += port.read(waiting)
            now = self._clock()
            dropped = self._decoder.frames_bad
            for message in self._decoder.feed(data):
                if type(message) is wire.Incompatible:  # already counted as dropped
                    if self._foreign.seen(now):
                        self._set_state(
                            BoardState.OFFLINE, f"board {self.path} refused: {message.describe()}"
                        )
                        return self._tuning.backoff_max_s
                    continue
                self._foreign.valid()
                self._handle(message, now)
            if self.state is BoardState.ONLINE:
                backoff = self._tuning.backoff_min_s
            if self._decoder.frames_bad != dropped:
                self._report()
            if now - self._last_beat > self._tuning.silent_after_s:
                self._set_state(
                    BoardState.SILENT,
                    f"board {self.path} sent no heartbeat for "
                    f"{self._tuning.silent_after_s:g} s — reconnecting; if it stays silent, "
                    "unplug it for 5 s",
                )
                return backoff
            if self._last_seq is None and now - self._requested_at > self._tuning.snapshot_retry_s:
                self._ask_snapshot(now)
        return backoff

    # ------------------------------------------------------------------ messages

    def _handle(self, message: wire.Message, now: float) -> None:
        kind = type(message)
        if kind is wire.TagAdded or kind is wire.TagRemoved:
            self._tag_event(message, kind is wire.TagAdded, now)  # type: ignore[arg-type]
        elif kind is wire.Heartbeat:
            self._heartbeat(message, now)  # type: ignore[arg-type]
        elif kind is wire.Snapshot:
            self._snapshot(message)  # type: ignore[arg-type]
        elif kind is wire.Hello:
            with self._cond:
                self.hello = message  # type: ignore[assignment]
            self._report()
        elif kind is wire.Pong:
            with self._cond:
                self.pong = message.token  # type: ignore[attr-defined]
                self._cond.notify_all()
        elif kind is wire.Error:
            text = message.text  # type: ignore[attr-defined]
            log.warning("board %s reports error %s: %s", self.path, message.code, text)  # type: ignore[attr-defined]
            with self._cond:
                self.detail = f"board says: {text}"
            self._report()

    def _snapshot(self, snap: wire.Snapshot) -> None:
        fresh = {}
        for antenna, lane in self.board.antennas:
            uids = snap.tags[antenna - 1] if antenna - 1 < len(snap.tags) else []
            fresh[lane] = frozenset(uids)
        with self._cond:
            changes = self._replace_lanes(fresh)
            self._last_seq = snap.seq
            self.snapshots += 1
            self._cond.notify_all()
        self._events.inventory_changed(changes)
        if self.state is not BoardState.ONLINE:
            self._set_state(BoardState.ONLINE, self._online_detail())

    def _tag_event(self, event: wire.TagAdded, added: bool, now: float) -> None:
        with self._cond:
            if self._last_seq is None:
                return  # a snapshot is on its way and will include this event
            if event.seq != (self._last_seq + 1) & wire.SEQ_MASK:
                log.info("board %s: seq %s after %s, asking for a snapshot",
                         self.path, event.seq, self._last_seq)  # fmt: skip
                self._last_seq = None
                gap = True
            else:
                self._last_seq = event.seq
                gap = False
                lane = self.board.lane_for(event.antenna + 1)
                changes = []
                if lane is not None:
                    old = self.lanes.get(lane, frozenset())
                    new = old | {event.uid} if added else old - {event.uid}
                    changes = self._replace_lanes({lane: new})
                self._cond.notify_all()
        if gap:
            self._ask_snapshot(now)
        else:
            self._events.inventory_changed(changes)

    def _heartbeat(self, beat: wire.Heartbeat, now: float) -> None:
        with self._cond:
            self._last_beat = now
            self.cycle = beat.cycle
            health_changed = tuple(beat.health) != self.health
            self.health = tuple(beat.health)
            if beat.dropped != self.heartbeats_dropped:
                if beat.dropped > self.heartbeats_dropped:
                    log.warning("board %s dropped %d heartbeats while the kiosk was not reading",
                                self.path, beat.dropped - self.heartbeats_dropped)
                self.heartbeats_dropped = beat.dropped
                health_changed = True
            lost_last = self._last_seq is not None and beat.seq != self._last_seq
            if lost_last:
                self._last_seq = None
            self._cond.notify_all()
        if lost_last:
            self._ask_snapshot(now)
        if health_changed:
            self._report()

    def _replace_lanes(self, fresh: dict[int, frozenset[bytes]]) -> list[InventoryChange]:
        """Store new lane sets (condition held); the changes to announce, real ones only."""
        changes = []
        for lane, uids in sorted(fresh.items()):
            if self.lanes.get(lane, frozenset()) != uids:
                changes.append(InventoryChange(self.board.seat, lane, uids, self.cycle))
            if uids:
                self.lanes[lane] = uids
            else:
                self.lanes.pop(lane, None)
        return changes

    def _ask_snapshot(self, now: float) -> None:
        self._requested_at = now
        self.request_snapshot()

    # ------------------------------------------------------------------ status

    def _online_detail(self) -> str:
        hello = self.hello
        if hello is None:
            return "online"
        missing = [a for a, _ in self.board.antennas if a > hello.antennas]
        if missing:
            names = ", ".join(map(str, missing))
            return (
                f"online, but the board has {hello.antennas} antennas and config maps "
                f"antenna {names} too — fix [[readers.boards]] in kiosk.toml"
            )
        return "online"

    def _set_state(self, state: BoardState, detail: str) -> None:
        with self._cond:
            self.state = state
            self.detail = detail
            self._cond.notify_all()
        self._report()

    def _report(self) -> None:
        """Send the status upward if anything but its time changed since the last one."""
        with self._cond:
            status = self.status()
            last = self._reported
            if last is not None and _same(last, status):
                return
            self._reported = status
        self._events.status_changed(status)


def _same(a: BoardStatus, b: BoardStatus) -> bool:
    return (a.state, a.board_id, a.firmware, a.antennas, a.dropped_frames, a.detail,
            a.heartbeats_dropped, a.collpos) == (
        b.state, b.board_id, b.firmware, b.antennas, b.dropped_frames, b.detail,
        b.heartbeats_dropped, b.collpos,
    )  # fmt: skip
