"""The serial reader backend: every reader board of the table, as one LaneReaders port.

The composition root builds it from ``settings.readers`` and hands it the controller::

    readers = SerialReaders(settings.readers, listener=controller)
    ...
    readers.close()

Each board gets a :class:`~kiosk.hardware.board_link.BoardLink` (its own thread; see
that module for framing, sequence numbers, reconnects). This class adds what concerns
the whole table: one condition over all lanes so :meth:`inventory` is a consistent
picture, barriers that prove the picture is current (:meth:`sync`, :meth:`refresh`),
and safe delivery to the listener.

Why :meth:`sync` exists: the host already holds the inventory from incremental events,
but a tag event the board sent a moment ago may still be in the USB/pty pipe. ``sync``
pings every board and waits for the pongs; a board answers in order, so once its pong
is in, every event it sent before the ping has been applied. After the stop edge,
``sync()`` then ``inventory()`` is an inventory that includes everything the boards
said before the edge.

Listener calls happen on the board threads (see :mod:`kiosk.hardware.ports`); an
exception in a listener is logged and never kills a board's thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping

from kiosk.config import ReaderBoard, ReaderSettings
from kiosk.hardware import wire
from kiosk.hardware.board_link import BoardLink, LinkTuning, Opener, open_serial
from kiosk.hardware.errors import DeviceClosedError
from kiosk.hardware.ports import (
    AntennaHealth,
    BoardState,
    BoardStatus,
    Clock,
    HardwareListener,
    InventoryChange,
)

__all__ = ["BoardLink", "LinkTuning", "SerialReaders", "open_serial"]

DEFAULT_TUNING = LinkTuning()

REREAD_S = 0.5
"""How long :meth:`SerialReaders.sync` waits for a lane the board could not read
completely: about ten poll cycles of a seat board, time for two complete ones."""

log = logging.getLogger(__name__)


class SerialReaders:
    """All reader boards of a table. Implements :class:`~kiosk.hardware.ports.LaneReaders`."""

    def __init__(
        self,
        boards: ReaderSettings | Iterable[ReaderBoard],
        *,
        listener: HardwareListener | None = None,
        opener: Opener = open_serial,
        clock: Clock = time.monotonic,
        tuning: LinkTuning = DEFAULT_TUNING,
        start: bool = True,
    ) -> None:
        if isinstance(boards, ReaderSettings):
            boards = boards.boards
        self.listener = listener or HardwareListener()
        self._clock = clock
        self._cond = threading.Condition()
        self._closed = False
        self._token = 0
        self.links = tuple(
            BoardLink(b, events=self, cond=self._cond, opener=opener, clock=clock, tuning=tuning)
            for b in boards
        )
        if start:
            self.start()

    def start(self) -> None:
        for link in self.links:
            link.start()

    # ------------------------------------------------------------------ LaneReaders

    def inventory(self) -> dict[tuple[int, int], frozenset[bytes]]:
        """Tags per (seat, lane) across all boards, read at one instant; empty lanes absent."""
        with self._cond:
            return {
                (link.board.seat, lane): uids
                for link in self.links
                for lane, uids in link.lanes.items()
            }

    def request_snapshot(self) -> None:
        """Ask every open board for a full snapshot; answers arrive as ``on_inventory``."""
        self._check_open()
        for link in self.links:
            link.request_snapshot()

    def boards(self) -> tuple[BoardStatus, ...]:
        with self._cond:
            return tuple(link.status() for link in self.links)

    def close(self) -> None:
        """Stop every board thread (each wakes at once and is joined)."""
        self._closed = True
        for link in self.links:
            link.stop()
        for link in self.links:
            link.close()

    def __enter__(self) -> SerialReaders:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ barriers

    def sync(self, timeout: float = 0.05, reread_s: float = REREAD_S) -> tuple[str, ...]:
        """Wait until every event the boards sent before this call has been applied.

        Pings every online board and waits for all pongs. Returns the paths of boards
        that did not answer in time (offline, silent, or slow); their lanes may be stale.
        Then reads again: while an answering board says a lane's inventory is
        *incomplete* (a collision or garbled answers: cards may be missing), waits up to
        ``reread_s`` (within ``timeout``) for the board's next inventories to finish it.
        A lane still incomplete stays so in :meth:`boards`, and the table has it judged
        by hand rather than take it for "no card".
        Blocks up to ``timeout``: never call it on the UI thread (the table controller
        runs it on a :class:`~kiosk.table.lane_fetch.LaneFetch` thread).
        """
        start = time.monotonic()
        missing = self._sync_once(timeout)
        answered = [link for link in self.links if link.path not in missing]

        def whole() -> bool:
            return not any(a.health is AntennaHealth.INCOMPLETE
                           for link in answered for a in link.status().antennas)

        with self._cond:
            if whole():
                return missing
            left = min(reread_s, timeout - (time.monotonic() - start))
            self._cond.wait_for(whole, max(left, 0))
        # the boards' health is current as of their pongs; prove their events are too
        left = timeout - (time.monotonic() - start)
        return tuple(dict.fromkeys(missing + self._sync_once(max(left, 0.0))))

    def _sync_once(self, timeout: float) -> tuple[str, ...]:
        self._check_open()
        with self._cond:
            self._token = (self._token + 1) & wire.SEQ_MASK
            token = self._token
        # Only online boards are asked: one connecting, silent or offline has no
        # lanes to prove, and waiting for it would only delay the others' answer.
        pending = [link for link in self.links
                   if link.state is BoardState.ONLINE and link.send(wire.Ping(token))]
        missing = [link.path for link in self.links if link not in pending]
        deadline = time.monotonic() + timeout
        with self._cond:
            for link in pending:
                left = deadline - time.monotonic()
                if not self._cond.wait_for(lambda link=link: link.pong == token, max(left, 0)):
                    missing.append(link.path)
        return tuple(missing)

    def refresh(self, timeout: float = 0.5) -> tuple[str, ...]:
        """Ask every board for a snapshot and wait until each has been applied.

        Returns the paths of boards whose snapshot did not arrive in time.
        """
        self._check_open()
        with self._cond:
            before = {link: link.snapshots for link in self.links}
        pending = [link for link in self.links if link.request_snapshot()]
        missing = [link.path for link in self.links if link not in pending]
        deadline = time.monotonic() + timeout
        with self._cond:
            for link in pending:
                left = max(deadline - time.monotonic(), 0)
                if not self._cond.wait_for(lambda link=link: link.snapshots > before[link], left):
                    missing.append(link.path)
        return tuple(missing)

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Block until ``predicate()`` is true (checked on every change) or the timeout.

        The predicate runs with the lanes locked, so it may call :meth:`inventory`.
        """
        with self._cond:
            return self._cond.wait_for(predicate, timeout)

    def wait_online(self, timeout: float = 5.0) -> bool:
        """Wait until every board is online with a snapshot applied."""
        return self.wait_for(
            lambda: all(link.state is BoardState.ONLINE for link in self.links), timeout
        )

    def poll_cycles(self) -> Mapping[str, int]:
        """Each board's latest poll-cycle counter (from its heartbeats)."""
        with self._cond:
            return {link.path: link.cycle for link in self.links}

    # ------------------------------------------------------------------ link events

    def inventory_changed(self, changes: list[InventoryChange]) -> None:
        for change in changes:
            self._deliver("on_inventory", change)

    def status_changed(self, status: BoardStatus) -> None:
        with self._cond:
            self._cond.notify_all()
        if status.state is BoardState.OFFLINE or status.state is BoardState.SILENT:
            log.warning("%s", status.detail)
        self._deliver("on_board_status", status)

    def _deliver(self, method: str, arg: object) -> None:
        try:
            getattr(self.listener, method)(arg)
        except Exception:  # a listener bug must not stop a board's thread
            log.exception("listener %s failed on %r", method, arg)

    def _check_open(self) -> None:
        if self._closed:
            raise DeviceClosedError("the reader boards were closed; build a new SerialReaders")
