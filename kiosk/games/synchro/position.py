"""A position: an immutable snapshot of the game, and the ways to start one.

The board is a tuple of 81 piece codes (see :mod:`.pieces`; index as in :mod:`.board`).
Use :meth:`Position.piece_at` and :meth:`Position.pieces` rather than the codes.

>>> start = start_position()
>>> start.stage, start.to_move, start.piece_at("b3")
(<Stage.PLAY: 'play'>, Player.WHITE, Piece(owner=Player.WHITE, number=1))
>>> start_position("place").stage
<Stage.SETUP: 'setup'>
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from .board import SQUARES, index_of, setup_squares
from .pieces import NUMBERS, Piece, Player, piece_for_code

EMPTY_BOARD = (0,) * 81
FULL_HAND = tuple(n for n in NUMBERS for _ in range(2))

# The standard set-up, white's side; black's is the same seen from the other end
# (ranks mirrored, files kept), so each unit faces its counterpart across the board.
STANDARD_WHITE = {"b3": 1, "c3": 3, "d3": 5, "f3": 5, "g3": 3, "h3": 1,
                  "b2": 2, "c2": 4, "d2": 6, "f2": 6, "g2": 4, "h2": 2}


class Stage(StrEnum):
    SETUP = "setup"  # players place their pieces (Place moves)
    PLAY = "play"
    OVER = "over"  # see Position.winner and Position.reason


class Reason(StrEnum):
    """Why a game ended."""

    CASTLE = "castle"  # a piece reached the opponent's castle
    ALL_CAPTURED = "all captured"  # the loser has no piece left on the board
    NO_MOVE = "no move"  # the loser, to move, had no legal move
    QUIET_LIMIT = "quiet limit"  # draw: QUIET_LIMIT plies without a capture or swap
    MOVE_LIMIT = "move limit"  # draw: MOVE_LIMIT plies of play
    RESIGNED = "resigned"  # reserved for the table (the rules never resign)


QUIET_LIMIT = 60  # 30 moves each without a capture or a swap-back: a draw
MOVE_LIMIT = 400  # 200 moves each: a draw, so every game ends


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the rules need; no history (a record keeps the moves).

    ``captured[p]`` is player p's pieces taken by the opponent, by number, in capture
    order; ``retired[p]`` the pieces p gave up in swap-backs (out of the game for good);
    ``in_hand[p]`` the numbers p has still to place (set-up stage only). ``ply`` counts
    moves since play began; ``quiet`` the moves since the last capture or swap-back.
    """

    board: tuple[int, ...]
    to_move: Player = Player.WHITE
    stage: Stage = Stage.PLAY
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    retired: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    in_hand: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    winner: Player | None = None
    reason: Reason | None = None
    ply: int = 0
    quiet: int = 0

    @property
    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    def piece_at(self, square: str) -> Piece | None:
        return piece_for_code(self.board[index_of(square)])

    def pieces(self, player: Player | None = None) -> dict[str, Piece]:
        """Square name → piece, for one player or both, in board order."""
        found = {SQUARES[i]: piece_for_code(c) for i, c in enumerate(self.board) if c}
        return {s: p for s, p in found.items() if player is None or p.owner is player}

    def unit_squares(self, player: Player, number: int) -> tuple[str, ...]:
        """Where the pieces of one unit stand (0, 1 or 2 squares, board order)."""
        code = player * 6 + number
        return tuple(SQUARES[i] for i, c in enumerate(self.board) if c == code)

    def captured_pieces(self, player: Player) -> tuple[Piece, ...]:
        """``player``'s pieces the opponent has taken, oldest first."""
        return tuple(Piece(player, n) for n in self.captured[player])

    def diagram(self) -> str:
        """The board as text, rank 9 at the top: ``W3`` a white 3, ``B5`` a black 5,
        ``()`` an empty Vantage Point, ``[]`` an empty Castle, ``.`` an empty square."""
        from .board import CASTLES, VANTAGE_POINTS

        castles = set(CASTLES.values())
        lines = []
        for rank in range(9, 0, -1):
            cells = []
            for file in "abcdefghi":
                square = f"{file}{rank}"
                piece = self.piece_at(square)
                if piece:
                    cells.append(("W" if piece.owner is Player.WHITE else "B")
                                 + str(piece.number))
                else:
                    cells.append("()" if square in VANTAGE_POINTS
                                 else "[]" if square in castles else " .")
            lines.append(f"{rank} " + " ".join(cells))
        lines.append("   " + "  ".join("abcdefghi"))
        return "\n".join(lines)


def make_position(pieces: Mapping[str, Piece], to_move: Player = Player.WHITE, *,
                  captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
                  retired: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
                  ply: int = 0, quiet: int = 0) -> Position:
    """A play-stage position from square → piece (for tests, puzzles and tutorials).

    Each player may have at most two pieces of a number, counting captured and retired
    ones too.
    """
    board = list(EMPTY_BOARD)
    for square, piece in pieces.items():
        board[index_of(square)] = piece.code
    for player in Player:
        for number in NUMBERS:
            count = (board.count(player * 6 + number) + captured[player].count(number)
                     + retired[player].count(number))
            if count > 2:
                raise ValueError(f"{player} has {count} pieces numbered {number}; "
                                 "each number comes twice")
    return Position(tuple(board), to_move, Stage.PLAY, captured, retired, ply=ply,
                    quiet=quiet)


def start_position(setup: str = "standard", seed: int | None = None) -> Position:
    """The position a game starts from.

    ``"standard"``: the fixed set-up in ``docs/synchro.md``. ``"random"``: each player's
    twelve pieces on random squares of their set-up rows, drawn from ``seed`` (required,
    so a record can replay the game). ``"place"``: an empty board in the set-up stage,
    where the players take turns placing pieces (white first) with :class:`.Place` moves.
    """
    if setup == "standard":
        board = list(EMPTY_BOARD)
        for square, number in STANDARD_WHITE.items():
            board[index_of(square)] = number
            board[index_of(f"{square[0]}{10 - int(square[1:])}")] = 6 + number
        return Position(tuple(board))
    if setup == "random":
        if seed is None:
            raise ValueError("a random set-up needs a seed, so that the game can be "
                             "replayed from its record")
        rng = random.Random(seed)
        board = list(EMPTY_BOARD)
        for player in Player:
            squares = rng.sample(setup_squares(player), len(FULL_HAND))
            for square, number in zip(squares, FULL_HAND, strict=True):
                board[index_of(square)] = player * 6 + number
        return Position(tuple(board))
    if setup == "place":
        return Position(EMPTY_BOARD, Player.WHITE, Stage.SETUP, in_hand=(FULL_HAND, FULL_HAND))
    raise ValueError(f"unknown set-up {setup!r}: choose standard, random or place")


__all__ = ["MOVE_LIMIT", "QUIET_LIMIT", "Position", "Reason", "Stage",
           "make_position", "start_position"]
