"""A Sync card as players read it from across the table, colour-blind safe.

Every colour comes with a letter and a shape (B circle, Y triangle, G square, gray a
dash), the value is big, and hand/foot icons are drawn as pictures (:mod:`.limbs`);
``icons`` still names them in the rulebook's codes (LH/BH/RH, LF/BF/RF) for tests and
details.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from kiosk.ui import theme
from kiosk.ui.widgets.limbs import draw_limb
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


BACK = (0.05, 0.22, 0.42, 1)
BACK_INK = (0.45, 0.78, 0.95, 1)
MISS = (0.95, 0.16, 0.16, 1)


def draw_card(card, x: float, y: float, width: float, height: float,
              min_font: float) -> list[tuple[str, float]]:
    """One card face into the current canvas, laid out as the printed cards are: the
    colour's shape and letter in the top corner, the big value in the middle, the hand
    icon bottom left and the foot icon bottom right (pictures, :mod:`.limbs`), inside a
    white frame. Returns the texts drawn (``drawn_texts``)."""
    look = face(card)
    radius = width * 0.12
    Color(*look["fill"])
    RoundedRectangle(pos=(x, y), size=(width, height), radius=[radius])
    Color(1, 1, 1, 0.9 if card is not None else 0.25)
    Line(rounded_rectangle=(x, y, width, height, radius), width=max(1.5, width * 0.025))
    if card is None:
        return []
    ink = look["ink"]
    pad = width * 0.08
    ix, iw, ih = x + pad, width - 2 * pad, height - 2 * pad
    top = y + pad + ih * 0.74
    corner = ih * 0.26
    shape_w = min(corner * 0.8, iw * 0.4)
    draw_shape(look["colour"], ink, ix, top + corner * 0.1, shape_w, corner * 0.8)
    letter_x = ix + shape_w + width * 0.04
    texts = [
        stamp(look["letter"], (letter_x, top, ix + iw - letter_x, corner),
              max(min_font, height * 0.19), ink, bold=True, align="left"),
        stamp(look["value"], (ix, y + pad + ih * 0.3, iw, ih * 0.44),
              max(min_font, height * 0.36), ink, bold=True),
    ]
    band = ih * 0.26
    if card.hand:
        draw_limb("hand", card.hand, ink, ix, y + pad, iw * 0.46, band)
    if card.foot:
        draw_limb("foot", card.foot, ink, ix + iw * 0.54, y + pad, iw * 0.46, band)
    return texts


def draw_back(x: float, y: float, width: float, height: float) -> None:
    """A card lying face down: the deck's dark blue back with a ring of waves."""
    radius = width * 0.12
    Color(*BACK)
    RoundedRectangle(pos=(x, y), size=(width, height), radius=[radius])
    Color(*BACK_INK)
    Line(rounded_rectangle=(x + width * 0.08, y + width * 0.08, width * 0.84,
                            height - width * 0.16, radius * 0.7), width=max(1.0, width * 0.02))
    cx, cy = x + width / 2, y + height / 2
    for n in range(3):
        r = width * (0.14 + 0.09 * n)
        Line(circle=(cx, cy, r), width=max(1.0, width * 0.015))


def draw_miss(x: float, y: float, width: float, height: float) -> None:
    """The mark on a card that broke the rule: a red ring around it and a red cross
    badge on its top right corner (shape as well as colour)."""
    ring = max(2.0, width * 0.06)
    Color(*MISS)
    Line(rounded_rectangle=(x + ring / 2, y + ring / 2, width - ring, height - ring,
                            width * 0.1), width=ring * 0.7)   # inside: the seat stays legible
    d = width * 0.38
    bx, by = x + width - d * 0.8, y + height - d * 0.8
    Ellipse(pos=(bx, by), size=(d, d))
    Color(1, 1, 1, 1)
    k = d * 0.26
    Line(points=[bx + k, by + k, bx + d - k, by + d - k], width=max(1.5, d * 0.08))
    Line(points=[bx + k, by + d - k, bx + d - k, by + k], width=max(1.5, d * 0.08))


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
