"""Benchmark: the Synchro rules engine and opponent.

1. perft from the start position (depth 3): leaf moves counted per second;
2. the depth the strongest level (3) finishes in its real budget of 1 s a move, from the
   start and from a middle-game position;
3. a strength table from self-play: each level against the one below, and level 3
   against random. 100 games a pairing in the full run; level 3 then runs at a reduced
   budget (printed) so the table fits a 2-core machine. The short run (CI) plays a
   handful of games and searches 0.2 s.

Run: ``python -m benchmarks synchro`` (``--short`` for a quick run).
"""

from __future__ import annotations

import random
import sys
import time

from kiosk.games.synchro import start_position
from kiosk.games.synchro.opponent import choose_move
from kiosk.games.synchro.rules import apply, generate
from kiosk.games.synchro.selfplay import Budget, play_match

TABLE_SECONDS = 0.1  # level 3's budget a move in the strength table


def perft(position, depth):
    moves = generate(position)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(position, m), depth - 1) for m in moves)


def middle_game():
    """The position after 8 moves of a seeded level-2 game (pieces engaged, VPs taken)."""
    rng = random.Random(11)
    position = start_position()
    for _ in range(8):
        position = apply(position, choose_move(position, 2, rng=rng).move)
    return position


def main(short: bool) -> None:
    start = time.perf_counter()
    leaves = perft(start_position(), 3)
    took = time.perf_counter() - start
    print(f"perft depth 3 from the start: {leaves} moves in {took:.2f} s = "
          f"{leaves / took:,.0f} moves/s")

    seconds = 0.2 if short else 1.0
    for name, position in (("start", start_position()), ("middle game", middle_game())):
        begun = time.monotonic()
        choice = choose_move(position, 3, rng=random.Random(1), clock=time.monotonic,
                             seconds=seconds)
        spent = time.monotonic() - begun
        print(f"level 3, {seconds:g} s budget, {name}: depth {choice.depth} finished, "
              f"{choice.nodes} nodes, {spent:.2f} s ({choice.nodes / spent:,.0f} nodes/s)")

    games = 4 if short else 100
    budget = Budget(seconds=0.02 if short else TABLE_SECONDS, clock=time.monotonic)
    print(f"strength table: {games} games a pairing, colours alternating, half from random "
          f"set-ups; level 3 budget {budget.seconds:g} s/move (not its 1 s), levels 1-2 "
          "search fixed depths 1 and 2")
    for first, second in ((1, 0), (2, 1), (3, 2), (3, 0)):
        begun = time.perf_counter()
        result = play_match(first, second, games, seed=first * 10 + second, budget=budget)
        share = 100 * result.first_wins / result.games
        print(f"  {result.row()}; {share:.0f}% won ({time.perf_counter() - begun:.0f} s)")


if __name__ == "__main__":
    main("--short" in sys.argv)
