"""The tag map as CSV: ``uid,card,enrolled_at`` — a backup staff can read and edit.

The format, the parser and its limits live in one place, :mod:`kiosk.hardware.tag_file`,
shared with the table's ``config/tags`` files and ``kiosk check``. This module is the
store's side: writing an export safely.

Export writes a header and one row per tag, UID in hex and the enrolment time as
ISO 8601 in UTC. ``dates=False`` writes the two columns ``uid,card`` that the
``config/tags/*.csv`` files use, so an export can become a table's tag file.

An export never half-replaces a file: it writes a temporary file in the same folder,
syncs it, and renames it over the old one. And it never quietly replaces a file that
lists more tags than the database holds (after a damaged database was moved aside, the
backup is the one good copy): :func:`write` raises :class:`ExportRefused` unless
``force``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import NamedTuple

from kiosk.hardware.tag_file import TagFileError, TagRow, count_tags, read_rows, render
from kiosk.store.protocol import StoreError

__all__ = ["CsvRow", "ExportRefused", "TagCsvError", "TagRecord", "read", "write"]

TagCsvError = TagFileError  # a tag CSV cannot be imported; ``problems`` names every line
CsvRow = TagRow


class TagRecord(NamedTuple):
    """One enrolled tag; ``enrolled_at`` is whole seconds since the epoch (UTC)."""

    uid: bytes
    card: str
    enrolled_at: int


class ExportRefused(StoreError):
    """The export would replace a file that lists more tags than it writes."""

    def __init__(self, path: Path, there: int, writing: int) -> None:
        self.path, self.there, self.writing = path, there, writing
        if there < 0:
            what = f"{path} is not a tag file"
        else:
            what = (f"{path} lists {there} tag{'s' if there != 1 else ''} and the "
                    f"database only {writing}")
        super().__init__(f"{what}; nothing written. Export to a new file, or add --force "
                         "to replace it.")


def read(path: str | Path, known_cards: Collection[str] | None = None) -> list[TagRow]:
    """Every row of a tag CSV file, checked by the one tag file parser; raises
    :class:`TagCsvError`."""
    return read_rows(path, known_cards)


def write(path: str | Path, records: Iterable[TagRecord], dates: bool = True,
          force: bool = False) -> int:
    """Write the CSV atomically; returns how many tags. Raises :class:`ExportRefused`
    if ``path`` lists more tags than ``records`` (or is not a tag file) and not ``force``."""
    path = Path(path)
    records = list(records)
    there = count_tags(path)
    if there is not None and not force and (there < 0 or there > len(records)):
        raise ExportRefused(path, there, len(records))
    text = render(records, dates)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fchmod(file.fileno(), mode)
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return len(records)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself survive a power cut (where the system allows it)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
