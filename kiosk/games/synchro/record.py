"""A game record: plain text, a header line, then one move per line.

::

    synchro 1 setup=random seed=42 white=Ann black=Bo result=white
    1: b3-b4 h3-h4
    5: d7-d5 f7-f5
    ...

The header names the format and version, the set-up (``standard``, ``random`` with its
``seed``, or ``place``), optionally the players (percent-encoded) and the result
(``white``, ``black``, ``draw`` or ``*`` unfinished; written by :func:`save_record`,
checked by :func:`replay`). Blank lines and lines starting with ``#`` are ignored.
Moves use :mod:`.notation`. The rules engine does no file I/O: these functions turn a
:class:`Record` into text and back; the caller reads and writes the file.

>>> from .moves import UnitMove
>>> record = Record(moves=(UnitMove(1, (("b3", "b4"), ("h3", "h4"))),))
>>> text = save_record(record)
>>> text.splitlines()
['synchro 1 setup=standard result=*', '1: b3-b4 h3-h4']
>>> load_record(text) == record
True
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

from kiosk.games.record_text import read_frame

from .moves import Move
from .notation import NotationError, format_move, read_move
from .position import Position, start_position
from .rules import check_move, play

FORMAT, VERSION = "synchro", "1"


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message gives the line number."""


@dataclass(frozen=True)
class Record:
    setup: str = "standard"
    seed: int | None = None
    moves: tuple[Move, ...] = ()
    white: str = ""
    black: str = ""

    def start(self) -> Position:
        return start_position(self.setup, self.seed)


def result_of(position: Position) -> str:
    if not position.is_over:
        return "*"
    return "draw" if position.winner is None else str(position.winner)


def save_record(record: Record) -> str:
    """The record as text (ending with a newline). The moves are replayed to write the
    result, so an illegal move raises :class:`RecordError` here, not when read back."""
    header = [FORMAT, VERSION, f"setup={record.setup}"]
    if record.seed is not None:
        header.append(f"seed={record.seed}")
    for key in ("white", "black"):
        if getattr(record, key):
            header.append(f"{key}={quote(getattr(record, key), safe='')}")
    header.append(f"result={result_of(replay(record)[-1])}")
    return "\n".join([" ".join(header), *map(format_move, record.moves)]) + "\n"


def load_record(text: str) -> Record:
    """The :class:`Record` in ``text``; the moves are read, not yet checked (see
    :func:`replay`)."""
    number, fields, lines = read_frame(
        text, fmt=FORMAT, version=VERSION,
        game="Synchro", keys=("setup", "seed", "white", "black", "result"),
        example="setup=...", error=RecordError, unquote=unquote)
    seed = fields.get("seed")
    if seed is not None and not seed.lstrip("-").isdigit():
        raise RecordError(f"line {number}: seed must be a whole number, not {seed!r}")
    moves = []
    for number, line in lines:
        try:
            moves.append(read_move(line))
        except NotationError as error:
            raise RecordError(f"line {number}: {error}") from None
    return Record(fields.get("setup", "standard"), None if seed is None else int(seed),
                  tuple(moves), fields.get("white", ""), fields.get("black", ""))


def replay(record: Record) -> list[Position]:
    """Every position of the game, the start first and the last move's result last.
    Raises :class:`RecordError` naming the first illegal move (counted from 1)."""
    try:
        positions = [record.start()]
    except ValueError as error:
        raise RecordError(f"the header's set-up: {error}") from None
    for count, move in enumerate(record.moves, start=1):
        problem = check_move(positions[-1], move)
        if problem:
            raise RecordError(f"move {count} ({format_move(move)}): {problem}")
        positions.append(play(positions[-1], move))
    return positions
