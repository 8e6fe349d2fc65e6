"""Before a game: the team (a recent group, a new name typed on the screen's own
keyboard — the table has no keyboard —, or no team at all), then the game: the seats
playing, automatic or manual mode, the laying order, and behind "More options" the
variants (phantoms at the start, key cards, block tokens, the first player).

Three pages on one screen: ``team``, ``name`` (the keyboard) and ``game``."""

from __future__ import annotations

from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make, reuse
from kiosk.ui.widgets.keyboard import LetterKeyboard, typed_after  # noqa: F401

RECENT_SHOWN = 6
LIMITS = {"phantoms": (2, 6), "keys": (2, 6), "blocks": (-1, 10)}  # blocks -1: the rules'


def group_line(group) -> str:
    """>>> from kiosk.table.games.sync_association.view import GroupView
    >>> group_line(GroupView("Owls", games=3, won=2, streak=1))
    'Owls · 3 games, 2 won'"""
    if not group.games:
        return f"{group.name} · new"
    return f"{group.name} · {group.games} game{'s' if group.games != 1 else ''}, {group.won} won"


def stepped(value: int, name: str, step: int) -> int:
    low, high = LIMITS[name]
    return max(low, min(high, value + step))


class SyncAssociationSetupScreen(ViewScreen):
    page = StringProperty("team")       # "team" | "name" | "game"
    more = BooleanProperty(False)       # the variants instead of seats, mode, order
    team = StringProperty("")           # the chosen group's name, "" for none
    no_team = BooleanProperty(False)    # "Play without a team" chosen
    has_recent = BooleanProperty(False)
    typed = StringProperty("")
    seats = ListProperty([])            # the table's seats
    chosen = ListProperty([])           # the seats playing
    mode = StringProperty("automatic")
    order = StringProperty("clockwise")
    phantoms = NumericProperty(3)
    keys = NumericProperty(3)
    blocks = NumericProperty(-1)
    first = NumericProperty(0)          # 0: at random

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # the pages themselves (``ids`` holds weak references: a page out of the tree
        # would be collected)
        self._pages = dict(zip(("team", "name", "game", "more"),
                               self.ids.holder.children[::-1], strict=True))
        self.bind(page=self._show_page, more=self._show_page)
        self._show_page()

    def _show_page(self, *_):
        """Only the page shown is in the tree (a hidden page would still take touches)."""
        holder = self.ids.holder
        shown = "more" if self.page == "game" and self.more else self.page
        holder.clear_widgets()
        holder.add_widget(self._pages[shown])

    def on_pre_enter(self, *_):
        p = self.view.payload if self.view is not None else None
        self.more, self.typed = False, ""
        self.page = "game" if p is not None and p.group is not None else "team"

    def redraw(self, view) -> None:
        p = view.payload
        if p is None:
            return
        self.team = p.group.name if p.group is not None else ""
        if p.table_seats and list(p.table_seats) != list(self.seats):
            self.seats = list(p.table_seats)
            self.chosen = list(p.table_seats[:3])
            self._seat_buttons()
        if self.page == "game" and not self.team and not self.no_team:
            self.page = "team"
        self._recent(p.groups[:RECENT_SHOWN])

    # ------------------------------------------------------------------ team

    def _recent(self, groups) -> None:
        box = self.ids.recent
        self.has_recent = bool(groups)
        for button, group in zip(reuse(box, len(groups), lambda: make("SyncAssociationPick")),
                                 groups, strict=True):
            button.text, button.team = group_line(group), group.name

    def pick(self, name: str) -> None:
        self.no_team = False
        self.controller.act("group", team=name)
        self.page = "game"

    def without_team(self) -> None:
        self.no_team = True
        self.controller.act("group", team=None)
        self.page = "game"

    def key(self, key: str) -> None:
        """A key of the on-screen keyboard."""
        self.typed = typed_after(self.typed, key)

    def name_done(self) -> None:
        name = self.typed.strip()
        if not name:
            self.app.show_problem("Type your team's name first")
            return
        self.pick(name)

    # ------------------------------------------------------------------ game

    def _seat_buttons(self) -> None:
        box = self.ids.seat_buttons
        for button, seat in zip(reuse(box, len(self.seats),
                                      lambda: make("SyncAssociationSeatToggle")),
                                self.seats, strict=True):
            button.seat, button.screen = seat, self
            button.text = f"Seat {seat}"
        self.on_chosen()

    def on_chosen(self, *_):
        for button in self.ids.seat_buttons.children:
            button.chosen = button.seat in self.chosen

    def toggle_seat(self, seat: int) -> None:
        chosen = set(self.chosen) ^ {seat}
        if len(chosen) > 5:
            self.app.show_problem("S.Y.N.C. is for 2 to 5 players")
            return
        self.chosen = sorted(chosen)

    def step(self, name: str, by: int) -> None:
        setattr(self, name, stepped(int(getattr(self, name)), name, by))

    def step_first(self, by: int) -> None:
        options = [0, *sorted(self.chosen)]
        at = options.index(self.first) if self.first in options else 0
        self.first = options[(at + by) % len(options)]

    def start(self) -> None:
        if not 2 <= len(self.chosen) <= 5:
            self.app.show_problem("Choose 2 to 5 seats playing")
            return
        first = int(self.first) if self.first in self.chosen else None
        self.controller.act(
            "start", seats=sorted(self.chosen), mode=self.mode,
            order=self.order if self.mode == "manual" else "clockwise",
            phantoms=int(self.phantoms), keys=int(self.keys),
            blocks=None if self.blocks < 0 else int(self.blocks), first=first)

    def back(self) -> None:
        """Back to the games on offer (nothing was started yet)."""
        self.controller.abandon()


theme.load_kv(__file__)
