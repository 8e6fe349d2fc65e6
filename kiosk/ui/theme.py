"""Sizes and colours for a café table, read from 1.5 m away.

The minimums are physical: 12 mm is about 60 px on the panels the kiosk uses (a 7"
800x480, a 10" 1280x800 and a 15.6" 1920x1080 all have 5-6 px per mm), so touch targets
never shrink below :data:`MIN_TOUCH` and text never below :data:`MIN_FONT`. Above those
floors everything scales with the window: ``ui_scale`` is 1.0 at 1280x800. The text floor
grows with windows bigger than that (a 15.6" 1920x1080 panel is read from as far away as
a 10" one, so its smallest text is as many millimetres tall): :func:`min_font`.

>>> ui_scale((1280, 800)), ui_scale((1920, 1080))
(1.0, 1.35)
>>> min_font((800, 480)), min_font((1280, 800)), min_font((1920, 1080))
(18.0, 18.0, 24.3)
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp, sp

REFERENCE_SIZE = (1280, 800)
MIN_TOUCH = dp(60)   # 12 mm on a 10" 1280x800 panel
MIN_FONT = sp(18)    # the smallest text anywhere, at any window size

BACKGROUND = (0.02, 0.09, 0.18, 1)
PANEL = (0.06, 0.17, 0.30, 1)
KEY = (0.15, 0.31, 0.50, 1)       # a key on a panel (the PIN pad): clearly a button
KEY_EDGE = (0.45, 0.65, 0.85, 1)
TEXT = (1, 1, 1, 1)
DIM_TEXT = (0.75, 0.83, 0.9, 1)
ACCENT = (0.0, 0.78, 0.88, 1)
GOOD = (0.12, 0.70, 0.32, 1)
BAD = (0.86, 0.20, 0.20, 1)
WARN = (1.0, 0.70, 0.10, 1)

CARD_COLOURS = {
    "blue": (0.16, 0.44, 0.95, 1),
    "yellow": (1.0, 0.84, 0.10, 1),
    "green": (0.10, 0.66, 0.30, 1),
    "gray": (0.55, 0.57, 0.60, 1),
}
# What a colour-blind player reads beside every colour: a letter and a shape.
CARD_LETTERS = {"blue": "B", "yellow": "Y", "green": "G", "gray": "-"}
CARD_SHAPES = {"blue": "circle", "yellow": "triangle", "green": "square", "gray": "dash"}
HAND_CODES = {"left": "LH", "both": "BH", "right": "RH"}
FOOT_CODES = {"left": "LF", "both": "BF", "right": "RF"}


def ui_scale(size: tuple[float, float]) -> float:
    """How much bigger than the 1280x800 reference layout the window is."""
    width, height = size
    return round(min(width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1]), 3)


def min_font(size: tuple[float, float]) -> float:
    """The smallest text at this window size: :data:`MIN_FONT`, more above 1280x800."""
    return round(MIN_FONT * max(1.0, ui_scale(size)), 1)


def text_on(colour: tuple[float, ...]) -> tuple[float, float, float, float]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return (0, 0, 0, 1) if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else (1, 1, 1, 1)


def load_kv(module_file: str) -> None:
    """Load the ``.kv`` file beside a module (never relative to the working directory)."""
    Builder.load_file(str(Path(module_file).with_suffix(".kv")))


load_kv(__file__)
