"""Sync or Swim's records, read from the store: each campaign routine's top score and
how often it was finished, and the last few results in plain lines.

>>> from kiosk.store.protocol import MemoryStore, GameResult
>>> store = MemoryStore()
>>> store.add_result(GAME_ID, GameResult("R01", 4, 87, 192.0))
>>> records = read_records(store, {"R01": "First Splash"}, ["R01"])
>>> records.routines[0].top_score, records.recent
(87, ('First Splash, 4 swimmers: 87 points in 3:12',))
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from kiosk.table.games.sync_or_swim.view import RoutineRecord, SyncRecords

log = logging.getLogger(__name__)

GAME_ID = "sync_or_swim"
RECENT = 5


def read_records(store, names: Mapping[str, str], campaign: Sequence[str]) -> SyncRecords:
    """``names``: routine id -> name (every routine the table knows); ``campaign``: the
    campaign's ids in order. A store that cannot be read gives empty records."""
    try:
        results = store.results(GAME_ID)
        tops = {routine: store.top_score(GAME_ID, routine) for routine in campaign}
    except Exception:
        log.exception("could not read Sync or Swim's results")
        return SyncRecords()
    done = [r for r in results if not r.abandoned]
    routines = tuple(
        RoutineRecord(names.get(routine, routine), number, tops[routine],
                      sum(1 for r in done if r.played == routine))
        for number, routine in enumerate(campaign, start=1))
    recent = tuple(_line(r, names) for r in reversed(done[-RECENT:]))
    return SyncRecords(routines, recent)


def _line(result, names: Mapping[str, str]) -> str:
    minutes, seconds = divmod(round(result.seconds), 60)
    name = names.get(result.played, "A random routine")
    return (f"{name}, {result.players} swimmers: {result.score} points in "
            f"{minutes}:{seconds:02d}")
