"""The hand and foot icons of the rulebook's icon table, drawn as pictures.

A hand is a palm with four fingers and a thumb; a foot is a sole with five toes, the
big toe on the inside. Seen from above as they lie on the table, a right hand has its
thumb and a right foot its big toe on the left; "both" draws the pair, left then right.
Drawn with canvas instructions into the current canvas (no texture, no text), so a
card of any size shows them sharply and they cost nothing to cache.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Mesh, RoundedRectangle
from kivy.properties import StringProperty
from kivy.uix.widget import Widget

from kiosk.ui import theme


def _hand(left: bool, x: float, y: float, w: float, h: float) -> None:
    palm_w, palm_h = w * 0.62, h * 0.46
    px = x + (w - palm_w) / 2 + (w * 0.08 if left else -w * 0.08)
    RoundedRectangle(pos=(px, y), size=(palm_w, palm_h), radius=[palm_w * 0.3])
    finger_w = palm_w / 4.6
    for n, length in enumerate((0.38, 0.5, 0.54, 0.44)):
        fx = px + palm_w * 0.04 + n * (palm_w - finger_w - palm_w * 0.08) / 3
        RoundedRectangle(pos=(fx, y + palm_h * 0.6), size=(finger_w, palm_h * 0.4 + h * length),
                         radius=[finger_w / 2])
    # the thumb: a slanted quad leaving the palm on the inner side
    side = 1 if left else -1
    base_x = px + palm_w if left else px
    tip_x = base_x + side * w * 0.2
    t = finger_w * 0.55
    points = [base_x - side * t, y + palm_h * 0.1, tip_x, y + palm_h * 0.75,
              tip_x + side * t * 0.2, y + palm_h * 0.75 + t * 1.4, base_x, y + palm_h * 0.75]
    Mesh(vertices=[v for i in range(0, 8, 2) for v in (points[i], points[i + 1], 0, 0)],
         indices=[0, 1, 2, 0, 2, 3], mode="triangles")


def _foot(left: bool, x: float, y: float, w: float, h: float) -> None:
    sole_w, sole_h = w * 0.58, h * 0.74
    sx = x + (w - sole_w) / 2
    Ellipse(pos=(sx, y), size=(sole_w, sole_h))
    toes = (0.26, 0.2, 0.17, 0.15, 0.13)   # big toe first, from the inside out
    span = sole_w * 1.02
    cx = sx + sole_w / 2 + (span / 2 if left else -span / 2)
    step = span / 5
    for n, size in enumerate(toes):
        d = w * size
        tx = cx - (n + 0.5) * step if left else cx + (n + 0.5) * step
        ty = y + sole_h * 0.86 - n * h * 0.035
        Ellipse(pos=(tx - d / 2, ty), size=(d, d))


def draw_limb(limb: str, side: str, ink, x: float, y: float, width: float,
              height: float) -> None:
    """A hand (``limb="hand"``) or foot icon for ``side`` (left, right, both), centred in
    the box and drawn in ``ink``."""
    Color(*ink)
    draw = _hand if limb == "hand" else _foot
    if side == "both":
        half = width / 2
        w = min(half, height * 0.75)
        draw(True, x + half - w, y, w, height)   # left, with its inside to the middle
        draw(False, x + half, y, w, height)
        return
    w = min(width, height * 0.8)
    draw(side == "left", x + (width - w) / 2, y, w, height)


class LimbStrip(Widget):
    """The icon reference's row of pictures: left, both, right (hands or feet)."""

    limb = StringProperty("hand")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, limb=self._draw)

    def _draw(self, *_) -> None:
        self.canvas.clear()
        step = self.width / 3
        with self.canvas:
            for n, side in enumerate(("left", "both", "right")):
                draw_limb(self.limb, side, theme.TEXT, self.x + n * step + step * 0.1,
                          self.y, step * 0.8, self.height)
