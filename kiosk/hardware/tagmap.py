"""Tag map: which RFID tag UID is which card, and what the table inventory means.

The reader boards only know UIDs. A café sticks a tag under each card and lists them
in ``config/tags/*.csv`` (``uid,card[,enrolled_at]``, UID in hex), read by the one tag
file parser, :mod:`kiosk.hardware.tag_file`. The card is kept as plain text in the
kiosk's short form (``blue-7-RH``): the hardware layer knows no game rules, so whoever
knows the decks passes their card names in (``known_cards``, as ``kiosk check`` does).

:meth:`TagMap.resolve` turns the raw inventory (UIDs per seat and lane) into what the
controller can act on: the known cards in each lane, the unknown UIDs (the app offers
to enroll them), and conflicts — a UID seen on two antennas at once, which is placed in
neither lane, because one of the sightings is cross-talk and we cannot tell which.

>>> tags = TagMap.from_rows([("04a1b2c3", "blue-7-RH")])
>>> view = tags.resolve({(2, 3): frozenset({bytes.fromhex("04a1b2c3")})})
>>> view.lane(2, 3).cards, view.lane(2, 3).unknown, view.conflicts
(('blue-7-RH',), (), ())
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from kiosk.config import Problem
from kiosk.hardware.example_tags import own_tags
from kiosk.hardware.tag_file import UID_LENGTHS, TagFileError, format_uid, parse_uid, read_rows

__all__ = ["UID_LENGTHS", "Conflict", "LaneView", "TableView", "TagMap", "TagMapError",
           "format_uid", "parse_uid"]

DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "config" / "tags"
Place = tuple[int, int]  # (seat, lane)
TagMapError = TagFileError  # the tag files cannot be used; ``problems`` lists every line


@dataclass(frozen=True)
class LaneView:
    """One lane as the controller sees it: known cards and unenrolled UIDs."""

    seat: int
    lane: int
    cards: tuple[str, ...] = ()
    unknown: tuple[bytes, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.cards and not self.unknown


@dataclass(frozen=True)
class Conflict:
    """One UID seen on several antennas at once; it is placed in none of them."""

    uid: bytes
    card: str | None
    places: tuple[Place, ...]

    def describe(self) -> str:
        what = self.card or f"unknown tag {format_uid(self.uid)}"
        where = " and ".join(f"seat {s} lane {n}" for s, n in self.places)
        return f"{what} is seen in {where} at once — move the cards apart and lift it again"


@dataclass(frozen=True)
class TableView:
    """The resolved inventory: lanes that hold something, and conflicts."""

    lanes: Mapping[Place, LaneView]
    conflicts: tuple[Conflict, ...]

    def lane(self, seat: int, lane: int) -> LaneView:
        return self.lanes.get((seat, lane), LaneView(seat, lane))

    def unknown(self) -> list[tuple[Place, bytes]]:
        """Every unenrolled UID with its place, for the enroll screen."""
        return [(p, uid) for p, view in sorted(self.lanes.items()) for uid in view.unknown]


class TagMap:
    """UID → card text. Build with :meth:`load` (a directory of CSVs) or :meth:`from_rows`."""

    def __init__(self, cards: Mapping[bytes, str]) -> None:
        self._cards = dict(cards)
        self._uids: dict[str, bytes] = {}
        for uid, card in self._cards.items():
            self._uids.setdefault(card, uid)

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, str]]) -> TagMap:
        return cls({parse_uid(uid): card for uid, card in rows})

    @classmethod
    def load(cls, directory: str | Path = DEFAULT_DIR,
             known_cards: Collection[str] | None = None) -> TagMap:
        """Read every ``*.csv`` in ``directory`` (sorted); raise :class:`TagMapError`
        naming every bad line, including a UID that two files give different cards."""
        directory = Path(directory)
        problems: list[Problem] = []
        cards: dict[bytes, str] = {}
        seen: dict[bytes, str] = {}  # uid -> "file:line" where it was first listed
        files = sorted(directory.glob("*.csv")) if directory.is_dir() else []
        if not files:
            problems.append(
                Problem(str(directory), None, "", "no tag files (*.csv) here; see README.md")
            )
        for path in files:
            for row in read_rows(path, known_cards, problems):
                if row.uid in cards and cards[row.uid] != row.card:
                    problems.append(Problem(str(path), row.line, "", (
                        f"UID {format_uid(row.uid)} is already {cards[row.uid]!r} "
                        f"({seen[row.uid]}); one tag can name one card only")))
                    continue
                cards[row.uid] = row.card
                seen.setdefault(row.uid, f"{path.name}:{row.line}")
        if problems:
            raise TagMapError(problems)
        return cls(cards)

    def card(self, uid: bytes) -> str | None:
        """The card a UID is stuck to, or None if it is not enrolled."""
        return self._cards.get(uid)

    def uid(self, card: str) -> bytes | None:
        """The (first) UID enrolled for a card, or None."""
        return self._uids.get(card)

    def cards(self) -> tuple[str, ...]:
        return tuple(sorted(self._uids))

    def cards_with_own_tag(self) -> frozenset[str]:
        """Cards with a tag that is not one of the example map's made-up UIDs
        (:mod:`kiosk.hardware.example_tags`): the ones a real table can see."""
        return own_tags(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def name(self, uid: bytes) -> str:
        """Card name, or ``unknown tag <hex>`` for display."""
        return self._cards.get(uid) or f"unknown tag {format_uid(uid)}"

    def resolve(self, inventory: Mapping[Place, Iterable[bytes]]) -> TableView:
        """Known cards, unknown UIDs and conflicts for a raw inventory."""
        places: dict[bytes, list[Place]] = {}
        for place in sorted(inventory):
            for uid in inventory[place]:
                places.setdefault(uid, []).append(place)
        conflicts = tuple(
            Conflict(uid, self.card(uid), tuple(where))
            for uid, where in sorted(places.items())
            if len(where) > 1
        )
        clashing = {c.uid for c in conflicts}
        lanes: dict[Place, LaneView] = {}
        for (seat, lane), uids in sorted(inventory.items()):
            kept = sorted(u for u in uids if u not in clashing)
            cards = tuple(sorted(c for u in kept if (c := self.card(u)) is not None))
            unknown = tuple(u for u in kept if self.card(u) is None)
            if cards or unknown:
                lanes[seat, lane] = LaneView(seat, lane, cards, unknown)
        return TableView(lanes, conflicts)

