"""The deck check at setup: is this the right Sync deck for this many swimmers?

Staff (or the captain) pass the deck over one seat reader — card after card, or the
whole stack at once — and the table lists what is missing, what is extra (a card this
player count does not use, or a second copy) and which tags name no card at all.

:func:`compare_deck` is the pure comparison; :class:`DeckCheck` remembers every tag
seen at its place since it started (a card that was seen and lifted again still
counts), resolving names through the tag map when asked, so a tag enrolled meanwhile
is named correctly.

>>> report = compare_deck(["blue-1", "blue-2", "blue-3"], ["blue-1", "blue-3", "gray-9"])
>>> report.missing, report.extra, report.complete
(('blue-2',), ('gray-9',), False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kiosk.hardware.tagmap import TagMap, format_uid
from kiosk.table.api import DeckCheckView


@dataclass(frozen=True)
class DeckReport:
    """The deck against what was seen; each list in deck order (extras sorted)."""

    expected: int
    seen: int
    missing: tuple[str, ...]
    extra: tuple[str, ...]
    unknown: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not (self.missing or self.extra or self.unknown)


def compare_deck(expected: Sequence[str], seen: Iterable[str],
                 unknown: Iterable[str] = ()) -> DeckReport:
    """Cards are compared as multisets: a card seen twice where the deck has it once
    is one extra copy (two stickers on one card show up the same way).

    >>> compare_deck(["gray-4"], ["gray-4", "gray-4"]).extra
    ('gray-4',)
    """
    seen = list(seen)
    want, got = Counter(expected), Counter(seen)
    missing, left = [], Counter(got)
    for card in expected:
        if left[card] > 0:
            left[card] -= 1
        else:
            missing.append(card)
    extra = sorted((got - want).elements())
    unknown = tuple(sorted(set(unknown)))
    return DeckReport(len(expected), len(seen) + len(unknown), tuple(missing), tuple(extra),
                      unknown)


class DeckCheck:
    """Every tag seen at one place since the check started, against ``expected``."""

    def __init__(self, expected: Sequence[str], tags: TagMap, *, seat: int = 1,
                 lane: int = 1) -> None:
        self.expected, self.tags = tuple(expected), tags
        self.seat, self.lane = seat, lane
        self.uids: set[bytes] = set()

    @property
    def place(self) -> tuple[int, int]:
        return self.seat, self.lane

    def add(self, uids: Iterable[bytes]) -> bool:
        """Tags now on the reader; True if any is new."""
        before = len(self.uids)
        self.uids.update(uids)
        return len(self.uids) != before

    def report(self) -> DeckReport:
        cards = [card for uid in self.uids if (card := self.tags.card(uid)) is not None]
        unknown = [format_uid(uid) for uid in self.uids if self.tags.card(uid) is None]
        return compare_deck(self.expected, cards, unknown)

    def view(self) -> DeckCheckView:
        report = self.report()
        where = f"seat {self.seat} lane {self.lane}"
        if report.complete:
            message = f"The deck is complete: all {report.expected} cards are here"
        elif not self.uids:
            message = (f"Pass the {report.expected} Sync cards over {where}, one after "
                       "another or as a stack")
        else:
            message = (f"{report.expected - len(report.missing)} of {report.expected} "
                       f"cards seen on {where}")
            extra, unknown = len(report.extra), len(report.unknown)
            if extra:
                message += (f"; {extra} {'does' if extra == 1 else 'do'} not belong in "
                            "this deck")
            if unknown:
                message += (f"; {unknown} {'tag names' if unknown == 1 else 'tags name'} "
                            "no card (enroll them)")
        return DeckCheckView(self.seat, self.lane, report.expected, report.seen,
                             report.missing, report.extra, report.unknown, report.complete,
                             message)
