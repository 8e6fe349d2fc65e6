"""Staff: which routines are open (reached from the staff settings, behind the PIN).
Campaign locking on or off, how many routines a fresh table opens, and whether random
routines are open to any team (the house rule: ``docs/house-rules.md``). Each change
is sent at once (``SyncStaff.CAMPAIGN``); the screen shows what the table reports."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.table.games.sync_or_swim.view import SyncStaff
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def campaign_summary(locking: bool, open_from_start: int, random_open: bool) -> str:
    """What the settings mean, in one sentence for staff.

    >>> campaign_summary(True, 3, True)
    'Open to every team: routines 1 to 3 and random routines. Each later routine opens when the one before it is finished.'
    >>> campaign_summary(False, 3, False)
    'Every routine is open, random routines too.'"""  # noqa: E501
    if not locking:
        return "Every routine is open, random routines too."
    routines = f"routines 1 to {open_from_start}" if open_from_start > 1 else "routine 1"
    if random_open:
        return (f"Open to every team: {routines} and random routines. Each later routine "
                "opens when the one before it is finished.")
    return (f"Open to every team: {routines}. Each later routine opens when the one before "
            "it is finished; random routines once the whole campaign is.")


class SyncOrSwimCampaignScreen(ViewScreen):
    locking = BooleanProperty(True)
    open_from_start = NumericProperty(3)
    random_open = BooleanProperty(True)
    summary = StringProperty("")

    def redraw(self, view) -> None:
        game = view.payload
        if not hasattr(game, "open_from_start"):
            return
        self.locking = not game.unlock_all
        self.open_from_start = game.open_from_start
        self.random_open = game.random_from_start
        self.summary = campaign_summary(self.locking, int(self.open_from_start),
                                        self.random_open)

    def set_locking(self, on: bool) -> None:
        self.controller.staff(SyncStaff.CAMPAIGN, locking=on)

    def more_open(self, by: int) -> None:
        count = max(1, int(self.open_from_start) + by)
        self.controller.staff(SyncStaff.CAMPAIGN, open_from_start=count)

    def set_random(self, on: bool) -> None:
        self.controller.staff(SyncStaff.CAMPAIGN, random_from_start=on)


theme.load_kv(__file__)
