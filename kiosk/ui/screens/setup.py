"""Setting up the table: which Sync cards form the deck for this many swimmers, where the
element cards go, and who is captain; "Check the deck" opens the deck check
(:mod:`kiosk.ui.screens.deck_check`)."""

from __future__ import annotations

from collections import Counter

from kivy.factory import Factory
from kivy.properties import StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make

COLOURS = ("blue", "yellow", "green", "gray")


def deck_counts(deck) -> Counter:
    """How many cards of each (colour, value) the deck holds."""
    return Counter((card.colour, card.value) for card in deck)


class SetupScreen(ViewScreen):
    title = StringProperty("")
    deck_text = StringProperty("")
    captain_text = StringProperty("")

    def redraw(self, view) -> None:
        self.title = f"{view.players or '?'} swimmers: {view.routine_name or 'a routine'}"
        self.deck_text = (f"Use these {len(view.deck)} Sync cards; put the rest back in the "
                          "box. Shuffle them onto the center platform.")
        self.captain_text = (f"Seat {view.captain} is the first captain: they press SWIM! "
                             "and stop the timer." if view.captain else "")
        self.ids.seats.seats = view.seats
        self.ids.seats.captain = view.captain
        self._fill_deck(view.deck)

    def check_deck(self) -> None:
        from kiosk.ui.screens.deck_check import DeckCheckPanel

        DeckCheckPanel.start()

    def _fill_deck(self, deck) -> None:
        """The count table: built once (a header row, then a row per colour), then only
        its numbers change."""
        grid = self.ids.deck
        if not grid.children:
            grid.add_widget(Factory.DeckCell(text=""))
            for value in range(1, 11):
                grid.add_widget(Factory.DeckCell(text=str(value), bold=True))
            for colour in COLOURS:
                grid.add_widget(make("DeckColour", colour=colour))
                for _value in range(1, 11):
                    grid.add_widget(Factory.DeckCell())
        counts = deck_counts(deck)
        cells = grid.children[::-1]
        for row, colour in enumerate(COLOURS, start=1):
            for value in range(1, 11):
                count = counts.get((colour, value), 0)
                cell = cells[row * 11 + value]
                cell.text = f"{count}" if count else "-"
                cell.color = theme.TEXT if count else theme.DIM_TEXT


theme.load_kv(__file__)
