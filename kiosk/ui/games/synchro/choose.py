"""Choosing how to play: two players on this screen or against the kiosk (and how
strong), which colour, the set-up, and whether moves may be taken back."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


class SynchroChooseScreen(ViewScreen):
    mode = StringProperty("hotseat")
    level = NumericProperty(1)
    side = StringProperty("white")
    setup = StringProperty("standard")
    casual = BooleanProperty(True)

    def redraw(self, view) -> None:
        p = view.payload
        if p is not None and not getattr(self, "_seeded", False):
            self._seeded = True  # start from the last game's choices
            self.mode, self.level, self.side = p.mode, p.level, p.human
            self.setup, self.casual = p.setup, p.casual

    def opponent(self, mode: str, level: int = 1) -> None:
        self.mode, self.level = mode, level

    def back(self) -> None:
        """Back to the games on offer (nothing was started yet)."""
        self.controller.abandon()

    def start(self) -> None:
        self.controller.act("start", mode=self.mode, level=int(self.level), side=self.side,
                            setup=self.setup, casual=self.casual)


theme.load_kv(__file__)
