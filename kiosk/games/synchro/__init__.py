"""Synchro: the rules engine (standard library only, no clock, no I/O).

Rules and every house decision, for players: ``docs/synchro.md``.

Vocabulary (all re-exported here; the UI and the opponent import from this package):

- Squares are names like chess, files a-i and ranks 1-9: ``"e5"``.
  ``col_row("e5") -> (4, 4)``, ``square_at(col, row) -> "e5"``, ``is_square(text)``,
  ``SQUARES`` (all 81, a1 first).
- ``Player.WHITE`` sets up on ranks 1-3 and moves first; ``Player.BLACK`` on ranks 7-9.
  ``player.opponent``; ``Player`` is an IntEnum (0, 1) so it indexes per-player tuples.
- ``Piece(owner, number)``, number 1-6; ``piece.kind`` is ``Kind.LUMP`` (1-2),
  ``Kind.BLOB`` (3-4) or ``Kind.THING`` (5-6); ``Kind.beats``. Two pieces with the same
  owner and number are a unit.
- ``VANTAGE_POINTS``: frozenset of four squares. ``CASTLES[player]``: the castle in front
  of ``player`` (their own, which the OPPONENT must reach); ``GOALS[player]``: the castle
  ``player`` must reach. ``SETUP_RANKS[player]``, ``setup_squares(player)``.
- ``Position`` (frozen): ``board``, ``to_move``, ``stage`` (``Stage.SETUP`` / ``PLAY`` /
  ``OVER``), ``captured[player]`` (numbers, capture order), ``retired[player]``,
  ``in_hand[player]``, ``winner`` (Player or None), ``reason`` (``Reason``), ``ply``,
  ``quiet``; ``piece_at(square)``, ``pieces(player=None)``, ``unit_squares(player, n)``,
  ``captured_pieces(player)``, ``is_over``, ``diagram()``.
- ``start_position(setup="standard" | "random" | "place", seed=None)``;
  ``make_position(pieces, to_move, captured=..., retired=...)`` for puzzles and tests.
- Moves, frozen: ``UnitMove(number, steps)`` with ``steps`` one or two ``(from, to)``
  pairs (both steps of a synchronised move in one value); ``Swap(number, square)``;
  ``Place(number, square)``. ``Move`` is their union.
- ``legal_moves(position) -> list[Move]``; ``play(position, move) -> Position`` raises
  ``IllegalMove`` (a ValueError whose message names the unit and squares);
  ``check_move(position, move) -> str | None``; ``is_legal``;
  ``moves_from(position, square) -> list[Move]`` (what a touch on a square offers);
  ``captures(position, move) -> list[str]`` (squares a move takes).
- Notation: ``format_move(move) -> str``, ``parse_move(position, text) -> Move``
  (``NotationError`` for unreadable text), e.g. ``"3: c4-c5 e6-e7"``, ``"3: c4-c6"``,
  ``"swap 5 d2"``, ``"place 5 d2"``.
- Records: ``Record(setup, seed, moves, white, black)``, ``save_record(record) -> str``,
  ``load_record(text) -> Record``, ``replay(record) -> list[Position]``
  (``RecordError``).
- The opponent: :mod:`kiosk.games.synchro.opponent` (``choose_move``, ``LEVELS``).

>>> position = start_position()
>>> move = parse_move(position, "1: b3-b4 h3-h4")
>>> position = play(position, move)
>>> [format_move(m) for m in moves_from(position, "d7")][:2]
['5: d7-e6 f7-g6', '5: d7-f5 f7-h5']
"""

from .board import (
    CASTLES,
    GOALS,
    SETUP_RANKS,
    SQUARES,
    VANTAGE_POINTS,
    col_row,
    is_square,
    setup_squares,
    square_at,
)
from .moves import Move, Place, Swap, UnitMove
from .notation import NotationError, format_move, parse_move
from .pieces import Kind, Piece, Player
from .position import (
    MOVE_LIMIT,
    QUIET_LIMIT,
    Position,
    Reason,
    Stage,
    make_position,
    start_position,
)
from .record import Record, RecordError, load_record, replay, save_record
from .rules import IllegalMove, captures, is_legal, legal_moves, moves_from, play
from .rules_check import check_move

__all__ = [
    "CASTLES", "GOALS", "MOVE_LIMIT", "QUIET_LIMIT", "SETUP_RANKS", "SQUARES",
    "VANTAGE_POINTS", "IllegalMove", "Kind", "Move", "NotationError", "Piece", "Place",
    "Player", "Position", "Reason", "Record", "RecordError", "Stage", "Swap", "UnitMove",
    "captures", "check_move", "col_row", "format_move", "is_legal", "is_square",
    "legal_moves", "load_record", "make_position", "moves_from", "parse_move", "play",
    "replay", "save_record", "setup_squares", "square_at", "start_position",
]
