"""An antenna whose inventory is incomplete is never judged as 'played no card'."""

from __future__ import annotations

from kiosk.hardware.ports import (
    AntennaHealth,
    AntennaStatus,
    BoardState,
    BoardStatus,
    HardwareListener,
)
from kiosk.hardware.tagmap import TagMap
from kiosk.table.hardware_status import HardwareStatus

BLUE = bytes.fromhex("04aa0000000001")
TAGS = TagMap({BLUE: "blue-7-RH"})


class FakeReaders:
    def __init__(self, statuses, inventory):
        self.listener = HardwareListener()
        self.statuses, self.lanes = statuses, inventory

    def boards(self):
        return tuple(self.statuses)

    def inventory(self):
        return dict(self.lanes)

    def sync(self, timeout):
        return ()

    def request_snapshot(self):
        pass

    def close(self):
        pass


def test_an_incomplete_lane_makes_its_seat_judged_by_hand_and_says_which_lane():
    antennas = (AntennaStatus(1, 1, AntennaHealth.OK),
                AntennaStatus(2, 2, AntennaHealth.INCOMPLETE))
    readers = FakeReaders([BoardStatus("/dev/seat3", 3, BoardState.ONLINE, 0.0,
                                       antennas=antennas),
                           BoardStatus("/dev/seat1", 1, BoardState.ONLINE, 0.0)],
                          {(3, 1): frozenset({BLUE})})
    status = HardwareStatus(readers=readers, tags=TAGS)
    reading = status.read_lanes()
    assert reading.missing((3,)) == ("Seat 3's reader could not read lane 2",)
    assert reading.missing((1,)) == ()
    assert "Seat 3's reader could not read lane 2: lay its cards flat and apart" in (
        status.view().problems)
