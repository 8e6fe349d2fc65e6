"""Shown when the kiosk's configuration cannot be used: the problems, nothing else."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


class BrokenScreen(ViewScreen):
    problems = StringProperty("")

    def redraw(self, view) -> None:
        lines = view.problems or (_("The kiosk could not start, but did not say why."),)
        self.problems = "\n".join(f"- {line}" for line in lines)


theme.load_kv(__file__)
