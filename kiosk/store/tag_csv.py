"""The tag map as CSV: ``uid,card,enrolled_at`` — a backup staff can read and edit.

Export writes a header and one row per tag, UID in hex and the enrolment time as
ISO 8601 in UTC. ``dates=False`` writes the two columns ``uid,card`` that the
``config/tags/*.csv`` files use, so an export can become a table's tag file.

Import reads either form (the date is optional per row; blank lines and ``#``
comments are skipped) and checks every row before anything is stored: a bad file
raises :class:`TagCsvError` listing every problem as ``file:line: message``.

>>> rows = parse_rows("uid,card\\n04a1b2c3,blue-7-RH\\n", "t.csv")
>>> [(r.line, r.uid.hex(), r.card, r.enrolled_at) for r in rows]
[(2, '04a1b2c3', 'blue-7-RH', None)]
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from kiosk.config import ConfigError, Problem
from kiosk.hardware.tagmap import format_uid, parse_uid

HEADER = ("uid", "card", "enrolled_at")


class TagRecord(NamedTuple):
    """One enrolled tag; ``enrolled_at`` is whole seconds since the epoch (UTC)."""

    uid: bytes
    card: str
    enrolled_at: int


class CsvRow(NamedTuple):
    line: int
    uid: bytes
    card: str
    enrolled_at: int | None


class TagCsvError(ConfigError):
    """A tag CSV cannot be imported; ``problems`` names every file:line that is wrong."""


def format_time(seconds: int) -> str:
    """Whole seconds since the epoch as ISO 8601 UTC.

    >>> format_time(0)
    '1970-01-01T00:00:00Z'
    """
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> int:
    """ISO 8601; without a zone it is taken as UTC."""
    moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp())


def render(records: Iterable[TagRecord], dates: bool = True) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER if dates else HEADER[:2])
    for record in records:
        row = [format_uid(record.uid), record.card]
        writer.writerow([*row, format_time(record.enrolled_at)] if dates else row)
    return out.getvalue()


def write(path: str | Path, records: Iterable[TagRecord], dates: bool = True) -> int:
    """Write the CSV (via a temporary file, so a power cut leaves the old one whole)."""
    path = Path(path)
    text = render(records, dates)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8", newline="") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    temporary.replace(path)
    return text.count("\n") - 1


def read(path: str | Path) -> list[CsvRow]:
    """Every row of a tag CSV file; raises :class:`TagCsvError`."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        problem = Problem(str(path), None, "", f"cannot read the file ({error})")
        raise TagCsvError([problem]) from None
    return parse_rows(text, str(path))


def parse_rows(text: str, source: str) -> list[CsvRow]:
    """Parse and check CSV text; ``source`` names the file in the problems."""
    problems: list[Problem] = []
    rows: list[CsvRow] = []
    first: dict[bytes, CsvRow] = {}
    for number, raw in enumerate(csv.reader(text.splitlines()), 1):
        cells = [cell.strip() for cell in raw]
        if not "".join(cells) or cells[0].startswith("#"):
            continue
        if [c.lower() for c in cells] in (list(HEADER), list(HEADER[:2])):
            continue
        row = _row(number, cells, source, problems)
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
    if problems:
        raise TagCsvError(problems)
    return rows


def _row(number: int, cells: list[str], source: str,
         problems: list[Problem]) -> CsvRow | None:
    if len(cells) not in (2, 3) or not cells[1]:
        problems.append(Problem(source, number, "", (
            f"expected 'uid,card' or 'uid,card,enrolled_at', got {','.join(cells)!r}")))
        return None
    try:
        uid = parse_uid(cells[0])
    except ValueError as error:
        problems.append(Problem(source, number, "uid", str(error)))
        return None
    when: int | None = None
    if len(cells) == 3 and cells[2]:
        try:
            when = parse_time(cells[2])
        except ValueError:
            problems.append(Problem(source, number, "enrolled_at", (
                f"{cells[2]!r} is not a date and time (write it like 2024-05-01T18:30:00Z)")))
            return None
    return CsvRow(number, uid, cells[1], when)
