"""Sync or Swim's records, read from the store: each campaign routine's top score and
how often it was finished, and the last few results in plain lines.

Scores are points (``docs/sync-or-swim-scoring.md``): a result's details name their
formula (``"scoring": "points"``). Results stored before it have none: their score was
``100 × par / max(total, par)``, out of 100. They stay in the history, shown as
"out of 100 (old scoring)", and never count as a top score or on a leaderboard.

Leaderboards: one per campaign routine and one for every random routine together, each
with the best teams of today, this month and all time (local time, from the store's
stamp on each result, :attr:`GameResult.at`); a team is named by the ``team`` its result
carries (``details["team"]``), "" when it gave none. A team appears once per board and
period, with its best score.

>>> from kiosk.store.protocol import MemoryStore, GameResult
>>> store = MemoryStore()
>>> store.add_result(GAME_ID, GameResult("R01", 4, 87, 192.0))
>>> store.add_result(GAME_ID, GameResult("R01", 4, 52, 700.0, details=POINTS))
>>> records = read_records(store, {"R01": "First Splash"}, ["R01"])
>>> records.routines[0].top_score, records.recent[1]
(52, 'First Splash, 4 swimmers: 87 out of 100 (old scoring) in 3:12')
>>> best_points(store.results(GAME_ID), "R01", 4), best_points(store.results(GAME_ID), "R01", 5)
(52, None)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence

from kiosk.games.sync_or_swim.scoring import SCORING
from kiosk.table.games.sync_or_swim.view import (
    Leaderboard,
    LeaderRow,
    RoutineRecord,
    SyncRecords,
)

log = logging.getLogger(__name__)

GAME_ID = "sync_or_swim"
RECENT = 5
BOARD_ROWS = 5
RANDOM = "random"   # the board of every random routine
POINTS = {"scoring": SCORING}


def in_points(result) -> bool:
    return result.details.get("scoring") == SCORING


def best_points(results, routine: str, players: int | None = None) -> int | None:
    """The top score in points for a routine (at a table size; None: any), from the
    history; None when nobody has finished it since scores became points."""
    return max((r.score for r in results if in_points(r) and not r.abandoned
                and r.played == routine and players in (None, r.players)), default=None)


def team_of(result) -> str:
    team = result.details.get("team")
    return team.strip() if isinstance(team, str) else ""


def _day_and_month(at: float) -> tuple[tuple[int, int], tuple[int, int]]:
    moment = time.localtime(at)
    return (moment.tm_year, moment.tm_yday), (moment.tm_year, moment.tm_mon)


def leaderboards(results, names: Mapping[str, str], campaign: Sequence[str],
                 now: float) -> tuple[Leaderboard, ...]:
    """Each campaign routine's board, then the random routines' one (see above).

    >>> from kiosk.store.protocol import GameResult
    >>> won = [GameResult("R01", 4, s, 100.0, details={**POINTS, "team": t}, at=at)
    ...        for s, t, at in ((500, "Owls", 0.0), (520, "Owls", 10.0), (480, "", 10.0))]
    >>> board = leaderboards(won, {"R01": "First Splash"}, ["R01"], now=10.0)[0]
    >>> [(row.team, row.score) for row in board.periods[2]]
    [('Owls', 520), ('', 480)]
    """
    today, month = _day_and_month(now)
    rows: dict[str, list[list[LeaderRow]]] = {
        played: [[], [], []] for played in (*campaign, RANDOM)}
    seen: set[tuple[str, int, str]] = set()
    scored = sorted((r for r in results if in_points(r) and not r.abandoned),
                    key=lambda r: -r.score)
    for result in scored:
        board = result.played if result.played in campaign else RANDOM
        day, this_month = _day_and_month(result.at if result.at is not None else 0.0)
        row = LeaderRow(team_of(result), result.score, result.players)
        for period, counts in enumerate((day == today, this_month == month, True)):
            key = (board, period, row.team.casefold())
            lines = rows[board][period]
            if counts and len(lines) < BOARD_ROWS and (not row.team or key not in seen):
                seen.add(key)
                lines.append(row)
    boards = [Leaderboard(played, names.get(played, played), number,
                          tuple(tuple(period) for period in rows[played]))
              for number, played in enumerate(campaign, start=1)]
    boards.append(Leaderboard(RANDOM, "Random routines", None,
                              tuple(tuple(period) for period in rows[RANDOM])))
    return tuple(boards)


def read_records(store, names: Mapping[str, str], campaign: Sequence[str],
                 now: float | None = None) -> SyncRecords:
    """``names``: routine id -> name (every routine the table knows); ``campaign``: the
    campaign's ids in order; ``now``: wall-clock seconds (the store's clock if None).
    A store that cannot be read gives empty records."""
    try:
        results = store.results(GAME_ID)
    except Exception:
        log.exception("could not read Sync or Swim's results")
        return SyncRecords()
    done = [r for r in results if not r.abandoned]
    routines = tuple(
        RoutineRecord(names.get(routine, routine), number, best_points(results, routine),
                      sum(1 for r in done if r.played == routine))
        for number, routine in enumerate(campaign, start=1))
    recent = tuple(_line(r, names) for r in reversed(done[-RECENT:]))
    if now is None:
        now = getattr(store, "wall_clock", time.time)()
    return SyncRecords(routines, recent, leaderboards(results, names, campaign, now))


def _line(result, names: Mapping[str, str]) -> str:
    minutes, seconds = divmod(round(result.seconds), 60)
    name = names.get(result.played, "A random routine")
    score = f"{result.score} points" if in_points(result) else \
        f"{result.score} out of 100 (old scoring)"
    return f"{name}, {result.players} swimmers: {score} in {minutes}:{seconds:02d}"
