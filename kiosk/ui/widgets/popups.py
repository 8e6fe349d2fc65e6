"""Popups: a rule's details on tap and the staff PIN pad."""

from __future__ import annotations

from collections.abc import Callable

from kivy.graphics import Color, Ellipse, Line
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from kiosk.ui import theme

STAFF_PIN = "2468"  # the simulated table's PIN; a real kiosk keeps its own (kiosk.staff)


class RuleDetails(ModalView):
    """Everything about one element or twist, in words."""

    rule = ObjectProperty(None)

    def details_text(self, rule) -> str:
        if rule is None:
            return ""
        lines = [rule.text, *rule.details]
        if rule.kind == "twist":
            lines.append("A twist stays in force to the end of the routine.")
        elif rule.lane:
            lines.append(f"Play it in lane {rule.lane}.")
        return "\n\n".join(lines)


class PinDots(Widget):
    """One dot per digit typed, filled, after rings for the digits a PIN needs at least
    (4): staff see each tap land without the PIN being shown."""

    count = NumericProperty(0)
    least = NumericProperty(4)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, count=self._draw, least=self._draw)

    def _draw(self, *_args) -> None:
        slots = max(self.count, self.least)
        self.canvas.clear()
        if slots == 0 or self.width <= 0:
            return
        size = min(self.height * 0.7, self.width / (slots * 1.8))
        gap = size * 0.8
        left = self.center_x - (slots * size + (slots - 1) * gap) / 2
        y = self.center_y - size / 2
        with self.canvas:
            for n in range(slots):
                x = left + n * (size + gap)
                Color(*(theme.ACCENT if n < self.count else theme.DIM_TEXT))
                if n < self.count:
                    Ellipse(pos=(x, y), size=(size, size))
                else:
                    Line(ellipse=(x, y, size, size), width=max(1.5, size * 0.08))


class PinPad(ModalView):
    """Asks for the staff PIN; calls ``on_success`` when ``check(pin)`` says it is right.

    ``check`` returns ``(ok, message)``, e.g. from :class:`kiosk.staff.StaffLock`, which
    also makes guessing slow.
    """

    entered = StringProperty("")
    prompt = StringProperty("Staff only: enter the PIN")

    def __init__(self, on_success: Callable[[], None],
                 check: Callable[[str], tuple[bool, str]], **kwargs):
        super().__init__(**kwargs)
        self._on_success = on_success
        self._check = check

    def press(self, key: str) -> None:
        if key == "clear":
            self.entered = ""
        elif key == "ok":
            ok, message = self._check(self.entered)
            self.entered = ""
            if ok:
                self.dismiss()
                self._on_success()
            else:
                self.prompt = message or "Wrong PIN. Ask the staff."
        elif len(self.entered) < 8:
            self.entered += key


theme.load_kv(__file__)
