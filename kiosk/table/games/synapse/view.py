"""Synapse's part of the :class:`~kiosk.table.api.TableView`: its phases, its commands
and :class:`SynapseView`, the payload its screens draw from (``view.payload``). Plain
strings and numbers only, so the screens need no rules: every card in the grid and in
each hand is spelled out edge by edge, the legal cells are listed, and when a round
ends its whole score explanation is here.

>>> SynapseView().left, Phase.ROUND_OVER == "round_over"
((0, 0), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from kiosk.i18n import N_


class Phase(StrEnum):
    ATTRACT = "attract"        # nobody playing
    CHOOSING = "choosing"      # two players, or against the kiosk at a level
    PLAYING = "playing"        # a round under way: both place at once
    ROUND_OVER = "round_over"  # a round's score, explained; next_round goes on
    GAME_OVER = "game_over"    # the winner, the totals per round
    BROKEN = "broken"          # synapse/cards.toml unusable: the problems, nothing else


COMMANDS = ("start", "place", "stop", "next_round", "new_game", "resign")

MODES = ("hotseat", "kiosk")          # two players on one screen, or one against the kiosk
SIDES = ("north", "south")
# The levels players see and the store files (kiosk-1 ... kiosk-3); level n plays the
# opponent's level n - 1 (opponent.LEVELS: naive, greedy, greedy with blocking).
LEVEL_NAMES = {1: N_("Relaxed"), 2: N_("Quick"), 3: N_("Sharp")}  # words: _() them


@dataclass(frozen=True)
class CardView:
    """One card as it lies (in the grid: turned; in a hand: as printed).

    ``edges``: north, east, south, west, each ``"3 black triangle"``, ``""`` (blank) or
    ``"mark"`` (a wild's marked edge). ``arrows``: the directions a line card points
    (0 north, 1 east, 2 south, 3 west). ``owner``: ``"north"``, ``"south"`` or ``""``
    (the start card)."""

    card_id: str
    kind: str                          # standard | line | double | wild | block | start
    owner: str = ""
    edges: tuple[str, str, str, str] = ("", "", "", "")
    arrows: tuple[int, ...] = ()


@dataclass(frozen=True)
class CellView:
    """A card in the grid: where (``"c3"``, and column/row from a1 = (0, 0)), the card
    as it lies, and how far it was turned (0/90/180/270 clockwise)."""

    cell: str
    column: int
    row: int
    card: CardView
    rotation: int = 0


@dataclass(frozen=True)
class ConnectionView:
    cells: tuple[str, str]
    value: int
    why: str


@dataclass(frozen=True)
class ScorerView:
    """A line or a double and what it earned its owner."""

    kind: str                          # "line" | "double"
    owner: str
    card_id: str
    cell: str
    connections: tuple[ConnectionView, ...]
    total: int
    ends: tuple[str, ...] = ()         # a line: what stopped each arm
    arms: tuple[tuple[str, ...], ...] = ()  # a line: the cells in line, each arm outwards


@dataclass(frozen=True)
class ScoreView:
    """A finished round's score with every point explained (``lines`` in words too)."""

    number: int
    connections: tuple[ConnectionView, ...]
    scorers: tuple[ScorerView, ...]
    bonus: str                         # who earned the +5 ("" for none)
    bonus_points: int
    totals: tuple[int, int]            # north's, south's for this round
    lines: tuple[str, ...]             # the explanation, one sentence a line
    stopped_by: str = ""               # who pressed stop (the +5 is the other's), or ""


@dataclass(frozen=True)
class RecordRow:
    """One line of the records: a way of playing and how its games went."""

    label: str          # "Two players" | "vs the kiosk, Quick"
    games: int
    first: int          # two players: north's wins; vs the kiosk: your wins
    second: int         # two players: south's wins; vs the kiosk: the kiosk's wins
    best: int           # the highest winning total


@dataclass(frozen=True)
class PlacedView:
    """The placement just made, to highlight."""

    player: str
    card_id: str
    cell: str
    rotation: int


@dataclass(frozen=True)
class SynapseView:
    mode: str = "hotseat"              # "hotseat" | "kiosk"
    level: int = 1                     # the kiosk's level (vs the kiosk)
    level_name: str = ""
    human: str = "south"               # vs the kiosk: the human's side
    round_number: int = 0
    start_cell: str = ""
    grid: tuple[CellView, ...] = ()    # the cards in the grid
    hands: tuple[tuple[CardView, ...], tuple[CardView, ...]] = ((), ())  # north's, south's
    left: tuple[int, int] = (0, 0)     # cards left in each hand: north's, south's
    legal: tuple[str, ...] = ()        # the cells a card may go on now
    last: PlacedView | None = None
    thinking: bool = False             # the kiosk is choosing its next card
    score: ScoreView | None = None     # the round just ended (round_over, game_over)
    round_totals: tuple[tuple[int, int], ...] = ()  # every finished round: north, south
    totals: tuple[int, int] = (0, 0)   # the game so far: north's, south's
    winner: str = ""                   # "north" | "south" once the game is over
    resigned: str = ""                 # the side that resigned, if one did
    result: str = ""                   # one sentence: who won and by how much
    records: tuple[RecordRow, ...] = ()
    recent: tuple[str, ...] = ()       # the last games, one line each, newest first

    def side_name(self, side: str) -> str:
        """'North' / 'South' for two players; 'You' / 'The kiosk' against the kiosk."""
        if self.mode == "kiosk":
            return N_("You") if side == self.human else N_("The kiosk")
        return {"north": N_("North"), "south": N_("South")}.get(side, side.capitalize())

    def kiosk_side(self) -> str | None:
        if self.mode != "kiosk":
            return None
        return "north" if self.human == "south" else "south"
