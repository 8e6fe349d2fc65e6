"""Shown when the kiosk's configuration cannot be used. Players read a kind sentence
and whom to ask; the problems (file paths and lines, which mean nothing to them) wait
behind "Details for staff"."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


class BrokenScreen(ViewScreen):
    problems = StringProperty("")
    count = NumericProperty(0)
    details = BooleanProperty(False)  # the staff's list is open

    def redraw(self, view) -> None:
        lines = view.problems or ("The kiosk could not start, but did not say why.",)
        self.count = len(lines)
        self.problems = "\n".join(f"- {line}" for line in lines)

    def toggle_details(self) -> None:
        self.details = not self.details

    def on_leave(self, *_):
        self.details = False


theme.load_kv(__file__)
