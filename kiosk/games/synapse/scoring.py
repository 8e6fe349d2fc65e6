"""Scoring a round, with an explanation of every point for the screen to draw.

- A **connection** joins two orthogonally adjacent cards (whoever owns them) when both
  touching edges can connect: icon to icon scores the number of matching attributes
  (shape, colour, number: 0 to 3); a wild card's marked edge next to an icon scores 3.
  A blank edge, a wild's unmarked edge, a line card (no icons), two wild marks facing
  each other and any edge of a block form no connection.
- A **line** card scores, for its owner, the connections between consecutive cards in
  line with its arrows, walking out from the line card both ways until a block, an
  empty cell or the edge of the grid. The line card itself has no icons, so the cards
  on either side of it are not connected through it.
- A **double** card scores, for its owner, twice the connections on its own four edges.
- A connection may earn points for several scoring cards (a line and a double, even
  both players'); standard, wild, block and start cards earn nothing themselves.
- The player who ended the round (placed their last card) earns 5 more.

>>> from .cards import Icon
>>> a = Card("a", None, Kind.STANDARD, (None, Icon("triangle", "black", 3), None, None))
>>> b = Card("b", None, Kind.STANDARD, (None, None, None, Icon("square", "black", 2)))
>>> connection(a, b, E)
(1, '3 black triangle next to 2 black square: colour')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import DIRECTIONS, MARK, PLAYERS, Card, E, Icon, Kind, Player, S, opposite
from .grid import CELLS, Cell, cell_name, index, on_grid, step
from .rules import Round

BONUS = 5


def connection(a: Card, b: Card, direction: int) -> tuple[int, str] | None:
    """The connection between ``a`` and ``b`` lying ``direction`` from it: (value,
    why), or None when the touching edges form no connection."""
    if a.kind is Kind.BLOCK or b.kind is Kind.BLOCK:
        return None
    ea, eb = a.edges[direction], b.edges[opposite(direction)]
    if ea is None or eb is None or (ea is MARK and eb is MARK):
        return None
    if ea is MARK or eb is MARK:
        icon = eb if ea is MARK else ea
        return 3, f"wild mark next to {icon}: matches exactly"
    assert isinstance(ea, Icon) and isinstance(eb, Icon)
    same = [name for name in ("shape", "colour", "number")
            if getattr(ea, name) == getattr(eb, name)]
    return len(same), f"{ea} next to {eb}: {', '.join(same) or 'nothing matches'}"


def connection_value(a: Card, b: Card, direction: int) -> int:
    """:func:`connection`'s value alone (0 when there is none), without the words:
    the opponent asks this thousands of times a card."""
    if a.kind is Kind.BLOCK or b.kind is Kind.BLOCK:
        return 0
    ea, eb = a.edges[direction], b.edges[(direction + 2) % 4]
    if ea is None or eb is None:
        return 0
    if ea is MARK:
        return 0 if eb is MARK else 3
    if eb is MARK:
        return 3
    return ((ea.shape == eb.shape) + (ea.colour == eb.colour)  # type: ignore[union-attr]
            + (ea.number == eb.number))  # type: ignore[union-attr]


def _value(grid: Sequence[Card | None], cell: Cell, direction: int) -> int:
    """The value of the connection from ``cell`` towards ``direction`` (0 if none)."""
    other = step(cell, direction)
    if not on_grid(other):
        return 0
    a, b = grid[index(cell)], grid[index(other)]
    if a is None or b is None:
        return 0
    return connection_value(a, b, direction)


def arm(grid: Sequence[Card | None], cell: Cell, direction: int) -> tuple[list[Cell], str]:
    """The cards in line from ``cell`` (not included) going ``direction``, and what
    ended the arm."""
    cells: list[Cell] = []
    here = step(cell, direction)
    while True:
        if not on_grid(here):
            return cells, "the edge of the grid"
        card = grid[index(here)]
        if card is None:
            return cells, f"the empty cell {cell_name(here)}"
        if card.kind is Kind.BLOCK:
            return cells, f"the block on {cell_name(here)}"
        cells.append(here)
        here = step(here, direction)


def points_at(grid: Sequence[Card | None], cell: Cell) -> int:
    """What the scoring card on ``cell`` earns its owner (0 for any other card)."""
    card = grid[index(cell)]
    if card is None:
        return 0
    if card.kind is Kind.DOUBLE:
        return 2 * sum(_value(grid, cell, d) for d in DIRECTIONS)
    if card.kind is Kind.LINE:
        total = 0
        for d in card.arrows:
            cells, _ = arm(grid, cell, d)
            total += sum(_value(grid, c, d) for c in cells[:-1])
        return total
    return 0


def points(state: Round) -> tuple[int, int]:
    """North's and south's totals for the round, bonus included (fast: no
    explanation; always equal to :func:`score`'s totals)."""
    totals = [0, 0]
    for cell in CELLS:
        card = state.grid[index(cell)]
        if card is not None and card.owner is not None and card.scoring:
            totals[card.owner.index] += points_at(state.grid, cell)
    if state.bonus_to is not None:
        totals[state.bonus_to.index] += BONUS
    return totals[0], totals[1]


@dataclass(frozen=True)
class Connection:
    cells: tuple[Cell, Cell]
    value: int
    why: str

    def __str__(self) -> str:
        return f"{cell_name(self.cells[0])}-{cell_name(self.cells[1])} {self.value}: {self.why}"


@dataclass(frozen=True)
class LineScore:
    owner: Player
    card_id: str
    cell: Cell
    arms: tuple[tuple[Cell, ...], ...]  # the cards in line, each arm walking outwards
    ends: tuple[str, ...]               # what ended each arm
    connections: tuple[Connection, ...]
    total: int


@dataclass(frozen=True)
class DoubleScore:
    owner: Player
    card_id: str
    cell: Cell
    connections: tuple[Connection, ...]
    total: int  # twice the sum of the connections


@dataclass(frozen=True)
class Score:
    """Everything the screen draws: ``connections`` (all in the grid), ``lines``,
    ``doubles``, who got the ``bonus`` (or None), ``totals`` (north's, south's) and,
    after a stop, who ``stopped_by`` the seat button (the bonus is the other's)."""

    connections: tuple[Connection, ...]
    lines: tuple[LineScore, ...]
    doubles: tuple[DoubleScore, ...]
    bonus: Player | None
    totals: tuple[int, int]
    stopped_by: Player | None = None  # who stopped the round with cards in hand

    def total(self, player: Player) -> int:
        return self.totals[player.index]

    def lines_of_text(self) -> list[str]:
        """The explanation in words, one item a line."""
        out = []
        for line in self.lines:
            out.append(f"{line.owner}'s line {line.card_id} on {cell_name(line.cell)}: "
                       f"{line.total} ({', '.join(map(str, line.connections)) or 'nothing'};"
                       f" ended by {' and '.join(line.ends)})")
        for double in self.doubles:
            out.append(f"{double.owner}'s double {double.card_id} on "
                       f"{cell_name(double.cell)}: 2 × "
                       f"{sum(c.value for c in double.connections)} = {double.total}")
        if self.stopped_by is not None:
            out.append(f"{self.stopped_by} stopped the round: +{BONUS} for {self.bonus}")
        elif self.bonus is not None:
            out.append(f"{self.bonus} ended the round: +{BONUS}")
        out.append(f"north {self.totals[0]}, south {self.totals[1]}")
        return out


def _connection(grid: tuple[Card | None, ...], cell: Cell, direction: int) -> Connection | None:
    other = step(cell, direction)
    if not on_grid(other):
        return None
    a, b = grid[index(cell)], grid[index(other)]
    if a is None or b is None:
        return None
    found = connection(a, b, direction)
    return Connection((cell, other), *found) if found else None


def score(state: Round) -> Score:
    """The round's score with its explanation (see the module docstring)."""
    grid = state.grid
    connections = [c for cell in CELLS for d in (E, S)
                   if (c := _connection(grid, cell, d)) is not None]
    lines, doubles = [], []
    totals = [0, 0]
    for cell in CELLS:
        card = grid[index(cell)]
        if card is None or card.owner is None or not card.scoring:
            continue
        if card.kind is Kind.DOUBLE:
            own = tuple(c for d in DIRECTIONS if (c := _connection(grid, cell, d)))
            doubles.append(DoubleScore(card.owner, card.id, cell, own,
                                       2 * sum(c.value for c in own)))
            totals[card.owner.index] += doubles[-1].total
        else:
            arms, ends, found = [], [], []
            for d in card.arrows:
                cells, end = arm(grid, cell, d)
                arms.append(tuple(cells))
                ends.append(end)
                found += [c for c in (_connection(grid, x, d) for x in cells[:-1]) if c]
            total = sum(c.value for c in found)
            lines.append(LineScore(card.owner, card.id, cell, tuple(arms), tuple(ends),
                                   tuple(found), total))
            totals[card.owner.index] += total
    if state.bonus_to is not None:
        totals[state.bonus_to.index] += BONUS
    return Score(tuple(connections), tuple(lines), tuple(doubles), state.bonus_to,
                 (totals[0], totals[1]), state.ended_by if state.stopped else None)


__all__ = ["BONUS", "PLAYERS", "Connection", "DoubleScore", "LineScore", "Score", "arm",
           "connection", "points", "points_at", "score"]
