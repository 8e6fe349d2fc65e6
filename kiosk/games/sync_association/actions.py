"""What the team does, as small frozen values, and each one as a line of text.

Every action the table sends to the engine is one of these; :func:`format_action` and
:func:`parse_action` turn it into a record line and back (``NotationError`` for text
that is not an action).

>>> format_action(Choose(3, 2))
'choose 3 2'
>>> parse_action("block phantom 4")
Block(kind=<Target.PHANTOM: 'phantom'>, value=4)
>>> parse_action("lay 2 K17") == LayKey(2, 17)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class NotationError(ValueError):
    """Text that is not an action; the message shows the forms that are."""


class Target(StrEnum):
    """What a block token lies on."""

    PHANTOM = "phantom"  # that phantom cannot be chosen this round
    KEY = "key"          # that key card is ignored this round
    SEAT = "seat"        # that player's synchroniser does not count this round


class Mood(StrEnum):
    GREEN = "green"    # sure
    YELLOW = "yellow"  # torn between two
    RED = "red"        # no idea


@dataclass(frozen=True)
class LayKey:
    """Manual mode: ``seat`` lays key card ``card`` from their hand."""

    seat: int
    card: int


@dataclass(frozen=True)
class Block:
    """The first player lays a block token on a phantom (its number), a key card (its
    id) or a seat's synchroniser (the seat number)."""

    kind: Target
    value: int


@dataclass(frozen=True)
class Unblock:
    """A block token taken back before the choosing starts."""

    kind: Target
    value: int


@dataclass(frozen=True)
class StartChoosing:
    """The blocks are done; the synchronisers may be set."""


@dataclass(frozen=True)
class Choose:
    """``seat`` sets phantom ``number`` on their synchroniser (secret until the reveal);
    choosing again replaces the choice."""

    seat: int
    number: int


@dataclass(frozen=True)
class Lift:
    """``seat`` takes their choice back before the reveal."""

    seat: int


@dataclass(frozen=True)
class SetMood:
    """``seat`` shows a confidence colour (open to all), or none."""

    seat: int
    mood: Mood | None


@dataclass(frozen=True)
class Reveal:
    """Every counted synchroniser turned at once."""


@dataclass(frozen=True)
class Discard:
    """After a lost round: the team (the first player having the last word) moves open
    phantom ``number`` to the loss pile."""

    number: int


@dataclass(frozen=True)
class NextRound:
    """The table is laid for the next round."""


Action = (LayKey | Block | Unblock | StartChoosing | Choose | Lift | SetMood | Reveal
          | Discard | NextRound)

FORMS = ("lay SEAT K<card>", "block phantom|key|seat N", "unblock phantom|key|seat N",
         "start choosing", "choose SEAT NUMBER", "lift SEAT", "mood SEAT green|yellow|red|none",
         "reveal", "discard NUMBER", "next round")


def format_action(action: Action) -> str:
    match action:
        case LayKey(seat, card):
            return f"lay {seat} K{card}"
        case Block(kind, value):
            return f"block {kind} {value}"
        case Unblock(kind, value):
            return f"unblock {kind} {value}"
        case StartChoosing():
            return "start choosing"
        case Choose(seat, number):
            return f"choose {seat} {number}"
        case Lift(seat):
            return f"lift {seat}"
        case SetMood(seat, mood):
            return f"mood {seat} {mood or 'none'}"
        case Reveal():
            return "reveal"
        case Discard(number):
            return f"discard {number}"
        case NextRound():
            return "next round"
    raise NotationError(f"{action!r} is not an action")


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 6:
        raise NotationError(f"{word!r} is not a number")
    return int(word)


def parse_action(text: str) -> Action:
    """The action a record line names; :class:`NotationError` saying the forms if none."""
    words = text.split()
    try:
        return _parse(words)
    except NotationError as error:
        raise NotationError(f"{text.strip()!r}: {error}; an action is one of: "
                            + ", ".join(FORMS)) from None


def _parse(words: list[str]) -> Action:
    match words:
        case ["lay", seat, card] if card[:1] == "K":
            return LayKey(_number(seat), _number(card[1:]))
        case ["block" | "unblock" as verb, kind, value] if kind in set(Target):
            cls = Block if verb == "block" else Unblock
            return cls(Target(kind), _number(value))
        case ["start", "choosing"]:
            return StartChoosing()
        case ["choose", seat, number]:
            return Choose(_number(seat), _number(number))
        case ["lift", seat]:
            return Lift(_number(seat))
        case ["mood", seat, mood] if mood == "none" or mood in set(Mood):
            return SetMood(_number(seat), None if mood == "none" else Mood(mood))
        case ["reveal"]:
            return Reveal()
        case ["discard", number]:
            return Discard(_number(number))
        case ["next", "round"]:
            return NextRound()
    raise NotationError("not an action")
