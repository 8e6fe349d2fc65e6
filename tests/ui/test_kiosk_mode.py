"""Guests cannot leave the kiosk: Escape and the close button are refused."""

from kivy.base import EventLoop
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
        pilot.frames(2)  # pacing: a stop that Escape scheduled would run here
        # unlocked, Escape closes the event loop (status "closed", stopping set)
        assert EventLoop.status not in ("stopped", "closed") and not EventLoop.stopping
    finally:
        unlock_window(Window)
    assert not Window.dispatch("on_request_close", source="keyboard")
