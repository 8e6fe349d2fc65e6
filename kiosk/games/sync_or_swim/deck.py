"""The physical Sync cards during play: draw pile, face-up discards, hands and lanes.

The kiosk itself never sees a hand; this model exists for simulations, demos and the
content solver, which must move cards exactly as a real table would. Every operation
either completes or, when it is not allowed, raises a :class:`DeckError` and changes
nothing, so the multiset of cards on the table is always conserved.

Seats are listed clockwise; a swimmer's *left* is the next seat in that list (wrapping),
the same convention as :mod:`.judge`. The top of a pile is the end of its list.

>>> import random
>>> from .cards import parse_cards
>>> table = TableCards(parse_cards(["blue-1", "blue-2", "green-3", "gray-4", "yellow-5",
...                                 "blue-6", "green-7"]), seats=[1, 2, 3],
...                    rng=random.Random(7))
>>> table.shuffle()
>>> table.deal()
>>> [len(table.hand(seat)) for seat in (1, 2, 3)], len(table.draw_pile)
([2, 2, 2], 1)
>>> card = table.hand(1)[0]
>>> table.place(1, lane=1, cards=[card])
>>> table.lanes_snapshot() == {(1, 1): (card,)}
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import Card

LANES = 5
"""Lanes on a Swimmer Platform (numbered 1-5)."""


class DeckError(ValueError):
    """Base of every refused card movement; also a ValueError for plain callers."""


class UnknownSeatError(DeckError):
    """A seat that is not at this table."""


class CardNotInHandError(DeckError):
    """A swimmer tried to discard, pass or place a card they do not hold."""


class NoLaneError(DeckError):
    """A lane number outside the Swimmer Platform."""


class NotDivingError(DeckError):
    """``dive_again`` without a dive just before it by the same swimmer."""


class OutOfCardsError(DeckError):
    """A card must be drawn but the draw pile and the discards are both empty."""


class TableCards:
    """Where every Sync card lies: ``draw_pile``, ``discards``, hands and lanes.

    ``sudden_depth`` turns on the Sudden Depth twist: after placing cards in a lane, a
    swimmer passes the rest of their hand to the swimmer on their left.
    """

    def __init__(self, cards: Iterable[Card], seats: Sequence[int], rng: random.Random,
                 *, sudden_depth: bool = False, lanes: int = LANES) -> None:
        seats = tuple(seats)
        if not seats or len(set(seats)) != len(seats):
            raise DeckError(f"seats must be distinct and not empty, got {list(seats)}")
        self.seats = seats
        self.rng = rng
        self.sudden_depth = sudden_depth
        self.lane_count = lanes
        self.draw_pile: list[Card] = list(cards)
        self.discards: list[Card] = []
        self.hands: dict[int, list[Card]] = {seat: [] for seat in seats}
        self.lanes: dict[int, dict[int, list[Card]]] = {seat: {} for seat in seats}
        self._just_drawn: dict[int, Card] = {}

    # -- looking -------------------------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        self._check_seat(seat)
        return tuple(self.hands[seat])

    def lane(self, seat: int, lane: int) -> tuple[Card, ...]:
        self._check_seat(seat)
        return tuple(self.lanes[seat].get(lane, ()))

    def left_of(self, seat: int) -> int:
        """The next seat clockwise: where Sudden Depth sends a hand."""
        self._check_seat(seat)
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def all_cards(self) -> Counter[Card]:
        """Every card wherever it lies; operations never change this multiset."""
        every: Counter[Card] = Counter(self.draw_pile) + Counter(self.discards)
        for seat in self.seats:
            every += Counter(self.hands[seat])
            for cards in self.lanes[seat].values():
                every += Counter(cards)
        return every

    def lanes_snapshot(self) -> dict[tuple[int, int], tuple[Card, ...]]:
        """``{(seat, lane): cards}`` for every non-empty lane, ready for ``judge.Table``."""
        return {(seat, lane): tuple(cards)
                for seat in self.seats
                for lane, cards in sorted(self.lanes[seat].items()) if cards}

    def diving(self, seat: int) -> Card | None:
        """The card ``seat`` just drew by diving, while they may still dive again."""
        return self._just_drawn.get(seat)

    # -- moving --------------------------------------------------------------------

    def shuffle(self) -> None:
        """Shuffle the draw pile with the injected random source."""
        self.rng.shuffle(self.draw_pile)

    def deal(self, count: int = 2) -> None:
        """Deal ``count`` cards to each swimmer, one at a time clockwise from the first
        seat, rebuilding the draw pile from the discards if it runs out."""
        if count < 0:
            raise DeckError(f"cannot deal {count} cards; deal 0 or more")
        needed = count * len(self.seats)
        available = len(self.draw_pile) + len(self.discards)
        if needed > available:
            raise OutOfCardsError(
                f"dealing {count} to {len(self.seats)} swimmers needs {needed} cards, but "
                f"only {available} are in the draw pile and discards; gather the cards first")
        self._just_drawn.clear()
        for _ in range(count):
            for seat in self.seats:
                self.hands[seat].append(self._draw())

    def dive(self, seat: int, card_a: Card, card_b: Card) -> Card:
        """Deck diving: discard two cards face up, draw one into the hand and return it."""
        self._check_hand(seat, [card_a, card_b])
        self._end_dive(seat)
        for card in (card_a, card_b):
            self.hands[seat].remove(card)
            self.discards.append(card)
        drawn = self._draw()
        self.hands[seat].append(drawn)
        self._just_drawn[seat] = drawn
        return drawn

    def dive_again(self, seat: int) -> Card:
        """Discard the card just drawn by diving and draw another in its place."""
        self._check_seat(seat)
        drawn = self._just_drawn.get(seat)
        if drawn is None:
            raise NotDivingError(
                f"seat {seat} can dive again only right after diving (discard 2, draw 1)")
        self.hands[seat].remove(drawn)
        self.discards.append(drawn)
        again = self._draw()
        self.hands[seat].append(again)
        self._just_drawn[seat] = again
        return again

    def pass_card(self, from_seat: int, to_seat: int, card: Card) -> None:
        """Pass one card face down from one swimmer's hand to another's."""
        self._check_seat(to_seat)
        self._check_hand(from_seat, [card])
        if from_seat == to_seat:
            raise DeckError(f"seat {from_seat} cannot pass a card to themselves")
        self._end_dive(from_seat)
        self.hands[from_seat].remove(card)
        self.hands[to_seat].append(card)

    def place(self, seat: int, lane: int, cards: Iterable[Card]) -> None:
        """Place cards from the hand face down in one of the swimmer's lanes.

        Under Sudden Depth the swimmer then passes what is left in hand to their left.
        """
        cards = list(cards)
        if not 1 <= lane <= self.lane_count:
            raise NoLaneError(f"lane {lane} does not exist; lanes are 1 to {self.lane_count}")
        if not cards:
            raise DeckError(f"seat {seat} must place at least one card in lane {lane}")
        self._check_hand(seat, cards)
        self._end_dive(seat)
        for card in cards:
            self.hands[seat].remove(card)
        self.lanes[seat].setdefault(lane, []).extend(cards)
        if self.sudden_depth:
            left = self.left_of(seat)
            if left != seat:
                self.hands[left].extend(self.hands[seat])
                self.hands[seat].clear()

    def gather_and_reshuffle(self) -> None:
        """Between rounds and on TRY AGAIN: every card back into one shuffled draw pile."""
        gathered = self.draw_pile + self.discards
        for seat in self.seats:
            gathered += self.hands[seat]
            self.hands[seat] = []
            for cards in self.lanes[seat].values():
                gathered += cards
            self.lanes[seat] = {}
        self.draw_pile = gathered
        self.discards = []
        self._just_drawn.clear()
        self.shuffle()

    # -- inside --------------------------------------------------------------------

    def _draw(self) -> Card:
        if not self.draw_pile:
            if not self.discards:
                raise OutOfCardsError(
                    "no cards are left to draw: the draw pile and the discards are empty")
            self.draw_pile, self.discards = self.discards, []
            self.shuffle()
        return self.draw_pile.pop()

    def _end_dive(self, seat: int) -> None:
        self._just_drawn.pop(seat, None)

    def _check_seat(self, seat: int) -> None:
        if seat not in self.hands:
            raise UnknownSeatError(
                f"seat {seat} is not at this table (seats are {list(self.seats)})")

    def _check_hand(self, seat: int, cards: Sequence[Card]) -> None:
        self._check_seat(seat)
        held = Counter(self.hands[seat])
        for card, wanted in Counter(cards).items():
            if held[card] < wanted:
                times = "" if wanted == 1 else f" {wanted} times"
                raise CardNotInHandError(f"seat {seat} does not hold {card}{times}")
