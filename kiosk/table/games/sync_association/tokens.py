"""Synchroniser tokens: numbered RFID tags a player lays face down on their seat's reader.

A token is enrolled like a card (``kiosk enroll --tokens``): the table's tag map binds
its UID to the name ``sync-token-N``, so the shared tag map, its store, its CSV files
and its checks serve tokens too (one number may have many tags: a set per seat). The
hardware knows no game: the readers report UIDs per seat and lane, and only this module
says what they mean here.

:func:`seat_reading` turns what a seat's reader holds into a :class:`SeatReading`;
:func:`reading_problem` words what is wrong with it for the players, never naming the
number of a token (the other seats must not learn it).

>>> token_name(3), token_number("sync-token-3"), token_number("blue-7-RH")
('sync-token-3', 3, None)
>>> seat_reading([b"\\x01", b"\\x02"], {b"\\x01": "sync-token-2"}.get).unknown
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kiosk.games.sync_association.content_check import TOKEN_PREFIX as PREFIX
from kiosk.games.sync_association.content_check import TOKENS as TOKENS_PER_SEAT  # noqa: F401


def token_name(number: int) -> str:
    return f"{PREFIX}{number}"


def token_number(name: str | None) -> int | None:
    if name is None or not name.startswith(PREFIX):
        return None
    digits = name[len(PREFIX):]
    return int(digits) if digits.isdigit() and len(digits) <= 3 else None


@dataclass(frozen=True)
class SeatReading:
    """What one seat's reader holds: token numbers, tags nobody enrolled, cards that are
    not tokens, and why the reader cannot be trusted (offline, unreadable)."""

    numbers: tuple[int, ...] = ()
    unknown: int = 0
    foreign: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.numbers or self.unknown or self.foreign or self.unreadable)


def seat_reading(uids: Iterable[bytes], card: Callable[[bytes], str | None],
                 unreadable: Iterable[str] = ()) -> SeatReading:
    """The reading of one seat whose reader holds ``uids`` (``card`` names a UID, None
    for a tag the table does not know)."""
    return reading_of_names([card(uid) for uid in uids], unreadable)


def reading_of_names(names: Iterable[str | None], unreadable: Iterable[str] = ()) -> SeatReading:
    numbers, unknown, foreign = [], 0, []
    for name in names:
        number = token_number(name)
        if number is not None:
            numbers.append(number)
        elif name is None:
            unknown += 1
        else:
            foreign.append(name)
    return SeatReading(tuple(sorted(numbers)), unknown, tuple(sorted(foreign)),
                       tuple(unreadable))


def reading_problem(seat: int, reading: SeatReading) -> str | None:
    """What is wrong with a seat's reader for a choice, in a sentence; None when it holds
    one token or nothing."""
    if reading.unreadable:
        return (f"Seat {seat}: {reading.unreadable[0]} — use the keypad on the screen, or "
                "call staff")
    if reading.unknown:
        return (f"Seat {seat}'s reader sees a tag that is not a synchroniser token: take it "
                "away (staff: enroll tokens with 'kiosk enroll --tokens')")
    if reading.foreign:
        return (f"Seat {seat}'s reader holds a card ({reading.foreign[0]}), not a "
                "synchroniser token: take it away")
    if len(reading.numbers) > 1:
        return (f"Seat {seat} has {len(reading.numbers)} tokens on its reader: leave only "
                "the one you choose")
    return None
