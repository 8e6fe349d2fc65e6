"""Finds a legal table that meets a set of elements, or says it found none.

Used to prove every shipped element, twist and routine can be met with the deck of each
player count, by the random-routine generator, and by demos that need a winning table.
Depth-first search: lane by lane, seat by seat clockwise from the captain, each seat
trying card combinations drawn from what is left of the deck, pruned pairwise as it goes.
A node budget bounds the work; running out is reported as "unknown", never as "no".

>>> import random
>>> from .cards import Card
>>> from .requirements import Clause, CardTest, Element, Mode
>>> blue = Element("E", "Blue", Mode.EACH, options=(Clause(each=CardTest(colour="blue")),))
>>> deck = [Card.parse(s) for s in ["blue-1", "blue-2", "blue-3", "gray-4"]]
>>> table = Solver(deck, random.Random(1)).solve((1, 2, 3), 1, [blue])
>>> sorted(str(c[0]) for c in table.plays.values())
['blue-1', 'blue-2', 'blue-3']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from .cards import Card
from .judge import Table, judge, role_assignments
from .relations import local_failure, pair_failure
from .requirements import Clause, Element, Mode, Relations, Twist

SIZE_PREFERENCE = (1, 2, 3, 0, 4, 5)


class OutOfBudget(Exception):
    """The search used its node budget without an answer."""


class Solver:
    def __init__(self, deck: Sequence[Card], rng: random.Random, budget: int = 200_000):
        self.deck = list(deck)
        self.rng = rng
        self.budget = budget

    def solve(self, seats: Sequence[int], captain: int, elements: Sequence[Element],
              twists: Sequence[Twist] = (), restarts: int = 8) -> Table | None:
        """A table meeting every element, or None if none exists.

        Depth-first search can sink its time into one bad early choice, so the budget is
        split over several restarts, each with a fresh shuffle. A search that finishes
        without an answer proves there is none. Raises OutOfBudget when every restart
        stopped before it could tell.
        """
        seats = tuple(seats)
        i = seats.index(captain)
        self._order = seats[i:] + seats[:i]
        self._twist_rules = [t.every_lane for t in twists if t.every_lane is not None]
        # Scarce lanes first: a lane whose cards are rare should choose them before a
        # lane that would take any card uses them up.
        lanes = sorted(range(len(elements)), key=lambda n: _slack(elements[n], self.deck))
        for _ in range(max(1, restarts)):
            self._left = Counter(self.deck)
            self._nodes = 0
            self._limit = self.budget // max(1, restarts)
            plays: dict[tuple[int, int], tuple[Card, ...]] = {}
            try:
                found = self._lanes(elements, lanes, 0, plays)
            except OutOfBudget:
                continue
            if not found:
                return None
            table = Table(seats, captain, {k: v for k, v in plays.items() if v})
            verdict = judge(table, elements, twists)
            if not verdict.in_sync:  # the search and the judge disagree: a bug, never hidden
                raise AssertionError(f"solver built a table the judge rejects: "
                                     f"{verdict.reasons}")
            return table
        raise OutOfBudget(f"no answer within {self.budget} search steps")

    def _tick(self) -> None:
        self._nodes += 1
        if self._nodes > self._limit:
            raise OutOfBudget(f"no answer within {self._limit} search steps")

    def _lanes(self, elements: Sequence[Element], lanes: list[int], index: int,
               plays: dict) -> bool:
        if index == len(lanes):
            return True
        lane = lanes[index]
        for lane_plays in self._lane_plans(elements[lane]):
            for seat, cards in lane_plays.items():
                plays[(seat, lane + 1)] = cards
            if self._lanes(elements, lanes, index + 1, plays):
                return True
        return False

    def _lane_plans(self, element: Element) -> Iterator[dict[int, tuple[Card, ...]]]:
        """Every way (lazily) to meet one element; cards stay taken while a plan is out.

        A plan gives each seat (clockwise from the captain) its alternatives as
        (clause, group): several for "each swimmer ... OR", one otherwise; swimmers of
        one group share the clause's across relations.
        """
        order = self._order
        if element.mode is Mode.SPLIT:
            assignments = list(role_assignments(tuple(r.size for r in element.roles), order))
            self.rng.shuffle(assignments)
            for groups in assignments:
                role_of = {seat: r for r, group in enumerate(groups) for seat in group}
                plan = [[(element.roles[role_of[s]].clause, role_of[s])] for s in order]
                yield from self._seats(plan, 0, {}, {})
        elif element.mode is Mode.TEAM:
            options = list(element.options)
            self.rng.shuffle(options)
            for clause in options:
                yield from self._seats([[(clause, 0)]] * len(order), 0, {}, {})
        else:
            plan = []
            for _ in order:
                options = list(element.options)
                self.rng.shuffle(options)
                plan.append([(clause, 0) for clause in options])
            yield from self._seats(plan, 0, {}, {})

    def _seats(self, plan: list[list[tuple[Clause, int]]], k: int, chosen: dict,
               groups: dict) -> Iterator[dict[int, tuple[Card, ...]]]:
        order = self._order
        if k == len(order):
            if self._closes_ring(plan, chosen):
                yield dict(chosen)
            return
        seat = order[k]
        for clause, group in plan[k]:
            groups[seat] = group
            for combo in self._combos(clause):
                if not self._fits(clause, group, k, combo, chosen, groups):
                    continue
                self._left.subtract(combo)
                chosen[seat] = combo
                yield from self._seats(plan, k + 1, chosen, groups)
                del chosen[seat]
                self._left.update(combo)

    def _fits(self, clause: Clause, group: int, k: int, combo: tuple[Card, ...],
              chosen: dict, groups: dict) -> bool:
        order = self._order
        mates = [chosen[s] for s in order[:k] if groups[s] == group]
        if not clause.across.is_empty and not _across_ok(clause.across, combo, mates):
            return False
        rel = clause.neighbors
        if not rel.is_empty and k > 0:
            return _neighbors_ok(rel, combo, chosen[order[k - 1]])
        return True

    def _closes_ring(self, plan: list[list[tuple[Clause, int]]], chosen: dict) -> bool:
        rel = plan[0][0][0].neighbors
        order = self._order
        if rel.is_empty or len(order) < 3:
            return True
        return _neighbors_ok(rel, chosen[order[-1]], chosen[order[0]])

    def _combos(self, clause: Clause) -> Iterator[tuple[Card, ...]]:
        """Card combinations from what is left that meet the clause and the twists."""
        rules = [clause, *self._twist_rules]
        pool = [c for c, n in self._left.items() if n > 0
                and all(_card_ok(rule, c) for rule in rules)]
        self.rng.shuffle(pool)
        for size in SIZE_PREFERENCE:
            if not all(rule.cards is None or rule.cards.test(size) for rule in rules):
                continue
            for combo in _grow(pool, size, clause.within, 0, (), self._tick):
                if local_failure(clause, combo) is None and all(
                        local_failure(rule, combo) is None for rule in self._twist_rules
                        if combo):
                    yield combo


def _neighbors_ok(rel: Relations, mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> bool:
    """Both directions: each side's own cards must have the compared attributes."""
    return (pair_failure(rel.same, rel.different, mine, 0, theirs) is None
            and pair_failure(rel.same, rel.different, theirs, 0, mine) is None)


def _card_ok(clause: Clause, card: Card) -> bool:
    if not clause.each.is_empty and not clause.each.matches(card):
        return False
    return clause.forbid is None or not clause.forbid.matches(card)


def _slack(element: Element, deck: Sequence[Card]) -> float:
    """Cards in the deck a swimmer could use here, per card a swimmer must play."""
    clauses = element.options or tuple(r.clause for r in element.roles)
    best = 0.0
    for clause in clauses:
        usable = sum(1 for card in deck if _card_ok(clause, card))
        need = max(1, clause.cards.n if clause.cards is not None else 1)
        extra = 0.0 if clause.across.is_empty and clause.neighbors.is_empty else 0.5
        best = max(best, usable / need * (1 - extra))
    return best


def _grow(pool: list[Card], size: int, within: Relations, start: int,
          picked: tuple[Card, ...], tick) -> Iterator[tuple[Card, ...]]:
    if len(picked) == size:
        yield picked
        return
    for i in range(start, len(pool) - (size - len(picked)) + 1):
        tick()
        card = pool[i]
        if picked and not _within_pair_ok(within, picked, card, size):
            continue
        yield from _grow(pool, size, within, i + 1, (*picked, card), tick)


def _within_pair_ok(rel: Relations, picked: tuple[Card, ...], card: Card, size: int) -> bool:
    for attr in rel.same:
        if attr.of(card) is None or attr.of(card) != attr.of(picked[0]):
            return False
    for attr in rel.different:
        if attr.of(card) is None or any(attr.of(card) == attr.of(p) for p in picked):
            return False
    if rel.sequential:
        values = [p.value for p in picked] + [card.value]
        if len(set(values)) != len(values) or max(values) - min(values) > size - 1:
            return False
    return True


def _across_ok(rel: Relations, combo: tuple[Card, ...], mates: list) -> bool:
    for attr in rel.same:
        values = {attr.of(c) for c in combo}
        for cards in mates[:1]:
            values |= {attr.of(c) for c in cards}
        if None in values or len(values) > 1:
            return False
    for attr in rel.different:
        mine = {attr.of(c) for c in combo}
        if None in mine:
            return False
        if any(attr.of(c) in mine for cards in mates for c in cards):
            return False
    if rel.sequential and mates:
        position = len(mates)
        first = mates[0]
        if len(combo) != 1 or len(first) != 1 or combo[0].value != first[0].value + position:
            return False
    return True


__all__ = ["OutOfBudget", "Solver"]
