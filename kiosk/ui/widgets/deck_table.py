"""The setup screen's count table: how many cards of each colour and value make the
deck, a row per colour (its shape and letter first) and a column per value.

One widget drawing its own canvas (see :mod:`kiosk.ui.widgets.stamps`) instead of a
grid of 55 labels, 40 of which say "1", "2" or "-".
"""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.widget import Widget

from kiosk.ui import theme
from kiosk.ui.widgets.card import draw_shape
from kiosk.ui.widgets.stamps import sizes, stamp

COLOURS = ("blue", "yellow", "green", "gray")
VALUES = tuple(range(1, 11))
FIRST_COLUMN = 1.8   # its width, in value columns: a shape and a letter


def cell_text(count: int) -> str:
    return str(count) if count else "-"


class DeckTable(Widget):
    counts = ObjectProperty({})   # (colour, value) -> how many cards

    def __init__(self, **kwargs):
        self.drawn_texts: list[tuple[str, float]] = []
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, counts=self._draw)

    def _draw(self, *_) -> None:
        if self.canvas is None:
            return
        scale, min_font, _touch = sizes()
        font = max(min_font, 22 * scale)
        unit = self.width / (len(VALUES) + FIRST_COLUMN)   # the colour column is wider
        first = unit * FIRST_COLUMN
        cell_h = self.height / (len(COLOURS) + 1)
        top = self.top - cell_h
        pad = scale * 4
        texts = []
        self.canvas.clear()
        with self.canvas:
            for col, value in enumerate(VALUES):
                texts.append(stamp(str(value), (self.x + first + col * unit, top, unit, cell_h),
                                   font, theme.TEXT, bold=True))
            for row, colour in enumerate(COLOURS, start=1):
                y = top - row * cell_h
                ink = theme.CARD_COLOURS[colour]
                side = min((first - 2 * pad) / 2, cell_h - 2 * pad)
                draw_shape(colour, ink, self.x + pad, y + pad, side, cell_h - 2 * pad)
                texts.append(stamp(theme.CARD_LETTERS[colour],
                                   (self.x + pad + side, y, first - 2 * pad - side, cell_h),
                                   font, ink, bold=True))
                for col, value in enumerate(VALUES):
                    count = self.counts.get((colour, value), 0)
                    texts.append(stamp(cell_text(count),
                                       (self.x + first + col * unit, y, unit, cell_h), font,
                                       theme.TEXT if count else theme.DIM_TEXT))
        self.drawn_texts = texts
