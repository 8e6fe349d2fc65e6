"""The reader board's side of the wire protocol: inventory in, frames out.

Kept apart from main.py so that tests drive it cycle by cycle with a fake link,
a fake clock and simulated readers, under CPython and under the MicroPython VM.
Everything the board says goes through ``write`` as whole frames of the shared
codec (``wire``, the kiosk's own file); nothing else is ever written, so the link
carries no text at all (firmware/PROTOCOL.md).

What it sends: a 0x00 then HELLO and SNAPSHOT at boot and on SNAPSHOT_REQUEST;
TAG_ADDED / TAG_REMOVED with a sequence number when the presence hysteresis
decides; a HEARTBEAT every ``heartbeat_ms`` with the poll-cycle counter and each
antenna's health; PONG for PING; HELLO after SET_BOARD_ID (the id is stored);
ERROR when a reader goes silent and resets do not bring it back.

>>> board = Board(scanner, link.write, store, clock)   # doctest: +SKIP
>>> board.boot(); board.step()                        # doctest: +SKIP
"""

import os

import wire
from presence import Presence

FIRMWARE_VERSION = "1.0.0"
ESCAPE = b"\r\x03"  # what mpremote sends first: at a frame boundary it means "let me in"


class Board:
    def __init__(
        self,
        scanner,
        write,
        store,
        clock,
        firmware=FIRMWARE_VERSION,
        heartbeat_ms=200,
        sightings=2,
        misses=3,
        on_escape=None,
    ):
        self.scanner = scanner
        self.write = write
        self.store = store
        self.clock = clock
        self.firmware = firmware
        self.heartbeat_ms = heartbeat_ms
        self.on_escape = on_escape
        self.antennas = len(scanner.readers)
        self.board_id = store.load()
        self.presence = [Presence(sightings, misses) for _ in range(self.antennas)]
        self.seq = 0
        self.cycle = 0
        self.decoder = wire.Decoder()
        self._boundary = True  # the next input byte starts a frame
        self._last_beat = None

    # -------------------------------------------------------------- frames out

    def send(self, message):
        self.write(message.encode())

    def boot(self):
        """What a board says when it starts: close any half frame, then who and what."""
        self.write(b"\x00")
        self.hello_and_snapshot()

    def hello_and_snapshot(self):
        self.send(wire.Hello(self.board_id, self.firmware, self.antennas))
        self.send(wire.Snapshot(self.seq, [p.present() for p in self.presence]))

    def heartbeat(self):
        self.send(wire.Heartbeat(self.seq, self.cycle, self.scanner.health))
        self.scanner.reported()
        self._last_beat = self.clock.ms()

    def _event(self, cls, antenna, uid):
        self.seq = (self.seq + 1) & wire.SEQ_MASK
        self.send(cls(self.seq, antenna, uid))

    # -------------------------------------------------------------- frames in

    def receive(self, data):
        """Bytes from the host: answer every complete request in them."""
        if not data:
            return
        pieces = bytes(data).split(b"\x00")
        for i, piece in enumerate(pieces):
            at_boundary = self._boundary if i == 0 else True
            if at_boundary and piece.startswith(ESCAPE) and self.on_escape is not None:
                self.on_escape()
                return
        self._boundary = pieces[-1] == b""
        for message in self.decoder.feed(data):
            self.answer(message)

    def answer(self, message):
        kind = type(message)
        if kind is wire.SnapshotRequest:
            self.hello_and_snapshot()
        elif kind is wire.Ping:
            self.send(wire.Pong(message.token))
        elif kind is wire.SetBoardId:
            self.board_id = message.board_id
            self.store.save(message.board_id)
            self.send(wire.Hello(self.board_id, self.firmware, self.antennas))
        elif kind is wire.Incompatible and message.version != wire.PROTOCOL_VERSION:
            self.send(wire.Error(wire.ERR_BAD_REQUEST, "host speaks another protocol version"))

    # -------------------------------------------------------------- the poll cycle

    def step(self):
        """One poll cycle: list every antenna, report changes, heartbeat when due."""
        results = self.scanner.cycle()
        self.cycle = (self.cycle + 1) & wire.SEQ_MASK
        for antenna in range(self.antennas):
            result = results[antenna]
            if result is None:  # silent reader: its tags are unknown, not gone
                continue
            uids, complete = result
            added, removed = self.presence[antenna].update(uids, complete)
            for uid in removed:
                self._event(wire.TagRemoved, antenna, uid)
            for uid in added:
                self._event(wire.TagAdded, antenna, uid)
        for antenna in self.scanner.newly_silent:
            text = "reader " + str(antenna) + " does not answer; resetting it"
            self.send(wire.Error(wire.ERR_READER_FAULT, text))
        now = self.clock.ms()
        if self._last_beat is None or self.clock.diff(now, self._last_beat) >= self.heartbeat_ms:
            self.heartbeat()


class MemoryStore:
    """Board id kept in RAM (tests, and boards without a writable filesystem)."""

    def __init__(self, board_id="reader"):
        self.board_id = board_id

    def load(self):
        return self.board_id

    def save(self, board_id):
        self.board_id = board_id


class FileStore:
    """Board id in a small file on the board's flash, written via a temp file and rename."""

    def __init__(self, path="board_id.txt", default="reader"):
        self.path = path
        self.default = default

    def load(self):
        try:
            with open(self.path) as f:
                text = f.read().strip()
        except OSError:
            return self.default
        ok = 0 < len(text) <= wire.MAX_BOARD_ID and all(" " <= c <= "~" for c in text)
        return text if ok else self.default

    def save(self, board_id):
        temp = self.path + ".new"
        with open(temp, "w") as f:
            f.write(board_id)
        os.rename(temp, self.path)
