"""What a game played on the screen alone shares: a cached view, UI commands sent to
its ``_do_<name>`` methods (a wrong command or wrong details answered with a sentence,
never an exception), and the table's hardware inputs (seat buttons, stop pads,
lanes) ignored. Synchro and Synapse are such games; a subclass sets ``game_id``,
``name`` and ``commands`` and writes ``_build_view``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from kiosk.store.protocol import GameResult, Journal, Store
from kiosk.table.api import TableView
from kiosk.table.games import NOTHING, Effects, problem
from kiosk.table.journal import GameJournal

log = logging.getLogger(__name__)


class ScreenGame:
    game_id = ""
    name = ""                      # the game's name in sentences
    commands: tuple[str, ...] = ()

    store: Store
    _journal: GameJournal
    _view: TableView | None = None

    # ------------------------------------------------------------------ the store, guarded

    def _results(self) -> tuple[GameResult, ...]:
        try:
            return self.store.results(self.game_id)
        except Exception:
            log.exception("could not read %s's results", self.name)
            return ()

    def _save_result(self, result: GameResult) -> None:
        try:
            self.store.add_result(self.game_id, result)
        except Exception:
            log.exception("could not store the game's result")

    def _resume(self) -> None:
        """Bring back the newest open journal of the game (``_replay``, then
        ``_resumed``). A journal that cannot be replayed is closed (and logged) and
        ``_forget`` clears what the replay left, so a bad one cannot stop every start-up."""
        journal = self._journal.latest()
        if journal is None:
            return
        try:
            self._replay(journal)
        except (ValueError, KeyError, TypeError, IndexError) as error:
            log.error("the game in journal %s cannot be resumed (%s); it is closed",
                      journal.id, error)
            self._journal.discard(journal.id)
            self._forget()
            return
        self._journal.id = journal.id
        self._resumed(journal)

    def _replay(self, journal: Journal) -> None:
        raise NotImplementedError

    def _resumed(self, journal: Journal) -> None:
        raise NotImplementedError

    def _forget(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ the contract

    def view(self) -> TableView:
        if self._view is None:
            self._view = self._build_view()
        return self._view

    def _build_view(self) -> TableView:
        raise NotImplementedError

    def _changed(self) -> None:
        self._view = None

    def time_left(self, now: float) -> float | None:
        return None

    def command(self, name: str, args: Mapping[str, Any], now: float) -> Effects:
        handler = getattr(self, f"_do_{name}", None)
        if name not in (*self.commands, "wake", "abandon") or handler is None:
            return problem(f"{self.name} has no command '{name}'")
        refusal = self._refusal()
        if refusal:
            return problem(refusal)
        try:
            effects = handler(now, **dict(args))
        except TypeError as error:
            return problem(f"'{name}' cannot take these details ({error})")
        self._changed()
        return effects

    def _refusal(self) -> str:
        """A sentence when no command can run now (a broken content file); else ''."""
        return ""

    def staff(self, action: str, args: Mapping[str, Any], now: float) -> Effects | None:
        return None

    def seat_pressed(self, seat: int, t: float, now: float) -> Effects:
        return NOTHING

    def seat_held(self, seat: int, t: float, now: float) -> Effects:
        return NOTHING

    def stop(self, t: float, now: float) -> Effects:
        return NOTHING

    def lanes_read(self, reading, now: float) -> Effects:
        return NOTHING

    def inventory_changed(self, change, now: float) -> Effects:
        return NOTHING
