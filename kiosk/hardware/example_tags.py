"""The made-up UIDs of the shipped example tag map, told apart from real stickers.

``config/tags/default.csv`` lets the simulated table and a fresh install know every
card, but its UIDs belong to no sticker: each is ``04`` followed by the first 6 bytes
of ``sha256(salt + card)`` (the file's header says so). A real table that still uses
them knows no card at all, so ``kiosk check`` warns while any remain and ``kiosk
enroll`` counts only the cards that have a tag of their own.

>>> uid = example_uid("blue-1-LH")
>>> uid.hex(), is_example(uid, "blue-1-LH"), is_example(uid, "blue-2-BH-LF")
('049b7f9a3b10c6', True, False)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping

EXAMPLE_SALTS = ("sync-or-swim:",)
"""The salt of each shipped example map (one per example deck)."""


def example_uid(card: str, salt: str = EXAMPLE_SALTS[0]) -> bytes:
    """The made-up 7-byte UID the example map gives ``card``."""
    return b"\x04" + hashlib.sha256((salt + card).encode("utf-8")).digest()[:6]


def is_example(uid: bytes, card: str) -> bool:
    """True if ``uid`` is the example map's made-up UID for ``card``."""
    return len(uid) == 7 and any(uid == example_uid(card, salt) for salt in EXAMPLE_SALTS)


def count_examples(pairs: Iterable[tuple[bytes, str]]) -> int:
    """How many (uid, card) pairs are made-up example tags."""
    return sum(1 for uid, card in pairs if is_example(uid, card))


def own_tags(cards: Mapping[bytes, str]) -> frozenset[str]:
    """The cards with at least one tag that is not made up: a sticker of this table."""
    return frozenset(card for uid, card in cards.items() if not is_example(uid, card))
