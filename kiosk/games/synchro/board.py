"""The 9×9 board: square names, Vantage Points, Castles, set-up rows, step tables.

Squares are named like chess: files a-i from white's left, ranks 1-9 from white's side
(``"e5"`` is the centre). Inside the engine a square is an index 0-80,
``row * 9 + col`` with a1 = 0 and i9 = 80.

>>> col_row("e5"), square_at(4, 4), index_of("b1"), SQUARES[80]
((4, 4), 'e5', 1, 'i9')

Layout (see ``docs/synchro.md`` for why): Vantage Points on c4, g4, c6 and g6; white's
Castle on e1, in front of white, which **black** must reach; black's Castle on e9,
which **white** must reach. ``CASTLES[p]`` is player p's own castle, ``GOALS[p]`` the
one p attacks.
"""

from __future__ import annotations

from .pieces import Player

SIZE = 9
FILES = "abcdefghi"
SQUARES = tuple(f"{FILES[col]}{row + 1}" for row in range(SIZE) for col in range(SIZE))
INDEX = {name: i for i, name in enumerate(SQUARES)}

VANTAGE_POINTS = frozenset({"c4", "g4", "c6", "g6"})
CASTLES = {Player.WHITE: "e1", Player.BLACK: "e9"}  # each player's own castle
GOALS = {Player.WHITE: "e9", Player.BLACK: "e1"}  # the castle each player must reach
SETUP_RANKS = {Player.WHITE: (1, 2, 3), Player.BLACK: (7, 8, 9)}

# The eight directions as (file step, rank step), clockwise from "up the board".
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def is_square(name: object) -> bool:
    return isinstance(name, str) and name in INDEX


def index_of(name: str) -> int:
    """The engine index of a square name; ValueError names the bad square."""
    try:
        return INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not a square: files a-i, ranks 1-9, e.g. e5") from None


def col_row(name: str) -> tuple[int, int]:
    """(column, row), both 0-8: ``"a1"`` is (0, 0), ``"i9"`` is (8, 8)."""
    return divmod(index_of(name), SIZE)[::-1]


def square_at(col: int, row: int) -> str:
    if not (0 <= col < SIZE and 0 <= row < SIZE):
        raise ValueError(f"({col}, {row}) is off the board: columns and rows run 0-8")
    return SQUARES[row * SIZE + col]


def setup_squares(player: Player) -> tuple[str, ...]:
    """Where ``player`` may place pieces: their three nearest ranks, minus their castle."""
    ranks = SETUP_RANKS[player]
    return tuple(s for s in SQUARES if int(s[1:]) in ranks and s != CASTLES[player])


def _ray(index: int, step: tuple[int, int], distance: int) -> int:
    col, row = index % SIZE + step[0] * distance, index // SIZE + step[1] * distance
    return row * SIZE + col if 0 <= col < SIZE and 0 <= row < SIZE else -1


# ONE[i][d] / TWO[i][d]: the index 1 / 2 squares from i in direction d, or -1 off board.
ONE = tuple(tuple(_ray(i, d, 1) for d in DIRECTIONS) for i in range(SIZE * SIZE))
TWO = tuple(tuple(_ray(i, d, 2) for d in DIRECTIONS) for i in range(SIZE * SIZE))
ON_VANTAGE = tuple(name in VANTAGE_POINTS for name in SQUARES)
OWN_CASTLE = (INDEX[CASTLES[Player.WHITE]], INDEX[CASTLES[Player.BLACK]])
GOAL = (OWN_CASTLE[1], OWN_CASTLE[0])
