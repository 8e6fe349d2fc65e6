"""Benchmark: the Synapse rules engine and opponent.

1. scoring a full 6×6 grid with its explanation (``score``) and the totals alone
   (``points``): median and p99 over many random full grids of our card set;
2. the opponent's decision time per card, per level, over whole self-played rounds;
3. the balance of the two decks: many games between equal levels (the same level on
   both sides: a fair set gives each side about half), and each level against the one
   below.

Frame times belong to the screen, which is not built yet. Run: ``python -m benchmarks
synapse`` (``--short`` for the quick run CI uses).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from kiosk.games.synapse import CELLS, PLAYERS, default_cardset, make_round, points, rotate, score
from kiosk.games.synapse.game import new_game, play
from kiosk.games.synapse.opponent import LEVELS, choose
from kiosk.games.synapse.selfplay import balance


def timed(function, items):
    """Each call's time in microseconds, sorted."""
    out = []
    for item in items:
        begun = time.perf_counter()
        function(item)
        out.append((time.perf_counter() - begun) * 1e6)
    return sorted(out)


def p99(sorted_times):
    return sorted_times[min(len(sorted_times) - 1, int(0.99 * len(sorted_times)))]


def full_grids(count, seed):
    cards = default_cardset()
    every = list(cards.cards.values())
    rng = random.Random(seed)
    grids = []
    for _ in range(count):
        chosen = [cards.start, *rng.sample(every, len(CELLS) - 1)]
        rng.shuffle(chosen)
        grids.append(make_round({c: rotate(k, rng.randrange(4))
                                 for c, k in zip(CELLS, chosen, strict=True)},
                                ended_by=rng.choice(PLAYERS)))
    return grids


def decision_times(level, rounds, seed):
    cards, rng, times = default_cardset(), random.Random(seed), []
    for n in range(rounds):
        game = new_game(cards, seed * 1000 + n)
        while not game.round.over:
            player = rng.choice(PLAYERS)
            begun = time.perf_counter()
            choice = choose(game.round, player, level, rng)
            times.append((time.perf_counter() - begun) * 1000)
            game = play(game, player, choice.card_id, choice.cell, choice.rotation)
    return sorted(times)


def main(short: bool) -> None:
    grids = full_grids(200 if short else 2000, seed=1)
    for name, function in (("score (with explanation)", score), ("points (totals only)", points)):
        times = timed(function, grids)
        print(f"{name}, full 6×6 grid: median {statistics.median(times):.0f} µs, "
              f"p99 {p99(times):.0f} µs over {len(grids)} random full grids")
    rounds = 2 if short else 20
    for level, name in LEVELS.items():
        times = decision_times(level, rounds, seed=level)
        print(f"opponent level {level} ({name}): median {statistics.median(times):.2f} ms, "
              f"p99 {p99(times):.2f} ms, max {times[-1]:.2f} ms a card "
              f"({len(times)} cards, {rounds} rounds)")
    cards = default_cardset()
    games = {0: 40 if short else 1000, 1: 6 if short else 100, 2: 6 if short else 100}
    print("balance (who moves next is a coin flip; north holds the N deck, south the S deck):")
    for levels in ((0, 0), (1, 1), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2)):
        begun = time.perf_counter()
        result = balance(cards, levels, games[max(levels)], seed=7)
        print(f"  {result.row()} ({time.perf_counter() - begun:.0f} s)")
    print("frame times: not measured yet (the Synapse screen is not built)")


if __name__ == "__main__":
    main("--short" in sys.argv)
