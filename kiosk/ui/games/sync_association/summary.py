"""The end of a game: won or lost, big; the score and rounds; the achievements this
game earned (the ones new to the team marked NEW) and every one the team holds; the
team's streak of games won; then a new game (same team; its setup has the way back to the games)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def earned_lines(p) -> str:
    """>>> from kiosk.table.games.sync_association.view import (
    ...     SyncAssociationView, AchievementView)
    >>> earned_lines(SyncAssociationView(achievements=(AchievementView("a", "Flawless"),
    ...     AchievementView("b", "Trio")), new_achievements=("a",)))
    'NEW  Flawless\\nTrio'"""
    new = set(p.new_achievements)
    lines = [f"NEW  {a.title}" if a.id in new else a.title for a in p.achievements]
    return "\n".join(lines) or "No achievement this game"


def team_lines(p) -> str:
    group = p.group
    if group is None:
        return "Played without a team: nothing is kept"
    titles = ", ".join(a.title for a in group.achievements) or "none yet"
    streak = f"{group.streak} game{'s' if group.streak != 1 else ''} won in a row"
    return (f"Team {group.name}: {streak}; {group.won} won of {group.games}.\n"
            f"Achievements held: {titles}")


class SyncAssociationSummaryScreen(ViewScreen):
    verdict = StringProperty("")
    score = StringProperty("")
    earned = StringProperty("")
    team = StringProperty("")
    won = BooleanProperty(False)

    def redraw(self, view) -> None:
        p = view.payload
        if p is None:
            return
        self.won = bool(p.won)
        self.verdict = "The team won!" if p.won else "The team lost"
        self.score = view.message or ""
        self.earned = earned_lines(p)
        self.team = team_lines(p)

    def new_game(self) -> None:
        self.controller.act("new_game")


theme.load_kv(__file__)
