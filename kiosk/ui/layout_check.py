"""Does the screen on show fit its window? Sentences a person can act on, one per fault.

Walks the visible widgets under the Window (the current screen, its popups) and reports:

- **cut text**: a label whose text needs more room than its box (it spills over its
  neighbours), or whose lines are dropped because its box has a fixed height, or
  ``shorten`` / ``max_lines`` cut it. A label that may be cut on purpose says so with
  ``may_cut = True`` (a Python attribute on the widget);
- **text off the window**: a label drawn past the window's edge, or past the sides of the
  scroll view it is in (scrolling down is fine, a cut line end is not);
- **text over text**: two labels whose drawn text overlap (neither inside the other);
- **small text**: a label, or text a widget stamps on its canvas (``drawn_texts``),
  below the app's ``min_font``;
- **small targets**: a button smaller than the app's ``min_touch`` either way (a
  disabled button is no target);
- **overfull rows**: a box layout whose fixed-size rows (or columns) need more room than
  it has, so they spill over whatever is next to it.

A widget that covers the whole screen beneath it (opaque, taking every touch: a game's
private keypad) says so with ``covers_screen = True``; while one is shown, what lies under
it in the same layer is hidden and not checked.

>>> # findings = check_window("score", min_font=18, min_touch=60)

The UI test (``tests/ui/test_every_screen_fits.py``) runs it on every screen of every
installed game at 800x480, 1024x600, 1280x800 and 1920x1080; ``kiosk demo --check``
runs it at each screenshot.
"""

from __future__ import annotations

from dataclasses import dataclass

from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from kiosk.ui.pilot import visible, walk

SLACK = 1.5   # px of rounding allowed before a box counts as too small


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def overlap(self, other: Box) -> Box | None:
        x, y = max(self.x, other.x), max(self.y, other.y)
        right, top = min(self.right, other.right), min(self.top, other.top)
        if right - x <= SLACK or top - y <= SLACK:
            return None
        return Box(x, y, right - x, top - y)


def quote(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit - 1] + "…")


def window_box(widget) -> Box:
    x, y = widget.to_window(widget.x, widget.y)
    return Box(x, y, widget.width, widget.height)


def text_box(label) -> Box:
    """Where the label's text is drawn: its texture, centred on its box (as Kivy's
    Label draws it)."""
    width, height = label.texture_size
    cx, cy = label.to_window(*label.center)
    return Box(cx - width / 2, cy - height / 2, width, height)


def scroll_parent(widget):
    node = widget.parent
    while node is not None and node is not Window:
        if isinstance(node, ScrollView):
            return node
        node = node.parent
    return None


def full_size(label, width: float | None) -> tuple[float, float]:
    """The size the label's text takes uncut at ``width`` (None: one line)."""
    core = label._label
    options = {**core.options, "shorten": False, "max_lines": 0}
    options.pop("text", None)
    options.pop("text_size", None)
    whole = type(core)(text=label.text, text_size=(width, None), **options)
    return whole.render()


def cut_sentence(label) -> str | None:
    if getattr(label, "may_cut", False):
        return None
    width, height = label.texture_size
    if width > label.width + SLACK or height > label.height + SLACK:
        return (f"needs {width:.0f}x{height:.0f} px but its box is "
                f"{label.width:.0f}x{label.height:.0f}: it spills out")
    text_width, text_height = label.text_size
    if label.shorten and text_width is not None:
        whole_width, _ = full_size(label, None)
        if whole_width > text_width + SLACK:
            return f"is shortened: it needs {whole_width:.0f} px of width, has {text_width:.0f}"
    if text_height is not None or label.max_lines:
        _, whole_height = full_size(label, text_width)
        if whole_height > height + SLACK:
            return (f"is cut: its lines need {whole_height:.0f} px of height, "
                    f"its box shows {height:.0f}")
    return None


def outside_sentence(label, window_size: tuple[float, float]) -> str | None:
    box = text_box(label)
    scroll = scroll_parent(label)
    if scroll is not None:
        area = window_box(scroll)
        if not scroll.do_scroll_x and (box.x < area.x - SLACK or box.right > area.right + SLACK):
            return (f"runs past the sides of its scrolling list (x {box.x:.0f} to "
                    f"{box.right:.0f}, the list {area.x:.0f} to {area.right:.0f})")
        return None
    width, height = window_size
    if box.x < -SLACK or box.y < -SLACK or box.right > width + SLACK \
            or box.top > height + SLACK:
        return (f"is drawn at x {box.x:.0f}-{box.right:.0f}, y {box.y:.0f}-{box.top:.0f}, "
                f"outside the {width:.0f}x{height:.0f} window")
    return None


def shown_part(label) -> Box | None:
    """The label's text as far as it can be seen: cut to the scroll views it is in."""
    box = text_box(label)
    node = scroll_parent(label)
    while node is not None and box is not None:
        box = box.overlap(window_box(node))
        node = scroll_parent(node)
    return box


def layer_of(widget):
    """The Window's child the widget is in (the app's root, or a popup)."""
    node = widget
    while node.parent is not None and node.parent is not Window:
        node = node.parent
    return node


def inside(widget, ancestor) -> bool:
    node = widget.parent
    while node is not None:
        if node is ancestor:
            return True
        node = node.parent if node is not Window else None
    return False


def overlap_sentences(screen: str, labels: list) -> list[str]:
    found = []
    parts = [(label, shown_part(label), layer_of(label)) for label in labels]
    parts = [(label, box, layer) for label, box, layer in parts if box is not None]
    for i, (a, box_a, layer_a) in enumerate(parts):
        for b, box_b, layer_b in parts[i + 1:]:
            if layer_a is not layer_b or inside(a, b) or inside(b, a):
                continue
            common = box_a.overlap(box_b)
            if common is not None:
                found.append(f"{screen}: {quote(a.text)} and {quote(b.text)} are drawn over "
                             f"each other ({common.width:.0f}x{common.height:.0f} px in "
                             "common)")
    return found


def check_window(screen: str, *, min_font: float, min_touch: float) -> list[str]:
    """Everything wrong with what the window shows now, each a sentence naming
    ``screen``, the text and its size (empty when all is well)."""
    window_size = tuple(Window.size)
    shown = [w for w in walk(Window) if w is not Window and visible(w)]
    covers = [w for w in shown if getattr(w, "covers_screen", False)]
    if covers:
        cover = covers[-1]  # drawn last: on top
        shown = [w for w in shown if w is cover or inside(w, cover)
                 or layer_of(w) is not layer_of(cover)]
    labels = [w for w in shown if isinstance(w, Label) and w.text.strip()]
    found = []
    for label in labels:
        size = f"{quote(label.text)} ({label.font_size:.0f} px)"
        if label.font_size < min_font - 0.01:
            found.append(f"{screen}: {size} is smaller than the {min_font:.0f} px minimum")
        for why in (cut_sentence(label), outside_sentence(label, window_size)):
            if why:
                found.append(f"{screen}: {size} {why}")
    for widget in shown:
        for text, font_size in getattr(widget, "drawn_texts", ()):
            if text.strip() and font_size < min_font - 0.01:
                found.append(f"{screen}: {quote(text)} drawn by {type(widget).__name__} is "
                             f"{font_size:.0f} px, below the {min_font:.0f} px minimum")
    for button in (w for w in shown if isinstance(w, ButtonBehavior) and not w.disabled):
        if min(button.size) < min_touch - 0.5:
            name = quote(getattr(button, "text", "") or type(button).__name__)
            found.append(f"{screen}: the button {name} is {button.width:.0f}x"
                         f"{button.height:.0f} px, below the {min_touch:.0f} px touch minimum")
    found += overlap_sentences(screen, labels)
    found += [f"{screen}: {why}" for box in shown if isinstance(box, BoxLayout)
              if (why := overfull_sentence(box))]
    return found


def overfull_sentence(box) -> str | None:
    """A box whose fixed rows need more room than it has: they are drawn past its edge."""
    vertical = box.orientation == "vertical"
    fixed = [c for c in box.children if (c.size_hint_y if vertical else c.size_hint_x) is None]
    pad = list(box.padding)  # Kivy: [all], [horizontal, vertical] or [left, top, right, bottom]
    if len(pad) == 1:
        pad *= 4
    elif len(pad) == 2:
        pad = [pad[0], pad[1], pad[0], pad[1]]
    left, top, right, bottom = pad[:4]
    room = box.height - top - bottom if vertical else box.width - left - right
    need = sum(c.height if vertical else c.width for c in fixed) + box.spacing * (
        len(box.children) - 1) if fixed else 0
    across = box.width - left - right if vertical else box.height - top - bottom
    tallest = max((c.width if vertical else c.height) for c in box.children
                  if (c.size_hint_x if vertical else c.size_hint_y) is None) \
        if any((c.size_hint_x if vertical else c.size_hint_y) is None
               for c in box.children) else 0
    if tallest > across + 1:
        texts = [w.text for c in box.children for w in walk(c)
                 if isinstance(w, Label) and w.text.strip()]
        inside_text = f" (it holds {quote(texts[0])})" if texts else ""
        side = "width" if vertical else "height"
        return (f"a box holds a widget {tallest:.0f} px in {side} but is {across:.0f} px: "
                f"it spills over its neighbours{inside_text}")
    if need <= room + 1:
        return None
    texts = [w.text for c in fixed for w in walk(c) if isinstance(w, Label) and w.text.strip()]
    inside_text = f" (it holds {quote(texts[0])})" if texts else ""
    side = "height" if vertical else "width"
    return (f"a box's rows need {need:.0f} px of {side} but it has {room:.0f}: they spill "
            f"over its neighbours{inside_text}")
