"""A controller on the real SimulatedTable with a fake clock, and a listener that records.

Fingers on the table (``rig.press``, ``rig.stop``) move the fake clock a little so that
the pins' debounce settles at the next pump; cards are laid with ``rig.lay`` and the
test waits on the readers' condition (``wait_settled``), never on a sleep.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pytest

from kiosk.games.sync_or_swim.cards import Card
from kiosk.games.sync_or_swim.library import Content, load_content
from kiosk.games.sync_or_swim.solver import Solver
from kiosk.hardware.ports import LedMode, SeatLed
from kiosk.hardware.sim_gpio import ManualClock
from kiosk.hardware.sim_table import SimulatedTable
from kiosk.paths import config_dir
from kiosk.store.protocol import MemoryStore
from kiosk.table.api import ControllerListener, Sound, TableView
from kiosk.table.compose import build_simulated
from kiosk.table.controller import TableController
from kiosk.table.games.sync_or_swim.view import Phase


class Recorder(ControllerListener):
    """Everything the controller said, and on which threads it said it."""

    def __init__(self) -> None:
        self.views: list[TableView] = []
        self.sounds: list[Sound] = []
        self.problems: list[str] = []
        self.ticks: list[float] = []
        self.threads: set[int] = set()

    def on_view(self, view: TableView) -> None:
        self.threads.add(threading.get_ident())
        self.views.append(view)

    def on_tick(self, time_left: float) -> None:
        self.threads.add(threading.get_ident())
        self.ticks.append(time_left)

    def on_sound(self, sound: Sound) -> None:
        self.threads.add(threading.get_ident())
        self.sounds.append(sound)

    def on_problem(self, message: str) -> None:
        self.threads.add(threading.get_ident())
        self.problems.append(message)


@dataclass
class Rig:
    controller: TableController
    table: SimulatedTable
    clock: ManualClock
    store: MemoryStore
    content: Content
    heard: Recorder = field(default_factory=Recorder)

    @property
    def view(self) -> TableView:
        return self.controller.view

    def wait(self, seconds: float = 0.5) -> None:
        """Let time pass on the fake clock, then pump."""
        self.clock.advance(seconds)
        self.controller.pump()

    def press(self, seat: int) -> None:
        self.table.press_seat(seat)
        self.wait(0.05)

    def stop(self, after: float = 2.0) -> float:
        """The captain touches both pads ``after`` seconds from now; returns the edge time."""
        self.clock.advance(after)
        self.table.touch_both_pads()
        edge = self.clock.now
        self.clock.advance(0.05)
        self.table.release_pads()
        self.controller.pump()
        self.confirm_lanes()
        return edge

    def until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Pump whenever a hardware event is queued until ``predicate()`` holds: a board
        thread's report reaches the controller a moment after the board's state
        changes, so waiting for the state alone races the report."""
        queued = threading.Event()
        self.controller.wakeup = queued.set
        deadline = time.monotonic() + timeout
        try:
            while True:
                self.controller.pump()
                if predicate():
                    return True
                left = deadline - time.monotonic()
                if left <= 0 or not queued.wait(left):
                    return predicate()
                queued.clear()
        finally:
            self.controller.wakeup = None

    def confirm_lanes(self, timeout: float = 5.0) -> None:
        """Let the boards confirm the lanes read at a stop (on the read's own thread),
        then pump so the game judges them."""
        fetch = self.controller.context.waiting
        if fetch is not None:
            assert fetch.wait(timeout), "the boards never confirmed the lanes"
            self.controller.pump()

    def lay(self, plays: Mapping[tuple[int, int], tuple[Card | str, ...]]) -> None:
        """Clear the table, lay these cards, and wait until the readers hold them."""
        self.table.clear()
        for (seat, lane), cards in plays.items():
            for card in cards:
                self.table.put(str(card), seat=seat, lane=lane)
        assert self.table.wait_settled()

    def winning_plays(self) -> Mapping[tuple[int, int], tuple[Card, ...]]:
        """A table that meets every rule in force, found by the rules engine's solver."""
        view = self.view
        elements = [self.content.elements[r.id] for r in view.payload.rules if r.kind == "element"]
        twists = [self.content.twists[r.id] for r in view.payload.rules if r.kind == "twist"]
        assert view.payload.players is not None and view.payload.captain is not None
        deck = self.content.deck.for_players(view.payload.players)
        table = Solver(deck, random.Random(7)).solve(view.seats, view.payload.captain,
                                                     elements, twists)
        assert table is not None
        return table.plays

    def start_round(self, players: int = 3, routine: str = "R01") -> None:
        self.controller.wake()
        self.controller.act("choose", players=players, routine_id=routine)
        self.controller.act("begin")
        assert self.view.phase is Phase.ROUND_READY

    def led(self, seat: int, led: SeatLed) -> LedMode:
        assert self.table.gpio is not None
        return self.table.gpio.gpio.seats.led_mode(seat, led)


@pytest.fixture(scope="session")
def content() -> Content:
    return load_content(config_dir())


@pytest.fixture
def make_rig(content):
    """``make_rig(readers=False, ...)``: a rig with options for ``build_simulated``."""
    made: list[Rig] = []

    def make(**options) -> Rig:
        clock = ManualClock(100.0)
        store = MemoryStore()
        options.setdefault("seats", (1, 2, 3, 4))
        controller, table = build_simulated(clock=clock, store=store, **options)
        rig = Rig(controller, table, clock, store, content)
        made.append(rig)
        assert table.wait_settled()
        controller.set_listener(rig.heard)
        rig.wait(0.1)
        return rig

    yield make
    for rig in made:
        rig.controller.close()


@pytest.fixture
def rig(make_rig) -> Rig:
    return make_rig()
