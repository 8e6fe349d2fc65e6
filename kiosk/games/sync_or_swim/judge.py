"""The Performance judge: IN SYNC or NOT IN SYNC, with one plain reason per failure.

Element *n* is judged in lane *n*. Seats are given clockwise; a swimmer's left
neighbor is the next seat clockwise. Same inputs always give the same words.

>>> from .requirements import Clause, Element, Mode, Relations, Attr, CardTest
>>> same = Element("E", "Same colour", Mode.TEAM, options=(
...     Clause(across=Relations(same=(Attr.COLOUR,))),))
>>> table = Table.build([1, 2, 3], captain=1,
...     plays={1: {1: ["blue-2"]}, 2: {1: ["blue-9"]}, 3: {1: ["gray-4"]}})
>>> verdict = judge(table, [same])
>>> verdict.in_sync, verdict.reasons
(False, ("Seat 3, lane 1: gray cannot meet 'same colour'",))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations

from kiosk.i18n import N_, _

from .cards import Card
from .relations import Play, across_failures, local_failure, neighbor_failures
from .requirements import OTHERS, Clause, Element, Mode, Twist


@dataclass(frozen=True)
class Table:
    """Who sits where and what lies face down in each lane.

    ``seats`` are in clockwise order; ``plays`` maps (seat, lane) to the cards there.
    """

    seats: tuple[int, ...]
    captain: int
    plays: Mapping[tuple[int, int], tuple[Card, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats) or not self.seats:
            raise ValueError(f"seats must be distinct and not empty, got {list(self.seats)}")
        if self.captain not in self.seats:
            raise ValueError(f"the captain's seat {self.captain} is not at the table")
        for seat, lane in self.plays:
            if seat not in self.seats:
                raise ValueError(f"cards lie at seat {seat}, which is not at the table")
            if lane < 1:
                raise ValueError(f"lane {lane} does not exist (lanes start at 1)")

    @classmethod
    def build(cls, seats: Iterable[int], captain: int,
              plays: Mapping[int, Mapping[int, Iterable[Card | str]]]) -> Table:
        """Make a table from ``{seat: {lane: [cards or short forms]}}``."""
        flat = {}
        for seat, lanes in plays.items():
            for lane, cards in lanes.items():
                parsed = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
                if parsed:
                    flat[(int(seat), int(lane))] = parsed
        return cls(tuple(seats), captain, flat)

    def cards(self, seat: int, lane: int) -> tuple[Card, ...]:
        """The cards in one lane, in a fixed order (face-down cards have no order)."""
        return self._sorted.get((seat, lane), ())

    @cached_property
    def _sorted(self) -> dict[tuple[int, int], tuple[Card, ...]]:
        return {key: tuple(sorted(cards, key=lambda c: c.sort_key))
                for key, cards in self.plays.items()}

    @cached_property
    def from_captain(self) -> tuple[int, ...]:
        i = self.seats.index(self.captain)
        return self.seats[i:] + self.seats[:i]

    @property
    def lanes_used(self) -> int:
        return max((lane for _, lane in self.plays), default=0)


@dataclass(frozen=True)
class SwimmerResult:
    seat: int
    passed: bool
    reason: str | None = None
    role: str | None = None


@dataclass(frozen=True)
class LaneResult:
    lane: int
    element_id: str | None
    element_name: str
    passed: bool
    swimmers: tuple[SwimmerResult, ...]
    choice: str | None = None


@dataclass(frozen=True)
class Verdict:
    in_sync: bool
    lanes: tuple[LaneResult, ...]

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(s.reason for lane in self.lanes for s in lane.swimmers if s.reason)

    @property
    def words(self) -> str:
        return "IN SYNC" if self.in_sync else "NOT IN SYNC"  # the record's words, any language

    def to_dict(self) -> dict:
        """A JSON-ready form, used by ``kiosk judge`` and the journal."""
        return {
            "verdict": self.words,
            "in_sync": self.in_sync,
            "lanes": [{
                "lane": lane.lane, "element": lane.element_id, "name": lane.element_name,
                "passed": lane.passed, "choice": lane.choice,
                "swimmers": [{"seat": s.seat, "passed": s.passed, "reason": s.reason,
                              "role": s.role} for s in lane.swimmers],
            } for lane in self.lanes],
            "reasons": list(self.reasons),
        }


def judge(table: Table, elements: Sequence[Element], twists: Sequence[Twist] = (),
          choices: Mapping[int, int] | None = None) -> Verdict:
    """Judge the table. ``choices`` optionally fixes the captain's OR choice by lane."""
    lanes = []
    for lane in range(1, max(len(elements), table.lanes_used) + 1):
        plays = [(seat, table.cards(seat, lane)) for seat in table.from_captain]
        if lane <= len(elements):
            element = elements[lane - 1]
            choice_index = (choices or {}).get(lane)
            failures, roles, choice = _judge_element(element, plays, choice_index)
            _apply_twists(twists, plays, failures)
            name, element_id = element.name, element.id
        else:
            empty = _("no element is face up for lane {lane} yet, so it must stay empty")
            failures = {s: empty.format(lane=lane) for s, cards in plays if cards}
            roles, choice, name, element_id = {}, None, N_("no element yet"), None
        swimmers = tuple(
            SwimmerResult(seat, seat not in failures,
                          _("Seat {seat}, lane {lane}: {reason}").format(
                              seat=seat, lane=lane, reason=failures[seat])
                          if seat in failures else None, roles.get(seat))
            for seat in table.seats)
        lanes.append(LaneResult(lane, element_id, name, not failures, swimmers, choice))
    return Verdict(all(lane.passed for lane in lanes), tuple(lanes))


def _apply_twists(twists: Sequence[Twist], plays: Sequence[Play],
                  failures: dict[int, str]) -> None:
    for twist in twists:
        if twist.every_lane is None:
            continue
        for seat, cards in plays:
            problem = local_failure(twist.every_lane, cards) if cards else None
            if problem and seat not in failures:
                failures[seat] = _("twist '{twist}': {reason}").format(
                    twist=_(twist.name), reason=problem)


Outcome = tuple[dict[int, str], dict[int, str], str | None]  # failures, roles, choice


def _judge_element(element: Element, plays: Sequence[Play],
                   choice_index: int | None) -> Outcome:
    if element.mode is Mode.EACH:
        return _judge_each(element.options, plays)
    if element.mode is Mode.TEAM:
        return _judge_team(element.options, plays, choice_index)
    return _judge_split(element, plays)


def _judge_each(options: Sequence[Clause], plays: Sequence[Play]) -> Outcome:
    failures: dict[int, str] = {}
    roles: dict[int, str] = {}
    if len(options) == 1:
        clause = options[0]
        for seat, cards in plays:
            problem = local_failure(clause, cards)
            if problem:
                failures[seat] = problem
        for seat, problem in neighbor_failures(clause, plays).items():
            failures.setdefault(seat, problem)
        return failures, roles, None
    for seat, cards in plays:
        problems = []
        for clause in options:
            problem = local_failure(clause, cards)
            if problem is None:
                roles[seat] = clause.text
                break
            problems.append(_("'{option}' ({reason})").format(option=clause.text,
                                                                 reason=problem))
        else:
            failures[seat] = _("meets none of the options: {options}").format(
                options=(" " + _("nor") + " ").join(problems))
    return failures, roles, None


def _team_failures(clause: Clause, plays: Sequence[Play]) -> dict[int, str]:
    failures: dict[int, str] = {}
    for seat, cards in plays:
        problem = local_failure(clause, cards)
        if problem:
            failures[seat] = problem
    for extra in (across_failures(clause, plays), neighbor_failures(clause, plays)):
        for seat, problem in extra.items():
            failures.setdefault(seat, problem)
    return failures


def _judge_team(options: Sequence[Clause], plays: Sequence[Play],
                choice_index: int | None) -> Outcome:
    if choice_index is not None:
        if not 0 <= choice_index < len(options):
            raise ValueError(f"choice {choice_index + 1} does not exist: the element has "
                             f"{len(options)} option(s)")
        candidates = [choice_index]
    else:
        candidates = list(range(len(options)))
    best: tuple[int, dict[int, str]] | None = None
    for i in candidates:
        failures = _team_failures(options[i], plays)
        if best is None or len(failures) < len(best[1]):
            best = (i, failures)
        if not failures:
            break
    assert best is not None
    chosen, failures = best
    choice = options[chosen].text if len(options) > 1 else None
    return failures, {}, choice


@lru_cache(maxsize=256)
def role_assignments(roles_sizes: tuple[int, ...], seats: tuple[int, ...]
                     ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every way to give the fixed-size roles their swimmers; the rest are 'all others'."""
    def fill(index: int, free: tuple[int, ...]):
        if index == len(roles_sizes) or roles_sizes[index] == OTHERS:
            yield (free,) if index < len(roles_sizes) else ()
            return
        for chosen in combinations(free, roles_sizes[index]):
            rest = tuple(s for s in free if s not in chosen)
            for tail in fill(index + 1, rest):
                yield (chosen, *tail)
    return tuple(fill(0, seats))


def _match_roles(sizes: Sequence[int], seats: Sequence[int],
                 fits: Callable[[int, int], bool]) -> tuple[tuple[int, ...], ...] | None:
    """The assignment problem, for roles without across relations: a maximum matching
    of swimmers to roles with room for ``size`` each (augmenting paths). Swimmers left
    unmatched take the room left over, and fail there. None if the table is too small."""
    fixed = sum(size for size in sizes if size != OTHERS)
    if fixed > len(seats):
        return None
    room = [size if size != OTHERS else len(seats) - fixed for size in sizes]
    members: list[list[int]] = [[] for _ in sizes]

    def place(seat: int, tried: set[int]) -> bool:
        for r in range(len(sizes)):
            if r in tried or not fits(seat, r):
                continue
            tried.add(r)
            if len(members[r]) < room[r]:
                members[r].append(seat)
                return True
            for other in members[r]:
                if place(other, tried):
                    members[r].remove(other)
                    members[r].append(seat)
                    return True
        return False

    unmatched = [seat for seat in seats if not place(seat, set())]
    for r in range(len(sizes)):
        while len(members[r]) < room[r]:
            members[r].append(unmatched.pop(0))
    order = {seat: n for n, seat in enumerate(seats)}
    return tuple(tuple(sorted(group, key=order.__getitem__)) for group in members)


def _judge_split(element: Element, plays: Sequence[Play]) -> Outcome:
    """Try every assignment of swimmers to roles (at most 30 for six swimmers).

    Each swimmer's fit for each role is worked out once. Roles without across relations
    are an assignment problem, solved by matching; roles with them (e.g. "two swimmers
    play the same value") are tried assignment by assignment, each costing look-ups plus
    the across checks, each group's checks done once and an assignment dropped as soon
    as it cannot beat the best so far. Words are written only
    for the assignment finally reported: the first that works, or the one that leaves
    the fewest swimmers failing.
    """
    cards_of = dict(plays)
    seats = [seat for seat, _cards in plays]
    roles = element.roles
    fit = {(seat, r): local_failure(role.clause, cards_of[seat])
           for seat in seats for r, role in enumerate(roles)}
    sizes = tuple(r.size for r in roles)
    best: tuple[int, tuple] | None = None
    if all(r.clause.across.is_empty for r in roles):
        groups = _match_roles(sizes, seats, lambda seat, r: not fit[(seat, r)])
        candidates: Iterable = () if groups is None else (groups,)
    else:
        candidates = role_assignments(sizes, tuple(seats))
    across_seen: dict[tuple[int, tuple[int, ...]], dict[int, str]] = {}

    def across(r: int, group: tuple[int, ...]) -> dict[int, str]:
        """A role's across failures for one group; groups recur between assignments."""
        if (r, group) not in across_seen:
            across_seen[(r, group)] = across_failures(
                roles[r].clause, [(s, cards_of[s]) for s in group])
        return across_seen[(r, group)]

    for groups in candidates:
        misses = sum(1 for r, group in enumerate(groups) for seat in group if fit[(seat, r)])
        if best is not None and misses >= best[0]:
            continue
        for r, group in enumerate(groups):
            if not roles[r].clause.across.is_empty and group:
                misses += sum(1 for seat in across(r, group) if not fit[(seat, r)])
                if best is not None and misses >= best[0]:
                    break  # no better than the best so far, whatever the other roles say
        if best is None or misses < best[0]:
            best = (misses, groups)
        if misses == 0:
            break
    if best is None:  # fewer swimmers than the fixed roles need
        need = sum(r.size for r in roles)
        needs = _("this element needs at least {n} swimmers").format(n=need + 1)
        return ({seat: needs for seat in seats}, {}, None)
    failures: dict[int, str] = {}
    names: dict[int, str] = {}
    for r, group in enumerate(best[1]):
        role = roles[r]
        for seat in group:
            names[seat] = role.text
            if fit[(seat, r)]:
                failures[seat] = _("as '{role}': {reason}").format(role=role.text,
                                                                   reason=fit[(seat, r)])
        if not role.clause.across.is_empty and group:
            for seat, problem in across(r, group).items():
                failures.setdefault(seat, _("as '{role}': {reason}").format(role=role.text,
                                                                            reason=problem))
    return failures, names, None
