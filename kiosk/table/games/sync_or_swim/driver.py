"""Drives the real controller on the simulated table (``build_simulated``): cards are
laid on the simulated readers, pads and seat buttons are pressed on mock pins, and time
is a manual clock the script moves, so a demo never waits out a real timer."""

from __future__ import annotations

import random
from collections.abc import Iterable

from kiosk.games.sync_or_swim.library import load_content
from kiosk.games.sync_or_swim.solver import Solver
from kiosk.hardware.ports import BoardState
from kiosk.hardware.sim_gpio import ManualClock
from kiosk.paths import config_dir
from kiosk.store.protocol import MemoryStore
from kiosk.table.compose import build_simulated
from kiosk.table.games.sync_or_swim.view import Phase


class RealDriver:
    def __init__(self, *, seats: Iterable[int] = range(1, 7), clock=None, store=None,
                 **options) -> None:
        self.clock = clock if clock is not None else ManualClock(100.0)
        self.store = store if store is not None else MemoryStore()
        self.controller, self.table = build_simulated(clock=self.clock, store=self.store,
                                                      seats=tuple(seats), **options)
        self.content = load_content(config_dir())
        self.rng = random.Random(7)
        self.table.wait_settled()

    @property
    def view(self):
        return self.controller.view

    def _settle(self, seconds: float = 0.05) -> None:
        if isinstance(self.clock, ManualClock):
            self.clock.advance(seconds)

    def press_seat(self, seat: int) -> None:
        self.table.press_seat(seat)
        self._settle()

    def ready_all(self) -> None:
        for seat in self.view.seats:
            self.press_seat(seat)

    def winning_plays(self):
        view = self.view
        elements = [self.content.elements[r.id] for r in view.payload.rules if r.kind == "element"]
        twists = [self.content.twists[r.id] for r in view.payload.rules if r.kind == "twist"]
        deck = self.content.deck.for_players(view.payload.players)
        table = Solver(deck, self.rng).solve(view.seats, view.payload.captain, elements, twists)
        return table.plays

    def arrange(self, in_sync: bool) -> None:
        """Lay a table the judge will call IN SYNC, or one where a swimmer plays nothing."""
        plays = dict(self.winning_plays())
        if not in_sync:
            seat = self.view.seats[-1]
            plays = {place: cards for place, cards in plays.items() if place[0] != seat}
        self.lay(plays)

    def lay(self, plays) -> None:
        self.table.clear()
        for (seat, lane), cards in plays.items():
            for card in cards:
                self.table.put(str(card), seat=seat, lane=lane)
        self.table.wait_settled()

    def stop(self) -> None:
        self._settle(1.0)
        self.table.touch_both_pads()
        self._settle()
        self.table.release_pads()

    def pass_time(self, seconds: float) -> None:
        self._settle(seconds)

    def run_out_the_clock(self) -> None:
        if self.view.phase is Phase.PRACTICE:
            self._settle((self.view.time_left or self.view.timer_seconds or 0) + 1)

    def lose_hardware(self, seat: int = 2) -> None:
        """Unplug one seat's reader board: the players will judge by hand."""
        self.table.inject("unplug", seat=seat)
        self.table.wait_state(seat, BoardState.OFFLINE)

    def restore_hardware(self, seat: int = 2) -> None:
        self.table.inject("plug", seat=seat)
        self.table.wait_settled()

    def close(self) -> None:
        self.controller.close()
