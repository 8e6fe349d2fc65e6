"""Tag CSV files: the one reader (and writer) of ``uid,card[,enrolled_at]``.

Every tag file goes through :func:`read_rows`: the table's ``config/tags/*.csv``
(:meth:`~kiosk.hardware.tagmap.TagMap.load`), ``kiosk tags import`` and ``kiosk check``.
There used to be three parsers that disagreed, so an export that import accepted could
stop the kiosk; now whatever one accepts, all accept, and :func:`render` writes only
what :func:`read_rows` reads back to the same tags.

A file holds a ``uid,card`` or ``uid,card,enrolled_at`` header (optional, on any line),
``#`` comments, blank lines, and one tag per line: the UID in hex (4, 7 or 10 bytes;
colons, spaces or dashes between bytes allowed), the card in short form, and optionally
when it was enrolled (ISO 8601; no zone means UTC). Every problem is collected, as
``file:line: message``, in a :class:`TagFileError`.

Limits, so no file can crash or flood the kiosk: at most 1 MiB, 300 characters a line,
UTF-8 without NUL bytes, card names of at most 40 printable characters, dates from
1970 (a Pi without a clock battery starts there, and the store keeps what it is given)
to the end of 2100. The hardware layer knows no decks: pass ``known_cards`` (every card
of every deck) to refuse names that are no card at all.

>>> rows = parse_rows("uid,card\\n04a1b2c3,blue-7-RH,2024-05-01T20:30:00+02:00\\n", "t.csv")
>>> [(r.line, r.uid.hex(), r.card, format_time(r.enrolled_at)) for r in rows]
[(2, '04a1b2c3', 'blue-7-RH', '2024-05-01T18:30:00Z')]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from kiosk.config import ConfigError, Problem
from kiosk.tomlfile import shown

UID_LENGTHS = (4, 7, 10)
HEADER = ("uid", "card", "enrolled_at")
MAX_FILE_BYTES = 1 << 20  # 80 tags take 4 KiB
MAX_LINE = 300
MAX_CARD = 40
MAX_PROBLEMS = 50  # beyond this the file is not a tag file
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(2101, 1, 1, tzinfo=UTC)  # first moment refused


class TagFileError(ConfigError):
    """A tag file cannot be used; ``problems`` names every file:line that is wrong."""


class TagRow(NamedTuple):
    line: int
    uid: bytes
    card: str
    enrolled_at: int | None  # whole seconds since the epoch, UTC


def parse_uid(text: str) -> bytes:
    """Hex text to UID bytes; colons, spaces and dashes between bytes are allowed.

    >>> parse_uid("04:A1:B2:C3").hex()
    '04a1b2c3'
    """
    cleaned = text.strip().replace(":", "").replace(" ", "").replace("-", "")
    try:
        uid = bytes.fromhex(cleaned) if len(cleaned) <= 2 * max(UID_LENGTHS) else b""
    except ValueError:
        raise ValueError(f"UID {shown(text)} is not hex (write it like 04a1b2c3d4e5f6)") from None
    if len(uid) not in UID_LENGTHS:
        size = f"{len(uid)} bytes" if uid or not cleaned else f"{len(cleaned)} characters"
        raise ValueError(f"UID {shown(text)} has {size}; tags have 4, 7 or 10 bytes")
    return uid


def format_uid(uid: bytes) -> str:
    """UID bytes as the hex the CSV files use.

    >>> format_uid(bytes([4, 161, 178, 195]))
    '04a1b2c3'
    """
    return uid.hex()


def parse_time(text: str) -> int:
    """ISO 8601 to whole seconds since the epoch; no zone means UTC; 1970 to 2100 only.

    >>> parse_time("2000-01-01T01:00:00+01:00")
    946684800
    """
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{shown(text)} is not a date and time (write it like "
                         "2024-05-01T18:30:00Z)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        moment = moment.astimezone(UTC)
    except (OverflowError, ValueError):  # year 9999 with a negative offset
        moment = LATEST
    if not EARLIEST <= moment < LATEST:
        raise ValueError(f"{shown(text)} is not between 1970 and 2100: check the year")
    return int(moment.timestamp())


def format_time(seconds: int) -> str:
    """Whole seconds since the epoch as ISO 8601 UTC; ``""`` for a moment outside
    1970-2100 (only a database written before the dates were checked holds one), so
    an export never fails and always reads back.

    >>> format_time(0), format_time(10 ** 12)
    ('1970-01-01T00:00:00Z', '')
    """
    if not EARLIEST.timestamp() <= seconds < LATEST.timestamp():
        return ""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def render(records: Iterable[tuple[bytes, str, int]], dates: bool = True) -> str:
    """The CSV text for ``(uid, card, enrolled_at)`` records, header first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER if dates else HEADER[:2])
    for uid, card, enrolled_at in records:
        row = [format_uid(uid), card]
        writer.writerow([*row, format_time(enrolled_at)] if dates else row)
    return out.getvalue()


def read_text(path: str | Path) -> str:
    """A tag file's text, within the limits; raises :class:`TagFileError`."""
    source = str(path)

    def refuse(line: int | None, message: str) -> TagFileError:
        return TagFileError([Problem(source, line, "", message)])

    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise refuse(None, f"cannot read the file ({error.strerror or error})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise refuse(None, f"the file is over {MAX_FILE_BYTES // 1024} KiB; a tag file is "
                           "a line per tag: is it the right file?")
    if b"\0" in raw:
        line = raw.count(b"\n", 0, raw.index(b"\0")) + 1
        raise refuse(line, "holds a NUL byte, so it is not a text file; save it as plain "
                           "UTF-8 text (CSV)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise refuse(line, f"byte 0x{raw[error.start]:02x} is not UTF-8 text; save the file "
                           "as UTF-8 (CSV)") from None


def read_rows(path: str | Path, known_cards: Collection[str] | None = None,
              problems: list[Problem] | None = None) -> list[TagRow]:
    """Every tag of a file, checked; raises :class:`TagFileError` listing every problem,
    or, given a ``problems`` list, adds them there and returns the good rows."""
    try:
        text = read_text(path)
    except TagFileError as error:
        if problems is None:
            raise
        problems += error.problems
        return []
    return parse_rows(text, str(path), known_cards, problems)


def parse_rows(text: str, source: str, known_cards: Collection[str] | None = None,
               problems: list[Problem] | None = None) -> list[TagRow]:
    """Parse and check CSV text; ``source`` names the file in the problems (raised as a
    :class:`TagFileError`, or added to ``problems`` if given)."""
    collect = problems is not None
    problems = [] if problems is None else problems
    rows: list[TagRow] = []
    first: dict[bytes, TagRow] = {}
    start = len(problems)
    for number, line in enumerate(text.split("\n"), 1):
        if len(problems) - start >= MAX_PROBLEMS:
            problems.append(Problem(source, None, "", "and more: is this a tag file?"))
            break
        row = _row(number, line.rstrip("\r"), source, known_cards, problems)
        if row is None:
            continue
        earlier = first.get(row.uid)
        if earlier is not None and earlier.card != row.card:
            problems.append(Problem(source, number, "", (
                f"UID {format_uid(row.uid)} is {row.card!r} here but {earlier.card!r} on "
                f"line {earlier.line}; one tag can name one card only")))
            continue
        first.setdefault(row.uid, row)
        rows.append(row)
    if problems and not collect:
        raise TagFileError(problems)
    return rows


def _row(number: int, line: str, source: str, known_cards: Collection[str] | None,
         problems: list[Problem]) -> TagRow | None:
    def problem(message: str) -> None:
        problems.append(Problem(source, number, "", message))

    if len(line) > MAX_LINE:
        problem(f"the line has {len(line)} characters; a tag line is short, like "
                "04a1b2c3d4e5f6,blue-7-RH,2024-05-01T18:30:00Z")
        return None
    try:
        cells = [cell.strip() for cell in next(csv.reader([line], strict=True,
                                                           skipinitialspace=True), [])]
    except csv.Error:
        problem("its quotes do not pair up; write uid,card with no quotes")
        return None
    if not "".join(cells) or cells[0].startswith("#"):
        return None
    if tuple(c.lower() for c in cells) in (HEADER, HEADER[:2]):
        return None
    if len(cells) not in (2, 3) or not cells[1]:
        problem(f"expected 'uid,card' or 'uid,card,enrolled_at', got {shown(','.join(cells))}")
        return None
    try:
        uid = parse_uid(cells[0])
    except ValueError as error:
        problem(str(error))
        return None
    card = cells[1]
    if len(card) > MAX_CARD or not card.isprintable():
        problem(f"card {shown(card)} is not a card name (short, like blue-7-RH)")
        return None
    if known_cards is not None and card not in known_cards:
        problem(f"card {shown(card)} is in no deck (check the spelling, e.g. blue-7-LH)")
        return None
    when: int | None = None
    if len(cells) == 3 and cells[2]:
        try:
            when = parse_time(cells[2])
        except ValueError as error:
            problem(str(error))
            return None
    return TagRow(number, uid, card, when)


def count_tags(path: str | Path) -> int | None:
    """How many different UIDs an existing file lists, read leniently (bad lines are
    skipped); None if there is no file, -1 if it holds text that is not a tag file.
    ``kiosk tags export`` will not replace a file with fewer tags than this."""
    try:
        with open(path, "rb") as handle:
            text = handle.read(MAX_FILE_BYTES * 16).decode("utf-8-sig", errors="replace")
    except FileNotFoundError:
        return None
    except OSError:
        return -1
    uids: set[bytes] = set()
    other = False
    for line in text.split("\n"):
        problems: list[Problem] = []
        row = _row(0, line.rstrip("\r"), "", None, problems)
        if row is not None:
            uids.add(row.uid)
        elif problems:
            other = True
    return len(uids) if uids or not other else -1
