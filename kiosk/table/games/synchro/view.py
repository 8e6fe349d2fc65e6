"""Synchro's part of the :class:`~kiosk.table.api.TableView`: its phases, its commands
and :class:`SynchroView`, the payload its screens draw from (``view.payload``). Plain
strings and numbers only, so the screens need no rules: every legal move is listed
with the squares it touches, and a screen lights what a touch offers.

>>> SynchroView().to_move, Phase.PLAYING == "playing"
('white', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from kiosk.games.synchro import CASTLES, VANTAGE_POINTS, Player
from kiosk.i18n import N_


class Phase(StrEnum):
    ATTRACT = "attract"      # nobody playing
    CHOOSING = "choosing"    # opponent, level, colour, set-up
    PLAYING = "playing"      # a game on the board (the kiosk may be thinking)
    OVER = "over"            # a result: who won and how


COMMANDS = ("start", "move", "undo", "resign", "new_game")

MODES = ("hotseat", "kiosk")
SETUPS = ("standard", "random")
LEVEL_NAMES = {1: N_("Beginner"), 2: N_("Club"), 3: N_("Strong")}  # words: _() them
SIDES = ("white", "black")

VANTAGE = tuple(sorted(VANTAGE_POINTS))
CASTLE_OF = {"white": CASTLES[Player.WHITE], "black": CASTLES[Player.BLACK]}
KINDS = {1: "lump", 2: "lump", 3: "blob", 4: "blob", 5: "thing", 6: "thing"}


@dataclass(frozen=True)
class PieceView:
    square: str
    side: str     # "white" | "black"
    number: int   # 1-6
    kind: str     # "lump" | "blob" | "thing"


@dataclass(frozen=True)
class MoveView:
    """One legal move: ``text`` is what ``act("move", text=...)`` takes. A unit move has
    ``steps`` (one or two (from, to)); a swap-back has ``swap`` (the square whose piece
    leaves; piece ``number`` comes back there)."""

    text: str
    number: int
    steps: tuple[tuple[str, str], ...] = ()
    swap: str | None = None
    captures: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecordRow:
    """One line of the records: a way of playing and how its games went."""

    label: str          # "Two players" | "vs the kiosk, Beginner"
    games: int
    first: int          # hot-seat: white wins; vs the kiosk: your wins
    second: int         # hot-seat: black wins; vs the kiosk: the kiosk's wins
    draws: int
    shortest: int | None  # fewest moves in a game someone won


@dataclass(frozen=True)
class SynchroView:
    mode: str = "hotseat"              # "hotseat" | "kiosk"
    level: int = 1                     # the kiosk's level (vs the kiosk)
    human: str = "white"               # vs the kiosk: the human's side
    setup: str = "standard"
    casual: bool = True                # undo allowed
    pieces: tuple[PieceView, ...] = ()
    to_move: str = "white"
    moves: tuple[MoveView, ...] = ()   # what the side to move may play (empty: nobody here)
    last: MoveView | None = None       # the move just played, to highlight
    lost: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # (white's, black's) taken pieces
    thinking: bool = False             # the kiosk is choosing its move
    can_undo: bool = False
    ply: int = 0
    winner: str | None = None          # "white" | "black" | None (a draw) once over
    how: str = ""                      # "reached the castle" ...
    result: str = ""                   # one sentence: who won and how
    records: tuple[RecordRow, ...] = ()
    recent: tuple[str, ...] = ()       # the last games, one line each

    def side_name(self, side: str) -> str:
        """'White' / 'Black' in hot-seat; 'You' / 'The kiosk' against the kiosk."""
        if self.mode == "kiosk":
            return N_("You") if side == self.human else N_("The kiosk")
        return {"white": N_("White"), "black": N_("Black")}.get(side, side.capitalize())

    def kiosk_side(self) -> str | None:
        if self.mode != "kiosk":
            return None
        return "black" if self.human == "white" else "white"
