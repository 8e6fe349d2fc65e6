"""Computer against computer: whole games and matches, for the CLI and the benchmark.

No clock of its own: the caller passes ``clock`` and a per-move budget, or nothing (then
only node and depth limits bound each move).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .moves import Move
from .opponent import choose_move
from .pieces import Player
from .position import Position, start_position
from .rules import apply


@dataclass(frozen=True)
class Budget:
    """What each computer move may spend; ``None`` keeps the level's own budget."""

    seconds: float | None = None
    nodes: int | None = None
    clock: Callable[[], float] | None = None


def play_game(white: int, black: int, rng: random.Random, budget: Budget = Budget(),
              start: Position | None = None) -> tuple[Position, list[Move]]:
    """One game between two levels; the final position and the moves played."""
    position = start or start_position()
    moves = []
    levels = {Player.WHITE: white, Player.BLACK: black}
    while not position.is_over:
        choice = choose_move(position, levels[position.to_move], rng=rng,
                             clock=budget.clock, seconds=budget.seconds,
                             nodes=budget.nodes if levels[position.to_move] == 3 else None)
        moves.append(choice.move)
        position = apply(position, choice.move)
    return position, moves


@dataclass
class MatchResult:
    """Wins counted by level (``first`` is the level that played white in odd games)."""

    first: int
    second: int
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0
    white_wins: int = 0
    lengths: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.lengths)

    @property
    def average_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def row(self) -> str:
        return (f"level {self.first} vs level {self.second}: {self.games:4} games, "
                f"{self.first_wins:4} won, {self.second_wins:4} lost, {self.draws:3} drawn "
                f"(white won {self.white_wins}); average {self.average_length:.0f} moves")


def play_match(first: int, second: int, games: int, seed: int,
               budget: Budget = Budget()) -> MatchResult:
    """``games`` games, the levels swapping colours each game; setups are random
    (seeded) in half the games so the match does not replay one opening."""
    result = MatchResult(first, second)
    rng = random.Random(seed)
    for game in range(games):
        first_white = game % 2 == 0
        white, black = (first, second) if first_white else (second, first)
        start = start_position("random", rng.randrange(2**32)) if game % 4 >= 2 else None
        final, _ = play_game(white, black, rng, budget, start)
        result.lengths.append(final.ply)
        if final.winner is None:
            result.draws += 1
            continue
        result.white_wins += final.winner is Player.WHITE
        if (final.winner is Player.WHITE) == first_white:
            result.first_wins += 1
        else:
            result.second_wins += 1
    return result
