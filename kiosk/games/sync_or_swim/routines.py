"""Routines (5 Elements and 1 Twist over 6 rounds) and the timing rules they run under.

A routine says which Element joins in each round and in which round the Twist arrives
instead of an Element. Element *n* of the routine is judged in lane *n*.
"""

from __future__ import annotations

from dataclasses import dataclass

from .requirements import Element, Twist

ROUNDS = 6
ELEMENTS_PER_ROUTINE = 5


@dataclass(frozen=True)
class Timing:
    """How long each practice may run and what a failure costs (house rules, documented
    in ``docs/house-rules.md``).

    A round's timer is ``base_seconds + seconds_per_element × elements in force``, plus
    ``penalty_seconds`` for every earlier failure in the same round, plus twist extras.
    Each failure (time out or NOT IN SYNC) also adds ``penalty_seconds`` to the total.
    """

    base_seconds: int = 15
    seconds_per_element: int = 5
    penalty_seconds: int = 10
    between_allowance: int = 20
    par_factor: float = 0.6

    def round_limit(self, elements: int, failures: int = 0, twist_seconds: int = 0) -> int:
        return (self.base_seconds + self.seconds_per_element * elements
                + self.penalty_seconds * failures + twist_seconds)


@dataclass(frozen=True)
class RoutineDef:
    """One routine: five elements in lane order, one twist and the round it comes in."""

    id: str
    name: str
    elements: tuple[Element, ...]
    twist: Twist
    twist_round: int
    par_seconds: int | None = None

    def __post_init__(self) -> None:
        if len(self.elements) != ELEMENTS_PER_ROUTINE:
            raise ValueError(f"routine '{self.id}' needs {ELEMENTS_PER_ROUTINE} elements, "
                             f"has {len(self.elements)}")
        if not 1 <= self.twist_round <= ROUNDS:
            raise ValueError(f"routine '{self.id}': twist_round must be 1 to {ROUNDS}")

    def elements_in_round(self, round_number: int) -> tuple[Element, ...]:
        """The elements face up during ``round_number`` (1-6), in lane order."""
        if not 1 <= round_number <= ROUNDS:
            raise ValueError(f"round {round_number} does not exist (1 to {ROUNDS})")
        count = round_number - (1 if round_number >= self.twist_round else 0)
        return self.elements[:count]

    def twists_in_round(self, round_number: int) -> tuple[Twist, ...]:
        return (self.twist,) if round_number >= self.twist_round else ()

    def par(self, timing: Timing) -> int:
        """Par time in seconds: the stated one, or one derived from the round timers."""
        if self.par_seconds is not None:
            return self.par_seconds
        limits = sum(
            timing.round_limit(len(self.elements_in_round(r)),
                               twist_seconds=sum(t.extra_seconds
                                                 for t in self.twists_in_round(r)))
            for r in range(1, ROUNDS + 1))
        return round(limits * timing.par_factor + timing.between_allowance * ROUNDS)
