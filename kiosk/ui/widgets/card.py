"""A Sync card as players read it from across the table, colour-blind safe.

Every colour comes with a letter and a shape (B circle, Y triangle, G square, gray a
dash), the value is big, and hand/foot icons are lettered LH/BH/RH and LF/BF/RF.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from kiosk.ui import theme
from kiosk.ui.widgets.stamps import sizes, stamp


def draw_shape(colour: str, ink, x: float, y: float, width: float, height: float) -> None:
    """The shape that stands for ``colour``, centred in the box, into the current canvas."""
    side = min(width, height)
    x, y = x + (width - side) / 2, y + (height - side) / 2
    shape = theme.CARD_SHAPES.get(colour, "dash")
    Color(*ink)
    if shape == "circle":
        Ellipse(pos=(x, y), size=(side, side))
    elif shape == "triangle":
        points = [x, y, 0, 0, x + side, y, 0, 0, x + side / 2, y + side, 0, 0]
        Mesh(vertices=points, indices=[0, 1, 2], mode="triangles")
    elif shape == "square":
        inset = side * 0.08
        Rectangle(pos=(x + inset, y + inset), size=(side - 2 * inset,) * 2)
    else:
        Line(points=[x, y + side / 2, x + side, y + side / 2], width=side * 0.12)


def face(card) -> dict:
    """What a card face shows: fill and ink colours, the colour letter, value and icons."""
    if card is None:
        return {"fill": theme.PANEL, "ink": (1, 1, 1, 1), "letter": "", "value": "",
                "icons": "", "colour": "gray"}
    fill = theme.CARD_COLOURS.get(card.colour, theme.CARD_COLOURS["gray"])
    codes = []
    if card.hand:
        codes.append(theme.HAND_CODES.get(card.hand, "H"))
    if card.foot:
        codes.append(theme.FOOT_CODES.get(card.foot, "F"))
    return {"fill": fill, "ink": theme.text_on(fill), "colour": card.colour,
            "letter": theme.CARD_LETTERS.get(card.colour, "?"), "value": str(card.value),
            "icons": " ".join(codes)}


def card_width(ui_scale: float, min_touch: float) -> float:
    """A card's width on screen (its height is 1.4 times that)."""
    return max(min_touch, 72 * ui_scale)


def draw_card(card, x: float, y: float, width: float, height: float,
              min_font: float) -> list[tuple[str, float]]:
    """One card face into the current canvas: rounded fill and rim, then a top row with
    the colour's shape and letter, the big value, and the hand/foot codes. Returns the
    texts drawn (``drawn_texts``)."""
    look = face(card)
    Color(*look["fill"])
    RoundedRectangle(pos=(x, y), size=(width, height), radius=[width * 0.12])
    Color(1, 1, 1, 0.9 if card is not None else 0.25)
    Line(rounded_rectangle=(x, y, width, height, width * 0.12), width=1.5)
    if card is None:
        return []
    pad = width * 0.06
    ix, iw, ih = x + pad, width - 2 * pad, height - 2 * pad
    top = y + pad + ih * 0.7
    gap = width * 0.05
    draw_shape(look["colour"], look["ink"], ix, top, (iw - gap) * 0.45, ih * 0.3)
    ink = look["ink"]
    letter_x = ix + (iw - gap) * 0.45 + gap
    return [
        stamp(look["letter"], (letter_x, top, ix + iw - letter_x, ih * 0.3),
              max(min_font, height * 0.2), ink, bold=True),
        stamp(look["value"], (ix, y + pad + ih * 0.25, iw, ih * 0.45),
              max(min_font, height * 0.36), ink, bold=True),
        stamp(look["icons"], (ix, y + pad, iw, ih * 0.25),
              max(min_font, height * 0.15), ink, bold=True),
    ]


class CardWidget(Widget):
    """One card face; ``card`` is a :class:`~kiosk.table.api.CardView` (or None: empty).
    One widget drawing its own canvas: no child widgets, its texts from the shared
    cache (:mod:`kiosk.ui.widgets.stamps`)."""

    card = ObjectProperty(None, allownone=True)
    letter = StringProperty("")
    value = StringProperty("")
    icons = StringProperty("")
    colour_name = StringProperty("gray")

    def __init__(self, **kwargs):
        self.drawn_texts: list[tuple[str, float]] = []
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw)
        self._draw()

    def on_card(self, _widget, card) -> None:
        look = face(card)
        self.letter, self.value, self.icons = look["letter"], look["value"], look["icons"]
        self.colour_name = look["colour"]
        self._draw()

    def _draw(self, *_) -> None:
        if self.canvas is None:  # a property set while the widget is being made
            return
        _scale, min_font, _touch = sizes()
        self.canvas.clear()
        with self.canvas:
            self.drawn_texts = draw_card(self.card, *self.pos, *self.size, min_font)


ICON_WORDS = {
    "hand": {"left": "left hand", "both": "both hands", "right": "right hand"},
    "foot": {"left": "left foot", "both": "both feet", "right": "right foot"},
}


COLOUR_WORDS = {"gray": "grey"}  # the card names' "gray" (a file format), in a sentence


def describe(card) -> str:
    """Words for a card, e.g. 'blue 7, left hand' (for details and the reference)."""
    colour = COLOUR_WORDS.get(card.colour, card.colour)
    words = [f"{colour} {card.value}"]
    if card.hand:
        words.append(ICON_WORDS["hand"].get(card.hand, card.hand))
    if card.foot:
        words.append(ICON_WORDS["foot"].get(card.foot, card.foot))
    return ", ".join(words)


theme.load_kv(__file__)
