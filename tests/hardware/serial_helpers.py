"""Helpers for tests that talk to a simulated board through a real pty."""

from __future__ import annotations

import time
from collections.abc import Callable

import serial

from kiosk.hardware import wire


class HostEnd:
    """The host side of a simulated board, opened like a real one, with a decoder."""

    def __init__(self, path: str) -> None:
        self.port = serial.Serial(path, timeout=0.02)
        self.decoder = wire.Decoder()
        self.messages: list[wire.Message] = []

    def send(self, message: wire.Message) -> None:
        self.port.write(message.encode())

    def read_until(
        self, done: Callable[[list[wire.Message]], bool], timeout: float = 3.0
    ) -> list[wire.Message]:
        """Read (each read blocks up to 20 ms for data) until ``done(messages)``."""
        deadline = time.monotonic() + timeout
        while not done(self.messages):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; got {self.messages!r}")
            self.messages += self.decoder.feed(self.port.read(4096))
        return self.messages

    def wait_for(self, kind: type, count: int = 1, timeout: float = 3.0) -> list[wire.Message]:
        """Messages of exactly ``kind`` once ``count`` of them have arrived."""
        self.read_until(lambda ms: sum(type(m) is kind for m in ms) >= count, timeout)
        return [m for m in self.messages if type(m) is kind]

    def close(self) -> None:
        self.port.close()
