"""A label that fires ``on_long_press`` after being held, so staff controls stay out of
players' way without a separate button."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label


class LongPressLabel(ButtonBehavior, Label):
    hold_seconds = NumericProperty(2.0)
    armed = BooleanProperty(True)
    __events__ = ("on_long_press",)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._hold = None

    def on_press(self):
        if self.armed:
            self._hold = Clock.schedule_once(lambda _dt: self.dispatch("on_long_press"),
                                             self.hold_seconds)

    def on_release(self):
        if self._hold is not None:
            self._hold.cancel()
            self._hold = None

    def on_long_press(self):
        """Held for ``hold_seconds``."""
