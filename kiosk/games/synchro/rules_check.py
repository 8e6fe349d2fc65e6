"""Checking one move against the rules, clause by clause, to say *why* it is illegal.

The generator in :mod:`.rules` is built for speed; this module is built to explain.
:func:`check_move` returns ``None`` for a legal move or one sentence naming the unit and
the squares. The two are tested against each other and against a naive reference.
"""

from __future__ import annotations

from .board import CASTLES, INDEX, SETUP_RANKS, VANTAGE_POINTS, col_row, is_square
from .moves import Move, Place, Swap, UnitMove
from .pieces import NUMBERS, Piece, kind_of, piece_for_code
from .position import Position, Stage

PREY_RULE = "lumps take blobs, blobs take things, things take lumps"


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is legal in ``position``, else why not, in one sentence."""
    if position.stage is Stage.OVER:
        end = f"{position.winner} won" if position.winner is not None else "it was drawn"
        return f"the game is over ({end}: {position.reason})"
    if not isinstance(move, UnitMove | Swap | Place):
        return f"{move!r} is not a move"
    if getattr(move, "number", None) not in NUMBERS:
        return f"{move.number!r} is not a piece number: units are numbered 1 to 6"
    if type(move) is Place:
        return _check_place(position, move)
    if position.stage is Stage.SETUP:
        return f"the set-up is not finished: {position.to_move} places a piece first"
    if type(move) is Swap:
        return _check_swap(position, move)
    return _check_unit_move(position, move)


def _check_place(position: Position, move: Place) -> str | None:
    side = position.to_move
    if position.stage is not Stage.SETUP:
        return "the set-up is over: pieces are placed only before play starts"
    if move.number not in position.in_hand[side]:
        return f"{side} has no piece {move.number} left to place"
    if not is_square(move.square):
        return f"{move.square!r} is not a square: files a-i, ranks 1-9, e.g. e5"
    if int(move.square[1:]) not in SETUP_RANKS[side]:
        low, high = SETUP_RANKS[side][0], SETUP_RANKS[side][-1]
        return f"{side} places pieces on ranks {low}-{high} only, not on {move.square}"
    if move.square == CASTLES[side]:
        return f"{move.square} is {side}'s own castle: no {side} piece may stand there"
    if position.piece_at(move.square):
        return f"{move.square} is taken: one piece a square"
    return None


def _check_swap(position: Position, move: Swap) -> str | None:
    side = position.to_move
    captured = position.captured[side]
    kind = kind_of(move.number)
    if move.number not in captured:
        return f"swap: {side}'s piece {move.number} is not captured, so it cannot come back"
    last = [n for n in captured if kind_of(n) is kind][-1]
    if last != move.number:
        return (f"swap: piece {move.number} cannot come back yet: {side}'s last captured "
                f"{kind} is piece {last}")
    if not is_square(move.square):
        return f"swap: {move.square!r} is not a square"
    there = position.piece_at(move.square)
    if there is None or there.owner is not side:
        return f"swap: {move.square} holds no {side} piece to give up for piece {move.number}"
    if there.number == move.number:
        return (f"swap: the piece on {move.square} is already a {move.number}; give up a "
                "piece with another number")
    return None


def _check_unit_move(position: Position, move: UnitMove) -> str | None:
    side, n = position.to_move, move.number
    unit = position.unit_squares(side, n)
    if not unit:
        return f"unit {n}: {side} has no piece {n} on the board"
    steps = move.steps
    if not isinstance(steps, tuple) or not all(
            isinstance(s, tuple) and len(s) == 2 and all(is_square(q) for q in s)
            for s in steps):
        return f"unit {n}: each step must be a pair of squares, from and to"
    froms = sorted(f for f, _ in steps)
    if len(unit) == 2 and len(steps) != 2:
        return (f"unit {n}: both pieces are on the board ({unit[0]} and {unit[1]}), so "
                "both must move")
    if len(unit) == 1 and len(steps) != 1:
        return f"unit {n}: only one piece of the unit is on the board ({unit[0]})"
    if froms != sorted(unit):
        stray = [f for f in froms if f not in unit] or froms
        return (f"unit {n}: no piece of unit {n} moves from {stray[0]} (its pieces "
                f"stand on {' and '.join(unit)})")
    for frm, to in steps:
        problem = _check_step(position, n, frm, to, far=len(unit) == 2
                              or frm in VANTAGE_POINTS)
        if problem:
            return problem
    if len(steps) == 2:
        (fa, ta), (fb, tb) = steps
        if ta == tb:
            return f"unit {n}: the pieces on {fa} and {fb} cannot both land on {ta}"
        if fa not in VANTAGE_POINTS and fb not in VANTAGE_POINTS and (
                _vector(fa, ta) != _vector(fb, tb)):
            return (f"unit {n}: the pieces on {fa} and {fb} must move the same distance "
                    "and direction (neither stands on a Vantage Point)")
    return None


def _vector(frm: str, to: str) -> tuple[int, int]:
    (c0, r0), (c1, r1) = col_row(frm), col_row(to)
    return c1 - c0, r1 - r0


def _check_step(position: Position, n: int, frm: str, to: str, far: bool) -> str | None:
    side = position.to_move
    dc, dr = _vector(frm, to)
    distance = max(abs(dc), abs(dr))
    if distance == 0:
        return f"unit {n}: the piece on {frm} must move"
    if distance > 2 or dc not in (0, distance, -distance) or dr not in (0, distance,
                                                                         -distance):
        return (f"unit {n}: {frm}-{to} is not a straight line of 1 or 2 squares "
                "(along a rank, a file or a diagonal)")
    if distance == 2 and not far:
        return (f"unit {n}: the lone piece on {frm} is not on a Vantage Point, so it moves "
                "1 square only")
    if distance == 2:
        c, r = col_row(frm)
        middle = f"{'abcdefghi'[c + dc // 2]}{r + dr // 2 + 1}"
        if position.piece_at(middle):
            return f"unit {n}: the piece on {frm} cannot pass over the piece on {middle}"
    if to == CASTLES[side]:
        return f"unit {n}: {to} is {side}'s own castle; no {side} piece may stand on it"
    target = position.piece_at(to)
    if target is None:
        return None
    mover: Piece = piece_for_code(position.board[INDEX[frm]])
    if target.owner is side:
        return f"unit {n}: {frm}-{to} lands on {side}'s own piece {target.number}"
    if not mover.kind.beats(target.kind):
        return (f"unit {n}: the {mover.kind} on {frm} cannot take the {target.kind} on {to} "
                f"({PREY_RULE})")
    return None



