"""Reading the lanes after a stop, off the pumping (UI) thread.

Why a thread: proving the inventory current means pinging every reader board and
waiting for its answer (``LaneReaders.sync``). That is ~1 ms on a healthy table but up
to the confirm bound when a board is slow, and the pumping thread is the touchscreen's:
it must never wait on a board. A :class:`LaneFetch` does the waiting on its own short
thread and reports back through ``done`` (the controller queues an event and wakes the
UI), so the screen keeps drawing while the cards are read.

The controller starts a fetch the moment the stop edge arrives, on the hardware thread,
so on a healthy table the answer is usually in before the UI's next pump: the verdict
then appears on the very next frame, as if the read had been instant.

    fetch = LaneFetch(readers, confirm_s=2.0, done=lambda f: queue.put(f))
    ...                           # later, on the pumping thread:
    fetch.result                  # None until done; then a LaneSnapshot
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from kiosk.hardware.ports import BoardStatus, LaneReaders

log = logging.getLogger(__name__)

CONFIRM_S = 2.0
"""How long a board has to confirm its lanes after a stop. A board that answers within
it still gives an automatic verdict (the screen says the cards are being read); one that
does not is judged by hand. Matches the links' 2 s heartbeat silence (docs/house-rules.md)."""


@dataclass(frozen=True)
class LaneSnapshot:
    """What the boards said after a stop: the raw material of a ``LaneReading``."""

    late: frozenset[str] = frozenset()  # boards that did not confirm within the bound
    inventory: Mapping[tuple[int, int], frozenset[bytes]] = field(default_factory=dict)
    boards: tuple[BoardStatus, ...] = ()
    error: str | None = None  # the readers could not be read at all


class LaneFetch:
    """One confirmed read of every lane, done on its own daemon thread.

    ``done(fetch)`` is called on that thread once :attr:`result` is set; it must only
    hand over (queue an event), never touch game state or widgets.
    """

    def __init__(self, readers: LaneReaders, confirm_s: float,
                 done: Callable[[LaneFetch], None]) -> None:
        self.readers = readers
        self.confirm_s = confirm_s
        self.result: LaneSnapshot | None = None
        self._done = done
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kiosk-lane-fetch", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the result is in and handed over (tools and tests; never on the
        UI thread)."""
        return self._finished.wait(timeout)

    def _run(self) -> None:
        try:
            sync = getattr(self.readers, "sync", None)
            late = sync(self.confirm_s) if sync is not None else ()
            snapshot = LaneSnapshot(frozenset(late), dict(self.readers.inventory()),
                                    tuple(self.readers.boards()))
        except Exception as error:  # closed or broken readers: judge by hand, say why
            log.exception("the reader boards could not be read after a stop")
            snapshot = LaneSnapshot(error=f"The card readers could not be read ({error})")
        self.result = snapshot
        try:
            self._done(self)
        except Exception:
            log.exception("could not hand over the lanes read after a stop")
        finally:
            self._finished.set()  # after the hand-over: a waiter's next pump sees it
