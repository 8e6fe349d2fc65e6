"""systemd notifications from the app: READY=1 once the first frame is drawn, then
WATCHDOG=1 from the Kivy main loop, so a frozen app (a hung main thread) is restarted
by systemd. Standard library only: one datagram to ``$NOTIFY_SOCKET``; without it (a
laptop, the tests) every call does nothing.
"""

from __future__ import annotations

import os
import socket
import time


class Notifier:
    def __init__(self, address: str | None = None, clock=time.monotonic,
                 every: float = 5.0) -> None:
        address = address if address is not None else os.environ.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):  # an abstract socket
            address = "\0" + address[1:]
        self.address = address
        self.clock = clock
        self.every = every
        self._last = float("-inf")

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, message: str) -> bool:
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(message.encode(), self.address)
        except OSError:
            return False  # systemd gone or restarting: never crash the kiosk over it
        return True

    def ready(self) -> bool:
        return self.send("READY=1")

    def alive(self) -> bool:
        """Call from the main loop as often as you like; pings at most every ``every`` s."""
        now = self.clock()
        if now - self._last < self.every:
            return False
        self._last = now
        return self.send("WATCHDOG=1")
