"""A slow, obviously-correct judge, written straight from the definitions.

It answers only pass or fail per lane, by trying everything: every option, every way
of handing out roles (all role-per-swimmer functions, not just the valid ones), every
ordering of a swimmer's cards for a run. The property tests check the real judge
against it on random tables, and the benchmark measures how much faster the judge is.
It shares nothing with :mod:`.judge` and :mod:`.relations` but the value types.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations, product

from .cards import Card
from .judge import Table
from .requirements import OTHERS, Attr, CardTest, Clause, Element, Mode, Relations, Twist

Cards = tuple[Card, ...]


def card_ok(test: CardTest, card: Card) -> bool:
    colour = card.colour.value
    if test.colour == "any" and colour == "gray":
        return False
    if test.colour not in (None, "any") and colour != test.colour:
        return False
    if test.value is not None and not test.value.test(card.value):
        return False
    for want, got in ((test.hand, card.hand), (test.foot, card.foot)):
        if want == "any" and got is None:
            return False
        if want == "none" and got is not None:
            return False
        if want not in (None, "any", "none") and (got is None or got.value != want):
            return False
    return True


def _is_run(values: Sequence[int]) -> bool:
    return any(all(b == a + 1 for a, b in zip(p, p[1:], strict=False))
               for p in permutations(values))


def relations_hold(rel: Relations, cards: Cards) -> bool:
    """same/different/sequential over one bag of cards."""
    for attr in rel.same:
        values = [attr.of(c) for c in cards]
        if None in values or len(set(values)) > 1:
            return False
    for attr in rel.different:
        values = [attr.of(c) for c in cards]
        if None in values or len(set(values)) != len(values):
            return False
    return not (rel.sequential and cards and not _is_run([c.value for c in cards]))


def alone_ok(clause: Clause, cards: Cards) -> bool:
    if clause.cards is not None and not clause.cards.test(len(cards)):
        return False
    if not all(card_ok(clause.each, c) for c in cards):
        return False
    if clause.forbid is not None and any(card_ok(clause.forbid, c) for c in cards):
        return False
    return relations_hold(clause.within, cards)


def across_ok(rel: Relations, group: Sequence[Cards]) -> bool:
    everything = tuple(c for cards in group for c in cards)
    for attr in rel.same:
        if not relations_hold(Relations(same=(attr,)), everything):
            return False
    for attr in rel.different:
        if any(attr.of(c) is None for c in everything):
            return False
        for i, j in product(range(len(group)), repeat=2):
            if i != j and {attr.of(c) for c in group[i]} & {attr.of(c) for c in group[j]}:
                return False
    if rel.sequential:
        if any(len(cards) != 1 for cards in group):
            return False
        values = [cards[0].value for cards in group]
        if values != list(range(values[0], values[0] + len(values))):
            return False
    return True


def neighbors_ok(rel: Relations, ring: Sequence[Cards]) -> bool:
    n = len(ring)
    if rel.is_empty or n < 2:
        return True
    pairs = {tuple(sorted((i, (i + 1) % n))) for i in range(n)}
    for i, j in pairs:
        if i == j:
            continue
        for attr in rel.same + rel.different:
            if any(attr.of(c) is None for c in ring[i] + ring[j]):
                return False
        for a, b in product(ring[i], ring[j]):
            if any(attr.of(a) != attr.of(b) for attr in rel.same):
                return False
            if any(attr.of(a) == attr.of(b) for attr in rel.different):
                return False
    return True


def lane_ok(element: Element, plays: Sequence[Cards]) -> bool:
    """``plays``: each swimmer's cards, clockwise from the captain."""
    if element.mode is Mode.EACH:
        if not all(any(alone_ok(o, cards) for o in element.options) for cards in plays):
            return False
        return len(element.options) > 1 or neighbors_ok(element.options[0].neighbors, plays)
    if element.mode is Mode.TEAM:
        return any(all(alone_ok(o, cards) for cards in plays) and across_ok(o.across, plays)
                   and neighbors_ok(o.neighbors, plays) for o in element.options)
    roles = element.roles
    for pick in product(range(len(roles)), repeat=len(plays)):
        sizes_ok = all(pick.count(r) == role.size for r, role in enumerate(roles)
                       if role.size != OTHERS)
        if not sizes_ok:
            continue
        if not all(alone_ok(roles[r].clause, plays[s]) for s, r in enumerate(pick)):
            continue
        groups = [[plays[s] for s in range(len(plays)) if pick[s] == r]
                  for r in range(len(roles))]
        if all(across_ok(roles[r].clause.across, groups[r]) for r in range(len(roles))):
            return True
    return False


def reference_lanes(table: Table, elements: Sequence[Element],
                    twists: Sequence[Twist] = ()) -> list[bool]:
    """Pass/fail for every lane, from lane 1."""
    order = table.from_captain
    results = []
    for lane in range(1, max(len(elements), table.lanes_used) + 1):
        plays = [tuple(table.plays.get((seat, lane), ())) for seat in order]
        if lane > len(elements):
            results.append(not any(plays))
            continue
        ok = lane_ok(elements[lane - 1], plays)
        for twist in twists:
            if twist.every_lane is not None:
                ok = ok and all(alone_ok(twist.every_lane, cards) for cards in plays if cards)
        results.append(ok)
    return results


__all__ = ["Attr", "reference_lanes", "lane_ok"]
