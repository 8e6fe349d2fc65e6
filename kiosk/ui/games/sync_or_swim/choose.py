"""Player count (3-6) and routine: the campaign in order with locks and top scores, then
random routines once the campaign is done (or staff unlocked everything)."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import reuse

PLAYER_COUNTS = (3, 4, 5, 6)


def routine_label(choice) -> str:
    """Two lines for a routine button, e.g. '3. Colour Sprint' / 'top score 87'."""
    title = f"{choice.number}. {choice.name}" if choice.number else f"Random: {choice.name}"
    if choice.locked:
        return f"{title}\nLOCKED"
    best = f"top score {choice.top_score}" if choice.top_score is not None else "not played yet"
    return f"{title}\n{best}"


class ChooseScreen(ViewScreen):
    players = NumericProperty(0)
    prompt = StringProperty("How many swimmers?")
    randoms_open = BooleanProperty(False)

    def redraw(self, view) -> None:
        if view.payload.players and not self.players:
            self.players = view.payload.players
        buttons = reuse(self.ids.routines, len(view.payload.choices), self._routine_button)
        # reused: only the words change
        for button, choice in zip(buttons, view.payload.choices, strict=False):
            button.text = routine_label(choice)
            button.disabled = choice.locked
            button.routine_id = choice.id
        self.randoms_open = view.payload.randoms_open
        self._update_prompt()

    def _routine_button(self):
        button = Factory.RoutineButton()
        button.bind(on_release=self._picked)
        return button

    def on_players(self, *_):
        self._update_prompt()

    def _update_prompt(self) -> None:
        self.prompt = ("Now pick a routine" if self.players else "First: how many swimmers?")

    def pick_players(self, count: int) -> None:
        self.players = count

    def _picked(self, button) -> None:
        if not self.players:
            self.app.show_problem("First tap how many swimmers are playing (3 to 6).")
            return
        self.controller.act("choose", players=self.players, routine_id=button.routine_id)

    def new_random(self) -> None:
        self.controller.act("random_routine")


theme.load_kv(__file__)
