"""Big letter keys for a team's name: the table has no keyboard, and Kivy's VKeyboard
draws keys far below the touch minimum on a 7" screen. Rows of ``KButton``s that
scale with the window; each press calls ``typist`` with the key's text
("A".."Z", "Space", "Del"); :func:`typed_after` is what the key does to a name.
Shared by every game that names teams (S.Y.N.C.'s groups, Sync or Swim's teams)."""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui import theme
from kiosk.ui.widgets.basics import make

ROWS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
NAME_MAX = 24


def typed_after(typed: str, key: str, limit: int = NAME_MAX) -> str:
    """The name after one key: words start with a capital, one space between words.

    >>> name = ""
    >>> for key in ("N", "I", "Space", "Space", "O", "W", "L", "Del", "L"):
    ...     name = typed_after(name, key)
    >>> name
    'Ni Owl'
    """
    if key == "Del":
        return typed[:-1]
    if key == "Space":
        return typed + " " if typed and not typed.endswith(" ") else typed
    if len(typed) >= limit:
        return typed
    start = not typed or typed.endswith(" ")
    return typed + (key.upper() if start else key.lower())


class LetterKeyboard(BoxLayout):
    typist = ObjectProperty(None, allownone=True)   # called with the key's text

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", **kwargs)
        for letters in ROWS:
            row = BoxLayout()
            keys = [*letters, "Del"] if letters.startswith("Z") else list(letters)
            for key in keys:
                row.add_widget(self._key(key))
            self.add_widget(row)
        space = BoxLayout()
        space.add_widget(self._key("Space"))
        self.add_widget(space)
        self.bind(size=self._spacing)

    def _key(self, key: str):
        button = make("LetterKey", text=key)
        if key in ("Space", "Del"):
            button.fill = theme.PANEL
        button.bind(on_release=lambda b: self.typist and self.typist(b.text))
        return button

    def _spacing(self, *_):
        gap = max(2, self.width * 0.006)
        self.spacing = gap
        for row in self.children:
            row.spacing = gap


def type_name(pilot, name: str) -> None:
    """Demos and tests: type ``name`` on the screen's keyboard, key by key through the
    pilot (a key is found among the keyboard's own: "S" is not "Staff")."""
    from kiosk.ui.pilot import walk

    keyboard, = pilot.widgets(LetterKeyboard)
    keys = {w.text: w for w in walk(keyboard) if hasattr(w, "fill")}
    for letter in name:
        pilot.tap(keys["Space" if letter == " " else letter.upper()])


theme.load_kv(__file__)
