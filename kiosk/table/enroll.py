"""Enrollment: staff bind the tag under each card to the card's name, one tag at a time.

Staff choose one reader lane as the enrollment place (say seat 1 lane 1) and lay cards
there. Two ways:

- **in order** (``in_order=True``): the screen names the next card ("blue-1-LH"), staff
  lay it, its new tag is bound, the next card is named — a new deck in minutes;
- **card by card**: staff pick a card (:meth:`EnrollSession.choose`), lay it, done.

What can go wrong is caught, never guessed: a tag that already names *another* card
waits for :meth:`~EnrollSession.replace` or :meth:`~EnrollSession.skip` (a mis-scan must
not silently move a tag); a tag that already names *this* card is skipped; two tags on
the antenna at once bind nothing until one card lies there alone.

A tag is bound only once it has lain alone for ``settle_s`` seconds: a stack laid on
the reader arrives as one tag event after another, a few milliseconds apart, and the
first of them must not be taken for the card on screen.

The session is a plain state machine: whoever watches the readers feeds it what the lane
holds (:meth:`~EnrollSession.observe`) — the game on the controller's thread in the app,
:mod:`kiosk.table.enroll_console` in ``kiosk enroll``. It binds through a :class:`TagBook`, so the
game knows each tag at once.

>>> from kiosk.table.tag_book import TagBook
>>> session = EnrollSession(TagBook(), ["blue-1-LH", "blue-2-BH-LF"])
>>> session.view().message
'Lay blue-1-LH on seat 1 lane 1'
>>> _ = session.observe({bytes.fromhex("04000001")}, now=0.0)
>>> session.view().last, session.view().done, session.view().card
('blue-1-LH is tagged', 1, 'blue-2-BH-LF')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from kiosk.hardware.tagmap import format_uid
from kiosk.store.protocol import StoreError
from kiosk.table.api import EnrollView

LAY, CHOOSE, DUPLICATE, TWO_TAGS, DONE = "lay", "choose", "duplicate", "two tags", "done"
SETTLE_S = 0.3  # a tag alone this long is one card, not the first of a stack


class Book(Protocol):
    """What enrollment needs of the tag map (:class:`~kiosk.table.tag_book.TagBook`)."""

    def card(self, uid: bytes) -> str | None: ...
    def uid(self, card: str) -> bytes | None: ...
    def bind(self, uid: bytes, card: str, *, replace: bool = False) -> None: ...
    def cards_with_own_tag(self) -> frozenset[str]: ...


class EnrollSession:
    """One enrollment at one place; see the module docstring."""

    def __init__(self, book: Book, cards: Sequence[str], *, seat: int = 1, lane: int = 1,
                 in_order: bool = True, settle_s: float = 0.0) -> None:
        if not cards:
            raise ValueError("there are no cards to enroll")
        self.book, self.cards = book, tuple(cards)
        self.seat, self.lane, self.in_order = seat, lane, in_order
        self.settle_s = settle_s
        self.since = self.now = 0.0            # when the lane last changed; latest time
        self.unclaimed = False                 # the handled tag waits for a card pick
        self.index = 0                         # in order: the card wanted now
        self.chosen: str | None = None         # card by card: the card picked
        self.step = LAY if in_order else CHOOSE
        self.present: frozenset[bytes] = frozenset()
        self.handled: bytes | None = None      # the tag dealt with, still on the reader
        self.pending: tuple[bytes, str] | None = None  # (uid, the card it names now)
        self.bound = self.skipped = 0
        self.last, self.last_ok = "", True
        self._view: EnrollView | None = None

    @property
    def place(self) -> tuple[int, int]:
        return self.seat, self.lane

    @property
    def card(self) -> str | None:
        """The card whose tag is wanted now."""
        if self.in_order:
            return self.cards[self.index] if self.index < len(self.cards) else None
        return self.chosen

    # ------------------------------------------------------------------ inputs

    def observe(self, uids: Iterable[bytes], now: float) -> bool:
        """The enrollment lane holds ``uids`` since ``now``; True if the view changed."""
        uids = frozenset(uids)
        if uids == self.present:
            return self.tick(now)
        self.present, self.since = uids, now
        if self.handled not in uids:
            self.handled, self.unclaimed = None, False
        if len(uids) > 1:
            self.pending = None
            self.step = TWO_TAGS
        elif self.step == TWO_TAGS:
            self.step = self._resting()
        self._view = None
        self.tick(now)
        return True

    def tick(self, now: float) -> bool:
        """Time passed: bind a new tag that has lain alone long enough."""
        self.now = max(self.now, now)
        if len(self.present) != 1 or now - self.since < self.settle_s:
            return False
        (uid,) = self.present
        if uid == self.handled:
            return False
        self._tag(uid)
        return True

    def choose(self, card: str) -> None:
        """Card by card: the next tag laid is this card's (one lying there already is)."""
        named = {c.lower(): c for c in self.cards}.get(card.strip().lower())
        if named is None:
            self._said(f"{card!r} is not a card of this deck", ok=False)
            return
        card = named
        self.chosen, self.pending = card, None
        self.step = LAY
        if self.unclaimed:
            self.handled, self.unclaimed = None, False
        self._view = None
        self.tick(self.now)

    def replace(self) -> None:
        """The tag in question names another card: make it this card's."""
        if self.pending is None or self.card is None:
            self._said("There is no tag waiting for replace or skip", ok=False)
            return
        uid, old = self.pending
        card = self.card
        if self._bind(uid, card, replace=True):
            self._said(f"{card} is tagged (that tag was {old} before)")
            self._advance()

    def skip(self) -> None:
        """Leave the tag in question as it is; with none in question, skip this card."""
        if self.pending is not None:
            _, old = self.pending
            self.pending = None
            self.step = self._resting()
            self._said(f"That tag stays {old}: lay another tag for {self.card}", ok=False)
        elif self.card is not None:
            self.skipped += 1
            self._said(f"Skipped {self.card}", ok=False)
            self._advance()
        self._view = None

    # ------------------------------------------------------------------ the view

    def view(self) -> EnrollView:
        if self._view is None:
            # A card known only by the example map's made-up UID has no tag a reader
            # can see: counting it made "80 of 80 cards have a tag" after binding 2.
            tagged = frozenset(self.cards) & self.book.cards_with_own_tag()
            done = self.index if self.in_order else len(tagged)
            self._view = EnrollView(
                self.in_order, self.seat, self.lane, self.step, self.card, done,
                len(self.cards), self._message(), self.last, self.last_ok, self.cards,
                tagged)
        return self._view

    @property
    def finished(self) -> bool:
        return self.step == DONE

    # ------------------------------------------------------------------ inside

    def _tag(self, uid: bytes) -> None:
        self.handled = uid
        card = self.card
        if card is None:
            self.unclaimed = not self.in_order  # picking a card binds it
            self._said("Pick the card this tag is under first" if not self.in_order
                       else "Every card is done", ok=False)
            return
        bound = self.book.card(uid)
        if bound == card:
            self._said(f"That tag already is {card}: nothing to do")
            self._advance()
        elif bound is not None:
            self.pending = (uid, bound)
            self.step = DUPLICATE
            self._said(f"Tag {format_uid(uid)} is already {bound}", ok=False)
        elif self._bind(uid, card):
            self._said(f"{card} is tagged")
            self._advance()

    def _bind(self, uid: bytes, card: str, replace: bool = False) -> bool:
        try:
            self.book.bind(uid, card, replace=replace)
        except StoreError as error:
            self._said(f"Not saved: {error}", ok=False)
            return False
        self.bound += 1
        self.pending = None
        return True

    def _advance(self) -> None:
        self.pending = None
        if self.in_order:
            self.index += 1
        else:
            self.chosen = None
        self.step = self._resting()
        self._view = None

    def _resting(self) -> str:
        if self.pending is not None:
            return DUPLICATE
        if self.in_order:
            return LAY if self.index < len(self.cards) else DONE
        return LAY if self.chosen is not None else CHOOSE

    def _said(self, text: str, ok: bool = True) -> None:
        self.last, self.last_ok = text, ok
        self._view = None

    def _message(self) -> str:
        where = f"seat {self.seat} lane {self.lane}"
        if self.step == TWO_TAGS:
            return (f"{len(self.present)} tags are on {where} at once: "
                    "lift them and lay one card at a time")
        if self.step == DUPLICATE and self.pending is not None:
            return (f"This tag already is {self.pending[1]}. Replace: make it {self.card}; "
                    "Skip: leave it as it is")
        if self.step == DONE:
            return (f"All {len(self.cards)} cards are done: {self.bound} tagged, "
                    f"{self.skipped} skipped")
        if self.step == CHOOSE:
            return f"Pick a card, then lay it on {where}"
        return f"Lay {self.card} on {where}"
