"""The checks behind one clause: a swimmer's own cards, a group of swimmers, neighbors.

Every check returns, per seat, the first plain phrase saying what went wrong, so the
judge can turn it into "Seat 4, lane 2: gray cannot meet 'same colour'". Seats are
always visited in the order given (clockwise from the captain), which keeps the words
deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from .cards import Card
from .requirements import Attr, Clause, Range

Play = tuple[int, tuple[Card, ...]]  # (seat, cards in the lane)


def _cards_word(n: int) -> str:
    return "no card" if n == 0 else ("1 card" if n == 1 else f"{n} cards")


def count_failure(want: Range, n: int) -> str | None:
    if want.test(n):
        return None
    need = {"exact": f"{_cards_word(want.n)}", "min": f"at least {_cards_word(want.n)}",
            "max": f"at most {_cards_word(want.n)}", "even": "an even number of cards",
            "odd": "an odd number of cards"}[want.kind]
    return f"played {_cards_word(n)}, needs {need}"


def _missing(attr: Attr, card: Card, rule: str) -> str:
    if attr is Attr.COLOUR:
        return f"grey cannot meet '{rule}'"
    return f"{card} has no {attr.noun} and cannot meet '{rule}'"


def local_failure(clause: Clause, cards: Sequence[Card]) -> str | None:
    """What is wrong with one swimmer's cards on their own, or None."""
    count, each, forbid = clause.cards, clause.each, clause.forbid
    if count is not None and not count.test(len(cards)):
        return count_failure(count, len(cards))
    if not each.is_empty:
        for card in cards:
            problem = each.failure(card)
            if problem:
                return problem
    if forbid is not None:
        for card in cards:
            if forbid.matches(card):
                return f"{card} breaks 'no card {forbid.text}'"
    if clause.within.is_empty:
        return None
    return _within_failure(clause, cards)


def _within_failure(clause: Clause, cards: Sequence[Card]) -> str | None:
    rel = clause.within
    for attr in rel.same:
        rule = f"same {attr.noun}"
        for card in cards:
            if attr.of(card) is None:
                return _missing(attr, card, rule)
        for a, b in zip(cards, cards[1:], strict=False):
            if attr.of(a) != attr.of(b):
                return f"{a} and {b} are not the same {attr.noun}"
    for attr in rel.different:
        rule = f"different {attr.noun}s"
        for card in cards:
            if attr.of(card) is None:
                return _missing(attr, card, rule)
        for a, b in combinations(cards, 2):
            if attr.of(a) == attr.of(b):
                return f"{a} and {b} share the {attr.noun} {attr.word(attr.of(a))}"
    if rel.sequential and len(cards) > 1:
        values = sorted(c.value for c in cards)
        if any(b != a + 1 for a, b in zip(values, values[1:], strict=False)):
            shown = ", ".join(str(v) for v in values)
            return f"the values {shown} are not sequential"
    return None


def across_failures(clause: Clause, group: Sequence[Play]) -> dict[int, str]:
    """Relations across the swimmers of ``group`` (in order from the captain)."""
    failures: dict[int, str] = {}
    rel = clause.across
    for attr in rel.same:
        _same_across(attr, group, failures)
    for attr in rel.different:
        _different_across(attr, group, failures)
    if rel.sequential:
        _sequential_across(group, failures)
    return failures


def _same_across(attr: Attr, group: Sequence[Play], failures: dict[int, str]) -> None:
    rule = f"same {attr.noun}"
    tally: Counter[object] = Counter()
    of = attr.getter
    valued = [(seat, [(card, of(card)) for card in cards]) for seat, cards in group]
    for seat, pairs in valued:
        for card, value in pairs:
            if value is None:
                if seat not in failures:
                    failures[seat] = _missing(attr, card, rule)
            else:
                tally[value] += 1
    if not tally:
        return
    # Most common wins; a tie goes to the value met first from the captain (Counter keeps
    # insertion order and most_common is stable).
    team_value = tally.most_common(1)[0][0]
    for seat, pairs in valued:
        if seat in failures:  # only the first problem is reported; skip the words
            continue
        for card, value in pairs:
            if value is not None and value != team_value:
                failures[seat] = f"{card} is not {_the(attr, team_value)} like the others"
                break


def _the(attr: Attr, value: object) -> str:
    if attr is Attr.VALUE:
        return f"a {value}"
    if attr is Attr.PARITY:
        return str(value)
    if attr is Attr.COLOUR:
        return attr.word(value)
    return f"the {attr.word(value)}"


def _different_across(attr: Attr, group: Sequence[Play], failures: dict[int, str]) -> None:
    """Every pair of swimmers; for each pair only its first clash (in card order) can be
    reported, so a pair whose two seats have failed already is skipped. This keeps a
    six-seat role split with ten cards a lane well under a millisecond per check."""
    rule = f"different {attr.noun}s"
    of = attr.getter
    valued = [(seat, [(card, of(card)) for card in cards]) for seat, cards in group]
    for seat, pairs in valued:
        for card, value in pairs:
            if value is None and seat not in failures:
                failures[seat] = _missing(attr, card, rule)
    for (seat_a, pairs_a), (seat_b, pairs_b) in combinations(valued, 2):
        if seat_a in failures and seat_b in failures:
            continue
        first_b: dict[object, Card] = {}
        for b, value in pairs_b:
            if value is not None:
                first_b.setdefault(value, b)
        for a, value in pairs_a:
            if value is not None and value in first_b:
                b = first_b[value]
                failures.setdefault(
                    seat_a, f"{a} has the same {attr.noun} as seat {seat_b}'s {b}")
                failures.setdefault(
                    seat_b, f"{b} has the same {attr.noun} as seat {seat_a}'s {a}")
                break


def _sequential_across(group: Sequence[Play], failures: dict[int, str]) -> None:
    """Values rise by 1 clockwise from the first seat of the group (the captain's side)."""
    values = [cards[0].value if len(cards) == 1 else None for _, cards in group]
    n = len(group)
    best_start, best_hits = 1, -1
    for start in range(1, 11 - n + 1):
        hits = sum(1 for i, v in enumerate(values) if v == start + i)
        if hits > best_hits:
            best_start, best_hits = start, hits
    for i, (seat, cards) in enumerate(group):
        want = best_start + i
        if len(cards) != 1:
            failures.setdefault(seat, f"played {_cards_word(len(cards))}, a run needs 1 each")
        elif cards[0].value != want:
            failures.setdefault(
                seat, f"plays {cards[0].value}, but the run clockwise from the captain "
                      f"needs {want} here")


def neighbor_failures(clause: Clause, plays: Sequence[Play]) -> dict[int, str]:
    """Each swimmer against the swimmers immediately left and right (clockwise order)."""
    rel = clause.neighbors
    failures: dict[int, str] = {}
    if rel.is_empty or len(plays) < 2:
        return failures
    n = len(plays)
    for i, (seat, cards) in enumerate(plays):
        sides = [plays[(i + 1) % n], plays[(i - 1) % n]]
        if sides[0][0] == sides[1][0]:
            sides = sides[:1]
        for other_seat, other_cards in sides:
            problem = pair_failure(rel.same, rel.different, cards, other_seat, other_cards)
            if problem:
                failures.setdefault(seat, problem)
    return failures


def pair_failure(same: Sequence[Attr], different: Sequence[Attr], cards: Sequence[Card],
                  other_seat: int, other_cards: Sequence[Card]) -> str | None:
    for attr in same:
        for a in cards:
            if attr.of(a) is None:
                return _missing(attr, a, f"same {attr.noun} as the neighbours")
            for b in other_cards:
                if attr.of(a) != attr.of(b):
                    return f"{a} is not the same {attr.noun} as neighbour seat {other_seat}'s {b}"
    for attr in different:
        for a in cards:
            if attr.of(a) is None:
                return _missing(attr, a, f"different {attr.noun} from the neighbours")
            for b in other_cards:
                if attr.of(a) == attr.of(b):
                    return f"{a} has the same {attr.noun} as neighbour seat {other_seat}'s {b}"
    return None
