"""A group's campaign: what a team keeps across visits, in the store as a
:class:`~kiosk.store.protocol.Group` (``store.groups("sync_association")``).

A group's ``data`` (JSON): ``achievements`` (ids, in the order earned), ``streak``
(games won in a row; a lost game ends it, an abandoned one leaves it), ``games`` and
``won`` (finished games), ``recent`` (the last games, newest first, a line each).

>>> data = after_game({}, won=True, earned=["win_automatic"], streak=1, line="won 5-0")
>>> data["games"], data["won"], data["streak"], data["achievements"]
(1, 1, 1, ['win_automatic'])
>>> normal_name("  the   Night  Owls "), name_problem("")
('the Night Owls', 'Type a team name (1 to 24 letters)')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kiosk.games.sync_association import TITLES, Achievement
from kiosk.store.protocol import Group
from kiosk.table.games.sync_association.view import AchievementView, GroupView

NAME_LETTERS = 24
RECENT = 10


def normal_name(text: object) -> str:
    return " ".join(str(text).split())


def name_problem(name: str) -> str | None:
    if not 1 <= len(name) <= NAME_LETTERS:
        return f"Type a team name (1 to {NAME_LETTERS} letters)"
    if not name.isprintable():
        return "A team name is letters, numbers and spaces"
    return None


def find(groups: Iterable[Group], name: str) -> Group | None:
    """The group of that name, letter case aside (an "owls" typed finds the "Owls")."""
    folded = name.casefold()
    return next((g for g in groups if g.name.casefold() == folded), None)


def streak_of(data: Mapping[str, Any]) -> int:
    value = data.get("streak", 0)
    return value if isinstance(value, int) and value >= 0 else 0


def achievements_of(data: Mapping[str, Any]) -> tuple[str, ...]:
    value = data.get("achievements", [])
    return tuple(a for a in value if isinstance(a, str)) if isinstance(value, list) else ()


def after_game(data: Mapping[str, Any], *, won: bool, earned: Iterable[str], streak: int,
               line: str) -> dict[str, Any]:
    """The group's data after a finished game (``streak``: the streak after it)."""
    held = list(achievements_of(data))
    held += [a for a in sorted(earned) if a not in held]
    recent = [r for r in data.get("recent", []) if isinstance(r, str)]
    return {**data, "achievements": held, "streak": streak,
            "games": int(data.get("games", 0)) + 1,
            "won": int(data.get("won", 0)) + (1 if won else 0),
            "recent": [line, *recent][:RECENT]}


def achievement_view(achievement: str) -> AchievementView:
    title = TITLES.get(Achievement(achievement), achievement) \
        if achievement in set(Achievement) else achievement
    return AchievementView(achievement, title)


def group_view(group: Group) -> GroupView:
    data = group.data
    return GroupView(
        name=group.name, games=int(data.get("games", 0)), won=int(data.get("won", 0)),
        streak=streak_of(data),
        achievements=tuple(achievement_view(a) for a in achievements_of(data)),
        recent=tuple(r for r in data.get("recent", []) if isinstance(r, str)))
