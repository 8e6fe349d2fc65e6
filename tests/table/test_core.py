"""The controller core knows no game: a second game plugs in through the registry."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from dataclasses import replace

import pytest

import kiosk.table
from kiosk.hardware.ports import InventoryChange, LedMode, SeatLed
from kiosk.table import games
from kiosk.table.api import Sound, TableView
from kiosk.table.games import NOTHING, Effects, LedChange, problem
from kiosk.table.games.sync_or_swim.view import Phase


class CountingGame:
    """A toy game: every input is written down; a seat press lights that seat."""

    game_id = "counting"

    def __init__(self, context) -> None:
        self.context = context
        self.inputs: list[tuple] = []
        self._view = TableView(game="counting", phase=Phase.CHOOSING)

    def view(self) -> TableView:
        return self._view

    def time_left(self, now):
        return None

    def command(self, name, args, now):
        self.inputs.append(("command", name, now))
        if name == "swim":
            self._view = replace(self._view, message="go")
            return Effects(sounds=(Sound.WHISTLE,), pads=True, result="swum")
        return problem(f"counting has no {name}")

    def seat_pressed(self, seat, t, now):
        self.inputs.append(("seat", seat, t))
        return Effects(leds=(LedChange(seat, SeatLed.YELLOW, LedMode.ON),))

    def seat_held(self, seat, t, now):
        return NOTHING

    def stop(self, t, now):
        self.inputs.append(("stop", t))
        return Effects(pads=False)

    def inventory_changed(self, change, now):
        self.inputs.append(("inventory", change.seat, change.lane))
        return NOTHING

    def tick(self, now):
        return NOTHING

    def refresh(self, now):
        return NOTHING

    def close(self, now):
        self.inputs.append(("close",))
        return games.leds_off(self.context.seats)


@pytest.fixture
def counting():
    games.register("counting", CountingGame)
    yield
    games.unregister("counting")


def test_a_second_game_gets_every_input_and_its_effects_are_applied(make_rig, counting):
    rig = make_rig()
    rig.start_round()
    rig.controller.select_game("counting")
    game = rig.controller.game
    assert isinstance(game, CountingGame)
    assert rig.view.game == "counting" and rig.view.hardware.pads  # hardware view kept
    assert rig.led(1, SeatLed.YELLOW) is LedMode.OFF  # Sync or Swim's lights went off
    (left,) = rig.store.results("sync_or_swim")  # the routine it ended is kept, abandoned
    assert left.abandoned and rig.store.open_journals() == ()

    rig.press(4)
    assert rig.led(4, SeatLed.YELLOW) is LedMode.ON
    rig.controller.act("swim")
    assert rig.view.message == "go" and rig.heard.sounds[-1] is Sound.WHISTLE
    edge = rig.stop()
    rig.table.put("blue-7-RH", seat=2, lane=3)
    assert rig.table.wait_settled()
    rig.controller.pump()
    rig.controller.wake()
    kinds = [i[0] for i in game.inputs]
    assert kinds == ["seat", "command", "stop", "inventory", "command"]
    assert ("stop", edge) in game.inputs
    assert rig.heard.problems[-1] == "counting has no wake"


def test_an_unknown_game_is_refused(rig):
    with pytest.raises(KeyError, match="no game 'chess'"):
        games.game_factory("chess")
    rig.controller.select_game("chess")
    assert "no game 'chess'" in rig.heard.problems[-1]
    assert rig.view.game == "sync_or_swim"


def test_effects_add_up_in_order():
    first = Effects(sounds=(Sound.TICK,), pads=True)
    second = Effects(sounds=(Sound.HORN,), pads=False, result=3)
    total = first + second + NOTHING
    assert total.sounds == (Sound.TICK, Sound.HORN)
    assert (total.pads, total.result) == (False, 3)


def test_a_listener_that_raises_does_not_stop_the_table(rig):
    class Broken:
        def on_view(self, view):
            raise RuntimeError("widget gone")

    rig.controller.set_listener(Broken())
    rig.controller.wake()
    assert rig.view.phase is Phase.CHOOSING


def test_inventory_events_keep_the_hardware_view_current(rig):
    rig.controller.on_inventory(InventoryChange(2, 1, frozenset({b"\x0b\xad\xc0\xde"}), 1))
    rig.controller.pump()
    assert any("Seat 2, lane 1" in p for p in rig.view.hardware.problems)
    rig.controller.on_inventory(InventoryChange(2, 1, frozenset(), 2))
    rig.controller.pump()
    assert not any("Seat 2, lane 1" in p for p in rig.view.hardware.problems)


def ui_modules_after_import(modules: list[str]) -> list[str]:
    """The Kivy and kiosk.ui modules a fresh interpreter holds after importing these."""
    code = ("import importlib, sys\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules if m == 'kivy' or m.startswith('kivy.')\n"
            "             or m == 'kiosk.ui' or m.startswith('kiosk.ui.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    return ast.literal_eval(out.stdout.strip())


def test_the_controller_pulls_in_no_ui():
    table = [m.name for m in pkgutil.walk_packages(kiosk.table.__path__, "kiosk.table.")]
    assert {"kiosk.table.controller", "kiosk.table.compose"} <= set(table)
    assert ui_modules_after_import(table) == []
    # the check sees the UI when it is there
    assert {"kiosk.ui", "kiosk.ui.theme", "kivy"} <= set(ui_modules_after_import(
        ["kiosk.ui.theme"]))
