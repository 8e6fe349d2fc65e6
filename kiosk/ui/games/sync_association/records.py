"""Records: the teams that played here (newest first), each with its games, wins,
streak and achievements, and the chosen team's last games."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen

SHOWN = 6


def team_text(group) -> str:
    """>>> from kiosk.table.games.sync_association.view import GroupView, AchievementView
    >>> team_text(GroupView("Owls", 3, 2, 1, (AchievementView("a", "Trio"),)))
    'Owls: 3 games, 2 won, streak 1 · Trio'"""
    titles = ", ".join(a.title for a in group.achievements) or _("no achievement yet")
    return _("{team}: {games} games, {won} won, streak {streak} · {titles}").format(
        team=group.name, games=group.games, won=group.won, streak=group.streak, titles=titles)


class SyncAssociationRecordsScreen(ViewScreen):
    teams = StringProperty("")
    recent = StringProperty("")
    recent_title = StringProperty("")

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not hasattr(p, "groups"):
            return
        groups = list(p.groups) or ([p.group] if p.group is not None else [])
        self.teams = ("\n".join(team_text(g) for g in groups[:SHOWN])
                      or _("No team has played yet. Type your team's name when you start: "
                           "your achievements are kept here."))
        latest = p.group or (groups[0] if groups else None)
        self.recent_title = (_("Last games of {team}").format(team=latest.name)
                             if latest and latest.recent else "")
        self.recent = "\n".join(latest.recent[:5]) if latest is not None else ""


theme.load_kv(__file__)
