"""The simulated board, checked from a raw host end: real pty, real frames, faults."""

import os

import pytest
import serial
from serial_helpers import HostEnd

from kiosk.hardware import wire
from kiosk.hardware.sim_board import SimBoard

A = bytes.fromhex("04a1b2c3")
B = bytes.fromhex("04a1b2c3d4e5f6")


@pytest.fixture
def link(tmp_path):
    return str(tmp_path / "by-id" / "usb-kiosk_reader_seat1-if00")


@pytest.fixture
def board(link):
    with SimBoard(link, board_id="seat-1", antennas=5, heartbeat_s=None) as board:
        yield board


@pytest.fixture
def host(board, link):
    end = HostEnd(link)
    yield end
    end.close()


def test_the_stable_path_is_a_symlink_to_a_pty(board, link):
    assert os.path.islink(link)
    assert os.readlink(link) == board.device
    assert board.device.startswith("/dev/pts/")


def test_snapshot_request_is_answered_with_hello_then_snapshot(board, host):
    board.put(0, A)
    board.put(3, B)
    host.messages.clear()
    host.send(wire.SnapshotRequest())
    snapshots = host.wait_for(wire.Snapshot)
    kinds = [type(m) for m in host.messages]
    assert kinds.index(wire.Hello) < kinds.index(wire.Snapshot)
    hello = next(m for m in host.messages if type(m) is wire.Hello)
    assert (hello.board_id, hello.antennas) == ("seat-1", 5)
    assert snapshots[-1] == wire.Snapshot(2, [[A], [], [], [B], []])
    assert board.requests == 1


def test_put_and_lift_are_numbered_events(board, host):
    board.put(1, A)
    board.put(1, A)  # already there: no event
    board.lift(1, A)
    host.wait_for(wire.TagRemoved)
    events = [m for m in host.messages if type(m) in (wire.TagAdded, wire.TagRemoved)]
    assert events == [wire.TagAdded(1, 1, A), wire.TagRemoved(2, 1, A)]


def test_heartbeats_carry_the_last_seq_and_a_growing_poll_cycle(board, host):
    board.put(0, A)
    board.heartbeat()
    board.heartbeat()
    beats = host.wait_for(wire.Heartbeat, 2)
    assert [b.seq for b in beats] == [1, 1]
    assert beats[1].cycle > beats[0].cycle
    assert beats[0].health == [wire.HEALTH_OK] * 5


def test_automatic_heartbeats(link):
    with SimBoard(link, heartbeat_s=0.01) as board:
        end = HostEnd(link)
        try:
            assert len(end.wait_for(wire.Heartbeat, 3, timeout=2)) >= 3
        finally:
            end.close()
        assert board.cycle >= 3


def test_ping_is_answered_with_pong(host):
    host.send(wire.Ping(77))
    assert host.wait_for(wire.Pong)[0].token == 77


def test_dropped_frame_leaves_a_sequence_gap(board, host):
    board.drop_frames(1)
    board.put(0, A)
    board.put(0, B)
    added = host.wait_for(wire.TagAdded)
    assert [m.seq for m in added] == [2]
    assert board.frames_dropped == 1


def test_corrupted_frame_is_dropped_and_counted_by_the_host(board, host):
    board.corrupt_frames(1)
    board.put(0, A)
    board.put(0, B)
    added = host.wait_for(wire.TagAdded)
    assert added == [wire.TagAdded(2, 0, B)]
    assert host.decoder.frames_bad == 1


def test_garbage_is_dropped_and_the_next_delimited_frame_survives(board, host):
    board.send_garbage(b"\x00hello from the REPL\r\n\x00")
    board.put(2, A)
    assert host.wait_for(wire.TagAdded) == [wire.TagAdded(1, 2, A)]
    assert host.decoder.frames_bad == 1


def test_silent_board_answers_nothing_until_it_resumes(board, host):
    board.go_silent()
    board.heartbeat()
    board.put(0, A)  # still lies there, but the hung firmware reports nothing
    host.send(wire.Ping(1))
    with pytest.raises(AssertionError, match="timed out"):
        host.wait_for(wire.Pong, timeout=0.2)
    board.resume()
    host.send(wire.SnapshotRequest())
    assert host.wait_for(wire.Snapshot)[-1].tags[0] == [A]


def test_unplug_removes_the_path_and_breaks_the_open_port(board, host, link):
    first = board.device
    board.unplug()
    assert not os.path.lexists(link)
    with pytest.raises(serial.SerialException):
        for _ in range(50):
            host.port.read(1)
    board.plug()
    assert os.path.islink(link) and board.device is not None
    assert board.plugged
    assert first  # the pty number may or may not be reused; the path is what is stable
    again = HostEnd(link)
    try:
        board.put(4, A)
        assert again.wait_for(wire.TagAdded) == [wire.TagAdded(1, 4, A)]
    finally:
        again.close()


def test_replug_reboots_the_sequence_but_keeps_the_tags(board, link):
    board.put(0, A)
    board.replug()
    assert board.seq == 0 and board.seen()[0] == {A}


def test_cross_talk_ghost_appears_on_the_neighbour_and_goes_away(board, host):
    board.put(2, A)
    uid = board.cross_talk(2, 3, seconds=0.05)
    assert uid == A
    removed = host.wait_for(wire.TagRemoved)
    added = [m for m in host.messages if type(m) is wire.TagAdded]
    assert added == [wire.TagAdded(1, 2, A), wire.TagAdded(2, 3, A)]
    assert removed == [wire.TagRemoved(3, 3, A)]
    assert board.seen()[3] == frozenset() and board.seen()[2] == {A}


def test_another_protocol_version_reaches_the_host_as_incompatible(link):
    with SimBoard(link, protocol_version=3, heartbeat_s=None) as board:
        end = HostEnd(link)
        try:
            end.send(wire.SnapshotRequest())
            notices = end.wait_for(wire.Incompatible, 2)
            assert {(n.version, n.kind) for n in notices} == {(3, wire.HELLO), (3, wire.SNAPSHOT)}
            assert board.requests == 1
        finally:
            end.close()
