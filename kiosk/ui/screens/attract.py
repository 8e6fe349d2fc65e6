"""The attract loop: what an empty table shows until someone touches it."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen

TIPS = (
    "A team game for 3 to 6 players. Nobody needs to read the rules.",
    "Play cards face down into lanes so every rule on screen is met.",
    "The table reads your cards and judges the Performance for you.",
    "Talk all you like, but never show your cards.",
    "Beat the clock together: the faster you swim, the higher the score.",
)
TIP_SECONDS = 5.0


class AttractScreen(ViewScreen):
    tip = StringProperty(TIPS[0])
    tip_index = NumericProperty(0)
    pulse = NumericProperty(1.0)

    def on_enter(self, *_):
        self._tips = Clock.schedule_interval(self.next_tip, TIP_SECONDS)

    def on_leave(self, *_):
        if getattr(self, "_tips", None) is not None:
            self._tips.cancel()

    def next_tip(self, *_):
        self.tip_index = (self.tip_index + 1) % len(TIPS)
        self.tip = TIPS[self.tip_index]

    def wake(self) -> None:
        self.controller.wake()


theme.load_kv(__file__)
