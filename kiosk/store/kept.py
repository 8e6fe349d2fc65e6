"""One write waiting for the disk (see :mod:`kiosk.store.write_behind`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Kept:
    """One write waiting for the disk: the :class:`SQLiteStore` method and its arguments
    (``tags.add`` … for the tag map). ``journal`` is the journal id it touches."""

    method: str
    args: tuple[Any, ...]
    journal: int | None = None
    kwargs: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.method}{self.args!r}"


def json_ready(value: Any) -> Any:
    """The value as it comes back from the database (tuples become lists); raises
    TypeError at once for a value the database could never take."""
    return json.loads(json.dumps(value))
