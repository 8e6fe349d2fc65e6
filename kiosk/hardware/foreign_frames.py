"""Telling a board with other firmware from line noise.

A frame whose CRC checks but whose version byte is not ours, or whose type this kiosk
does not know, is what other firmware sends: then every frame looks like that. It is
also what noise looks like about once in 65,536 chunks (a 16-bit CRC), and then only
that one frame does. Measured before this rule: about one noise frame in 86,000
passed the CRC with a version other than 1, and that alone took a board offline for
2 s with "install matching firmware".

The rule (``firmware/PROTOCOL.md``, Versioning): a board is refused once
``REFUSE_AFTER`` such frames have arrived with no valid frame between them, all within
``WINDOW_S`` seconds. A board with other firmware sends HELLO and SNAPSHOT on
connect and a heartbeat every 500 ms, so it is refused within about a second; noise
would need three CRC-passing frames between two heartbeats.

>>> frames = ForeignFrames()
>>> [frames.seen(now=t) for t in (0.0, 0.1)]
[False, False]
>>> frames.valid()  # a heartbeat: the two were noise
>>> [frames.seen(now=t) for t in (1.0, 1.1, 1.2)]
[False, False, True]
"""

from __future__ import annotations

from collections import deque

REFUSE_AFTER = 3
WINDOW_S = 5.0


class ForeignFrames:
    """Counts frames with a good CRC but an unknown version or type since the last
    valid frame; :meth:`seen` says when they are too many to be noise."""

    def __init__(self, refuse_after: int = REFUSE_AFTER, window_s: float = WINDOW_S) -> None:
        self.refuse_after = refuse_after
        self.window_s = window_s
        self._times: deque[float] = deque()

    def seen(self, now: float) -> bool:
        """One more such frame at ``now``; True if the board should be refused."""
        self._times.append(now)
        while now - self._times[0] > self.window_s:
            self._times.popleft()
        return len(self._times) >= self.refuse_after

    def valid(self) -> None:
        """A frame this kiosk understands: whatever came before it was noise."""
        self._times.clear()

    @property
    def pending(self) -> int:
        """Such frames since the last valid one, within the window."""
        return len(self._times)
