"""Benchmark: the Performance judge on a full table against the brute-force reference.

A full table is 6 swimmers and 5 lanes with role splits (one/second/others, so the
reference tries 3^6 role functions) and OR elements. Both judges see the same tables in
the same run; the figures printed are median and p99 per table and the ratio of the
medians. Targets: judge median <= 1 ms, >= 10x faster than the reference.

Run: ``python -m benchmarks.judge`` (``--short`` for a quick run).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from kiosk.games.sync_or_swim.cards import Card
from kiosk.games.sync_or_swim.judge import Table, judge
from kiosk.games.sync_or_swim.library import load_content
from kiosk.games.sync_or_swim.reference import reference_lanes
from kiosk.games.sync_or_swim.solver import Solver

CONFIG = Path(__file__).resolve().parents[1] / "config"
# Splits with three roles, a team OR, an each OR, and across/neighbor relations.
HARD_LANES = ("E33", "E30", "E52", "E12", "E46")


def _tables(content, count: int, seed: int = 5):
    elements = [content.elements[i] for i in HARD_LANES]
    deck = content.deck.for_players(6)
    rng = random.Random(seed)
    seats = (1, 2, 3, 4, 5, 6)
    tables = []
    for i in range(count):
        table = Solver(deck, rng).solve(seats, seats[i % 6], elements)
        if i % 2:  # half of them with one card swapped: failing tables cost the most
            key = rng.choice(sorted(table.plays))
            cards = list(table.plays[key])
            cards[0] = rng.choice(deck)
            table = type(table)(table.seats, table.captain, {**table.plays, key: tuple(cards)})
        tables.append(table)
    return elements, tables


def _time(fn, tables, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        for table in tables:
            start = time.perf_counter()
            fn(table)
            samples.append(time.perf_counter() - start)
    return samples


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def _worst_case(content):
    """The reference's hardest table: five three-role splits that every swimmer fails
    (all play one gray card), so it must try all 3^6 role functions in every lane."""
    elements = [content.elements[i] for i in ("E33", "E52", "E33", "E52", "E33")]
    seats = (1, 2, 3, 4, 5, 6)
    plays = {(seat, lane): (Card.parse(f"gray-{seat}"),) for seat in seats
             for lane in range(1, len(elements) + 1)}
    return elements, Table(seats, 1, plays)


def main(short: bool = False) -> None:
    content = load_content(CONFIG)
    elements, tables = _tables(content, 20 if short else 60)
    splits, worst = _worst_case(content)
    repeat = 20 if short else 100
    worst_fast = _time(lambda t: judge(t, splits), [worst], repeat)
    worst_slow = _time(lambda t: reference_lanes(t, splits), [worst], repeat // 4)
    fast = _time(lambda t: judge(t, elements), tables, 5 if short else 20)
    slow = _time(lambda t: reference_lanes(t, elements), tables, 1 if short else 3)
    for table in tables:
        assert [lane.passed for lane in judge(table, elements).lanes] == \
            reference_lanes(table, elements)
    fm, sm = statistics.median(fast), statistics.median(slow)
    print(f"judge, 6 swimmers x 5 lanes ({', '.join(HARD_LANES)}), {len(tables)} tables")
    print(f"  judge:     median {fm * 1e3:.3f} ms  p99 {_p99(fast) * 1e3:.3f} ms  "
          f"({len(fast)} runs)")
    print(f"  reference: median {sm * 1e3:.3f} ms  p99 {_p99(slow) * 1e3:.3f} ms  "
          f"({len(slow)} runs)")
    print(f"  on these tables the judge is {sm / fm:.1f}x faster; median "
          f"{'within' if fm <= 1e-3 else 'OVER'} the 1 ms target")
    wf, ws = statistics.median(worst_fast), statistics.median(worst_slow)
    print("hardest case for the reference (five 3-role splits, every swimmer fails):")
    print(f"  judge {wf * 1e3:.3f} ms, reference {ws * 1e3:.3f} ms: judge {ws / wf:.0f}x "
          f"faster (target >= 10x)")


if __name__ == "__main__":
    main(short="--short" in sys.argv)
