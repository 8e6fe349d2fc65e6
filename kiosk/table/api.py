"""The contract between the controller and whatever shows the table (the Kivy app,
``kiosk demo``, tests). No Kivy here.

How it flows:

- Hardware threads (gpiozero, reader boards, tickers) never touch game state. They put
  events on the controller's queue.
- The UI calls :meth:`Controller.pump` on its main thread (every frame, ~30 Hz). Pump
  applies queued events and the timer in order — the controller is the single writer of
  game state — and then calls the :class:`ControllerListener` methods, on that same
  main thread. So a listener may touch widgets.
- The UI changes things only through the controller's command methods; the controller
  never calls the UI except through the listener. A command called on the pumping
  thread pumps at once; called on any other thread it only queues (and asks for a pump
  through ``wakeup``), so listener calls still happen on the pumping thread.

Everything the UI shows comes from one immutable :class:`TableView`, rebuilt after each
change, so a screen can redraw from the latest view at any time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol


class Sound(StrEnum):
    WHISTLE = "whistle"  # SWIM!
    TICK = "tick"        # each of the last 5 seconds
    HORN = "horn"        # time out
    CHEER = "cheer"      # IN SYNC
    GROAN = "groan"      # NOT IN SYNC


def sound_level(value: Any) -> float:
    """A stored volume as 0..1; anything unreadable (a hand-edited database) is full.

    >>> sound_level(0.4), sound_level(7), sound_level("loud")
    (0.4, 1.0, 1.0)
    """
    try:
        level = float(value)
    except (TypeError, ValueError):
        return 1.0
    return min(1.0, max(0.0, level)) if level == level else 1.0


@dataclass(frozen=True)
class HardwareView:
    """What the table can and cannot do right now, in words staff and players read."""

    pads: bool = False                 # physical stop pads usable (fitted, none stuck)
    readers: bool = False              # every seat's reader board online
    seat_buttons: bool = False
    problems: tuple[str, ...] = ()     # e.g. "Seat 3's reader is unplugged: check its USB cable"
    stuck_pads: tuple[str, ...] = ()   # pads held or stuck, e.g. ("A",): stop circles stand in
    saving: bool = True                # False: scores wait in memory (disk full, locked …)


@dataclass(frozen=True)
class EnrollView:
    """Staff binding card tags (see :mod:`kiosk.table.enroll`): what to lay next, where,
    how far along, and the last thing that happened."""

    in_order: bool                  # True: the deck in a shown order; False: card by card
    seat: int
    lane: int
    step: str                       # "lay" | "choose" | "duplicate" | "two tags" | "done"
    card: str | None                # the card whose tag is wanted now
    done: int                       # progress: n ...
    total: int                      # ... of N
    message: str                    # what to do now, one sentence
    last: str = ""                  # what just happened ("blue-1-LH is tagged")
    last_ok: bool = True            # False: ``last`` is a warning
    cards: tuple[str, ...] = ()     # every card of the deck, in order
    tagged: frozenset[str] = frozenset()  # the cards that already have a tag


@dataclass(frozen=True)
class DeckCheckView:
    """The Sync deck passed over a reader at setup, against this player count's deck
    (see :mod:`kiosk.table.deck_check`)."""

    seat: int
    lane: int
    expected: int                   # cards in this player count's deck
    seen: int                       # tags seen so far
    missing: tuple[str, ...] = ()   # deck cards not seen yet
    extra: tuple[str, ...] = ()     # cards seen that this deck does not use
    unknown: tuple[str, ...] = ()   # tags (hex UIDs) that name no card
    complete: bool = False          # every card seen, nothing extra, nothing unknown
    message: str = ""


ATTRACT = "attract"  # every game's first phase: the shared attract screen offers the games
BROKEN = "broken"    # a game (or the config) cannot run: the shared screen lists problems


@dataclass(frozen=True)
class TableView:
    """Everything a screen needs, as one immutable snapshot: the envelope every game
    fills the same way, and ``payload``, the running game's own frozen dataclass, which
    only that game's screens read (its table logic package defines it).

    ``phase`` is a plain string the game defines; the game's UI package maps it to a
    screen. Every game starts in :data:`ATTRACT` and shows :data:`BROKEN` when it
    cannot run (``problems`` then says why).
    """

    game: str = ""                              # the registry id of the running game
    phase: str = ATTRACT
    seats: tuple[int, ...] = ()                 # the seats in play
    timer_seconds: int | None = None            # a running timer's full length
    time_left: float | None = None              # ... and what is left of it
    message: str | None = None                  # one sentence for the top of the screen
    hardware: HardwareView = field(default_factory=HardwareView)
    staff_actions: tuple[str, ...] = ()         # what ``Controller.staff`` takes now
    problems: tuple[str, ...] = ()              # BROKEN: config problems, file:line: message
    resumed: bool = False                       # reopened after a power cut
    volume: float = 1.0                         # staff setting, 0.0 (silent) to 1.0
    muted: bool = False                         # staff setting: no sound at any volume
    payload: Any = None                         # the game's own view (a frozen dataclass)


class ControllerListener:
    """Override what you need; called on the thread that runs ``pump`` (the UI's)."""

    def on_view(self, view: TableView) -> None:
        """Anything changed: redraw from ``view``."""

    def on_tick(self, time_left: float) -> None:
        """During practice, at every pump: just the timer."""

    def on_sound(self, sound: Sound) -> None:
        """Play a sound now."""

    def on_problem(self, message: str) -> None:
        """A plain sentence to show briefly (a refused command, a hardware fault)."""


class StaffAction(StrEnum):
    """The staff actions every table knows, sent through :meth:`Controller.staff`. A
    game adds its own (``view.staff_actions`` lists all that work now); an action
    nobody knows is refused with a problem (``on_problem``)."""

    VOLUME = "volume"                      # level=0.0..1.0
    MUTE = "mute"                          # on=True: silent; on=False: sound at the volume
    RESET_SCORES = "reset_scores"          # the running game's top scores and history


class Controller(Protocol):
    """What the UI may call, and all of it: the app uses nothing a controller does not
    declare here (``tests/ui/test_contract.py`` holds the real one and the fake to it).
    It is the same for every game: what only one game knows goes through :meth:`act`.

    Commands return at once. Called on the thread that pumps, a command pumps itself, so
    its effects have reached the listener before it returns; called on another thread,
    it is queued for that thread's next pump."""

    view: TableView
    # Called on the hardware thread after an event is queued; the UI sets it to ask for
    # a pump at its next frame instead of at the next ~30 Hz tick. None: nobody asks.
    wakeup: Callable[[], None] | None

    def set_listener(self, listener: ControllerListener) -> None: ...
    def pump(self) -> None: ...
    def close(self) -> None: ...

    def wake(self) -> None: ...        # ATTRACT -> the game's first phase (someone touched)
    def abandon(self) -> None: ...     # end what is being played, back to the game's start
    def act(self, command: str, **args: Any) -> Any: ...
    # one of the running game's commands (its table logic lists them in ``COMMANDS``),
    # e.g. ``act("swim")``, ``act("choose", players=4, routine_id="R01")``. Returns the
    # command's answer when it has one (``act("random_routine")`` -> the new id); a
    # command the game does not know, or cannot take now, is refused with a problem
    # (``on_problem``) and returns None.
    def staff(self, action: StaffAction | str, **args: Any) -> None: ...  # a StaffAction
    # or one of the game's; an action nobody knows is refused with a problem
    def select_game(self, game: str) -> None: ...  # another registered game (ends the
    # running one); an unknown id is refused with a problem
