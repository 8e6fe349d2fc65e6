"""Sync or Swim's records, read from the store: each campaign routine's top score and
how often it was finished, and the last few results in plain lines.

Scores are points (``docs/sync-or-swim-scoring.md``): a result's details name their
formula (``"scoring": "points"``). Results stored before it have none: their score was
``100 × par / max(total, par)``, out of 100. They stay in the history, shown as
"out of 100 (old scoring)", and never count as a top score: the store's own top score
mixes both, so the top scores here are read from the history instead.

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
from collections.abc import Mapping, Sequence

from kiosk.games.sync_or_swim.scoring import SCORING
from kiosk.table.games.sync_or_swim.view import RoutineRecord, SyncRecords

log = logging.getLogger(__name__)

GAME_ID = "sync_or_swim"
RECENT = 5
POINTS = {"scoring": SCORING}


def in_points(result) -> bool:
    return result.details.get("scoring") == SCORING


def best_points(results, routine: str, players: int | None = None) -> int | None:
    """The top score in points for a routine (at a table size; None: any), from the
    history; None when nobody has finished it since scores became points."""
    return max((r.score for r in results if in_points(r) and not r.abandoned
                and r.played == routine and players in (None, r.players)), default=None)


def read_records(store, names: Mapping[str, str], campaign: Sequence[str]) -> SyncRecords:
    """``names``: routine id -> name (every routine the table knows); ``campaign``: the
    campaign's ids in order. A store that cannot be read gives empty records."""
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
    return SyncRecords(routines, recent)


def _line(result, names: Mapping[str, str]) -> str:
    minutes, seconds = divmod(round(result.seconds), 60)
    name = names.get(result.played, "A random routine")
    score = f"{result.score} points" if in_points(result) else \
        f"{result.score} out of 100 (old scoring)"
    return f"{name}, {result.players} swimmers: {score} in {minutes}:{seconds:02d}"
