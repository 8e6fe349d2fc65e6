"""The S.Y.N.C. table rig the tests drive: the real controller on the simulated table,
with helpers to lay and lift tokens and wait on conditions (imported by name; a module
called conftest would be found in another folder first)."""


from __future__ import annotations

import threading
import time
from collections.abc import Callable

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.hardware.tagmap import TagMap
from kiosk.store.protocol import MemoryStore
from kiosk.table.api import ControllerListener
from kiosk.table.compose import build_simulated
from kiosk.table.games.sync_association.sim import lay_token, lift_token, token_tags
from kiosk.table.games.sync_association.table import GAME_ID
from kiosk.table.games.sync_association.view import SyncStaff

WAIT_S = 10.0  # a bound on waiting for a condition, never a sleep
SYNC_CARD = bytes.fromhex("0499d7cf17b0d7")  # a Sync or Swim card: "blue-7-RH"
STRANGER = bytes.fromhex("04deadbeef0001")    # a tag nobody enrolled


class Heard(ControllerListener):
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.sounds: list = []
        self.ticks: list[float] = []

    def on_tick(self, time_left: float) -> None:
        self.ticks.append(time_left)

    def on_problem(self, message: str) -> None:
        self.problems.append(message)

    def on_sound(self, sound) -> None:
        self.sounds.append(sound)


class Rig:
    def __init__(self, seats=(1, 2, 3), store=None, readers=True) -> None:
        self.clock = ManualClock(100.0)
        self.store = store if store is not None else MemoryStore()
        tags = TagMap({**token_tags(seats), SYNC_CARD: "blue-7-RH"})
        self.controller, self.table = build_simulated(
            clock=self.clock, store=self.store, seats=seats, lanes=1, tags=tags,
            game=GAME_ID, readers=readers)
        assert self.table.wait_settled()
        self.heard = Heard()
        self.controller.set_listener(self.heard)
        self.pump()

    # -- time and pumping

    def pump(self, seconds: float = 0.05) -> None:
        self.clock.advance(seconds)
        self.controller.pump()

    def until(self, predicate: Callable[[], bool], what: str = "") -> None:
        queued = threading.Event()
        self.controller.wakeup = queued.set
        deadline = time.monotonic() + WAIT_S
        try:
            while True:
                self.controller.pump()
                if predicate():
                    return
                left = deadline - time.monotonic()
                assert left > 0 and queued.wait(left) or predicate(), f"never: {what}"
                queued.clear()
        finally:
            self.controller.wakeup = None

    # -- what the screen shows

    @property
    def view(self):
        return self.controller.view

    @property
    def payload(self):
        return self.controller.view.payload

    @property
    def phase(self) -> str:
        return self.controller.view.phase

    def status(self, seat: int) -> str:
        return next(s.status for s in self.payload.seats if s.seat == seat)

    def seat(self, seat: int):
        return next(s for s in self.payload.seats if s.seat == seat)

    # -- hands on the table

    def act(self, command: str, **args):
        self.pump()
        return self.controller.act(command, **args)

    def countdown(self, seconds: float) -> None:
        """Staff set the automatic reveal's countdown (0: pads only)."""
        self.controller.staff(SyncStaff.REVEAL_SECONDS, seconds=seconds)

    def start(self, group: str | None = "Owls", **options) -> None:
        self.controller.wake()
        if group is not None:
            self.act("group", team=group)
        options.setdefault("seed", 11)
        self.act("start", **options)

    def lay(self, seat: int, number: int) -> None:
        lay_token(self.table, seat=seat, number=number)

    def lift(self, seat: int, number: int) -> None:
        lift_token(self.table, seat=seat, number=number)

    def clear(self) -> None:
        """Lift every token and wait until the table has seen them go."""
        self.table.clear()
        assert self.table.wait_settled()
        self.until(lambda: not self.controller.status.inventory, "the readers are empty")

    def settle(self) -> None:
        """Wait until the controller has every reader's latest inventory."""
        assert self.table.wait_settled()
        truth = {k: v for k, v in self.table.truth().items() if v}
        self.until(lambda: {k: v for k, v in self.controller.status.inventory.items()
                            if v} == truth, "the inventory reached the game")

    def choose(self, numbers: dict[int, int]) -> None:
        """Every seat in ``numbers`` lays that token; wait until the game has them all."""
        self.clear()
        for seat, number in numbers.items():
            self.lay(seat, number)
        self.settle()

    def press(self, seat: int) -> None:
        self.table.press_seat(seat)
        self.pump()

    def touch_pads(self) -> None:
        self.table.touch_both_pads()
        self.pump()
        self.table.release_pads()
        self.pump()
        self.confirm()

    def confirm(self) -> None:
        """Let the boards confirm the reading a reveal waits for, then pump."""
        fetch = self.controller.context.waiting
        if fetch is not None:
            assert fetch.wait(WAIT_S), "the boards never confirmed the lanes"
            self.controller.pump()

    def led(self, seat: int, led):
        assert self.table.gpio is not None
        return self.table.gpio.gpio.seats.led_mode(seat, led)

    def close(self) -> None:
        self.controller.close()




def to_round_two_ready(rig: Rig) -> None:
    """Round 1 won; in round 2 phantom 4 blocked, seats 1 and 2 set on their readers,
    seat 3 on the keypad, seat 1 green: ready to reveal (the moment the power-cut tests
    cut)."""
    from kiosk.table.games.sync_association.view import Phase

    rig.countdown(0)
    rig.start()
    rig.act("start_choosing")
    rig.choose({1: 1, 2: 1, 3: 1})
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.WON, "round 1 won")
    rig.act("next_round")
    rig.act("block", kind="phantom", value=4)
    rig.act("start_choosing")
    rig.clear()
    rig.choose({1: 2, 2: 2})
    rig.act("keypad_choose", seat=3, number=2)
    rig.press(1)
    assert rig.payload.ready and rig.payload.round_number == 2
