"""Big letter keys for a team's name: the table has no keyboard, and Kivy's VKeyboard
draws keys far below the touch minimum on a 7" screen. Rows of ``KButton``s that
scale with the window; each press calls ``typist`` with the key's text
("A".."Z", "Space", "Del")."""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui import theme
from kiosk.ui.widgets.basics import make

ROWS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")


class SyncAssociationKeyboard(BoxLayout):
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
        button = make("SyncAssociationKey", text=key)
        if key in ("Space", "Del"):
            button.fill = theme.PANEL
        button.bind(on_release=lambda b: self.typist and self.typist(b.text))
        return button

    def _spacing(self, *_):
        gap = max(2, self.width * 0.006)
        self.spacing = gap
        for row in self.children:
            row.spacing = gap
