"""A lane the board could not read completely: the kiosk reads again, then says so."""

from __future__ import annotations

import threading

from kiosk.config import ReaderBoard
from kiosk.hardware import wire
from kiosk.hardware.diagnose import describe_status
from kiosk.hardware.ports import AntennaHealth
from kiosk.hardware.readers import LinkTuning, SerialReaders
from kiosk.hardware.sim_board import SimBoard

A = bytes.fromhex("0452617a4b6d80")
FAST = LinkTuning(read_timeout_s=0.02, silent_after_s=5.0, backoff_min_s=0.02,
                  backoff_max_s=0.1, snapshot_retry_s=0.2)  # fmt: skip
LANES = tuple((n, n) for n in range(1, 6))


def health(readers: SerialReaders, antenna: int) -> AntennaHealth:
    return readers.boards()[0].antennas[antenna].health


def test_an_incomplete_lane_is_read_again_and_its_card_arrives(tmp_path):
    path = str(tmp_path / "board")
    with SimBoard(path, heartbeat_s=None) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], tuning=FAST)
        try:
            assert readers.wait_online()
            board.set_health(1, wire.HEALTH_INCOMPLETE)
            board.heartbeat()
            assert readers.wait_for(lambda: health(readers, 1) is AntennaHealth.INCOMPLETE)
            pings = board.pings
            result: list = []
            reader = threading.Thread(target=lambda: result.append(readers.sync(5.0, 5.0)))
            reader.start()
            assert readers.wait_for(lambda: board.pings > pings)  # the first read is in
            assert result == []  # and the kiosk waits for the lane, not judging it empty
            board.put(1, A)  # the board's next inventories finish the lane
            board.set_health(1, wire.HEALTH_OK)
            board.heartbeat()
            reader.join(10)
            assert result == [()]
            assert readers.inventory() == {(2, 2): {A}}
            assert health(readers, 1) is AntennaHealth.OK
        finally:
            readers.close()


def test_a_lane_that_stays_incomplete_is_reported_so_after_the_reread(tmp_path):
    path = str(tmp_path / "board")
    with SimBoard(path, heartbeat_s=None) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], tuning=FAST)
        try:
            assert readers.wait_online()
            board.set_health(3, wire.HEALTH_INCOMPLETE)
            board.heartbeat()
            assert readers.wait_for(lambda: health(readers, 3) is AntennaHealth.INCOMPLETE)
            pings = board.pings
            assert readers.sync(2.0, reread_s=0.05) == ()
            assert board.pings == pings + 2  # read, waited, read again
            assert health(readers, 3) is AntennaHealth.INCOMPLETE
            assert not health(readers, 3).readable and health(readers, 0).readable
        finally:
            readers.close()


def test_diagnose_shows_reader_versions_spi_cost_and_dropped_heartbeats(tmp_path):
    path = str(tmp_path / "board")
    with SimBoard(path, heartbeat_s=None, versions=[0x92, 0x12, 0x88, 0x82, 0xB2]) as board:
        readers = SerialReaders([ReaderBoard(path, 2, LANES)], tuning=FAST)
        try:
            assert readers.wait_online()
            board.dropped = 150
            board.heartbeat()
            assert readers.wait_for(lambda: readers.boards()[0].heartbeats_dropped == 150)
            status = readers.boards()[0]
            assert [a.version for a in status.antennas] == [0x92, 0x12, 0x88, 0x82, 0xB2]
            line = describe_status(status)
            assert "150 heartbeats dropped while the kiosk was not reading" in line
            assert "SPI transfer 4 us, CollPos nxp" in line
        finally:
            readers.close()
