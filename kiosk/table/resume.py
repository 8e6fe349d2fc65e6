"""Time after a reboot: the controller's clock continues from the last journaled moment.

The controller's clock is monotonic seconds, which start again near zero when the Pi
boots, while an open journal holds the times of the routine before the power cut. A
resumed session refuses an action earlier than its last one, and the time between
practices is measured across the cut — so the controller adds a shift to its clock
that puts "now" at the last journaled moment. The minutes the table was dark are not
charged to the team: the routine continues where its journal ends.

>>> from kiosk.store.protocol import MemoryStore
>>> store = MemoryStore()
>>> journal = store.open_journal("a_game", {})
>>> store.append_journal(journal, "begin", 5000.0)
>>> shift = clock_shift(store, now=12.5)
>>> 12.5 + shift >= 5000.0, shift
(True, 4987.5)
"""

from __future__ import annotations

import logging
import math

from kiosk.store.protocol import Store

log = logging.getLogger(__name__)


def last_journaled(store: Store) -> float | None:
    """The latest time in any open journal, or None if nothing is open."""
    times = [entry.now for journal in store.open_journals() for entry in journal.entries]
    return max(times, default=None)


def clock_shift(store: Store, now: float) -> float:
    """Seconds to add to the clock so that ``now + shift`` is not before the journal's end.

    0 when there is nothing to resume or the clock is already past it (no reboot). A
    store that cannot be read gives 0 (logged): the game then finds nothing to resume.
    """
    try:
        last = last_journaled(store)
    except Exception:
        log.exception("could not read the open journals to set the clock")
        return 0.0
    if last is None or now >= last:
        return 0.0
    shift = last - now
    while now + shift < last:  # float rounding must not put "now" a hair before it
        shift = math.nextafter(shift, math.inf)
    return shift
