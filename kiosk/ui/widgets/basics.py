"""The two building blocks every screen uses: text that scales with the window and
never drops below the minimum size, and a big flat button that is never smaller than
the minimum touch target. Their look is in ``theme.kv``."""

from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty
from kivy.uix.button import Button
from kivy.uix.label import Label

from kiosk.ui import theme
from kiosk.ui.text_memory import release_text_surfaces

release_text_surfaces()  # labels keep their GL texture, not a second copy in RAM


class KLabel(Label):
    font_base = NumericProperty(28)   # px at 1280x800; scaled, floored at MIN_FONT


class KButton(Button):
    font_base = NumericProperty(32)
    height_base = NumericProperty(84)
    fill = ListProperty(theme.ACCENT)


def reuse(box, count: int, build) -> list:
    """Make ``box`` hold ``count`` children, first to last, keeping the ones it has and
    calling ``build()`` only for the missing ones; returns them first to last.

    Screens that show a list per view (lanes, cards, routines, the deck) update the
    widgets they already have instead of rebuilding the tree on every view: rebuilt
    widgets are reference cycles that live until a full garbage collection, each with
    its label textures, so a rebuilt screen costs memory until then (and fragments it
    after).
    """
    children = box.children[::-1]
    for widget in children[count:]:
        box.remove_widget(widget)
    for _ in range(len(children), count):
        box.add_widget(build())
    return box.children[::-1]


def make(class_name: str, **values):
    """An instance of a kv class with ``values`` set afterwards: properties declared in a
    dynamic kv class (``<Row@BoxLayout>: heading: ""``) do not exist yet during
    ``__init__``, so they cannot be passed as keyword arguments."""
    from kivy.factory import Factory

    widget = Factory.get(class_name)()
    for name, value in values.items():
        setattr(widget, name, value)
    return widget
