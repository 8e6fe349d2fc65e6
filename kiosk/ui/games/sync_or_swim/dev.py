"""Sync or Swim's tools in the developer side panel (``kiosk run --simulate``): lay a
winning or a losing table for the rules in force, and pick any card of the deck."""

from __future__ import annotations

import random


def winning_table(panel) -> str:
    panel.driver.arrange(True)
    return "laid a winning table"


def losing_table(panel) -> str:
    panel.driver.arrange(False)
    return "laid a losing table"


def any_card(panel) -> str:
    panel.card = str(random.choice(panel.driver.content.deck.for_players(6)))
    return f"card: {panel.card}"
