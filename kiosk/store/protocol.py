"""What the table remembers: settings, campaign progress, scores, and the journal.

The controller and the games talk to a :class:`Store` and nothing else, so the SQLite
store (``kiosk/store/``) can replace :class:`MemoryStore` without touching them. Every
method takes the game's id, because the table hosts several games.

The journal is what survives a power cut: when a routine begins the game opens a
journal with the facts needed to rebuild its session (routine, players, seats, first
captain), appends every session action the moment it happens — ``(action, now, args)``,
exactly the entries of ``Session.history`` — and closes it when the routine is finished
or abandoned. An open journal at start-up is a routine to resume with
``Session.from_history``. Times in the journal are the controller's monotonic clock,
which restarts after a reboot: a resume must shift its new clock past the last entry.

All values (settings, ``setup``, ``args``, ``breakdown``) are plain JSON-ready data.

>>> store = MemoryStore()
>>> journal = store.open_journal("a_game", {"routine_id": "R01", "players": 3})
>>> store.append_journal(journal, "begin", 0.0)
>>> store.append_journal(journal, "swim", 4.5)
>>> [tuple(e) for e in store.open_journals()[0].entries]
[('begin', 0.0, ()), ('swim', 4.5, ())]
>>> store.close_journal(journal); store.open_journals()
()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol


class JournalEntry(NamedTuple):
    """One action as it happened; the same shape as ``session.Entry``."""

    action: str
    now: float
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Journal:
    """A routine (or any game in progress) as journaled so far."""

    id: int
    game: str
    setup: Mapping[str, Any]
    entries: tuple[JournalEntry, ...] = ()
    closed: bool = False


@dataclass(frozen=True)
class RoutineResult:
    """One routine played to its end (or abandoned), for the history and top scores.

    ``breakdown`` is the JSON-ready score card (per round: practice, between, penalties,
    retries), so the history can redraw the chart years later.
    """

    routine_id: str
    players: int
    score: int
    total_seconds: float
    abandoned: bool = False
    breakdown: Mapping[str, Any] = field(default_factory=dict)


class Store(Protocol):
    """Everything the table keeps between routines. Called from the pumping thread only."""

    def setting(self, key: str, default: Any = None) -> Any:
        """A staff setting (``volume``, ``unlock_all`` …), or ``default`` if never set."""
        ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def finished(self, game: str) -> frozenset[str]:
        """Routine ids this table has finished at least once (campaign progress)."""
        ...

    def mark_finished(self, game: str, routine_id: str) -> None: ...

    def top_score(self, game: str, routine_id: str, players: int | None = None) -> int | None:
        """The best score for a routine at a table size; ``players=None``: any size."""
        ...

    def add_result(self, game: str, result: RoutineResult) -> None:
        """Add to the history; a finished result better than the top score becomes it."""
        ...

    def results(self, game: str) -> tuple[RoutineResult, ...]:
        """The history, oldest first."""
        ...

    def reset_scores(self, game: str) -> None:
        """Staff: forget top scores and history (campaign progress stays)."""
        ...

    def open_journal(self, game: str, setup: Mapping[str, Any]) -> int:
        """Start journaling a routine; returns the journal's id."""
        ...

    def append_journal(self, journal_id: int, action: str, now: float,
                       args: tuple[Any, ...] = ()) -> None: ...

    def close_journal(self, journal_id: int) -> None:
        """The routine ended (finished or abandoned): nothing to resume."""
        ...

    def open_journals(self) -> tuple[Journal, ...]:
        """Journals never closed (a power cut), oldest first."""
        ...


class StoreError(ValueError):
    """A store call that cannot be right (e.g. appending to a closed journal)."""


class MemoryStore:
    """A :class:`Store` in memory: for tests, demos and tables without a disk."""

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        self._settings: dict[str, Any] = dict(settings or {})
        self._finished: dict[str, set[str]] = {}
        self._top: dict[tuple[str, str, int], int] = {}
        self._results: dict[str, list[RoutineResult]] = {}
        self._journals: dict[int, Journal] = {}

    def setting(self, key: str, default: Any = None) -> Any:
        return self._settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self._settings[key] = value

    def finished(self, game: str) -> frozenset[str]:
        return frozenset(self._finished.get(game, ()))

    def mark_finished(self, game: str, routine_id: str) -> None:
        self._finished.setdefault(game, set()).add(routine_id)

    def top_score(self, game: str, routine_id: str, players: int | None = None) -> int | None:
        scores = [score for (g, r, n), score in self._top.items()
                  if g == game and r == routine_id and players in (None, n)]
        return max(scores, default=None)

    def add_result(self, game: str, result: RoutineResult) -> None:
        self._results.setdefault(game, []).append(result)
        if result.abandoned:
            return
        key = (game, result.routine_id, result.players)
        if result.score > self._top.get(key, -1):
            self._top[key] = result.score

    def results(self, game: str) -> tuple[RoutineResult, ...]:
        return tuple(self._results.get(game, ()))

    def reset_scores(self, game: str) -> None:
        self._results.pop(game, None)
        self._top = {key: score for key, score in self._top.items() if key[0] != game}

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
