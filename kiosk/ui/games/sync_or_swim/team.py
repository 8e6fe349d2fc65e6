"""The team's name, typed on the table's letter keys (optional: a team may play without
one). It is kept with the team's score and shown on the leaderboards; "No name" plays
on without one."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.keyboard import LetterKeyboard, typed_after  # noqa: F401 (team.kv)


class SyncOrSwimTeamScreen(ViewScreen):
    typed = StringProperty("")

    def redraw(self, view) -> None:
        pass  # what is typed stays until Done; the name comes back in the view

    def on_pre_enter(self, *_):
        team = getattr(self.app.view.payload, "team", None)
        self.typed = team or ""

    def key(self, key: str) -> None:
        self.typed = typed_after(self.typed, key)

    def done(self) -> None:
        self.controller.act("team", team=self.typed.strip() or None)
        self.app.close_overlay()

    def no_name(self) -> None:
        self.typed = ""
        self.done()


theme.load_kv(__file__)
