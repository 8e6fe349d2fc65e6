"""A game record: plain text, a header line, then ``round N`` and one placement a line.

::

    synapse 1 seed=42 north=Ann south=Bo result=north
    round 1
    south S15 b3 90
    north N04 d2 0
    ...
    north stop
    round 2
    ...

The header names the format and version, the seed (which draws each round's first
cards), optionally the players (percent-encoded) and the result (``north``, ``south``
or ``*`` unfinished; written by :func:`save_record`). A placement is the player, the
card's id, the cell and the rotation in degrees clockwise; ``PLAYER stop`` (last in a
round) is that player stopping the round with cards in hand. Blank lines and ``#`` lines
are ignored. No file I/O here: the caller reads and writes the text. Card ids refer to
a card set, which :func:`replay` and :func:`save_record` are given.

>>> from .design import default_cardset
>>> from .rules import Placement
>>> record = Record(seed=3, rounds=((Placement(Player.SOUTH, "S15", (1, 2), 90),),))
>>> text = save_record(record, default_cardset())
>>> text.splitlines()
['synapse 1 seed=3 result=*', 'round 1', 'south S15 b3 90']
>>> load_record(text) == record
True
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

from kiosk.games.record_text import read_frame

from .cards import Player
from .game import Game, new_game, next_round, play, stop_round
from .grid import parse_cell
from .rules import CardSet, Placement, StopCall, check_placement, check_stop

Move = Placement | StopCall

FORMAT, VERSION = "synapse", "1"


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where."""


@dataclass(frozen=True)
class Record:
    seed: int = 0
    rounds: tuple[tuple[Move, ...], ...] = ()  # a StopCall only last in a round
    north: str = ""
    south: str = ""


def record_of(game: Game, north: str = "", south: str = "") -> Record:
    return Record(game.seed, tuple(moves_of(r) for r in game.rounds), north, south)


def moves_of(state) -> tuple[Move, ...]:
    """A round's placements, and its stop if a player stopped it."""
    if state.stopped and state.ended_by is not None:
        return (*state.placements, StopCall(state.ended_by))
    return state.placements


def save_record(record: Record, cardset: CardSet) -> str:
    """The record as text. It is replayed first, so an illegal placement raises
    :class:`RecordError` here rather than when read back."""
    games = replay(record, cardset)
    last = games[-1]
    header = [FORMAT, VERSION, f"seed={record.seed}"]
    for key in ("north", "south"):
        if getattr(record, key):
            header.append(f"{key}={quote(getattr(record, key), safe='')}")
    header.append(f"result={last.winner or '*'}")
    lines = [" ".join(header)]
    for number, placements in enumerate(record.rounds, start=1):
        lines.append(f"round {number}")
        lines += [str(p) for p in placements]
    return "\n".join(lines) + "\n"


def load_record(text: str) -> Record:
    """The :class:`Record` in ``text``; placements are read, not yet checked."""
    number, fields, lines = read_frame(
        text, fmt=FORMAT, version=VERSION,
        game="Synapse", keys=("seed", "north", "south", "result"),
        example="seed=...", error=RecordError, unquote=unquote)
    seed = fields.get("seed", "0")
    if not seed.lstrip("-").isdigit() or len(seed) > 20:
        raise RecordError(f"line {number}: seed must be a whole number, not {seed!r}")
    rounds: list[list[Move]] = []
    for number, line in lines:
        words = line.split()
        if words[0] == "round":
            if words[1:] != [str(len(rounds) + 1)]:
                raise RecordError(f"line {number}: expected 'round {len(rounds) + 1}'")
            rounds.append([])
            continue
        if not rounds:
            raise RecordError(f"line {number}: a placement before 'round 1'")
        rounds[-1].append(_placement(number, words))
    return Record(int(seed), tuple(tuple(r) for r in rounds), fields.get("north", ""),
                  fields.get("south", ""))


def _placement(number: int, words: list[str]) -> Move:
    if len(words) == 2 and words[1] == "stop":
        if words[0] not in ("north", "south"):
            raise RecordError(f"line {number}: {words[0]!r} is not a player (north or south)")
        return StopCall(Player(words[0]))
    if len(words) != 4:
        raise RecordError(f"line {number}: a placement is 'PLAYER CARD CELL ROTATION', "
                          "like 'north N04 d2 90', or a stop 'PLAYER stop'")
    who, card_id, cell, rotation = words
    if who not in ("north", "south"):
        raise RecordError(f"line {number}: {who!r} is not a player (north or south)")
    try:
        where = parse_cell(cell)
    except ValueError as error:
        raise RecordError(f"line {number}: {error}") from None
    if rotation not in ("0", "90", "180", "270"):
        raise RecordError(f"line {number}: rotation must be 0, 90, 180 or 270, not "
                          f"{rotation!r}")
    return Placement(Player(who), card_id, where, int(rotation))


def replay(record: Record, cardset: CardSet) -> list[Game]:
    """The game after each placement, the start first. Raises :class:`RecordError`
    naming the first placement the rules refuse."""
    games = [new_game(cardset, record.seed)]
    for number, placements in enumerate(record.rounds, start=1):
        if number > 1:
            try:
                games.append(next_round(games[-1]))
            except ValueError as error:
                raise RecordError(f"round {number}: {error}") from None
        for count, p in enumerate(placements, start=1):
            if isinstance(p, StopCall):
                problem = check_stop(games[-1].round, p.player)
            else:
                problem = check_placement(games[-1].round, p.player, p.card_id, p.cell,
                                          p.rotation)
            if problem:
                which = "the stop" if isinstance(p, StopCall) else f"placement {count}"
                raise RecordError(f"round {number}, {which} ({p}): {problem}")
            games.append(stop_round(games[-1], p.player) if isinstance(p, StopCall)
                         else play(games[-1], p.player, p.card_id, p.cell, p.rotation))
    return games
