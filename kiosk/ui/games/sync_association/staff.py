"""Staff's S.Y.N.C. tools (from the staff settings): the reveal's countdown (0: the
stop pads only), and the teams kept at this table — rename one (typed on the screen's
keyboard) or delete one (a second tap confirms)."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from kiosk.table.games.sync_association.view import SyncStaff
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make, reuse
from kiosk.ui.widgets.keyboard import LetterKeyboard, typed_after  # noqa: F401

SECONDS = (0, 3, 5, 8, 10, 15, 20, 30, 60)
SHOWN = 5


class SyncAssociationStaffScreen(ViewScreen):
    seconds = NumericProperty(5)
    renaming = StringProperty("")       # the team being renamed ("" for none)
    deleting = StringProperty("")       # the team a first Delete tap asked about
    typed = StringProperty("")
    said = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pages = tuple(self.ids.holder.children[::-1])  # strong: ids are weak
        self.bind(renaming=self._show_page)
        self._show_page()

    def _show_page(self, *_):
        """Only the page shown is in the tree (a hidden page would still take touches)."""
        self.ids.holder.clear_widgets()
        self.ids.holder.add_widget(self._pages[1 if self.renaming else 0])

    def on_pre_enter(self, *_):
        self.renaming = self.deleting = self.typed = self.said = ""

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not hasattr(p, "reveal_seconds"):
            return
        self.seconds = p.reveal_seconds
        rows = reuse(self.ids.teams, min(len(p.groups), SHOWN),
                     lambda: make("SyncAssociationStaffTeam"))
        for row, group in zip(rows, p.groups[:SHOWN], strict=False):
            row.team, row.screen = group.name, self
        self.ids.none.text = ("" if p.groups else
                              "No team to show: teams are listed here before a game")
        self.on_deleting()

    def on_deleting(self, *_):
        for row in self.ids.teams.children:
            row.asking = row.team == self.deleting

    def countdown(self, by: int) -> None:
        at = min(range(len(SECONDS)), key=lambda i: abs(SECONDS[i] - self.seconds))
        seconds = SECONDS[max(0, min(len(SECONDS) - 1, at + by))]
        self.controller.staff(SyncStaff.REVEAL_SECONDS, seconds=seconds)
        self.said = f"Reveal countdown: {seconds} s" if seconds else "Reveal: stop pads only"

    def rename(self, team: str) -> None:
        self.renaming, self.typed, self.deleting = team, "", ""

    def key(self, key: str) -> None:
        self.typed = typed_after(self.typed, key)

    def save_name(self) -> None:
        if not self.typed.strip():
            self.app.show_problem("Type the team's new name first")
            return
        self.controller.staff(SyncStaff.RENAME_GROUP, old=self.renaming, new=self.typed)
        self.said = f"{self.renaming} is now {self.typed.strip()}"
        self.renaming = ""

    def delete(self, team: str) -> None:
        if self.deleting != team:
            self.deleting = team
            return
        self.controller.staff(SyncStaff.DELETE_GROUP, team=team)
        self.said, self.deleting = f"{team} deleted", ""


theme.load_kv(__file__)
