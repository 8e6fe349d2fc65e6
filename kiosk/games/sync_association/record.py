"""A game record: plain text, a header line with the set-up, then one action a line.

::

    sync-association 1 seed=42 seats=1,2,3 mode=manual order=clockwise phantoms=3 ...
    lay 1 K17
    ...
    reveal

The header (one line) names the format and version, the seed (which shuffles both
decks), every option (``phantoms`` and ``keys`` the starting phantoms and automatic
key cards, ``phantom-cards`` and ``key-cards`` the box's counts, ``blocks`` the block
tokens at the start, left out when it is the usual one per player, ``first`` the first
player's seat, left out for the first seat) and the result (``won``, ``lost`` or ``*``
unfinished; written by :func:`save_record`). Blank lines and ``#`` lines are ignored.
No file I/O: the caller reads and writes the text.

>>> from .actions import StartChoosing
>>> record = Record(Options(seats=(2, 4)), seed=7, actions=(StartChoosing(),))
>>> load_record(save_record(record)) == record
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.games.record_text import read_frame

from .actions import Action, NotationError, format_action, parse_action
from .options import Mode, Options, Order
from .rules import SetupError, check, new_game, play
from .state import Game

FORMAT, VERSION = "sync-association", "1"
FIELDS = ("seed", "seats", "mode", "order", "phantoms", "keys", "blocks", "phantom-cards",
          "key-cards", "first", "result")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where."""


@dataclass(frozen=True)
class Record:
    options: Options = field(default_factory=Options)
    seed: int = 0
    actions: tuple[Action, ...] = ()
    first: int | None = None  # None: the first seat


def record_of(start: Game, actions: tuple[Action, ...]) -> Record:
    """The record of a game that began as ``start`` (from :func:`.new_game`) and was
    played with ``actions``."""
    first = None if start.first == start.seats[0] else start.first
    return Record(start.options, start.seed, tuple(actions), first)


def result_of(game: Game) -> str:
    if not game.over:
        return "*"
    return "won" if game.won else "lost"


def save_record(record: Record) -> str:
    """The record as text. It is replayed first, so an illegal action raises
    :class:`RecordError` here rather than when read back."""
    games = replay(record)
    o = record.options
    header = [FORMAT, VERSION, f"seed={record.seed}", "seats=" + ",".join(map(str, o.seats)),
              f"mode={o.mode}", f"order={o.order}", f"phantoms={o.start_phantoms}",
              f"keys={o.key_cards}", f"phantom-cards={o.phantom_cards}",
              f"key-cards={o.key_cards_in_box}"]
    if o.start_blocks is not None:
        header.append(f"blocks={o.start_blocks}")
    if record.first is not None:
        header.append(f"first={record.first}")
    header.append(f"result={result_of(games[-1])}")
    return "\n".join([" ".join(header), *map(format_action, record.actions)]) + "\n"


def _int(number: int, key: str, value: str) -> int:
    if not value.lstrip("-").isdigit() or len(value) > 20:
        raise RecordError(f"line {number}: {key} must be a whole number, not {value!r}")
    return int(value)


def load_record(text: str) -> Record:
    """The :class:`Record` in ``text``; the actions are read, not yet checked."""
    head, fields, lines = read_frame(
        text, fmt=FORMAT, version=VERSION,
        game="S.Y.N.C.", keys=FIELDS,
        example="seed=...", error=RecordError)
    try:
        seats = tuple(_int(head, "a seat", s) for s in fields.get("seats", "1,2,3").split(","))
        options = Options(
            seats=seats, mode=Mode(fields.get("mode", "automatic")),
            order=Order(fields.get("order", "clockwise")),
            start_phantoms=_int(head, "phantoms", fields.get("phantoms", "3")),
            key_cards=_int(head, "keys", fields.get("keys", "3")),
            start_blocks=None if "blocks" not in fields else _int(head, "blocks",
                                                                  fields["blocks"]),
            phantom_cards=_int(head, "phantom-cards", fields.get("phantom-cards", "60")),
            key_cards_in_box=_int(head, "key-cards", fields.get("key-cards", "120")))
    except ValueError as error:
        raise RecordError(f"line {head}: {error}") from None
    first = fields.get("first")
    actions = []
    for number, line in lines:
        try:
            actions.append(parse_action(line))
        except NotationError as error:
            raise RecordError(f"line {number}: {error}") from None
    return Record(options, _int(head, "seed", fields.get("seed", "0")), tuple(actions),
                  None if first is None else _int(head, "first", first))


def replay(record: Record) -> list[Game]:
    """The game after each action, the start first. Raises :class:`RecordError`
    naming the first action the rules refuse."""
    try:
        games = [new_game(record.options, record.seed, record.first)]
    except SetupError as error:
        raise RecordError(f"the header's set-up: {error}") from None
    for count, action in enumerate(record.actions, start=1):
        problem = check(games[-1], action)
        if problem:
            raise RecordError(f"action {count} ({format_action(action)}): {problem}")
        games.append(play(games[-1], action))
    return games
