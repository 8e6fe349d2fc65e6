"""Tag map: which RFID tag UID is which card, and what the table inventory means.

The reader boards only know UIDs. A café sticks a tag under each card and lists them
in ``config/tags/*.csv`` (``uid,card``, UID in hex). The card is kept as plain text in
the kiosk's short form (``blue-7-RH``): the hardware layer knows no game rules, so the
names are checked against a deck elsewhere (``kiosk check``), not here.

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

import csv
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from kiosk.config import ConfigError, Problem

DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "config" / "tags"
UID_LENGTHS = (4, 7, 10)
Place = tuple[int, int]  # (seat, lane)


class TagMapError(ConfigError):
    """A tag file cannot be used; ``problems`` names every file:line that is wrong."""


def parse_uid(text: str) -> bytes:
    """Hex text to UID bytes; colons, spaces and dashes between bytes are allowed.

    >>> parse_uid("04:A1:B2:C3").hex()
    '04a1b2c3'
    """
    cleaned = text.strip().replace(":", "").replace(" ", "").replace("-", "")
    try:
        uid = bytes.fromhex(cleaned)
    except ValueError:
        raise ValueError(f"UID {text!r} is not hex (write it like 04a1b2c3d4e5f6)") from None
    if len(uid) not in UID_LENGTHS:
        raise ValueError(f"UID {text!r} has {len(uid)} bytes; tags have 4, 7 or 10")
    return uid


def format_uid(uid: bytes) -> str:
    """UID bytes as the hex the CSV files use.

    >>> format_uid(bytes([4, 161, 178, 195]))
    '04a1b2c3'
    """
    return uid.hex()


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
    def load(cls, directory: str | Path = DEFAULT_DIR) -> TagMap:
        """Read every ``*.csv`` in ``directory`` (sorted); raise :class:`TagMapError`."""
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
            _read_file(path, cards, seen, problems)
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


def _read_file(
    path: Path, cards: dict[bytes, str], seen: dict[bytes, str], problems: list[Problem]
) -> None:
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(Problem(source, None, "", f"cannot read the file ({exc})"))
        return
    for number, row in enumerate(csv.reader(text.splitlines()), 1):
        if not row or not "".join(row).strip() or row[0].lstrip().startswith("#"):
            continue
        cells = [cell.strip() for cell in row]
        if number == 1 and [c.lower() for c in cells] == ["uid", "card"]:
            continue
        if len(cells) != 2 or not cells[1]:
            problems.append(
                Problem(source, number, "", f"expected two columns 'uid,card', got {row!r}")
            )
            continue
        try:
            uid = parse_uid(cells[0])
        except ValueError as exc:
            problems.append(Problem(source, number, "", str(exc)))
            continue
        where = f"{path.name}:{number}"
        if uid in cards and cards[uid] != cells[1]:
            problems.append(
                Problem(
                    source,
                    number,
                    "",
                    f"UID {cells[0]} is already {cards[uid]!r} ({seen[uid]}); "
                    "one tag can name one card only",
                )
            )
            continue
        cards[uid] = cells[1]
        seen.setdefault(uid, where)
