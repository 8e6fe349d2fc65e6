"""The requirement language of Element and Twist cards, as plain values.

A *clause* says what one swimmer plays into one lane: how many cards, what every card
must be (``colour``, ``value``, ``hand``, ``foot``), what no card may be (``not``), and
how cards relate — among the swimmer's own cards (``within``), across the swimmers who
play the clause together (``across``), and with the swimmers either side (``neighbors``).

An *element* puts clauses together in one of three modes:

- ``each``: every swimmer meets the clause on their own; with several ``options`` each
  swimmer picks one for themselves (the rulebook's "single swimmer ... OR ...").
- ``team``: all swimmers play the clause, and ``across`` relations span the whole team;
  with several ``options`` the captain picks one for everybody (reported by the judge).
- ``split``: roles — "one swimmer", "a second swimmer", "two swimmers" and "all others".
  A swimmer whose cards fit several roles still fills only one.

Parsing from TOML lives in :mod:`.content`; judging in :mod:`.judge`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from .cards import Card, Colour, Side, colour_word


class Attr(StrEnum):
    """What ``same`` / ``different`` compare. Gray has no colour; a card may lack icons."""

    COLOUR = "colour"
    VALUE = "value"
    PARITY = "parity"
    HAND = "hand"
    FOOT = "foot"

    def of(self, card: Card) -> object | None:
        """The card's attribute, or None when the card does not have one (gray, no icon)."""
        return _GETTERS[self.value](card)

    @property
    def getter(self) -> Callable[[Card], object | None]:
        """:meth:`of` as a plain function, five times faster in a loop over many cards."""
        return _GETTERS[self.value]

    @property
    def noun(self) -> str:
        return {"colour": "colour", "value": "value", "parity": "parity",
                "hand": "hand icon", "foot": "foot icon"}[self.value]

    def word(self, value: object) -> str:
        """How a value of this attribute reads in a sentence: 'blue', '7', 'left hand'."""
        if isinstance(value, Side):
            return f"{value.value} {'hand' if self is Attr.HAND else 'foot'}"
        if isinstance(value, Colour):
            return value.value
        return str(value)


_GETTERS: dict[str, Callable[[Card], object | None]] = {
    "colour": lambda card: card.colour if card.colour is not Colour.GRAY else None,
    "value": lambda card: card.value,
    "parity": lambda card: "even" if card.value % 2 == 0 else "odd",
    "hand": lambda card: card.hand,
    "foot": lambda card: card.foot,
}


@dataclass(frozen=True)
class Range:
    """A number rule: exact ``n``, ``n+`` (that or higher), ``n-`` (that or lower), even, odd.

    Used for card values and for how many cards a swimmer plays.
    """

    kind: str  # "any" | "exact" | "min" | "max" | "even" | "odd"
    n: int = 0

    def test(self, x: int) -> bool:
        if self.kind == "exact":
            return x == self.n
        if self.kind == "min":
            return x >= self.n
        if self.kind == "max":
            return x <= self.n
        if self.kind == "even":
            return x % 2 == 0
        if self.kind == "odd":
            return x % 2 == 1
        return True

    @cached_property
    def text(self) -> str:
        return {"any": "any number", "exact": f"{self.n}", "min": f"{self.n} or higher",
                "max": f"{self.n} or lower", "even": "even", "odd": "odd"}[self.kind]


ANY = Range("any")


@dataclass(frozen=True)
class CardTest:
    """What a single card must show. ``colour``: a colour name, ``any`` (not gray) or
    None; ``hand``/``foot``: ``any``, ``left``, ``both``, ``right``, ``none`` or None."""

    colour: str | None = None
    value: Range | None = None
    hand: str | None = None
    foot: str | None = None

    @cached_property
    def is_empty(self) -> bool:
        return self.colour is None and self.value is None and self.hand is None and (
            self.foot is None)

    def failure(self, card: Card) -> str | None:
        """Why the card does not pass, as a phrase about the card; None if it passes."""
        if self.colour == "any" and not card.is_coloured:
            return f"{card} is grey, which never counts as a colour"
        if self.colour not in (None, "any") and card.colour.value != self.colour:
            return f"{card} is not {colour_word(self.colour)}"
        if self.value is not None and not self.value.test(card.value):
            return f"{card} is not {_value_words(self.value)}"
        for limb, want, got in (("hand", self.hand, card.hand), ("foot", self.foot, card.foot)):
            if want == "any" and got is None:
                return f"{card} shows no {limb} icon"
            if want == "none" and got is not None:
                return f"{card} shows a {limb} icon"
            if want not in (None, "any", "none") and (got is None or got.value != want):
                return f"{card} does not show the {want} {limb} icon"
        return None

    def matches(self, card: Card) -> bool:
        return self.failure(card) is None

    @cached_property
    def text(self) -> str:
        return " ".join(w for w in (self.before_noun, self.after_noun) if w)

    @cached_property
    def before_noun(self) -> str:
        """Value and colour, which read before 'card': '7 or higher blue'."""
        words = []
        if self.value is not None and self.value.kind != "any":  # any value: just 'a card'
            exact = self.value.kind == "exact"
            words.append(str(self.value.n) if exact else _value_words(self.value))
        if self.colour == "any":
            words.append("coloured (not grey)")
        elif self.colour is not None:
            words.append(colour_word(self.colour))
        return " ".join(words)

    @cached_property
    def after_noun(self) -> str:
        """Icons, which read after 'card': 'with a hand icon'."""
        words = []
        for limb, want in (("hand", self.hand), ("foot", self.foot)):
            if want == "any":
                words.append(f"with a {limb} icon")
            elif want == "none":
                words.append(f"with no {limb} icon")
            elif want is not None:
                words.append(f"with the {want} {limb}")
        return " and ".join(words)


def _value_words(r: Range) -> str:
    return {"exact": f"a {r.n}", "min": f"{r.n} or higher", "max": f"{r.n} or lower",
            "even": "even", "odd": "odd", "any": "any number"}[r.kind]


@dataclass(frozen=True)
class Relations:
    """``same`` / ``different`` attributes and ``sequential`` values among some cards."""

    same: tuple[Attr, ...] = ()
    different: tuple[Attr, ...] = ()
    sequential: bool = False

    @cached_property
    def is_empty(self) -> bool:
        return not (self.same or self.different or self.sequential)

    @cached_property
    def text(self) -> str:
        words = [f"same {a.noun}" for a in self.same]
        words += [f"different {a.noun}s" for a in self.different]
        if self.sequential:
            words.append("sequential")
        return ", ".join(words)

    def compared_with(self, whom: str) -> str:
        """'same colour as the others', 'different values from the neighbors'."""
        words = [f"same {a.noun} as {whom}" for a in self.same]
        words += [f"different {a.noun}s from {whom}" for a in self.different]
        if self.sequential:
            words.append(f"sequential with {whom}")
        return ", ".join(words)


NO_RELATIONS = Relations()


@dataclass(frozen=True)
class Clause:
    """What one swimmer plays in one lane. ``cards`` None means any number of cards."""

    cards: Range | None = Range("exact", 1)
    each: CardTest = field(default_factory=CardTest)
    forbid: CardTest | None = None
    within: Relations = NO_RELATIONS
    across: Relations = NO_RELATIONS
    neighbors: Relations = NO_RELATIONS
    label: str = ""

    @cached_property
    def text(self) -> str:
        """A short description for reasons and the detail view, unless a label is given."""
        if self.label:
            return self.label
        if self.cards is not None and self.cards.kind == "exact" and self.cards.n == 0:
            return "no card"
        parts = []
        count = _count_words(self.cards)
        noun = "card" if count in ("1", "a") else "cards"
        before = self.each.before_noun
        if count == "a" and before[:1] in ("a", "e", "i", "o", "u", "8"):
            count = "an"  # an odd card, an 8 or higher card
        parts.append(" ".join(w for w in (count, before, noun, self.each.after_noun) if w))
        if self.forbid is not None:
            parts.append(f"none {self.forbid.text}")
        if not self.within.is_empty:
            parts.append(self.within.text)
        if not self.across.is_empty:
            parts.append(self.across.compared_with("the others"))
        if not self.neighbors.is_empty:
            parts.append(self.neighbors.compared_with("the neighbours"))
        return ", ".join(parts)


def _count_words(r: Range | None) -> str:
    if r is None:
        return "any number of"
    if r.kind == "exact":
        return "a" if r.n == 1 else str(r.n)
    if r.kind == "min":
        return f"{r.n} or more"
    if r.kind == "max":
        return f"up to {r.n}"
    return f"an {r.kind} number of"


OTHERS = 0
"""Role size meaning "all other swimmers"."""


@dataclass(frozen=True)
class Role:
    """One part of a split element: ``size`` swimmers (or OTHERS) meet ``clause``."""

    size: int
    clause: Clause
    second: bool = False  # "a second swimmer": the next one-swimmer role after the first

    @cached_property
    def text(self) -> str:
        who = {1: "one swimmer", 2: "two swimmers", OTHERS: "all others"}.get(
            self.size, f"{self.size} swimmers")
        if self.second:
            who = "a second swimmer"
        return f"{who}: {self.clause.text}"


class Mode(StrEnum):
    EACH = "each"
    TEAM = "team"
    SPLIT = "split"


@dataclass(frozen=True)
class Element:
    """An Element card. ``options`` for each/team (several = OR), ``roles`` for split."""

    id: str
    name: str
    mode: Mode
    options: tuple[Clause, ...] = ()
    roles: tuple[Role, ...] = ()
    text: str = ""
    level: int = 1

    @cached_property
    def summary(self) -> str:
        if self.text:
            return self.text
        if self.mode is Mode.SPLIT:
            return "; ".join(r.text for r in self.roles)
        joined = " OR ".join(o.text for o in self.options)
        return f"{'each swimmer' if self.mode is Mode.EACH else 'the team'}: {joined}"


@dataclass(frozen=True)
class Twist:
    """A lasting rule change from its round to the end of the routine.

    ``every_lane``: a clause every swimmer must also meet in every lane they play;
    ``sudden_depth``: after placing cards in a lane a swimmer passes their hand left;
    ``extra_seconds``: added to (or, negative, taken from) every later round's timer.
    A twist with none of these is a table rule the players keep themselves.
    """

    id: str
    name: str
    text: str
    every_lane: Clause | None = None
    sudden_depth: bool = False
    extra_seconds: int = 0
    level: int = 1
