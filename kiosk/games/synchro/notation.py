"""Moves written as text, one short line each.

==========================  ===============================================
``3: c4-c5 e6-e7``          unit 3 moves both pieces (steps in any order)
``3: c4-c6``                unit 3's lone piece moves
``swap 5 d2``               captured piece 5 returns, replacing the piece on d2
``place 5 d2``              set-up: piece 5 goes on d2
==========================  ===============================================

A capture may be written with ``x`` instead of ``-`` (``3: c4xc5``); :func:`format_move`
always writes ``-``. :func:`parse_move` also accepts a unit move without its number
(``c4-c5 e6-e7``): the number is read off the board.

>>> from .position import start_position
>>> move = parse_move(start_position(), "1: b3-b4 h3-h4")
>>> format_move(move)
'1: b3-b4 h3-h4'
>>> parse_move(start_position(), "b3-b5 h3-h5") == parse_move(start_position(), "1: h3-h5 b3-b5")
True
"""

from __future__ import annotations

import re

from .board import INDEX, is_square
from .moves import Move, Place, Swap, UnitMove
from .position import Position
from .rules import IllegalMove, check_move

_STEP = re.compile(r"^([a-i][1-9])[-x]([a-i][1-9])$")


class NotationError(ValueError):
    """Text that is not a move in the kiosk's notation; the message shows the forms."""


def format_move(move: Move) -> str:
    if type(move) is UnitMove:
        return f"{move.number}: " + " ".join(f"{f}-{t}" for f, t in move.steps)
    if type(move) is Swap:
        return f"swap {move.number} {move.square}"
    if type(move) is Place:
        return f"place {move.number} {move.square}"
    raise TypeError(f"{move!r} is not a move")


def read_move(text: str, position: Position | None = None) -> Move:
    """The move ``text`` names, without checking it is legal. ``position`` is needed
    only for a unit move written without its number."""
    words = text.strip().lower().split()
    forms = "write e.g. '3: c4-c5 e6-e7', '3: c4-c6', 'swap 5 d2' or 'place 5 d2'"
    if len(words) == 3 and words[0] in ("swap", "place"):
        kind, number, square = words
        if not (number.isdigit() and is_square(square)):
            raise NotationError(f"{text!r}: {kind} takes a piece number and a square; {forms}")
        return (Swap if kind == "swap" else Place)(int(number), square)
    number = None
    if words and words[0].endswith(":"):
        head = words.pop(0)[:-1]
        if not head.isdigit():
            raise NotationError(f"{text!r}: {head!r} is not a unit number; {forms}")
        number = int(head)
    steps = []
    for word in words:
        match = _STEP.match(word)
        if not match:
            raise NotationError(f"{text!r}: {word!r} is not a step like c4-c5; {forms}")
        steps.append((match[1], match[2]))
    if not 1 <= len(steps) <= 2:
        raise NotationError(f"{text!r}: a unit move has one or two steps; {forms}")
    if number is None:
        piece = position.piece_at(steps[0][0]) if position else None
        if piece is None:
            raise NotationError(f"{text!r}: no piece on {steps[0][0]}, so write the unit "
                                "number first, e.g. '3: c4-c5'")
        number = piece.number
    return UnitMove(number, tuple(sorted(steps, key=lambda s: INDEX[s[0]])))


def parse_move(position: Position, text: str) -> Move:
    """The legal move ``text`` names in ``position``. Raises :class:`NotationError` for
    unreadable text and :class:`IllegalMove` (saying why) for a move the rules forbid."""
    move = read_move(text, position)
    problem = check_move(position, move)
    if problem:
        raise IllegalMove(problem)
    return move
