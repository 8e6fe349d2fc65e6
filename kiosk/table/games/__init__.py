"""The seam between the game-agnostic controller and one game's table logic.

The controller owns threads, the queue, the clock, the hardware ports and the store; a
:class:`TableGame` owns one game's state. The controller hands the game each input in
order — a UI command, a seat press, a stop, an inventory change, the passing of time —
and the game answers with :class:`Effects` (sounds, LEDs, pads, problems) and keeps an
up-to-date :class:`~kiosk.table.api.TableView`. A game never touches hardware or the UI
itself, so it can be tested with plain numbers, and a second game (Synapse, Synchro,
S.Y.N.C.) is one more line in :mod:`kiosk.registry` (see ``docs/adding-a-game.md``).

What a game may ask of the table goes through :class:`GameContext`: the store, the seats
the table has, and :meth:`GameContext.read_lanes` — a complete, checked inventory, read
off the UI thread (it may arrive a little later, through :meth:`TableGame.lanes_read`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from kiosk import registry
from kiosk.hardware.ports import InventoryChange, LedMode, SeatLed
from kiosk.i18n import _
from kiosk.store.protocol import Store
from kiosk.table.api import Sound, TableView

Place = tuple[int, int]  # (seat, lane)


@dataclass(frozen=True)
class LedChange:
    seat: int
    led: SeatLed
    mode: LedMode


@dataclass(frozen=True)
class Effects:
    """What the controller must do after a game handled an input.

    ``pads``: True arms the stop pads, False disarms them, None leaves them.
    ``result``: a command's return value (e.g. the id from ``random_routine``).
    """

    sounds: tuple[Sound, ...] = ()
    leds: tuple[LedChange, ...] = ()
    problems: tuple[str, ...] = ()
    pads: bool | None = None
    result: Any = None

    def __add__(self, other: Effects) -> Effects:
        return Effects(
            self.sounds + other.sounds,
            self.leds + other.leds,
            self.problems + other.problems,
            other.pads if other.pads is not None else self.pads,
            other.result if other.result is not None else self.result,
        )


NOTHING = Effects()


def problem(message: str) -> Effects:
    return Effects(problems=(message,))


def leds_off(seats: tuple[int, ...], leds: tuple[SeatLed, ...] = tuple(SeatLed)) -> Effects:
    """Every given LED of every given seat off (between rounds, when leaving a game)."""
    return Effects(leds=tuple(LedChange(s, led, LedMode.OFF) for s in seats for led in leds))


@dataclass(frozen=True)
class LaneReading:
    """The lanes as the readers see them right after a stop, with what cannot be trusted.

    ``cards`` holds the enrolled cards' names per (seat, lane). ``unreadable`` lists, per
    seat, sentences saying why the table cannot judge that seat ("Seat 3's reader is
    offline", an unknown card, a card seen in two lanes at once). ``seats`` are the seats
    that have a reader. ``available`` is False when the table has no readers at all.
    """

    available: bool
    cards: Mapping[Place, tuple[str, ...]] = field(default_factory=dict)
    unreadable: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    seats: frozenset[int] = frozenset()

    def missing(self, seats: tuple[int, ...]) -> tuple[str, ...]:
        """Why the table cannot judge these seats by itself; empty when it can."""
        if not self.available:
            return (_("This table has no card readers"),)
        found = [_("Seat {seat} has no reader").format(seat=seat)
                 for seat in seats if seat not in self.seats]
        found += [why for seat in seats for why in self.unreadable.get(seat, ())]
        return tuple(dict.fromkeys(found))

    def lanes_of(self, seat: int) -> dict[int, tuple[str, ...]]:
        return {lane: cards for (s, lane), cards in self.cards.items() if s == seat}


class GameContext(Protocol):
    """What the controller offers a game."""

    store: Store
    config_dir: Path | None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this table has (seat panel seats, else 1–6)."""
        ...

    def read_lanes(self) -> LaneReading | None:
        """The lanes as of the stop being handled, proven complete: every board has
        confirmed that everything it sent before the stop is in. None when a board has
        not confirmed yet: the game then gets :meth:`TableGame.lanes_read` once it has
        (or once ``confirm_s`` is over, with that board unreadable). Never waits."""
        ...

    def run_off_thread(self, work: Callable[[], Any],
                       done: Callable[[Future[Any], float], Effects]) -> Future[Any]:
        """Run ``work()`` on a daemon thread (a search, a slow read: anything that must
        not hold up the touchscreen), then call ``done(future, now)`` on the pumping
        thread, as an input like any other: its Effects are applied and the view
        redrawn. ``future.result()`` is what ``work`` returned (or raises what it
        raised). ``done`` is dropped if the game has been replaced or the controller
        closed meanwhile; a game that no longer wants an answer ignores it."""
        ...


class TableGame(Protocol):
    """One game at the table. Every method runs on the controller's pumping thread.

    ``now`` is the controller's monotonic clock when the input is applied; hardware
    inputs also carry ``t``, the moment the event really happened (the edge time).
    """

    game_id: str
    commands: tuple[str, ...]
    """The commands ``Controller.act`` may send this game (besides ``wake``/``abandon``)."""
    answers: frozenset[str]
    """Commands whose caller waits for the answer (``Effects.result``), even from another
    thread; the others return None at once there."""
    staff_actions: tuple[str, ...]
    """The game's own staff actions (``Controller.staff``), besides the shared ones."""

    def view(self) -> TableView:
        """The current view; the same object until something changed. The controller
        fills ``hardware``, ``volume`` and ``staff_actions``; the game the rest."""
        ...

    def time_left(self, now: float) -> float | None:
        """Seconds left on a running timer, None when none runs."""
        ...

    def command(self, name: str, args: Mapping[str, Any], now: float) -> Effects:
        """A UI command: ``wake``, ``abandon`` or one of :attr:`commands`, with its
        arguments. A command that makes no sense now answers with a problem, never an
        exception (wrong arguments included)."""
        ...

    def staff(self, action: str, args: Mapping[str, Any], now: float) -> Effects | None:
        """One of :attr:`staff_actions`; None for an action that is not the game's."""
        ...

    def seat_pressed(self, seat: int, t: float, now: float) -> Effects:
        """A short press of a seat button; what it means is the game's to say."""
        ...

    def seat_held(self, seat: int, t: float, now: float) -> Effects: ...

    def stop(self, t: float, now: float) -> Effects:
        """The stop pads were touched together at ``t``."""
        ...

    def lanes_read(self, reading: LaneReading, now: float) -> Effects:
        """The lanes a ``read_lanes`` returned None for are in (a slow board answered)."""
        ...

    def inventory_changed(self, change: InventoryChange, now: float) -> Effects: ...

    def tick(self, now: float) -> Effects:
        """Time passed: timers, countdowns."""
        ...

    def refresh(self, now: float) -> Effects:
        """Settings or scores changed under the game: rebuild the view."""
        ...

    def close(self, now: float) -> Effects:
        """The table switches to another game or shuts down: end what runs, lights off."""
        ...


GameFactory = Callable[[GameContext], TableGame]

_EXTRA: dict[str, GameFactory] = {}  # games added at run time (tests)


class UnknownGameError(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def register(game_id: str, factory: GameFactory) -> None:
    """Add a game's table logic at run time (tests); shipped games are in the registry."""
    _EXTRA[game_id] = factory


def unregister(game_id: str) -> None:
    _EXTRA.pop(game_id, None)


def game_factory(game_id: str) -> GameFactory:
    """The table logic of a registered game (:mod:`kiosk.registry`)."""
    if game_id in _EXTRA:
        return _EXTRA[game_id]
    try:
        info = registry.game(game_id)
    except KeyError:
        known = sorted({*registry.ids(), *_EXTRA})
        raise UnknownGameError(
            f"no game {game_id!r} on this table; games: {', '.join(known)}") from None
    return registry.load(info.table)
