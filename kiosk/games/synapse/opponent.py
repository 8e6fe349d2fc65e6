"""The computer opponent: which card, where and turned how, for one player.

======  =====================  ==========================================================
level   name                   how it chooses
======  =====================  ==========================================================
0       naive                  any legal placement, uniformly at random
1       greedy                 the most points for its own scoring cards right now
2       greedy with blocking   its points minus the opponent's, counting what the open
                               sides of each scoring card may still bring (so it spoils
                               the opponent's doubles and lines), and blocks on the open
                               ends of the opponent's lines
======  =====================  ==========================================================

Levels 1 and 2 hold a line or double card back while it would score little and more
than :data:`HOLD_UNTIL` cells are empty (it scores more once the grid has filled).
Every candidate is scored by the change in the points of the scoring cards it touches
(:func:`.scoring.points_at` before and after), so a choice takes a few milliseconds
(``python -m benchmarks synapse``). The real-time pace is the table's job:
:data:`PACE_SECONDS` suggests the seconds between two of its cards per level.

>>> import random
>>> from .design import default_cardset
>>> from .rules import start_round
>>> state = start_round(default_cardset(), 1, random.Random(1))
>>> choice = choose(state, Player.NORTH, 2, random.Random(1))
>>> check_placement(state, Player.NORTH, choice.card_id, choice.cell, choice.rotation)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import ROTATIONS, Card, Kind, Player, rotate
from .grid import SIZE, Cell, index, step
from .rules import Round, check_placement, legal_cells
from .scoring import arm, points_at

LEVELS = {0: "naive", 1: "greedy", 2: "greedy with blocking"}
PACE_SECONDS = {0: 6.0, 1: 4.0, 2: 3.0}  # suggested seconds between two cards
HOLD_UNTIL = 12       # empty cells above which a low-scoring line or double waits
HOLD_PENALTY = 3.0    # what waiting is worth, in points
BLOCK_WORTH = 2.0     # a block on the open end of an opponent's line, in points
EXPECTED = 1.5        # level 2: what an open side of a scoring card is worth to come


@dataclass(frozen=True)
class Choice:
    card_id: str
    cell: Cell
    rotation: int
    value: float = 0.0  # what the level thought it worth


def choose(state: Round, player: Player, level: int, rng: random.Random) -> Choice | None:
    """The next placement for ``player`` (None when it has none: round over or hand
    empty). Always legal."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r}; levels are {', '.join(map(str, LEVELS))}")
    cells = legal_cells(state)
    hand = state.hand(player)
    if not cells or not hand:
        return None
    if level == 0:
        return Choice(rng.choice(hand), rng.choice(cells), rng.choice(ROTATIONS))
    grid = list(state.grid)
    empty = sum(1 for c in grid if c is None)
    open_ends = _open_ends(state.grid, player.opponent) if level >= 2 else {}
    best: list[Choice] = []
    best_value = float("-inf")
    touched = {cell: _touched(grid, cell) for cell in cells}
    before = {c: _value_at(grid, c, level) for near in touched.values() for c in near}
    for card_id in hand:
        card = state.cardset.cards[card_id]
        for rotation, turned in _turns(card):
            for cell in cells:
                value = _worth(grid, cell, turned, player, level, touched[cell], before)
                if turned.kind is Kind.BLOCK:
                    value += BLOCK_WORTH * open_ends.get(cell, 0)
                elif turned.scoring and empty > HOLD_UNTIL and value < HOLD_PENALTY:
                    value -= HOLD_PENALTY
                if value > best_value + 1e-9:
                    best_value, best = value, [Choice(card_id, cell, rotation, value)]
                elif value > best_value - 1e-9:
                    best.append(Choice(card_id, cell, rotation, value))
    choice = rng.choice(best)
    assert check_placement(state, player, choice.card_id, choice.cell, choice.rotation) is None
    return choice


def _turns(card: Card) -> list[tuple[int, Card]]:
    """The rotations that give different cards (a block has one, a line two)."""
    seen, out = set(), []
    for rotation in ROTATIONS:
        turned = rotate(card, rotation // 90)
        key = (turned.edges, turned.arrows)
        if key not in seen:
            seen.add(key)
            out.append((rotation, turned))
    return out


def _touched(grid: list[Card | None], cell: Cell) -> set[Cell]:
    """The scoring cards whose points a card on ``cell`` may change: itself, doubles
    next to it, lines in its row or column pointing along it."""
    col, row = cell
    found = {cell}
    for other in ((col, row - 1), (col + 1, row), (col, row + 1), (col - 1, row)):
        if 0 <= other[0] < SIZE and 0 <= other[1] < SIZE:
            card = grid[index(other)]
            if card is not None and card.kind is Kind.DOUBLE:
                found.add(other)
    for k in range(SIZE):
        for other, axis in (((k, row), (1, 3)), ((col, k), (0, 2))):
            card = grid[index(other)]
            if card is not None and card.kind is Kind.LINE and card.arrows == axis:
                found.add(other)
    return found


def _worth(grid: list[Card | None], cell: Cell, card: Card, player: Player, level: int,
           touched: set[Cell], before: dict[Cell, int]) -> float:
    """The change ``card`` on ``cell`` makes to the scoring cards it touches: its
    owner's gain, less the opponent's at level 2."""
    if len(touched) == 1 and not card.scoring:
        return 0.0  # nothing scoring nearby, and the card itself scores nothing
    grid[index(cell)] = card
    try:
        total = 0.0
        for c in touched:
            owner = grid[index(c)].owner  # type: ignore[union-attr]
            change = _value_at(grid, c, level) - before[c]
            if owner is player:
                total += change
            elif owner is not None and level >= 2:
                total -= change
        return total
    finally:
        grid[index(cell)] = None


def _value_at(grid: list[Card | None], cell: Cell, level: int) -> float:
    """The points of the scoring card on ``cell``; at level 2 also what its open sides
    may still bring (a double's empty neighbours, a line's arms ending in an empty
    cell), so that spoiling an opponent's double or line counts."""
    now = points_at(grid, cell)
    card = grid[index(cell)]
    if level < 2 or card is None or not card.scoring:
        return now
    if card.kind is Kind.DOUBLE:
        open_sides = sum(1 for d in range(4) if _empty(grid, step(cell, d)))
        return now + 2 * EXPECTED * open_sides
    open_ends = sum(1 for d in card.arrows if arm(grid, cell, d)[1].startswith("the empty"))
    return now + EXPECTED * open_ends


def _empty(grid: list[Card | None], cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE and grid[index(cell)] is None


def _open_ends(grid: tuple[Card | None, ...], player: Player) -> dict[Cell, int]:
    """The empty cells where ``player``'s lines would grow, and how many lines each."""
    ends: dict[Cell, int] = {}
    for i, card in enumerate(grid):
        if card is None or card.kind is not Kind.LINE or card.owner is not player:
            continue
        cell = (i % SIZE, i // SIZE)
        for d in card.arrows:
            cells, end = arm(grid, cell, d)
            if end.startswith("the empty cell"):
                last = cells[-1] if cells else cell
                ends[step(last, d)] = ends.get(step(last, d), 0) + 1
    return ends
