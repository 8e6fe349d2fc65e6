"""Setting up the table: which Sync cards form the deck for this many swimmers, where the
element cards go, and who is captain; "Check the deck" opens the deck check
(:mod:`kiosk.ui.games.sync_or_swim.deck_check`), the team button the team's name
(:mod:`kiosk.ui.games.sync_or_swim.team`), Back the routine list (after a quick play:
another number of swimmers or another routine)."""

from __future__ import annotations

from collections import Counter

from kivy.properties import StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.deck_table import DeckTable  # noqa: F401  (used in setup.kv)


def deck_counts(deck) -> Counter:
    """How many cards of each (colour, value) the deck holds."""
    return Counter((card.colour, card.value) for card in deck)


class SetupScreen(ViewScreen):
    title = StringProperty("")
    deck_text = StringProperty("")
    captain_text = StringProperty("")
    team_text = StringProperty("Name your team")

    def redraw(self, view) -> None:
        game = view.payload
        self.title = f"{game.players or '?'} swimmers: {game.routine_name or 'a routine'}"
        self.deck_text = (f"Use these {len(game.deck)} Sync cards; put the rest back in the "
                          "box. Shuffle them onto the centre platform.")
        self.captain_text = (f"Seat {view.payload.captain} is the first captain: they press SWIM! "
                             "and stop the timer." if view.payload.captain else "")
        self.ids.seats.seats = view.seats
        self.ids.seats.captain = view.payload.captain
        self.ids.deck.counts = deck_counts(view.payload.deck)
        self.team_text = f"Team: {game.team}" if game.team else "Name your team"

    def check_deck(self) -> None:
        from kiosk.ui.games.sync_or_swim.deck_check import DeckCheckPanel

        DeckCheckPanel.start()


theme.load_kv(__file__)
