"""The score breakdown: one stacked bar per round (practice, time between practices,
penalties), drawn with Kivy graphics, with the round and its seconds written under it."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.properties import ObjectProperty
from kivy.uix.floatlayout import FloatLayout

from kiosk.i18n import N_, _
from kiosk.ui import theme
from kiosk.ui.widgets.basics import reuse

PARTS = (
    ("practice_seconds", theme.ACCENT, N_("practice")),
    ("between_seconds", (0.45, 0.55, 0.75, 1), N_("between")),
    ("penalty_seconds", theme.BAD, N_("penalties")),
)


def round_total(score_round) -> float:
    return sum(getattr(score_round, attr) for attr, _colour, _words in PARTS)


class ScoreChart(FloatLayout):
    """``rounds`` is a tuple of :class:`~kiosk.table.api.RoundScoreView`."""

    rounds = ObjectProperty(())

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._redraw = Clock.create_trigger(self._draw)
        self.bind(rounds=self._redraw, pos=self._redraw, size=self._redraw)

    def _draw(self, *_args):
        self.canvas.before.clear()
        if not self.rounds or self.width < 100 or self.height < 100:
            reuse(self, 0, None)
            return  # not laid out yet
        scale = App.get_running_app().ui_scale
        label_h = max(theme.MIN_FONT, 20 * scale) * 2.6
        top_h = max(theme.MIN_FONT, 20 * scale) * 1.4
        plot_h = max(1.0, self.height - label_h - top_h)
        tallest = max(round_total(r) for r in self.rounds) or 1.0
        slot = self.width / len(self.rounds)
        bar_w = slot * 0.55
        labels = []  # (text, x, y, width, height)
        with self.canvas.before:
            for index, score_round in enumerate(self.rounds):
                x = self.x + slot * index + (slot - bar_w) / 2
                y = self.y + label_h
                for attr, colour, _words in PARTS:
                    height = plot_h * getattr(score_round, attr) / tallest
                    Color(*colour)
                    Rectangle(pos=(x, y), size=(bar_w, height))
                    y += height
                labels.append((f"{round_total(score_round):.0f} s", x, y, bar_w, top_h))
                retries = "\n" + _("1 retry") if score_round.retries == 1 else (
                    "\n" + _("{count} retries").format(count=score_round.retries)
                    if score_round.retries else "")
                round_name = _("Round {number}").format(number=score_round.round_number)
                labels.append((f"{round_name}{retries}",
                               self.x + slot * index, self.y, slot, label_h))
        # the labels of the last drawing are moved and rewritten, not rebuilt
        for label, (text, x, y, width, height) in zip(reuse(self, len(labels), self._label),
                                                      labels, strict=False):
            label.text = text
            label.size = (width, height)
            label.pos = (x, y)

    def _label(self):
        return Factory.KLabel(font_base=20, size_hint=(None, None))


theme.load_kv(__file__)
