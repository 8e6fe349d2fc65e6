"""Guests cannot leave the kiosk: Escape and the close button are refused."""

import kivy.core.window
from kivy.core.window import Window

from kiosk.ui.kiosk_mode import lock_window, unlock_window


def test_escape_and_close_requests_are_refused_while_locked(make_pilot, monkeypatch):
    from fake_controller import FakeController

    pilot = make_pilot(FakeController())
    closes = []  # what Escape does to an unlocked window: stop the app, close the window
    monkeypatch.setattr(kivy.core.window, "stopTouchApp", lambda: closes.append("stop"))
    monkeypatch.setattr(Window, "close", lambda: closes.append("close"))
    lock_window(Window)
    try:
        # Kivy asks on_request_close before closing on Escape; True means "stay open"
        assert Window.dispatch("on_request_close", source="keyboard") is True
        Window.dispatch("on_keyboard", 27, 41, None, [])
        pilot.frames(2)  # pacing: the app keeps running; nothing to wait for
        assert closes == []
    finally:
        unlock_window(Window)
    assert not Window.dispatch("on_request_close", source="keyboard")
    Window.dispatch("on_keyboard", 27, 41, None, [])
    assert closes == ["stop", "close"]  # unlocked, the same key would have closed it
