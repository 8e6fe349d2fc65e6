"""The table's tag map, kept in the store and live.

The game resolves UIDs through a :class:`TagBook`: a :class:`~kiosk.hardware.tagmap.TagMap`
whose bindings come from ``store.tags`` and change the moment staff enroll a tag, so a
card tagged in Settings is known at the very next stop — no restart, no CSV to edit.

On the first start the store has no tags yet: :meth:`TagBook.for_store` imports
``config/tags/*.csv`` into it once, so the shipped example deck keeps working. From
then on the store is the truth; ``kiosk tags import`` brings in a new file, and a
running kiosk sees it at its next pump (:meth:`TagBook.refresh`).

A store without ``tags`` (the :class:`~kiosk.store.protocol.MemoryStore` of tests and of a
kiosk whose database cannot open) gives a book in memory, read from the CSV files.

>>> book = TagBook(cards={bytes.fromhex("04a1b2c3"): "blue-7-RH"})
>>> book.bind(bytes.fromhex("04a1b2c4"), "blue-8")
>>> book.card(bytes.fromhex("04a1b2c4")), len(book)
('blue-8', 2)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from kiosk.hardware.tagmap import TagMap, TagMapError
from kiosk.paths import config_dir as default_config_dir
from kiosk.store.kept_tags import KeptTags
from kiosk.store.tag_csv import TagCsvError
from kiosk.store.tags import StoredTags, TagAlreadyBound

log = logging.getLogger(__name__)


class TagBook(TagMap):
    """A tag map that can learn: :meth:`bind` writes the store (if any) and the map."""

    def __init__(self, stored: StoredTags | KeptTags | None = None,
                 cards: Mapping[bytes, str] | None = None) -> None:
        self.stored = stored
        self._write = threading.Lock()
        self._version = stored.data_version() if stored is not None else None
        super().__init__(self._from_store() if stored is not None else dict(cards or {}))

    @classmethod
    def from_map(cls, tags: TagMap) -> TagBook:
        """A book in memory holding what ``tags`` holds (tests pass plain maps)."""
        if isinstance(tags, TagBook):
            return tags
        return cls(cards=dict(tags._cards))

    @classmethod
    def for_store(cls, store: Any, config_dir: Path | None = None) -> TagBook:
        """The store's book, seeded from ``<config>/tags/*.csv`` while it is empty."""
        from kiosk.check import known_cards

        folder = default_config_dir(config_dir) / "tags"
        stored = getattr(store, "tags", None)
        if not isinstance(stored, StoredTags | KeptTags) or len(stored) == 0:
            known, _ = known_cards(default_config_dir(config_dir))  # None: decks broken
            if not isinstance(stored, StoredTags | KeptTags):
                return cls(cards=dict(load_files(folder, known)._cards))
            seed(stored, folder, known)
        return cls(stored)

    def bind(self, uid: bytes, card: str, *, replace: bool = False) -> None:
        """Bind ``uid`` to ``card``; :class:`TagAlreadyBound` if it names another card
        and ``replace`` is False (a mis-scan must never silently move a tag)."""
        with self._write:
            if self.stored is not None:
                self.stored.add(uid, card, replace=replace)
            else:
                bound = self.card(uid)
                if bound is not None and bound != card and not replace:
                    raise TagAlreadyBound(uid, bound, card)
            cards = dict(self._cards)
            cards[uid] = card
            TagMap.__init__(self, cards)

    def reload(self) -> None:
        """Re-read the store (after ``kiosk tags import`` wrote it from outside)."""
        if self.stored is not None:
            with self._write:
                self._version = self.stored.data_version()
                TagMap.__init__(self, self._from_store())

    def refresh(self) -> bool:
        """Re-read the store if another process wrote the database since the last read
        (``kiosk tags import`` beside a running kiosk); True if it did. Cheap enough for
        every pump of the controller: one ``PRAGMA data_version``."""
        if self.stored is None or self.stored.data_version() == self._version:
            return False
        before = len(self)
        self.reload()
        log.info("tags changed in the database: %d known now (%d before)", len(self), before)
        return True

    def _from_store(self) -> dict[bytes, str]:
        assert self.stored is not None
        return {record.uid: record.card for record in self.stored.all()}


def load_files(folder: Path, known: Collection[str] | None = None) -> TagMap:
    """The CSV files' map; empty (every card unknown, players judge by hand) if they
    cannot be used — the reason goes to the log. ``known``: every card of the decks."""
    try:
        return TagMap.load(folder, known)
    except TagMapError as error:
        log.error("the tag map cannot be used, every card will be unknown:\n%s", error)
        return TagMap({})


def seed(stored: StoredTags | KeptTags, folder: Path,
         known: Collection[str] | None = None) -> int:
    """Import every ``*.csv`` in ``folder`` into an empty store; returns how many tags.
    Each file is checked as ``kiosk tags import`` checks it (``known``: every card)."""
    added = 0
    for path in sorted(folder.glob("*.csv")) if folder.is_dir() else []:
        try:
            added += stored.import_csv(path, known_cards=known)
        except TagCsvError as error:
            log.error("these tags were not imported:\n%s", error)
    if added:
        log.info("imported %d tags from %s into the store", added, folder)
    return added
