"""What ``kiosk check`` warns about on a table that works but is not ready for guests:
the shipped example tag map still in use (in ``config/tags`` or in the database), and
Kivy settings that would count every touch twice or not at all.

These never fail the check (the kiosk starts, and the simulated table needs the
example map); each is one line saying what to do.
"""

from __future__ import annotations

import configparser
from pathlib import Path

from kiosk.hardware.example_tags import count_examples
from kiosk.hardware.tag_file import TagFileError, read_rows
from kiosk.paths import database_choice, kivy_config_choice
from kiosk.store.tags import read_only_tags

ENROLL = "tag the deck with `kiosk enroll` (hardware/assembly.md, step 7)"


def table_warnings(config_dir: Path, database: Path | None = None) -> list[str]:
    """Every warning, as printable lines (without the ``warning:`` prefix)."""
    return (tag_file_warnings(Path(config_dir) / "tags") + database_warnings(database)
            + kivy_config_warnings())


def tag_file_warnings(tags_dir: Path) -> list[str]:
    found = []
    for path in sorted(tags_dir.glob("*.csv")) if tags_dir.is_dir() else []:
        try:
            rows = read_rows(path, None, [])
        except (OSError, TagFileError):
            continue  # reported as a problem by the check itself
        made_up = count_examples((row.uid, row.card) for row in rows)
        if made_up:
            found.append(f"{path}: {made_up} of its tags are the example map's made-up UIDs, "
                         f"which no sticker has: {ENROLL}, then delete or rename this file")
    return found


def database_warnings(database: Path | None = None) -> list[str]:
    """Example tags in the database, read without writing (a missing, locked or
    foreign file is left alone: opening the store is the kiosk's job)."""
    path = database_choice(database).path
    pairs = read_only_tags(path)
    if pairs is None:
        return []
    made_up = count_examples(pairs.items())
    if not made_up:
        return []
    return [f"{path}: {made_up} of the {len(pairs)} tags in the database are the example "
            f"map's made-up UIDs, so those cards are never seen on a real table: {ENROLL}"]


def kivy_config_warnings() -> list[str]:
    path, why = kivy_config_choice()
    try:
        parsed = parse_kivy_config(path)
    except (OSError, UnicodeDecodeError, configparser.Error) as error:
        reason = " ".join(str(error).split())[:200]
        return [f"{path} ({why}): Kivy's settings cannot be read ({reason}); the table uses "
                "the shipped hardware/pi/kivy-config.ini instead"]
    providers = parsed.options("input") if parsed.has_section("input") else []
    if len(providers) == 1:
        return []
    if not providers:
        return [f"{path}: [input] names no input provider: the touchscreen would do nothing; "
                "keep one line, e.g. %(name)s = probesysfs,provider=hidinput"]
    return [f"{path}: [input] names {len(providers)} input providers "
            f"({', '.join(providers)}): every touch would count {len(providers)} times; "
            "keep one line"]


def parse_kivy_config(path: Path) -> configparser.RawConfigParser:
    """Kivy's settings file as written (no interpolation: ``%(name)s`` is a key);
    raises OSError, UnicodeDecodeError or configparser.Error."""
    parsed = configparser.RawConfigParser()
    with open(path, encoding="utf-8") as handle:
        parsed.read_file(handle)
    return parsed
