"""Random routines for after the campaign, each proven playable before it is offered.

A candidate routine (five elements climbing in level, one twist, a twist round) is
kept only if the solver finds a table that meets all five elements and the twist at
once with the deck of every player count from 3 to 6. Every earlier round asks for a
subset of that, so each round of the routine can be met too. The same seed always
gives the same routine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .library import PLAYER_COUNTS, DeckDef
from .requirements import Element, Twist
from .routines import ELEMENTS_PER_ROUTINE, RoutineDef
from .solver import OutOfBudget, Solver


class NoRoutineFound(RuntimeError):
    """No playable routine within the attempts allowed (the content is too strict)."""


def playable(routine: RoutineDef, deck: DeckDef, rng: random.Random,
             players: Sequence[int] = PLAYER_COUNTS, budget: int = 40_000) -> bool:
    """True when a legal table meets the whole routine for every player count."""
    for n in players:
        seats = tuple(range(1, n + 1))
        try:
            table = Solver(deck.for_players(n), rng, budget).solve(
                seats, 1, routine.elements, (routine.twist,))
        except OutOfBudget:
            return False
        if table is None:
            return False
    return True


def random_routine(elements: Mapping[str, Element], twists: Mapping[str, Twist],
                   deck: DeckDef, seed: int, difficulty: int = 3,
                   attempts: int = 40) -> RoutineDef:
    """A playable routine near ``difficulty`` (1-5): levels rise from lane 1 to lane 5."""
    rng = random.Random(seed)
    pool = sorted(elements.values(), key=lambda e: e.id)
    twist_pool = sorted((t for t in twists.values() if t.level <= difficulty + 1),
                        key=lambda t: t.id) or sorted(twists.values(), key=lambda t: t.id)
    for attempt in range(attempts):
        near = [e for e in pool if abs(e.level - difficulty) <= 1 + attempt // 10]
        if len(near) < ELEMENTS_PER_ROUTINE:
            near = pool
        chosen = sorted(rng.sample(near, ELEMENTS_PER_ROUTINE), key=lambda e: (e.level, e.id))
        routine = RoutineDef(
            id=f"random-{seed}", name=f"Random Routine {seed}", elements=tuple(chosen),
            twist=rng.choice(twist_pool), twist_round=rng.randint(3, 6))
        if playable(routine, deck, rng):
            return routine
    raise NoRoutineFound(f"no playable routine for seed {seed} in {attempts} attempts")
