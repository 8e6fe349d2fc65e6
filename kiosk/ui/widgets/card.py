"""A Sync card as players read it from across the table, colour-blind safe.

Every colour comes with a letter and a shape (B circle, Y triangle, G square, gray a
dash), the value is big, and hand/foot icons are lettered LH/BH/RH and LF/BF/RF.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from kiosk.ui import theme


class ColourShape(Widget):
    """The shape that stands for a colour, so the colour never carries meaning alone."""

    colour = StringProperty("gray")
    ink = ListProperty([1, 1, 1, 1])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, colour=self._draw, ink=self._draw)

    def _draw(self, *_):
        self.canvas.clear()
        side = min(self.width, self.height)
        x = self.center_x - side / 2
        y = self.center_y - side / 2
        shape = theme.CARD_SHAPES.get(self.colour, "dash")
        with self.canvas:
            Color(*self.ink)
            if shape == "circle":
                Ellipse(pos=(x, y), size=(side, side))
            elif shape == "triangle":
                points = [x, y, 0, 0, x + side, y, 0, 0, x + side / 2, y + side, 0, 0]
                Mesh(vertices=points, indices=[0, 1, 2], mode="triangles")
            elif shape == "square":
                inset = side * 0.08
                Rectangle(pos=(x + inset, y + inset), size=(side - 2 * inset,) * 2)
            else:
                Line(points=[x, self.center_y, x + side, self.center_y], width=side * 0.12)


class CardWidget(BoxLayout):
    """One card face; ``card`` is a :class:`~kiosk.table.api.CardView` (or None: empty)."""

    card = ObjectProperty(None, allownone=True)
    fill = ListProperty(theme.CARD_COLOURS["gray"])
    ink = ListProperty([1, 1, 1, 1])
    letter = StringProperty("")
    value = StringProperty("")
    icons = StringProperty("")
    colour_name = StringProperty("gray")

    def on_card(self, _widget, card) -> None:
        if card is None:
            self.letter = self.value = self.icons = ""
            self.fill = theme.PANEL
            return
        self.colour_name = card.colour
        self.fill = theme.CARD_COLOURS.get(card.colour, theme.CARD_COLOURS["gray"])
        self.ink = theme.text_on(self.fill)
        self.letter = theme.CARD_LETTERS.get(card.colour, "?")
        self.value = str(card.value)
        codes = []
        if card.hand:
            codes.append(theme.HAND_CODES.get(card.hand, "H"))
        if card.foot:
            codes.append(theme.FOOT_CODES.get(card.foot, "F"))
        self.icons = " ".join(codes)


ICON_WORDS = {
    "hand": {"left": "left hand", "both": "both hands", "right": "right hand"},
    "foot": {"left": "left foot", "both": "both feet", "right": "right foot"},
}


def describe(card) -> str:
    """Words for a card, e.g. 'blue 7, left hand' (for details and the reference)."""
    words = [f"{card.colour} {card.value}"]
    if card.hand:
        words.append(ICON_WORDS["hand"].get(card.hand, card.hand))
    if card.foot:
        words.append(ICON_WORDS["foot"].get(card.foot, card.foot))
    return ", ".join(words)


theme.load_kv(__file__)
