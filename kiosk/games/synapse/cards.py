"""Cards: icons on edges, the six kinds, the two players, and rotation.

Directions are indices into an edge tuple, clockwise from the top of the screen:
``N, E, S, W = 0, 1, 2, 3`` (north is the north player's side of the table). A card's
``edges`` are what faces each direction *as it lies in the grid*; :func:`rotate` turns a
card clockwise by quarter turns, moving its edges and its arrows with it.

An edge is an :class:`Icon`, ``None`` (blank: no connection), or :data:`MARK` (a wild
card's marked edge: it matches any icon exactly).

>>> card = Card("N01", Player.NORTH, Kind.STANDARD,
...             (Icon("star", "black", 1), None, Icon("circle", "gray", 2), None))
>>> turned = rotate(card, 1)
>>> turned.edges[E] == card.edges[N], turned.edges[S] is None
(True, True)
>>> str(card.edges[N])
'1 black star'
>>> rotate(line_card("N13", Player.NORTH), 1).arrows
(1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

N, E, S, W = 0, 1, 2, 3
DIRECTIONS = (N, E, S, W)
DIRECTION_NAMES = ("north", "east", "south", "west")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (column, row) change going that way
ROTATIONS = (0, 90, 180, 270)  # degrees clockwise; a placement carries one

SHAPES = ("star", "circle", "square", "triangle")
COLOURS = ("black", "white", "gray")
NUMBERS = (1, 2, 3, 4)


def opposite(direction: int) -> int:
    return (direction + 2) % 4


class Player(Enum):
    """The two players, on opposite sides of the flat screen."""

    NORTH = "north"
    SOUTH = "south"

    @property
    def opponent(self) -> Player:
        return Player.SOUTH if self is Player.NORTH else Player.NORTH

    @property
    def index(self) -> int:
        return 0 if self is Player.NORTH else 1

    def __str__(self) -> str:
        return self.value


PLAYERS = (Player.NORTH, Player.SOUTH)


class Kind(Enum):
    STANDARD = "standard"  # four edges, icons or blank; scores nothing itself
    LINE = "line"          # no icons; arrows along one axis; scores the line
    DOUBLE = "double"      # icons like a standard card; scores its own edges twice
    WILD = "wild"          # two marked opposite edges match any icon (3)
    BLOCK = "block"        # no connections on any side; ends lines
    START = "start"        # the shared card in the middle; icons, owned by no one

    def __str__(self) -> str:
        return self.value


SCORING = frozenset({Kind.LINE, Kind.DOUBLE})


@dataclass(frozen=True, order=True)
class Icon:
    """``number`` icons of one ``shape`` and ``colour`` on one edge."""

    shape: str
    colour: str
    number: int

    def matches(self, other: Icon) -> int:
        """How many of shape, colour and number are the same: 0 to 3."""
        return ((self.shape == other.shape) + (self.colour == other.colour)
                + (self.number == other.number))

    def __str__(self) -> str:
        return f"{self.number} {self.colour} {self.shape}"


class _Mark:
    """The marked edge of a wild card (a singleton)."""

    def __repr__(self) -> str:
        return "MARK"

    def __str__(self) -> str:
        return "wild mark"


MARK = _Mark()
Edge = Icon | _Mark | None


@dataclass(frozen=True)
class Card:
    """One card as it lies: ``edges`` N, E, S, W; ``arrows`` the directions a line card
    points (empty for other kinds). ``owner`` is None for the start card."""

    id: str
    owner: Player | None
    kind: Kind
    edges: tuple[Edge, Edge, Edge, Edge] = (None, None, None, None)
    arrows: tuple[int, ...] = ()

    @property
    def scoring(self) -> bool:
        return self.kind in SCORING


def line_card(card_id: str, owner: Player) -> Card:
    """A line card as printed: arrows north and south."""
    return Card(card_id, owner, Kind.LINE, (None, None, None, None), (N, S))


def wild_card(card_id: str, owner: Player) -> Card:
    """A wild card as printed: its north and south edges marked."""
    return Card(card_id, owner, Kind.WILD, (MARK, None, MARK, None))


def block_card(card_id: str, owner: Player) -> Card:
    return Card(card_id, owner, Kind.BLOCK)


def rotate(card: Card, quarter_turns: int) -> Card:
    """``card`` turned clockwise by ``quarter_turns`` (any integer; 4 is a full turn)."""
    k = quarter_turns % 4
    if k == 0:
        return card
    edges = tuple(card.edges[(d - k) % 4] for d in DIRECTIONS)
    arrows = tuple(sorted((a + k) % 4 for a in card.arrows))
    return Card(card.id, card.owner, card.kind, edges, arrows)  # type: ignore[arg-type]


def mirror(card: Card) -> Card:
    """``card`` seen in a mirror standing on its north-south axis (east and west
    swapped): not a real card, but scoring must not care (a property the tests use)."""
    n, e, s, w = card.edges
    arrows = tuple(sorted({E: W, W: E}.get(a, a) for a in card.arrows))
    return Card(card.id, card.owner, card.kind, (n, w, s, e), arrows)


def quarter_turns(rotation: int) -> int:
    """Degrees (0, 90, 180, 270) to quarter turns; ValueError for any other value."""
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation!r}")
    return rotation // 90
