"""Drawing Synchro's board and pieces on a canvas.

A piece is read by shape, fill and number, never by colour alone: Lumps are round,
Blobs rounded squares, Things diamonds; white's pieces are light with a dark ring,
black's dark with a light ring; the number is written on every piece. Vantage Points
carry a gold ring, Castles a crenellated tower; the last move is tinted, the selection
outlined, a lit destination is a green dot (a red ring when it captures) and the
partner piece's destinations are amber.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.widget import Widget

from kiosk.table.games.synchro.view import CASTLE_OF, KINDS, VANTAGE
from kiosk.ui.widgets.stamps import sizes, stamp

FILES = "abcdefghi"
LIGHT = (0.80, 0.86, 0.90, 1)
DARK = (0.55, 0.66, 0.74, 1)
VANTAGE_RING = (0.95, 0.72, 0.10, 1)
CASTLE_FILL = (0.55, 0.40, 0.28, 1)
LAST_TINT = (1.0, 0.92, 0.30, 0.45)
SELECTED = (0.0, 0.85, 1.0, 1)
TARGET = (0.10, 0.75, 0.30, 0.95)
PARTNER = (1.0, 0.55, 0.05, 0.95)
CAPTURE = (0.90, 0.15, 0.15, 1)
FILL = {"white": (0.97, 0.96, 0.90, 1), "black": (0.13, 0.13, 0.16, 1)}
RING = {"white": (0.10, 0.10, 0.12, 1), "black": (0.95, 0.95, 0.95, 1)}
INK = {"white": (0.05, 0.05, 0.08, 1), "black": (1, 1, 1, 1)}


def draw_piece(side: str, number: int, x: float, y: float, size: float,
               font: float) -> tuple[str, float]:
    """One piece in the box (x, y, size, size); returns the stamped number."""
    kind = KINDS[number]
    pad = size * 0.1
    px, py, s = x + pad, y + pad, size - 2 * pad
    ring = max(1.5, size * 0.05)
    Color(*FILL[side])
    if kind == "lump":
        Ellipse(pos=(px, py), size=(s, s))
        Color(*RING[side])
        Line(ellipse=(px, py, s, s), width=ring)
    elif kind == "blob":
        radius = s * 0.22
        RoundedRectangle(pos=(px, py), size=(s, s), radius=[radius])
        Color(*RING[side])
        Line(rounded_rectangle=(px, py, s, s, radius), width=ring)
    else:
        cx, cy, h = px + s / 2, py + s / 2, s / 2
        points = [cx, cy + h, cx + h, cy, cx, cy - h, cx - h, cy]
        Mesh(vertices=[cx, cy + h, 0, 0, cx + h, cy, 0, 0, cx, cy - h, 0, 0,
                       cx - h, cy, 0, 0], indices=[0, 1, 2, 3], mode="triangle_fan")
        Color(*RING[side])
        Line(points=points, width=ring, close=True)
    return stamp(str(number), (x, y, size, size), font, INK[side], bold=True)


class SynchroBoard(Widget):
    """The 9×9 board, as large as its box allows. ``state`` is a dict with ``pieces``
    (PieceView), ``last`` (MoveView or None), ``selected``, ``partner``, ``targets``,
    ``partner_targets``, ``captures`` (squares); ``flipped`` puts black at the bottom.
    ``on_square(square)`` is called for a touch on a square."""

    state = ObjectProperty(None, allownone=True)
    flipped = BooleanProperty(False)
    on_square = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.drawn_texts: list[tuple[str, float]] = []
        self.bind(pos=self.draw, size=self.draw, state=self.draw, flipped=self.draw)

    @property
    def cell(self) -> float:
        return min(self.width, self.height) / 9

    @property
    def origin(self) -> tuple[float, float]:
        side = self.cell * 9
        return self.x + (self.width - side) / 2, self.y + (self.height - side) / 2

    def square_box(self, square: str) -> tuple[float, float, float, float]:
        col, row = FILES.index(square[0]), int(square[1:]) - 1
        if self.flipped:
            col, row = 8 - col, 8 - row
        ox, oy = self.origin
        return ox + col * self.cell, oy + row * self.cell, self.cell, self.cell

    def square_center(self, square: str) -> tuple[float, float]:
        x, y, w, h = self.square_box(square)
        return x + w / 2, y + h / 2

    def square_at(self, x: float, y: float) -> str | None:
        ox, oy = self.origin
        col, row = int((x - ox) // self.cell), int((y - oy) // self.cell)
        if not (0 <= col < 9 and 0 <= row < 9):
            return None
        if self.flipped:
            col, row = 8 - col, 8 - row
        return f"{FILES[col]}{row + 1}"

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        square = self.square_at(*touch.pos)
        if square is not None and self.on_square is not None:
            self.on_square(square)
        return True

    def draw(self, *_):
        state = self.state or {}
        scale, min_font, _touch = sizes()
        cell = self.cell
        font = max(min_font, cell * 0.42)
        texts: list[tuple[str, float]] = []
        self.canvas.clear()
        with self.canvas:
            for rank in range(1, 10):
                for file in FILES:
                    square = f"{file}{rank}"
                    x, y, w, h = self.square_box(square)
                    dark = (FILES.index(file) + rank) % 2 == 0
                    Color(*(DARK if dark else LIGHT))
                    Rectangle(pos=(x, y), size=(w, h))
                    if square in CASTLE_OF.values():
                        self._castle(x, y, w)
                    if square in VANTAGE:
                        Color(*VANTAGE_RING)
                        Line(ellipse=(x + w * 0.06, y + w * 0.06, w * 0.88, w * 0.88),
                             width=max(2.0, w * 0.06))
            last = state.get("last")
            if last is not None:
                for square in {s for step in last.steps for s in step} | (
                        {last.swap} if last.swap else set()):
                    x, y, w, h = self.square_box(square)
                    Color(*LAST_TINT)
                    Rectangle(pos=(x, y), size=(w, h))
            for piece in state.get("pieces", ()):
                x, y, w, h = self.square_box(piece.square)
                texts.append(draw_piece(piece.side, piece.number, x, y, w, font))
            for key, colour in (("selected", SELECTED), ("partner", PARTNER)):
                square = state.get(key)
                if square:
                    x, y, w, h = self.square_box(square)
                    Color(*colour)
                    Line(rectangle=(x + 2, y + 2, w - 4, h - 4), width=max(2.5, w * 0.07))
            taking = set(state.get("captures", ()))
            for key, colour in (("targets", TARGET), ("partner_targets", PARTNER)):
                for square in state.get(key, ()):
                    x, y, w, h = self.square_box(square)
                    if square in taking:
                        Color(*CAPTURE)
                        Line(ellipse=(x + w * 0.04, y + w * 0.04, w * 0.92, w * 0.92),
                             width=max(3.0, w * 0.08))
                    Color(*colour)
                    d = w * (0.38 if key == "targets" else 0.30)
                    Ellipse(pos=(x + (w - d) / 2, y + (h - d) / 2), size=(d, d))
            Color(0.02, 0.05, 0.10, 1)
            ox, oy = self.origin
            Line(rectangle=(ox, oy, cell * 9, cell * 9), width=max(1.5, scale * 2))
        self.drawn_texts = texts

    def _castle(self, x: float, y: float, w: float) -> None:
        Color(*CASTLE_FILL)
        Rectangle(pos=(x, y), size=(w, w))
        Color(0.95, 0.88, 0.70, 1)
        # a tower: a wall with three merlons, drawn as an outline
        m = w * 0.18
        top = y + w * 0.78
        points = [x + m, y + m, x + w - m, y + m, x + w - m, top]
        step = (w - 2 * m) / 5
        for i in range(5):
            hx = x + w - m - i * step
            high = top + (w * 0.1 if i % 2 == 0 else 0)
            points += [hx, high, hx - step, high]
        points += [x + m, top]
        Line(points=points, width=max(1.5, w * 0.04), close=True)


class SynchroLost(Widget):
    """A row of small pieces: one side's pieces the other side has taken."""

    side = ObjectProperty("white")
    numbers = ObjectProperty(())

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.drawn_texts: list[tuple[str, float]] = []
        self.bind(pos=self.draw, size=self.draw, numbers=self.draw, side=self.draw)

    def draw(self, *_):
        _scale, min_font, _touch = sizes()
        self.canvas.clear()
        texts = []
        numbers = tuple(self.numbers)
        if numbers:
            per_row = max(1, int(self.width // max(1.0, min_font * 2.2)))
            size = min(self.width / per_row, self.height / ((len(numbers) - 1) // per_row + 1))
            with self.canvas:
                for i, number in enumerate(numbers):
                    row, col = divmod(i, per_row)
                    texts.append(draw_piece(self.side, number, self.x + col * size,
                                            self.top - (row + 1) * size, size,
                                            max(min_font, size * 0.45)))
        self.drawn_texts = texts
