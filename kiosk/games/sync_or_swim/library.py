"""Loading the shipped (or a café's own) Sync or Swim content from a config folder.

Layout, relative to the config folder::

    decks/default.toml              the Sync cards, by player count
    sync_or_swim/elements.toml      [[element]] cards
    sync_or_swim/twists.toml        [[twist]] cards
    sync_or_swim/campaign.toml      [timing] and the ten [[routine]]s

There is one way in: :func:`read_content` reads every file and collects *every*
problem as a :data:`Finding` ``(file, line, message)`` instead of stopping at the first.
The kiosk, every command and ``kiosk check`` all read through it, so ``kiosk check``
passes exactly when the content loads. :func:`load_content` raises
:class:`ContentProblems` (a :class:`~.content.ContentError`) carrying them all.

"""

from __future__ import annotations

import difflib
import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.tomlfile import FieldPath, TomlFile, TomlFileError, one_line, read_toml, shown

from .cards import Card, CardError
from .content import ContentError, parse_element, parse_twist
from .requirements import Element, Twist
from .routines import ROUNDS, RoutineDef, Timing

PLAYER_COUNTS = (3, 4, 5, 6)
GAME = "sync_or_swim"
Finding = tuple[str, int | None, str]  # (file, line or None, message)
ROUTINE_KEYS = ("id", "name", "elements", "twist", "twist_round", "par_seconds")
MAX_PAR_SECONDS = 3600
TIMING_SECONDS = {  # field -> the whole seconds it may hold
    "base_seconds": range(1, 601),
    "seconds_per_element": range(0, 301),
    "penalty_seconds": range(0, 601),
    "between_allowance": range(0, 601),
}
MAX_PAR_FACTOR = 5


@dataclass(frozen=True)
class DeckDef:
    """The Sync cards in play for each player count (cumulative groups 3, 4, 5, 6)."""

    name: str
    groups: dict[int, tuple[Card, ...]]

    def for_players(self, players: int) -> tuple[Card, ...]:
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Sync or Swim is for 3 to 6 swimmers, not {players}")
        return tuple(c for n in PLAYER_COUNTS if n <= players for c in self.groups.get(n, ()))


@dataclass(frozen=True)
class Content:
    deck: DeckDef
    elements: dict[str, Element]
    twists: dict[str, Twist]
    timing: Timing
    campaign: tuple[RoutineDef, ...]

    def routine(self, key: str | int) -> RoutineDef:
        """A campaign routine by number (1-10) or id."""
        for number, routine in enumerate(self.campaign, start=1):
            if str(key) in (routine.id, str(number)):
                return routine
        raise KeyError(f"no routine {key!r}: the campaign has routines 1 to "
                       f"{len(self.campaign)}")


def format_finding(finding: Finding) -> str:
    """``file:line: message`` (or ``file: message`` when the line is not known)."""
    source, line, message = finding
    return f"{source}:{line}: {message}" if line else f"{source}: {message}"


class ContentProblems(ContentError):
    """Content that cannot be used; ``findings`` holds every problem, ``str()`` the first."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = tuple(findings)
        more = len(self.findings) - 1
        tail = (f" (and {more} more problem{'s' if more != 1 else ''}: `kiosk check` "
                "lists them all)") if more else ""
        super().__init__(format_finding(self.findings[0]) + tail)

    def lines(self) -> list[str]:
        return [format_finding(f) for f in self.findings]


# ----------------------------------------------------------------------------- the folder


def read_content(config_dir: Path) -> tuple[Content | None, list[Finding]]:
    """All Sync or Swim content from a config folder and every problem found; the
    content is None unless there are no problems at all."""
    config_dir = Path(config_dir)
    game_dir = config_dir / "sync_or_swim"
    findings: list[Finding] = []
    deck = read_deck(config_dir / "decks" / "default.toml", findings)
    elements = _read_cards(game_dir / "elements.toml", "element", parse_element, findings)
    twists = _read_cards(game_dir / "twists.toml", "twist", parse_twist, findings)
    campaign = _read_campaign(game_dir / "campaign.toml", elements, twists, findings)
    if findings or deck is None or elements is None or twists is None or campaign is None:
        return None, findings
    return Content(deck, elements, twists, *campaign), []  # type: ignore[arg-type]


def load_content(config_dir: Path) -> Content:
    """All Sync or Swim content (see the module docstring); raises
    :class:`ContentProblems` listing every problem."""
    content, findings = read_content(config_dir)
    if content is None:
        raise ContentProblems(findings or [(str(config_dir), None, "content did not load")])
    return content


def load_deck(path: Path) -> DeckDef:
    """One deck file; raises :class:`ContentProblems`."""
    findings: list[Finding] = []
    deck = read_deck(Path(path), findings)
    if deck is None:
        raise ContentProblems(findings)
    return deck


def deck_files(config_dir: Path) -> list[Path]:
    """Every deck in ``<config>/decks``, ``default.toml`` first."""
    folder = Path(config_dir) / "decks"
    found = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    default = folder / "default.toml"
    return [default, *(p for p in found if p != default)]


def card_names(config_dir: Path, findings: list[Finding] | None = None) -> set[str] | None:
    """Every card of every deck in ``<config>/decks``, in short form; None if a deck
    cannot be read (its problems go to ``findings``)."""
    findings = [] if findings is None else findings
    names: set[str] = set()
    broken = False
    for path in deck_files(config_dir):
        deck = read_deck(path, findings)
        if deck is None:
            broken = True
        else:
            names |= {c.short for n in deck.groups for c in deck.groups[n]}
    return None if broken else names


# ----------------------------------------------------------------------------- files


def _read(path: Path, findings: list[Finding]) -> TomlFile | None:
    try:
        return read_toml(path)
    except TomlFileError as error:
        findings.extend((error.source, line, message) for line, message in error.problems)
        return None


def _unknown(file: TomlFile, at: FieldPath, table: Mapping[str, Any],
             allowed: Mapping[str, str], findings: list[Finding], what: str) -> None:
    """Report each key of ``table`` not in ``allowed`` (key -> how to write it)."""
    for key in table:
        if key in allowed:
            continue
        close = difflib.get_close_matches(key, list(allowed), 1)
        hint = (f"did you mean {allowed[close[0]]}?" if close
                else f"use {', '.join(allowed.values())}")
        findings.append((file.source, file.line((*at, key)),
                         f"unknown {what} '{_name(key)}': {hint}"))


def read_deck(path: Path, findings: list[Finding]) -> DeckDef | None:
    """One deck file, or None after adding its problems to ``findings``."""
    file = _read(path, findings)
    if file is None:
        return None
    start, data = len(findings), file.data

    def add(at: FieldPath, message: str, line: int | None = None) -> None:
        findings.append((file.source, line or file.line(at), message))

    _unknown(file, (), data, {"name": "name", "game": "game", "players": "[players.3]"},
             findings, "field")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        add(("name",), "name: give the deck a name in quotes, like name = \"Our deck\"")
    if data.get("game", GAME) != GAME:
        add(("game",), f"game = {shown(data['game'])}: a Sync or Swim deck says "
                       f"game = \"{GAME}\"")
    players = data.get("players")
    if not isinstance(players, dict) or "3" not in players:
        add(("players",), "needs a [players.3] table listing the cards")
        return None
    groups: dict[int, tuple[Card, ...]] = {}
    for key, table in players.items():
        at = ("players", key)
        if key not in {str(n) for n in PLAYER_COUNTS}:
            add(at, f"[players.{_name(key)}]: use players 3, 4, 5 or 6")
            continue
        cards = table.get("cards") if isinstance(table, dict) else None
        if not isinstance(cards, list):
            add(at, f"[players.{key}] field 'cards': give a list of cards")
            continue
        _unknown(file, at, table, {"cards": "cards"}, findings, f"field in [players.{key}]")
        good = []
        for raw in cards:
            try:
                good.append(Card.parse(raw))
            except CardError as error:
                line = _text_line(file.text, f'"{raw}"') if isinstance(raw, str) else None
                add(at, f"[players.{key}] field 'cards': {error}", line)
        groups[int(key)] = tuple(good)
    counts = Counter(c for group in groups.values() for c in group)
    for card in sorted((c for c, n in counts.items() if n > 1), key=lambda c: c.sort_key):
        add(("players",), f"{card} is listed {counts[card]} times; every card of a deck is "
                          "different, so remove the copy", _text_line(file.text, f'"{card}"'))
    if len(findings) > start:
        return None
    return DeckDef(str(name), groups)


def _name(value: Any) -> str:
    """A key or id for a message: the text itself if short, else cut short."""
    if isinstance(value, str):
        return one_line(value if len(value) <= 40 else value[:39] + "…")
    return shown(value, 40)


def _text_line(text: str, needle: str) -> int | None:
    lowered = needle.lower()
    for number, line in enumerate(text.splitlines(), 1):
        if lowered in line.lower():
            return number
    return None


def _field_path(field: str | None) -> FieldPath:
    """``"option 2: within.same"`` → ``("option", 1, "within", "same")``."""
    if not field:
        return ()
    head, _, rest = field.rpartition(": ")
    path: FieldPath = ()
    kind, _, number = head.partition(" ")
    if kind in ("option", "role") and number.isdigit():
        path = (kind, int(number) - 1)
    return (*path, *rest.split("."))


def _strip(message: str, source: str) -> str:
    """A parser's message without its leading ``file: `` and on one line."""
    return one_line(message[len(source) + 2:] if message.startswith(f"{source}: ")
                    else message)


def _read_cards(path: Path, section: str, parse: Callable[[dict, str], Any],
                findings: list[Finding]) -> dict[str, Any] | None:
    """Cards by id, a broken card as None; None if the file cannot be read at all."""
    file = _read(path, findings)
    if file is None:
        return None
    _unknown(file, (), file.data, {section: f"[[{section}]]"}, findings, "section")
    items = file.data.get(section, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        findings.append((file.source, file.line((section,)),
                         f"write each {section} as a [[{section}]] table (two brackets)"))
        return None
    parsed: dict[str, Any] = {}
    for index, raw in enumerate(items):
        at: FieldPath = (section, index)
        ident = raw.get("id")
        if not isinstance(ident, str) or not ident.strip():
            said = "has no id" if ident is None else f"has id = {shown(ident)}"
            findings.append((file.source, file.line((*at, "id")),
                             f"{section} number {index + 1} {said}: give it an id in quotes, "
                             f"like id = \"{section[0].upper()}99\""))
            continue
        try:
            card = parse(raw, file.source)
        except ContentError as error:
            findings.append((file.source, file.line((*at, *_field_path(error.field))),
                             _strip(str(error), file.source)))
            parsed.setdefault(ident, None)
            continue
        except (TypeError, ValueError, KeyError, AttributeError) as error:  # a safety net
            findings.append((file.source, file.line(at), (
                f"{section} '{_name(ident)}' could not be read "
                f"({type(error).__name__}); check its fields against "
                "docs/requirement-language.md")))
            parsed.setdefault(ident, None)
            continue
        if card.id in parsed:
            findings.append((file.source, file.line((*at, "id")),
                             f"{section} '{card.id}' is defined twice; give each {section} "
                             "its own id"))
            continue
        parsed[card.id] = card
    return parsed


def _read_campaign(path: Path, elements: dict | None, twists: dict | None,
                   findings: list[Finding]) -> tuple[Timing, tuple[RoutineDef, ...]] | None:
    file = _read(path, findings)
    if file is None:
        return None
    start = len(findings)
    _unknown(file, (), file.data, {"timing": "[timing]", "routine": "[[routine]]"},
             findings, "section")
    timing = _timing(file, findings)
    raw_routines = file.data.get("routine")
    routines: list[RoutineDef] = []
    if raw_routines is None:
        findings.append((file.source, None, "no [[routine]] tables: the campaign needs at "
                                            "least one routine"))
    elif not isinstance(raw_routines, list) or not all(isinstance(r, dict)
                                                       for r in raw_routines):
        findings.append((file.source, file.line(("routine",)),
                         "write each routine as a [[routine]] table (two brackets)"))
    elif elements is not None and twists is not None:  # else they cannot be checked
        broken = {k for k, v in {**elements, **twists}.items() if v is None}
        good_elements = {k: v for k, v in elements.items() if v is not None}
        good_twists = {k: v for k, v in twists.items() if v is not None}
        seen: set[str] = set()
        for index, raw in enumerate(raw_routines):
            names = raw.get("elements")
            uses = {n for n in names if isinstance(n, str)} if isinstance(names, list) else set()
            if isinstance(raw.get("twist"), str):
                uses.add(raw["twist"])
            if uses & broken:
                continue  # its element or twist is reported already
            try:
                routine = parse_routine(raw, file.source, good_elements, good_twists)
            except ContentError as error:
                findings.append((file.source, file.line(("routine", index,
                                                         *_field_path(error.field))),
                                 _strip(str(error), file.source)))
                continue
            if routine.id in seen:
                findings.append((file.source, file.line(("routine", index, "id")),
                                 f"routine '{routine.id}' is defined twice; give each routine "
                                 "its own id"))
            seen.add(routine.id)
            routines.append(routine)
    if len(findings) > start or timing is None:
        return None
    return timing, tuple(routines)


def _timing(file: TomlFile, findings: list[Finding]) -> Timing | None:
    """The [timing] table: every field present, whole seconds in range, a finite factor."""
    raw = file.data.get("timing")
    if raw is None:
        findings.append((file.source, None, "no [timing] table: copy it from the shipped "
                                            "campaign.toml (docs/house-rules.md explains it)"))
        return None
    if not isinstance(raw, dict):
        findings.append((file.source, file.line(("timing",)),
                         "timing must be a [timing] table of numbers (docs/house-rules.md)"))
        return None
    start = len(findings)
    _unknown(file, ("timing",), raw, {k: k for k in (*TIMING_SECONDS, "par_factor")},
             findings, "field in [timing]")
    defaults = Timing()
    for name, valid in TIMING_SECONDS.items():
        value = raw.get(name)
        if value is None:
            findings.append((file.source, file.line(("timing",)), (
                f"[timing] has no {name}; add it, e.g. {name} = {getattr(defaults, name)}")))
        elif isinstance(value, bool) or not isinstance(value, int) or value not in valid:
            findings.append((file.source, file.line(("timing", name)), (
                f"[timing] field '{name}': {shown(value)} is not a whole number of seconds "
                f"from {valid.start} to {valid.stop - 1}")))
    factor = raw.get("par_factor")
    if factor is None:
        findings.append((file.source, file.line(("timing",)), (
            f"[timing] has no par_factor; add it, e.g. par_factor = {defaults.par_factor}")))
    elif (isinstance(factor, bool) or not isinstance(factor, int | float)
          or not math.isfinite(factor) or not 0 < factor <= MAX_PAR_FACTOR):
        findings.append((file.source, file.line(("timing", "par_factor")), (
            f"[timing] field 'par_factor': {shown(factor)} is not a number above 0 and at "
            f"most {MAX_PAR_FACTOR}")))
    if len(findings) > start:
        return None
    return Timing(**{k: raw[k] for k in (*TIMING_SECONDS, "par_factor")})


def parse_routine(raw: dict, source: str, elements: Mapping[str, Element],
                  twists: Mapping[str, Twist]) -> RoutineDef:
    """One ``[[routine]]`` table; raises :class:`ContentError` at its first problem."""
    ident = raw.get("id")
    shown_id = ident if isinstance(ident, str) and len(ident) <= 40 else "?"

    def error(field: str, problem: str) -> ContentError:
        return ContentError(f"{source}: routine '{shown_id}', field '{field}': {problem}",
                            shown_id, field)

    for key in raw:
        if key not in ROUTINE_KEYS:
            close = difflib.get_close_matches(key, ROUTINE_KEYS, 1)
            hint = f"did you mean '{close[0]}'?" if close else f"use {', '.join(ROUTINE_KEYS)}"
            raise error(_name(key), f"unknown field: {hint}")
    for key in ("id", "name", "elements", "twist"):
        if key not in raw:
            raise error(key, "is missing")
    if not isinstance(ident, str) or not ident.strip():
        raise error("id", "give the routine an id in quotes, like id = \"R11\"")
    if not isinstance(raw["name"], str) or not raw["name"].strip():
        raise error("name", "give the routine a name in quotes")
    names = raw["elements"]
    if (not isinstance(names, list) or len(names) != 5
            or not all(isinstance(n, str) for n in names)):
        raise error("elements", "list exactly 5 element ids, lane 1 first, like "
                                "[\"E01\", \"E02\", \"E03\", \"E04\", \"E05\"]")
    for name in names:
        if name not in elements:
            raise error("elements", f"no element {shown(name)} in the element files")
    if len(set(names)) != 5:
        raise error("elements", "an element appears twice")
    twist = raw["twist"]
    if not isinstance(twist, str):
        raise error("twist", "give one twist id in quotes, like twist = \"T01\"")
    if twist not in twists:
        raise error("twist", f"no twist {shown(twist)} in the twist files")
    twist_round = raw.get("twist_round", ROUNDS)
    if isinstance(twist_round, bool) or not isinstance(twist_round, int) or not (
            2 <= twist_round <= ROUNDS):
        raise error("twist_round", f"must be a round from 2 to {ROUNDS}")
    par = raw.get("par_seconds")
    if par is not None and (isinstance(par, bool) or not isinstance(par, int)
                            or not 0 < par <= MAX_PAR_SECONDS):
        raise error("par_seconds", f"must be a whole number of seconds from 1 to "
                                   f"{MAX_PAR_SECONDS}")
    return RoutineDef(ident, raw["name"], tuple(elements[n] for n in names),
                      twists[twist], twist_round, par)
