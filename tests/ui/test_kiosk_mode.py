"""Guests cannot leave the kiosk: Escape and the close button are refused."""

from kivy.core.window import Window

from kiosk.ui.kiosk_mode import lock_window, unlock_window


def test_escape_and_close_requests_are_refused_while_locked(make_pilot):
    from fake_controller import FakeController

    pilot = make_pilot(FakeController())
    lock_window(Window)
    try:
        # Kivy asks on_request_close before closing on Escape; True means "stay open"
        assert Window.dispatch("on_request_close", source="keyboard") is True
        Window.dispatch("on_keyboard", 27, 41, None, [])
        pilot.frames(2)
        assert pilot.screen() is not None  # still running, still drawing
    finally:
        unlock_window(Window)
    assert not Window.dispatch("on_request_close", source="keyboard")


def test_f1_opens_no_settings_panel(make_pilot):
    """Kivy binds F1 to its settings panel, whose "Kivy" page edits and saves Kivy's
    config: a plugged-in keyboard reached it with no PIN."""
    from fake_controller import FakeController
    from kivy.uix.settings import Settings

    from kiosk.ui.pilot import walk

    pilot = make_pilot(FakeController())
    before = list(Window.children)
    for _ in range(2):  # Kivy's F1 toggles: twice would close what once opened
        Window.dispatch("on_keyboard", 282, 282, None, [])
        pilot.frames(1)
        assert not [w for w in walk(Window) if isinstance(w, Settings)]
        assert Window.children == before
    assert pilot.app._app_settings is None  # not even built, off screen
