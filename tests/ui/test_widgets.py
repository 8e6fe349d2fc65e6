"""Widgets and helpers on their own: colour-blind-safe cards, the timer's words, and
the staff override behind a long press and the PIN."""

from __future__ import annotations

from fake_controller import FakeController

from kiosk.table.games.sync_or_swim.view import CardView, Phase
from kiosk.ui.widgets.timer import format_seconds


def test_every_card_colour_has_a_letter_and_a_shape(make_pilot):
    from kiosk.ui.widgets.card import CardWidget, describe

    make_pilot(FakeController())
    for colour, letter in (("blue", "B"), ("yellow", "Y"), ("green", "G"), ("gray", "-")):
        widget = CardWidget(card=CardView(f"{colour}-7-LH-RF", colour, 7, "left", "right"))
        assert (widget.letter, widget.value, widget.icons) == (letter, "7", "LH RF")
        assert widget.colour_name == colour
    card = CardView("blue-2-BF", "blue", 2, None, "both")
    assert describe(card) == "blue 2, both feet"
    assert describe(CardView("gray-7-LH", "gray", 7, "left", None)) == "grey 7, left hand"


def test_the_timer_reaches_zero_only_at_time_out():
    assert [format_seconds(s) for s in (20, 19.01, 0.2, 0)] == ["0:20", "0:20", "0:01", "0:00"]


def test_staff_override_needs_a_long_press_and_the_pin(make_pilot):
    from kiosk.ui.widgets.popups import STAFF_PIN, PinPad

    fake = FakeController(outcomes=["not_in_sync"])
    fake.wake()
    fake.act("choose", players=4, routine_id="R01")
    fake.act("begin")
    fake.act("swim")
    fake.touch_pads()
    fake.pump()
    pilot = make_pilot(fake)
    assert fake.view.phase is Phase.PERFORMANCE
    pilot.screen().show_all()
    pilot.settle()  # the banner is laid out where the finger goes
    banner = pilot.screen().ids.banner
    banner.hold_seconds = 0.05
    from kivy.tests.common import UnitTestTouch

    x, y = banner.to_window(*banner.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    pilot.until(lambda: pilot.widgets(PinPad))
    touch.touch_up()
    for digit in "12":  # OK pressed too early: the pad says why, it is no guess
        pilot.press(digit, frames=1)
    pilot.press("OK")
    assert "The staff PIN must be 4 to 8 digits, not 2. Try again." in pilot.labels()
    for digit in "1111":
        pilot.press(digit, frames=1)
    pilot.press("OK")
    assert "override True" not in fake.calls
    for digit in STAFF_PIN:
        pilot.press(digit, frames=1)
    pilot.press("OK")
    pilot.until(lambda: any("corrected by staff" in text for text in pilot.labels()))
    assert "override True" in fake.calls
    assert fake.view.payload.verdict.in_sync and fake.view.payload.verdict.overridden
