"""The serial reader backend against simulated boards on real ptys: the normal path."""

from __future__ import annotations

import pytest

from kiosk.config import ReaderBoard
from kiosk.hardware import wire
from kiosk.hardware.errors import DeviceClosedError
from kiosk.hardware.ports import AntennaHealth, BoardState, InventoryChange
from kiosk.hardware.readers import LinkTuning, SerialReaders
from kiosk.hardware.sim_board import SimBoard
from kiosk.hardware.sim_gpio import EventLog

A = bytes.fromhex("04a1b2c3")
B = bytes.fromhex("04a1b2c3d4e5f6")
C = bytes.fromhex("0102030405060708090a")
FAST = LinkTuning(read_timeout_s=0.02, silent_after_s=0.5, backoff_min_s=0.02,
                  backoff_max_s=0.1, snapshot_retry_s=0.2)  # fmt: skip
FIVE_LANES = tuple((n, n) for n in range(1, 6))


class Rig:
    """One or more simulated boards and a SerialReaders reading them."""

    def __init__(self, tmp_path, seats=(1,), *, antennas=FIVE_LANES, heartbeat_s=None, **kw):
        self.log = EventLog()
        self.boards = {}
        configs = []
        for seat in seats:
            path = str(tmp_path / f"seat{seat}")
            self.boards[seat] = SimBoard(path, board_id=f"seat-{seat}", heartbeat_s=heartbeat_s,
                                         **kw)  # fmt: skip
            configs.append(ReaderBoard(path, seat, antennas))
        self.readers = SerialReaders(configs, listener=self.log, tuning=FAST)

    def changes(self) -> list[InventoryChange]:
        return [args[0] for args in self.log.named("on_inventory")]

    def states(self, seat: int = 1) -> list[BoardState]:
        return [s.state for (s,) in self.log.named("on_board_status") if s.seat == seat]

    def close(self) -> None:
        self.readers.close()
        for board in self.boards.values():
            board.close()


@pytest.fixture
def rig(tmp_path):
    rig = Rig(tmp_path)
    assert rig.readers.wait_online()
    yield rig
    rig.close()


def test_snapshot_on_connect_brings_tags_already_on_the_table(tmp_path):
    board = SimBoard(tmp_path / "seat1", heartbeat_s=None)
    board.put(0, A)
    board.put(4, B)
    board.put(4, C)
    log = EventLog()
    readers = SerialReaders([ReaderBoard(str(tmp_path / "seat1"), 3, FIVE_LANES)], listener=log,
                            tuning=FAST)  # fmt: skip
    try:
        assert readers.wait_online()
        assert readers.inventory() == {(3, 1): {A}, (3, 5): {B, C}}
        assert board.requests == 1  # the host asked; the boot snapshot was flushed on open
        changes = [c for (c,) in log.named("on_inventory")]
        assert {(c.seat, c.lane, c.uids) for c in changes} == {
            (3, 1, frozenset({A})),
            (3, 5, frozenset({B, C})),
        }
        status = readers.boards()[0]
        assert (status.state, status.board_id, status.firmware) == (
            BoardState.ONLINE, "sim-board", "1.0.0-sim")  # fmt: skip
        assert [a.lane for a in status.antennas] == [1, 2, 3, 4, 5]
    finally:
        readers.close()
        board.close()


def test_add_and_remove_reach_the_listener_as_whole_lane_sets(rig):
    board = rig.boards[1]
    board.put(2, A)
    board.put(2, B)
    board.lift(2, A)
    assert rig.readers.wait_for(lambda: rig.readers.inventory() == {(1, 3): {B}})
    assert [(c.lane, c.uids) for c in rig.changes()] == [(3, {A}), (3, {A, B}), (3, {B})]
    board.lift(2, B)
    assert rig.readers.wait_for(lambda: rig.readers.inventory() == {})
    assert rig.changes()[-1] == InventoryChange(1, 3, frozenset(), 0)


def test_only_real_changes_are_announced(rig):
    board = rig.boards[1]
    board.put(0, A)
    assert rig.readers.wait_for(lambda: (1, 1) in rig.readers.inventory())
    before = len(rig.changes())
    assert rig.readers.refresh() == ()  # a snapshot with the same content
    assert rig.readers.refresh() == ()
    assert len(rig.changes()) == before


def test_inventory_changes_carry_the_board_poll_cycle(rig):
    board = rig.boards[1]
    board.heartbeat()
    board.heartbeat()
    board.put(1, A)
    assert rig.readers.wait_for(lambda: rig.changes() != [])
    assert rig.changes()[0].poll_cycle == board.cycle - 1 == 2
    assert rig.readers.poll_cycles() == {rig.boards[1].path.as_posix(): 2}


def test_a_sequence_gap_makes_the_host_ask_for_a_snapshot(rig):
    board = rig.boards[1]
    requests = board.requests
    board.drop_frames(1)
    board.put(0, A)  # seq 1, lost
    board.put(1, B)  # seq 2: the host expected 1
    assert rig.readers.wait_for(lambda: rig.readers.inventory() == {(1, 1): {A}, (1, 2): {B}})
    assert board.requests == requests + 1


def test_a_lost_last_event_is_caught_by_the_next_heartbeat(rig):
    board = rig.boards[1]
    requests = board.requests
    board.drop_frames(1)
    board.put(0, A)
    assert rig.readers.sync() == ()
    assert rig.readers.inventory() == {}
    board.heartbeat()  # says seq 1; the host saw 0
    assert rig.readers.wait_for(lambda: rig.readers.inventory() == {(1, 1): {A}})
    assert board.requests == requests + 1


def test_garbage_and_corrupt_frames_are_counted_and_never_delivered(rig):
    board = rig.boards[1]
    board.send_garbage(b"\x00Traceback (most recent call last):\r\n\x00\x01\x02\x03\x00")
    board.corrupt_frames(1)
    board.put(0, A)  # arrives corrupted: dropped
    board.put(1, B)  # seq gap -> snapshot repairs
    assert rig.readers.wait_for(lambda: rig.readers.inventory() == {(1, 1): {A}, (1, 2): {B}})
    assert rig.readers.wait_for(lambda: rig.readers.boards()[0].dropped_frames == 3)
    assert rig.log.named("on_board_status")[-1][0].dropped_frames == 3
    delivered = {c.uids for c in rig.changes()}
    assert all(uids <= {A, B} for uids in delivered)


def test_antennas_map_to_lanes_and_unmapped_antennas_are_ignored(tmp_path):
    rig = Rig(tmp_path, seats=(4,), antennas=((1, 4), (3, 2)))
    try:
        assert rig.readers.wait_online()
        board = rig.boards[4]
        board.put(0, A)  # config antenna 1 -> lane 4
        board.put(1, B)  # config antenna 2: not mapped
        board.put(2, C)  # config antenna 3 -> lane 2
        assert rig.readers.wait_for(lambda: rig.readers.inventory() == {(4, 4): {A}, (4, 2): {C}})
        assert rig.readers.sync() == ()
        assert B not in set().union(*rig.readers.inventory().values())
        lanes = {a.antenna: a.lane for a in rig.readers.boards()[0].antennas}
        assert lanes == {1: 4, 2: None, 3: 2, 4: None, 5: None}
    finally:
        rig.close()


def test_antenna_health_from_heartbeats_reaches_the_status(rig):
    board = rig.boards[1]
    board.set_health(2, wire.HEALTH_SILENT)
    board.heartbeat()

    def health(antenna):
        return rig.readers.boards()[0].antennas[antenna - 1].health

    assert rig.readers.wait_for(lambda: health(3) is AntennaHealth.SILENT)
    board.set_health(2, wire.HEALTH_RECOVERED)
    board.heartbeat()
    assert rig.readers.wait_for(lambda: health(3) is AntennaHealth.RECOVERED)
    board.heartbeat()  # recovered is reported once, then ok
    assert rig.readers.wait_for(lambda: health(3) is AntennaHealth.OK)
    seen = [s.antennas[2].health for (s,) in rig.log.named("on_board_status")]
    assert seen[-3:] == [AntennaHealth.SILENT, AntennaHealth.RECOVERED, AntennaHealth.OK]


def test_board_error_reports_show_in_the_status(rig):
    board = rig.boards[1]
    with board._lock:
        board._send(wire.Error(wire.ERR_READER_FAULT, "antenna 3 reader reset"))
    assert rig.readers.wait_for(
        lambda: rig.readers.boards()[0].detail == "board says: antenna 3 reader reset"
    )


def test_sync_proves_every_event_sent_before_it_is_in_the_inventory(tmp_path):
    rig = Rig(tmp_path, seats=(1, 2, 3))
    try:
        assert rig.readers.wait_online()
        for round_ in range(20):
            uid = bytes([4, round_, 0, 0])
            for board in rig.boards.values():
                board.put(round_ % 5, uid)
            assert rig.readers.sync(timeout=1.0) == ()
            held = rig.readers.inventory()
            assert all(uid in held[seat, round_ % 5 + 1] for seat in (1, 2, 3))
    finally:
        rig.close()


def test_sync_and_refresh_name_the_boards_that_cannot_answer(tmp_path):
    rig = Rig(tmp_path, seats=(1, 2))
    try:
        assert rig.readers.wait_online()
        rig.boards[2].go_silent()
        assert rig.readers.sync(timeout=0.1) == (rig.boards[2].path.as_posix(),)
        assert rig.readers.refresh(timeout=0.1) == (rig.boards[2].path.as_posix(),)
    finally:
        rig.close()


def test_a_failing_listener_does_not_stop_the_board_thread(rig):
    calls = []

    class Broken(EventLog):
        def on_inventory(self, change):
            calls.append(change)
            raise RuntimeError("listener bug")

    rig.readers.listener = Broken()
    rig.boards[1].put(0, A)
    rig.boards[1].put(1, B)
    assert rig.readers.wait_for(lambda: len(calls) == 2)
    assert rig.readers.sync() == ()


def test_close_stops_every_thread_promptly(tmp_path):
    rig = Rig(tmp_path, seats=(1, 2, 3, 4, 5, 6))
    assert rig.readers.wait_online()
    threads = [link._thread for link in rig.readers.links]
    rig.readers.close()
    # close() joins each thread with a 2 s timeout: a thread that did not hear the stop
    # would still be alive here. (This rig's threads only: another test's table may be
    # closing beside it, and a wall-clock bound would only measure the machine's load.)
    assert threads and not [t for t in threads if t is None or t.is_alive()]
    with pytest.raises(DeviceClosedError):
        rig.readers.request_snapshot()
    for board in rig.boards.values():
        board.close()
