"""The round timer, big enough to read across the table: seconds left in a ring that
empties, turning amber then red in the last 5 seconds."""

from __future__ import annotations

import math

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.relativelayout import RelativeLayout

from kiosk.ui import theme

WARN_SECONDS = 10
LAST_SECONDS = 5


def format_seconds(seconds: float) -> str:
    """'0:07' style, rounded up so the display reaches 0 only at time out.

    >>> format_seconds(65.2), format_seconds(0.1), format_seconds(0)
    ('1:06', '0:01', '0:00')
    """
    whole = max(0, math.ceil(seconds - 1e-9))
    return f"{whole // 60}:{whole % 60:02d}"


class BigTimer(RelativeLayout):
    time_left = NumericProperty(0.0)
    total = NumericProperty(20.0)
    text = StringProperty("0:00")
    ring = ListProperty(theme.ACCENT)
    fraction = NumericProperty(1.0)

    def on_time_left(self, *_):
        self._update()

    def on_total(self, *_):
        self._update()

    def _update(self) -> None:
        self.text = format_seconds(self.time_left)
        self.fraction = max(0.0, min(1.0, self.time_left / self.total)) if self.total else 0
        if self.time_left <= LAST_SECONDS:
            self.ring = theme.BAD
        elif self.time_left <= WARN_SECONDS:
            self.ring = theme.WARN
        else:
            self.ring = theme.ACCENT


theme.load_kv(__file__)
