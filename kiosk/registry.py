"""The games this table hosts: one :class:`GameInfo` line per game, and nothing else.

Everything that differs between games is found from here: the controller builds a
game's table logic from ``table``, the app asks ``ui`` for the game's screens, ``kiosk
check`` runs ``checker`` on the content folder, the attract screen lists ``name``,
``tagline`` and ``players``. Other modules only name a game by its ``id``.

References are ``"module:attribute"`` (or a module) strings, imported on first use, so
this module is a leaf: it imports only the standard library and anyone may read it.

>>> first = default(); game(first.id) is first, first.players[0] >= 1
(True, True)
>>> first.hardware <= set(TABLE_HARDWARE)
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from kiosk.i18n import N_

# The table hardware a game may use. A game that needs none plays on the screen alone.
STOP_PADS = "stop pads"          # the two-finger stop
LANE_READERS = "lane readers"    # RFID readers under each seat's lanes
SEAT_BUTTONS = "seat buttons"    # one button per seat
SEAT_LEDS = "seat leds"          # green, yellow and red LEDs per seat
TABLE_HARDWARE = (STOP_PADS, LANE_READERS, SEAT_BUTTONS, SEAT_LEDS)


@dataclass(frozen=True)
class GameInfo:
    """One installed game.

    - ``table``: ``"module:Class"`` of its table logic (a
      :class:`~kiosk.table.games.TableGame`, built with a ``GameContext``);
    - ``ui``: the module of its UI package, which provides ``SCREENS`` (a
      :class:`~kiosk.ui.games.GameScreens`);
    - ``checker``: a module with ``check_content(config_dir) -> [(file, line, message)]``
      and ``card_names(config_dir, findings) -> set | None`` (the cards its tags may
      name; an empty set when it has no cards), or None when it has no content;
    - ``content``: its folder in ``config/`` ("" for none);
    - ``cli``: ``"module:function"`` that adds the game's own commands to ``kiosk``'s
      command line: called with argparse's subparsers, it adds each command with
      ``set_defaults(func=command)`` (``command(args) -> exit code``); None for none.
    """

    id: str
    name: str
    players: tuple[int, ...]
    hardware: frozenset[str]
    content: str
    table: str
    ui: str
    checker: str | None
    tagline: str = ""
    simulator: str | None = None  # "module:Class": simulated players for ``kiosk run --simulate``
    cli: str | None = None        # "module:function": adds its ``kiosk`` subcommands


GAMES: tuple[GameInfo, ...] = (
    GameInfo("sync_or_swim", "Sync or Swim", (3, 4, 5, 6), frozenset(TABLE_HARDWARE), "sync_or_swim", "kiosk.table.games.sync_or_swim.table:SyncOrSwimTable", "kiosk.ui.games.sync_or_swim", "kiosk.games.sync_or_swim.check", N_("The team card game where the table is the referee"), "kiosk.table.games.sync_or_swim.driver:RealDriver", "kiosk.table.games.sync_or_swim.cli:add_commands"),  # noqa: E501
    GameInfo("synchro", "Synchro", (2,), frozenset(), "", "kiosk.table.games.synchro.table:SynchroTable", "kiosk.ui.games.synchro", None, N_("Move your pairs in step; reach the enemy castle"), cli="kiosk.table.games.synchro.cli:add_commands"),  # noqa: E501
    GameInfo("synapse", "Synapse", (2,), frozenset(), "synapse", "kiosk.table.games.synapse.table:SynapseTable", "kiosk.ui.games.synapse", "kiosk.games.synapse.check", N_("Race to lay cards at once; every link scored on the spot")),  # noqa: E501
    GameInfo("sync_association", "S.Y.N.C.", (2, 3, 4, 5), frozenset({STOP_PADS, LANE_READERS, SEAT_BUTTONS, SEAT_LEDS}), "", "kiosk.table.games.sync_association.table:SyncAssociationTable", "kiosk.ui.games.sync_association", "kiosk.games.sync_association.content_check", N_("Think alike: all pick the same phantom"), cli="kiosk.table.games.sync_association.cli:add_commands"),  # noqa: E501
)
"""The installed games, the default first."""


def ids() -> tuple[str, ...]:
    return tuple(g.id for g in GAMES)


def game(game_id: str) -> GameInfo:
    """The game with this id; KeyError naming the installed ones if there is none."""
    for info in GAMES:
        if info.id == game_id:
            return info
    raise KeyError(f"no game {game_id!r}; installed: {', '.join(ids())}")


def default() -> GameInfo:
    """The game the table starts with."""
    return GAMES[0]


def load(reference: str) -> Any:
    """Import ``"module:attribute"`` (or a whole module) and return it."""
    module, _, attribute = reference.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded
