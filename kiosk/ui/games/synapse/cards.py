"""A Synapse card drawn with canvas instructions: a widget per card, drawn once in its
own coordinates (0..size) into a texture of its own (an ``Fbo``), shown as one
rectangle moved and turned by a ``Translate``/``Rotate`` pair, so a drag changes two
numbers a frame, rebuilds nothing, and a frame is one draw per card.

What a card shows (readable without colour vision: every colour is also a shape or a
brightness):

- an icon edge: 1-4 copies of its shape (star, circle, square, triangle) in its colour
  (black, white, gray: three brightnesses, each outlined) along that edge;
- a blank edge: a short thin dash;
- a wild's marked edge: a zigzag, and "WILD" in the middle ("W" on a small card);
- a line card: a double-headed arrow along its line;
- a double: its icons and "×2" in the middle;
- a block: a thick cross;
- the start card: gray icons and a ring in the middle.

The owner shows as the card's ground (north light blue, south light amber, the start
card pale green) and a darker border of the same hue.
"""

from __future__ import annotations

import math

from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    Line,
    Mesh,
    PopMatrix,
    PushMatrix,
    Rectangle,
    Rotate,
    RoundedRectangle,
    Translate,
    Triangle,
)
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from kiosk.ui.widgets.stamps import CACHE, sizes, stamp

GROUND = {"north": (0.72, 0.82, 0.98, 1), "south": (0.98, 0.86, 0.62, 1),
          "": (0.80, 0.87, 0.80, 1)}
BORDER = {"north": (0.12, 0.30, 0.80, 1), "south": (0.80, 0.45, 0.02, 1),
          "": (0.35, 0.45, 0.35, 1)}
ICON = {"black": (0.07, 0.07, 0.08, 1), "white": (1, 1, 1, 1), "gray": (0.55, 0.56, 0.58, 1)}
INK = (0.08, 0.08, 0.10, 1)
OUTLINE = (0.08, 0.08, 0.10, 1)
WHITE_OUTLINE = (0.95, 0.95, 0.95, 1)


def parse_icon(text: str) -> tuple[int, str, str] | None:
    """``"3 black triangle"`` -> (3, "black", "triangle"); None for anything else."""
    words = text.split()
    if len(words) != 3 or not words[0].isdigit():
        return None
    return int(words[0]), words[1], words[2]


def _star_points(cx: float, cy: float, r: float) -> list[float]:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / 5
        points += [cx + radius * math.cos(a), cy + radius * math.sin(a)]
    return points


def draw_shape(shape: str, colour: str, cx: float, cy: float, r: float) -> None:
    """One icon centred on (cx, cy), radius ``r``, filled and outlined."""
    Color(*ICON.get(colour, ICON["gray"]))
    outline = WHITE_OUTLINE if colour == "black" else OUTLINE
    width = max(1.0, r * 0.16)
    if shape == "circle":
        Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        Color(*outline)
        Line(circle=(cx, cy, r), width=width)
    elif shape == "square":
        side = r * 0.85
        Rectangle(pos=(cx - side, cy - side), size=(2 * side, 2 * side))
        Color(*outline)
        Line(rectangle=(cx - side, cy - side, 2 * side, 2 * side), width=width)
    elif shape == "triangle":
        points = [cx - r, cy - r * 0.8, cx + r, cy - r * 0.8, cx, cy + r]
        Triangle(points=points)
        Color(*outline)
        Line(points=points, close=True, width=width)
    else:  # star
        outer = _star_points(cx, cy, r * 1.15)
        vertices = [cx, cy, 0, 0]
        for i in range(0, len(outer), 2):
            vertices += [outer[i], outer[i + 1], 0, 0]
        vertices += [outer[0], outer[1], 0, 0]
        Mesh(vertices=vertices, indices=list(range(len(vertices) // 4)), mode="triangle_fan")
        Color(*outline)
        Line(points=outer, close=True, width=width)


# Where an edge's icons go, on a card of side 1: the middle of the band along the edge
# and the direction the icons are spaced in.
EDGE_BANDS = {0: ((0.5, 0.85), (1, 0)), 1: ((0.85, 0.5), (0, 1)),
              2: ((0.5, 0.15), (1, 0)), 3: ((0.15, 0.5), (0, 1))}


def draw_edge(edge: str, direction: int, s: float) -> None:
    (mx, my), (dx, dy) = EDGE_BANDS[direction]
    if edge == "mark":
        Color(*INK)
        points = []
        for k in range(7):
            t = -0.3 + k * 0.1
            wobble = 0.05 if k % 2 else -0.05  # across the edge: (dy, dx)
            points += [(mx + dx * t + dy * wobble) * s, (my + dy * t + dx * wobble) * s]
        Line(points=points, width=max(1.5, s * 0.025))
        return
    icon = parse_icon(edge)
    if icon is None:  # blank: a short dash
        Color(0.2, 0.2, 0.25, 0.45)
        Line(points=[(mx - dx * 0.12) * s, (my - dy * 0.12) * s,
                     (mx + dx * 0.12) * s, (my + dy * 0.12) * s], width=max(1.0, s * 0.012))
        return
    number, colour, shape = icon
    step, r = 0.17 * s, 0.065 * s
    for k in range(number):
        t = (k - (number - 1) / 2) * step
        draw_shape(shape, colour, mx * s + dx * t, my * s + dy * t, r)


def draw_arrows(arrows: tuple[int, ...], s: float) -> None:
    """A line card: a thick line from the centre to each edge it points at, headed."""
    Color(*INK)
    c = s / 2
    for d in arrows:
        dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[d % 4]
        tip = (c + dx * s * 0.40, c + dy * s * 0.40)
        Line(points=[c, c, *tip], width=max(2.0, s * 0.05))
        back, side = s * 0.14, s * 0.11
        Triangle(points=[tip[0] + dx * s * 0.04, tip[1] + dy * s * 0.04,
                         tip[0] - dx * back + dy * side, tip[1] - dy * back + dx * side,
                         tip[0] - dx * back - dy * side, tip[1] - dy * back - dx * side])


def draw_card(card, s: float) -> list[tuple[str, float]]:
    """Draw ``card`` (a CardView) into the current canvas on (0, 0, s, s); returns the
    texts it stamped, for ``drawn_texts``."""
    texts = []
    owner = card.owner if card.owner in GROUND else ""
    pad = s * 0.03
    Color(*BORDER[owner])
    RoundedRectangle(pos=(pad, pad), size=(s - 2 * pad, s - 2 * pad), radius=[s * 0.08])
    inset = pad + max(2.0, s * 0.035)
    Color(*GROUND[owner])
    if card.kind == "block":
        Color(0.22, 0.22, 0.25, 1)
    RoundedRectangle(pos=(inset, inset), size=(s - 2 * inset, s - 2 * inset),
                     radius=[s * 0.06])
    _, min_font, _ = sizes()
    font = max(min_font, s * 0.22)
    if card.kind == "block":
        Color(0.95, 0.95, 0.95, 1)
        a, b = s * 0.25, s * 0.75
        Line(points=[a, a, b, b], width=max(3.0, s * 0.07))
        Line(points=[a, b, b, a], width=max(3.0, s * 0.07))
    elif card.kind == "line":
        draw_arrows(tuple(card.arrows), s)
    else:
        for direction, edge in enumerate(card.edges):
            draw_edge(edge, direction, s)
        if card.kind == "double":
            texts.append(stamp("×2", (s * 0.28, s * 0.3, s * 0.44, s * 0.4), font, INK,
                               bold=True))
        elif card.kind == "wild":
            small = max(min_font, s * 0.16)
            word = "WILD" if CACHE.texture("WILD", small, True).width <= s * 0.56 else "W"
            texts.append(stamp(word, (s * 0.22, s * 0.3, s * 0.56, s * 0.4), small, INK,
                               bold=True))
        elif card.kind == "start":
            Color(*INK)
            Line(circle=(s / 2, s / 2, s * 0.12), width=max(1.5, s * 0.03))
    return texts


class SynapseCard(Widget):
    """One card: ``card`` (a CardView), ``angle`` (clockwise degrees it is shown
    turned), ``dim`` (the kiosk's hand, a card just refused). Moving the widget moves the
    drawing; changing ``card`` or the size redraws it."""

    card = ObjectProperty(None, allownone=True)
    angle = NumericProperty(0)
    dim = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.drawn_texts: list[tuple[str, float]] = []
        self.slot: tuple[float, float] | None = None  # where it rests in a hand
        self._fbo = None
        with self.canvas.before:
            PushMatrix()
            self._move = Translate(0, 0)
            self._turn = Rotate(angle=0, origin=(0, 0))
        with self.canvas.after:
            self._shade_colour = Color(0.02, 0.09, 0.18, 0)
            self._shade = Rectangle(pos=(0, 0), size=(0, 0))
            PopMatrix()
        self.bind(pos=self._moved, angle=self._moved, card=self._redraw, size=self._redraw,
                  dim=self._dimmed)

    def _moved(self, *_):
        self._move.xy = self.pos
        self._turn.origin = (self.width / 2, self.height / 2)
        self._turn.angle = -self.angle  # Kivy turns anticlockwise

    def _dimmed(self, *_):
        self._shade_colour.a = self.dim
        self._shade.size = self.size

    def _redraw(self, *_):
        """Draw the card once into a texture of its own (a card is up to ~70
        instructions; as one textured rectangle a frame of 70 cards is 70 draws)."""
        self.canvas.clear()
        self._fbo = None
        if self.card is None or self.width <= 1:
            self.drawn_texts = []
            return
        side = max(1, int(round(self.width)))
        self._fbo = fbo = Fbo(size=(side, side))
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            self.drawn_texts = draw_card(self.card, side)
        fbo.draw()
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=fbo.texture, pos=(0, 0), size=(side, side))
        self._moved()
        self._dimmed()
