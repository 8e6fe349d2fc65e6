"""Kivy's environment, set before Kivy is imported: quiet, no argv parsing, the default
config, and (when asked, or when there is no display at all) SDL's offscreen driver."""

from __future__ import annotations

import os
import sys


def prepare(*, headless: bool | None = None, size: tuple[int, int] | None = None) -> None:
    """Call before the first ``import kivy``. ``headless=None`` means: only when no
    display exists (no DISPLAY / WAYLAND_DISPLAY and no DRM device for KMS)."""
    if "kivy" in sys.modules and size is None and headless is None:
        return
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_USE_DEFAULTCONFIG", "1")
    if headless is None:
        headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                        or os.path.exists("/dev/dri/card0") or os.path.exists("/dev/dri/card1"))
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ.setdefault("KIOSK_SOUND", "0")
    if size is not None:
        from kivy.config import Config

        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
        Config.set("input", "mouse", "mouse,disable_multitouch")


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' -> (1280, 800).

    >>> parse_size("800x480")
    (800, 480)
    """
    width, _, height = text.lower().partition("x")
    return int(width), int(height)
