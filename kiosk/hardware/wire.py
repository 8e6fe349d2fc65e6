"""Wire codec for the RFID reader boards: one file for both ends of the USB serial link.

The kiosk (CPython) imports it as ``kiosk.hardware.wire``; the board (MicroPython)
imports the very same file as ``wire``. Keeping one codec means the two ends cannot
drift apart, so this file sticks to what MicroPython runs: no dataclasses, no typing
at runtime, no relative imports, and binascii is optional. The byte layouts are in
``firmware/PROTOCOL.md``.

Every frame is ``COBS(version, type, body, crc16) + b"\\x00"``. Decoding never trusts
a frame whose CRC-16/CCITT does not check out, and ``Decoder`` turns a noisy byte
stream into messages without ever raising.

>>> frame = TagAdded(7, 2, b"\\x04\\xa1\\xb2\\xc3").encode()
>>> Decoder().feed(b"noise\\x00" + frame)
[TagAdded(seq=7, antenna=2, uid=b'\\x04\\xa1\\xb2\\xc3')]
"""

try:
    from binascii import crc_hqx as _crc_hqx
except ImportError:  # MicroPython's binascii has no crc_hqx
    _crc_hqx = None

PROTOCOL_VERSION = 2

MAX_ANTENNAS = 8
MAX_TAGS_PER_ANTENNA = 16
UID_LENGTHS = (4, 7, 10)
MAX_BOARD_ID = 32
MAX_FIRMWARE = 16
MAX_TEXT = 64
# Decoded bytes of one frame: a full snapshot (8 antennas x 16 ten-byte UIDs) is 1425.
MAX_PAYLOAD = 1500
# Encoded bytes of one frame without its delimiter (COBS adds one byte per 254).
MAX_ENCODED = MAX_PAYLOAD + MAX_PAYLOAD // 254 + 1

# Message types, board -> host
HELLO = 0x01
SNAPSHOT = 0x02
TAG_ADDED = 0x03
TAG_REMOVED = 0x04
HEARTBEAT = 0x05
ERROR = 0x06
PONG = 0x07
# Message types, host -> board
SNAPSHOT_REQUEST = 0x81
PING = 0x82
SET_BOARD_ID = 0x83
SET_COLLPOS = 0x84

# How the board's MFRC522s count CollPos (firmware/mfrc522.py COLLPOS_*)
COLLPOS_NXP = 0
COLLPOS_FIRST_BIT = 1
COLLPOS_NAMES = ("nxp", "first-bit")

# Antenna health in a heartbeat
HEALTH_OK = 0
HEALTH_SILENT = 1
HEALTH_RECOVERED = 2
HEALTH_INCOMPLETE = 3  # the antenna's last inventory could not be finished: tags may be missing
HEALTH_NAMES = ("ok", "silent", "recovered", "incomplete")

# Error codes in an ERROR message
ERR_BAD_REQUEST = 1
ERR_READER_FAULT = 2
ERR_TOO_MANY_TAGS = 3
ERR_INTERNAL = 4

SEQ_MASK = 0xFFFFFFFF


class WireError(ValueError):
    """A frame or a field that does not follow the protocol."""


# ---------------------------------------------------------------- CRC-16/CCITT


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


def crc16_pure(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), table-driven; runs on the board."""
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


def crc16(data, crc=0xFFFF):
    """Same result as crc16_pure, in C when binascii.crc_hqx exists (CPython)."""
    if _crc_hqx is None:
        return crc16_pure(data, crc)
    return _crc_hqx(data, crc)


# ---------------------------------------------------------------- COBS


def cobs_encode(data):
    """Consistent Overhead Byte Stuffing: the result holds no 0x00 byte."""
    out = bytearray()
    pieces = bytes(data).split(b"\x00")
    last = len(pieces) - 1
    for index, piece in enumerate(pieces):
        start = 0
        remaining = len(piece)
        while remaining >= 254:
            out.append(0xFF)
            out += piece[start : start + 254]
            start += 254
            remaining -= 254
        if remaining or start == 0 or index != last:
            out.append(remaining + 1)
            out += piece[start:]
    return bytes(out)


def cobs_decode(data):
    """Undo cobs_encode; raises WireError on a zero byte or a block past the end.

    Fast path: without 0xFF blocks, the result is the input with each code byte
    turned into 0x00, minus the first byte, so only the code bytes are visited.
    """
    if b"\x00" in data:
        raise WireError("zero byte inside a frame")
    out = bytearray(data)
    n = len(out)
    i = 0
    while i < n:
        code = out[i]
        if code == 0xFF:
            return _cobs_decode_blocks(data)
        out[i] = 0
        i += code
    if i != n:
        raise WireError("COBS block runs past the end of the frame")
    return bytes(out[1:])


def _cobs_decode_blocks(data):
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        end = i + code
        if end > n:
            raise WireError("COBS block runs past the end of the frame")
        out += data[i + 1 : end]
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


# ---------------------------------------------------------------- field helpers


def _u32_bytes(value, name):
    if not 0 <= value <= 0xFFFFFFFF:
        raise WireError(name + " must fit in 32 bits")
    return bytes(((value >> 24) & 255, (value >> 16) & 255, (value >> 8) & 255, value & 255))


def _u32(data, i):
    return (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]


def _check_uid(uid):
    uid = bytes(uid)
    if len(uid) not in UID_LENGTHS:
        raise WireError(f"a tag UID has 4, 7 or 10 bytes, not {len(uid)}")
    return uid


def _check_antenna(antenna):
    if not 0 <= antenna < MAX_ANTENNAS:
        raise WireError(f"antenna must be 0..{MAX_ANTENNAS - 1}, not {antenna}")
    return antenna


def _text_bytes(text, limit, name):
    raw = text.encode() if isinstance(text, str) else bytes(text)
    if len(raw) > limit:
        raise WireError(f"{name} is longer than {limit} bytes")
    for c in raw:
        if c < 0x20 or c > 0x7E:
            raise WireError(name + " must be printable ASCII")
    return bytes((len(raw),)) + raw


def _read_text(body, i, limit, name):
    """Return (text, next index) for a length-prefixed ASCII string at body[i]."""
    if i >= len(body):
        raise WireError(name + " is missing")
    size = body[i]
    end = i + 1 + size
    if size > limit or end > len(body):
        raise WireError(name + " has a bad length")
    raw = body[i + 1 : end]
    for c in raw:
        if c < 0x20 or c > 0x7E:
            raise WireError(name + " is not printable ASCII")
    return raw.decode(), end


def frame(kind, body):
    """Wrap one message body: version and type header, CRC, COBS, 0x00 delimiter."""
    payload = bytes((PROTOCOL_VERSION, kind)) + body
    if len(payload) + 2 > MAX_PAYLOAD:
        raise WireError(f"message is longer than {MAX_PAYLOAD} bytes")
    crc = crc16(payload)
    return cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + b"\x00"


# ---------------------------------------------------------------- messages


class Message:
    """Base of all messages: equality by type and fields, a repr that round-trips."""

    KIND = 0
    FIELDS = ()

    def values(self):
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other):
        return type(self) is type(other) and self.values() == other.values()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self.KIND, repr(self.values())))

    def __repr__(self):
        parts = [f"{name}={getattr(self, name)!r}" for name in self.FIELDS]
        return "{}({})".format(type(self).__name__, ", ".join(parts))

    def body(self):
        return b""

    def encode(self):
        """The full frame for the wire: COBS bytes plus the trailing 0x00."""
        return frame(self.KIND, self.body())


class Hello(Message):
    """Board introduces itself: sent at boot and before every snapshot.

    ``versions``: each reader's VersionReg (0 when it did not answer); ``collpos``: how
    the board counts CollPos (COLLPOS_*); ``transfer_tenths``: one SPI transfer as
    measured at boot, in tenths of a microsecond.
    """

    KIND = HELLO
    FIELDS = ("board_id", "firmware", "antennas", "versions", "collpos", "transfer_tenths")

    def __init__(self, board_id, firmware, antennas, versions=None, collpos=COLLPOS_NXP,
                 transfer_tenths=0):
        self.board_id = board_id
        self.firmware = firmware
        self.antennas = antennas
        self.versions = list(versions) if versions is not None else [0] * antennas
        self.collpos = collpos
        self.transfer_tenths = transfer_tenths

    def body(self):
        if not 1 <= self.antennas <= MAX_ANTENNAS:
            raise WireError(f"a board has 1..{MAX_ANTENNAS} antennas")
        if len(self.versions) != self.antennas:
            raise WireError("hello needs one reader version per antenna")
        if self.collpos not in (COLLPOS_NXP, COLLPOS_FIRST_BIT):
            raise WireError("unknown CollPos convention")
        if not 0 <= self.transfer_tenths <= 0xFFFF:
            raise WireError("transfer cost must fit in 16 bits")
        for version in self.versions:
            if not 0 <= version <= 255:
                raise WireError("a reader version is one byte")
        return (
            bytes((self.antennas,))
            + _text_bytes(self.board_id, MAX_BOARD_ID, "board id")
            + _text_bytes(self.firmware, MAX_FIRMWARE, "firmware version")
            + bytes((self.collpos, self.transfer_tenths >> 8, self.transfer_tenths & 255))
            + bytes(self.versions)
        )


class Snapshot(Message):
    """Full inventory: tags[antenna] is the list of UIDs lying there; seq is the last event."""

    KIND = SNAPSHOT
    FIELDS = ("seq", "tags")

    def __init__(self, seq, tags):
        self.seq = seq
        self.tags = [[bytes(uid) for uid in uids] for uids in tags]

    def body(self):
        if len(self.tags) > MAX_ANTENNAS:
            raise WireError(f"a snapshot covers at most {MAX_ANTENNAS} antennas")
        parts = [_u32_bytes(self.seq, "seq"), bytes((len(self.tags),))]
        for uids in self.tags:
            if len(uids) > MAX_TAGS_PER_ANTENNA:
                raise WireError(f"at most {MAX_TAGS_PER_ANTENNA} tags per antenna")
            parts.append(bytes((len(uids),)))
            for uid in uids:
                uid = _check_uid(uid)
                parts.append(bytes((len(uid),)) + uid)
        return b"".join(parts)


class TagAdded(Message):
    """A tag arrived on an antenna; seq counts add/remove events per board."""

    KIND = TAG_ADDED
    FIELDS = ("seq", "antenna", "uid")

    def __init__(self, seq, antenna, uid):
        self.seq = seq
        self.antenna = antenna
        self.uid = bytes(uid)

    def body(self):
        uid = _check_uid(self.uid)
        antenna = _check_antenna(self.antenna)
        return _u32_bytes(self.seq, "seq") + bytes((antenna, len(uid))) + uid


class TagRemoved(TagAdded):
    """A tag left an antenna (after the board's miss hysteresis)."""

    KIND = TAG_REMOVED


class Heartbeat(Message):
    """Sent every poll period: seq of the last event, poll-cycle counter, heartbeats the
    board had to drop because the host was not reading (since boot), health per antenna."""

    KIND = HEARTBEAT
    FIELDS = ("seq", "cycle", "health", "dropped")

    def __init__(self, seq, cycle, health, dropped=0):
        self.seq = seq
        self.cycle = cycle
        self.health = list(health)
        self.dropped = dropped

    def body(self):
        if len(self.health) > MAX_ANTENNAS:
            raise WireError(f"a heartbeat covers at most {MAX_ANTENNAS} antennas")
        for state in self.health:
            if not 0 <= state < len(HEALTH_NAMES):
                raise WireError(f"unknown antenna health {state!r}")
        return (
            _u32_bytes(self.seq, "seq")
            + _u32_bytes(self.cycle, "cycle")
            + _u32_bytes(self.dropped, "dropped")
            + bytes((len(self.health),))
            + bytes(self.health)
        )


class Error(Message):
    """The board reports a problem it could not fix alone."""

    KIND = ERROR
    FIELDS = ("code", "text")

    def __init__(self, code, text):
        self.code = code
        self.text = text

    def body(self):
        if not 0 <= self.code <= 255:
            raise WireError("error code must fit in one byte")
        return bytes((self.code,)) + _text_bytes(self.text, MAX_TEXT, "error text")


class Pong(Message):
    """Answer to PING, echoing its token."""

    KIND = PONG
    FIELDS = ("token",)

    def __init__(self, token):
        self.token = token

    def body(self):
        return _u32_bytes(self.token, "token")


class SnapshotRequest(Message):
    """Host asks for HELLO then SNAPSHOT (on connect, and after a sequence gap)."""

    KIND = SNAPSHOT_REQUEST


class Ping(Pong):
    """Host asks for a PONG with the same token (link check, latency)."""

    KIND = PING


class SetBoardId(Message):
    """Host gives the board a new id; the board stores it and answers with HELLO."""

    KIND = SET_BOARD_ID
    FIELDS = ("board_id",)

    def __init__(self, board_id):
        self.board_id = board_id

    def body(self):
        return _text_bytes(self.board_id, MAX_BOARD_ID, "board id")


class SetCollPos(Message):
    """Host sets how the board counts CollPos (bring-up; not stored); it answers HELLO."""

    KIND = SET_COLLPOS
    FIELDS = ("convention",)

    def __init__(self, convention):
        self.convention = convention

    def body(self):
        if self.convention not in (COLLPOS_NXP, COLLPOS_FIRST_BIT):
            raise WireError("unknown CollPos convention")
        return bytes((self.convention,))


class Incompatible(Message):
    """Not on the wire: a frame with a good CRC but another protocol version, or this
    version with a message type it does not have.

    One alone proves nothing: about one noise chunk in 65,536 passes a 16-bit CRC,
    and then its version and type bytes are noise too. The decoder counts it as a
    dropped frame and hands the notice on, so the reader can tell a board that
    sends nothing else (other firmware) from noise (see PROTOCOL.md, Versioning).
    """

    FIELDS = ("version", "kind")

    def __init__(self, version, kind):
        self.version = version
        self.kind = kind

    def encode(self):
        raise WireError("Incompatible is a local notice, it has no frame")

    def describe(self):
        if self.version == PROTOCOL_VERSION:
            what = f"sends message type 0x{self.kind:02x}, which this kiosk does not know"
        else:
            what = (f"speaks wire protocol v{self.version} but this kiosk understands "
                    f"v{PROTOCOL_VERSION}")
        return ("the reader board " + what + ": install matching firmware on the board "
                "(or update the kiosk)")


# ---------------------------------------------------------------- decoding bodies


def _parse_hello(body):
    if not body or not 1 <= body[0] <= MAX_ANTENNAS:
        raise WireError("hello has a bad antenna count")
    antennas = body[0]
    board_id, i = _read_text(body, 1, MAX_BOARD_ID, "board id")
    firmware, i = _read_text(body, i, MAX_FIRMWARE, "firmware version")
    if i + 3 + antennas != len(body):
        raise WireError("hello has a bad length")
    if body[i] not in (COLLPOS_NXP, COLLPOS_FIRST_BIT):
        raise WireError("hello has an unknown CollPos convention")
    transfer = (body[i + 1] << 8) | body[i + 2]
    versions = list(body[i + 3 :])
    return Hello(board_id, firmware, antennas, versions, body[i], transfer)


def _parse_snapshot(body):
    n = len(body)
    if n < 5 or body[4] > MAX_ANTENNAS:
        raise WireError("snapshot header is bad")
    tags = []
    i = 5
    for _ in range(body[4]):
        if i >= n or body[i] > MAX_TAGS_PER_ANTENNA:
            raise WireError("snapshot tag count is bad")
        count = body[i]
        i += 1
        uids = []
        for _ in range(count):
            if i >= n:
                raise WireError("snapshot is truncated")
            size = body[i]
            end = i + 1 + size
            if size not in UID_LENGTHS or end > n:
                raise WireError("snapshot UID length is bad")
            uids.append(body[i + 1 : end])
            i = end
        tags.append(uids)
    if i != n:
        raise WireError("snapshot has trailing bytes")
    return Snapshot(_u32(body, 0), tags)


def _parse_tag(body, cls):
    if len(body) < 6 or body[4] >= MAX_ANTENNAS or body[5] not in UID_LENGTHS:
        raise WireError("tag event header is bad")
    if len(body) != 6 + body[5]:
        raise WireError("tag event has a bad length")
    return cls(_u32(body, 0), body[4], body[6:])


def _parse_heartbeat(body):
    if len(body) < 13 or body[12] > MAX_ANTENNAS or len(body) != 13 + body[12]:
        raise WireError("heartbeat has a bad length")
    health = list(body[13:])
    for state in health:
        if state >= len(HEALTH_NAMES):
            raise WireError("heartbeat has an unknown health value")
    return Heartbeat(_u32(body, 0), _u32(body, 4), health, _u32(body, 8))


def _parse_error(body):
    if not body:
        raise WireError("error message is empty")
    text, i = _read_text(body, 1, MAX_TEXT, "error text")
    if i != len(body):
        raise WireError("error message has trailing bytes")
    return Error(body[0], text)


def _parse_token(body, cls):
    if len(body) != 4:
        raise WireError("ping/pong has a bad length")
    return cls(_u32(body, 0))


def _parse_empty(body):
    if body:
        raise WireError("snapshot request has a body")
    return SnapshotRequest()


def _parse_set_collpos(body):
    if len(body) != 1 or body[0] not in (COLLPOS_NXP, COLLPOS_FIRST_BIT):
        raise WireError("set-collpos has a bad body")
    return SetCollPos(body[0])


def _parse_set_board_id(body):
    board_id, i = _read_text(body, 0, MAX_BOARD_ID, "board id")
    if i != len(body):
        raise WireError("set-board-id has trailing bytes")
    return SetBoardId(board_id)


_PARSERS = {
    HELLO: _parse_hello,
    SNAPSHOT: _parse_snapshot,
    TAG_ADDED: lambda body: _parse_tag(body, TagAdded),
    TAG_REMOVED: lambda body: _parse_tag(body, TagRemoved),
    HEARTBEAT: _parse_heartbeat,
    ERROR: _parse_error,
    PONG: lambda body: _parse_token(body, Pong),
    SNAPSHOT_REQUEST: _parse_empty,
    PING: lambda body: _parse_token(body, Ping),
    SET_BOARD_ID: _parse_set_board_id,
    SET_COLLPOS: _parse_set_collpos,
}


def decode_payload(payload):
    """Turn one decoded payload (header + body + CRC) into a message, or raise WireError."""
    if len(payload) < 4 or len(payload) > MAX_PAYLOAD:
        raise WireError("frame has a bad length")
    if crc16(payload) != 0:
        raise WireError("CRC mismatch")
    parse = _PARSERS.get(payload[1])
    if payload[0] != PROTOCOL_VERSION or parse is None:
        return Incompatible(payload[0], payload[1])
    return parse(payload[2:-2])


def decode_frame(encoded):
    """Decode the COBS bytes of one frame (delimiter stripped) into a message."""
    if len(encoded) > MAX_ENCODED:
        raise WireError("frame is too long")
    return decode_payload(cobs_decode(encoded))


def encode(message):
    """Frame any message object (same as message.encode())."""
    return message.encode()


class Decoder:
    """Incremental stream parser: feed() raw serial bytes, get back whole messages.

    Never raises. Garbage and corrupt frames are dropped and counted, and parsing
    picks up again after the next 0x00. Bytes waiting for a delimiter are capped at
    MAX_ENCODED, so a stream with no delimiters cannot grow memory.

    Counters: frames_ok (messages delivered), frames_bad (chunks dropped),
    frames_incompatible (those of frames_bad with a good CRC but an unknown version
    or type; each also handed on as an Incompatible notice, in stream order),
    bytes_dropped (bytes of dropped chunks, delimiters not counted); last_error says
    why the last chunk was dropped.
    """

    def __init__(self):
        self.frames_ok = 0
        self.frames_bad = 0
        self.frames_incompatible = 0
        self.bytes_dropped = 0
        self.last_error = None
        self._pending = b""
        self._skipping = False

    def reset(self):
        """Forget a half-received frame (after a reconnect); counters are kept."""
        self._pending = b""
        self._skipping = False

    def feed(self, data):
        """Add bytes from the link; return the list of messages completed by them."""
        messages = []
        if not data:
            return messages
        if self._pending:
            data = self._pending + bytes(data)
        parts = bytes(data).split(b"\x00")
        self._pending = parts.pop()
        for part in parts:
            if self._skipping:
                self._skipping = False
                self.bytes_dropped += len(part)
                continue
            if not part:
                continue
            try:
                message = decode_frame(part)
            except Exception as exc:  # never let a bad frame escape to the reader thread
                self.frames_bad += 1
                self.bytes_dropped += len(part)
                self.last_error = str(exc) or type(exc).__name__
                continue
            if type(message) is Incompatible:  # dropped, as noise; the notice goes on
                self.frames_bad += 1
                self.frames_incompatible += 1
                self.bytes_dropped += len(part)
                self.last_error = (f"good CRC but version {message.version}, "
                                   f"type 0x{message.kind:02x}")
            else:
                self.frames_ok += 1
            messages.append(message)
        if len(self._pending) > MAX_ENCODED:
            self.frames_bad += 1
            self.bytes_dropped += len(self._pending)
            self.last_error = f"no delimiter within {MAX_ENCODED} bytes"
            self._pending = b""
            self._skipping = True
        return messages
