"""Kiosk mode: guests cannot leave the app. Escape, Alt+F4 and the window's close
button are refused; staff stop the kiosk from its service (``systemctl stop kiosk``)
or by SSH. The simulated table (a developer's laptop) is left closable."""

from __future__ import annotations


def refuse_close(*_args, **_kwargs) -> bool:
    """``on_request_close`` handler: returning True tells Kivy not to close."""
    return True


def lock_window(window) -> None:
    window.bind(on_request_close=refuse_close)


def unlock_window(window) -> None:
    window.unbind(on_request_close=refuse_close)
