"""One swimmer in a lane of the Performance: "Seat 2" over the cards they played, which
lie face down until the lane is revealed and then turn over (``turn`` 0 -> 1); once
turned, the block is tinted green or red and every card that broke the rule wears a
red ring and cross (:func:`~kiosk.ui.widgets.card.draw_miss`).

One widget drawing its own canvas (see :mod:`kiosk.ui.widgets.stamps`): a lane of six
swimmers with two cards each was about 90 widgets, now it is six. While a card turns,
each frame only changes one ``Scale`` per card (its width squeezed to the edge and
opened again); the canvas is rebuilt only when the cards show their other side.
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Line, PopMatrix, PushMatrix, RoundedRectangle, Scale
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from kiosk.ui import theme
from kiosk.ui.widgets.card import card_width, draw_back, draw_card, draw_miss
from kiosk.ui.widgets.stamps import sizes, stamp

WAITING = (0.06, 0.17, 0.30, 1)
MET = (0.08, 0.32, 0.18, 1)
MISSED = (0.42, 0.09, 0.09, 1)
NO_CARD = -1   # in ``blamed``: the empty place of a swimmer who had to play a card


def heading(seat: int) -> str:
    return f"Seat {seat}"


def squeeze(turn: float) -> float:
    """How wide a turning card looks: full face down (0), edge on (0.5), full face up (1)."""
    return max(0.02, abs(math.cos(math.pi * min(1.0, max(0.0, turn)))))


class SwimmerBlock(Widget):
    seat = NumericProperty(0)
    passed = BooleanProperty(True)
    cards = ObjectProperty(())   # CardViews, in the order they lie in the lane
    blamed = ObjectProperty(())  # indices into ``cards`` that broke the rule (NO_CARD)
    turn = NumericProperty(1.0)  # 0 face down .. 1 face up
    card_w = NumericProperty(0)  # 0: the theme's card width

    def __init__(self, **kwargs):
        self.drawn_texts: list[tuple[str, float]] = []
        self._scales: list[Scale] = []
        self._face_up: bool | None = None
        self._landed: bool | None = None
        self._holding = False
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, seat=self._draw, passed=self._draw,
                  cards=self._draw, blamed=self._draw, card_w=self._draw, turn=self._turned)

    @staticmethod
    def needed_width(ui_scale: float, card_w: float, count: int) -> float:
        """Room for ``count`` cards side by side (one slot for "no card")."""
        count = max(1, count)
        return ui_scale * 12 + count * card_w + (count - 1) * ui_scale * 6

    def show(self, **values) -> None:
        """Set several properties and draw once (each one set alone redraws the block:
        a verdict sets six on every block of every lane in the stop's first frame)."""
        self._holding = True
        try:
            for name, value in values.items():
                setattr(self, name, value)
        finally:
            self._holding = False
        self._draw()

    def _turned(self, *_) -> None:
        if self._holding:
            return
        if (self.turn >= 0.5) != self._face_up or (self.turn >= 1) != self._landed:
            self._draw()
            return
        for scale in self._scales:
            scale.x = squeeze(self.turn)

    def _draw(self, *_) -> None:
        if self.canvas is None or self._holding:  # being made, or in :meth:`show`
            return
        scale, min_font, min_touch = sizes()
        pad, gap = scale * 6, scale * 6
        card_w = self.card_w or card_width(scale, min_touch)
        font = max(min_font, 20 * scale)
        x, y, width, height = *self.pos, *self.size
        face_up = self.turn >= 0.5
        done = self.turn >= 1
        self._face_up, self._landed = face_up, done
        self._scales = []
        texts = []
        self.canvas.clear()
        with self.canvas:
            Color(*(WAITING if not done else MET if self.passed else MISSED))
            RoundedRectangle(pos=self.pos, size=self.size, radius=[scale * 10])
            head_h = font * 1.3
            texts.append(stamp(heading(self.seat),
                               (x + pad, y + height - pad - head_h, width - 2 * pad, head_h),
                               font, theme.TEXT, bold=True))
            card_h = min(card_w * 1.4, max(0.0, height - 3 * pad - head_h))
            slots = max(1, len(self.cards))
            left = x + (width - slots * card_w - (slots - 1) * gap) / 2
            if not self.cards:
                Color(1, 1, 1, 0.35)
                Line(rounded_rectangle=(left, y + pad, card_w, card_h, card_w * 0.12),
                     width=1, dash_length=6, dash_offset=4)
            for n, card in enumerate(self.cards):
                cx = left + n * (card_w + gap)
                PushMatrix()
                self._scales.append(Scale(x=squeeze(self.turn), y=1, z=1,
                                          origin=(cx + card_w / 2, y + pad + card_h / 2, 0)))
                if face_up:
                    texts += draw_card(card, cx, y + pad, card_w, card_h, min_font)
                else:
                    draw_back(cx, y + pad, card_w, card_h)
                PopMatrix()
            if done and not self.passed:
                for n in self.blamed:
                    slot = 0 if n == NO_CARD else n
                    draw_miss(left + slot * (card_w + gap), y + pad, card_w, card_h)
        self.drawn_texts = texts
