"""One swimmer in a lane of the Performance: "Seat 2" over the cards they played (or
"no card"), on green when they met the lane's element and red when they did not.

One widget drawing its own canvas (see :mod:`kiosk.ui.widgets.stamps`): a lane of six
swimmers with two cards each was about 90 widgets, now it is six.
"""

from __future__ import annotations

from kivy.graphics import Color, RoundedRectangle
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from kiosk.i18n import _, pgettext
from kiosk.ui import theme
from kiosk.ui.widgets.card import card_width, draw_card
from kiosk.ui.widgets.stamps import sizes, stamp

MET = (0.1, 0.35, 0.2, 1)
MISSED = (0.45, 0.1, 0.1, 1)


def heading(seat: int, passed: bool) -> str:
    return _("Seat {seat}").format(seat=seat) + ("" if passed else "  X")


class SwimmerBlock(Widget):
    seat = NumericProperty(0)
    passed = BooleanProperty(True)
    cards = ObjectProperty(())   # CardViews, in the order they lie in the lane

    def __init__(self, **kwargs):
        self.drawn_texts: list[tuple[str, float]] = []
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, seat=self._draw, passed=self._draw,
                  cards=self._draw)

    @staticmethod
    def needed_width(ui_scale: float, min_touch: float, count: int) -> float:
        """Room for ``count`` cards side by side (one slot for "no card")."""
        count = max(1, count)
        return max(min_touch * 1.6, ui_scale * 8 + count * card_width(ui_scale, min_touch)
                   + (count - 1) * ui_scale * 4)

    def _draw(self, *_args) -> None:
        if self.canvas is None:  # a property set while the widget is being made
            return
        scale, min_font, min_touch = sizes()
        pad, gap = scale * 4, scale * 4
        card_w = card_width(scale, min_touch)
        font = max(min_font, 20 * scale)
        x, y, width, height = *self.pos, *self.size
        texts = []
        self.canvas.clear()
        with self.canvas:
            Color(*(MET if self.passed else MISSED))
            RoundedRectangle(pos=self.pos, size=self.size, radius=[scale * 8])
            head_h = font * 1.3
            texts.append(stamp(heading(self.seat, self.passed),
                               (x + pad, y + height - pad - head_h, width - 2 * pad, head_h),
                               font, theme.TEXT, bold=True))
            card_h = min(card_w * 1.4, max(0.0, height - 2 * pad - head_h))
            if not self.cards:
                nothing = pgettext("swimmer block", "no card")
                texts.append(stamp(nothing, (x + pad, y + pad, width - 2 * pad, card_h),
                                   font, theme.TEXT))
            for n, card in enumerate(self.cards):
                texts += draw_card(card, x + pad + n * (card_w + gap), y + pad,
                                   card_w, card_h, min_font)
        self.drawn_texts = texts
