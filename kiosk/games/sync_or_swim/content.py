"""Reading Element and Twist cards from TOML, checked on load.

Every error names the file, the card and the field, so a café owner editing
``config/sync_or_swim/elements.toml`` knows exactly what to fix::

    elements.toml: element 'E07', field 'value': '11+' is not a value (use 1-10, 7+, 3-, even, odd)

The format is documented, with examples, in ``docs/requirement-language.md``.
"""

from __future__ import annotations

from typing import Any

from .requirements import (
    OTHERS,
    Attr,
    CardTest,
    Clause,
    Element,
    Mode,
    Range,
    Relations,
    Role,
    Twist,
)

COLOURS = ("any", "blue", "yellow", "green", "gray")
SIDES = ("any", "left", "both", "right", "none")
CLAUSE_KEYS = {"cards", "colour", "value", "hand", "foot", "not", "within", "across",
               "neighbors", "label"}
CARD_KEYS = {"colour", "value", "hand", "foot"}
RELATION_KEYS = {"same", "different", "sequential"}
NEIGHBOR_KEYS = {"same", "different"}  # a run is across = { sequential = true }
ELEMENT_KEYS = {"id", "name", "mode", "text", "level", "option", "role"}
TWIST_KEYS = {"id", "name", "text", "every_lane", "sudden_depth", "extra_seconds", "level"}
MAX_OPTIONS = 4  # the rulebook's ORs have 2 or 3; a bound keeps the judge's time bounded
MAX_TEXT = 1000  # characters in a name, text or label
ONE_CARD = Range("exact", 1)


def brief(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short: an error line quotes what was written, not all of it."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class ContentError(ValueError):
    """A content file that cannot be used; the message says where and what to fix.

    ``ident`` and ``field`` (when known) let ``kiosk check`` find the line in the file.
    """

    def __init__(self, message: str, ident: str | None = None, field: str | None = None,
                 problem: str | None = None):
        super().__init__(message)
        self.ident, self.field = ident, field
        self.problem = problem or message  # the message without file, card and field


class _Where:
    """Builds error messages that name file, card and field."""

    def __init__(self, source: str, kind: str, ident: str) -> None:
        self.source, self.kind, self.ident = source, kind, ident

    def error(self, field: str, problem: str) -> ContentError:
        return ContentError(f"{self.source}: {self.kind} '{self.ident}', field '{field}': "
                            f"{problem}", self.ident, field, problem)


def parse_range(raw: Any, where: _Where, field: str, *, low: int, high: int) -> Range:
    """``7``, ``"7"``, ``"7+"``, ``"3-"``, ``"even"``, ``"odd"`` or ``"any"``."""
    hint = f"use {low}-{high}, {max(low, 1)}+, {high}-, even, odd or any"
    if isinstance(raw, bool):
        raise where.error(field, f"{brief(raw)} is not a number ({hint})")
    if isinstance(raw, int):
        text = str(raw)
    elif isinstance(raw, str):
        text = raw.strip().lower()
    else:
        raise where.error(field, f"{brief(raw)} is not a number ({hint})")
    if text in ("any", "even", "odd"):
        return Range(text)
    kind, digits = "exact", text
    if text.endswith("+"):
        kind, digits = "min", text[:-1]
    elif text.endswith("-"):
        kind, digits = "max", text[:-1]
    if not (digits.isascii() and digits.isdigit()) or not low <= int(digits) <= high:
        raise where.error(field, f"{brief(raw)} is not a value ({hint})")
    return Range(kind, int(digits))


def _choice(raw: Any, allowed: tuple[str, ...], where: _Where, field: str) -> str:
    if not isinstance(raw, str) or raw.lower() not in allowed:
        raise where.error(field, f"{brief(raw)} is not one of {', '.join(allowed)}")
    return raw.lower()


def parse_card_test(raw: dict, where: _Where, prefix: str = "") -> CardTest:
    for key in raw:
        if key not in CARD_KEYS:
            raise where.error(prefix + key, f"unknown field (use {', '.join(sorted(CARD_KEYS))})")
    return CardTest(
        colour=_choice(raw["colour"], COLOURS, where, prefix + "colour")
        if "colour" in raw else None,
        value=parse_range(raw["value"], where, prefix + "value", low=1, high=10)
        if "value" in raw else None,
        hand=_choice(raw["hand"], SIDES, where, prefix + "hand") if "hand" in raw else None,
        foot=_choice(raw["foot"], SIDES, where, prefix + "foot") if "foot" in raw else None,
    )


def _attrs(raw: Any, where: _Where, field: str) -> tuple[Attr, ...]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        raise where.error(field, "give an attribute or a list of them")
    names = ", ".join(a.value for a in Attr)
    attrs: list[Attr] = []
    for item in items:
        if not isinstance(item, str) or item.lower() not in tuple(a.value for a in Attr):
            raise where.error(field, f"{brief(raw)}: compare one of {names}")
        if Attr(item.lower()) in attrs:
            raise where.error(field, f"{item!r} is listed twice; name it once")
        attrs.append(Attr(item.lower()))
    return tuple(attrs)


def parse_relations(raw: Any, where: _Where, field: str) -> Relations:
    """``within``, ``across`` or ``neighbors`` (the last part of ``field``).

    Neighbors compare same or different only: the judge has no run between neighbors,
    so ``neighbors.sequential`` is refused rather than silently ignored.
    """
    if not isinstance(raw, dict):
        raise where.error(field, "must be a table like { same = \"colour\" }")
    allowed = NEIGHBOR_KEYS if field.endswith("neighbors") else RELATION_KEYS
    for key in raw:
        if key not in allowed:
            hint = ("; a run clockwise is across = { sequential = true }"
                    if key == "sequential" else "")
            raise where.error(f"{field}.{key}",
                              f"unknown field (use {', '.join(sorted(allowed))}){hint}")
    sequential = raw.get("sequential", False)
    if not isinstance(sequential, bool):
        raise where.error(f"{field}.sequential", "must be true or false")
    return Relations(
        same=_attrs(raw["same"], where, f"{field}.same") if "same" in raw else (),
        different=_attrs(raw["different"], where, f"{field}.different")
        if "different" in raw else (),
        sequential=sequential,
    )


def parse_clause(raw: dict, where: _Where, prefix: str = "",
                 default_cards: Range | None = ONE_CARD) -> Clause:
    """One clause. Fields outside CLAUSE_KEYS are refused, so typos do not pass silently."""
    for key in raw:
        if key not in CLAUSE_KEYS:
            raise where.error(prefix + key, f"unknown field (use {', '.join(sorted(CLAUSE_KEYS))})")
    cards = (parse_range(raw["cards"], where, prefix + "cards", low=0, high=5)
             if "cards" in raw else default_cards)
    forbid = None
    if "not" in raw:
        if not isinstance(raw["not"], dict) or not raw["not"]:
            raise where.error(prefix + "not", "must be a table like { hand = \"any\" }")
        forbid = parse_card_test(raw["not"], where, prefix + "not.")
    clause = Clause(
        cards=cards,
        each=parse_card_test({k: raw[k] for k in CARD_KEYS if k in raw}, where, prefix),
        forbid=forbid,
        within=parse_relations(raw["within"], where, prefix + "within")
        if "within" in raw else Relations(),
        across=parse_relations(raw["across"], where, prefix + "across")
        if "across" in raw else Relations(),
        neighbors=parse_relations(raw["neighbors"], where, prefix + "neighbors")
        if "neighbors" in raw else Relations(),
        label=_text(raw, "label", where, prefix),
    )
    _check_clause(clause, where, prefix)
    return clause


def _check_clause(clause: Clause, where: _Where, prefix: str) -> None:
    n = clause.cards
    if n is not None and n.kind == "exact" and n.n == 0:
        extra = not clause.each.is_empty or clause.forbid or not (
            clause.within.is_empty and clause.across.is_empty and clause.neighbors.is_empty)
        if extra:
            raise where.error(prefix + "cards", "0 means 'play no card'; drop the other fields")
    if not clause.within.is_empty and n is not None and n.kind in ("exact", "max") and n.n < 2:
        raise where.error(prefix + "within", "relations among a swimmer's own cards need "
                                             "cards = 2 or more")
    if clause.across.sequential and (n is None or n.kind != "exact" or n.n != 1):
        raise where.error(prefix + "across.sequential", "a run across swimmers needs cards = 1")


def _text(raw: dict, key: str, where: _Where, prefix: str = "") -> str:
    """An optional words field (name, text, label): a string of at most MAX_TEXT."""
    value = raw.get(key, "")
    if not isinstance(value, str):
        raise where.error(prefix + key, f"must be words in quotes, not {brief(value)}")
    if len(value) > MAX_TEXT:
        raise where.error(prefix + key, f"is {len(value)} characters long; keep it under "
                                        f"{MAX_TEXT}")
    return value


def _table_list(raw: dict, key: str, where: _Where) -> list[dict]:
    items = raw.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise where.error(key, f"write each one as a [[...{key}]] table")
    return items


def _card_start(raw: Any, source: str, kind: str, required: tuple[str, ...],
                allowed: set[str]) -> tuple[_Where, str, int]:
    """Where errors point, the id and the level, shared by elements and twists.

    Fields outside ``allowed`` are refused first, so a typo is named as a typo.
    """
    if not isinstance(raw, dict):
        raise ContentError(f"{source}: each {kind} must be a table of fields, not {brief(raw)}",
                           None, None, f"each {kind} must be a table of fields, not {brief(raw)}")
    ident = raw.get("id", "?")
    where = _Where(source, kind, ident if isinstance(ident, str) else repr(ident))
    if not isinstance(ident, str) or not ident.strip() or len(ident) > 40:
        raise where.error("id", "must be a short name in quotes, like \"CAFE1\"")
    for key in raw:
        if key not in allowed:
            raise where.error(key, f"unknown field (use {', '.join(sorted(allowed))})")
    for key in required:
        if key not in raw:
            raise where.error(key, "is missing")
    for key in ("name", "text"):
        _text(raw, key, where)
    level = raw.get("level", 1)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 5:
        raise where.error("level", "must be a whole number from 1 to 5")
    return where, ident, level


def parse_element(raw: Any, source: str) -> Element:
    """One element. The judge's layout files (:mod:`.layout`) use this same function, so
    an element is checked the same way in ``elements.toml`` and in ``kiosk judge``."""
    where, ident, level = _card_start(raw, source, "element", ("id", "name", "mode"),
                                      ELEMENT_KEYS | CLAUSE_KEYS)
    mode_text = _choice(raw["mode"], tuple(m.value for m in Mode), where, "mode")
    mode = Mode(mode_text)
    base = {k: v for k, v in raw.items()
            if k not in ELEMENT_KEYS}
    options: tuple[Clause, ...] = ()
    roles: tuple[Role, ...] = ()
    if mode is Mode.SPLIT:
        if "option" in raw or base:
            raise where.error("role", "a split element lists its roles as [[element.role]] only")
        roles = _parse_roles(_table_list(raw, "role", where), where)
    else:
        if "role" in raw:
            raise where.error("role", "roles need mode = \"split\"")
        option_list = _table_list(raw, "option", where)
        if len(option_list) > MAX_OPTIONS:
            raise where.error("option", f"{len(option_list)} options: an element may offer "
                                        f"at most {MAX_OPTIONS}")
        if option_list and base:
            raise where.error("option", "put the fields inside each [[element.option]] only")
        items = option_list or [base]
        options = tuple(parse_clause(o, where, f"option {i + 1}: " if option_list else "")
                        for i, o in enumerate(items))
        for i, clause in enumerate(options):
            label = f"option {i + 1}: " if option_list else ""
            if mode is Mode.EACH and not clause.across.is_empty:
                raise where.error(label + "across",
                                  "each swimmer plays alone: use mode = \"team\" for across")
            if mode is Mode.EACH and len(options) > 1 and not clause.neighbors.is_empty:
                raise where.error(label + "neighbors",
                                  "neighbours cannot mix with per-swimmer options")
    return Element(ident, str(raw["name"]), mode, options, roles, str(raw.get("text", "")),
                   level)


def _parse_roles(items: list[dict], where: _Where) -> tuple[Role, ...]:
    if len(items) < 2:
        raise where.error("role", "a split needs at least two roles, the last 'others'")
    roles = []
    for i, item in enumerate(items):
        prefix = f"role {i + 1}: "
        size = item.get("swimmers")
        body = {k: v for k, v in item.items() if k != "swimmers"}
        last = i == len(items) - 1
        if last and size != "others":
            raise where.error(prefix + "swimmers", "the last role must be swimmers = \"others\"")
        if not last and (isinstance(size, bool) or size not in (1, 2)):
            raise where.error(prefix + "swimmers", "must be 1 or 2 (or \"others\" for the last)")
        clause = parse_clause(body, where, prefix)
        if not clause.neighbors.is_empty:
            raise where.error(prefix + "neighbors", "roles cannot use neighbours")
        second = size == 1 and any(r.size == 1 for r in roles)
        roles.append(Role(OTHERS if last else int(size), clause, second))
    if sum(r.size for r in roles) > 2:
        raise where.error("role", "the fixed roles may take at most 2 swimmers, so that 3 "
                                  "swimmers can play")
    return tuple(roles)


def parse_twist(raw: Any, source: str) -> Twist:
    where, ident, level = _card_start(raw, source, "twist", ("id", "name", "text"),
                                      TWIST_KEYS)
    every_lane = None
    if "every_lane" in raw:
        if not isinstance(raw["every_lane"], dict):
            raise where.error("every_lane", "must be a table of clause fields")
        every_lane = parse_clause(raw["every_lane"], where, "every_lane.", default_cards=None)
        if not (every_lane.across.is_empty and every_lane.neighbors.is_empty):
            raise where.error("every_lane", "a twist's lane rule applies to each swimmer alone")
    sudden = raw.get("sudden_depth", False)
    if not isinstance(sudden, bool):
        raise where.error("sudden_depth", "must be true or false")
    extra = raw.get("extra_seconds", 0)
    if not isinstance(extra, int) or isinstance(extra, bool) or not -10 <= extra <= 30:
        raise where.error("extra_seconds", "must be a whole number from -10 to 30")
    return Twist(ident, str(raw["name"]), str(raw["text"]), every_lane, sudden, extra, level)


def parse_cards_file(data: dict, source: str) -> tuple[dict[str, Element], dict[str, Twist]]:
    """Elements (``[[element]]``) and twists (``[[twist]]``) of one file, ids unique."""
    elements: dict[str, Element] = {}
    twists: dict[str, Twist] = {}
    for key in data:
        if key not in ("element", "twist"):
            raise ContentError(f"{source}: unknown section '{key}' (use [[element]] or [[twist]])")
        if not isinstance(data[key], list) or not all(isinstance(i, dict) for i in data[key]):
            raise ContentError(f"{source}: section '{key}': write each one as a [[{key}]] "
                               f"table (two brackets)")
    for raw in data.get("element", []):
        element = parse_element(raw, source)
        if element.id in elements:
            raise _Where(source, "element", element.id).error("id", "is defined twice")
        elements[element.id] = element
    for raw in data.get("twist", []):
        twist = parse_twist(raw, source)
        if twist.id in twists:
            raise _Where(source, "twist", twist.id).error("id", "is defined twice")
        twists[twist.id] = twist
    return elements, twists
