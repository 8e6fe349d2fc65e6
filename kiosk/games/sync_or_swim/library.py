"""Loading the shipped (or a café's own) Sync or Swim content from a config folder.

Layout, relative to the config folder::

    decks/default.toml              the Sync cards, by player count
    sync_or_swim/elements.toml      [[element]] cards
    sync_or_swim/twists.toml        [[twist]] cards
    sync_or_swim/campaign.toml      [timing] and the ten [[routine]]s

Every problem raises :class:`~.content.ContentError` naming the file and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from .cards import Card, CardError
from .content import ContentError, parse_cards_file
from .requirements import Element, Twist
from .routines import ROUNDS, RoutineDef, Timing

PLAYER_COUNTS = (3, 4, 5, 6)


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


def read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: not valid TOML ({error})") from None


def load_deck(path: Path) -> DeckDef:
    data = read_toml(path)
    players = data.get("players")
    if not isinstance(players, dict) or "3" not in players:
        raise ContentError(f"{path}: needs a [players.3] table listing the cards")
    groups: dict[int, tuple[Card, ...]] = {}
    for key, table in players.items():
        if key not in {str(n) for n in PLAYER_COUNTS}:
            raise ContentError(f"{path}: [players.{key}]: use players 3, 4, 5 or 6")
        cards = table.get("cards") if isinstance(table, dict) else None
        if not isinstance(cards, list):
            raise ContentError(f"{path}: [players.{key}] field 'cards': give a list of cards")
        try:
            groups[int(key)] = tuple(Card.parse(c) for c in cards)
        except CardError as error:
            raise ContentError(f"{path}: [players.{key}] field 'cards': {error}") from None
    return DeckDef(str(data.get("name", path.stem)), groups)


def load_cards(path: Path) -> tuple[dict[str, Element], dict[str, Twist]]:
    return parse_cards_file(read_toml(path), str(path))


def load_campaign(path: Path, elements: dict[str, Element], twists: dict[str, Twist]
                  ) -> tuple[Timing, tuple[RoutineDef, ...]]:
    data = read_toml(path)
    timing_raw = data.get("timing", {})
    fields = {"base_seconds", "seconds_per_element", "penalty_seconds", "between_allowance",
              "par_factor"}
    for key, value in timing_raw.items():
        if key not in fields:
            raise ContentError(f"{path}: [timing] field '{key}': unknown "
                               f"(use {', '.join(sorted(fields))})")
        if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
            raise ContentError(f"{path}: [timing] field '{key}': must be a number >= 0")
    timing = Timing(**timing_raw)
    raw_routines = data.get("routine", [])
    if not isinstance(raw_routines, list) or not all(isinstance(r, dict) for r in raw_routines):
        raise ContentError(f"{path}: write each routine as a [[routine]] table "
                           "(two brackets)")
    routines = []
    for raw in raw_routines:
        routines.append(parse_routine(raw, str(path), elements, twists))
    ids = [r.id for r in routines]
    for ident in ids:
        if ids.count(ident) > 1:
            raise ContentError(f"{path}: routine '{ident}' is defined twice")
    return timing, tuple(routines)


def parse_routine(raw: dict, source: str, elements: dict[str, Element],
                  twists: dict[str, Twist]) -> RoutineDef:
    ident = str(raw.get("id", "?"))

    def error(field: str, problem: str) -> ContentError:
        return ContentError(f"{source}: routine '{ident}', field '{field}': {problem}",
                            ident, field)

    for key in ("id", "name", "elements", "twist"):
        if key not in raw:
            raise error(key, "is missing")
    names = raw["elements"]
    if not isinstance(names, list) or len(names) != 5:
        raise error("elements", "list exactly 5 element ids, lane 1 first")
    for name in names:
        if name not in elements:
            raise error("elements", f"no element '{name}' in the element files")
    if len(set(names)) != 5:
        raise error("elements", "an element appears twice")
    if raw["twist"] not in twists:
        raise error("twist", f"no twist '{raw['twist']}' in the twist files")
    twist_round = raw.get("twist_round", ROUNDS)
    if not isinstance(twist_round, int) or not 2 <= twist_round <= ROUNDS:
        raise error("twist_round", f"must be a round from 2 to {ROUNDS}")
    par = raw.get("par_seconds")
    if par is not None and (not isinstance(par, int) or par <= 0):
        raise error("par_seconds", "must be a whole number of seconds above 0")
    return RoutineDef(ident, str(raw["name"]), tuple(elements[n] for n in names),
                      twists[raw["twist"]], twist_round, par)


def load_content(config_dir: Path) -> Content:
    """All Sync or Swim content from a config folder (see the module docstring)."""
    config_dir = Path(config_dir)
    game_dir = config_dir / "sync_or_swim"
    deck = load_deck(config_dir / "decks" / "default.toml")
    elements, _ = load_cards(game_dir / "elements.toml")
    _, twists = load_cards(game_dir / "twists.toml")
    timing, campaign = load_campaign(game_dir / "campaign.toml", elements, twists)
    return Content(deck, elements, twists, timing, campaign)
