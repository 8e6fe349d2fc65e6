"""The simulated board and the firmware send byte-identical frames for shared scripts.

The kiosk's tests lean on kiosk.hardware.sim_board; this is what makes that fair.
Each vector in board_vectors.json is a script (tags put and lifted, host requests)
and the exact bytes a board must send for it, heartbeats left out (their timing is
each board's own). The SimBoard is played through a real pty, the firmware through
the fake ``machine``; both must produce the stored bytes. test_micropython.py plays
the firmware side again inside the MicroPython VM.
"""

import json
import os
import select
import time
from binascii import unhexlify
from pathlib import Path

import pytest
import scenarios

from kiosk.hardware import wire
from kiosk.hardware.sim_board import SimBoard

VECTORS = json.loads((Path(__file__).parent / "board_vectors.json").read_text())


BARRIER = 0x5EA1ED00  # tokens of the test's own pings, unlike any vector's


def read_through(fd: int, token: int, timeout: float = 10.0) -> bytes:
    """Everything the board sent for the steps so far: ping it and read up to its pong.
    The board answers the host in order and writes table events at once, so all the
    earlier steps caused comes before that pong, however slow a busy machine is (a
    read that stopped at a quiet spell could miss a late answer or let the next step's
    frame overtake it)."""
    os.write(fd, wire.Ping(token).encode())
    pong = wire.Pong(token).encode()
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(pong):
        left = deadline - time.monotonic()
        assert left > 0, f"the board never answered ping {token:#x}; it sent {data.hex()}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data += os.read(fd, 4096)
    return data[: -len(pong)]


def sim_frames(script: list, board_id: str, folder: Path) -> bytes:
    link = folder / "board"
    with SimBoard(link, board_id=board_id, firmware="1.0.0", heartbeat_s=None) as board:
        fd = os.open(link, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            data = read_through(fd, BARRIER)
            for n, step in enumerate(script, start=1):
                action = step[0]
                if action == "put":
                    board.put(step[1], unhexlify(step[2]))
                elif action == "lift":
                    board.lift(step[1], unhexlify(step[2]))
                elif action == "request":
                    os.write(fd, wire.SnapshotRequest().encode())
                elif action == "ping":
                    os.write(fd, wire.Ping(step[1]).encode())
                elif action == "set_id":
                    os.write(fd, wire.SetBoardId(step[1]).encode())
                data += read_through(fd, BARRIER + n)
        finally:
            os.close(fd)
    return data


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["name"])
def test_simulated_board_sends_the_vector_bytes(vector, tmp_path):
    assert sim_frames(vector["script"], vector["board_id"], tmp_path).hex() == vector["frames"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["name"])
def test_firmware_sends_the_vector_bytes(vector):
    got = scenarios.board_frames(vector["script"], vector["board_id"])
    assert got.hex() == vector["frames"]


def test_vectors_cover_every_board_message_but_heartbeat():
    kinds = set()
    for vector in VECTORS:
        for message in wire.Decoder().feed(unhexlify(vector["frames"])):
            kinds.add(type(message).__name__)
    assert kinds == {"Hello", "Snapshot", "TagAdded", "TagRemoved", "Pong"}
