"""The 6×6 grid: cells, their names, neighbours, and the start cell of each round.

Cells are ``(column, row)`` pairs, column 0 at the west edge, row 0 at the north edge
(the north player's side). Their names are ``a1`` (north-west corner) to ``f6``
(south-east): a letter for the column, a digit for the row counted from the north.

The grid is fixed on the screen: six by six, with the start card on one of the four
central cells. A 6×6 grid has no single centre, so the start card alternates: odd
rounds on ``c3`` (the north-west of the four), even rounds on ``d4`` (the south-east):
each is the other turned half way round, so over two rounds both players see the same
board.

>>> cell_name((2, 2)), parse_cell("f6"), start_cell(1), start_cell(2)
('c3', (5, 5), (2, 2), (3, 3))
>>> sorted(neighbours((0, 0)))
[(0, 1), (1, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import DIRECTIONS, STEP

SIZE = 6
Cell = tuple[int, int]
CELLS: tuple[Cell, ...] = tuple((c, r) for r in range(SIZE) for c in range(SIZE))
COLUMNS = "abcdef"


def index(cell: Cell) -> int:
    return cell[1] * SIZE + cell[0]


def on_grid(cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def step(cell: Cell, direction: int) -> Cell:
    dc, dr = STEP[direction]
    return (cell[0] + dc, cell[1] + dr)


def neighbours(cell: Cell) -> Iterator[Cell]:
    for d in DIRECTIONS:
        other = step(cell, d)
        if on_grid(other):
            yield other


def cell_name(cell: Cell) -> str:
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str) -> Cell:
    """``"c3"`` → ``(2, 2)``; ValueError naming the grid's cells otherwise."""
    text = text.strip().lower()
    if len(text) == 2 and text[0] in COLUMNS and text[1] in "123456":
        return (COLUMNS.index(text[0]), int(text[1]) - 1)
    raise ValueError(f"{text!r} is not a cell; cells are a1 (north-west) to f6 (south-east)")


def start_cell(round_number: int) -> Cell:
    """Where the start card lies in round ``round_number`` (counted from 1)."""
    return (2, 2) if round_number % 2 == 1 else (3, 3)
