"""Choosing how to play: two players at this screen, or one against the kiosk at a
level (1 Relaxed, 2 Quick, 3 Sharp). Against the kiosk the player sits at the bottom
(south)."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


class SynapseChooseScreen(ViewScreen):
    mode = StringProperty("hotseat")
    level = NumericProperty(2)

    def redraw(self, view) -> None:
        p = view.payload
        if p is not None and not getattr(self, "_seeded", False):
            self._seeded = True  # start from the last game's choices
            self.mode, self.level = p.mode, p.level

    def opponent(self, mode: str, level: int = 2) -> None:
        self.mode, self.level = mode, level

    def back(self) -> None:
        """Back to the games on offer (nothing was started yet)."""
        self.controller.abandon()

    def start(self) -> None:
        self.controller.act("start", mode=self.mode, level=int(self.level), human="south")


theme.load_kv(__file__)
