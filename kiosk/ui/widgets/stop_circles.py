"""The stop circles: the two-finger stop for a table without stop pads (or with one
held or stuck): two large circles, each labelled "Touch both to STOP", that stop the
timer only while both are touched at once.

Touches are tracked by their ``uid``, so two fingers (or two simulated touches) count
separately; lifting a finger disarms that circle.
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, DictProperty
from kivy.uix.floatlayout import FloatLayout

from kiosk.ui import theme


class StopCircles(FloatLayout):
    left_down = BooleanProperty(False)
    right_down = BooleanProperty(False)
    held = DictProperty({})  # touch uid -> "left" | "right"
    __events__ = ("on_stop",)

    def on_stop(self) -> None:
        """Both circles touched at once."""

    def _circle_at(self, touch) -> str | None:
        for name in ("left", "right"):
            circle = self.ids[name]
            if circle.collide_point(*touch.pos):
                dx = touch.x - circle.center_x
                dy = touch.y - circle.center_y
                if dx * dx + dy * dy <= (min(circle.size) / 2) ** 2:
                    return name
        return None

    def on_touch_down(self, touch):
        name = self._circle_at(touch)
        if name is None:
            return super().on_touch_down(touch)
        touch.grab(self)
        self.held[touch.uid] = name
        self._update()
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            self.held.pop(touch.uid, None)
            self._update()
            return True
        return super().on_touch_up(touch)

    def reset(self) -> None:
        self.held.clear()
        self._update()

    def _update(self) -> None:
        names = set(self.held.values())
        self.left_down = "left" in names
        self.right_down = "right" in names
        if self.left_down and self.right_down:
            self.held.clear()
            self.dispatch("on_stop")


theme.load_kv(__file__)
