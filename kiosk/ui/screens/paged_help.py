"""A how-to-play screen shown a page at a time: a game's UI package subclasses it
with its own ``HEADING`` and ``PAGES`` (title, text) and registers the subclass."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


class PagedHelpScreen(ViewScreen):
    HEADING = "How to play"
    PAGES: tuple[tuple[str, str], ...] = (("", ""),)

    heading = StringProperty("")
    page = NumericProperty(0)
    pages = NumericProperty(1)
    title = StringProperty("")
    text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.heading, self.pages = self.HEADING, len(self.PAGES)
        self.go_to(0)

    def on_pre_enter(self, *_):
        self.go_to(0)

    def go_to(self, page: int) -> None:
        self.page = max(0, min(len(self.PAGES) - 1, page))
        title, self.text = self.PAGES[self.page]
        self.title = f"{self.page + 1}/{len(self.PAGES)}  {title}"


theme.load_kv(__file__)
