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
import time
from binascii import unhexlify
from pathlib import Path

import pytest
import scenarios

from kiosk.hardware import wire
from kiosk.hardware.sim_board import SimBoard

VECTORS = json.loads((Path(__file__).parent / "board_vectors.json").read_text())


def read_quiet(fd: int, quiet_s: float = 0.15) -> bytes:
    """Everything the board wrote, until it has been quiet for ``quiet_s``."""
    data = b""
    last = time.monotonic()
    while time.monotonic() - last < quiet_s:
        try:
            chunk = os.read(fd, 4096)
        except BlockingIOError:
            chunk = b""
        if chunk:
            data += chunk
            last = time.monotonic()
        else:
            time.sleep(0.005)
    return data


def sim_frames(script: list, board_id: str, folder: Path) -> bytes:
    link = folder / "board"
    with SimBoard(link, board_id=board_id, firmware="1.0.0", heartbeat_s=None) as board:
        fd = os.open(link, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            data = read_quiet(fd)
            for step in script:
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
                data += read_quiet(fd)
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
