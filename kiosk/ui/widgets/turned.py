"""A holder drawn and touched upside down for the player across the table (Synchro's
and Synapse's far player, a seat box across the table)."""

from __future__ import annotations

import math

from kivy.graphics.transformation import Matrix
from kivy.properties import BooleanProperty
from kivy.uix.scatterlayout import ScatterLayout
from kivy.uix.widget import Widget


class Turned(Widget):
    """Holds one child laid out to its own box, turned 180° when ``turned`` (a Scatter:
    touches turn with it)."""

    turned = BooleanProperty(False)

    def __init__(self, **kwargs):
        self.scatter = ScatterLayout(do_rotation=False, do_scale=False,
                                     do_translation=False, auto_bring_to_front=False)
        super().__init__(**kwargs)
        super().add_widget(self.scatter)
        self.bind(pos=self._place, size=self._place, turned=self._place)

    def add_widget(self, widget, *args, **kwargs):
        if getattr(self, "scatter", None) is None or widget is self.scatter:
            return super().add_widget(widget, *args, **kwargs)
        return self.scatter.add_widget(widget, *args, **kwargs)

    def _place(self, *_):
        """Set the transform outright (the Scatter's ``center`` setter may compare with
        a stale bounding box and not move it): turned, a local point (u, v) lands on
        (x + w - u, y + h - v). (``right``/``top`` may still be stale here.)"""
        scatter = self.scatter
        scatter.size = self.size
        if self.turned:
            corner = Matrix().translate(self.x + self.width, self.y + self.height, 0)
            scatter.transform = corner.multiply(Matrix().rotate(math.pi, 0, 0, 1))
        else:
            scatter.transform = Matrix().translate(self.x, self.y, 0)
