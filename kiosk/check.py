"""``kiosk check``: every problem in ``config/``, one per line as ``file:line: message``.

Check reads everything through the loaders the kiosk itself uses — the settings
(:func:`kiosk.config.load_settings`), each game's content (its ``read_content``, which
collects every problem instead of stopping at the first) and the tag files
(:meth:`kiosk.hardware.tagmap.TagMap.load`, the one tag file parser) — so it passes
exactly when the kiosk would start and every command would load. Tag files may only
name cards of some deck in ``config/decks``. The app shows the same list on its
"broken config" screen instead of starting half-broken.
"""

from __future__ import annotations

from pathlib import Path

from kiosk import registry
from kiosk.config import ConfigError, load_settings
from kiosk.tomlfile import one_line


def game_checkers() -> list[str]:
    """Every registered game's content checker (``GameInfo.checker``): a module with
    check_content(config_dir) -> [(file, line, msg)] and card_names(config_dir,
    findings) -> the cards its decks hold (None if a deck cannot be read)."""
    return [info.checker for info in registry.GAMES if info.checker]


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
    for name in game_checkers():
        checker = registry.load(name)
        problems += [f"{_where(source, line)}: {message}"
                     for source, line, message in checker.check_content(config_dir)]
    known, _ = known_cards(config_dir)
    problems += _check_tags(config_dir / "tags", known)
    return [one_line(p) for p in problems]  # a key or text from a file may hold a newline


def config_notes(config_dir: Path) -> list[str]:
    """What still works but should change (an LED under its old name), as printable
    lines; empty if the settings cannot be read (those problems are reported instead)."""
    try:
        settings = load_settings(Path(config_dir) / "kiosk.toml")
    except ConfigError:
        return []
    return [one_line(note) for note in settings.notes]


def known_cards(config_dir: Path) -> tuple[set[str] | None, list[str]]:
    """Every card of every deck of every game, for checking tag files; None (and the
    problems) if a deck cannot be read, since then no name can be judged."""
    names: set[str] = set()
    problems: list[str] = []
    for module in game_checkers():
        findings: list = []
        found = registry.load(module).card_names(Path(config_dir), findings)
        problems += [f"{_where(source, line)}: {message}" for source, line, message in findings]
        if found is None:
            return None, problems
        names |= found
    return names, problems


def _check_tags(tags_dir: Path, known: set[str] | None) -> list[str]:
    """The tag files as the kiosk reads them; card names are judged only if the decks
    could be read (a broken deck is reported on its own)."""
    from kiosk.hardware.tagmap import TagMap, TagMapError

    try:
        TagMap.load(tags_dir, known)
    except TagMapError as error:
        return [str(p) for p in error.problems]
    return []


def main(config_dir: Path) -> int:
    from kiosk.check_table import table_warnings

    problems = check_config(config_dir)
    notes = config_notes(config_dir)
    # Warnings only once nothing is broken: problems first, one kind of list at a time.
    warnings = [] if problems else [one_line(w) for w in table_warnings(config_dir)]
    for line in problems + [f"note: {n}" for n in notes] + [f"warning: {w}" for w in warnings]:
        print(line)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {config_dir}")
        return 1
    above = [_count(len(notes), "note"), _count(len(warnings), "warning")]
    said = " and ".join(a for a in above if a)
    print(f"{config_dir}: everything checks out" + (f" ({said} above)" if said else ""))
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}" if n else ""
