"""Fuzz the whole reader path with line noise: noise alone never takes a board offline
and never makes or changes a tag.

Each case is a board's stream: HELLO and SNAPSHOT (a reboot), then tag events and
heartbeats in sequence, with noise between every two frames: random bytes, frames
built with a good CRC but a wrong version or an unknown type (up to
``REFUSE_AFTER - 1`` in a row, two more than real noise ever delivers: one in 65,536
noise chunks passes the CRC), and version-1 frames with a good CRC whose body breaks
the layout. The stream goes through pyserial's ``loop://`` port into the real
:class:`SerialReaders`/``BoardLink``/``wire.Decoder``; the link's clock stands still,
so only the frames, never the machine's speed, decide. Damage *to* frames is
``test_wire_fuzz.py``'s subject (a lost event makes the link ask for a snapshot).

For each case: the tag events delivered are exactly those the valid frames make, the
board never leaves ONLINE, and every noise frame is counted as dropped (what
``kiosk diagnose`` shows). Then the other side: a board whose every frame has another
version, or only unknown types, is refused with the "install matching firmware" words.

Cases: SHORT_CASES per CI run (about 10 s here), LONG_CASES with KIOSK_LONG=1.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
import serial

from kiosk.config import ReaderBoard
from kiosk.hardware import wire
from kiosk.hardware.diagnose import describe_status
from kiosk.hardware.foreign_frames import REFUSE_AFTER
from kiosk.hardware.ports import BoardState
from kiosk.hardware.readers import LinkTuning, SerialReaders
from kiosk.hardware.sim_gpio import EventLog, ManualClock

SHORT_CASES = 500
LONG_CASES = 20 * SHORT_CASES
PATH = "/dev/serial/by-id/usb-kiosk_reader_seat3-if00"
SEAT = 3
ANTENNAS = 8  # wire antennas 0..7; config maps 1..5 to lanes 1..5, the rest to nothing
LANES = tuple((n, n) for n in range(1, 6))
TUNING = LinkTuning(read_timeout_s=0.02, backoff_min_s=0.02, backoff_max_s=0.05)
KNOWN_KINDS = {wire.HELLO, wire.SNAPSHOT, wire.TAG_ADDED, wire.TAG_REMOVED, wire.HEARTBEAT,
               wire.ERROR, wire.PONG, wire.SNAPSHOT_REQUEST, wire.PING, wire.SET_BOARD_ID,
               wire.SET_COLLPOS}


class LoopBoard:
    """The board's end of a ``loop://`` port: what the test writes, the link reads.
    What the link writes (snapshot requests, pings) goes nowhere: the script plays
    the board, so the link's own frames never reach its decoder as if a board sent
    them."""

    def __init__(self, read_timeout_s: float) -> None:
        self.loop = serial.serial_for_url("loop://", timeout=read_timeout_s)

    @property
    def in_waiting(self) -> int:
        return self.loop.in_waiting

    def read(self, size: int = 1) -> bytes:
        return self.loop.read(size)

    def write(self, data: bytes) -> int:
        return len(data)

    def cancel_read(self) -> None:
        self.loop.cancel_read()

    def close(self) -> None:
        """The link closing its port (after a refusal) must not end the test's loop."""

    def send(self, data: bytes) -> None:
        self.loop.write(data)


# ---------------------------------------------------------------- noise


def raw_frame(version: int, kind: int, body: bytes) -> bytes:
    payload = bytes((version, kind)) + body
    crc = wire.crc16(payload)
    return wire.cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + b"\x00"


def random_uid(rng: random.Random) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(rng.choice(wire.UID_LENGTHS)))


def foreign_frame(rng: random.Random, seq: int) -> bytes:
    """A good CRC around a wrong version or an unknown type. Half of them carry a
    plausible body: the very next tag event, as if a board of another version sent it."""
    body = wire.TagAdded(seq, rng.randrange(5), random_uid(rng)).body()
    if rng.random() < 0.5:
        body = bytes(rng.getrandbits(8) for _ in range(rng.randrange(30)))
    if rng.random() < 0.6:
        version = rng.choice([v for v in range(256) if v != wire.PROTOCOL_VERSION])
        kind = rng.choice((wire.TAG_ADDED, wire.SNAPSHOT, rng.randrange(256)))
    else:
        version = wire.PROTOCOL_VERSION
        kind = rng.choice([k for k in range(256) if k not in KNOWN_KINDS])
    return raw_frame(version, kind, body)


def misshapen_frame(rng: random.Random) -> bytes:
    """Version 1, a known type, a good CRC, and a body that breaks the layout."""
    kind = rng.choice((wire.TAG_ADDED, wire.TAG_REMOVED, wire.SNAPSHOT, wire.HEARTBEAT))
    body = bytes(rng.getrandbits(8) for _ in range(rng.randrange(4)))  # all too short
    return raw_frame(wire.PROTOCOL_VERSION, kind, body)


def garbage(rng: random.Random) -> bytes:
    """Random bytes ending in a delimiter, checked to hold no frame the decoder would
    deliver (so every notice in a case is one this test made and counted)."""
    while True:
        size = rng.choice((rng.randrange(1, 40), rng.randrange(40, 400)))
        if rng.random() < 0.01:
            size = rng.randrange(wire.MAX_ENCODED, 2 * wire.MAX_ENCODED)  # no delimiter
        data = bytes(rng.getrandbits(8) for _ in range(size))
        if rng.random() < 0.3:  # low values: plausible COBS codes and headers
            data = bytes(b % 12 for b in data)
        if not wire.Decoder().feed(data + b"\x00"):
            return data + b"\x00"


def noise(rng: random.Random, seq: int) -> tuple[list[bytes], int]:
    """The pieces between two valid frames, and how many of them are foreign frames."""
    foreign = rng.randrange(REFUSE_AFTER)  # 0, 1 or 2 in a row
    pieces = [foreign_frame(rng, seq) for _ in range(foreign)]
    pieces += [garbage(rng) for _ in range(rng.choice((0, 0, 1, 2, 3)))]
    pieces += [misshapen_frame(rng) for _ in range(rng.random() < 0.2)]
    rng.shuffle(pieces)
    return pieces, foreign


# ---------------------------------------------------------------- a case


@dataclass
class Case:
    """A board's stream and what the valid frames in it, alone, must make the host see."""

    stream: list[bytes] = field(default_factory=list)
    foreign: int = 0
    events: list[tuple[int, frozenset[bytes]]] = field(default_factory=list)
    lanes: dict[int, frozenset[bytes]] = field(default_factory=dict)

    def valid(self, message: wire.Message) -> None:
        self.stream.append(message.encode())

    def change(self, lane: int, uids: frozenset[bytes]) -> None:
        if self.lanes.get(lane, frozenset()) != uids:
            self.events.append((lane, uids))
        if uids:
            self.lanes[lane] = uids
        else:
            self.lanes.pop(lane, None)


def make_case(rng: random.Random, lanes: dict[int, frozenset[bytes]], marker: int) -> Case:
    case = Case(lanes=dict(lanes))
    tags = [{random_uid(rng) for _ in range(rng.choice((0, 0, 1, 2)))} for _ in range(5)]
    case.valid(wire.Hello(f"seat-{SEAT}", "1.0.0", ANTENNAS))
    case.valid(wire.Snapshot(0, [sorted(t) for t in tags]))
    for lane in range(1, 6):
        case.change(lane, frozenset(tags[lane - 1]))
    seq = 0
    for _ in range(rng.randrange(3, 15)):
        pieces, foreign = noise(rng, seq + 1)
        case.stream += pieces
        case.foreign += foreign
        if rng.random() < 0.3:
            case.valid(wire.Heartbeat(seq, rng.randrange(1_000_000), [0] * 5))
            continue
        seq += 1
        antenna = rng.randrange(ANTENNAS)
        on = tags[antenna] if antenna < 5 else set()
        if on and rng.random() < 0.4:
            uid = rng.choice(sorted(on))
            case.valid(wire.TagRemoved(seq, antenna, uid))
            on.discard(uid)
        else:
            uid = random_uid(rng)
            case.valid(wire.TagAdded(seq, antenna, uid))
            on.add(uid)
        if antenna < 5:
            case.change(antenna + 1, frozenset(on))
    pieces, foreign = noise(rng, seq + 1)
    case.stream += pieces
    case.foreign += foreign
    case.valid(wire.Heartbeat(seq, marker, [0] * 5))  # processed last: the case is done
    return case


def run_cases(seed: int, count: int) -> None:
    """Every case through one link, as one long-running board that reboots each case."""
    rng = random.Random(seed)
    clock = ManualClock(100.0)  # never moves: no silence, and the window never expires
    board = LoopBoard(TUNING.read_timeout_s)
    log = EventLog()
    readers = SerialReaders([ReaderBoard(PATH, SEAT, LANES)], listener=log,
                            opener=lambda path, timeout: board, clock=clock, tuning=TUNING)
    reference = wire.Decoder()  # what the link's decoder must have counted
    link = readers.links[0]
    lanes: dict[int, frozenset[bytes]] = {}
    foreign = 0
    try:
        for number in range(count):
            case = make_case(rng, lanes, marker=1_000_000 + number)
            log.clear()
            data = b"".join(case.stream)
            board.send(data)
            reference.feed(data)
            marker = 1_000_000 + number
            assert readers.wait_for(lambda m=marker: link.cycle == m
                                    or link.state is BoardState.OFFLINE, timeout=30)
            assert link.state is BoardState.ONLINE, f"case {number}: {link.detail}"
            got = [(c.lane, c.uids) for (c,) in log.named("on_inventory")]
            assert got == case.events, f"case {number}: tags from noise"
            assert readers.inventory() == {(SEAT, n): u for n, u in case.lanes.items()}
            states = {s.state for (s,) in log.named("on_board_status")}
            assert states <= {BoardState.ONLINE, BoardState.CONNECTING}, f"case {number}"
            lanes, foreign = case.lanes, foreign + case.foreign
        status = readers.boards()[0]
        assert reference.frames_incompatible == foreign > count  # the noise really held them
        assert status.dropped_frames == reference.frames_bad > foreign
        assert f"{status.dropped_frames} bad frames dropped" in describe_status(status)
    finally:
        readers.close()
        board.loop.close()


def test_noise_never_takes_a_board_offline_or_makes_a_tag_short():
    run_cases(seed=20240611, count=SHORT_CASES)


@pytest.mark.slow
def test_noise_never_takes_a_board_offline_or_makes_a_tag_long():
    run_cases(seed=20240612, count=LONG_CASES)


# ---------------------------------------------------------------- other firmware


@pytest.mark.parametrize(("version", "kind_of", "words"), [
    (3, lambda kind: kind, "speaks wire protocol v3 but this kiosk understands v2"),
    (2, lambda kind: kind | 0x40, "sends message type 0x45, which this kiosk does not know"),
])
def test_a_board_whose_every_frame_is_foreign_is_refused(version, kind_of, words):
    board = LoopBoard(TUNING.read_timeout_s)
    log = EventLog()
    clock = ManualClock(100.0)
    readers = SerialReaders([ReaderBoard(PATH, SEAT, LANES)], listener=log,
                            opener=lambda path, timeout: board, clock=clock, tuning=TUNING)

    def refusals():
        return [s for (s,) in log.named("on_board_status") if s.state is BoardState.OFFLINE]

    try:
        hello = wire.Hello("seat-3", "2.0.0", 5)
        snapshot = wire.Snapshot(0, [[bytes.fromhex("04a1b2c3")]] + [[]] * 4)
        beat = wire.Heartbeat(0, 1, [0] * 5)
        for message in (hello, snapshot, beat):  # what it sends on connect, 0.5 s apart
            board.send(raw_frame(version, kind_of(message.KIND), message.body()))
            clock.advance(0.5)
        assert readers.wait_for(lambda: refusals() != [])
        (status,) = refusals()
        assert status.detail == (f"board {PATH} refused: the reader board {words}: "
                                 "install matching firmware on the board (or update the kiosk)")
        assert status.dropped_frames == 3
        assert log.named("on_inventory") == [] and readers.inventory() == {}
    finally:
        readers.close()
        board.loop.close()
