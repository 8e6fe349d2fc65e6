"""The tag map in the database: which RFID tag is stuck to which card, and since when.

Enrollment (staff scanning a new deck) writes here; the controller reads it as a
:class:`~kiosk.hardware.tagmap.TagMap`. One tag names one card; a card may carry more
than one tag (a spare sticker). Binding a tag that already names another card is
refused unless ``replace=True`` — that is how a mis-scan is caught.

>>> import tempfile, pathlib
>>> from kiosk.store import SQLiteStore
>>> store = SQLiteStore(pathlib.Path(tempfile.mkdtemp()) / "k.sqlite3")
>>> store.tags.add("04a1b2c3", "blue-7-RH", enrolled_at=0)
TagRecord(uid=b'\\x04\\xa1\\xb2\\xc3', card='blue-7-RH', enrolled_at=0)
>>> store.tags.tag_map().card(bytes.fromhex("04a1b2c3"))
'blue-7-RH'
>>> store.close()
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Collection, Sequence
from pathlib import Path

from kiosk.config import Problem
from kiosk.hardware.tag_file import format_uid, parse_uid
from kiosk.hardware.tagmap import TagMap
from kiosk.store import tag_csv
from kiosk.store.database import Database
from kiosk.store.protocol import StoreError
from kiosk.store.tag_csv import CsvRow, TagCsvError, TagRecord


class TagAlreadyBound(StoreError):
    """The tag already names another card."""

    def __init__(self, uid: bytes, card: str, wanted: str) -> None:
        self.uid, self.card, self.wanted = uid, card, wanted
        super().__init__(f"tag {format_uid(uid)} is already {card!r}, not {wanted!r}: "
                         "remove it first, or scan another tag")


def as_uid(uid: bytes | str) -> bytes:
    """UID bytes from bytes or hex text, checked for a real tag length (4, 7, 10)."""
    try:
        return parse_uid(uid if isinstance(uid, str) else bytes(uid).hex())
    except ValueError as error:
        raise StoreError(str(error)) from None


class StoredTags:
    """``store.tags``: add, remove, lookup, all, CSV export and import."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, uid: bytes | str, card: str, enrolled_at: int | None = None, *,
            replace: bool = False) -> TagRecord:
        """Bind a tag to a card; the same binding again keeps its first date."""
        uid, card, when = binding(uid, card, enrolled_at)
        with self.db.write() as sql:
            row = sql.execute("SELECT card, enrolled_at FROM tags WHERE uid = ?",
                              (uid,)).fetchone()
            if row is not None and row[0] == card:
                return TagRecord(uid, card, int(row[1]))
            if row is not None and not replace:
                raise TagAlreadyBound(uid, row[0], card)
            sql.execute("INSERT OR REPLACE INTO tags (uid, card, enrolled_at) "
                        "VALUES (?, ?, ?)", (uid, card, when))
        return TagRecord(uid, card, when)

    def remove(self, uid: bytes | str) -> bool:
        """Forget a tag; False if it was not enrolled."""
        with self.db.write() as sql:
            return sql.execute("DELETE FROM tags WHERE uid = ?", (as_uid(uid),)).rowcount > 0

    def lookup(self, uid: bytes | str) -> TagRecord | None:
        with self.db.read() as sql:
            row = sql.execute("SELECT uid, card, enrolled_at FROM tags WHERE uid = ?",
                              (as_uid(uid),)).fetchone()
        return None if row is None else TagRecord(bytes(row[0]), row[1], int(row[2]))

    def all(self) -> tuple[TagRecord, ...]:
        """Every tag, by card then UID."""
        with self.db.read() as sql:
            rows = sql.execute("SELECT uid, card, enrolled_at FROM tags ORDER BY card, uid")
            return tuple(TagRecord(bytes(u), c, int(t)) for u, c, t in rows)

    def __len__(self) -> int:
        with self.db.read() as sql:
            return int(sql.execute("SELECT COUNT(*) FROM tags").fetchone()[0])

    def tag_map(self) -> TagMap:
        """The tags as the hardware layer's :class:`TagMap`."""
        return TagMap({record.uid: record.card for record in self.all()})

    def export_csv(self, path: str | Path, *, dates: bool = True, force: bool = False) -> int:
        """Write every tag to ``path`` atomically; returns how many. Raises
        :class:`~kiosk.store.tag_csv.ExportRefused` rather than replace a file that lists
        more tags, unless ``force``. See :mod:`kiosk.store.tag_csv`."""
        return tag_csv.write(path, self.all(), dates, force)

    def import_csv(self, path: str | Path, *, replace: bool = False,
                   now: int | None = None, known_cards: Collection[str] | None = None) -> int:
        """Add every row of a CSV file, all or nothing; returns how many were new or changed.

        Raises :class:`~kiosk.store.tag_csv.TagCsvError` (``file:line: message`` for each
        bad row, each card not in ``known_cards`` when given, and each tag already bound
        to another card unless ``replace``).
        """
        return self.import_rows(tag_csv.read(path, known_cards), str(path), replace=replace,
                                now=now)

    def import_rows(self, rows: Sequence[CsvRow], source: str, *,
                    replace: bool = False, now: int | None = None) -> int:
        """:meth:`import_csv` for rows already read (``source`` names them in problems)."""
        when = int(time.time() if now is None else now)
        changed = 0
        with self.db.write() as sql:
            problems = []
            for row in rows:
                bound = sql.execute("SELECT card FROM tags WHERE uid = ?",
                                    (row.uid,)).fetchone()
                if bound is not None and bound[0] == row.card:
                    continue
                if bound is not None and not replace:
                    problems.append(already_bound(source, row, bound[0]))
                    continue
                sql.execute("INSERT OR REPLACE INTO tags (uid, card, enrolled_at) "
                            "VALUES (?, ?, ?)", (row.uid, row.card,
                                                 row.enrolled_at if row.enrolled_at
                                                 is not None else when))
                changed += 1
            if problems:
                raise TagCsvError(problems)
        return changed

    def data_version(self) -> int:
        """Changes when another process writes the file (see ``Database.data_version``)."""
        return self.db.data_version()


def binding(uid: bytes | str, card: str, enrolled_at: int | None) -> tuple[bytes, str, int]:
    """The checked parts of a new binding (the database's and the kept writes' alike):
    the UID as bytes, the card name trimmed (never empty), the date (now if not given)."""
    card = card.strip()
    if not card:
        raise StoreError("a tag must name a card")
    return as_uid(uid), card, int(time.time() if enrolled_at is None else enrolled_at)


def already_bound(source: str, row: CsvRow, card: str) -> Problem:
    return Problem(source, row.line, "", (
        f"tag {format_uid(row.uid)} is already {card!r} on this table; "
        "remove it first or import with replace"))


def read_only_tags(path: Path) -> dict[bytes, str] | None:
    """A database file's tag map read without opening the store (which would migrate
    and write): for checks and diagnostics that must leave the file as it is. None when
    there is no readable one (missing, locked, foreign)."""
    if not path.is_file():
        return None
    try:
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=1.0) as db:
            return {bytes(uid): card for uid, card in db.execute("SELECT uid, card FROM tags")}
    except sqlite3.Error:
        return None
