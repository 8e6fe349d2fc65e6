"""Typed kiosk settings from ``config/kiosk.toml``, with errors a café can act on.

Loading either returns frozen settings or raises :class:`ConfigError` listing *every*
problem found, each naming the file, the line where it can be found, and the field:

    config/kiosk.toml:31: seats[2].button: pin 17 is already used by seats[1].button;
    give every pin one job

Array-of-table fields are numbered from 1 in messages (``seats[2]`` is the second
``[[seats]]`` table). More checks (decks, tag maps: ``kiosk check``) plug in as callables
``check(settings, problems)`` passed to :func:`load_settings`; they run once the base
settings are valid and report through ``problems.add(field, message)``.

>>> s = parse_settings({"pads": {"a": 5, "b": 6}, "seats": [{"seat": 1, "button": 17}]})
>>> s.gpio.seats[0].button, s.gpio.buttons.hold_s
(17, 3.0)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.tomlfile import (
    FieldPath,
    LineIndex,
    TomlFileError,
    format_field,
    one_line,
    read_toml,
    shown,
)

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "config" / "kiosk.toml"
SEAT_NUMBERS = range(1, 7)
GPIO_PINS = range(0, 28)  # BCM numbers on the 40-pin header
PULLS = ("up", "down", "none")


# ----------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class ButtonSettings:
    """Electrics and timing shared by all seat buttons."""

    pull: str = "up"  # "up" | "down" | "none"
    active_high: bool = False
    bounce_ms: int = 20
    hold_s: float = 3.0


@dataclass(frozen=True)
class LedSettings:
    """How LEDs are driven and how fast "blink" is."""

    active_high: bool = True
    blink_on_s: float = 0.4
    blink_off_s: float = 0.4


@dataclass(frozen=True)
class PadSettings:
    """The two stop pads: their pins, electrics and the two-finger stop's timing.

    ``bounce_ms`` only smooths the touched/released events (``kiosk diagnose``); the stop
    itself follows :mod:`kiosk.hardware.stop_rule`: two touches begun at most ``pair_ms``
    apart, a re-touch within ``chatter_ms`` of letting go is the same touch, and a pad
    touched longer than ``stuck_s`` is reported as stuck.
    """

    a: int
    b: int
    pull: str = "up"
    active_high: bool = False
    bounce_ms: int = 15
    pair_ms: int = 500
    chatter_ms: int = 60
    stuck_s: float = 5.0


@dataclass(frozen=True)
class SeatPins:
    """One seat's button and LEDs; an LED pin of None means that LED is not fitted."""

    seat: int
    button: int
    green_led: int | None = None
    yellow_led: int | None = None
    red_led: int | None = None


LED_KEYS = ("green_led", "yellow_led", "red_led")
OLD_LED_KEYS = {"ready_led": "green_led", "captain_led": "yellow_led", "failed_led": "red_led"}
"""Names the LED pins had before they were named by colour; still read, with a note."""


@dataclass(frozen=True)
class GpioSettings:
    seats: tuple[SeatPins, ...]
    pads: PadSettings
    buttons: ButtonSettings = ButtonSettings()
    leds: LedSettings = LedSettings()


@dataclass(frozen=True)
class ReaderBoard:
    """One reader board: its stable path, its seat, and antenna → lane numbers."""

    path: str
    seat: int
    antennas: tuple[tuple[int, int], ...]  # (antenna, lane) pairs, sorted by antenna

    def lane_for(self, antenna: int) -> int | None:
        """The lane an antenna watches, or None if it is not mapped."""
        return dict(self.antennas).get(antenna)


@dataclass(frozen=True)
class ReaderSettings:
    """The reader boards; ``kiosk.hardware.readers.SerialReaders`` opens and reads them."""

    boards: tuple[ReaderBoard, ...] = ()


@dataclass(frozen=True)
class KioskSettings:
    source: str
    gpio: GpioSettings
    readers: ReaderSettings = ReaderSettings()
    notes: tuple[str, ...] = ()  # what still works but should change (old field names)


def gpiozero_pull(pull: str, active_high: bool) -> tuple[bool | None, bool | None]:
    """``(pull_up, active_state)`` for gpiozero input devices.

    >>> gpiozero_pull("up", False), gpiozero_pull("none", True)
    ((True, None), (None, True))
    """
    if pull == "none":
        return None, active_high
    return pull == "up", None


# ----------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class Problem:
    source: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        field = f"{self.field}: " if self.field else ""
        return one_line(f"{where}: {field}{self.message}")


class ConfigError(ValueError):
    """The configuration cannot be used; ``problems`` lists everything that is wrong."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        head = f"{count} configuration problem{'s' if count != 1 else ''}:"
        super().__init__("\n  ".join([head, *map(str, self.problems)]))


class Problems:
    """Collects problems with file and line; handed to every check."""

    def __init__(self, source: str, text: str | None = None) -> None:
        self.source = source
        self._index = LineIndex(text) if text else None
        self._items: list[Problem] = []
        self.notes: list[Problem] = []

    def note(self, path: FieldPath, message: str) -> None:
        """Something that still works but should change; never stops loading."""
        line = self._index.line(path) if self._index is not None else None
        self.notes.append(Problem(self.source, line, format_field(path), message))

    def add(self, path: FieldPath, message: str, line: int | None = None) -> None:
        if line is None and self._index is not None:
            line = self._index.line(path)
        self._items.append(Problem(self.source, line, format_field(path), message))

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self._items)

    def raise_if_any(self) -> None:
        if self._items:
            raise ConfigError(self._items)


Check = Callable[[KioskSettings, Problems], None]


# ----------------------------------------------------------------------------- loading


def load_settings(
    path: str | Path = DEFAULT_PATH, *, checks: Iterable[Check] = ()
) -> KioskSettings:
    """Read, parse and check a kiosk TOML file; raise :class:`ConfigError` on any problem."""
    source = str(path)
    try:
        parsed = read_toml(path)
    except TomlFileError as error:
        raise ConfigError([Problem(source, line, "", message)
                           for line, message in error.problems]) from None
    return parse_settings(parsed.data, source=source, text=parsed.text, checks=checks)


def parse_settings(
    data: Mapping[str, Any],
    *,
    source: str = "<settings>",
    text: str | None = None,
    checks: Iterable[Check] = (),
) -> KioskSettings:
    """Build settings from already-parsed TOML data (``text`` only serves line numbers)."""
    problems = Problems(source, text)
    settings = _Parser(problems).settings(data, source)
    problems.raise_if_any()
    for check in checks:
        check(settings, problems)
    problems.raise_if_any()
    return settings


# ----------------------------------------------------------------------------- parser


_EMPTY: Mapping[str, Any] = {}


class _Parser:
    """Reads fields leniently: a bad field is reported and read as None, parsing goes on."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.led_fields: dict[tuple[int, str], str] = {}  # (seat table, new name) → key used

    def settings(self, data: Mapping[str, Any], source: str) -> KioskSettings:
        self.known(data, (), ("buttons", "leds", "pads", "seats", "readers"))
        seats = self.seats(data)
        gpio = GpioSettings(
            seats=seats,
            pads=self.pads(data),
            buttons=self.buttons(self.table(data, ("buttons",))),
            leds=self.leds(self.table(data, ("leds",))),
        )
        self.check_pins(gpio)
        readers = self.readers(data, {s.seat for s in seats if s.seat is not None})
        return KioskSettings(source=source, gpio=gpio, readers=readers,
                             notes=tuple(str(n) for n in self.problems.notes))

    # sections

    def buttons(self, t: Mapping[str, Any]) -> ButtonSettings:
        at = ("buttons",)
        self.known(t, at, ("pull", "active", "bounce_ms", "hold_s"))
        pull, active_high = self.electrics(t, at, default_pull="up")
        return ButtonSettings(
            pull=pull,
            active_high=active_high,
            bounce_ms=self.int(t, (*at, "bounce_ms"), 20, range(0, 1001)),
            hold_s=self.seconds(t, (*at, "hold_s"), 3.0),
        )

    def leds(self, t: Mapping[str, Any]) -> LedSettings:
        at = ("leds",)
        self.known(t, at, ("active", "blink_on_s", "blink_off_s"))
        active = self.choice(t, (*at, "active"), "high", ("high", "low"))
        return LedSettings(
            active_high=active == "high",
            blink_on_s=self.seconds(t, (*at, "blink_on_s"), 0.4),
            blink_off_s=self.seconds(t, (*at, "blink_off_s"), 0.4),
        )

    def pads(self, data: Mapping[str, Any]) -> PadSettings:
        at = ("pads",)
        if (t := self.table(data, at, required=True, missing=None)) is None:
            return PadSettings(a=None, b=None)  # type: ignore[arg-type]  # already reported
        self.known(t, at, ("a", "b", "pull", "active", "bounce_ms", "pair_ms", "chatter_ms",
                           "stuck_s"))
        pull, active_high = self.electrics(t, at, default_pull="up")
        a, b = self.int(t, (*at, "a"), None, GPIO_PINS), self.int(t, (*at, "b"), None, GPIO_PINS)
        bounce_ms = self.int(t, (*at, "bounce_ms"), 15, range(0, 1001))
        pair_ms = self.int(t, (*at, "pair_ms"), 500, range(100, 2001), what="value")
        stuck_s = self.seconds(t, (*at, "stuck_s"), 5.0)
        if pair_ms is not None and stuck_s * 1000 <= pair_ms:
            self.problems.add(
                (*at, "stuck_s"),
                f"{stuck_s:g} s is not longer than pair_ms ({pair_ms} ms), so a touch "
                "could be called stuck while it may still pair; make stuck_s longer",
            )
        return PadSettings(
            a=a,
            b=b,
            pull=pull,
            active_high=active_high,
            bounce_ms=bounce_ms,
            pair_ms=pair_ms,
            chatter_ms=self.int(t, (*at, "chatter_ms"), 60, range(0, 251), what="value"),
            stuck_s=stuck_s,
        )

    def seats(self, data: Mapping[str, Any]) -> tuple[SeatPins, ...]:
        seen: dict[int, int] = {}
        out = []
        for i, t in enumerate(self.tables(data, ("seats",), required=True)):
            at: FieldPath = ("seats", i)
            self.known({k: v for k, v in t.items() if k not in OLD_LED_KEYS}, at,
                       ("seat", "button", *LED_KEYS))
            seat = self.int(t, (*at, "seat"), None, SEAT_NUMBERS, what="seat")
            if seat is not None and seat in seen:
                self.problems.add(
                    (*at, "seat"),
                    f"seat {seat} is already set up by "
                    f"{format_field(('seats', seen[seat]))}; number seats once",
                )
            elif seat is not None:
                seen[seat] = i
            leds = {k: self.led(t, at, i, k) for k in LED_KEYS}
            out.append(SeatPins(seat, self.int(t, (*at, "button"), None, GPIO_PINS), **leds))
        return tuple(out)

    def led(self, t: Mapping[str, Any], at: FieldPath, index: int, key: str) -> int | None:
        """One LED pin, read under its colour name or, for an installed kiosk.toml, under
        its old name (with a note saying to rename it)."""
        old = next(o for o, new in OLD_LED_KEYS.items() if new == key)
        if old not in t:
            return self.int(t, (*at, key), None, GPIO_PINS, required=False)
        if key in t:
            self.problems.add((*at, old), f"{old} is the old name of {key}, and {key} is "
                                          f"given too; keep {key} only")
            return None
        self.problems.note((*at, old), f"{old} is the old name of {key}; it still works, "
                                       f"but rename it to {key}")
        self.led_fields[index, key] = old
        return self.int(t, (*at, old), None, GPIO_PINS, required=False)

    def readers(self, data: Mapping[str, Any], seats: set[int]) -> ReaderSettings:
        self.known(self.table(data, ("readers",)), ("readers",), ("boards",))
        boards = []
        paths: dict[str, int] = {}
        lanes: dict[tuple[int, int], FieldPath] = {}
        for i, t in enumerate(self.tables(data, ("readers", "boards"))):
            at: FieldPath = ("readers", "boards", i)
            self.known(t, at, ("path", "seat", "antennas"))
            path = self.str(t, (*at, "path"))
            if path is not None and path in paths:
                self.problems.add(
                    (*at, "path"),
                    f"board {path} is mapped twice (also "
                    f"{format_field(('readers', 'boards', paths[path]))}); keep one",
                )
            elif path is not None:
                paths[path] = i
            seat = self.int(t, (*at, "seat"), None, SEAT_NUMBERS, what="seat")
            if seat is not None and seat not in seats:
                self.problems.add(
                    (*at, "seat"),
                    f"unknown seat {seat}: no [[seats]] table "
                    "has it; add the seat or fix the number",
                )
            antennas = self.antennas(t, (*at, "antennas"))
            for antenna, lane in antennas:
                if seat is not None and (seat, lane) in lanes:
                    self.problems.add(
                        (*at, "antennas"),
                        f"seat {seat} lane {lane} is already "
                        f"read by {format_field(lanes[seat, lane])}",
                    )
                elif seat is not None:
                    lanes[seat, lane] = (*at, "antennas", str(antenna))
            boards.append(ReaderBoard(path, seat, antennas))
        return ReaderSettings(tuple(boards))

    def antennas(self, t: Mapping[str, Any], at: FieldPath) -> tuple[tuple[int, int], ...]:
        raw = t.get(at[-1])
        if not isinstance(raw, Mapping):
            self.problems.add(at, "expected an inline table like {1 = 1, 2 = 2} (antenna = lane)")
            return ()
        pairs = []
        for key in raw:
            if not (key.isascii() and key.isdigit() and len(key) <= 3) or int(key) < 1:
                self.problems.add((*at, key), f"antenna {shown(key)}: antenna numbers are "
                                              "whole numbers from 1")
            elif value := self.int(raw, (*at, key), None, range(1, 100), what="lane"):
                pairs.append((int(key), value))
        return tuple(sorted(pairs))

    def check_pins(self, gpio: GpioSettings) -> None:
        used: dict[int, FieldPath] = {}
        fields: list[tuple[FieldPath, int | None]] = [
            (("pads", "a"), gpio.pads.a),
            (("pads", "b"), gpio.pads.b),
        ]
        for i, s in enumerate(gpio.seats):
            fields += [
                (("seats", i, self.led_fields.get((i, k), k)), getattr(s, k))
                for k in ("button", *LED_KEYS)
            ]
        for field, pin in fields:
            if pin is None:
                continue
            if pin in used:
                self.problems.add(
                    field,
                    f"pin {pin} is already used by "
                    f"{format_field(used[pin])}; give every pin one job",
                )
            else:
                used[pin] = field

    # fields

    def electrics(self, t: Mapping[str, Any], at: FieldPath, default_pull: str) -> tuple[str, bool]:
        pull = self.choice(t, (*at, "pull"), default_pull, PULLS)
        implied = {"up": "low", "down": "high"}.get(pull or "")
        active = self.choice(t, (*at, "active"), implied, ("high", "low"), required=not implied)
        if implied and active != implied:
            self.problems.add(
                (*at, "active"),
                f'with pull = "{pull}" the input is active '
                f'{implied}; remove "active" or use pull = "none"',
            )
        return pull, active == "high"

    def table(self, t: Mapping[str, Any], at: FieldPath, required: bool = False, missing=_EMPTY):
        """The sub-table at ``at``; ``missing`` (an empty table by default) if absent or bad."""
        value = t.get(at[-1])
        if value is None:
            if required:
                self.problems.add(at, f"missing section [{format_field(at)}]")
            return missing
        if not isinstance(value, Mapping):
            self.problems.add(at, f"expected a table [{format_field(at)}]")
            return missing
        return value

    def tables(self, t: Mapping[str, Any], at: FieldPath, required: bool = False) -> list:
        t = self.table(t, at[:-1]) if len(at) > 1 else t
        value = t.get(at[-1])
        if value is None and not required:
            return []
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            self.problems.add(at, f"expected one or more [[{format_field(at)}]] tables")
            return []
        return value

    def known(self, t: Mapping[str, Any], at: FieldPath, allowed: Sequence[str]) -> None:
        for key in t:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, 1)
                hint = f"did you mean {close[0]}? " if close else ""
                self.problems.add(
                    (*at, key), f"unknown field {shown(key)}; {hint}expected one of "
                                f"{', '.join(allowed)}"
                )

    def int(self, t, at, default, valid: range, required: bool = True, what: str = "pin"):
        value = t.get(at[-1], default)
        if value is None:
            if required:
                self.problems.add(at, f"missing; give a {what} number")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.add(at, f"expected a whole number, got {shown(value)}")
            return None
        if value not in valid:
            self.problems.add(
                at, f"{what} {shown(value)} is out of range ({valid.start}–{valid.stop - 1})"
            )
            return None
        return value

    def seconds(self, t: Mapping[str, Any], at: FieldPath, default: float) -> float:
        value = t.get(at[-1], default)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 60:
            self.problems.add(at, f"expected seconds between 0 and 60, got {shown(value)}")
            return default
        return float(value)

    def str(self, t: Mapping[str, Any], at: FieldPath) -> str | None:
        value = t.get(at[-1])
        if not isinstance(value, str) or not value:
            self.problems.add(at, f"expected a non-empty text, got {shown(value)}")
            return None
        return value

    def choice(self, t, at, default, options: Sequence[str], required: bool = False):
        value = t.get(at[-1], default)
        if value not in options:
            said = "missing" if value is None else f"got {shown(value)}"
            self.problems.add(at, f"{said}; expected one of {', '.join(map(repr, options))}")
            return default
        return value
