"""The three kinds of move, as small frozen values.

- :class:`UnitMove` — a turn's ordinary move: one unit moves. ``steps`` holds one
  ``(from, to)`` pair per piece of the unit on the board: two for a full unit (a
  synchronised move, or an independent one when a piece stands on a Vantage Point), one
  for a lone piece. Both steps of a synchronised move are in the one value, so a screen
  can show them together. The engine lists steps in board order (a1 first); ``play``
  accepts them in any order.
- :class:`Swap` — a captured piece comes back: the owner's piece on ``square`` leaves the
  game and captured piece ``number`` takes its place.
- :class:`Place` — during a placed set-up, put piece ``number`` on ``square``.

>>> UnitMove(3, (("c4", "c5"), ("e6", "e7"))).squares
('c4', 'c5', 'e6', 'e7')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UnitMove:
    number: int
    steps: tuple[tuple[str, str], ...]

    @property
    def squares(self) -> tuple[str, ...]:
        """Every square the move touches, from and to, in step order."""
        return tuple(s for step in self.steps for s in step)

    def same_as(self, other: object) -> bool:
        """Equal up to the order of the steps."""
        return (isinstance(other, UnitMove) and other.number == self.number
                and sorted(other.steps) == sorted(self.steps))


@dataclass(frozen=True, slots=True)
class Swap:
    number: int
    square: str


@dataclass(frozen=True, slots=True)
class Place:
    number: int
    square: str


Move = UnitMove | Swap | Place
