"""The frame every game's record text shares: ``#`` comments and blank lines ignored,
a first line ``FORMAT VERSION key=value ...`` naming the game, then one line an
action. Each game reads its own actions; this reads the frame and says what is wrong
with a line number. Standard library only (the rules engines use it).
"""

from __future__ import annotations

from collections.abc import Callable, Collection


def read_frame(text: str, *, fmt: str, version: str, game: str, keys: Collection[str],
               example: str, error: type[ValueError],
               unquote: Callable[[str], str] = str,
               ) -> tuple[int, dict[str, str], list[tuple[int, str]]]:
    """(the header's line number, its fields, the lines after it as (number, line)).

    >>> read_frame("# a game\\nrec 1 seed=4\\n\\nmove a\\n", fmt="rec", version="1",
    ...            game="Test", keys={"seed"}, example="seed=...", error=ValueError)
    (2, {'seed': '4'}, [(4, 'move a')])
    """
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if not lines:
        raise error(f"the record is empty: the first line must be '{fmt} {version} "
                    f"{example}'")
    number, head = lines[0]
    words = head.split()
    if words[:2] != [fmt, version]:
        raise error(f"line {number}: not a {game} record (it must start with "
                    f"'{fmt} {version}')")
    fields: dict[str, str] = {}
    for word in words[2:]:
        key, sep, value = word.partition("=")
        if not sep or key not in keys:
            raise error(f"line {number}: unknown header field {word!r}")
        fields[key] = unquote(value)
    return number, fields, lines[1:]
