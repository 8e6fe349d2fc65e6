"""A lane's number in a disc: gray while its cards lie face down, then green with a tick
or red with a cross (a shape as well as a colour). Stamped, so the number costs no
label and no new texture on the verdict's first frame."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line
from kivy.properties import NumericProperty, OptionProperty
from kivy.uix.widget import Widget

from kiosk.ui import theme
from kiosk.ui.widgets.stamps import sizes, stamp

WAITING = (0.30, 0.38, 0.48, 1)


class LaneBadge(Widget):
    number = NumericProperty(0)
    state = OptionProperty("waiting", options=("waiting", "met", "missed"))

    def __init__(self, **kwargs):
        self.drawn_texts: list[tuple[str, float]] = []
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, number=self._draw, state=self._draw)

    def _draw(self, *_) -> None:
        if self.canvas is None:
            return
        _scale, min_font, _touch = sizes()
        d = min(self.width, self.height)
        x, y = self.x, self.y + (self.height - d) / 2
        self.canvas.clear()
        with self.canvas:
            Color(*{"waiting": WAITING, "met": theme.GOOD, "missed": theme.BAD}[self.state])
            Ellipse(pos=(x, y), size=(d, d))
            self.drawn_texts = [stamp(str(self.number), (x, y, d, d),
                                      max(min_font, d * 0.5), theme.TEXT, bold=True)]
            if self.state == "waiting":
                return
            # the mark sits on the disc's lower right, on a dark ring
            m = d * 0.46
            mx, my = x + d - m * 0.75, y - m * 0.2
            Color(*theme.BACKGROUND)
            Ellipse(pos=(mx - 2, my - 2), size=(m + 4, m + 4))
            Color(*(theme.GOOD if self.state == "met" else theme.BAD))
            Ellipse(pos=(mx, my), size=(m, m))
            Color(1, 1, 1, 1)
            width = max(1.5, m * 0.1)
            if self.state == "met":
                Line(points=[mx + m * 0.25, my + m * 0.5, mx + m * 0.43, my + m * 0.3,
                             mx + m * 0.75, my + m * 0.7], width=width)
            else:
                k = m * 0.3
                Line(points=[mx + k, my + k, mx + m - k, my + m - k], width=width)
                Line(points=[mx + k, my + m - k, mx + m - k, my + k], width=width)
