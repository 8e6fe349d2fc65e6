"""``kiosk check``: every problem in ``config/``, one per line as ``file:line: message``.

It reads the kiosk settings (pins, seats, reader boards), the tag maps, and each game's
content, and checks that every tagged card exists in some deck. The app shows the same
list on its "broken config" screen instead of starting half-broken.
"""

from __future__ import annotations

import csv
import importlib
from pathlib import Path

from kiosk.config import ConfigError, load_settings

# Each game's content checker: module with check_content(config_dir) -> [(file, line, msg)]
# and card_names(config_dir) -> the cards its decks hold.
GAME_CHECKERS = {"sync_or_swim": "kiosk.games.sync_or_swim.check"}


def _where(source: str, line: int | None) -> str:
    return f"{source}:{line}" if line else source


def check_config(config_dir: Path) -> list[str]:
    """All problems, as printable lines; empty when the configuration is fine."""
    config_dir = Path(config_dir)
    problems: list[str] = []
    try:
        load_settings(config_dir / "kiosk.toml")
    except ConfigError as error:
        problems += [str(p) for p in error.problems]
    known_cards: set[str] | None = set()
    for name in GAME_CHECKERS.values():
        checker = importlib.import_module(name)
        problems += [f"{_where(source, line)}: {message}"
                     for source, line, message in checker.check_content(config_dir)]
        names = checker.card_names(config_dir)
        known_cards = None if names is None or known_cards is None else known_cards | names
    problems += _check_tags(config_dir / "tags", known_cards or set())
    return problems


def _check_tags(tags_dir: Path, known_cards: set[str]) -> list[str]:
    from kiosk.hardware.tagmap import TagMap, TagMapError

    try:
        TagMap.load(tags_dir)
    except TagMapError as error:
        return [str(p) for p in error.problems]
    problems = []
    for path in sorted(tags_dir.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as handle:
            for number, row in enumerate(csv.reader(handle), 1):
                if not row or row[0].lstrip().startswith("#") or len(row) < 2:
                    continue
                if row[0].strip().lower() != "uid" and known_cards and (
                        row[1].strip() not in known_cards):
                    problems.append(f"{path}:{number}: card '{row[1].strip()}' is in no deck "
                                    "(check the spelling, e.g. blue-7-LH)")
    return problems


def main(config_dir: Path) -> int:
    problems = check_config(config_dir)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {config_dir}")
        return 1
    print(f"{config_dir}: everything checks out")
    return 0
