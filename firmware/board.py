"""The reader board's side of the wire protocol: inventory in, frames out.

Kept apart from main.py so that tests drive it cycle by cycle with a fake link,
a fake clock and simulated readers, under CPython and under the MicroPython VM.
Everything the board says is whole frames of the shared codec (``wire``, the kiosk's
own file); nothing else is ever written, so the link carries no text at all
(firmware/PROTOCOL.md).

Never blocked by its host: frames are gathered in an outbox and ``flush()`` hands them
to ``write`` once per cycle. ``write`` returns False when the link would not take them
(a host that keeps the port open but stopped reading: MicroPython blocks a USB write
up to 500 ms when the buffer is full, so the link checks first and drops instead).
The heartbeats lost that way are counted and every later heartbeat carries the count,
so the host sees it when it reads again; a lost event shows as a sequence gap and the
host asks for a snapshot. After a cut write the next one starts with 0x00, closing the
half frame.

Each antenna's health is *incomplete* from a cycle whose inventory could not be
finished until ``sightings`` complete cycles in a row have followed (by then every
tag those cycles saw has been added), and a health change sends a heartbeat at once,
so the host's ping after a stop finds the current health ahead of its pong.

What it sends: a 0x00 then HELLO and SNAPSHOT at boot and on SNAPSHOT_REQUEST;
TAG_ADDED / TAG_REMOVED with a sequence number when the presence hysteresis
decides; a HEARTBEAT every ``heartbeat_ms`` (and when an antenna's health changes)
with the poll-cycle counter, the dropped-heartbeat count and each antenna's health;
PONG for PING; HELLO after SET_BOARD_ID (the id is stored) and after SET_COLLPOS;
ERROR when a reader goes silent and resets do not bring it back.

>>> board = Board(scanner, link.write, store, clock)   # doctest: +SKIP
>>> board.boot(); board.step()                        # doctest: +SKIP
"""

import os

import wire
from presence import Presence

FIRMWARE_VERSION = "1.1.0"
HEALTH_SILENT = 1
HEALTH_INCOMPLETE = 3
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
        self.sightings = sightings
        self.seq = 0
        self.cycle = 0
        self.dropped = 0  # heartbeats the host did not take, since boot
        self.writes = 0  # link writes: one per cycle at most
        self._outbox = []
        self._beats_in_outbox = 0
        self._cut = False  # the last write was dropped: close its half frame first
        self._unsure = [0] * self.antennas  # complete cycles still owed after an incomplete one
        self._sent_health = None
        self.decoder = wire.Decoder()
        self._boundary = True  # the next input byte starts a frame
        self._last_beat = None

    # -------------------------------------------------------------- frames out

    def send(self, message):
        """Queue a frame; it goes out with the cycle's one write (``flush``)."""
        self._outbox.append(message.encode())

    def flush(self):
        """One write for everything queued; when the link refuses it, count the loss."""
        if not self._outbox:
            return
        data = b"".join(self._outbox)
        if self._cut:
            data = b"\x00" + data
        beats = self._beats_in_outbox
        self._outbox = []
        self._beats_in_outbox = 0
        self.writes += 1
        if self.write(data) is False:
            self.dropped = (self.dropped + beats) & wire.SEQ_MASK
            self._cut = True
        else:
            self._cut = False

    def boot(self):
        """What a board says when it starts: close any half frame, then who and what."""
        self._outbox.append(b"\x00")
        self.hello_and_snapshot()
        self.flush()

    def hello(self):
        scanner = self.scanner
        collpos = scanner.readers[0].collpos if scanner.readers else 0
        return wire.Hello(
            self.board_id, self.firmware, self.antennas, scanner.versions, collpos,
            scanner.transfer_tenths,
        )

    def hello_and_snapshot(self):
        self.send(self.hello())
        self.send(wire.Snapshot(self.seq, [p.present() for p in self.presence]))

    def health(self):
        """Per antenna: the scanner's health, or incomplete while a lane may be short."""
        out = list(self.scanner.health)
        for antenna in range(self.antennas):
            if self._unsure[antenna] and out[antenna] != HEALTH_SILENT:
                out[antenna] = HEALTH_INCOMPLETE
        return out

    def heartbeat(self):
        health = self.health()
        self.send(wire.Heartbeat(self.seq, self.cycle, health, self.dropped))
        self._beats_in_outbox += 1
        self._sent_health = health
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
            self.send(self.hello())
        elif kind is wire.SetCollPos:
            self.scanner.set_collpos(message.convention)
            self.send(self.hello())
        elif kind is wire.Incompatible and message.version != wire.PROTOCOL_VERSION:
            self.send(wire.Error(wire.ERR_BAD_REQUEST, "host speaks another protocol version"))

    # -------------------------------------------------------------- the poll cycle

    def step(self):
        """One poll cycle: list every antenna, report changes, heartbeat when due, and
        write it all at once."""
        results = self.scanner.cycle()
        self.cycle = (self.cycle + 1) & wire.SEQ_MASK
        for antenna in range(self.antennas):
            result = results[antenna]
            if result is None:  # silent reader: its tags are unknown, not gone
                continue
            uids, complete = result
            if not complete:
                self._unsure[antenna] = self.sightings
            elif self._unsure[antenna]:
                self._unsure[antenna] -= 1
            added, removed = self.presence[antenna].update(uids, complete)
            for uid in removed:
                self._event(wire.TagRemoved, antenna, uid)
            for uid in added:
                self._event(wire.TagAdded, antenna, uid)
        for antenna in self.scanner.newly_silent:
            text = "reader " + str(antenna) + " does not answer; resetting it"
            self.send(wire.Error(wire.ERR_READER_FAULT, text))
        now = self.clock.ms()
        due = self._last_beat is None or self.clock.diff(now, self._last_beat) >= self.heartbeat_ms
        if due or self.health() != self._sent_health:
            self.heartbeat()
        self.flush()


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
