"""What the table remembers: settings, progress, results (scores), and the journal.

The controller and the games talk to a :class:`Store` and nothing else, so the SQLite
store (``kiosk/store/``) can replace :class:`MemoryStore` without touching them. Every
method takes the game's id, because the table hosts several games, and keeps each
game's results, progress and journals apart. What a game played (``played``: a routine,
a level, a mode) is a plain string the game chooses. A game's own settings are keyed
``"<game id>.<name>"``; unprefixed keys (``volume``, the staff PIN) are the table's.

The journal is what survives a power cut: when a game begins it opens a journal with
the facts needed to rebuild it (its ``setup``), appends every action the moment it
happens — ``(action, now, args)`` — and closes it when the game is over or abandoned.
An open journal at start-up is a game to resume. Times in the journal are the
controller's monotonic clock, which restarts after a reboot: a resume must shift its new
clock past the last entry.

A game may keep **groups**: a team that comes back (a team name typed on screen) and
keeps its own campaign across visits — achievements, a streak, a short history — as a
:class:`Group` whose ``data`` the game shapes. ``groups(game)`` lists them, the one
saved last first (the "recent" list); a group's name is unique within its game.

Each result is stamped with the store's ``wall_clock`` (wall-clock seconds, ``time.time``
unless a test injects another) when it is added, and comes back with it as
:attr:`GameResult.at`: leaderboards for today or this month are read from it. A result
may name the scale of its score in ``details["scoring"]`` (Sync or Swim: ``"points"``);
top scores are kept per scale, so a score on one scale never beats one on another.

All values (settings, ``setup``, ``args``, ``details``, a group's ``data``) are plain
JSON-ready data.

>>> store = MemoryStore()
>>> journal = store.open_journal("a_game", {"level": 2, "players": 3})
>>> store.append_journal(journal, "begin", 0.0)
>>> store.append_journal(journal, "swim", 4.5)
>>> [tuple(e) for e in store.open_journals()[0].entries]
[('begin', 0.0, ()), ('swim', 4.5, ())]
>>> store.close_journal(journal); store.open_journals()
()
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, Protocol


class JournalEntry(NamedTuple):
    """One action as it happened; the same shape as ``session.Entry``."""

    action: str
    now: float
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Journal:
    """A game in progress as journaled so far."""

    id: int
    game: str
    setup: Mapping[str, Any]
    entries: tuple[JournalEntry, ...] = ()
    closed: bool = False


@dataclass(frozen=True)
class GameResult:
    """One game played to its end (or abandoned), for the history and top scores.

    ``played`` is what was played, as the game names it (Sync or Swim: the routine id;
    Synchro: the opponent and level); top scores are kept per ``played`` and table size.
    ``details`` is the game's JSON-ready score card (e.g. per round), so its history can
    be redrawn years later.
    """

    played: str
    players: int
    score: int
    seconds: float
    abandoned: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)
    at: float | None = field(default=None, compare=False)  # when it was stored (wall clock)

    @property
    def scoring(self) -> str:
        """The scale its score is on (``details["scoring"]``); "" when it names none."""
        return scale_of(self.details)


def scale_of(details: Mapping[str, Any]) -> str:
    """The scale a result's details name; "" for none.

    >>> scale_of({"scoring": "points"}), scale_of({}), scale_of({"scoring": 3})
    ('points', '', '3')
    """
    value = details.get("scoring") if isinstance(details, Mapping) else None
    return "" if value is None else str(value)


def stamped(result: GameResult, clock: Callable[[], float]) -> GameResult:
    """The result with its time: its own if it has one, else the clock's now."""
    return result if result.at is not None else replace(result, at=float(clock()))


@dataclass(frozen=True)
class Group:
    """A team that keeps its campaign across visits; ``data`` is the game's to shape
    (S.Y.N.C.: achievements, streak, games played and won, recent games)."""

    name: str
    data: Mapping[str, Any] = field(default_factory=dict)


class Store(Protocol):
    """Everything the table keeps between games. Called from the pumping thread only."""

    def setting(self, key: str, default: Any = None) -> Any:
        """A setting (``volume``, ``<game id>.<name>`` …), or ``default`` if never set."""
        ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def progress(self, game: str) -> frozenset[str]:
        """What this table has completed at least once (``played`` values): progress."""
        ...

    def add_progress(self, game: str, played: str) -> None: ...

    def top_score(self, game: str, played: str, players: int | None = None,
                  scoring: str = "") -> int | None:
        """The best score for what was played at a table size (``players=None``: any),
        among results on the scale ``scoring`` (``details["scoring"]``; "" for none)."""
        ...

    def add_result(self, game: str, result: GameResult) -> None:
        """Add to the history; a finished result better than the top score becomes it."""
        ...

    def results(self, game: str) -> tuple[GameResult, ...]:
        """The history, oldest first."""
        ...

    def reset_scores(self, game: str) -> None:
        """Staff: forget top scores and history (progress stays)."""
        ...

    def groups(self, game: str) -> tuple[Group, ...]:
        """The game's groups, the one saved last first."""
        ...

    def save_group(self, game: str, group: Group) -> None:
        """Add the group or replace the one of that name; it becomes the most recent."""
        ...

    def rename_group(self, game: str, old: str, new: str) -> None:
        """Staff: :class:`StoreError` if there is no ``old`` or ``new`` is taken."""
        ...

    def delete_group(self, game: str, name: str) -> None:
        """Staff: forget a group (its results stay in the history);
        :class:`StoreError` if there is none."""
        ...

    def open_journal(self, game: str, setup: Mapping[str, Any]) -> int:
        """Start journaling a game; returns the journal's id."""
        ...

    def append_journal(self, journal_id: int, action: str, now: float,
                       args: tuple[Any, ...] = ()) -> None: ...

    def close_journal(self, journal_id: int) -> None:
        """The game ended (finished or abandoned): nothing to resume."""
        ...

    def open_journals(self) -> tuple[Journal, ...]:
        """Journals never closed (a power cut), oldest first."""
        ...


class StoreError(ValueError):
    """A store call that cannot be right (e.g. appending to a closed journal)."""


class MemoryStore:
    """A :class:`Store` in memory: for tests, demos and tables without a disk."""

    def __init__(self, settings: Mapping[str, Any] | None = None,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.wall_clock = wall_clock
        self._settings: dict[str, Any] = dict(settings or {})
        self._progress: dict[str, set[str]] = {}
        self._top: dict[tuple[str, str, int, str], int] = {}
        self._results: dict[str, list[GameResult]] = {}
        self._journals: dict[int, Journal] = {}
        self._groups: dict[str, list[Group]] = {}  # per game, the one saved last first

    def setting(self, key: str, default: Any = None) -> Any:
        return self._settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self._settings[key] = value

    def progress(self, game: str) -> frozenset[str]:
        return frozenset(self._progress.get(game, ()))

    def add_progress(self, game: str, played: str) -> None:
        self._progress.setdefault(game, set()).add(played)

    def top_score(self, game: str, played: str, players: int | None = None,
                  scoring: str = "") -> int | None:
        scores = [score for (g, p, n, s), score in self._top.items()
                  if g == game and p == played and players in (None, n) and s == scoring]
        return max(scores, default=None)

    def add_result(self, game: str, result: GameResult) -> None:
        result = stamped(result, self.wall_clock)
        self._results.setdefault(game, []).append(result)
        if result.abandoned:
            return
        key = (game, result.played, result.players, result.scoring)
        if result.score > self._top.get(key, -1):
            self._top[key] = result.score

    def results(self, game: str) -> tuple[GameResult, ...]:
        return tuple(self._results.get(game, ()))

    def reset_scores(self, game: str) -> None:
        self._results.pop(game, None)
        self._top = {key: score for key, score in self._top.items() if key[0] != game}

    def groups(self, game: str) -> tuple[Group, ...]:
        return tuple(self._groups.get(game, ()))

    def save_group(self, game: str, group: Group) -> None:
        kept = [g for g in self._groups.get(game, []) if g.name != group.name]
        self._groups[game] = [Group(group.name, dict(group.data)), *kept]

    def rename_group(self, game: str, old: str, new: str) -> None:
        self._groups[game] = rename_in(self._groups.get(game, []), old, new)

    def delete_group(self, game: str, name: str) -> None:
        self._groups[game] = delete_from(self._groups.get(game, []), name)

    def open_journal(self, game: str, setup: Mapping[str, Any]) -> int:
        journal_id = len(self._journals) + 1
        self._journals[journal_id] = Journal(journal_id, game, dict(setup))
        return journal_id

    def append_journal(self, journal_id: int, action: str, now: float,
                       args: tuple[Any, ...] = ()) -> None:
        journal = self._journal(journal_id)
        if journal.closed:
            raise StoreError(f"journal {journal_id} is closed; open a new one")
        entry = JournalEntry(action, float(now), tuple(args))
        self._journals[journal_id] = Journal(journal.id, journal.game, journal.setup,
                                             journal.entries + (entry,))

    def close_journal(self, journal_id: int) -> None:
        journal = self._journal(journal_id)
        self._journals[journal_id] = Journal(journal.id, journal.game, journal.setup,
                                             journal.entries, closed=True)

    def open_journals(self) -> tuple[Journal, ...]:
        return tuple(j for _, j in sorted(self._journals.items()) if not j.closed)

    def journal(self, journal_id: int) -> Journal:
        """One journal, open or closed (for tests and the history screen)."""
        return self._journal(journal_id)

    def _journal(self, journal_id: int) -> Journal:
        try:
            return self._journals[journal_id]
        except KeyError:
            raise StoreError(f"no journal {journal_id}") from None


def rename_in(groups: list[Group], old: str, new: str) -> list[Group]:
    """``groups`` with ``old`` named ``new`` (same place); StoreError if it cannot be."""
    names = [g.name for g in groups]
    if old not in names:
        raise StoreError(f"there is no group {old!r}")
    if new != old and new in names:
        raise StoreError(f"there is a group {new!r} already: choose another name")
    return [Group(new, g.data) if g.name == old else g for g in groups]


def delete_from(groups: list[Group], name: str) -> list[Group]:
    if name not in [g.name for g in groups]:
        raise StoreError(f"there is no group {name!r}")
    return [g for g in groups if g.name != name]
