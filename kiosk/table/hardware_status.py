"""What the table's hardware can do right now, in words staff and players can act on.

:class:`HardwareStatus` follows board statuses and inventory changes (applied by the
controller on its pumping thread) and turns them into a
:class:`~kiosk.table.api.HardwareView`: which parts are usable and a list of problems
("Seat 3's reader is offline: check its USB cable"). Nothing missing ever stops play —
no pads means the stop circles on screen, no readers means judging by hand — so each problem
says what the table does instead.

:meth:`HardwareStatus.reading` turns the boards' answer after a stop (read off the UI
thread by :class:`~kiosk.table.lane_fetch.LaneFetch`) into the inventory games judge from.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from kiosk.hardware.ports import (
    AntennaHealth,
    BoardState,
    BoardStatus,
    InventoryChange,
    LaneReaders,
    Pad,
    SeatPanel,
    StopPads,
)
from kiosk.hardware.tagmap import TagMap
from kiosk.table.api import HardwareView
from kiosk.table.games import LaneReading, Place
from kiosk.table.lane_fetch import CONFIRM_S, LaneFetch, LaneSnapshot

log = logging.getLogger(__name__)

NO_PADS = "No stop pads: the captain stops the timer by touching both stop circles on the screen"
NO_READERS = ("No card readers: after each stop, judge the Performance yourselves with "
              "IN SYNC / NOT IN SYNC")
NO_SEAT_BUTTONS = "No seat buttons: readiness and the captain's light are shown on screen only"


def stuck_pads_problem(letters: list[str]) -> str:
    """The sentence for pads held or stuck: they cannot stop the timer until freed.

    >>> stuck_pads_problem(["A", "B"])[:42]
    'Stop pads A and B are held or stuck: free '
    """
    who, them = ("Stop pads A and B are", "them") if len(letters) > 1 else (
        f"Stop pad {letters[0]} is", "it")
    return (f"{who} held or stuck: free {them}; until then the captain stops with the "
            "two stop circles on the screen")


_STATE_WORDS = {
    BoardState.OFFLINE: "is offline",
    BoardState.SILENT: "stopped answering",
    BoardState.CONNECTING: "is still connecting",
}
_ADVICE = {
    BoardState.OFFLINE: "check its USB cable",
    BoardState.SILENT: "it is being restarted; if this repeats, unplug it for 5 s",
    BoardState.CONNECTING: "wait a moment",
}


def board_problems(status: BoardStatus, advice: bool = True) -> list[str]:
    """Plain sentences for one board's trouble (with what to do about it, unless
    ``advice`` is False); empty when the board is fine."""
    who = f"Seat {status.seat}'s reader" if status.seat is not None else (
        f"The reader at {status.board}")
    if status.state is not BoardState.ONLINE:
        tail = f": {_ADVICE[status.state]}" if advice else ""
        return [f"{who} {_STATE_WORDS[status.state]}{tail}"]
    silent = [f"{who} cannot see lane {a.lane}"
              + (": that antenna is not answering" if advice else "")
              for a in status.antennas
              if a.health is AntennaHealth.SILENT and a.lane is not None]
    return silent + [f"{who} could not read lane {a.lane}"
                     + (": lay its cards flat and apart" if advice else "")
                     for a in status.antennas
                     if a.health is AntennaHealth.INCOMPLETE and a.lane is not None]


def unknown_card(seat: int, lane: int) -> str:
    return f"Seat {seat}, lane {lane} holds a card the table does not know"


@dataclass
class HardwareStatus:
    """The controller's picture of its hardware; see the module docstring."""

    panel: SeatPanel | None = None
    pads: StopPads | None = None
    readers: LaneReaders | None = None
    tags: TagMap | None = None
    confirm_s: float = CONFIRM_S  # how long a board has to confirm after a stop
    seats: tuple[int, ...] = ()  # the table's seats, to name those without a reader
    boards: dict[str, BoardStatus] = field(default_factory=dict)
    inventory: dict[Place, frozenset[bytes]] = field(default_factory=dict)
    stuck_pads: set[Pad] = field(default_factory=set)
    store_problems: tuple[str, ...] = ()  # the store's sentences (a full disk …)
    saving: bool = True  # False while the store keeps writes in memory

    def __post_init__(self) -> None:
        self._view: HardwareView | None = None
        self._last: HardwareView | None = None
        self.reread()

    def reread(self) -> None:
        """Take board statuses and lanes straight from the readers."""
        if self.readers is not None:
            self.boards = {status.board: status for status in self.readers.boards()}
            self.inventory = dict(self.readers.inventory())
        if self.pads is not None:
            self.stuck_pads = set(self.pads.stuck())
        self._view = None

    def refresh_tags(self) -> bool:
        """Pick up tags another process wrote to the store (see ``TagBook.refresh``;
        one ``PRAGMA data_version``, 4-5 µs here, so the controller asks at every pump)."""
        refresh = getattr(self.tags, "refresh", None)
        try:
            if refresh is None or not refresh():
                return False
        except Exception:  # a store that fails says so where it is written; a pump goes on
            log.debug("could not check the store for new tags", exc_info=True)
            return False
        self._view = None  # "unknown card" problems may be gone
        return True

    def store_changed(self, problems: tuple[str, ...], saving: bool) -> None:
        """The database's health, as the store words it (see ``WriteBehindStore``)."""
        if (problems, saving) != (self.store_problems, self.saving):
            self.store_problems, self.saving = problems, saving
            self._view = None

    def board_changed(self, status: BoardStatus) -> None:
        self.boards[status.board] = status
        self._view = None

    def pad_stuck(self, pad: Pad, stuck: bool) -> None:
        """A pad was found held or stuck, or freed (``on_pad_stuck``)."""
        if stuck:
            self.stuck_pads.add(pad)
        else:
            self.stuck_pads.discard(pad)
        self._view = None

    def inventory_changed(self, change: InventoryChange) -> None:
        place = (change.seat, change.lane)
        if change.uids:
            self.inventory[place] = change.uids
        else:
            self.inventory.pop(place, None)
        self._view = None

    def view(self) -> HardwareView:
        """The current view; the same object until something changed."""
        if self._view is None:
            self._view = self._build()
            if self._view == self._last:  # keep the old object: nothing to redraw
                self._view = self._last
            self._last = self._view
        return self._view

    def _build(self) -> HardwareView:
        problems: list[str] = []
        stuck = sorted(pad.value.upper() for pad in self.stuck_pads) if self.pads else []
        if self.pads is None:
            problems.append(NO_PADS)
        elif stuck:
            problems.append(stuck_pads_problem(stuck))
        if self.panel is None:
            problems.append(NO_SEAT_BUTTONS)
        if self.readers is None:
            problems.append(NO_READERS)
        for status in sorted(self.boards.values(), key=lambda s: (s.seat or 0, s.board)):
            problems += board_problems(status)
        covered = {s.seat for s in self.boards.values()}
        bare = [str(seat) for seat in self.seats if seat not in covered]
        if self.readers is not None and bare:
            who = (f"Seat {bare[0]} has" if len(bare) == 1
                   else f"Seats {', '.join(bare[:-1])} and {bare[-1]} have")
            problems.append(f"{who} no reader: with swimmers there, judge by hand")
        if self.readers is not None:
            resolved = (self.tags or TagMap({})).resolve(self.inventory)
            problems += [f"{unknown_card(seat, lane)} — scan it in Settings › Cards"
                         for (seat, lane), _ in resolved.unknown()]
            problems += [c.describe() for c in resolved.conflicts]
        readers_ok = self.readers is not None and bool(self.boards) and not bare and all(
            s.state is BoardState.ONLINE for s in self.boards.values())
        problems += self.store_problems
        return HardwareView(pads=self.pads is not None and not stuck, readers=readers_ok,
                            seat_buttons=self.panel is not None, problems=tuple(problems),
                            stuck_pads=tuple(stuck), saving=self.saving)

    def read_lanes(self) -> LaneReading:
        """The inventory proven current, read here and now: blocks up to ``confirm_s``
        on a slow board, so only for tools and tests. The controller never calls it on
        its pumping thread: it reads through a :class:`LaneFetch` and :meth:`reading`."""
        if self.readers is None:
            return LaneReading(available=False)
        fetch = LaneFetch(self.readers, self.confirm_s, done=lambda _fetch: None)
        fetch.wait()
        assert fetch.result is not None
        return self.reading(fetch.result)

    def reading(self, snapshot: LaneSnapshot) -> LaneReading:
        """Turn what the boards said after a stop into what a game judges from (on the
        pumping thread: it also updates the boards' statuses)."""
        if self.readers is None:
            return LaneReading(available=False)
        if snapshot.error is not None:
            return LaneReading(available=True, unreadable={
                seat: (snapshot.error,) for seat in self.seats})
        late, inventory, statuses = snapshot.late, snapshot.inventory, snapshot.boards
        for status in statuses:
            self.boards[status.board] = status
        self._view = None
        unreadable: dict[int, list[str]] = {}
        for status in statuses:
            if status.seat is None:
                continue
            why = board_problems(status, advice=False)
            if not why and status.board in late:
                why = [f"Seat {status.seat}'s reader did not confirm its cards within "
                       f"{self.confirm_s:g} s"]
            unreadable.setdefault(status.seat, []).extend(why)
        resolved = (self.tags or TagMap({})).resolve(inventory)
        for (seat, lane), _ in resolved.unknown():
            unreadable.setdefault(seat, []).append(unknown_card(seat, lane))
        for conflict in resolved.conflicts:
            for seat, _ in conflict.places:
                unreadable.setdefault(seat, []).append(conflict.describe())
        cards = {place: lane.cards for place, lane in resolved.lanes.items() if lane.cards}
        return LaneReading(
            available=True,
            cards=cards,
            unreadable={seat: tuple(dict.fromkeys(why)) for seat, why in unreadable.items()},
            seats=frozenset(s.seat for s in statuses if s.seat is not None),
        )

