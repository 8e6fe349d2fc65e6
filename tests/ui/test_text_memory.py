"""Labels keep their GL texture only: the SDL surface their text was drawn into is let go
once its pixels are uploaded (kiosk.ui.text_memory), and a new text still draws."""

from __future__ import annotations

from fake_controller import FakeController


def test_a_drawn_label_keeps_no_text_surface_and_still_redraws(make_pilot):
    from kiosk.ui.widgets.basics import KLabel

    pilot = make_pilot(FakeController())
    label = KLabel(text="IN SYNC", size_hint=(None, None), size=(400, 80))
    pilot.screen().add_widget(label)
    try:
        pilot.until(lambda: label.texture_size[0] > 1)  # drawn
        first = label.texture_size[0]
        assert label.texture is not None
        assert getattr(label._label, "_surface", None) is None
        label.text = "NOT IN SYNC, seat 3 played nothing"
        label.width = 900
        pilot.until(lambda: label.texture_size[0] > first)  # redrawn with the long text
        assert getattr(label._label, "_surface", None) is None
    finally:
        pilot.screen().remove_widget(label)


def test_fingers_dispatch_touches_without_the_kivy_test_module(make_pilot):
    from kiosk.ui import pilot as pilot_module

    assert "kivy.tests" not in pilot_module.__dict__
    pilot = make_pilot(FakeController())
    wake = pilot.screen().ids.wake
    seen = []
    wake.bind(on_touch_down=lambda _w, touch: seen.append(type(touch).__name__))
    pilot.tap(wake)
    assert seen and seen[0] == "Finger"
