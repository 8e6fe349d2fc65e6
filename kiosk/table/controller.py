"""The controller: one queue in, one writer of state, listener calls out.

Hardware backends call the :class:`TableController`'s ``on_*`` methods on their own
threads; those only put the event on a queue. :meth:`TableController.pump`, called by
the UI on its main thread, applies the queued events in order, lets time pass for the
game (countdown ticks, time outs), drives the hardware the game asked for (LEDs, pads),
and then tells the :class:`~kiosk.table.api.ControllerListener` — on that same thread.
UI commands queue themselves; on the pumping thread they pump at once, so they take
effect before they return. From any other thread a command only queues and calls
``wakeup``: the pumping thread applies it, so listener calls never run elsewhere.

The controller knows no game rules: it drives a :class:`~kiosk.table.games.TableGame`
picked from the registry (:mod:`kiosk.registry`). Any port may be missing (None): the view
says so and the game falls back (the stop circles on screen, judging by hand). A store
that keeps writes the disk refused (a ``WriteBehindStore``: a full disk, a locked or
read-only file) is retried at every pump, and its sentences reach the view's hardware
problems and ``on_problem`` — when saving stops, every minute while it stays stopped,
and when it works again.

    controller = TableController(clock=clock, store=MemoryStore(), panel=gpio.seats,
                                 pads=gpio.pads, readers=readers, tags=tags)
    gpio.listener = readers.listener = controller
    controller.set_listener(my_screen)
    controller.wake(); controller.act("choose", players=4, routine_id="R01")
    controller.act("begin"); controller.act("swim")
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from kiosk import registry
from kiosk.hardware.ports import (
    BoardStatus,
    Clock,
    HardwareListener,
    InventoryChange,
    LaneReaders,
    Pad,
    SeatPanel,
    StopPads,
)
from kiosk.hardware.tagmap import TagMap
from kiosk.store.protocol import MemoryStore, Store
from kiosk.table.api import ControllerListener, StaffAction, TableView, sound_level
from kiosk.table.games import (
    NOTHING,
    Effects,
    LaneReading,
    TableGame,
    UnknownGameError,
    game_factory,
    problem,
)
from kiosk.table.hardware_status import HardwareStatus
from kiosk.table.lane_fetch import CONFIRM_S, LaneFetch
from kiosk.table.resume import clock_shift

log = logging.getLogger(__name__)

DEFAULT_SEATS = (1, 2, 3, 4, 5, 6)
REMIND_S = 60.0  # how often staff are told again that scores wait in memory
SAVED_AGAIN = "Scores are saved again: nothing was lost"


class Closeable(Protocol):
    def close(self) -> None: ...


COMMAND_WAIT_S = 1.0  # a command from another thread waits this long for its result


@dataclass
class _Command:
    name: str
    args: dict[str, Any]
    result: Any = None
    done: threading.Event = field(default_factory=threading.Event)


@dataclass
class _Context:
    """What the active game may use (see :class:`~kiosk.table.games.GameContext`)."""

    store: Store
    config_dir: Path | None
    status: HardwareStatus
    seat_numbers: tuple[int, ...] = field(default=DEFAULT_SEATS)

    @property
    def seats(self) -> tuple[int, ...]:
        return self.seat_numbers

    start_fetch: Callable[[], LaneFetch | None] = lambda: None
    post: Callable[..., None] = lambda *event: None  # queue an event for the pumping thread
    offered: LaneFetch | None = None  # started at the edge of the stop being handled
    waiting: LaneFetch | None = None  # the read a game is waiting for

    def read_lanes(self) -> LaneReading | None:
        """The lanes as of the stop being handled: the reading when the boards have
        already confirmed it, else None — the game gets ``lanes_read`` once they have
        (within ``confirm_s``). Never waits: this runs on the UI's pumping thread."""
        if self.status.readers is None:
            return LaneReading(available=False)
        fetch, self.offered = self.offered or self.start_fetch(), None
        if fetch is None:
            return LaneReading(available=False)
        if fetch.result is None:
            self.waiting = fetch
            return None
        self.waiting = None
        return self.status.reading(fetch.result)

    def run_off_thread(self, work: Callable[[], Any],
                       done: Callable[[Future[Any], float], Effects]) -> Future[Any]:
        """``work()`` on a daemon thread; ``done(future, now)`` later on the pumping
        thread (see :class:`~kiosk.table.games.GameContext`)."""
        future: Future[Any] = Future()

        def run() -> None:
            try:
                future.set_result(work())
            except BaseException as error:  # handed to ``done``: the game decides
                future.set_exception(error)
            self.post("work", done, future)

        threading.Thread(target=run, name="kiosk-game-work", daemon=True).start()
        return future

    @property
    def tags(self) -> TagMap | None:
        """The table's tag map (a TagBook that can learn, when composed with a store)."""
        return self.status.tags

    def lane_uids(self, seat: int, lane: int) -> frozenset[bytes]:
        """The tags one lane holds now, as the last inventory events said."""
        return self.status.inventory.get((seat, lane), frozenset())


class TableController(HardwareListener):
    """Implements :class:`kiosk.table.api.Controller`; plug it in as the hardware listener.

    ``clock`` is monotonic seconds (a ``ManualClock`` in tests); ``poll_ports`` makes
    every pump drive the seat panel's and pads' time-based work (holds, debounce,
    blinking) — for a fake clock, where no ticker thread runs. ``owned`` objects are
    closed with the controller. ``wakeup`` is called on the hardware thread after an
    event is queued (e.g. to schedule a pump at once).
    """

    def __init__(
        self,
        *,
        clock: Clock = time.monotonic,
        store: Store | None = None,
        panel: SeatPanel | None = None,
        pads: StopPads | None = None,
        readers: LaneReaders | None = None,
        tags: TagMap | None = None,
        game: str | None = None,
        config_dir: Path | None = None,
        poll_ports: bool = False,
        confirm_s: float = CONFIRM_S,
        owned: Iterable[Closeable] = (),
        wakeup: Callable[[], None] | None = None,
    ) -> None:
        self.clock = clock
        self.store: Store = store if store is not None else MemoryStore()
        self.panel, self.pads, self.readers = panel, pads, readers
        self.poll_ports = poll_ports
        self.wakeup = wakeup
        self._owned = list(owned)
        self._queue: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._pumping: int | None = None
        self._pump_thread: threading.Thread | None = None  # the last thread that pumped
        self._shift = clock_shift(self.store, clock())  # after a reboot: see table.resume
        self._last_now = clock() + self._shift
        self._closed = False
        self._listener = ControllerListener()
        self.status = HardwareStatus(panel, pads, readers, tags, confirm_s)
        self._store_said: tuple[str, ...] = ()  # the store problems staff were told of
        self._store_said_at = 0.0
        self._was_saving = True
        self.status.store_changed(*self._store_health())
        self.status.seats = self._seat_numbers()
        self.context = _Context(self.store, config_dir, self.status, self.status.seats,
                                self._start_fetch, self._put)
        self.game: TableGame = game_factory(game or registry.default().id)(self.context)
        self._settings_version = 0
        self._composed: tuple[Any, ...] = ()
        self.view: TableView = TableView()
        with self._lock:
            self._pumping = threading.get_ident()
            self._apply_hardware(self._guard(lambda: self.game.refresh(self._now())))
            self.view = self._compose()
            self._pumping = None

    # ------------------------------------------------------------------ hardware side

    def on_seat_pressed(self, seat: int, t: float) -> None:
        self._put("seat_pressed", seat, t)

    def on_seat_held(self, seat: int, t: float) -> None:
        self._put("seat_held", seat, t)

    def on_stop(self, t: float) -> None:
        # Start confirming the lanes now, on this hardware thread: by the UI's next pump
        # the boards have usually answered, and the verdict shows on the next frame.
        self._put("stop", t, self._start_fetch())

    def on_pad_stuck(self, pad: Pad, stuck: bool, t: float) -> None:
        self._put("pad_stuck", pad, stuck)

    def on_inventory(self, change: InventoryChange) -> None:
        self._put("inventory", change)

    def on_board_status(self, status: BoardStatus) -> None:
        self._put("board", status)

    def refresh_hardware(self) -> None:
        """Re-read board statuses and lanes at the next pump: call it once after
        plugging the controller in as the backends' listener, so nothing reported in
        between is missed."""
        self._put("refresh_hardware")

    # ------------------------------------------------------------------ UI side

    def set_listener(self, listener: ControllerListener) -> None:
        """Replace the listener and hand it the current view at once."""
        self._listener = listener
        self._call("on_view", self.view)

    def pump(self) -> None:
        """Apply everything queued, let time pass, then notify the listener.

        Called from inside a listener method it returns at once: the pump already
        running applies what was queued before it returns. The calling thread becomes
        the pumping thread: commands from other threads leave their work to it.
        """
        if self._pumping == threading.get_ident() or self._closed:
            return
        self._pump_thread = threading.current_thread()
        with self._lock:
            self._pumping = threading.get_ident()
            try:
                self._pump_once()
                while not self._queue.empty():
                    self._pump_once()
            finally:
                self._pumping = None

    def close(self) -> None:
        """End the game (lights off, pads disarmed), then close what the controller owns."""
        if self._closed:
            return
        with self._lock:
            self._apply_hardware(self._guard(lambda: self.game.close(self._now())))
            self._closed = True
        for thing in reversed(self._owned):
            try:
                thing.close()
            except Exception:
                log.exception("closing %r failed", thing)

    def wake(self) -> None:
        self._command("wake")

    def abandon(self) -> None:
        self._command("abandon")

    def act(self, command: str, **args: Any) -> Any:
        """One of the running game's commands (``game.commands``); its answer, if the
        game gives one. From another thread, a command in ``game.answers`` waits (at
        most ``COMMAND_WAIT_S``) for the pump that applies it; the others return None at
        once and take effect at that pump. Called from inside a listener method, the
        answer is None (the command is applied when that pump goes on)."""
        answers = getattr(self.game, "answers", frozenset())
        return self._command(str(command), wait=command in answers, **args)

    def staff(self, action: str, **args: Any) -> None:
        """``volume`` (level=0..1), ``mute`` (on=True/False), ``reset_scores``, and the game's own
        (``view.staff_actions`` lists them all)."""
        self._send("staff", str(action), args)

    def select_game(self, game: str) -> None:
        """Switch the table to another game (added to the contract); the running one ends."""
        self._send("select_game", game)

    # ------------------------------------------------------------------ inside

    def _put(self, *event: Any) -> None:
        self._queue.put(event)
        if self.wakeup is not None:
            self.wakeup()

    def _start_fetch(self) -> LaneFetch | None:
        """Confirm every lane off this thread; the answer comes back as a queued event."""
        if self.readers is None or self._closed:
            return None
        return LaneFetch(self.readers, self.status.confirm_s,
                         done=lambda fetch: self._put("lanes", fetch))

    def _command(self, name: str, wait: bool = False, **args: Any) -> Any:
        """Send a command; its result if it was applied before this returns. ``wait``:
        from another thread, wait (at most ``COMMAND_WAIT_S``) for the pump that
        applies it, for the result's sake."""
        command = _Command(name, args)
        if not self._send("command", command) and wait:
            command.done.wait(COMMAND_WAIT_S)
        return command.result

    def _send(self, *event: Any) -> bool:
        """Queue a UI event; pump it at once if this thread may: True if it did.

        Only the pumping thread (the UI's) calls the listener, so another thread leaves
        the event to that thread's next pump (``wakeup`` asks for it). With no pumping
        thread, or one that has ended, the caller pumps and becomes it, so a program
        with no UI (the tests, a script driving a table) needs no pump loop."""
        self._put(*event)
        pumper = self._pump_thread
        if pumper is not None and pumper is not threading.current_thread() \
                and pumper.is_alive():
            return False
        self.pump()
        return True

    def _now(self) -> float:
        self._last_now = max(self._last_now, self.clock() + self._shift)
        return self._last_now

    def _pump_once(self) -> None:
        now = self._now()
        self.status.refresh_tags()  # `kiosk tags import` beside a running kiosk
        if self.poll_ports:
            for port in (self.panel, self.pads):
                if port is not None:
                    port.poll(now - self._shift)
        effects = NOTHING
        while True:
            try:
                event = self._queue.get_nowait()
            except queue.Empty:
                break
            effects += self._apply_hardware(self._guard(lambda e=event: self._handle(e, now)))
        effects += self._apply_hardware(self._guard(lambda: self.game.tick(now)))
        effects += self._check_store(now)  # after the writes: the view says how they went
        self._notify(effects, now)

    def _handle(self, event: tuple[Any, ...], now: float) -> Effects:
        kind, *args = event
        game = self.game
        if kind == "command":
            command: _Command = args[0]
            try:
                effects = game.command(command.name, command.args, now)
                command.result = effects.result
            finally:
                command.done.set()  # a caller on another thread may wait for it
            return effects
        if kind == "seat_pressed":
            return game.seat_pressed(args[0], args[1] + self._shift, now)
        if kind == "seat_held":
            return game.seat_held(args[0], args[1] + self._shift, now)
        if kind == "stop":
            self.context.offered = args[1]
            try:
                return game.stop(args[0] + self._shift, now)
            finally:
                self.context.offered = None
        if kind == "lanes":  # a read the game waits for is in (see LaneFetch)
            fetch = args[0]
            if fetch is not self.context.waiting or fetch.result is None:
                return NOTHING  # a read nobody waits for any more
            self.context.waiting = None
            lanes_read = getattr(game, "lanes_read", None)
            if lanes_read is None:
                return NOTHING
            return lanes_read(self.status.reading(fetch.result), now)
        if kind == "work":  # a game's off-thread work is done (GameContext.run_off_thread)
            done, future = args
            owner = getattr(done, "__self__", None)
            if owner is not None and owner is not game:
                return NOTHING  # the game that asked has been replaced
            return done(future, now)
        if kind == "inventory":
            self.status.inventory_changed(args[0])
            return game.inventory_changed(args[0], now)
        if kind == "board":
            self.status.board_changed(args[0])
            return NOTHING
        if kind == "pad_stuck":  # the view's pads go False: the game's circles stand in
            self.status.pad_stuck(args[0], args[1])
            return NOTHING
        if kind == "refresh_hardware":
            self.status.reread()
            return NOTHING
        if kind == "staff":
            return self._staff(args[0], args[1], now)
        if kind == "select_game":  # switching games on purpose ends the running one
            if args[0] == game.game_id:
                return NOTHING
            try:
                factory = game_factory(args[0])
            except UnknownGameError as error:
                return problem(f"{error}")
            effects = self._apply_hardware(game.command("abandon", {}, now))
            effects += self._apply_hardware(game.close(now))
            self.game = factory(self.context)
            return effects + self.game.refresh(now)
        raise ValueError(f"unknown event {kind!r}")

    def _staff(self, action: str, args: dict[str, Any], now: float) -> Effects:
        if action == "volume":
            level = float(args.get("level", 1.0))
            self.store.set_setting("volume", min(1.0, max(0.0, level)))
        elif action == "mute":
            self.store.set_setting("muted", bool(args.get("on", True)))
        elif action == "reset_scores":
            self.store.reset_scores(self.game.game_id)
        else:  # the game's own staff tools (deck check, enrollment)
            own = getattr(self.game, "staff", None)
            effects = own(action, args, now) if own is not None else None
            if effects is None:
                known = ", ".join(self._staff_actions())
                return problem(f"Staff action '{action}' does not exist (use {known})")
            return effects
        self._settings_version += 1
        return self.game.refresh(now)

    def _store_health(self) -> tuple[tuple[str, ...], bool]:
        """(the store's problem sentences, whether it is saving); a plain store: fine."""
        try:
            retry = getattr(self.store, "retry", None)
            saving = retry() if retry is not None else True
            return tuple(getattr(self.store, "problems", ())), bool(saving)
        except Exception:
            log.exception("could not retry the store's kept writes")
            return self.status.store_problems, False

    def _check_store(self, now: float) -> Effects:
        """Retry kept writes; tell staff of each new store sentence once, again every
        REMIND_S while scores are not being saved, and once when saving starts again."""
        problems, saving = self._store_health()
        self.status.store_changed(problems, saving)
        new = tuple(p for p in problems if p not in self._store_said)
        was_saving, self._was_saving = self._was_saving, saving
        self._store_said = problems
        if new:
            self._store_said_at = now
            return Effects(problems=new)
        if not saving and problems and now - self._store_said_at >= REMIND_S:
            self._store_said_at = now
            return Effects(problems=problems[-1:])  # the store puts its fault last
        if saving and not was_saving:
            return problem(SAVED_AGAIN)
        return NOTHING

    def _guard(self, step: Callable[[], Effects]) -> Effects:
        """A bug in one input must not stop the table: log it and say so."""
        try:
            return step()
        except Exception as error:
            log.exception("the table could not apply an input")
            return problem(f"Something went wrong ({error}); staff: see the kiosk log")

    def _apply_hardware(self, effects: Effects) -> Effects:
        if self.pads is not None and effects.pads is not None:
            try:
                if effects.pads:
                    self.pads.arm()
                else:
                    self.pads.disarm()
            except Exception:
                log.exception("could not %s the stop pads", "arm" if effects.pads else "disarm")
        if self.panel is not None:
            for change in effects.leds:
                try:
                    self.panel.set_led(change.seat, change.led, change.mode)
                except Exception:
                    log.exception("could not set %s", change)
        return replace(effects, leds=(), pads=None)

    def _notify(self, effects: Effects, now: float) -> None:
        view = self._compose()
        if view is not self.view:
            self.view = view
            self._call("on_view", view)
        for sound in effects.sounds:
            self._call("on_sound", sound)
        for message in effects.problems:
            self._call("on_problem", message)
        left = self.game.time_left(now)
        if left is not None:
            self._call("on_tick", left)

    def _compose(self) -> TableView:
        game_view, hardware = self.game.view(), self.status.view()
        key = (game_view, hardware, self._settings_version)
        if len(self._composed) == 3 and all(a is b for a, b in zip(key, self._composed,
                                                                    strict=True)):
            return self.view
        self._composed = key
        view = replace(game_view, hardware=hardware, staff_actions=self._staff_actions(),
                       volume=sound_level(self.store.setting("volume", 1.0)),
                       muted=self.store.setting("muted", False) is True)
        return self.view if view == self.view else view

    def _staff_actions(self) -> tuple[str, ...]:
        return (*StaffAction, *getattr(self.game, "staff_actions", ()))

    def _call(self, method: str, *args: Any) -> None:
        try:
            getattr(self._listener, method)(*args)
        except Exception:
            log.exception("listener %s failed", method)

    def _seat_numbers(self) -> tuple[int, ...]:
        if self.panel is not None:
            return tuple(self.panel.seats)
        if self.readers is not None:
            seats = sorted({s.seat for s in self.readers.boards() if s.seat is not None})
            if seats:
                return tuple(seats)
        return DEFAULT_SEATS
