"""Players and pieces: who owns a piece, its number, and the kind its number gives it.

Each player has twelve pieces numbered 1 to 6, two of each number; the two pieces with
the same owner and number form a **unit** and move together. The number gives the kind:
1-2 Lumps, 3-4 Blobs, 5-6 Things. Lumps take Blobs, Blobs take Things, Things take Lumps.

>>> Piece(Player.WHITE, 3)
Piece(owner=Player.WHITE, number=3)
>>> Piece(Player.WHITE, 3).kind, Piece(Player.BLACK, 6).kind
(<Kind.BLOB: 'blob'>, <Kind.THING: 'thing'>)
>>> Kind.LUMP.beats(Kind.BLOB), Kind.BLOB.beats(Kind.LUMP)
(True, False)

Inside the engine a piece is a small integer, its **code**: 0 is an empty square, white
pieces are 1-6 (their number), black pieces 7-12 (number + 6). :attr:`Piece.code` and
:func:`piece_for_code` convert.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

NUMBERS = (1, 2, 3, 4, 5, 6)


class Player(IntEnum):
    """The two sides. White sets up on ranks 1-3 and moves first; black on ranks 7-9.
    The value (0 or 1) indexes per-player tuples such as ``Position.captured``."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Player:
        return Player.BLACK if self is Player.WHITE else Player.WHITE

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Player.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Player:
        """``"white"`` or ``"black"`` (any case)."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"{text!r} is not a player: write white or black") from None


class Kind(StrEnum):
    """Lump, Blob or Thing; each takes the next one round the circle."""

    LUMP = "lump"
    BLOB = "blob"
    THING = "thing"

    def beats(self, other: Kind) -> bool:
        """True when a piece of this kind may capture a piece of ``other`` kind."""
        return _PREY[self] is other


_PREY = {Kind.LUMP: Kind.BLOB, Kind.BLOB: Kind.THING, Kind.THING: Kind.LUMP}
KINDS = (Kind.LUMP, Kind.BLOB, Kind.THING)


def kind_of(number: int) -> Kind:
    """The kind a piece number gives: 1-2 lump, 3-4 blob, 5-6 thing."""
    if number not in NUMBERS:
        raise ValueError(f"piece numbers run from 1 to 6, not {number!r}")
    return KINDS[(number - 1) // 2]


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece. Two pieces with the same owner and number are the same unit."""

    owner: Player
    number: int

    def __post_init__(self) -> None:
        kind_of(self.number)  # raises on a number outside 1-6

    @property
    def kind(self) -> Kind:
        return kind_of(self.number)

    @property
    def code(self) -> int:
        """The engine's small integer for this piece (see the module docstring)."""
        return self.owner * 6 + self.number

    def __str__(self) -> str:
        return f"{self.owner} {self.number} ({self.kind})"


PIECES = (None, *(Piece(p, n) for p in Player for n in NUMBERS))


def piece_for_code(code: int) -> Piece | None:
    """The piece an engine code stands for; ``None`` for 0 (an empty square)."""
    return PIECES[code]
