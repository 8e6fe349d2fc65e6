"""The state of a game: an immutable value; :mod:`.rules` makes the next one.

Phantom and key cards are known by ids only (``1 .. phantom_cards`` and
``1 .. key_cards_in_box``): the cards stay in their box on the table and the kiosk never
knows what is on them. Each deck is shuffled with a ``random.Random`` seeded from the
game's seed, so a seed and the actions replay a game exactly.

The open phantoms are ``open[0]`` under marker 1, ``open[1]`` under marker 2, ...: a
replacement takes the marker of the phantom it replaces and an added phantom takes the
next marker, so the markers in play are always ``1 .. len(open)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from .actions import Mood, Target
from .options import LOSSES_TO_LOSE, VICTORIES_TO_WIN, Mode, Options, Order


class Phase(StrEnum):
    LAYING = "laying"          # manual mode: players lay key cards from their hands
    BLOCKING = "blocking"      # the first player may lay block tokens
    CHOOSING = "choosing"      # synchronisers set in secret, moods shown
    WON = "won"                # revealed, all equal: the table is laid for the next round
    LOST = "lost"              # revealed, not all equal: a phantom goes to the loss pile
    LOST_DISCARDED = "lost_discarded"  # ... done: the table is laid for the next round
    OVER = "over"


class Outcome(StrEnum):
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True)
class RoundResult:
    """A revealed round, as the screens and achievements need it."""

    number: int
    first: int                                # the first player's seat
    keys: tuple[tuple[int | None, int], ...]  # (seat or None for a random card, card id)
    blocks: tuple[tuple[Target, int], ...]
    choices: tuple[tuple[int, int], ...]      # (seat, phantom number) for counted seats
    outcome: Outcome
    number_won: int | None = None             # the phantom number all chose
    card: int | None = None                   # the phantom card won, or lost (discarded)
    discarded: int | None = None              # the phantom number moved to the loss pile


@dataclass(frozen=True)
class Game:
    options: Options
    seed: int
    number: int                                 # this round, from 1
    first: int                                  # the first player's seat
    phase: Phase
    open: tuple[int, ...]                       # phantom card id under markers 1, 2, ...
    phantom_deck: tuple[int, ...]               # still in the box, next drawn first
    victories: tuple[int, ...] = ()             # phantom card ids
    losses: tuple[int, ...] = ()
    blocks_held: int = 0                        # block tokens the first player holds
    blocks_spent: int = 0                       # over the whole game
    key_deck: tuple[int, ...] = ()
    key_discard: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()     # manual mode: per seat, in seat order
    keys: tuple[tuple[int | None, int], ...] = ()  # this round's: (seat or None, card)
    blocks: tuple[tuple[Target, int], ...] = ()    # this round's block tokens
    choices: tuple[tuple[int, int], ...] = ()      # (seat, number), secret until revealed
    moods: tuple[tuple[int, Mood], ...] = ()
    history: tuple[RoundResult, ...] = field(default=())

    # -- what the screens and the rules ask

    @property
    def seats(self) -> tuple[int, ...]:
        return self.options.seats

    @property
    def numbers(self) -> tuple[int, ...]:
        """The markers of the open phantoms: 1 .. n."""
        return tuple(range(1, len(self.open) + 1))

    def blocked(self, kind: Target, value: int) -> bool:
        return (kind, value) in self.blocks

    @property
    def choosable(self) -> tuple[int, ...]:
        """Open phantom numbers not blocked this round."""
        return tuple(n for n in self.numbers if not self.blocked(Target.PHANTOM, n))

    @property
    def counted(self) -> tuple[int, ...]:
        """Seats whose synchroniser counts this round (not blocked), clockwise."""
        return tuple(s for s in self.seats if not self.blocked(Target.SEAT, s))

    def choice(self, seat: int) -> int | None:
        return dict(self.choices).get(seat)

    def mood(self, seat: int) -> Mood | None:
        return dict(self.moods).get(seat)

    def hand(self, seat: int) -> tuple[int, ...]:
        if self.options.mode is not Mode.MANUAL or seat not in self.seats:
            return ()
        return self.hands[self.seats.index(seat)]

    @property
    def laid_by(self) -> tuple[int, ...]:
        """Seats that laid a key card this round."""
        return tuple(s for s, _ in self.keys if s is not None)

    @property
    def to_lay(self) -> tuple[int, ...]:
        """Manual mode: seats still to lay a key card, clockwise from the first player."""
        if self.phase is not Phase.LAYING:
            return ()
        return tuple(s for s in clockwise_from(self.seats, self.first) if s not in self.laid_by)

    @property
    def keys_face_down(self) -> bool:
        """Parallel laying: the players' key cards stay face down until all are laid."""
        return self.phase is Phase.LAYING and self.options.order is Order.PARALLEL

    @property
    def waiting(self) -> tuple[int, ...]:
        """Counted seats that have not chosen yet (while choosing)."""
        if self.phase is not Phase.CHOOSING:
            return ()
        return tuple(s for s in self.counted if self.choice(s) is None)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def won(self) -> bool:
        """The team won the game (5 phantoms in the victory pile)."""
        return len(self.victories) >= VICTORIES_TO_WIN

    @property
    def lost(self) -> bool:
        return len(self.losses) >= LOSSES_TO_LOSE

    @property
    def last(self) -> RoundResult | None:
        return self.history[-1] if self.history else None

    @property
    def revealed(self) -> bool:
        return self.phase in (Phase.WON, Phase.LOST, Phase.LOST_DISCARDED, Phase.OVER)


def clockwise_from(seats: tuple[int, ...], first: int) -> tuple[int, ...]:
    i = seats.index(first)
    return seats[i:] + seats[:i]


def left_of(seats: tuple[int, ...], seat: int) -> int:
    return seats[(seats.index(seat) + 1) % len(seats)]


def rng_for(seed: int, purpose: str) -> random.Random:
    return random.Random(f"sync-association:{seed}:{purpose}")


def shuffled(cards: range | tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    deck = list(cards)
    rng.shuffle(deck)
    return tuple(deck)
