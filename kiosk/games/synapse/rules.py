"""A round: the grid, both hands, and placing a card.

A :class:`Round` is immutable; :func:`place` returns the next one. The round starts
with the start card on its start cell and each player's first card (a standard card of
their deck drawn at random, unrotated) on the cell next to it on their side: north's
just north of it, south's just south. The table shows those two face down until the
round begins; for the rules they are simply placed.

A placement puts a card from the player's hand, turned by 0, 90, 180 or 270 degrees
clockwise, on an empty cell orthogonally next to a card already in the grid. It is
final. The round ends the moment a player places their last card (that player
"called Stop!" and earns the +5), or when the grid is full (no one earns it), or when
a player stops it with cards still in hand (:func:`stop`, their seat button): then the
*other* player earns the +5, as the one still in the race (``docs/synapse.md``).

>>> from .design import default_cardset
>>> import random
>>> state = start_round(default_cardset(), 1, random.Random(3))
>>> [cell_name(c) for c in legal_cells(state)][:4]
['c1', 'b2', 'd2', 'b3']
>>> state = place(state, Player.SOUTH, "S15", (1, 2), 90)
>>> state.at((1, 2)).arrows, len(state.hand(Player.SOUTH))
((1, 3), 16)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .cards import PLAYERS, Card, Kind, N, Player, S, quarter_turns, rotate
from .grid import CELLS, Cell, cell_name, index, neighbours, on_grid, start_cell, step


class IllegalPlacement(ValueError):
    """A placement the rules refuse; the message says why, in plain words."""


class IllegalStop(ValueError):
    """A stop the rules refuse (the round is already over); the message says why."""


@dataclass(frozen=True)
class CardSet:
    """Every card of a set, unrotated, by id; ``start`` is the shared start card."""

    start: Card
    cards: Mapping[str, Card] = field(default_factory=dict)

    def deck(self, player: Player) -> tuple[str, ...]:
        return tuple(i for i, c in self.cards.items() if c.owner is player)

    def __hash__(self) -> int:  # so that a Round or Game can be a dict key
        return hash((self.start, tuple(self.cards.items())))


@dataclass(frozen=True)
class Placement:
    player: Player
    card_id: str
    cell: Cell
    rotation: int = 0

    def __str__(self) -> str:
        return f"{self.player} {self.card_id} {cell_name(self.cell)} {self.rotation}"


@dataclass(frozen=True)
class StopCall:
    """A player ending the round with cards still in hand (in a record: ``north stop``)."""

    player: Player

    def __str__(self) -> str:
        return f"{self.player} stop"


@dataclass(frozen=True)
class Round:
    cardset: CardSet
    number: int
    grid: tuple[Card | None, ...]           # 36 cells, row by row from a1
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # north's, south's: ids still in hand
    first_cards: tuple[str, str]            # north's, south's
    placements: tuple[Placement, ...] = ()  # after the first cards, in order
    ended_by: Player | None = None          # who placed their last card, or stopped
    over: bool = False
    stopped: bool = False                   # ended_by stopped with cards in hand

    @property
    def bonus_to(self) -> Player | None:
        """Who earns the +5: whoever placed their last card; after a stop, the other
        player (still in the race); no one after a full grid."""
        if self.ended_by is None:
            return None
        return self.ended_by.opponent if self.stopped else self.ended_by

    def at(self, cell: Cell) -> Card | None:
        return self.grid[index(cell)] if on_grid(cell) else None

    def hand(self, player: Player) -> tuple[str, ...]:
        return self.hands[player.index]

    @property
    def start(self) -> Cell:
        return start_cell(self.number)

    def diagram(self) -> str:
        """The grid as text, a card as its id (``..`` empty), north on top."""
        rows = []
        for r in range(6):
            rows.append(" ".join(f"{(self.at((c, r)).id if self.at((c, r)) else '..'):>4}"
                                 for c in range(6)))
        return "\n".join(rows)


def start_round(cardset: CardSet, number: int, rng: random.Random) -> Round:
    """Round ``number`` (from 1): start card, each player's first card drawn with
    ``rng`` from their standard cards, the rest in hand."""
    grid: list[Card | None] = [None] * len(CELLS)
    start = start_cell(number)
    grid[index(start)] = cardset.start
    hands, firsts = [], []
    for player, side in zip(PLAYERS, (N, S), strict=True):
        deck = cardset.deck(player)
        standard = sorted(i for i in deck if cardset.cards[i].kind is Kind.STANDARD)
        if not standard:
            raise ValueError(f"{player}'s deck has no standard card to start with")
        first = rng.choice(standard)
        grid[index(step(start, side))] = cardset.cards[first]
        firsts.append(first)
        hands.append(tuple(i for i in deck if i != first))
    return Round(cardset, number, tuple(grid), (hands[0], hands[1]), (firsts[0], firsts[1]))


def legal_cells(state: Round) -> list[Cell]:
    """Empty cells next to a card, row by row from a1; none once the round is over."""
    if state.over:
        return []
    return [c for c in CELLS if state.at(c) is None
            and any(state.at(n) is not None for n in neighbours(c))]


def check_placement(state: Round, player: Player, card_id: str, cell: Cell,
                    rotation: int = 0) -> str | None:
    """Why the placement is illegal, or None if it is legal."""
    if not isinstance(player, Player):
        return f"{player!r} is not a player (north or south)"
    if state.over:
        return f"round {state.number} is over"
    if card_id not in state.hand(player):
        owner = state.cardset.cards.get(card_id)
        if owner is None:
            return f"there is no card {card_id!r}"
        if owner.owner is not player:
            return f"{card_id} is not {player}'s card"
        return f"{card_id} is already in the grid"
    if rotation not in (0, 90, 180, 270):
        return f"rotation must be 0, 90, 180 or 270 degrees, not {rotation!r}"
    if not (isinstance(cell, tuple) and len(cell) == 2 and on_grid(cell)):
        return f"{cell!r} is not a cell of the 6×6 grid"
    if state.at(cell) is not None:
        return f"{cell_name(cell)} already holds {state.at(cell).id}"  # type: ignore[union-attr]
    if not any(state.at(n) is not None for n in neighbours(cell)):
        return f"{cell_name(cell)} is not next to a card (place a card beside one, not diagonally)"
    return None


def place(state: Round, player: Player, card_id: str, cell: Cell, rotation: int = 0) -> Round:
    """The round after ``player`` places ``card_id`` on ``cell`` turned ``rotation``
    degrees clockwise; raises :class:`IllegalPlacement` with the reason."""
    problem = check_placement(state, player, card_id, cell, rotation)
    if problem:
        raise IllegalPlacement(problem)
    card = rotate(state.cardset.cards[card_id], quarter_turns(rotation))
    grid = list(state.grid)
    grid[index(cell)] = card
    hands = list(state.hands)
    hands[player.index] = tuple(i for i in hands[player.index] if i != card_id)
    emptied = not hands[player.index]
    full = all(c is not None for c in grid)
    return replace(state, grid=tuple(grid), hands=(hands[0], hands[1]),
                   placements=(*state.placements, Placement(player, card_id, cell, rotation)),
                   ended_by=player if emptied else None, over=emptied or full)


def check_stop(state: Round, player: Player) -> str | None:
    """Why ``player`` cannot stop the round now, or None if they can."""
    if not isinstance(player, Player):
        return f"{player!r} is not a player (north or south)"
    if state.over:
        return f"round {state.number} is over"
    return None


def stop(state: Round, player: Player) -> Round:
    """The round ended by ``player`` with cards still in hand (their seat button): over
    at once, the +5 to the other player. Raises :class:`IllegalStop` if it is over."""
    problem = check_stop(state, player)
    if problem:
        raise IllegalStop(problem)
    return replace(state, ended_by=player, over=True, stopped=True)


def round_over(state: Round) -> bool:
    return state.over


def make_round(cards: Mapping[Cell, Card], *, number: int = 1,
               ended_by: Player | None = None,
               hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
               stopped: bool = False) -> Round:
    """A round with ``cards`` (already turned) on their cells, for puzzles and tests:
    no start card unless one is given; the card set is the cards given."""
    grid: list[Card | None] = [None] * len(CELLS)
    for cell, card in cards.items():
        if not on_grid(cell):
            raise ValueError(f"{cell!r} is not a cell of the 6×6 grid")
        grid[index(cell)] = card
    starts = [c for c in cards.values() if c.kind is Kind.START]
    start = starts[0] if starts else Card("START", None, Kind.START)
    cardset = CardSet(start, {c.id: c for c in cards.values() if c.kind is not Kind.START})
    full = all(c is not None for c in grid)
    return Round(cardset, number, tuple(grid), hands, ("", ""), (), ended_by,
                 ended_by is not None or full, stopped and ended_by is not None)
