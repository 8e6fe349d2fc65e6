"""A how-to-play screen shown a page at a time: a game's UI package subclasses it
with its own ``HEADING`` and ``PAGES`` (title, text) and registers the subclass."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from kiosk.i18n import N_, _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


class PagedHelpScreen(ViewScreen):
    HEADING = N_("How to play")
    PAGES: tuple[tuple[str, str], ...] = (("", ""),)

    heading = StringProperty("")
    page = NumericProperty(0)
    pages = NumericProperty(1)
    title = StringProperty("")
    text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pages = len(self.PAGES)
        self.relabel()

    def on_pre_enter(self, *_):
        self.go_to(0)

    def relabel(self) -> None:
        self.heading = _(self.HEADING)
        self.go_to(self.page)

    def go_to(self, page: int) -> None:
        self.page = max(0, min(len(self.PAGES) - 1, page))
        title, text = self.PAGES[self.page]
        self.text = _(text)
        self.title = f"{self.page + 1}/{len(self.PAGES)}  {_(title)}"


theme.load_kv(__file__)
