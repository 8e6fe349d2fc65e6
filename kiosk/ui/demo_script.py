"""The demo's script: every registered game whose UI package has a ``demo`` module plays
its part through the real widgets, in the registry's order, adding its screenshots to
one list. A game's ``demo.play(folder, *, size, written, shots, look, players)`` saves its
PNGs in ``folder`` (numbered on from ``len(written)``) and appends their paths; at each
screenshot it first settles the window and calls ``look(pilot, name)`` when given one
(the layout check), even with ``shots=False``.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from kiosk import registry


def play(folder: Path, *, size=(1280, 800), players: int = 4,
         shots: bool = True, game: str | None = None, look=None) -> list[Path]:
    """``game``: only that game's part (its id), else every game's."""
    written: list[Path] = []
    for info in registry.GAMES:
        if game is not None and info.id != game:
            continue
        module = f"{info.ui}.demo"
        if find_spec(module) is None:
            continue
        registry.load(module).play(folder, size=size, written=written, shots=shots,
                                   look=look, players=players)
    return written
