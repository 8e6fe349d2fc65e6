"""The staff PIN pad: a dot for each digit typed (the digits never shown), keys that
look like keys, and settings left uncovered once the right PIN closes the pad."""

from __future__ import annotations

from fake_controller import FakeController
from kivy.core.window import Window

from kiosk.ui import theme
from kiosk.ui.widgets.popups import STAFF_PIN, PinDots, PinPad


def open_pad(make_pilot):
    pilot = make_pilot(FakeController(), size=(800, 480))
    pilot.app.open_overlay("settings")
    pilot.until(lambda: pilot.widgets(PinPad))
    return pilot, pilot.widgets(PinPad)[0]


def test_each_digit_typed_adds_a_dot_and_no_digit_is_shown(make_pilot):
    pilot, pad = open_pad(make_pilot)
    (dots,) = pilot.widgets(PinDots)
    assert dots.count == 0 and len(dots.canvas.children) > 0  # four empty rings
    for typed, digit in enumerate("1357", start=1):
        pilot.press(digit, frames=1)
        assert dots.count == typed
    assert not any("1357" in text or "*" in text for text in pilot.labels())
    pilot.press("Clear")
    assert dots.count == 0
    for digit in "9999":
        pilot.press(digit, frames=1)
    pilot.press("OK")
    assert dots.count == 0  # a wrong PIN empties the dots
    assert any("Wrong PIN" in text for text in pilot.labels())


def test_the_keys_stand_out_from_the_pad(make_pilot):
    pilot, pad = open_pad(make_pilot)
    for text in ("1", "0", "Clear", "Cancel"):
        key = pilot.button(text)
        assert tuple(key.fill) != tuple(theme.PANEL), text
        assert key.canvas.after.length() > 0, text  # the outline


def test_the_right_pin_closes_the_pad_and_leaves_settings_uncovered(make_pilot):
    pilot, pad = open_pad(make_pilot)
    for digit in STAFF_PIN:
        pilot.press(digit, frames=1)
    pilot.press("OK")
    pilot.until(lambda: pad not in Window.children)
    settings = pilot.screen()
    assert settings.unlocked and "Staff settings" in pilot.labels()
