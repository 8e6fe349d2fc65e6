"""Reading a TOML file a café edits by hand, within limits, so that no file can crash us.

``tomllib`` alone accepts things the kiosk cannot use and fails on others with no line
or with a traceback: a 5,000-digit integer (``ValueError``), arrays nested 5,000 deep
(``RecursionError``), ``nan``, a binary file, a file of a gigabyte. :func:`read_toml`
turns each into a :class:`TomlFileError` listing ``(line, message)`` problems, so every
loader (the kiosk settings, each game's content) says ``file:line: message`` instead.

After parsing, every value is walked once: integers must fit TOML's 64 bits (the spec
says an integer that does not must be an error), floats must be finite, texts and
nesting must stay small. Whatever passes is safe to format, compare and repeat.

This module imports only the standard library, so the rules engines may use it.

>>> parsed = parse_toml('[timing]\\nbase_seconds = 15\\n', "campaign.toml")
>>> parsed.data["timing"], parsed.line(("timing", "base_seconds"))
({'base_seconds': 15}, 2)
>>> try:
...     parse_toml("a = nan\\n", "x.toml")
... except TomlFileError as error:
...     print(error.problems)
((1, 'a: nan is not a number the kiosk can use; write a plain number'),)
"""

from __future__ import annotations

import functools
import math
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_BYTES = 1 << 20  # the biggest shipped file is ~25 KB
MAX_DEPTH = 16  # the deepest shipped value is 6 tables/arrays down
MAX_TEXT = 4000  # characters in one text or key
MAX_PROBLEMS = 20  # per file: beyond this the file is probably not the one meant
INT64 = range(-(2**63), 2**63)
FieldPath = tuple[str | int, ...]


class TomlFileError(ValueError):
    """The file cannot be used; ``problems`` holds every ``(line or None, message)``."""

    def __init__(self, source: str, problems: Sequence[tuple[int | None, str]]) -> None:
        self.source = source
        self.problems = tuple(problems)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{self.source}:{line}: {message}" if line else f"{self.source}: {message}"
                for line, message in self.problems]


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut short, safe for any value (a 5,000-digit int cannot be printed).

    >>> shown("x" * 100)[-5:], shown(10 ** 5000)
    ('xxxx…', 'a number of about 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value not in INT64:
        return f"a number of about {int(abs(value).bit_length() * math.log10(2)) + 1} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def format_field(path: FieldPath) -> str:
    """``("seats", 1, "button")`` → ``"seats[2].button"`` (arrays numbered from 1); a
    key that is not a plain name is quoted, so a message stays on one line.

    >>> print(format_field(("readers", "x\\ny")))
    readers.'x\\ny'
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
            continue
        name = part if re.fullmatch(r"[\w\-]{1,40}", part) else shown(part, 40)
        out += f".{name}" if out else name
    return out


def one_line(text: str) -> str:
    """``text`` with every character that is not printable escaped, so a message made
    from a café's file is always one line of plain text.

    >>> print(one_line("a\\nb\\x00"))
    a\\nb\\x00
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class LineIndex:
    """Finds the line of a table or key in TOML text, well enough for error messages."""

    _header = re.compile(r"^\s*(\[\[?)\s*([\w.\- ]+?)\s*\]\]?\s*(#.*)?$")
    _key = re.compile(r"""^\s*([\w\-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*=""")

    def __init__(self, text: str) -> None:
        self._lines: dict[FieldPath, int] = {}
        arrays: dict[FieldPath, int] = {}  # each [[array]] of tables -> tables so far
        current: FieldPath = ()
        for number, line in enumerate(text.splitlines(), 1):
            if header := self._header.match(line):
                name = tuple(p.strip() for p in header.group(2).split("."))
                current = self._resolve(name, header.group(1) == "[[", arrays)
                self._lines.setdefault(current, number)
                self._lines.setdefault(current[:-1], number)  # the array (or parent)
            elif key := self._key.match(line):
                self._lines.setdefault((*current, self._unquote(key.group(1))), number)

    @staticmethod
    def _unquote(key: str) -> str:
        if key[0] not in "\"'":
            return key
        try:
            return next(iter(tomllib.loads(f"{key} = 0")))
        except (tomllib.TOMLDecodeError, StopIteration):
            return key

    @staticmethod
    def _resolve(name: tuple[str, ...], array: bool, arrays: dict[FieldPath, int]) -> FieldPath:
        """``[[element.option]]`` belongs to the latest ``[[element]]``:
        ``("element", 3, "option", 0)``."""
        path: FieldPath = ()
        for i, part in enumerate(name):
            path = (*path, part)
            if array and i == len(name) - 1:
                arrays[path] = arrays.get(path, 0) + 1
                return (*path, arrays[path] - 1)
            if path in arrays:
                path = (*path, arrays[path] - 1)
        return path

    def line(self, path: FieldPath) -> int | None:
        while path:
            if path in self._lines:
                return self._lines[path]
            path = path[:-1]
        return None


@dataclass
class TomlFile:
    """A parsed file: its data, its text, and the line of any field in it."""

    source: str
    data: dict[str, Any]
    text: str
    _index: LineIndex | None = field(default=None, repr=False)

    def line(self, path: FieldPath) -> int | None:
        if self._index is None:
            self._index = LineIndex(self.text)
        return self._index.line(path)


def read_toml(path: str | Path) -> TomlFile:
    """Read and parse ``path``; raise :class:`TomlFileError` naming every problem."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise TomlFileError(source, [(None, f"cannot read the file ({error.strerror or error}"
                                            "); restore it, or point --config at the "
                                            "right folder")]) from None
    if len(raw) > MAX_BYTES:
        raise TomlFileError(source, [(None, f"the file is over {MAX_BYTES // 1024} KiB; a "
                                            "config file is a few KiB of text: is it the "
                                            "right file?")])
    if b"\0" in raw:
        line = raw.count(b"\n", 0, raw.index(b"\0")) + 1
        raise TomlFileError(source, [(line, "holds a NUL byte, so it is not a text file; "
                                            "save it as plain UTF-8 text")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise TomlFileError(source, [(line, f"byte 0x{raw[error.start]:02x} is not UTF-8 "
                                            "text; save the file as UTF-8")]) from None
    return parse_toml(text, source)


def parse_toml(text: str, source: str) -> TomlFile:
    """Parse TOML text and check every value (see the module docstring).

    The same text parses to the same :class:`TomlFile` (the last few are remembered:
    the kiosk reads each file twice as it starts, once to check, once to load), so
    callers treat ``data`` as read-only.
    """
    return _parse(text, source)


@functools.lru_cache(maxsize=16)  # thread-safe; a file that fails is parsed again
def _parse(text: str, source: str) -> TomlFile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        line = int(found.group(1)) if found else None
        raise TomlFileError(source, [(line, f"not valid TOML ({error}); fix the syntax "
                                            "there")]) from None
    except RecursionError:
        raise TomlFileError(source, [(_deepest_line(text), (
            "brackets or braces are nested too deeply to read; config values are "
            f"at most {MAX_DEPTH} levels deep"))]) from None
    except ValueError:  # an integer too long even to convert
        raise TomlFileError(source, [(_long_number_line(text), (
            "a whole number has thousands of digits; TOML numbers fit in 64 bits "
            f"(at most {INT64.stop - 1})"))]) from None
    parsed = TomlFile(source, data, text)
    problems = _value_problems(parsed)
    if problems:
        raise TomlFileError(source, problems)
    return parsed


def _value_problems(parsed: TomlFile) -> list[tuple[int | None, str]]:
    problems: list[tuple[int | None, str]] = []
    stack: list[tuple[FieldPath, Any]] = [((), parsed.data)]
    while stack and len(problems) < MAX_PROBLEMS:
        path, value = stack.pop()
        message = _value_problem(path, value)
        if message:
            problems.append((parsed.line(path), f"{format_field(path)}: {message}"))
        elif isinstance(value, dict):
            for key in reversed(list(value)):
                if len(key) > MAX_TEXT:
                    problems.append((parsed.line(path), f"{format_field(path) or 'a key'}: "
                                     f"a key of {len(key)} characters; keys are short names"))
                    break
                stack.append(((*path, key), value[key]))
        elif isinstance(value, list):
            stack.extend(((*path, i), item) for i, item in reversed(list(enumerate(value))))
    if stack and problems:
        problems.append((None, "and maybe more; fix these first"))
    problems.sort(key=lambda p: (p[0] is None, p[0] or 0))
    return problems


def _value_problem(path: FieldPath, value: Any) -> str | None:
    if len(path) > MAX_DEPTH:
        return f"nested more than {MAX_DEPTH} levels deep; config values are simple"
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and value not in INT64:
        return f"{shown(value)} does not fit in 64 bits (at most {INT64.stop - 1})"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a number the kiosk can use; write a plain number"
    if isinstance(value, str) and len(value) > MAX_TEXT:
        return f"a text of {len(value)} characters; at most {MAX_TEXT}"
    return None


def _deepest_line(text: str) -> int | None:
    counts = [line.count("[") + line.count("{") for line in text.splitlines()]
    return counts.index(max(counts)) + 1 if counts else None


def _long_number_line(text: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if re.search(r"[0-9_]{100,}", line):
            return number
    return None
