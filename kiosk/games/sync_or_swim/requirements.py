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

from kiosk.i18n import _, per_language

from . import words as w
from .cards import Card, Colour, Side


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
        return _(w.NOUN[self.value])

    @property
    def nouns(self) -> str:
        return _(w.NOUNS[self.value])

    def word(self, value: object) -> str:
        """How a value of this attribute reads in a sentence: 'blue', '7', 'left hand'."""
        if isinstance(value, Side):
            return _(w.SIDE["hand" if self is Attr.HAND else "foot", value.value])
        if isinstance(value, Colour):
            return w.colour_name(value.value)
        if value in ("even", "odd"):
            return w.value_words(str(value), 0)
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

    @per_language
    def text(self) -> str:
        if self.kind == "exact":
            return f"{self.n}"
        return w.value_words(self.kind, self.n)


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
            return _("{card} is grey, which never counts as a colour").format(card=card)
        if self.colour not in (None, "any") and card.colour.value != self.colour:
            return _(w.NOT_COLOUR[self.colour]).format(card=card)
        if self.value is not None and not self.value.test(card.value):
            return _("{card} is not {value}").format(
                card=card, value=w.value_words(self.value.kind, self.value.n))
        for limb, want, got in (("hand", self.hand, card.hand), ("foot", self.foot, card.foot)):
            if want == "any" and got is None:
                return _(w.NO_ICON[limb]).format(card=card)
            if want == "none" and got is not None:
                return _(w.AN_ICON[limb]).format(card=card)
            if want not in (None, "any", "none") and (got is None or got.value != want):
                return _(w.NOT_THE_ICON[limb, want]).format(card=card)
        return None

    def matches(self, card: Card) -> bool:
        return self.failure(card) is None

    @per_language
    def text(self) -> str:
        """What a card must be, without the noun: '7 or higher blue with a hand icon'."""
        return w.qualities(self.colour_words(False), self.value_words(False), self.icon_words)

    def phrase(self, plural: bool) -> str:
        """The card with its words, no count: '7 or higher blue card with a hand icon'."""
        return w.card_phrase(self.colour_words(plural), self.value_words(plural),
                             self.icon_words, plural)

    def value_words(self, plural: bool) -> str:
        """'7', '7 or higher', 'even' (any value: nothing, just 'a card')."""
        if self.value is None or self.value.kind == "any":
            return ""
        if self.value.kind == "exact":
            return str(self.value.n)
        return w.value_words(self.value.kind, self.value.n, plural)

    def colour_words(self, plural: bool) -> str:
        return "" if self.colour is None else w.colour_adjective(self.colour, plural)

    @per_language
    def icon_words(self) -> str:
        """Icons, which read after 'card': 'with a hand icon'."""
        words = [_(w.WITH_ICON[limb, want])
                 for limb, want in (("hand", self.hand), ("foot", self.foot)) if want]
        if len(words) == 2:
            return _("{first} and {second}").format(first=words[0], second=words[1])
        return "".join(words)


@dataclass(frozen=True)
class Relations:
    """``same`` / ``different`` attributes and ``sequential`` values among some cards."""

    same: tuple[Attr, ...] = ()
    different: tuple[Attr, ...] = ()
    sequential: bool = False

    @cached_property
    def is_empty(self) -> bool:
        return not (self.same or self.different or self.sequential)

    @per_language
    def text(self) -> str:
        words = [_("same {noun}").format(noun=a.noun) for a in self.same]
        words += [_("different {nouns}").format(nouns=a.nouns) for a in self.different]
        if self.sequential:
            words.append(_("sequential"))
        return ", ".join(words)

    def compared_with(self, whom: str) -> str:
        """'same colour as the others', 'different values from the neighbours'
        (``whom``: "the others" or "the neighbours")."""
        words = [_(w.WHOM_SAME[whom]).format(noun=a.noun) for a in self.same]
        words += [_(w.WHOM_DIFFERENT[whom]).format(nouns=a.nouns) for a in self.different]
        if self.sequential:
            words.append(_(w.WHOM_SEQUENTIAL[whom]))
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

    @per_language
    def text(self) -> str:
        """A short description for reasons and the detail view, unless a label is given."""
        if self.label:
            return _(self.label)
        if self.cards is not None and self.cards.kind == "exact" and self.cards.n == 0:
            return _("no card")
        parts = []
        kind, n = (None, 0) if self.cards is None else (self.cards.kind, self.cards.n)
        parts.append(w.counted(kind, n, self.each.phrase(False), self.each.phrase(True)))
        if self.forbid is not None:
            parts.append(_("none {card}").format(card=self.forbid.text))
        if not self.within.is_empty:
            parts.append(self.within.text)
        if not self.across.is_empty:
            parts.append(self.across.compared_with("the others"))
        if not self.neighbors.is_empty:
            parts.append(self.neighbors.compared_with("the neighbours"))
        return ", ".join(parts)


OTHERS = 0
"""Role size meaning "all other swimmers"."""


@dataclass(frozen=True)
class Role:
    """One part of a split element: ``size`` swimmers (or OTHERS) meet ``clause``."""

    size: int
    clause: Clause
    second: bool = False  # "a second swimmer": the next one-swimmer role after the first

    @per_language
    def text(self) -> str:
        who = (_(w.WHO[self.size]) if self.size in w.WHO
               else _("{n} swimmers").format(n=self.size))
        if self.second:
            who = _("a second swimmer")
        return _("{who}: {clause}").format(who=who, clause=self.clause.text)


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

    @per_language
    def summary(self) -> str:
        if self.text:
            return _(self.text)
        if self.mode is Mode.SPLIT:
            return "; ".join(r.text for r in self.roles)
        joined = (" " + _("OR") + " ").join(o.text for o in self.options)
        if self.mode is Mode.EACH:
            return _("each swimmer: {options}").format(options=joined)
        return _("the team: {options}").format(options=joined)


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
