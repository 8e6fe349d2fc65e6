"""The layout file read by ``kiosk judge``: one schema, checked in full before judging.

A layout is JSON (``docs/judge.md`` has the whole schema and its limits)::

    {
      "seats": [1, 2, 3, 4],          3 to 6 seats numbered 1-6, clockwise
      "captain": 1,
      "routine": 1, "round": 3,       elements and twist in force in that round ...
      "elements": ["E13", {...}],     ... or 1-5 elements by id or written out in full
      "twists": ["T02"],              optional, only with "elements"
      "choices": {"1": 2},            optional: the captain's pick (option 2) in lane 1
      "cards": {"1": {"1": ["blue-3"], "2": ["gray-4", "green-5-LH"]}, "2": {...}}
    }

Nothing is ignored: an unknown key at any level, a value of the wrong type or out of
its limits is refused with its path, so a typo can never turn a table IN SYNC::

    elements[0].neighbors.sequential: unknown field (use different, same) ...

Paths count list positions from 0, as JSON tools do: ``elements[0]`` is lane 1. An
element written out in full is checked by :func:`.content.parse_element`, the very
function that reads ``elements.toml``. The limits keep the judge's worst case small
(``benchmarks/judge.py`` times it at these limits).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardError
from .content import MAX_TEXT, ContentError, brief, parse_element, parse_twist
from .judge import Table
from .library import PLAYER_COUNTS, Content
from .requirements import Element, Mode, Twist
from .routines import ROUNDS

MIN_SEATS, MAX_SEATS = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]  # the game's 3 to 6 swimmers
SEAT_NUMBERS = (1, 6)  # the table's seats
LANES = 5  # lanes per seat, and so at most 5 elements
MAX_CARDS_PER_LANE = 10  # an element asks for at most 5
MAX_TWISTS = 5
MAX_LAYOUT_BYTES = 64 * 1024
MAX_DEPTH = 10  # a full layout nests 7 deep (elements[0].role[0].within.same)

TOP_KEYS = ("seats", "captain", "routine", "round", "elements", "twists", "choices",
            "cards", "comment")
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")


class LayoutError(ValueError):
    """A layout that cannot be judged: ``path`` (like ``cards.2.1[0]``) and the problem."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path, self.problem = path, problem


@dataclass(frozen=True)
class Layout:
    table: Table
    elements: tuple[Element, ...]
    twists: tuple[Twist, ...]
    choices: dict[int, int]  # lane -> option index (from 0)


def key_path(parent: str, key: str) -> str:
    """``parent.key``, or ``parent["odd key"]`` when the key is not plain."""
    if _PLAIN_KEY.fullmatch(key):
        return f"{parent}.{key}" if parent else key
    shown = json.dumps(key if len(key) <= 40 else key[:40] + "...")
    return f"{parent}[{shown}]"


def parse_layout(data: Any, content: Content) -> Layout:
    """The layout, or :class:`LayoutError` for the first thing wrong in it."""
    check_values(data)
    if not isinstance(data, dict):
        raise LayoutError("", "the layout must be a JSON object with seats, captain and "
                              "cards")
    for key in data:
        if key not in TOP_KEYS:
            raise LayoutError(key_path("", key),
                              f"unknown field (use {', '.join(sorted(TOP_KEYS))})")
    for key in ("seats", "captain", "cards"):
        if key not in data:
            raise LayoutError(key, "is missing; see docs/judge.md for a whole layout")
    if "comment" in data and not isinstance(data["comment"], str):
        raise LayoutError("comment", "must be words in quotes")
    seats = _seats(data["seats"])
    captain = _whole(data["captain"], "captain", *SEAT_NUMBERS, "a seat number")
    if captain not in seats:
        raise LayoutError("captain", f"seat {captain} is not in seats {list(seats)}")
    elements, twists = _rules(data, content)
    choices = _choices(data.get("choices", {}), elements)
    table = Table(seats, captain, _cards(data["cards"], seats))
    return Layout(table, elements, twists, choices)


def check_values(value: Any, path: str = "", depth: int = 1) -> None:
    """Every string short and printable, no key named twice, nesting within MAX_DEPTH.

    Done before the schema, so no later message can carry a control character, a lone
    surrogate (which cannot be printed) or a megabyte of text.
    """
    if isinstance(value, dict | list) and depth > MAX_DEPTH:
        raise LayoutError(path, f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        _check_text(value, path)
    elif isinstance(value, dict):
        repeated = getattr(value, "repeated", ())
        if repeated:
            raise LayoutError(key_path(path, repeated[0]), "this key appears twice in one "
                                                            "object; keep one")
        for key, item in value.items():
            _check_text(key, key_path(path, key[:40]))
            check_values(item, key_path(path, key), depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_values(item, f"{path}[{i}]", depth + 1)


def _check_text(text: str, path: str) -> None:
    if len(text) > MAX_TEXT:
        raise LayoutError(path, f"a text of {len(text)} characters; at most {MAX_TEXT} are "
                                "allowed")
    bad = _UNSAFE.search(text)
    if bad:
        raise LayoutError(path, f"holds the control character {bad.group()!r}; write plain "
                                "text")


def _whole(value: Any, path: str, low: int, high: int, what: str) -> int:
    """A whole number from low to high, given as a JSON number or as digits in quotes."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and re.fullmatch(r"[0-9]{1,9}", value):
        number = int(value)
    if number is None or not low <= number <= high:
        raise LayoutError(path, f"must be {what} from {low} to {high}, not {brief(value)}")
    return number


def _seats(raw: Any) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise LayoutError("seats", "list the seat numbers clockwise, e.g. [1, 2, 3, 4]")
    if not MIN_SEATS <= len(raw) <= MAX_SEATS:
        raise LayoutError("seats", f"Sync or Swim is played by {MIN_SEATS} to {MAX_SEATS} "
                                   f"swimmers, and this lists {len(raw)} seats (a custom "
                                   "element is judged for 3 to 6 too)")
    seats = tuple(_whole(s, f"seats[{i}]", *SEAT_NUMBERS, "a seat number")
                  for i, s in enumerate(raw))
    for seat in seats:
        if seats.count(seat) > 1:
            raise LayoutError("seats", f"lists seat {seat} twice: {list(seats)}")
    return seats


def _rules(data: Mapping, content: Content) -> tuple[tuple[Element, ...], tuple[Twist, ...]]:
    if "routine" in data:
        if "elements" in data:
            raise LayoutError("elements", "give either 'routine' and 'round' or 'elements', "
                                          "not both")
        if "twists" in data:
            raise LayoutError("twists", "a routine brings its own twist in its twist round; "
                                        "to judge other twists, list the round's elements "
                                        "in 'elements' and give 'twists' beside them")
        routine_key = data["routine"]
        if isinstance(routine_key, bool) or not isinstance(routine_key, int | str):
            raise LayoutError("routine", f"give a routine number or id, like 1 or \"R01\", "
                                         f"not {brief(routine_key)}")
        try:
            routine = content.routine(routine_key)
        except KeyError as error:
            raise LayoutError("routine", error.args[0]) from None
        if "round" not in data:
            raise LayoutError("round", f"is missing: give the round (1 to {ROUNDS}) being "
                                       "judged")
        round_number = _whole(data["round"], "round", 1, ROUNDS, "a round")
        return routine.elements_in_round(round_number), routine.twists_in_round(round_number)
    if "round" in data:
        raise LayoutError("round", "goes with 'routine'; with 'elements', every element "
                                   "listed is in force")
    raw_elements = data.get("elements")
    if not isinstance(raw_elements, list) or not raw_elements:
        raise LayoutError("elements", "give 'routine' and 'round', or 'elements': a list of "
                                      "element ids or whole elements, lane 1 first")
    if len(raw_elements) > LANES:
        raise LayoutError("elements", f"lists {len(raw_elements)} elements; a seat has "
                                      f"{LANES} lanes")
    raw_twists = data.get("twists", [])
    if not isinstance(raw_twists, list):
        raise LayoutError("twists", "must be a list of twist ids or whole twists, e.g. "
                                    "[\"T02\"]")
    if len(raw_twists) > MAX_TWISTS:
        raise LayoutError("twists", f"lists {len(raw_twists)} twists; at most {MAX_TWISTS}")
    elements = tuple(_card(e, f"elements[{i}]", content.elements, parse_element, "element")
                     for i, e in enumerate(raw_elements))
    twists = tuple(_card(t, f"twists[{i}]", content.twists, parse_twist, "twist")
                   for i, t in enumerate(raw_twists))
    return elements, twists


def _card(raw: Any, path: str, known: Mapping, parse, kind: str):
    """An element or twist: an id from the content, or written out in full."""
    if isinstance(raw, str):
        if raw not in known:
            raise LayoutError(path, f"no {kind} {brief(raw)} in the content (ids like "
                                    f"{', '.join(sorted(known)[:3])} ...)")
        return known[raw]
    if not isinstance(raw, dict):
        raise LayoutError(path, f"each {kind} must be an id or a JSON object, not {brief(raw)}")
    try:
        return parse(raw, path)
    except ContentError as error:
        raise LayoutError(_content_path(path, error.field), error.problem) from None


def _content_path(path: str, field: str | None) -> str:
    """``option 2: within.same`` (the TOML checker's words) as ``option[1].within.same``."""
    if not field:
        return path
    block = re.fullmatch(r"(option|role) (\d+): (.*)", field)
    if block:
        field = f"{block.group(1)}[{int(block.group(2)) - 1}].{block.group(3)}"
    return f"{path}.{field}"


def _choices(raw: Any, elements: tuple[Element, ...]) -> dict[int, int]:
    if not isinstance(raw, dict):
        raise LayoutError("choices", "must map a lane to the captain's option, e.g. "
                                     "{\"2\": 1}")
    choices = {}
    for key, option in raw.items():
        path = key_path("choices", key)
        lane = _whole(key, path, 1, LANES, "a lane")
        if lane in choices:
            raise LayoutError(path, f"lane {lane} is named twice")
        if lane > len(elements):
            raise LayoutError(path, f"lane {lane} has no element in force")
        element = elements[lane - 1]
        if element.mode is not Mode.TEAM or len(element.options) < 2:
            raise LayoutError(path, f"lane {lane}'s element {element.id} ({element.name}) "
                                    "has no captain's choice; only a team ... OR ... "
                                    "element does")
        choices[lane] = _whole(option, path, 1, len(element.options), "an option") - 1
    return choices


def _cards(raw: Any, seats: tuple[int, ...]) -> dict[tuple[int, int], tuple[Card, ...]]:
    if not isinstance(raw, dict):
        raise LayoutError("cards", "must map seat to lanes, e.g. {\"1\": {\"1\": [\"blue-3\"]}}")
    plays: dict[tuple[int, int], tuple[Card, ...]] = {}
    named: set[int] = set()
    for seat_key, lanes in raw.items():
        seat_path = key_path("cards", seat_key)
        seat = _whole(seat_key, seat_path, *SEAT_NUMBERS, "a seat number")
        if seat not in seats:
            raise LayoutError(seat_path, f"seat {seat} is not in seats {list(seats)}")
        if seat in named:
            raise LayoutError(seat_path, f"seat {seat} is named twice")
        named.add(seat)
        if not isinstance(lanes, dict):
            raise LayoutError(seat_path, "must map lanes to card lists, e.g. "
                                         "{\"1\": [\"blue-3\"]}")
        for lane_key, cards in lanes.items():
            path = key_path(seat_path, lane_key)
            lane = _whole(lane_key, path, 1, LANES, "a lane")
            if (seat, lane) in plays:
                raise LayoutError(path, f"lane {lane} is named twice")
            if not isinstance(cards, list):
                raise LayoutError(path, "must be a list of cards, e.g. [\"blue-3\"]")
            if len(cards) > MAX_CARDS_PER_LANE:
                raise LayoutError(path, f"{len(cards)} cards in one lane; at most "
                                        f"{MAX_CARDS_PER_LANE}")
            parsed = []
            for i, text in enumerate(cards):
                try:
                    parsed.append(Card.parse(text))
                except CardError as error:
                    raise LayoutError(f"{path}[{i}]", str(error)) from None
            plays[(seat, lane)] = tuple(parsed)
    return {key: cards for key, cards in plays.items() if cards}
