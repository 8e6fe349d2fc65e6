"""Reading a small file that a person names on the command line, safely.

``kiosk judge table.json`` must answer every path with a verdict or one clear line, and
never hang or crash: a FIFO or a device would block a plain ``open()`` for reading (or
reset the board behind a serial port), a folder or a huge file is not a layout, and
JSON nested ten thousand deep makes the standard decoder raise RecursionError.

>>> load_json(b'{"seats": [1, 2, 3]}', max_depth=10)
{'seats': [1, 2, 3]}
>>> load_json(b'[[[[1]]]]', max_depth=3)
Traceback (most recent call last):
...
kiosk.input_files.InputFileError: the JSON is nested 4 levels deep; at most 3 are allowed
"""

from __future__ import annotations

import json
import os
import re
import stat
from typing import Any

MAX_DIGITS = 30  # a JSON number longer than this is never a seat, lane or value


class InputFileError(ValueError):
    """A file that cannot be used; the message is one sentence saying why."""


def read_small_file(path: str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``.

    Anything else is refused before it is opened for reading: ``stat`` says what the path
    is, and only a regular file is opened, non-blocking, then checked again through the
    open descriptor (the path might have been swapped in between).
    """
    try:
        info = os.stat(path)
    except ValueError:  # e.g. a NUL character in the path
        raise InputFileError("the path is not a usable file name") from None
    except OSError as error:
        raise InputFileError(f"cannot read it: {error.strerror or error}") from None
    _refuse_unless_regular(info.st_mode, max_bytes, info.st_size)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise InputFileError(f"cannot read it: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        _refuse_unless_regular(info.st_mode, max_bytes, info.st_size)
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise InputFileError(f"cannot read it: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise InputFileError(_too_big(max_bytes))
    return b"".join(chunks)


def _refuse_unless_regular(mode: int, max_bytes: int, size: int) -> None:
    if stat.S_ISDIR(mode):
        raise InputFileError("it is a folder; give the path of a layout file")
    if not stat.S_ISREG(mode):
        kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
                "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise InputFileError(f"it is {kind}, not a regular file; save the layout to a "
                             "file and give that path")
    if size > max_bytes:
        raise InputFileError(_too_big(max_bytes))


def _too_big(max_bytes: int) -> str:
    return (f"the file is larger than {max_bytes // 1024} KiB, far more than any table "
            "needs; check it is the right file")


_STRUCTURE = re.compile(r'[\[\]{}"\\]')


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest, outside strings, without recursion (any text)."""
    depth = deepest = 0
    in_string = False
    skip_to = 0  # the character after a backslash is escaped
    for match in _STRUCTURE.finditer(text):
        at, char = match.start(), match.group()
        if at < skip_to:
            continue
        if in_string:
            if char == "\\":
                skip_to = at + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
    return deepest


class DuplicateKeys(dict):
    """A JSON object that named a key more than once (``repeated``); the last value is
    kept, as JSON decoders do, so a schema can name the key with its path."""

    repeated: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, Any]]) -> dict:
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    repeated = [k for k, _ in pairs if k in seen or seen.add(k)]
    marked = DuplicateKeys(result)
    marked.repeated = tuple(dict.fromkeys(repeated))
    return marked


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InputFileError(f"the number {text[:12]}... has more than {MAX_DIGITS} digits")
    return int(text)


def _constant(name: str) -> Any:
    raise InputFileError(f"{name} is not a JSON number; write a whole number")


def load_json(data: bytes, max_depth: int) -> Any:
    """Decode UTF-8 JSON, refusing what the standard decoder would choke on or let by:
    nesting deeper than ``max_depth``, NaN and Infinity, numbers of more than
    MAX_DIGITS digits. Repeated keys come back as :class:`DuplicateKeys`."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputFileError(f"the file is not UTF-8 text (byte {error.start + 1} cannot be "
                             "read); save it as UTF-8") from None
    depth = nesting_depth(text)
    if depth > max_depth:
        raise InputFileError(f"the JSON is nested {depth} levels deep; at most {max_depth} "
                             "are allowed")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int,
                          parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise InputFileError(f"not valid JSON at line {error.lineno} column {error.colno}: "
                             f"{error.msg}") from None
