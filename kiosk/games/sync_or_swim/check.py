"""Check every Sync or Swim content file and report *all* problems with their lines.

Loading (:mod:`.library`) stops at the first mistake, which is right for the kiosk; a
café owner fixing files wants the whole list at once, as ``file:line: message``. Each
element, twist and routine is checked on its own, then every routine (and element) is
proven winnable with the deck for 3 to 6 swimmers.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

from .cards import Card, CardError
from .content import ContentError, parse_element, parse_twist
from .library import PLAYER_COUNTS, DeckDef, parse_routine
from .solver import OutOfBudget, Solver

Finding = tuple[str, int | None, str]  # (file, line or None, message)


def _strip(message: str, source: str) -> str:
    return message[len(source) + 2:] if message.startswith(f"{source}: ") else message


def _read(path: Path, findings: list[Finding]) -> tuple[dict, str] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        findings.append((str(path), None, f"cannot read the file ({error})"))
        return None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        findings.append((str(path), int(found.group(1)) if found else None,
                         f"not valid TOML ({error}); fix the syntax there"))
        return None


def line_of(text: str, ident: str | None, field: str | None) -> int | None:
    """The line of ``field`` inside the card whose id is ``ident`` (or the id's line)."""
    if ident is None:
        return None
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines)
                  if re.match(rf"""\s*id\s*=\s*["']{re.escape(ident)}["']""", line)), None)
    if start is None:
        return None
    if not field:
        return start + 1
    part, _, key = field.rpartition(": ")
    key = key.split(".")[0]
    i = start
    block = re.match(r"(option|role) (\d+)", part)
    if block:  # skip to the n-th [[element.option]] / [[element.role]] after the id
        seen = 0
        for i in range(start, len(lines)):
            if re.match(rf"\s*\[\[\w+\.{block.group(1)}\]\]", lines[i]):
                seen += 1
                if seen == int(block.group(2)):
                    break
    for j in range(i, len(lines)):
        if j > start and re.match(r"\s*\[\[(element|twist|routine)\]\]", lines[j]):
            break
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[j]):
            return j + 1
    return start + 1


def _deck(path: Path, findings: list[Finding]) -> DeckDef | None:
    loaded = _read(path, findings)
    if loaded is None:
        return None
    data, text = loaded
    groups: dict[int, tuple[Card, ...]] = {}
    players = data.get("players")
    if not isinstance(players, dict) or "3" not in players:
        findings.append((str(path), None, "needs a [players.3] table listing the cards"))
        return None
    for key, table in players.items():
        cards = table.get("cards") if isinstance(table, dict) else None
        if key not in {str(n) for n in PLAYER_COUNTS} or not isinstance(cards, list):
            findings.append((str(path), line_of_text(text, f"[players.{key}]"),
                             f"[players.{key}]: use players 3-6, each with a cards list"))
            continue
        good = []
        for raw in cards:
            try:
                good.append(Card.parse(raw))
            except CardError as error:
                findings.append((str(path), line_of_text(text, f'"{raw}"'), str(error)))
        groups[int(key)] = tuple(good)
    every = [c for group in groups.values() for c in group]
    for card in sorted(set(every), key=lambda c: c.sort_key):
        if every.count(card) > 1:
            findings.append((str(path), line_of_text(text, f'"{card}"'),
                             f"{card} is listed {every.count(card)} times; tags tell copies "
                             "apart, but check it is meant"))
    return DeckDef(str(data.get("name", path.stem)), groups)


def line_of_text(text: str, needle: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number
    return None


def _cards_file(path: Path, section: str, parse, findings: list[Finding]) -> dict | None:
    """Cards by id (None for a card with a problem); None if the file cannot be read."""
    loaded = _read(path, findings)
    if loaded is None:
        return None
    data, text = loaded
    parsed: dict = {}
    items = data.get(section, [])
    if not isinstance(items, list):
        findings.append((str(path), line_of_text(text, f"[{section}]"),
                         f"write each one as a [[{section}]] table (two brackets)"))
        return parsed
    for raw in items:
        try:
            card = parse(raw, str(path))
        except ContentError as error:
            findings.append((str(path), line_of(text, error.ident, error.field),
                             _strip(str(error), str(path))))
            ident = raw.get("id", "?") if isinstance(raw, dict) else "?"
            parsed.setdefault(str(ident), None)
            continue
        if card.id in parsed:
            findings.append((str(path), line_of(text, card.id, None),
                             f"{section} '{card.id}' is defined twice"))
        parsed[card.id] = card
    return parsed


def check_content(config_dir: Path, budget: int = 60_000) -> list[Finding]:
    """Every problem in the Sync or Swim content of ``config_dir``."""
    config_dir = Path(config_dir)
    findings: list[Finding] = []
    deck = _deck(config_dir / "decks" / "default.toml", findings)
    game = config_dir / "sync_or_swim"
    elements = _cards_file(game / "elements.toml", "element", parse_element, findings)
    twists = _cards_file(game / "twists.toml", "twist", parse_twist, findings)
    campaign_path = game / "campaign.toml"
    loaded = _read(campaign_path, findings)
    routines = []
    if elements is None or twists is None:
        loaded = None  # routines cannot be checked against a file that did not load
    if loaded is not None:
        data, text = loaded
        broken = {k for k, v in {**elements, **twists}.items() if v is None}
        good_elements = {k: v for k, v in elements.items() if v is not None}
        good_twists = {k: v for k, v in twists.items() if v is not None}
        for raw in data.get("routine", []) if isinstance(data.get("routine"), list) else []:
            uses = set(raw.get("elements", [])) | {raw.get("twist")}
            if uses & broken:
                continue  # its element or twist is reported already
            try:
                routines.append(parse_routine(raw, str(campaign_path), good_elements,
                                              good_twists))
            except (ContentError, ValueError) as error:
                ident = str(raw.get("id", "?"))
                field = getattr(error, "field", None)
                findings.append((str(campaign_path), line_of(text, ident, field),
                                 _strip(str(error), str(campaign_path))))
    if deck is not None and elements is not None and not findings:
        findings += _winnable(deck, elements, routines, budget, game)
    return findings


def _winnable(deck: DeckDef, elements: dict, routines: list, budget: int,
              game: Path) -> list[Finding]:
    findings: list[Finding] = []
    for n in PLAYER_COUNTS:
        seats = tuple(range(1, n + 1))
        cards = deck.for_players(n)
        for element in elements.values():
            try:
                if Solver(cards, random.Random(n), budget).solve(seats, 1, [element]) is None:
                    findings.append((str(game / "elements.toml"), None,
                                     f"element '{element.id}' cannot be met by {n} swimmers "
                                     "with this deck"))
            except OutOfBudget:
                pass  # too slow to prove either way: not reported as a mistake
        for routine in routines:
            try:
                table = Solver(cards, random.Random(n), budget).solve(
                    seats, 1, routine.elements, (routine.twist,))
            except OutOfBudget:
                findings.append((str(game / "campaign.toml"), None,
                                 f"routine '{routine.id}': could not show it can be won by {n} "
                                 "swimmers (search gave up); try easier elements"))
                continue
            if table is None:
                findings.append((str(game / "campaign.toml"), None,
                                 f"routine '{routine.id}' cannot be won by {n} swimmers with "
                                 "this deck: change an element or the twist"))
    return findings


def card_names(config_dir: Path) -> set[str]:
    """Every card in the deck file, in short form (empty if the deck cannot be read)."""
    deck = _deck(Path(config_dir) / "decks" / "default.toml", [])
    return set() if deck is None else {str(c) for c in deck.for_players(max(PLAYER_COUNTS))}
