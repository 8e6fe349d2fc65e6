"""Judge by hand, as in the boxed game: the table could not read every card, so the
players reveal lane by lane and decide. The screen says what hardware is missing."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import reuse


def missing_text(view) -> str:
    """Why the table cannot judge, in plain words."""
    lines = list(view.hardware.problems)
    if not lines and not view.hardware.readers:
        lines.append(_("This table has no card readers working right now."))
    if view.message and view.message not in lines:
        lines.insert(0, view.message)
    return "\n".join(lines) or _("The table could not read every card this time.")


class JudgeScreen(ViewScreen):
    missing = StringProperty("")

    def redraw(self, view) -> None:
        self.missing = missing_text(view)
        grid = self.ids.rules
        cards = reuse(grid, len(view.payload.rules), Factory.RuleCard)
        for card, rule in zip(cards, view.payload.rules, strict=False):
            card.rule = rule  # reused from the last time the players judged

    def decide(self, in_sync: bool) -> None:
        self.controller.act("judge_by_hand", in_sync=in_sync)


theme.load_kv(__file__)
