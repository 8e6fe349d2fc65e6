"""The composition helpers wire a controller to the simulated and to the real table."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory

from kiosk.config import load_settings
from kiosk.hardware.sim_gpio import ManualClock
from kiosk.table.compose import build_real, build_simulated
from kiosk.table.games.sync_or_swim.view import Phase


def test_a_full_simulated_table_reports_everything_usable():
    controller, table = build_simulated(clock=ManualClock(1.0))
    try:
        assert table.wait_settled()
        controller.pump()
        hardware = controller.view.hardware
        assert (hardware.pads, hardware.readers, hardware.seat_buttons) == (True, True, True)
        assert hardware.problems == ()
    finally:
        controller.close()
    assert table.readers is None  # closed with the controller


def test_seats_without_a_board_are_named(rig):
    assert not rig.view.hardware.readers
    assert rig.view.hardware.problems == (
        "Seats 5 and 6 have no reader: with swimmers there, judge by hand",)


def test_the_real_table_without_its_boards_still_plays():
    settings = load_settings()
    controller = build_real(settings, pin_factory=MockFactory(), clock=ManualClock(1.0))
    try:
        controller.pump()
        hardware = controller.view.hardware
        assert hardware.pads and hardware.seat_buttons and not hardware.readers
        assert any("reader" in p for p in hardware.problems)
        controller.wake()
        assert controller.view.phase is Phase.CHOOSING
    finally:
        controller.close()
