"""Synchroniser tokens on the simulated table (``kiosk run --simulate``, tests, demos).

Each seat gets its own set of tokens 1 .. :data:`~.tokens.TOKENS_PER_SEAT`, with made-up
7-byte UIDs (``05 53 59 4e`` "SYN", then the seat and the number): a real table's
tokens have their own UIDs, enrolled with ``kiosk enroll --tokens``. The simulated
table itself knows no game: these helpers only lay and lift tags on its readers.

    known = know_tokens(table.tags, seats=(1, 2, 3))   # bind the simulated tokens once
    lay_token(table, seat=2, number=3)
    lift_token(table, seat=2, number=3)

The developer side panel of ``kiosk run --simulate`` calls the ``*_tool(panel)``
functions (the UI package lists them as ``DevTool``s): the panel's seat, and a number
typed in its card field ("3" or "sync-token-3"); its keys 1-6 press the seat buttons.

>>> token_uid(2, 3).hex()
'0553594e020300'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kiosk.table.games.sync_association.tokens import TOKENS_PER_SEAT, token_name

TOKEN_LANE = 1  # the lane whose antenna reads a seat's synchroniser


def token_uid(seat: int, number: int) -> bytes:
    return bytes([0x05, 0x53, 0x59, 0x4E, seat & 0xFF, number & 0xFF, 0x00])


def token_tags(seats: Iterable[int]) -> dict[bytes, str]:
    """The simulated tokens of these seats, as a tag map's bindings."""
    return {token_uid(seat, n): token_name(n) for seat in seats
            for n in range(1, TOKENS_PER_SEAT + 1)}


def know_tokens(book: Any, seats: Iterable[int]) -> int:
    """Bind the simulated tokens the book does not know yet (a ``TagBook``); how many."""
    added = 0
    for uid, name in token_tags(seats).items():
        if book.card(uid) is None:
            book.bind(uid, name)
            added += 1
    return added


def lay_token(table: Any, *, seat: int, number: int, lane: int = TOKEN_LANE) -> bytes:
    """Lay seat ``seat``'s token ``number`` face down on its reader; returns its UID."""
    uid = token_uid(seat, number)
    table.put_uid(uid, seat=seat, lane=lane)
    return uid


def lift_token(table: Any, *, seat: int, number: int, lane: int = TOKEN_LANE) -> None:
    table.lift_uid(token_uid(seat, number), seat=seat, lane=lane)


def _number(panel: Any) -> int:
    digits = "".join(ch for ch in str(panel.card).rpartition("-")[2] if ch.isdigit())
    number = int(digits) if digits else 1
    if not 1 <= number <= TOKENS_PER_SEAT:
        raise ValueError(f"tokens are numbered 1 to {TOKENS_PER_SEAT}, not {number}")
    return number


def lay_token_tool(panel: Any) -> str:
    """Lay the panel's seat's token (the number in the card field) on its reader."""
    seat, number = int(panel.seat), _number(panel)
    know_tokens(panel.table.tags, [seat])
    lay_token(panel.table, seat=seat, number=number)
    return f"laid token {number} on seat {seat}'s reader"


def lift_tokens_tool(panel: Any) -> str:
    """Lift every token of the panel's seat."""
    seat = int(panel.seat)
    for number in range(1, TOKENS_PER_SEAT + 1):
        lift_token(panel.table, seat=seat, number=number)
    return f"lifted seat {seat}'s tokens"


def next_number_tool(panel: Any) -> str:
    """The next token number in the card field (1 .. 6, then 1 again)."""
    try:
        number = _number(panel) % 6 + 1
    except ValueError:
        number = 1
    panel.card = str(number)
    return f"token number: {number}"
