"""The SimulatedTable facade: cards by name, fingers, faults, and settling without sleeps."""

from __future__ import annotations

import pytest

from kiosk.hardware.ports import BoardState, Pad
from kiosk.hardware.sim_gpio import EventLog, ManualClock
from kiosk.hardware.sim_table import SimulatedTable

UNKNOWN = bytes.fromhex("0badc0de")


@pytest.fixture(scope="module")
def table():
    log = EventLog()
    with SimulatedTable(listener=log) as table:
        table.log = log
        assert table.wait_settled()
        yield table


@pytest.fixture(autouse=True)
def clean(table):
    yield
    table.clear()
    table.release_pads()
    assert table.wait_settled()
    table.log.clear()


def test_a_card_put_by_name_arrives_in_its_lane(table):
    uid = table.put("blue-7-RH", seat=2, lane=3)
    assert table.wait_settled()
    assert table.inventory() == {(2, 3): {uid}}
    assert table.view().lane(2, 3).cards == ("blue-7-RH",)
    change = table.log.named("on_inventory")[-1][0]
    assert (change.seat, change.lane, change.uids) == (2, 3, {uid})
    table.lift("blue-7-RH", seat=2, lane=3)
    assert table.wait_settled()
    assert table.view().lanes == {}


def test_a_full_table_settles(table):
    cards = table.tags.cards()
    placed = {}
    for i, seat in enumerate(table.seats):
        for lane in range(1, 6):
            card = cards[i * 5 + lane - 1]
            table.put(card, seat=seat, lane=lane)
            placed[seat, lane] = (card,)
    assert table.wait_settled()
    assert {p: v.cards for p, v in table.view().lanes.items()} == placed


def test_unknown_tags_are_reported_for_enrolment(table):
    table.put_uid(UNKNOWN, seat=5, lane=1)
    assert table.wait_settled()
    assert table.view().unknown() == [((5, 1), UNKNOWN)]


def test_a_card_the_tag_map_does_not_know_gets_a_helpful_error(table):
    with pytest.raises(KeyError, match="did you mean blue-7-LH, blue-7-RH"):
        table.put("blue-7", seat=1, lane=1)
    with pytest.raises(ValueError, match="lanes are 1..5"):
        table.put("blue-7-RH", seat=1, lane=6)
    with pytest.raises(KeyError, match="seat 9 has no simulated board"):
        table.put("blue-7-RH", seat=9, lane=1)


def test_cross_talk_becomes_a_conflict_then_clears(table):
    table.put("green-3-RH", seat=3, lane=2)
    uid = table.inject("ghost", seat=3, lane=2)  # leaks into lane 3
    assert table.wait_settled()
    view = table.view()
    assert [(c.card, c.places) for c in view.conflicts] == [("green-3-RH", ((3, 2), (3, 3)))]
    assert view.lane(3, 2).empty and view.lane(3, 3).empty
    table.board(3).unghost(2, uid)
    assert table.wait_settled()
    assert table.view().lane(3, 2).cards == ("green-3-RH",)
    assert table.view().conflicts == ()


def test_press_seat_and_two_finger_stop(table):
    table.press_seat(4)
    assert table.log.named("on_seat_down")[0][0] == 4
    table.arm_stop()
    table.touch_pad(Pad.A)
    assert table.log.named("on_stop") == []
    table.touch_pad(Pad.B)
    assert len(table.log.named("on_stop")) == 1


def test_fingers_on_an_injected_clock():
    clock = ManualClock(50.0)
    log = EventLog()
    with SimulatedTable(seats=(1,), listener=log, clock=clock) as table:
        table.touch_both_pads()  # not armed: nothing
        table.release_pads()
        clock.advance(0.1)
        table.gpio.gpio.poll()
        assert log.named("on_stop") == []
        table.arm_stop()
        table.touch_pad(Pad.A)
        clock.advance(0.01)
        table.touch_pad(Pad.B)
        assert log.named("on_stop") == [(pytest.approx(50.11),)]
        table.press_seat(3)
        clock.advance(0.1)
        table.gpio.gpio.poll()
        assert log.named("on_seat_pressed") == [(3, pytest.approx(50.11))]


def test_a_stuck_pad_outlasts_lifted_fingers_until_freed():
    clock = ManualClock(50.0)
    log = EventLog()
    with SimulatedTable(seats=(1,), listener=log, clock=clock) as table:
        pads = table.gpio.gpio.pads
        table.stick_pad(Pad.A)
        table.touch_pad(Pad.B)
        clock.advance(0.2)
        table.release_pads()  # the fingers lift; the stuck pad stays touched
        table.arm_stop()
        assert log.named("on_pad_stuck") == [(Pad.A, True, pytest.approx(50.2))]
        clock.advance(1.0)
        table.touch_both_pads()
        assert log.named("on_stop") == []
        table.free_pad(Pad.A)
        clock.advance(0.5)
        pads.poll()
        assert pads.stuck() == frozenset() and table.stuck_pads == set()
        assert log.named("on_pad_stuck")[-1] == (Pad.A, False, pytest.approx(51.2))


def test_unplug_and_replug_through_inject(table):
    table.put("yellow-3-LH", seat=6, lane=5)
    assert table.wait_settled()
    table.inject("unplug", seat=6)
    assert table.wait_state(6, BoardState.OFFLINE)
    table.lift("yellow-3-LH", seat=6, lane=5)
    table.inject("plug", seat=6)
    assert table.wait_settled()
    assert (6, 5) not in table.inventory()


def test_faults_on_one_board_do_not_disturb_the_others(table):
    table.inject("garbage", seat=1)
    table.inject("corrupt", seat=1, count=2)
    table.inject("drop", seat=1)
    table.put("gray-4-BH", seat=1, lane=1)
    table.put("gray-2", seat=2, lane=1)
    table.put("blue-4", seat=1, lane=2)
    assert table.wait_settled()
    assert table.view().lane(1, 1).cards == ("gray-4-BH",)
    assert table.view().lane(1, 2).cards == ("blue-4",)
    statuses = {s.seat: s for s in table.board_statuses()}
    assert statuses[1].dropped_frames >= 2 and statuses[2].dropped_frames == 0


def test_unknown_fault_is_refused(table):
    with pytest.raises(ValueError, match="unknown fault 'fire'"):
        table.inject("fire", seat=1)


def test_silent_board_then_resume(table):
    table.inject("silent", seat=2)
    assert table.wait_state(2, BoardState.SILENT)
    table.put("blue-1-LH", seat=2, lane=4)
    table.inject("resume", seat=2)
    assert table.wait_settled()
    assert table.view().lane(2, 4).cards == ("blue-1-LH",)


def test_a_board_plugged_in_later():
    with SimulatedTable(seats=(1, 2), plugged=(1,)) as table:
        assert table.wait_state(2, BoardState.OFFLINE)
        assert "not found" in {s.seat: s for s in table.board_statuses()}[2].detail
        table.put("blue-2-RF", seat=2, lane=2)
        table.inject("plug", seat=2)
        assert table.wait_settled()
        assert table.view().lane(2, 2).cards == ("blue-2-RF",)


def test_the_reader_side_pulls_in_no_ui_and_no_game_rules():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import kiosk.hardware.diagnose, kiosk.hardware.sim_table, kiosk.hardware.readers\n"
        "bad = [m for m in sys.modules\n"
        "       if m.split('.')[0] == 'kivy' or m.startswith('kiosk.games')]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
