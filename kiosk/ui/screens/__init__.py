"""The shared screens — the attract loop that offers the games, the broken-config
screen and the staff settings — and the routing that puts a game's screens beside
them. Each screen is a ``.py`` + ``.kv`` pair; a game's own screens live in its UI
package (:mod:`kiosk.ui.games`)."""

from __future__ import annotations

from kiosk.table.api import ATTRACT, BROKEN
from kiosk.ui.games import GameScreens

SHARED_SCREENS = {
    "attract": "kiosk.ui.screens.attract:AttractScreen",
    "broken": "kiosk.ui.screens.broken:BrokenScreen",
    "settings": "kiosk.ui.screens.settings:SettingsScreen",
}
SHARED_PHASES = {ATTRACT: "attract", BROKEN: "broken"}
SHARED_OVERLAYS = ("settings",)


def screen_references(game: GameScreens) -> dict[str, str]:
    """Screen name -> ``"module:Class"``: the shared screens and the game's."""
    return {**SHARED_SCREENS, **game.screens}


def screen_for(game: GameScreens, phase: str) -> str:
    """The screen that shows ``phase``: the game's choice, else a shared one, else the
    attract screen (a phase nobody maps must not leave a stale screen up)."""
    return game.phases.get(phase) or SHARED_PHASES.get(phase, "attract")
