"""One game's journal in the store, guarded.

Every game's table logic journals its actions so a power cut resumes the game. A
store that fails (a full disk, a locked file) must never stop the game in front of the
players: each call here logs the failure and the game goes on without a journal.
``latest()`` finds the journal to resume at start-up and closes older ones, since
only the newest game of a kind can be the one that was cut off.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from kiosk.store.protocol import Journal, Store

log = logging.getLogger(__name__)


class GameJournal:
    """The journal of the game in progress (``id`` is None when there is none)."""

    def __init__(self, store: Store, game_id: str) -> None:
        self.store, self.game_id = store, game_id
        self.id: int | None = None

    def open(self, setup: Mapping[str, Any]) -> None:
        try:
            self.id = self.store.open_journal(self.game_id, setup)
        except Exception:
            log.exception("could not open the game's journal; the game goes on")
            self.id = None

    def add(self, action: str, now: float, args: tuple[Any, ...] = ()) -> None:
        if self.id is None:
            return
        try:
            self.store.append_journal(self.id, action, now, args)
        except Exception:
            log.exception("could not journal %s; the game goes on", action)

    def close(self) -> None:
        if self.id is not None:
            self.discard(self.id)
        self.id = None

    def discard(self, journal_id: int) -> None:
        """Close a journal by id (one that cannot be resumed, or a stale one)."""
        try:
            self.store.close_journal(journal_id)
        except Exception:
            log.exception("could not close journal %s", journal_id)

    def latest(self) -> Journal | None:
        """The newest open journal of this game, older ones closed; None if none
        (or the store cannot be read, which is logged)."""
        try:
            journals = [j for j in self.store.open_journals() if j.game == self.game_id]
        except Exception:
            log.exception("could not read the open journals")
            return None
        if not journals:
            return None
        *old, journal = journals
        for stale in old:
            log.warning("closing %s journal %s: a newer one replaces it",
                        self.game_id, stale.id)
            self.discard(stale.id)
        return journal

    def has_result(self, journal_id: int) -> bool:
        """Whether a result already names this journal (stored before the cut)."""
        return any(r.details.get("journal") == journal_id
                   for r in self.store.results(self.game_id))
