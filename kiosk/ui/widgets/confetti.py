"""A burst of confetti over the screen, for a team that plays IN SYNC.

One widget, one canvas: a fixed number of paper pieces (a ``Color`` and a ``Rectangle``
each) thrown up from the bottom corners, falling and tumbling. :meth:`step` moves them
by ``dt`` seconds, so the screen that owns the clock drives it (at frame rate, no thread,
no sleep); :meth:`clear` removes them. Pieces never take touches.
"""

from __future__ import annotations

import math
import random

from kivy.graphics import Color, Rectangle
from kivy.uix.widget import Widget

from kiosk.ui import theme

PIECES = 90
GRAVITY = 1.4          # in window heights per second squared
PAPER = (theme.CARD_COLOURS["blue"], theme.CARD_COLOURS["yellow"],
         theme.CARD_COLOURS["green"], (1, 1, 1, 1), (0.95, 0.35, 0.55, 1))


class Confetti(Widget):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pieces: list[list] = []
        self.thrown = 0   # bursts so far (tests read it)

    def on_touch_down(self, touch):
        return False

    def throw(self, seed: int = 7) -> None:
        """Start a burst: half the pieces from each bottom corner, fanning inwards."""
        self.clear()
        self.thrown += 1
        rng = random.Random(seed)
        w, h = self.size
        side = max(6.0, min(w, h) * 0.018)
        with self.canvas:
            for n in range(PIECES):
                left = n % 2 == 0
                angle = math.radians(rng.uniform(55, 80))
                speed = h * rng.uniform(1.1, 1.7)
                vx = speed * math.cos(angle) * (1 if left else -1) * rng.uniform(0.4, 1.0)
                Color(*rng.choice(PAPER))
                rect = Rectangle(pos=(self.x + (0 if left else w), self.y), size=(side, side))
                self._pieces.append([rect, self.x + (0 if left else w), self.y, vx,
                                     speed * math.sin(angle), rng.uniform(4, 12), side])

    def step(self, dt: float) -> None:
        h = self.height
        for piece in self._pieces:
            rect, x, y, vx, vy, spin, side = piece
            vy -= GRAVITY * h * dt
            vx *= 0.985
            x, y = x + vx * dt, y + vy * dt
            piece[1:5] = x, y, vx, max(vy, -h * 0.35)   # paper floats down, it does not drop
            piece[5] = spin
            turn = abs(math.cos(spin * (y / max(1.0, h)) * 6))
            rect.pos = (x, y)
            rect.size = (side * (0.25 + 0.75 * turn), side * 1.4)

    def clear(self) -> None:
        self.canvas.clear()
        self._pieces = []

    @property
    def flying(self) -> bool:
        return bool(self._pieces)
