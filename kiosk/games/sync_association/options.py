"""How a game is set up: the seats, the mode, the variants and the box's card counts.

:class:`Options` is a frozen value; :meth:`Options.problems` lists, in sentences, what
is wrong with one (an empty list when it can be played). Seats are the table's seat
numbers in clockwise order; "left" is the next seat in that order.

>>> Options(seats=(1, 2, 3)).problems()
[]
>>> Options(seats=(1,), start_phantoms=7).problems()
['S.Y.N.C. is played by 2 to 5 players, not 1', 'start with 2 to 6 phantoms, not 7']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

PLAYERS = (2, 3, 4, 5)
START_PHANTOMS = (2, 3, 4, 5, 6)
KEY_CARDS = (2, 3, 4, 5, 6)
VICTORIES_TO_WIN = 5
LOSSES_TO_LOSE = 5
MOST_ROUNDS = VICTORIES_TO_WIN + LOSSES_TO_LOSE - 1  # the box's "9 attempts"
BLOCKS_PER_ROUND = 3
MOST_START_BLOCKS = 10
HAND_SIZE = 5
SEAT_BLOCK_ADVISED_FROM = 5  # players
# What we assume a box holds; a café sets its own counts (see docs/sync-association.md).
PHANTOM_CARDS = 60
KEY_CARDS_IN_BOX = 120


class Mode(StrEnum):
    AUTOMATIC = "automatic"  # the key cards of a round are drawn at random
    MANUAL = "manual"        # one random key card, then one from each player's hand


class Order(StrEnum):
    """In manual mode, how the players lay their key cards."""

    CLOCKWISE = "clockwise"    # one at a time, face up, from the first player
    IMPROVISED = "improvised"  # one at a time, face up, in any order the team likes
    PARALLEL = "parallel"      # all at once, face down, turned when all are down


@dataclass(frozen=True)
class Options:
    seats: tuple[int, ...] = (1, 2, 3)
    mode: Mode = Mode.AUTOMATIC
    order: Order = Order.CLOCKWISE
    start_phantoms: int = 3
    key_cards: int = 3                 # laid each round in automatic mode
    start_blocks: int | None = None    # None: one per player
    phantom_cards: int = PHANTOM_CARDS
    key_cards_in_box: int = KEY_CARDS_IN_BOX

    def __post_init__(self) -> None:
        """Plain strings ("manual", "parallel") become the enums; anything else stays for
        :meth:`problems` to name."""
        for name, kind in (("mode", Mode), ("order", Order)):
            value = getattr(self, name)
            if isinstance(value, str) and value in set(kind):
                object.__setattr__(self, name, kind(value))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def blocks_at_start(self) -> int:
        return self.players if self.start_blocks is None else self.start_blocks

    @property
    def keys_per_round(self) -> int:
        """Key cards on the table each round: in manual mode one random card and one
        from each player."""
        return self.key_cards if self.mode is Mode.AUTOMATIC else 1 + self.players

    @property
    def phantoms_needed(self) -> int:
        """The most phantom cards a game can draw: the start, then two for each won round
        and one for each lost round that does not end the game."""
        return (self.start_phantoms + 2 * (VICTORIES_TO_WIN - 1)
                + (LOSSES_TO_LOSE - 1))

    @property
    def key_cards_needed(self) -> int:
        """Key cards that must exist at once: the hands (manual mode) and one round's."""
        hands = HAND_SIZE * self.players if self.mode is Mode.MANUAL else 0
        return hands + self.keys_per_round

    def problems(self) -> list[str]:
        found = []
        if not (isinstance(self.seats, tuple) and all(type(s) is int for s in self.seats)):
            return ["the seats must be a list of seat numbers"]
        if self.players not in PLAYERS:
            found.append(f"S.Y.N.C. is played by 2 to 5 players, not {self.players}")
        if len(set(self.seats)) != len(self.seats):
            found.append("a seat is listed twice")
        if not isinstance(self.mode, Mode):
            found.append(f"the mode is automatic or manual, not {self.mode!r}")
        if not isinstance(self.order, Order):
            found.append(f"the order is clockwise, improvised or parallel, not {self.order!r}")
        if self.start_phantoms not in START_PHANTOMS:
            found.append(f"start with 2 to 6 phantoms, not {self.start_phantoms}")
        if self.key_cards not in KEY_CARDS:
            found.append(f"lay 2 to 6 key cards a round, not {self.key_cards}")
        blocks = self.start_blocks
        if blocks is not None and (type(blocks) is not int or not 0 <= blocks <= MOST_START_BLOCKS):
            found.append(f"start with 0 to {MOST_START_BLOCKS} block tokens, not {blocks}")
        if found:
            return found
        if self.phantom_cards < self.phantoms_needed:
            found.append(f"the box needs at least {self.phantoms_needed} phantom cards for "
                         f"this set-up, not {self.phantom_cards}")
        if self.key_cards_in_box < self.key_cards_needed:
            found.append(f"the box needs at least {self.key_cards_needed} key cards for "
                         f"this set-up, not {self.key_cards_in_box}")
        return found
