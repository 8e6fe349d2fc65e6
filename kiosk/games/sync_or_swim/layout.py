"""The layout file read by ``kiosk judge``: a table, its elements, and the cards.

A layout is JSON::

    {
      "seats": [1, 2, 3, 4],          clockwise; a swimmer's left is the next seat
      "captain": 1,
      "routine": 1, "round": 3,       elements and twist in force in that round ...
      "elements": ["E13", {...}],     ... or elements by id, or written out in full
      "twists": ["T02"],              optional, with "elements"
      "choices": {"1": 2},            optional: the captain's pick (option 2) in lane 1
      "cards": {"1": {"1": ["blue-3"], "2": ["gray-4", "green-5-LH"]}, "2": {...}}
    }

An element written out in full uses the same fields as ``elements.toml``. Every error
is one line that says which part of the layout is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardError
from .content import ContentError, parse_element, parse_twist
from .judge import Table
from .library import Content
from .requirements import Element, Twist


class LayoutError(ValueError):
    """A layout that cannot be judged; the message names the part that is wrong."""


@dataclass(frozen=True)
class Layout:
    table: Table
    elements: tuple[Element, ...]
    twists: tuple[Twist, ...]
    choices: dict[int, int]


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise LayoutError(f"{what} must be a whole number, not {value!r}")
    try:
        return int(value)
    except ValueError:
        raise LayoutError(f"{what} must be a whole number, not {value!r}") from None


def parse_layout(data: Any, content: Content) -> Layout:
    if not isinstance(data, dict):
        raise LayoutError("the layout must be a JSON object with seats, captain and cards")
    known = {"seats", "captain", "routine", "round", "elements", "twists", "choices",
             "cards", "comment"}
    for key in data:
        if key not in known:
            raise LayoutError(f"unknown field '{key}' (use {', '.join(sorted(known))})")
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise LayoutError("'seats' must list the seat numbers clockwise, e.g. [1, 2, 3, 4]")
    seats = tuple(_int(s, "each seat") for s in seats_raw)
    if len(set(seats)) != len(seats):
        raise LayoutError(f"'seats' lists a seat twice: {list(seats)}")
    if "captain" not in data:
        raise LayoutError("'captain' is missing: give the captain's seat number")
    captain = _int(data["captain"], "'captain'")
    if captain not in seats:
        raise LayoutError(f"'captain' seat {captain} is not in 'seats' {list(seats)}")
    elements, twists = _rules(data, content)
    table = Table(seats, captain, _cards(data.get("cards"), seats))
    choices = {}
    for lane, option in (data.get("choices") or {}).items():
        lane_n, option_n = _int(lane, "a 'choices' lane"), _int(option, "a 'choices' option")
        if not 1 <= lane_n <= len(elements):
            raise LayoutError(f"'choices' names lane {lane_n}, which has no element")
        if not 1 <= option_n <= len(elements[lane_n - 1].options):
            raise LayoutError(f"'choices' lane {lane_n}: option {option_n} does not exist")
        choices[lane_n] = option_n - 1
    return Layout(table, elements, twists, choices)


def _rules(data: Mapping, content: Content) -> tuple[tuple[Element, ...], tuple[Twist, ...]]:
    if "routine" in data:
        if "elements" in data:
            raise LayoutError("give either 'routine' and 'round' or 'elements', not both")
        try:
            routine = content.routine(data["routine"])
        except KeyError as error:
            raise LayoutError(f"'routine': {error.args[0]}") from None
        round_number = _int(data.get("round", 1), "'round'")
        if not 1 <= round_number <= 6:
            raise LayoutError(f"'round' must be 1 to 6, not {round_number}")
        return routine.elements_in_round(round_number), routine.twists_in_round(round_number)
    raw_elements = data.get("elements")
    if not isinstance(raw_elements, list) or not raw_elements:
        raise LayoutError("give 'routine' and 'round', or 'elements' (ids or full elements)")
    try:
        elements = tuple(_one(e, content.elements, parse_element, "'elements'", "element")
                         for e in raw_elements)
        twists = tuple(_one(t, content.twists, parse_twist, "'twists'", "twist")
                       for t in data.get("twists", []))
    except ContentError as error:
        raise LayoutError(str(error)) from None
    return elements, twists


def _one(raw: Any, known: Mapping, parse, source: str, kind: str):
    if isinstance(raw, str):
        if raw not in known:
            raise LayoutError(f"no {kind} '{raw}' in the content (ids like "
                              f"{', '.join(sorted(known)[:3])} ...)")
        return known[raw]
    if isinstance(raw, dict):
        return parse(raw, source)
    raise LayoutError(f"each {kind} must be an id or a JSON object, not {raw!r}")


def _cards(raw: Any, seats: tuple[int, ...]) -> dict[tuple[int, int], tuple[Card, ...]]:
    if not isinstance(raw, dict):
        raise LayoutError("'cards' must map seat to lanes, e.g. {\"1\": {\"1\": [\"blue-3\"]}}")
    plays = {}
    for seat_key, lanes in raw.items():
        seat = _int(seat_key, "a 'cards' seat")
        if seat not in seats:
            raise LayoutError(f"'cards' has seat {seat}, which is not in 'seats' {list(seats)}")
        if not isinstance(lanes, dict):
            raise LayoutError(f"'cards' seat {seat} must map lanes to card lists")
        for lane_key, cards in lanes.items():
            lane = _int(lane_key, f"'cards' seat {seat} lane")
            if not 1 <= lane <= 5:
                raise LayoutError(f"'cards' seat {seat}: lane {lane} does not exist (1 to 5)")
            if not isinstance(cards, list):
                raise LayoutError(f"'cards' seat {seat} lane {lane} must be a list of cards")
            try:
                parsed = tuple(Card.parse(c) for c in cards)
            except CardError as error:
                raise LayoutError(f"'cards' seat {seat} lane {lane}: {error}") from None
            if parsed:
                plays[(seat, lane)] = parsed
    return plays
