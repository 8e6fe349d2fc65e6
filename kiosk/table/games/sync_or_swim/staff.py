"""Staff tools of the Sync or Swim table: enrolling card tags and the deck check.

They live with the game because only the game knows its deck — the cards to enroll in
order, and the cards this player count uses — and because the game already receives
every inventory change on the controller's thread. The controller forwards staff
actions it does not know (``controller.staff("deck_check_start")``) to the game's
``staff`` method, which hands them here.

Actions (arguments in brackets):

- ``enroll_start`` [in_order=True, seat=1, lane=1], ``enroll_card`` [card],
  ``enroll_replace``, ``enroll_skip``, ``enroll_stop`` — outside a routine only;
- ``deck_check_start`` [seat=1, lane=1], ``deck_check_stop`` — during setup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kiosk.hardware.ports import InventoryChange
from kiosk.table.api import DeckCheckView, EnrollView
from kiosk.table.deck_check import DeckCheck
from kiosk.table.enroll import SETTLE_S, EnrollSession
from kiosk.table.games.sync_or_swim.view import Phase

ACTIONS = ("enroll_start", "enroll_card", "enroll_replace", "enroll_skip", "enroll_stop",
           "deck_check_start", "deck_check_stop")
ENROLL_PHASES = (Phase.ATTRACT, Phase.CHOOSING, Phase.SETUP)


class StaffTools:
    """The enrollment session and the deck check of one table (either may be None)."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.enroll: EnrollSession | None = None
        self.check: DeckCheck | None = None

    def do(self, action: str, args: Mapping[str, Any], phase: Phase,
           full_deck: Sequence[str], deck: Sequence[str], now: float) -> str | None:
        """Apply one action; a sentence if it cannot be done now."""
        if action == "enroll_start":
            if phase not in ENROLL_PHASES:
                return "Enroll tags between routines, not during one"
            book = getattr(self.context, "tags", None)
            if book is None or not hasattr(book, "bind"):
                return "This table has no card readers to enroll tags with"
            seat, lane = int(args.get("seat", 1)), int(args.get("lane", 1))
            self.enroll = EnrollSession(book, full_deck, seat=seat, lane=lane,
                                        in_order=bool(args.get("in_order", True)),
                                        settle_s=SETTLE_S)
            self.enroll.observe(self._lane(seat, lane), now)
            return None
        if action.startswith("enroll_"):
            if self.enroll is None:
                return "Start enrollment first"
            if action == "enroll_card":
                self.enroll.choose(str(args.get("card", "")))
            elif action == "enroll_replace":
                self.enroll.replace()
            elif action == "enroll_skip":
                self.enroll.skip()
            else:
                self.enroll = None
            return None
        if action == "deck_check_start":
            if phase is not Phase.SETUP or not deck:
                return "The deck check works while a routine is being set up"
            tags = getattr(self.context, "tags", None)
            if tags is None:
                return "This table has no card readers to check the deck with"
            seat, lane = int(args.get("seat", 1)), int(args.get("lane", 1))
            self.check = DeckCheck(deck, tags, seat=seat, lane=lane)
            self.check.add(self._lane(seat, lane))
            return None
        self.check = None  # deck_check_stop
        return None

    def observe(self, change: InventoryChange, now: float) -> bool:
        """An inventory change; True if a tool's view changed."""
        place = (change.seat, change.lane)
        changed = False
        if self.enroll is not None and place == self.enroll.place:
            changed = self.enroll.observe(change.uids, now)
        if self.check is not None and place == self.check.place:
            changed = self.check.add(change.uids) or changed
        return changed

    def tick(self, now: float) -> bool:
        """Time passed (a laid tag settles); True if the enrollment view changed."""
        return self.enroll is not None and self.enroll.tick(now)

    def enroll_view(self, phase: Phase) -> EnrollView | None:
        """Enrollment, until a routine starts (its cards go into play)."""
        if self.enroll is not None and phase not in ENROLL_PHASES:
            self.enroll = None
        return None if self.enroll is None else self.enroll.view()

    def check_view(self, phase: Phase, deck: Sequence[str]) -> DeckCheckView | None:
        """The deck check while setting up (against the deck of the count chosen now)."""
        if self.check is None:
            return None
        if phase is not Phase.SETUP:
            self.check = None
            return None
        self.check.expected = tuple(deck)
        return self.check.view()

    def _lane(self, seat: int, lane: int) -> frozenset[bytes]:
        lane_uids = getattr(self.context, "lane_uids", None)
        return lane_uids(seat, lane) if lane_uids is not None else frozenset()
