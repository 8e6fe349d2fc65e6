"""Benchmark: the Performance judge on a full table against the brute-force reference.

A full table is 6 swimmers and 5 lanes with role splits (one/second/others, so the
reference tries 3^6 role functions) and OR elements. Both judges see the same tables in
the same run; the figures printed are median and p99 per table and the ratio of the
medians. Targets: judge median <= 1 ms, >= 10x faster than the reference.

Then adversarial tables at the limits of ``kiosk judge``'s layout (6 seats, 10 cards a
lane, 5 lanes, 5 twists, 4 options; ``kiosk/games/sync_or_swim/layout.py``), read
through the real layout parser: p99 and max per case. Target: max well under 1 s.

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
from kiosk.games.sync_or_swim.layout import parse_layout
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


EVERY = ["colour", "value", "parity", "hand", "foot"]
CLASH = {"same": EVERY, "different": EVERY}  # never met by two swimmers: always fails
OWN = {"cards": "2+", "within": {"different": "value"}}  # met by 10 cards of 10 values


def _split(*sizes) -> dict:
    roles = [{"swimmers": n, **OWN, "across": CLASH} for n in sizes]
    return {"id": "S", "name": "split", "mode": "split",
            "role": [*roles, {"swimmers": "others", **OWN, "across": CLASH}]}


TEAM_OR = {"id": "T", "name": "team or", "mode": "team",
           "option": [{**OWN, "value": v, "across": CLASH, "neighbors": CLASH}
                      for v in ("odd", "even", "5+", "any")]}
EACH = {"id": "E", "name": "each", "mode": "each", "cards": "2+",
        "within": {"different": ["value", "colour"]}, "neighbors": CLASH}
TWIST = {"id": "TW", "name": "twist", "text": "t",
         "every_lane": {"cards": "2+", "within": {"different": "value"},
                        "not": {"colour": "gray"}}}
LIMIT_CASES = {  # name: (elements, twists); every table fails, the costliest way
    "splits 1/1/others, across on every attribute": ([_split(1, 1)] * 5, []),
    "splits 2/others, across on every attribute": ([_split(2)] * 5, []),
    "team OR, 4 options, every option failing": ([TEAM_OR] * 5, []),
    "each, neighbors on every attribute": ([EACH] * 5, []),
    "5 elements + 5 twists": ([_split(1, 1), _split(2), TEAM_OR, EACH, TEAM_OR],
                              [TWIST] * 5),
}


def _full_lanes(rng: random.Random) -> dict:
    """10 cards in every lane of 6 seats: values 1-10 once each, coloured, both icons."""
    def lane() -> list[str]:
        values = rng.sample(range(1, 11), 10)
        return [f"{rng.choice(('blue', 'yellow', 'green'))}-{v}-"
                f"{rng.choice(('LH', 'BH', 'RH'))}-{rng.choice(('LF', 'BF', 'RF'))}"
                for v in values]
    return {str(seat): {str(n): lane() for n in range(1, 6)} for seat in range(1, 7)}


def limits(content, short: bool) -> float:
    """p99 and max of each adversarial case; returns the worst time seen."""
    rng = random.Random(11)
    tables, repeat = (4, 3) if short else (12, 10)
    worst = 0.0
    print(f"at the layout limits (6 seats x 5 lanes x 10 cards; {tables} tables x {repeat} "
          "runs per case):")
    for name, (elements, twists) in LIMIT_CASES.items():
        layouts = [parse_layout({"seats": [1, 2, 3, 4, 5, 6], "captain": 1 + i % 6,
                                 "elements": elements, "twists": twists,
                                 "cards": _full_lanes(rng)}, content)
                   for i in range(tables)]
        for layout in layouts:
            assert not judge(layout.table, layout.elements, layout.twists).in_sync
        samples = _time(lambda lay: judge(lay.table, lay.elements, lay.twists),
                        layouts, repeat)
        worst = max(worst, max(samples))
        p99 = statistics.quantiles(samples, n=100, method="inclusive")[98]  # <= max
        print(f"  {name + ':':50} p99 {p99 * 1e3:7.2f} ms  "
              f"max {max(samples) * 1e3:7.2f} ms")
    print(f"  worst {worst * 1e3:.1f} ms: {'within' if worst < 1.0 else 'OVER'} the 1 s bound")
    return worst


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
    limits(content, short)


if __name__ == "__main__":
    main(short="--short" in sys.argv)
