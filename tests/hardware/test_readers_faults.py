"""The serial reader backend when things go wrong: unplug, silence, late boards, refusals."""

from __future__ import annotations

import errno
import os

import pytest

from kiosk.config import ReaderBoard
from kiosk.hardware.ports import BoardState
from kiosk.hardware.readers import LinkTuning, SerialReaders
from kiosk.hardware.sim_board import SimBoard
from kiosk.hardware.sim_gpio import EventLog, ManualClock

A = bytes.fromhex("04a1b2c3")
B = bytes.fromhex("04a1b2c3d4e5f6")
FAST = LinkTuning(read_timeout_s=0.02, silent_after_s=0.3, backoff_min_s=0.02,
                  backoff_max_s=0.1, snapshot_retry_s=0.2)  # fmt: skip
LANES = tuple((n, n) for n in range(1, 6))


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "by-id" / "usb-kiosk_reader_seat2-if00")


def states(log: EventLog) -> list[BoardState]:
    return [s.state for (s,) in log.named("on_board_status")]


def collapse(items: list) -> list:
    return [x for i, x in enumerate(items) if i == 0 or items[i - 1] != x]


def test_unplug_and_replug_reconnect_with_a_fresh_snapshot(path):
    log = EventLog()
    with SimBoard(path, heartbeat_s=0.05) as board:
        board.put(0, A)
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, tuning=FAST)
        try:
            assert readers.wait_for(lambda: readers.inventory() == {(2, 1): {A}})
            board.unplug()
            assert not os.path.lexists(path)
            assert readers.wait_for(
                lambda: "not found — check the USB cable" in readers.boards()[0].detail
            )
            assert readers.boards()[0].state is BoardState.OFFLINE
            assert readers.inventory() == {(2, 1): {A}}  # last known, until the board is back
            board.lift(0, A)  # changed while unplugged
            board.put(3, B)
            requests = board.requests
            board.plug()
            assert readers.wait_for(lambda: readers.inventory() == {(2, 4): {B}})
            assert readers.boards()[0].state is BoardState.ONLINE
            assert board.requests == requests + 1
            assert collapse(states(log)) == [
                BoardState.CONNECTING, BoardState.ONLINE, BoardState.OFFLINE,
                BoardState.CONNECTING, BoardState.ONLINE,
            ]  # fmt: skip
        finally:
            readers.close()


def test_replug_reboot_restarts_sequence_numbers_without_confusing_the_host(path):
    with SimBoard(path, heartbeat_s=0.05) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], tuning=FAST)
        try:
            board.put(0, A)
            board.put(1, B)
            assert readers.wait_for(lambda: len(readers.inventory()) == 2)
            board.replug()  # seq starts again at 0
            board.lift(1, B)  # seq 1 after the reboot
            assert readers.wait_for(lambda: readers.inventory() == {(2, 1): {A}})
            assert readers.wait_online()
        finally:
            readers.close()


def test_a_silent_board_is_reported_and_reconnected(path):
    log = EventLog()
    with SimBoard(path, heartbeat_s=0.05) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, tuning=FAST)
        try:
            assert readers.wait_online()
            board.go_silent()
            assert readers.wait_for(lambda: readers.boards()[0].state is BoardState.SILENT)
            assert "no heartbeat for 0.3 s" in readers.boards()[0].detail
            requests = board.requests
            board.put(2, A)  # lies there while the firmware hangs
            board.resume()
            assert readers.wait_for(
                lambda: (
                    readers.inventory() == {(2, 3): {A}}
                    and readers.boards()[0].state is BoardState.ONLINE
                )
            )
            assert board.requests > requests  # the reconnect asked for a fresh snapshot
            assert BoardState.SILENT in states(log)
        finally:
            readers.close()


def test_silence_is_measured_on_the_injected_clock_with_the_protocol_timeout(path):
    clock = ManualClock(100.0)
    tuning = LinkTuning(read_timeout_s=0.01, backoff_min_s=0.02, backoff_max_s=0.05)
    assert tuning.silent_after_s == 2.0
    with SimBoard(path, heartbeat_s=None) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], clock=clock, tuning=tuning)
        try:
            assert readers.wait_online()
            board.heartbeat()
            assert readers.wait_for(lambda: readers.poll_cycles()[path] == 1)
            clock.advance(1.9)
            assert not readers.wait_for(
                lambda: readers.boards()[0].state is not BoardState.ONLINE, timeout=0.1
            )
            clock.advance(0.2)
            assert readers.wait_for(lambda: readers.boards()[0].state is BoardState.SILENT)
            assert readers.boards()[0].t == pytest.approx(102.1)
        finally:
            readers.close()


def test_a_board_plugged_in_later_is_picked_up(path):
    log = EventLog()
    readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, tuning=FAST)
    try:
        assert readers.wait_for(lambda: readers.boards()[0].state is BoardState.OFFLINE)
        detail = readers.boards()[0].detail
        assert detail.startswith(f"board {path} not found — check the USB cable")
        assert "ls /dev/serial/by-id" in detail
        with SimBoard(path, heartbeat_s=0.05) as board:
            board.put(4, A)
            assert readers.wait_for(lambda: readers.inventory() == {(2, 5): {A}})
            assert readers.boards()[0].state is BoardState.ONLINE
            offline = [s for s in states(log) if s is BoardState.OFFLINE]
            assert len(offline) == 1  # retries do not repeat an unchanged status
    finally:
        readers.close()


def test_a_board_with_another_protocol_version_is_refused(path):
    log = EventLog()
    with SimBoard(path, heartbeat_s=0.05, protocol_version=3) as board:
        board.put(0, A)
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, tuning=FAST)
        try:
            assert readers.wait_for(lambda: "refused" in readers.boards()[0].detail)
            status = readers.boards()[0]
            assert status.state is BoardState.OFFLINE
            assert "speaks wire protocol v3 but this kiosk understands v2" in status.detail
            assert "install matching firmware" in status.detail
            assert readers.inventory() == {}
            assert log.named("on_inventory") == []
        finally:
            readers.close()


def foreign(version: int, kind: int, body: bytes = b"") -> bytes:
    """A frame with a good CRC but a version or type this kiosk does not know."""
    from kiosk.hardware import wire

    payload = bytes((version, kind)) + body
    crc = wire.crc16(payload)
    return wire.cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + b"\x00"


def test_foreign_frames_between_heartbeats_are_noise(path):
    """Two frames with a good CRC but a wrong version or type, then a heartbeat, five
    times over: each is counted as a dropped frame and the board stays online. (One
    alone used to take it offline for 2 s with "install matching firmware".)"""
    log = EventLog()
    clock = ManualClock(100.0)
    tuning = LinkTuning(read_timeout_s=0.02, backoff_min_s=0.02, backoff_max_s=0.05)
    with SimBoard(path, heartbeat_s=None) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, clock=clock,
                                tuning=tuning)
        try:
            assert readers.wait_online()
            for _ in range(5):
                board.send_garbage(foreign(3, 0x03, bytes(10)) + foreign(2, 0x42))
                clock.advance(0.5)
                board.heartbeat()
                assert readers.wait_for(lambda: readers.poll_cycles()[path] == board.cycle)
            board.put(0, A)
            assert readers.wait_for(lambda: readers.inventory() == {(2, 1): {A}})
            status = readers.boards()[0]
            assert status.state is BoardState.ONLINE and status.dropped_frames == 10
            assert BoardState.OFFLINE not in states(log)
        finally:
            readers.close()


def test_three_foreign_frames_with_nothing_valid_between_refuse_the_board(path):
    log = EventLog()
    clock = ManualClock(100.0)
    tuning = LinkTuning(read_timeout_s=0.02, backoff_min_s=0.02, backoff_max_s=0.05)

    def refusals():
        return [s.detail for (s,) in log.named("on_board_status") if "refused" in s.detail]

    with SimBoard(path, heartbeat_s=None) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, clock=clock,
                                tuning=tuning)
        try:
            assert readers.wait_online()
            board.send_garbage(foreign(3, 0x05) + b"MicroPython noise\x00" + foreign(3, 0x05))
            assert readers.wait_for(lambda: readers.boards()[0].dropped_frames == 3)
            assert refusals() == []  # garbage between them is no valid frame
            board.send_garbage(foreign(3, 0x05))
            assert readers.wait_for(lambda: refusals() != [])
            assert "speaks wire protocol v3" in refusals()[0]
        finally:
            readers.close()


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.EACCES, "add the kiosk user to the dialout group"),
        (errno.EBUSY, "in use by another program"),
        (errno.EIO, "unplug it, wait 5 s, plug it in again"),
    ],
)
def test_open_errors_say_what_to_do(code, words):
    def opener(path, timeout):
        raise OSError(code, os.strerror(code))

    readers = SerialReaders([ReaderBoard("/dev/serial/by-id/x", 1, LANES)], opener=opener,
                            tuning=FAST)  # fmt: skip
    try:
        assert readers.wait_for(lambda: words in readers.boards()[0].detail)
        assert readers.boards()[0].state is BoardState.OFFLINE
    finally:
        readers.close()


def test_ghost_reads_are_reported_faithfully(path):
    log = EventLog()
    with SimBoard(path, heartbeat_s=0.05) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], listener=log, tuning=FAST)
        try:
            board.put(1, A)
            assert readers.wait_for(lambda: readers.inventory() == {(2, 2): {A}})
            board.cross_talk(1, 2, seconds=0.05)
            assert readers.wait_for(lambda: any(
                c.lane == 3 and c.uids == {A} for (c,) in log.named("on_inventory")))  # fmt: skip
            assert readers.wait_for(lambda: readers.inventory() == {(2, 2): {A}})
            lane3 = [c.uids for (c,) in log.named("on_inventory") if c.lane == 3]
            assert lane3 == [{A}, frozenset()]
        finally:
            readers.close()


def test_a_board_that_stops_reading_never_blocks_a_write(tmp_path):
    """A port nobody reads fills up; without a write timeout the next write blocked for
    good (~20 KB of pings here). Every send must give up and say False instead."""
    import threading

    from kiosk.hardware import wire
    from kiosk.hardware.board_link import BoardLink, open_serial

    master, slave = os.openpty()  # the board end (master) is never read
    try:
        link = BoardLink(ReaderBoard(os.ttyname(slave), 1, ((1, 1),)), events=None,
                         cond=threading.Condition(), clock=lambda: 0.0)
        link._port = open_serial(os.ttyname(slave), 0.05)
        results: list[bool] = []

        def flood() -> None:
            for token in range(20_000):  # ~140 KB: far past what a pty buffers
                results.append(link.send(wire.Ping(token & wire.SEQ_MASK)))
                if not results[-1]:
                    return

        writer = threading.Thread(target=flood, daemon=True)
        writer.start()
        writer.join(timeout=10)
        assert not writer.is_alive(), "a write blocked: the port has no write timeout"
        assert results and results[-1] is False
        link._port.close()
    finally:
        for fd in (master, slave):
            os.close(fd)
