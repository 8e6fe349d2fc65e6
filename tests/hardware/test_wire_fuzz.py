"""Fuzz the host-side stream parser (wire.Decoder).

Two properties, on every case:
- nothing raises, whatever the bytes;
- from a valid stream with corruption (bit flips, dropped bytes, inserted garbage),
  every delivered message is one of the originals, in order, and every frame that
  is itself intact and follows an intact delimiter is recovered.

Case counts. Short mode (CI): 100,000 seeded random cases (SHORT_CASES) plus three
hypothesis tests of 500 examples = 101,500 cases, about 11 s. Long mode (KIOSK_LONG=1,
tests marked slow) adds ten times that: 1,000,000 seeded cases and two hypothesis
tests of 5,000 examples.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.hardware import wire

SHORT_CASES = 100_000
LONG_CASES = 10 * SHORT_CASES
HYPOTHESIS_SHORT = 500  # per hypothesis test; three tests
HYPOTHESIS_LONG = 10 * HYPOTHESIS_SHORT


# ---------------------------------------------------------------- random messages


def random_uid(rng):
    return bytes(rng.getrandbits(8) for _ in range(rng.choice(wire.UID_LENGTHS)))


def random_message(rng):
    pick = rng.randrange(7)
    if pick == 0:
        antennas = rng.randrange(1, 6)
        tags = [[random_uid(rng) for _ in range(rng.randrange(3))] for _ in range(antennas)]
        return wire.Snapshot(rng.getrandbits(32), tags)
    if pick == 1:
        return wire.TagAdded(rng.getrandbits(32), rng.randrange(8), random_uid(rng))
    if pick == 2:
        return wire.TagRemoved(rng.randrange(1000), rng.randrange(8), random_uid(rng))
    if pick == 3:
        health = [rng.randrange(3) for _ in range(rng.randrange(9))]
        return wire.Heartbeat(rng.randrange(1000), rng.getrandbits(32), health)
    if pick == 4:
        board_id, firmware = f"seat-{rng.randrange(10)}", f"1.{rng.randrange(10)}"
        return wire.Hello(board_id, firmware, rng.randrange(1, 9))
    if pick == 5:
        return wire.Error(rng.randrange(256), "reader reset"[: rng.randrange(13)])
    return wire.Ping(rng.getrandbits(32))


def random_v2_message(rng):
    """The frames and fields protocol v2 added (issue 18): HELLO with reader versions,
    CollPos convention and SPI cost; HEARTBEAT with dropped count and 'incomplete'
    health; SET_COLLPOS; and PONG, which the older generator never made."""
    pick = rng.randrange(4)
    if pick == 0:
        antennas = rng.randrange(1, 9)
        versions = [rng.getrandbits(8) for _ in range(antennas)]
        return wire.Hello(f"seat-{rng.randrange(10)}", f"1.{rng.randrange(10)}", antennas,
                          versions, rng.randrange(2), rng.getrandbits(16))
    if pick == 1:
        health = [rng.randrange(len(wire.HEALTH_NAMES)) for _ in range(rng.randrange(9))]
        return wire.Heartbeat(rng.randrange(1000), rng.getrandbits(32), health,
                              rng.getrandbits(32))
    if pick == 2:
        return wire.SetCollPos(rng.randrange(2))
    return wire.Pong(rng.getrandbits(32))


def corrupt(rng, frame):
    """Return a damaged copy of one frame's bytes (its delimiter included)."""
    data = bytearray(frame)
    for _ in range(rng.randrange(1, 3)):
        op = rng.randrange(3)
        if op == 0 and data:
            bit = rng.randrange(len(data) * 8)
            data[bit // 8] ^= 1 << (bit % 8)
        elif op == 1 and data:
            del data[rng.randrange(len(data))]
        else:
            at = rng.randrange(len(data) + 1)
            data[at:at] = bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 5)))
    return bytes(data)


def check_stream(messages, pieces, damaged, chunk):
    """Feed the pieces in chunks of `chunk` bytes and check both properties."""
    decoder = wire.Decoder()
    stream = b"".join(pieces)
    got = []
    for i in range(0, len(stream), chunk):
        got.extend(decoder.feed(stream[i : i + chunk]))
    notices = [m for m in got if type(m) is wire.Incompatible]  # dropped, noise or not
    got = [m for m in got if type(m) is not wire.Incompatible]
    assert decoder.frames_incompatible == len(notices) <= decoder.frames_bad

    # Delivered messages are originals, in their original order.
    position = 0
    for message in got:
        while position < len(messages) and messages[position] != message:
            position += 1
        assert position < len(messages), f"delivered a message never sent: {message!r}"
        position += 1

    # Intact frames after an intact delimiter are recovered.
    for i, message in enumerate(messages):
        clean_start = i == 0 or pieces[i - 1].endswith(b"\x00")
        if i not in damaged and clean_start:
            assert message in got, f"lost intact frame {i}: {message!r}"
    assert decoder.frames_ok == len(got)


def run_case(rng, make=None):
    make = make or random_message
    messages = [make(rng) for _ in range(rng.randrange(1, 6))]
    pieces = [m.encode() for m in messages]
    damaged = set(rng.sample(range(len(pieces)), rng.randrange(len(pieces) + 1)))
    for i in damaged:
        pieces[i] = corrupt(rng, pieces[i])
    if rng.random() < 0.2:  # garbage with its own delimiter between frames
        at = rng.randrange(len(pieces) + 1)
        if rng.random() < 0.05:  # longer than any frame: exercises the buffer cap
            garbage = b"\x55" * rng.randrange(wire.MAX_ENCODED, 3 * wire.MAX_ENCODED)
        else:
            garbage = bytes(rng.getrandbits(8) for _ in range(rng.randrange(20)))
        pieces.insert(at, garbage + b"\x00")
        messages.insert(at, None)
        damaged = {i + (i >= at) for i in damaged} | {at}
    chunk = rng.choice((1, 7, 64, 4096))
    check_stream(messages, pieces, damaged, chunk)


def run_cases(seed, count, make=None):
    rng = random.Random(seed)
    for _ in range(count):
        run_case(rng, make)


def test_seeded_corruption_short():
    run_cases(seed=20240601, count=SHORT_CASES)


def test_seeded_corruption_of_the_v2_frames():
    run_cases(seed=20260118, count=SHORT_CASES // 5, make=random_v2_message)


@pytest.mark.slow
def test_seeded_corruption_long():
    run_cases(seed=20240602, count=LONG_CASES)


# ---------------------------------------------------------------- hypothesis


def _hypothesis(long_mode):
    return settings(
        max_examples=HYPOTHESIS_LONG if long_mode else HYPOTHESIS_SHORT,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def feed_arbitrary(data, chunk):
    """Feed ``data`` in reads of ``chunk`` bytes: the decoder delivers, drops and counts
    exactly what decoding each delimited part on its own says, however the reads split
    the bytes (decode_frame failing only with WireError)."""
    decoder = wire.Decoder()
    got = []
    for i in range(0, len(data), chunk):
        for message in decoder.feed(data[i : i + chunk]):
            assert isinstance(message, wire.Message)
            got.append(message)
    assert decoder.frames_ok + decoder.frames_incompatible == len(got)
    expected, bad, dropped = [], 0, 0
    for part in data.split(b"\x00")[:-1]:  # the last part awaits its delimiter
        if not part:
            continue
        try:
            expected.append(wire.decode_frame(part))
        except wire.WireError:
            bad, dropped = bad + 1, dropped + len(part)
    if max(len(run) for run in data.split(b"\x00")) <= wire.MAX_ENCODED:
        assert got == expected
        assert (decoder.frames_bad, decoder.bytes_dropped) == (bad, dropped)
    else:  # the buffer cap dropped a run with no delimiter, whole or in part
        assert decoder.frames_bad >= 1 and all(message in expected for message in got)
    return got


@pytest.mark.parametrize("chunk", [1, 64, 4096])
def test_a_run_past_the_buffer_cap_is_dropped_and_the_next_frame_read(chunk):
    ping = wire.Ping(7)
    got = feed_arbitrary(b"\x55" * (2 * wire.MAX_ENCODED) + b"\x00" + ping.encode(), chunk)
    assert got == [ping]


@_hypothesis(long_mode=False)
@given(st.binary(max_size=2000), st.integers(1, 300))
def test_arbitrary_bytes_never_raise(data, chunk):
    feed_arbitrary(data, chunk)


@_hypothesis(long_mode=False)
@given(st.lists(st.integers(0, 255), max_size=400).map(bytes), st.integers(1, 50))
def test_low_entropy_bytes_never_raise(data, chunk):
    # Small byte values make plausible COBS codes and headers, unlike uniform noise.
    feed_arbitrary(bytes(b % 12 for b in data), chunk)


@_hypothesis(long_mode=False)
@given(st.randoms(use_true_random=False))
def test_corrupted_streams_hypothesis(rng):
    run_case(rng)


@pytest.mark.slow
@_hypothesis(long_mode=True)
@given(st.binary(max_size=4000), st.integers(1, 300))
def test_arbitrary_bytes_never_raise_long(data, chunk):
    feed_arbitrary(data, chunk)


@pytest.mark.slow
@_hypothesis(long_mode=True)
@given(st.randoms(use_true_random=False))
def test_corrupted_streams_hypothesis_long(rng):
    run_case(rng)
