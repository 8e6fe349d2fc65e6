"""The end of a game: won or lost, big; the score and rounds; the achievements this
game earned (the ones new to the team marked NEW) and every one the team holds; the
team's streak of games won; then a new game (same team; its setup has the way back to the games)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def earned_lines(p) -> str:
    """>>> from kiosk.table.games.sync_association.view import (
    ...     SyncAssociationView, AchievementView)
    >>> earned_lines(SyncAssociationView(achievements=(AchievementView("a", "Flawless"),
    ...     AchievementView("b", "Trio")), new_achievements=("a",)))
    'NEW  Flawless\\nTrio'"""
    new = set(p.new_achievements)
    lines = [_("NEW") + f"  {a.title}" if a.id in new else a.title for a in p.achievements]
    return "\n".join(lines) or _("No achievement this game")


def team_lines(p) -> str:
    group = p.group
    if group is None:
        return _("Played without a team: nothing is kept")
    titles = ", ".join(a.title for a in group.achievements) or _("none yet")
    if group.streak == 1:
        streak = _("1 game won in a row")
    else:
        streak = _("{count} games won in a row").format(count=group.streak)
    return _("Team {team}: {streak}; {won} won of {games}.\nAchievements held: {titles}").format(
        team=group.name, streak=streak, won=group.won, games=group.games, titles=titles)


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
        self.verdict = _("The team won!") if p.won else _("The team lost")
        self.score = view.message or ""
        self.earned = earned_lines(p)
        self.team = team_lines(p)

    def new_game(self) -> None:
        self.controller.act("new_game")


theme.load_kv(__file__)
