"""Seat lights follow the game; sounds come in the order the players need them."""

from __future__ import annotations

from kiosk.hardware.ports import LedMode, SeatLed
from kiosk.table.api import Sound
from kiosk.table.games.sync_or_swim.view import Phase

ON, OFF, BLINK = LedMode.ON, LedMode.OFF, LedMode.BLINK


def test_seat_buttons_mark_swimmers_ready(rig):
    rig.start_round()
    rig.press(2)
    assert rig.view.payload.ready == {2} and rig.led(2, SeatLed.GREEN) is ON
    rig.press(2)
    assert rig.view.payload.ready == frozenset() and rig.led(2, SeatLed.GREEN) is OFF
    rig.press(4)  # seat 4 is not in play with 3 swimmers
    assert rig.view.payload.ready == frozenset() and rig.led(4, SeatLed.GREEN) is OFF
    rig.controller.act("swim")  # SWIM! starts everyone unready
    rig.press(1)
    rig.press(3)
    assert rig.view.payload.ready == {1, 3}
    assert [rig.led(s, SeatLed.GREEN) for s in (1, 2, 3)] == [ON, OFF, ON]
    rig.stop()
    assert rig.view.payload.ready == frozenset() and rig.led(1, SeatLed.GREEN) is OFF


def test_a_seat_press_wakes_the_attract_loop(rig):
    rig.press(5)
    assert rig.view.phase is Phase.CHOOSING


def test_a_long_hold_calls_staff(rig):
    rig.table.hold_seat(3)
    rig.wait(3.5)
    rig.table.release_seat(3)
    rig.wait(0.1)
    assert rig.heard.problems == ["Seat 3 is calling staff"]


def test_the_captain_light_follows_the_captain(rig):
    rig.controller.wake()
    rig.controller.act("choose", players=3, routine_id="R01")
    assert [rig.led(s, SeatLed.YELLOW) for s in (1, 2, 3, 4)] == [ON, OFF, OFF, OFF]
    rig.controller.act("begin")
    rig.controller.act("swim")
    rig.wait(21)
    rig.controller.act("try_again")
    assert rig.view.payload.captain == 2
    assert [rig.led(s, SeatLed.YELLOW) for s in (1, 2, 3)] == [OFF, ON, OFF]
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.stop()
    assert [rig.led(s, SeatLed.YELLOW) for s in (1, 2, 3)] == [OFF, OFF, ON]
    rig.controller.abandon()
    assert all(rig.led(s, led) is OFF for s in (1, 2, 3, 4) for led in SeatLed)


def test_failed_swimmers_blink_during_the_performance_only(rig):
    rig.start_round()
    rig.controller.act("swim")
    plays = rig.winning_plays()
    rig.lay({place: cards for place, cards in plays.items() if place[0] != 3})
    rig.stop()
    assert [rig.led(s, SeatLed.RED) for s in (1, 2, 3)] == [OFF, OFF, BLINK]
    assert rig.table.gpio is not None
    lit = {rig.table.gpio.led_is_lit(3, SeatLed.RED)}
    for _ in range(4):
        rig.wait(0.25)
        lit.add(rig.table.gpio.led_is_lit(3, SeatLed.RED))
    assert lit == {True, False}  # it really blinks
    rig.controller.act("next")  # NOT IN SYNC: the round again
    assert rig.led(3, SeatLed.RED) is OFF


def test_sounds_whistle_five_ticks_horn_then_cheer(rig):
    rig.start_round()
    rig.controller.act("swim")
    for _ in range(25):
        rig.wait(1.0)
    assert rig.heard.sounds == [Sound.WHISTLE] + [Sound.TICK] * 5 + [Sound.HORN]
    rig.controller.act("try_again")
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.stop()
    assert rig.heard.sounds[-2:] == [Sound.WHISTLE, Sound.CHEER]


def test_a_quick_stop_makes_no_ticks(rig):
    rig.start_round()
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    for _ in range(5):
        rig.wait(1.0)
    rig.stop()
    assert rig.heard.sounds == [Sound.WHISTLE, Sound.CHEER]
