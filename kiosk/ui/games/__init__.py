"""Each game's UI package and the one thing it hands the app: :class:`GameScreens`.

A game's UI package (``ui`` in :mod:`kiosk.registry`) defines ``SCREENS``, a
:class:`GameScreens`: which screen shows each of its phases, which screen gets the
timer's ``on_tick``, its overlays (how to play, records, its staff tools …; the
attract screen's tile offers ``how_to_play`` and ``records``, and its Quick play
button sends ``quick_play`` for walk-ins) and the buttons it
adds to the shared staff settings. The app asks :func:`screens_of` for the running
game's, so nothing outside the package names its screens. Screen classes are given
as ``"module:Class"`` strings and imported when first shown.

Shared screens — ``attract`` (the games on offer), ``broken`` and ``settings`` — are
the app's own (:mod:`kiosk.ui.screens`); a game's phases ``attract`` and ``broken``
go to them unless the game maps them itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kiosk import registry


@dataclass(frozen=True)
class StaffButton:
    """A button the game adds to the shared staff settings: it sends ``action``
    (``controller.staff``) and then says ``done``, or opens the overlay ``overlay``."""

    text: str
    action: str | None = None
    overlay: str | None = None
    done: str = ""


@dataclass(frozen=True)
class DevTool:
    """A button (and key) the game adds to the developer side panel of ``kiosk run
    --simulate`` while it runs: ``call`` is ``"module:function"``, called with the panel
    (``panel.driver``: the simulated table's driver; ``panel.card``, ``seat``, ``lane``);
    it returns the line the panel shows."""

    text: str
    call: str
    key: str = ""   # one letter, or "" for none


@dataclass(frozen=True)
class GameScreens:
    screens: Mapping[str, str]                     # screen name -> "module:Class"
    phases: Mapping[str, str]                      # the game's phase -> screen name
    tick: str | None = None                        # the screen ``on_tick`` goes to
    how_to_play: str | None = None                 # an overlay: the rules for players
    quick_play: str | None = None                  # a command that starts a game at once,
                                                   # sent by the attract's Quick play
    records: str | None = None                     # an overlay: top scores, last games
    overlays: tuple[str, ...] = ()                 # screens opened by a button, any phase
    kept: tuple[str, ...] = ()                     # screens kept once built (see LazyScreens)
    staff_buttons: tuple[StaffButton, ...] = ()    # added to the staff settings
    follows_view: tuple[str, ...] = ()             # overlays given every new view
    leaves_overlay: tuple[str, ...] = ()           # phases that close an open overlay
    tips: tuple[str, ...] = ()                     # one-liners the attract screen cycles
    title: str = ""                                # its name in its own look (Kivy markup)
    dev_tools: tuple[DevTool, ...] = ()            # developer side panel (simulated table)


NO_SCREENS = GameScreens(screens={}, phases={})


def screens_of(game_id: str) -> GameScreens:
    """The running game's screens; none (the shared ones only) for a game the registry
    does not list, e.g. one a test registered at run time."""
    try:
        info = registry.game(game_id)
    except KeyError:
        return NO_SCREENS
    return registry.load(info.ui).SCREENS
