"""Reading ``synapse/cards.toml``: every problem with its line, never a traceback.

:func:`read_cards` returns the :class:`~.rules.CardSet` (or None) and a list of
findings ``(file, line, message)``; :func:`load_cards` raises :class:`CardsError`
holding them. The file is read with :mod:`kiosk.tomlfile` (standard library only).
The format is written up in ``docs/synapse.md`` and in the file's own header.

>>> cardset, findings = parse_cards('[[card]]\\nid = "X"\\nowner = "north"\\nkind = "line"\\n'
...                                 'edges = ["", "", "", ""]\\n', "cards.toml")
>>> cardset, findings[0]
(None, ('cards.toml', 5, "card 'X': a line card has no icons; remove edges"))
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kiosk.tomlfile import TomlFile, TomlFileError, parse_toml, read_toml, shown

from .cards import (
    COLOURS,
    NUMBERS,
    PLAYERS,
    SHAPES,
    Card,
    Icon,
    Kind,
    Player,
    block_card,
    line_card,
    wild_card,
)
from .rules import CardSet

Finding = tuple[str, int | None, str]
FOLDER, FILE = "synapse", "cards.toml"
DECK = {Kind.STANDARD: 12, Kind.LINE: 2, Kind.DOUBLE: 2, Kind.WILD: 1, Kind.BLOCK: 1}
KEYS = ("id", "owner", "kind", "edges")
ID = re.compile(r"[A-Za-z0-9_-]{1,12}")
MAX_FINDINGS = 40


class CardsError(ValueError):
    """The card set cannot be used; ``findings`` holds every ``(file, line, message)``."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__("\n".join(f"{f}:{n}: {m}" if n else f"{f}: {m}"
                                   for f, n, m in findings))


def cards_path(config_dir: Path) -> Path:
    return Path(config_dir) / FOLDER / FILE


def read_cards(config_dir: Path) -> tuple[CardSet | None, list[Finding]]:
    path = cards_path(config_dir)
    try:
        parsed = read_toml(path)
    except TomlFileError as error:
        return None, [(str(path), line, message) for line, message in error.problems]
    return _cardset(parsed)


def parse_cards(text: str, source: str) -> tuple[CardSet | None, list[Finding]]:
    try:
        parsed = parse_toml(text, source)
    except TomlFileError as error:
        return None, [(source, line, message) for line, message in error.problems]
    return _cardset(parsed)


def load_cards(config_dir: Path) -> CardSet:
    cardset, findings = read_cards(config_dir)
    if cardset is None:
        raise CardsError(findings)
    return cardset


def parse_icon(text: str) -> Icon | None:
    """``"3 black triangle"`` → Icon; ``""`` → None (blank); ValueError otherwise."""
    words = text.split()
    if not words:
        return None
    if len(words) != 3:
        raise ValueError(f"{shown(text)} is not an icon: write NUMBER COLOUR SHAPE, "
                         'e.g. "3 black triangle", or "" for a blank edge')
    number, colour, shape = words
    if number not in {str(n) for n in NUMBERS}:
        raise ValueError(f"{shown(number)} is not a number of icons (use 1, 2, 3 or 4)")
    if colour not in COLOURS:
        raise ValueError(f"{shown(colour)} is not a colour (use {', '.join(COLOURS)})")
    if shape not in SHAPES:
        hint = " (write it singular)" if shape.rstrip("s") in SHAPES else ""
        raise ValueError(f"{shown(shape)} is not a shape{hint} (use {', '.join(SHAPES)})")
    return Icon(shape, colour, int(number))


def _cardset(parsed: TomlFile) -> tuple[CardSet | None, list[Finding]]:
    source = parsed.source
    findings: list[Finding] = []

    def say(path: tuple, message: str) -> None:
        findings.append((source, parsed.line(path), message))

    data = parsed.data
    for key in data:
        if key != "card":
            what = "table" if isinstance(data[key], dict | list) else "key"
            say((key,), f"unknown {what} {shown(key)}: the file holds only [[card]] tables")
    rows = data.get("card")
    if not isinstance(rows, list) or not rows:
        say(("card",), "no cards: the file must hold [[card]] tables (see docs/synapse.md)")
        return None, findings
    cards: list[Card] = []
    rows_of: dict[str, int] = {}  # card id -> its index in the file
    seen: dict[str, int | None] = {}
    for i, row in enumerate(rows):
        card = _card(row, i, parsed, say, seen)
        if card is not None:
            cards.append(card)
            rows_of[card.id] = i
        if len(findings) >= MAX_FINDINGS:
            findings.append((source, None, "and maybe more; fix these first"))
            return None, findings
    if findings:
        return None, findings
    starts = [c for c in cards if c.kind is Kind.START]
    if len(starts) != 1:
        say(("card",), f"{len(starts)} start cards; the set has exactly one "
                       '(kind = "start", no owner)')
    for player in PLAYERS:
        own = [c for c in cards if c.owner is player]
        for kind, wanted in DECK.items():
            have = [c for c in own if c.kind is kind]
            if len(have) != wanted:  # at the first card too many, or the deck's last card
                where = have[wanted] if len(have) > wanted else (own or cards)[-1]
                say(("card", rows_of[where.id]), f"{player} has {len(have)} {kind} "
                    f"card{'s' * (len(have) != 1)}; a deck has {wanted}")
    if findings:
        return None, findings
    return CardSet(starts[0], {c.id: c for c in cards if c.kind is not Kind.START}), []


def _card(row: Any, i: int, parsed: TomlFile, say, seen: dict[str, int | None]) -> Card | None:
    at = ("card", i)
    if not isinstance(row, dict):
        say(at, f"card {i + 1}: a card is a [[card]] table, not {shown(row)}")
        return None
    name = f"card {i + 1}"
    raw_id = row.get("id")
    card_id = None
    ok = True
    if not isinstance(raw_id, str) or not ID.fullmatch(raw_id):
        say((*at, "id"), f"{name}: id must be a short name of letters, digits, - or _ "
                         f"(like N01), not {shown(raw_id)}")
        ok = False
    else:
        card_id = raw_id
        name = f"card {card_id!r}"
        if card_id in seen:
            say((*at, "id"), f"{name}: the id is used twice (first on line {seen[card_id]})")
            ok = False
        else:
            seen[card_id] = parsed.line((*at, "id"))
    for key in row:
        if key not in KEYS:
            say((*at, key), f"{name}: unknown field {shown(key)} (use {', '.join(KEYS)})")
            ok = False
    kinds = [k.value for k in Kind]
    kind = row.get("kind")
    if kind not in kinds:
        say((*at, "kind"), f"{name}: kind must be one of {', '.join(kinds)}, not {shown(kind)}")
        return None
    kind = Kind(kind)
    owner = row.get("owner")
    player = None
    if kind is Kind.START:
        if owner is not None:
            say((*at, "owner"), f"{name}: the start card belongs to no one; remove owner")
            ok = False
    elif owner not in ("north", "south"):
        say((*at, "owner"), f"{name}: owner must be north or south, not {shown(owner)}")
        ok = False
    else:
        player = Player(owner)
    edges = row.get("edges")
    if kind in (Kind.LINE, Kind.WILD, Kind.BLOCK):
        if edges is not None:
            say((*at, "edges"), f"{name}: a {kind} card has no icons; remove edges")
            return None
        if not ok or player is None:
            return None
        make = {Kind.LINE: line_card, Kind.WILD: wild_card, Kind.BLOCK: block_card}[kind]
        return make(card_id, player)  # type: ignore[arg-type]
    if not isinstance(edges, list) or len(edges) != 4:
        say((*at, "edges"), f"{name}: edges must list 4 edges (north, east, south, west), "
                            f"each an icon like \"3 black triangle\" or \"\" for blank; "
                            f"not {shown(edges)}")
        return None
    icons = []
    for k, edge in enumerate(edges):
        if not isinstance(edge, str):
            say((*at, "edges"), f"{name}: edge {k + 1} must be a text, not {shown(edge)}")
            ok = False
            continue
        try:
            icons.append(parse_icon(edge))
        except ValueError as error:
            say((*at, "edges"), f"{name}: edge {k + 1}: {error}")
            ok = False
    if ok and all(icon is None for icon in icons):
        say((*at, "edges"), f"{name}: every edge is blank; a {kind} card needs icons")
        ok = False
    if not ok:
        return None
    return Card(card_id, player, kind, tuple(icons))  # type: ignore[arg-type]

