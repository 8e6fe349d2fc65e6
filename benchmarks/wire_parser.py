"""Benchmark: host wire parser throughput as a multiple of the 115,200-baud wire rate.

The kiosk reads up to six boards on one Pi, each at most 11,520 bytes/s (115,200
baud, 8N1). The parser should idle at that rate; the target is >= 100x, measured here
on a realistic stream: snapshots, add/remove events, heartbeats and a little garbage,
fed in the 64-byte reads a USB CDC port typically returns.

Run: ``python -m benchmarks.wire_parser`` (add ``--short`` for a quick run).
"""

import random
import sys
import time

from kiosk.hardware import wire

WIRE_BYTES_PER_SECOND = 115_200 // 10  # 8N1: 10 bits on the line per byte
TARGET_RATIO = 100
READ_SIZE = 64


def realistic_stream(frames: int, seed: int = 7) -> bytes:
    """A board's traffic: mostly heartbeats and tag events, some snapshots, some noise."""
    rng = random.Random(seed)
    lanes = 5
    inventory = [[] for _ in range(lanes)]
    seq = 0
    parts = [wire.Hello("seat-1", "1.0.0", lanes).encode()]
    for cycle in range(frames):
        roll = rng.random()
        if roll < 0.45:
            health = [wire.HEALTH_OK] * lanes
            if rng.random() < 0.05:
                health[rng.randrange(lanes)] = wire.HEALTH_RECOVERED
            parts.append(wire.Heartbeat(seq, cycle, health).encode())
        elif roll < 0.90:
            seq += 1
            lane = rng.randrange(lanes)
            if inventory[lane] and rng.random() < 0.5:
                uid = inventory[lane].pop(rng.randrange(len(inventory[lane])))
                parts.append(wire.TagRemoved(seq, lane, uid).encode())
            elif len(inventory[lane]) < 6:
                uid = bytes(rng.getrandbits(8) for _ in range(rng.choice(wire.UID_LENGTHS)))
                inventory[lane].append(uid)
                parts.append(wire.TagAdded(seq, lane, uid).encode())
        elif roll < 0.98:
            parts.append(wire.Snapshot(seq, inventory).encode())
        else:
            parts.append(bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 24))) + b"\x00")
    return b"".join(parts)


def measure(stream: bytes, repeats: int) -> tuple[float, int]:
    """Best bytes/s over `repeats` passes, and the messages decoded in one pass."""
    reads = [stream[i : i + READ_SIZE] for i in range(0, len(stream), READ_SIZE)]
    best = 0.0
    messages = 0
    for _ in range(repeats):
        decoder = wire.Decoder()
        count = 0
        start = time.perf_counter()
        for chunk in reads:
            count += len(decoder.feed(chunk))
        elapsed = time.perf_counter() - start
        best = max(best, len(stream) / elapsed)
        messages = count
    return best, messages


def main(short: bool) -> None:
    stream = realistic_stream(2_000 if short else 20_000)
    rate, messages = measure(stream, repeats=3 if short else 7)
    ratio = rate / WIRE_BYTES_PER_SECOND
    verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"wire parser: {len(stream):,} bytes, {messages:,} messages per pass")
    print(f"wire parser: {rate:,.0f} bytes/s = {ratio:,.0f}x the 115,200-baud wire rate")
    print(f"wire parser: {verdict} the {TARGET_RATIO}x target")


if __name__ == "__main__":
    main(short="--short" in sys.argv[1:])
