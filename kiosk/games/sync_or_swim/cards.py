"""Sync cards and their one short written form.

A Sync card has a colour (gray never counts as a colour), a value 1-10, and at most one
hand icon and one foot icon. The short form is used everywhere a card is written down:

>>> Card.parse("gray-10-BH-LF")
Card.parse('gray-10-BH-LF')
>>> str(Card.parse("Blue-7"))
'blue-7'
>>> Card.parse("blue-7").is_coloured
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property


class CardError(ValueError):
    """A card written in a form the kiosk cannot read."""


def colour_word(name: str) -> str:
    """A colour as players read it: the files' ``gray`` (the format of card names such
    as ``gray-4``) is written "grey" in sentences.

    >>> colour_word("gray"), colour_word("blue")
    ('grey', 'blue')
    """
    return "grey" if name == "gray" else name


class Colour(StrEnum):
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    GRAY = "gray"

    @property
    def letter(self) -> str:
        """One letter shown beside the colour, so colour-blind players can read it."""
        return self.value[0].upper()


class Side(StrEnum):
    """Which limb an icon shows: left, both or right."""

    LEFT = "left"
    BOTH = "both"
    RIGHT = "right"


HAND_CODES = {"LH": Side.LEFT, "BH": Side.BOTH, "RH": Side.RIGHT}
FOOT_CODES = {"LF": Side.LEFT, "BF": Side.BOTH, "RF": Side.RIGHT}
_HAND_NAMES = {side: code for code, side in HAND_CODES.items()}
_FOOT_NAMES = {side: code for code, side in FOOT_CODES.items()}

MIN_VALUE = 1
MAX_VALUE = 10


@dataclass(frozen=True)
class Card:
    """One Sync card; immutable and hashable, so equal cards compare equal."""

    colour: Colour
    value: int
    hand: Side | None = None
    foot: Side | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.colour, Colour):
            raise CardError(f"colour must be a Colour, not {self.colour!r}")
        if not isinstance(self.value, int) or not MIN_VALUE <= self.value <= MAX_VALUE:
            raise CardError(f"value must be a whole number from 1 to 10, not {self.value!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the short form ``colour-value[-icon...]`` (case of letters is ignored)."""
        if not isinstance(text, str) or not text.strip():
            raise CardError(f"{text!r} is not a card: write it like 'blue-7' or 'gray-10-BH-LF'")
        parts = text.strip().split("-")
        if len(parts) < 2:
            raise CardError(f"{text!r} is not a card: write it like 'blue-7' or 'gray-10-BH-LF'")
        try:
            colour = Colour(parts[0].lower())
        except ValueError:
            names = ", ".join(c.value for c in Colour)
            raise CardError(f"{text!r}: unknown colour {parts[0]!r} (use {names})") from None
        if not (parts[1].isascii() and parts[1].isdigit()) or not (
                MIN_VALUE <= int(parts[1]) <= MAX_VALUE):
            raise CardError(f"{text!r}: the value must be a number from 1 to 10")
        hand = foot = None
        for code in (p.upper() for p in parts[2:]):
            if code in HAND_CODES:
                if hand is not None:
                    raise CardError(f"{text!r}: a card shows at most one hand icon")
                hand = HAND_CODES[code]
            elif code in FOOT_CODES:
                if foot is not None:
                    raise CardError(f"{text!r}: a card shows at most one foot icon")
                foot = FOOT_CODES[code]
            else:
                raise CardError(f"{text!r}: unknown icon {code!r} (use LH BH RH LF BF RF)")
        return cls(colour, int(parts[1]), hand, foot)

    @property
    def is_coloured(self) -> bool:
        """Gray is not a colour for any colour requirement."""
        return self.colour is not Colour.GRAY

    @cached_property
    def short(self) -> str:
        icons = []
        if self.hand is not None:
            icons.append(_HAND_NAMES[self.hand])
        if self.foot is not None:
            icons.append(_FOOT_NAMES[self.foot])
        return "-".join([self.colour.value, str(self.value), *icons])

    @cached_property
    def sort_key(self) -> tuple[int, int, int, int]:
        """Orders cards by value, then colour, then icons: how a hand is shown."""
        sides = list(Side)
        return (
            self.value,
            list(Colour).index(self.colour),
            -1 if self.hand is None else sides.index(self.hand),
            -1 if self.foot is None else sides.index(self.foot),
        )

    def __str__(self) -> str:
        return self.short

    def __repr__(self) -> str:
        return f"Card.parse({self.short!r})"


def parse_cards(texts: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse several short forms; the error names the first bad one."""
    return tuple(Card.parse(t) for t in texts)
