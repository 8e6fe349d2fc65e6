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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol


class Phase(StrEnum):
    """Where the table is, from the players' point of view; screens follow this."""

    ATTRACT = "attract"            # nobody playing: the attract loop
    CHOOSING = "choosing"          # player count and routine
    SETUP = "setup"                # deck for this table size, element places, captain
    ROUND_READY = "round ready"    # elements face up, waiting for SWIM!
    PRACTICE = "practice"          # timer running
    TIME_OUT = "time out"          # TRY AGAIN
    READING = "reading"            # timer stopped; a slow reader board is still confirming
                                   # the cards (at most a couple of seconds)
    JUDGE_BY_HAND = "judge by hand"  # no readers or an unreadable card: players decide
    PERFORMANCE = "performance"    # verdict known: lanes revealed from lane 1, then
                                   # IN SYNC / NOT IN SYNC
    SCORE = "score"                # routine over: score and breakdown
    BROKEN = "broken"              # config unusable: a list of problems, nothing else


class Sound(StrEnum):
    WHISTLE = "whistle"  # SWIM!
    TICK = "tick"        # each of the last 5 seconds
    HORN = "horn"        # time out
    CHEER = "cheer"      # IN SYNC
    GROAN = "groan"      # NOT IN SYNC


@dataclass(frozen=True)
class CardView:
    """One card as the screen shows it: short form plus words for colour-blind players."""

    short: str           # "blue-7-LH"
    colour: str          # "blue" | "yellow" | "green" | "gray"
    value: int
    hand: str | None     # "left" | "both" | "right" | None
    foot: str | None


@dataclass(frozen=True)
class RuleView:
    """An element or twist face up on the table."""

    id: str
    name: str
    text: str            # one plain sentence
    kind: str            # "element" | "twist"
    lane: int | None     # elements: their lane; twists: None
    details: tuple[str, ...] = ()  # extra lines for tap-for-details


@dataclass(frozen=True)
class SwimmerLaneView:
    seat: int
    cards: tuple[CardView, ...]
    passed: bool
    reason: str | None = None
    role: str | None = None


@dataclass(frozen=True)
class LaneView:
    lane: int
    rule: str
    passed: bool
    swimmers: tuple[SwimmerLaneView, ...]
    choice: str | None = None


@dataclass(frozen=True)
class VerdictView:
    in_sync: bool
    lanes: tuple[LaneView, ...]
    by_hand: bool = False        # decided by the players, not the readers
    overridden: bool = False     # corrected by staff


@dataclass(frozen=True)
class RoundScoreView:
    round_number: int
    added: str
    practice_seconds: float
    between_seconds: float
    penalty_seconds: float
    retries: int


@dataclass(frozen=True)
class ScoreView:
    score: int
    total_seconds: float
    par_seconds: int
    rounds: tuple[RoundScoreView, ...]
    best_before: int | None = None  # the table's top score for this routine before now


@dataclass(frozen=True)
class RoutineChoice:
    id: str
    name: str
    number: int | None       # campaign position, None for random routines
    locked: bool
    top_score: int | None


@dataclass(frozen=True)
class HardwareView:
    """What the table can and cannot do right now, in words staff and players read."""

    pads: bool = False                 # physical stop pads usable (fitted, none stuck)
    readers: bool = False              # every seat's reader board online
    seat_buttons: bool = False
    problems: tuple[str, ...] = ()     # e.g. "Seat 3's reader is unplugged: check its USB cable"
    stuck_pads: tuple[str, ...] = ()   # pads held or stuck, e.g. ("A",): the circles stand in
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


@dataclass(frozen=True)
class TableView:
    """Everything a screen needs, as one immutable snapshot."""

    game: str = "sync_or_swim"
    phase: Phase = Phase.ATTRACT
    players: int | None = None
    seats: tuple[int, ...] = ()
    captain: int | None = None
    ready: frozenset[int] = frozenset()
    routine_id: str | None = None
    routine_name: str | None = None
    round_number: int | None = None
    rules: tuple[RuleView, ...] = ()            # in force now, lane order, twist last
    new_rule: RuleView | None = None            # the one added this round
    timer_seconds: int | None = None            # this round's full timer
    time_left: float | None = None              # during PRACTICE
    deck: tuple[CardView, ...] = ()             # SETUP: the Sync cards for this size
    choices: tuple[RoutineChoice, ...] = ()     # CHOOSING
    verdict: VerdictView | None = None          # PERFORMANCE
    score: ScoreView | None = None              # SCORE
    hardware: HardwareView = field(default_factory=HardwareView)
    message: str | None = None                  # one sentence for the top of the screen
    resumed: bool = False                       # reopened after a power cut
    problems: tuple[str, ...] = ()              # BROKEN: config problems, file:line: message
    volume: float = 1.0                         # staff setting, 0.0 (mute) to 1.0
    unlock_all: bool = False                    # staff setting: every routine open
    enroll: EnrollView | None = None            # staff enrolling card tags
    deck_check: DeckCheckView | None = None     # SETUP: the deck passed over a reader


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
    """Every action the UI sends through :meth:`Controller.staff`, so a controller (or a
    fake of one) can be checked to know them all."""

    VOLUME = "volume"                      # level=0.0..1.0
    UNLOCK_ALL = "unlock_all"              # on=True
    RESET_SCORES = "reset_scores"
    DECK_CHECK_START = "deck_check_start"  # seat=1, lane=1; during SETUP
    DECK_CHECK_STOP = "deck_check_stop"
    ENROLL_START = "enroll_start"          # in_order=True, seat=1, lane=1; between routines
    ENROLL_CARD = "enroll_card"            # card="blue-1-LH" (card by card)
    ENROLL_REPLACE = "enroll_replace"      # a tag of another card: bind it to this one
    ENROLL_SKIP = "enroll_skip"
    ENROLL_STOP = "enroll_stop"


class Controller(Protocol):
    """What the UI may call, and all of it: the app uses nothing a controller does not
    declare here (``tests/ui/test_contract.py`` holds the real one and the fake to it).

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

    def wake(self) -> None: ...                          # ATTRACT -> CHOOSING
    def choose(self, players: int, routine_id: str,
               seats: Iterable[int] | None = None) -> None: ...  # CHOOSING -> SETUP
    # (seats: which seats play; default the table's first ``players`` seats)
    def begin(self) -> None: ...                         # SETUP -> ROUND_READY
    def swim(self) -> None: ...                          # ROUND_READY -> PRACTICE
    def stop_on_screen(self) -> None: ...                # fallback two-finger stop
    def try_again(self) -> None: ...                     # TIME_OUT -> ROUND_READY
    def judge_by_hand(self, in_sync: bool) -> None: ...  # JUDGE_BY_HAND -> PERFORMANCE
    def override(self, in_sync: bool) -> None: ...       # staff, in PERFORMANCE: verdict flips
    def next(self) -> None: ...  # PERFORMANCE -> ROUND_READY | SCORE; SCORE -> CHOOSING
    def abandon(self) -> None: ...                       # any -> CHOOSING (staff or timeout)
    def random_routine(self, seed: int | None = None) -> str: ...  # new choice id
    def staff(self, action: StaffAction | str, **args: Any) -> None: ...  # a StaffAction;
    # an action it does not know is refused with a problem (on_problem)
    def select_game(self, game: str) -> None: ...        # another game (ends the running one)
