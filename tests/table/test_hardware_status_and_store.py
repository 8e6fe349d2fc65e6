"""Hardware problems in words, the stop-time reading, the store, and the contract."""

from __future__ import annotations

import inspect

import pytest

from kiosk.hardware.ports import (
    AntennaHealth,
    AntennaStatus,
    BoardState,
    BoardStatus,
    HardwareListener,
)
from kiosk.hardware.tagmap import TagMap
from kiosk.store.protocol import GameResult, MemoryStore, StoreError
from kiosk.table.api import Controller
from kiosk.table.controller import TableController
from kiosk.table.hardware_status import HardwareStatus

BLUE = bytes.fromhex("04aa0000000001")
TAGS = TagMap({BLUE: "blue-7-RH"})


class FakeReaders:
    """Just enough of the LaneReaders port, with a sync() that names late boards."""

    def __init__(self, statuses, inventory, late=()):
        self.listener = HardwareListener()
        self.statuses, self.lanes, self.late = statuses, inventory, late

    def boards(self):
        return tuple(self.statuses)

    def inventory(self):
        return dict(self.lanes)

    def sync(self, timeout):
        return tuple(self.late)

    def request_snapshot(self):
        pass

    def close(self):
        pass


def board(seat, state=BoardState.ONLINE, antennas=()):
    return BoardStatus(f"/dev/seat{seat}", seat, state, 0.0, antennas=antennas)


def test_board_troubles_in_plain_words():
    deaf = (AntennaStatus(2, 2, AntennaHealth.SILENT), AntennaStatus(1, 1, AntennaHealth.OK))
    readers = FakeReaders([board(1), board(2, BoardState.SILENT), board(3, antennas=deaf)], {})
    view = HardwareStatus(readers=readers, tags=TAGS).view()
    assert not view.readers
    assert view.problems[-2:] == (
        "Seat 2's reader stopped answering: it is being restarted; if this repeats, "
        "unplug it for 5 s",
        "Seat 3's reader cannot see lane 2: that antenna is not answering",
    )


def test_the_reading_says_which_seats_cannot_be_judged():
    readers = FakeReaders(
        [board(1), board(2), board(3, BoardState.OFFLINE)],
        {(1, 1): frozenset({BLUE}), (2, 4): frozenset({b"\x01\x02\x03\x04"})},
        late=["/dev/seat1"])
    reading = HardwareStatus(readers=readers, tags=TAGS).read_lanes()
    assert reading.cards == {(1, 1): ("blue-7-RH",)}
    assert reading.missing((1, 2, 3, 4)) == (
        "Seat 4 has no reader",
        "Seat 1's reader did not confirm its cards within 2 s",
        "Seat 2, lane 4 holds a card the table does not know",
        "Seat 3's reader is offline",
    )
    assert reading.missing((5,)) == ("Seat 5 has no reader",)


def test_without_readers_the_reading_is_unavailable():
    reading = HardwareStatus().read_lanes()
    assert not reading.available
    assert reading.missing((1, 2, 3)) == ("This table has no card readers",)


def test_the_memory_store_keeps_the_best_finished_score_per_table_size():
    store = MemoryStore()
    store.add_result("g", GameResult("R1", 3, 60, 400.0))
    store.add_result("g", GameResult("R1", 3, 50, 480.0))
    store.add_result("g", GameResult("R1", 4, 80, 300.0))
    store.add_result("g", GameResult("R1", 4, 99, 200.0, abandoned=True))
    store.add_result("other", GameResult("R1", 3, 100, 100.0))
    assert store.top_score("g", "R1", 3) == 60
    assert store.top_score("g", "R1") == 80
    assert store.top_score("g", "R2") is None
    assert len(store.results("g")) == 4
    store.reset_scores("g")
    assert store.top_score("g", "R1") is None and store.results("g") == ()
    assert store.top_score("other", "R1") == 100


def test_the_journal_refuses_writes_after_closing():
    store = MemoryStore()
    journal = store.open_journal("g", {"routine_id": "R1"})
    store.append_journal(journal, "begin", 1.0)
    store.close_journal(journal)
    with pytest.raises(StoreError, match="closed"):
        store.append_journal(journal, "swim", 2.0)
    assert store.journal(journal).entries[0].action == "begin"
    with pytest.raises(StoreError, match="no journal 9"):
        store.close_journal(9)


def test_settings_default_until_set():
    store = MemoryStore({"volume": 0.5})
    assert store.setting("volume") == 0.5
    assert store.setting("sync_or_swim.unlock_all", False) is False
    store.set_setting("sync_or_swim.unlock_all", True)
    assert store.setting("sync_or_swim.unlock_all") is True


def test_the_controller_offers_every_command_of_the_contract():
    wanted = {name: inspect.signature(member) for name, member in vars(Controller).items()
              if callable(member) and not name.startswith("_")}
    for name, signature in wanted.items():
        offered = inspect.signature(getattr(TableController, name))
        assert list(offered.parameters) == list(signature.parameters), name


def test_doctests():
    import doctest

    from kiosk.store import protocol as store
    from kiosk.table import compose
    from kiosk.table.games.sync_or_swim import views as sync_or_swim_views

    for module in (store, sync_or_swim_views, compose):
        assert doctest.testmod(module).failed == 0, module.__name__
