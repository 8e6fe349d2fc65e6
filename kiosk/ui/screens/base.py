"""The base of every screen: it holds the latest :class:`TableView` and redraws from it
once per frame at most (a Clock trigger coalesces bursts of views)."""

from __future__ import annotations

import threading

from kivy.app import App
from kivy.clock import Clock
from kivy.logger import Logger
from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen


class ViewScreen(Screen):
    view = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.drawn_on: int | None = None  # thread ident of the last redraw (tests check it)
        self.redraws = 0
        self.drawn_view = None  # the view the last redraw drew (tests wait on it)
        self.errors: list[Exception] = []  # drawing failures (tests assert there are none)
        self._redraw = Clock.create_trigger(self._draw_now)
        self.bind(view=self._redraw)

    @property
    def app(self):
        return App.get_running_app()

    @property
    def controller(self):
        return self.app.controller

    def _draw_now(self, *_):
        if self.view is None:
            return
        self.drawn_on = threading.get_ident()
        self.redraws += 1
        self.drawn_view = self.view
        try:
            self.redraw(self.view)
        except Exception as error:  # a drawing bug must not take the table down
            Logger.exception(f"{type(self).__name__}: cannot draw this view")
            self.errors.append(error)

    def redraw(self, view) -> None:
        """Update widgets from ``view``; subclasses override."""

    def relabel(self) -> None:
        """The language changed while this screen shows: redraw the texts Python wrote
        (kv texts follow ``app.tr`` by themselves). Screens that write texts once, when
        built, override this to write them again."""
        self.draw_now()

    def draw_now(self) -> None:
        """Redraw at once instead of at the trigger (used when the screen is entered)."""
        self._redraw.cancel()
        self._draw_now()
