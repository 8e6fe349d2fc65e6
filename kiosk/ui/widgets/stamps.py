"""Short texts drawn straight onto a canvas from one shared cache of rendered words.

A Kivy ``Label`` is a widget: about 46 KB of Python objects (its properties, their
observers, the kv rule's bindings) plus a texture as wide as the label, for every
"3", "Y" or "Seat 2" on screen. The card faces, the lanes of the Performance and the
deck table show hundreds of such short texts, and most of them repeat. Here a text is
rendered once per (text, size, bold) in white and drawn as a textured rectangle tinted
with the wanted colour, so every "7" in the room shares one small texture and adds no
widget.

A widget that stamps text lists it in ``drawn_texts`` as ``(text, font_size)``, so the
pilot reads it like a label and the size check sees it (``tests/ui``).
"""

from __future__ import annotations

from collections import OrderedDict

from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle

from kiosk.ui import theme

CACHE_LIMIT = 400   # distinct texts kept; a whole routine uses 61 (64 with six swimmers)


class TextCache:
    """(text, size, bold) -> white texture, least recently used dropped past ``limit``
    (a dropped texture lives on for as long as a canvas still draws it)."""

    def __init__(self, limit: int = CACHE_LIMIT) -> None:
        self.limit = limit
        self.rendered = 0
        self._textures: OrderedDict = OrderedDict()

    def __len__(self) -> int:
        return len(self._textures)

    def texture(self, text: str, font_size: float, bold: bool = False):
        key = (text, int(round(font_size)), bool(bold))
        texture = self._textures.get(key)
        if texture is not None:
            self._textures.move_to_end(key)
            return texture
        core = CoreLabel(text=text, font_size=key[1], bold=key[2])
        core.refresh()
        texture = core.texture
        self.rendered += 1
        self._textures[key] = texture
        while len(self._textures) > self.limit:
            self._textures.popitem(last=False)
        return texture


CACHE = TextCache()


def sizes() -> tuple[float, float, float]:
    """The running app's ``ui_scale``, ``min_font`` and ``min_touch`` (the theme's
    defaults with no app), for widgets that lay out their own canvas."""
    app = App.get_running_app()
    return (getattr(app, "ui_scale", 1.0), getattr(app, "min_font", theme.MIN_FONT),
            getattr(app, "min_touch", theme.MIN_TOUCH))


def stamp(text: str, box: tuple[float, float, float, float], font_size: float,
          color=(1, 1, 1, 1), bold: bool = False, align: str = "center") -> tuple[str, float]:
    """Draw ``text`` into the current canvas, centred vertically in ``box`` (x, y, w, h)
    and aligned ``"center"`` or ``"left"``; shrunk to fit the box's width if it must be
    (the caller keeps ``font_size`` above the minimum). Returns what was drawn, for
    ``drawn_texts``."""
    if not text:
        return text, font_size
    x, y, width, height = box
    texture = CACHE.texture(text, font_size, bold)
    tw, th = texture.size
    if tw > width > 0:  # squeeze rather than spill into the next card
        th, tw = th * width / tw, width
        font_size = font_size * width / texture.size[0]
    left = x if align == "left" else x + (width - tw) / 2
    Color(*color)
    Rectangle(texture=texture, pos=(round(left), round(y + (height - th) / 2)),
              size=(tw, th))
    return text, font_size
