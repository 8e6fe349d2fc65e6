"""``store.tags`` of a :class:`~kiosk.store.write_behind.WriteBehindStore`: the tag map
with the tag writes that wait for the disk already applied.

The same calls as :class:`~kiosk.store.tags.StoredTags`, with the same refusals (a tag
already naming another card, a CSV row that cannot be read) made before a write is
kept, so enrolling a deck works the same on a full disk; the kept writes are saved,
in order, with the rest.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kiosk.hardware.tagmap import TagMap
from kiosk.store import tag_csv
from kiosk.store.kept import Kept
from kiosk.store.tag_csv import TagCsvError, TagRecord
from kiosk.store.tags import TagAlreadyBound, already_bound, as_uid, binding

if TYPE_CHECKING:
    from kiosk.store.write_behind import WriteBehindStore


class KeptTags:
    """See the module docstring."""

    def __init__(self, store: WriteBehindStore) -> None:
        self.store = store
        self._version = (0, 0)

    def add(self, uid: bytes | str, card: str, enrolled_at: int | None = None, *,
            replace: bool = False) -> TagRecord:
        uid, card, when = binding(uid, card, enrolled_at)

        def keep() -> TagRecord:
            bound = self._now().get(uid)
            if bound is not None and bound.card == card:
                return bound
            if bound is not None and not replace:
                raise TagAlreadyBound(uid, bound.card, card)
            self.store._keep(kept)
            return TagRecord(uid, card, when)
        kept = Kept("tags.add", (uid, card, when), kwargs={"replace": replace})
        return self.store._write(kept, keep)

    def remove(self, uid: bytes | str) -> bool:
        uid = as_uid(uid)

        def keep() -> bool:
            known = uid in self._now()
            self.store._keep(kept)
            return known
        kept = Kept("tags.remove", (uid,))
        return bool(self.store._write(kept, keep))

    def import_csv(self, path: str | Path, *, replace: bool = False,
                   now: int | None = None, known_cards: Collection[str] | None = None) -> int:
        rows = tag_csv.read(path, known_cards)
        when = int(time.time() if now is None else now)

        def keep() -> int:
            known = self._now()
            problems = [already_bound(str(path), row, known[row.uid].card) for row in rows
                        if row.uid in known and known[row.uid].card != row.card
                        and not replace]
            if problems:
                raise TagCsvError(problems)
            self.store._keep(kept)
            return sum(1 for row in rows if row.uid not in known
                       or known[row.uid].card != row.card)
        kept = Kept("tags.import_rows", (rows, str(path)),
                    kwargs={"replace": replace, "now": when})
        return int(self.store._write(kept, keep))

    def lookup(self, uid: bytes | str) -> TagRecord | None:
        return self._now().get(as_uid(uid))

    def all(self) -> tuple[TagRecord, ...]:
        """Every tag, by card then UID."""
        return tuple(sorted(self._now().values(), key=lambda r: (r.card, r.uid)))

    def __len__(self) -> int:
        return len(self._now())

    def tag_map(self) -> TagMap:
        return TagMap({record.uid: record.card for record in self.all()})

    def export_csv(self, path: str | Path, *, dates: bool = True, force: bool = False) -> int:
        return tag_csv.write(path, self.all(), dates, force)

    def data_version(self) -> tuple[int, int]:
        """Changes when another process wrote the file, or when the file opened at last
        (a :class:`~kiosk.table.tag_book.TagBook` then reads the tags again)."""
        with self.store._lock:
            db = self.store.db
            if db is None:
                return self._version
            try:
                self._version = (self.store.opened, int(db.data_version()))
            except Exception as error:
                if not self.store._failed(error):
                    raise
            return self._version

    def _now(self) -> dict[bytes, TagRecord]:
        """Every tag as it will be once the kept writes are saved."""
        store = self.store
        with store._lock:
            tags = {r.uid: r for r in store._read(lambda s: s.tags.all(), ())}
            for kept in store._kept:
                if kept.method == "tags.add":
                    uid, card, when = kept.args
                    if tags.get(uid, TagRecord(uid, "", 0)).card != card:
                        tags[uid] = TagRecord(uid, card, when)
                elif kept.method == "tags.remove":
                    tags.pop(kept.args[0], None)
                elif kept.method == "tags.import_rows":
                    _apply_rows(tags, kept.args[0], kept.kwargs)
            return tags


def _apply_rows(tags: dict[bytes, TagRecord], rows: Any, options: dict[str, Any]) -> None:
    for row in rows:
        bound = tags.get(row.uid)
        if bound is not None and (bound.card == row.card or not options["replace"]):
            continue
        when = row.enrolled_at if row.enrolled_at is not None else options["now"]
        tags[row.uid] = TagRecord(row.uid, row.card, when)
