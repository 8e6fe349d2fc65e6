"""Generated layouts for fuzzing ``kiosk judge``, each with the exit class it must get.

A seeded generator (``cases(seed, count)``) so every failure replays exactly:

- ``valid``: layouts that follow ``docs/judge.md`` (campaign rounds, element ids, whole
  elements and twists copied from ``elements.toml``, choices, 3-6 seats in any order,
  0-10 cards a lane), some re-encoded (indent, key order, BOM, seat numbers in quotes).
  Exit 0 or 1 with the verdict on stdout.
- ``win``: valid layouts whose cards the solver chose to meet everything: exit 0.
- ``invalid``: a valid layout with one mistake the schema must refuse wherever it is: an
  unknown key at any level, a value of another JSON type, a required key deleted, a huge
  number, deep nesting, a long string, a control character or a NUL byte, a seat or key
  named twice, too many seats, cards, elements or twists, twists beside a routine, a
  non-object, a file over the size limit, bytes that are not UTF-8. Exit 2, one line.
- ``any``: random JSON values, byte-level damage, deleted optional keys, other numbers:
  exit 0/1 (verdict) or 2 (one line) as the input turns out.
"""

from __future__ import annotations

import copy
import json
import random
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.games.sync_or_swim.content import parse_element
from kiosk.games.sync_or_swim.layout import MAX_LAYOUT_BYTES
from kiosk.games.sync_or_swim.library import load_content
from kiosk.games.sync_or_swim.requirements import Mode
from kiosk.games.sync_or_swim.solver import OutOfBudget, Solver

CONFIG = Path(__file__).resolve().parents[2] / "config"
CONTENT = load_content(CONFIG)
RAW_ELEMENTS = tomllib.loads((CONFIG / "sync_or_swim" / "elements.toml").read_text())["element"]
RAW_TWISTS = tomllib.loads((CONFIG / "sync_or_swim" / "twists.toml").read_text())["twist"]
DECK = [str(card) for card in CONTENT.deck.for_players(6)]
# Keys valid nowhere in a layout (no digits-only key: "3" is a valid lane).
BAD_KEYS = ["sequentail", "colur", "neighbours", "Seats", "", " ", "x", "élément", "0x1",
            "-1", "1.5", "__proto__", "role ", "twist", "option\u00a0", "cards\t"]
ODD_TYPES = [None, True, 1.5, [], {}, "x?"]  # never valid where another type was
CONTROL = ["\x00", "\x01", "\x1f", "\n", "\x7f", "\x85", "\u2028", "\ud800"]


@dataclass(frozen=True)
class Case:
    name: str
    data: bytes
    expect: str  # "valid", "win", "invalid" or "any"

    def __repr__(self) -> str:
        shown = self.data[:300] + (b"..." if len(self.data) > 300 else b"")
        return f"Case({self.name!r}, expect={self.expect!r}, data={shown!r})"


def encode(value: Any) -> bytes:
    return json.dumps(value).encode()


# ---------------------------------------------------------------- valid layouts

def _cards(rng: random.Random, seats: list[int], lanes: int) -> dict:
    cards = {}
    for seat in seats:
        if rng.random() < 0.1:
            continue  # a seat that played nothing
        cards[str(seat)] = {
            str(lane): [rng.choice(DECK) for _ in range(rng.choice((0, 1, 1, 1, 2, 3, 10)))]
            for lane in range(1, lanes + 1) if rng.random() < 0.9}
    return cards


def valid_layout(rng: random.Random, winning: bool = False) -> tuple[dict, bool]:
    """A layout following the schema, and whether its cards are known to win."""
    seats = rng.sample(range(1, 7), rng.randint(3, 6))
    captain = rng.choice(seats)
    layout: dict[str, Any] = {"seats": seats, "captain": captain}
    if rng.random() < 0.3:
        number = rng.randint(1, len(CONTENT.campaign))
        routine = CONTENT.routine(number)
        round_number = rng.randint(1, 6)
        layout["routine"] = number if rng.random() < 0.5 else routine.id
        layout["round"] = round_number
        elements = list(routine.elements_in_round(round_number))
        twists = list(routine.twists_in_round(round_number))
    else:
        raw_elements, elements = [], []
        for _ in range(rng.randint(1, 5)):
            raw = rng.choice(RAW_ELEMENTS)
            raw_elements.append(copy.deepcopy(raw) if rng.random() < 0.4 else raw["id"])
            elements.append(parse_element(raw, "fuzz"))
        layout["elements"] = raw_elements
        twists = []
        if rng.random() < 0.5:
            raw_twists = rng.sample(RAW_TWISTS, rng.randint(0, 2))
            layout["twists"] = [copy.deepcopy(t) if rng.random() < 0.4 else t["id"]
                                for t in raw_twists]
            twists = [CONTENT.twists[t["id"]] for t in raw_twists]
    if winning:
        try:
            table = Solver(CONTENT.deck.for_players(len(seats)), rng, 2_000).solve(
                seats, captain, elements, twists)
        except OutOfBudget:
            table = None
        if table is not None:
            layout["cards"] = {}
            for (seat, lane), played in table.plays.items():
                layout["cards"].setdefault(str(seat), {})[str(lane)] = [str(c) for c in played]
            return layout, True
    lanes = min(5, len(elements) + (1 if rng.random() < 0.2 else 0))
    layout["cards"] = _cards(rng, seats, lanes)
    choosable = [lane for lane, e in enumerate(elements, 1)
                 if e.mode is Mode.TEAM and len(e.options) > 1]
    if choosable and rng.random() < 0.6:
        layout["choices"] = {str(lane): rng.randint(1, len(elements[lane - 1].options))
                             for lane in choosable if rng.random() < 0.7}
    if rng.random() < 0.2:
        layout["comment"] = "fuzz: " + "é" * rng.randint(0, 50)
    return layout, False


def _reencode(rng: random.Random, layout: dict) -> bytes:
    """The same layout written another legal way."""
    layout = copy.deepcopy(layout)
    if rng.random() < 0.5:
        layout["seats"] = [str(s) for s in layout["seats"]]
        layout["captain"] = str(layout["captain"])
    items = list(layout.items())
    rng.shuffle(items)
    text = json.dumps(dict(items), indent=rng.choice((None, 1, 4)),
                      ensure_ascii=rng.random() < 0.5)
    return (b"\xef\xbb\xbf" if rng.random() < 0.3 else b"") + text.encode()


# ---------------------------------------------------------------- where things are

def nodes(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nodes(item, (*path, i))


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def _delete(data: dict, path: tuple) -> dict:
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return data


def _required(layout: dict) -> list[tuple]:
    """Paths of keys the schema cannot do without."""
    found = [("seats",), ("captain",), ("cards",)]
    if "routine" in layout:
        found.append(("round",))
    for path, node in nodes(layout):
        if not isinstance(node, dict) or not path:
            continue
        if path[0] == "elements" and len(path) == 2:
            found += [(*path, key) for key in ("id", "name", "mode")]
        elif path[0] == "twists" and len(path) == 2:
            found += [(*path, key) for key in ("id", "name", "text")]
        elif path[0] == "elements" and len(path) == 4 and path[2] == "role":
            found.append((*path, "swimmers"))
    return found


# ---------------------------------------------------------------- mistakes

def _unknown_key(rng, layout):
    dicts = [path for path, node in nodes(layout) if isinstance(node, dict)]
    path = rng.choice(dicts)
    target = copy.deepcopy(layout)
    node = target
    for step in path:
        node = node[step]
    node[rng.choice(BAD_KEYS)] = rng.choice([True, 1, "x", [], {}, None])
    return encode(target)


def _wrong_type(rng, layout):
    path, node = rng.choice([(p, n) for p, n in nodes(layout) if p])
    odd = [v for v in ODD_TYPES if type(v) is not type(node)]
    return encode(_set(layout, path, copy.deepcopy(rng.choice(odd))))


def _missing_key(rng, layout):
    return encode(_delete(layout, rng.choice(_required(layout))))


def _huge_number(rng, layout):
    ints = [p for p, n in nodes(layout) if isinstance(n, int) and not isinstance(n, bool)]
    path = rng.choice(ints)
    number = rng.choice((1, -1)) * 10 ** rng.randint(2, 60)
    if rng.random() < 0.3:  # as digits in quotes where digits are allowed
        number = str(abs(number))
    return encode(_set(layout, path, number))


def _deep(rng, layout):
    """A node wrapped in 9 to 3,000 lists and objects, written as text (json.dumps
    itself would hit the recursion limit)."""
    path, node = rng.choice([(p, n) for p, n in nodes(layout) if p])
    opens, closes = [], []
    for _ in range(rng.choice((rng.randint(9, 40), rng.randint(900, 3000)))):
        wrap = rng.random() < 0.5
        opens.append("[" if wrap else '{"k": ')
        closes.append("]" if wrap else "}")
    deep = "".join(opens) + json.dumps(node) + "".join(reversed(closes))
    return encode(_set(layout, path, "@@DEEP@@")).replace(b'"@@DEEP@@"', deep.encode())


def _long_string(rng, layout):
    strings = [p for p, n in nodes(layout) if isinstance(n, str)]
    text = rng.choice("ab é-") * rng.randint(1001, 20_000)
    if strings and rng.random() < 0.7:
        return encode(_set(layout, rng.choice(strings), text))
    return encode({**layout, text: 1})


def _control_char(rng, layout):
    char = rng.choice(CONTROL)
    strings = [p for p, n in nodes(layout) if isinstance(n, str)]
    if strings and rng.random() < 0.6:
        path = rng.choice(strings)
        old = dict(nodes(layout))[path]
        at = rng.randint(0, len(old))
        return encode(_set(layout, path, old[:at] + char + old[at:]))
    dicts = [(p, n) for p, n in nodes(layout) if isinstance(n, dict) and n]
    path, node = rng.choice(dicts)
    key = rng.choice(list(node))
    renamed = {(k + char if k == key else k): v for k, v in node.items()}
    return encode(_set(layout, path, renamed))


def _raw_bytes(rng, layout):
    data = bytearray(encode(layout))
    bad = rng.choice((b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80"))
    at = rng.randint(0, len(data))
    return bytes(data[:at] + bad + data[at:])


def _twice(rng, layout):
    choice = rng.random()
    if choice < 0.4:
        seats = layout["seats"]
        return encode({**layout, "seats": [*seats, rng.choice(seats)]})
    text = encode(layout)
    if choice < 0.7:  # a top-level key written twice
        key = rng.choice(list(layout))
        return b"{" + json.dumps(key).encode() + b": " + encode(layout[key]) + b", " + text[1:]
    seat = rng.choice(layout["seats"])  # a seat named twice: "2" and "02"
    cards = {**layout["cards"], str(seat): {}, f"0{seat}": {}}
    return encode({**layout, "cards": cards})


def _too_many(rng, layout):
    what = rng.choice(("seats", "few seats", "cards", "elements", "twists"))
    if what == "seats":
        return encode({**layout, "seats": list(range(1, rng.randint(7, 200)))})
    if what == "few seats":
        return encode({**layout, "seats": rng.sample(range(1, 7), rng.randint(0, 2))})
    if what == "cards":
        seat = str(rng.choice(layout["seats"]))
        lane = str(rng.randint(1, 5))
        cards = copy.deepcopy(layout["cards"])
        cards.setdefault(seat, {})[lane] = [rng.choice(DECK) for _ in range(rng.randint(11, 60))]
        return encode({**layout, "cards": cards})
    layout = {k: v for k, v in layout.items() if k not in ("routine", "round", "choices")}
    if what == "elements":
        return encode({**layout, "elements": [rng.choice(RAW_ELEMENTS)["id"]
                                              for _ in range(rng.randint(6, 40))]})
    return encode({**layout, "elements": ["E01"],
                   "twists": [rng.choice(RAW_TWISTS)["id"] for _ in range(rng.randint(6, 30))]})


def _misplaced(rng, layout):
    """Fields that were silently ignored before the schema."""
    if "routine" in layout:
        if rng.random() < 0.5:
            return encode({**layout, "twists": rng.choice(([], ["T02"], ["T99"]))})
        return encode({k: v for k, v in layout.items() if k != "round"})
    if rng.random() < 0.5:
        return encode({**layout, "round": rng.randint(1, 6)})
    return encode({**layout, "elements": ["E01"], "choices": {"1": 1}})


def _not_an_object(rng, layout):
    value = rng.choice((random_json(rng, 3), [layout], json.dumps(layout), None))
    return encode([value] if isinstance(value, dict) else value)


def _oversize(rng, layout):
    return encode(layout) + b" " * (MAX_LAYOUT_BYTES + 1)


MISTAKES = [_unknown_key, _wrong_type, _missing_key, _huge_number, _deep, _long_string,
            _control_char, _raw_bytes, _twice, _too_many, _misplaced, _not_an_object,
            _oversize]


# ---------------------------------------------------------------- anything at all

def random_json(rng: random.Random, depth: int) -> Any:
    kind = rng.randint(0, 7 if depth > 0 else 4)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice((0, 1, 3, 6, -1, 10 ** 20, 2 ** 31, 1.5, 1e308))
    if kind in (3, 4):
        return rng.choice(("", "1", "blue-3", "E13", "R01", "sequential", "x" * 50,
                           "\u00e9\u2603", "\x00", "99"))
    if kind in (5, 6):
        keys = ["seats", "captain", "cards", "elements", "routine", "round", "twists",
                "choices", "1", "2", "same", "mode", "role", "option", "x"]
        return {rng.choice(keys): random_json(rng, depth - 1) for _ in range(rng.randint(0, 5))}
    return [random_json(rng, depth - 1) for _ in range(rng.randint(0, 5))]


def _damaged(rng, layout):
    data = bytearray(encode(layout))
    for _ in range(rng.randint(1, 5)):
        at = rng.randrange(len(data))
        action = rng.random()
        if action < 0.4:
            data[at] = rng.randrange(256)
        elif action < 0.7:
            del data[at]
        else:
            data.insert(at, rng.choice(b'{}[]",:0123456789 -aeE\\'))
    return bytes(data)


def _other_numbers(rng, layout):
    ints = [p for p, n in nodes(layout) if isinstance(n, int) and not isinstance(n, bool)]
    return encode(_set(layout, rng.choice(ints), rng.randint(-3, 12)))


def _optional_gone(rng, layout):
    keys = [p for p, n in nodes(layout) if p and isinstance(p[-1], str)]
    return encode(_delete(layout, rng.choice(keys)))


def _random_top(rng, layout):
    return encode({key: (random_json(rng, 3) if rng.random() < 0.5 else value)
                   for key, value in layout.items()})


ANYTHING = [_damaged, _other_numbers, _optional_gone, _random_top]


def cases(seed: int, count: int) -> Iterator[Case]:
    """``count`` cases: about a quarter valid, half with one mistake, a quarter anything."""
    rng = random.Random(seed)
    for i in range(count):
        roll = rng.random()
        if roll < 0.25:
            layout, wins = valid_layout(rng, winning=rng.random() < 0.4)
            data = _reencode(rng, layout) if rng.random() < 0.3 else encode(layout)
            yield Case(f"{seed}/{i} valid", data, "win" if wins else "valid")
            continue
        layout, _ = valid_layout(rng)
        if roll < 0.75:
            mistake = rng.choice(MISTAKES)
            try:
                data = mistake(rng, layout)
            except IndexError:  # nothing of that kind in this layout (e.g. no int)
                data = _unknown_key(rng, layout)
            yield Case(f"{seed}/{i} {mistake.__name__[1:]}", data, "invalid")
        else:
            change = rng.choice(ANYTHING)
            try:
                data = change(rng, layout)
            except IndexError:
                data = _damaged(rng, layout)
            yield Case(f"{seed}/{i} {change.__name__[1:]}", data, "any")
