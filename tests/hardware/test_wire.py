"""The wire codec under CPython: shared vectors, CRC and COBS facts, decoder behaviour."""

import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.hardware import wire

HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "wire_vectors.json").read_text())


def _load_checker():
    spec = importlib.util.spec_from_file_location(
        "wire_vector_check", HERE / "wire_vector_check.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


checker = _load_checker()

TAG = wire.TagAdded(7, 2, bytes.fromhex("04a1b2c3"))


def test_shared_vectors_pass_under_cpython():
    lines = checker.check_all(wire, VECTORS)
    failures = [line for line in lines if line.startswith("FAIL")]
    assert failures == []
    total = len(VECTORS["valid"]) + len(VECTORS["rejected"]) + len(VECTORS["incompatible"])
    assert lines[-1] == f"passed {total} of {total}"


def test_vectors_cover_every_message_type_and_uid_length():
    kinds = {getattr(wire, v["message"]).KIND for v in VECTORS["valid"]}
    assert kinds == {
        wire.HELLO, wire.SNAPSHOT, wire.TAG_ADDED, wire.TAG_REMOVED, wire.HEARTBEAT,
        wire.ERROR, wire.PONG, wire.SNAPSHOT_REQUEST, wire.PING, wire.SET_BOARD_ID,
        wire.SET_COLLPOS,
    }  # fmt: skip
    sizes = {
        len(bytes.fromhex(v["fields"]["uid"])) for v in VECTORS["valid"] if "uid" in v["fields"]
    }
    assert sizes == {4, 7, 10}


def test_worked_example_in_protocol_md():
    assert TAG.encode().hex(" ") == "03 02 03 01 01 0a 07 02 04 04 a1 b2 c3 30 f6 00"
    spec = (HERE.parents[1] / "firmware" / "PROTOCOL.md").read_text()
    assert "`03 02 03 01 01 0a 07 02 04 04 a1 b2 c3 30 f6 00`" in spec


def test_crc_check_value_and_both_implementations_agree():
    assert wire.crc16(b"123456789") == 0x29B1
    assert wire.crc16_pure(b"123456789") == 0x29B1
    assert wire._crc_hqx is not None, "CPython should use binascii.crc_hqx"


@given(st.binary(max_size=300), st.integers(0, 0xFFFF))
def test_pure_crc_matches_binascii(data, start):
    assert wire.crc16_pure(data, start) == wire.crc16(data, start)


@pytest.mark.parametrize(
    ("raw", "encoded"),
    [
        ("", "01"),
        ("00", "0101"),
        ("0000", "010101"),
        ("112200 33", "03112202 33"),
        ("11223344", "0511223344"),
        ("01" * 254, "ff" + "01" * 254),
        ("01" * 255, "ff" + "01" * 254 + "0201"),
        ("01" * 254 + "00", "ff" + "01" * 254 + "0101"),
    ],
)
def test_cobs_known_encodings(raw, encoded):
    raw, encoded = bytes.fromhex(raw), bytes.fromhex(encoded)
    assert wire.cobs_encode(raw) == encoded
    assert wire.cobs_decode(encoded) == raw


@given(st.binary(max_size=700))
def test_cobs_round_trip_has_no_zero(data):
    encoded = wire.cobs_encode(data)
    assert b"\x00" not in encoded
    assert len(encoded) <= len(data) + len(data) // 254 + 1
    assert wire.cobs_decode(encoded) == data


def test_largest_snapshot_fits_the_frame_limit():
    uids = [bytes([a + 1] * 10) for a in range(wire.MAX_TAGS_PER_ANTENNA)]
    frame = wire.Snapshot(1, [uids] * wire.MAX_ANTENNAS).encode()
    assert len(frame) - 1 <= wire.MAX_ENCODED
    assert wire.Decoder().feed(frame)[0].tags[7] == uids


@pytest.mark.parametrize(
    "make",
    [
        lambda: wire.TagAdded(1, 0, b"\x01\x02\x03"),
        lambda: wire.TagAdded(1, 8, b"\x01\x02\x03\x04"),
        lambda: wire.TagAdded(-1, 0, b"\x01\x02\x03\x04"),
        lambda: wire.TagAdded(2**32, 0, b"\x01\x02\x03\x04"),
        lambda: wire.Hello("seat-1", "1.0", 0),
        lambda: wire.Hello("s" * 33, "1.0", 1),
        lambda: wire.Hello("sè", "1.0", 1),
        lambda: wire.Heartbeat(0, 0, [4]),
        lambda: wire.Heartbeat(0, 0, [0], dropped=2**32),
        lambda: wire.Hello("seat-1", "1.0", 2, [0x92]),
        lambda: wire.Hello("seat-1", "1.0", 1, [0x92], collpos=2),
        lambda: wire.SetCollPos(2),
        lambda: wire.Snapshot(0, [[b"\x01\x02\x03\x04"] * 17]),
        lambda: wire.Snapshot(0, [[]] * 9),
        lambda: wire.Error(300, "x"),
    ],
)
def test_encoding_rejects_what_the_protocol_cannot_carry(make):
    with pytest.raises(wire.WireError):
        make().encode()


def test_garbage_before_a_delimiter_is_dropped_and_counted():
    decoder = wire.Decoder()
    got = decoder.feed(b"MicroPython v1.22 banner\r\n\x00" + TAG.encode())
    assert got == [TAG]
    assert (decoder.frames_ok, decoder.frames_bad) == (1, 1)
    assert decoder.bytes_dropped == len(b"MicroPython v1.22 banner\r\n")
    assert decoder.last_error


def test_frame_glued_to_garbage_is_lost_but_the_next_one_survives():
    decoder = wire.Decoder()
    got = decoder.feed(b"\x07\x07" + TAG.encode() + TAG.encode())
    assert got == [TAG]
    assert decoder.frames_bad == 1


def test_stream_without_delimiters_is_capped_then_resynchronises():
    decoder = wire.Decoder()
    for _ in range(100):
        assert decoder.feed(b"\x55" * 1000) == []
        assert len(decoder._pending) <= wire.MAX_ENCODED
    # The tail of the over-long chunk must not be read as a frame start.
    got = decoder.feed(b"\x55\x55\x00" + TAG.encode())
    assert got == [TAG]
    assert decoder.bytes_dropped == 100_002
    assert decoder.frames_bad >= 1


def test_reset_forgets_a_half_frame():
    decoder = wire.Decoder()
    frame = TAG.encode()
    decoder.feed(frame[:5])
    decoder.reset()
    assert decoder.feed(frame) == [TAG]


def test_empty_frames_and_empty_feeds_are_harmless():
    decoder = wire.Decoder()
    assert decoder.feed(b"") == []
    assert decoder.feed(b"\x00\x00\x00") == []
    assert (decoder.frames_ok, decoder.frames_bad, decoder.bytes_dropped) == (0, 0, 0)


def test_incompatible_board_gets_a_sentence_not_a_misread():
    payload = bytes([3, wire.HELLO]) + b"\x05\x06seat-3\x031.0"
    crc = wire.crc16(payload)
    frame = wire.cobs_encode(payload + bytes([crc >> 8, crc & 255])) + b"\x00"
    decoder = wire.Decoder()
    (notice,) = decoder.feed(frame)
    assert notice == wire.Incompatible(3, wire.HELLO)
    assert "v3" in notice.describe() and "v2" in notice.describe()
    assert decoder.frames_incompatible == 1 and decoder.frames_ok == 0
    # counted with the dropped frames: one alone may be noise (the reader decides)
    assert decoder.frames_bad == 1 and decoder.bytes_dropped == len(frame) - 1
    assert decoder.last_error == "good CRC but version 3, type 0x01"


def test_an_unknown_type_with_a_good_crc_is_a_notice_too():
    payload = bytes([wire.PROTOCOL_VERSION, 0x42])
    crc = wire.crc16(payload)
    frame = wire.cobs_encode(payload + bytes([crc >> 8, crc & 255])) + b"\x00"
    decoder = wire.Decoder()
    (notice,) = decoder.feed(frame + TAG.encode())[:1]
    assert notice == wire.Incompatible(wire.PROTOCOL_VERSION, 0x42)
    assert notice.describe().startswith(
        "the reader board sends message type 0x42, which this kiosk does not know: "
        "install matching firmware")
    assert (decoder.frames_ok, decoder.frames_bad, decoder.frames_incompatible) == (1, 1, 1)


def test_messages_compare_by_type_and_fields():
    removed = wire.TagRemoved(7, 2, bytes.fromhex("04a1b2c3"))
    assert removed != TAG
    assert wire.TagAdded(7, 2, bytearray.fromhex("04a1b2c3")) == TAG
    assert len({TAG, wire.TagAdded(7, 2, bytes.fromhex("04a1b2c3"))}) == 1
    assert eval(repr(TAG), vars(wire)) == TAG


def test_decoder_never_raises_on_internal_errors(monkeypatch):
    def explode(body):
        raise IndexError("bug")

    monkeypatch.setitem(wire._PARSERS, wire.TAG_ADDED, explode)
    decoder = wire.Decoder()
    assert decoder.feed(TAG.encode()) == []
    assert decoder.frames_bad == 1 and decoder.last_error == "bug"
