"""Every screen builds at the smallest and largest supported windows with realistic
views, with no text below the minimum size and no touch target below the minimum."""

from __future__ import annotations

import pytest
from views import fake_in

from kiosk.ui import theme

SCREENS = ("attract", "choose", "setup", "round", "circles", "judge", "performance",
           "score", "broken", "tutorial", "icons", "settings")
OVERLAYS = {"tutorial", "icons", "settings"}


def check_sizes(pilot) -> list[str]:
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    problems = []
    for label in pilot.widgets(Label):
        if label.text.strip() and label.font_size < theme.MIN_FONT - 0.01:
            problems.append(f"text {label.text[:30]!r} is {label.font_size:.1f} px")
    for widget in pilot.widgets():  # text a widget stamps on its own canvas
        for text, size in getattr(widget, "drawn_texts", ()):
            if text.strip() and size < theme.MIN_FONT - 0.01:
                problems.append(f"text {text[:30]!r} is {size:.1f} px")
    for button in pilot.widgets(ButtonBehavior):  # a disabled button is no target
        if not button.disabled and min(button.size) < theme.MIN_TOUCH - 0.5:
            problems.append(f"button {getattr(button, 'text', '')[:30]!r} is "
                            f"{button.width:.0f}x{button.height:.0f} px")
    return problems


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_every_screen_builds_with_readable_text_and_big_targets(make_pilot, size):
    failures = {}
    pilot = None
    for name in SCREENS:
        if pilot is not None:
            pilot.close()
        fake = fake_in(name)
        pilot = make_pilot(fake, size=size)
        app = pilot.app
        if name in OVERLAYS:
            app.screens.get_screen("settings").unlocked = True
            app.open_overlay(name)
        pilot.settle()  # laid out and drawn: sizes are final
        screen = pilot.screen()
        expected = "round" if name == "circles" else name
        assert screen.name == expected, f"{name}: showing {screen.name}"
        assert not screen.errors, f"{name}: {screen.errors}"
        assert pilot.labels(), f"{name}: nothing written on screen"
        problems = check_sizes(pilot)
        if problems:
            failures[name] = problems
        if name == "circles":
            assert min(screen.ids.stop.ids.left.size) >= theme.MIN_TOUCH * 2
    assert app.ui_scale == theme.ui_scale(size)
    assert not failures, failures
