"""Each seat's readiness around the table: a dot per seat, filled when that swimmer has
pressed their button, with a gold ring and a C on the captain."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui import theme
from kiosk.ui.widgets.basics import reuse


class SeatDot(BoxLayout):
    seat = NumericProperty(0)
    ready = BooleanProperty(False)
    captain = BooleanProperty(False)


class SeatDots(BoxLayout):
    """``seats``, ``ready`` and ``captain`` come straight from the view."""

    seats = ObjectProperty(())
    ready = ObjectProperty(frozenset())
    captain = ObjectProperty(None, allownone=True)

    def on_seats(self, *_):
        dots = reuse(self, len(self.seats), Factory.SeatDot)
        for dot, seat in zip(dots, self.seats, strict=False):
            dot.seat = seat
        self._refresh()

    def on_ready(self, *_):
        self._refresh()

    def on_captain(self, *_):
        self._refresh()

    def _refresh(self) -> None:
        for dot in self.children:
            dot.ready = dot.seat in self.ready
            dot.captain = dot.seat == self.captain


theme.load_kv(__file__)
