"""Sync or Swim's part of the :class:`~kiosk.table.api.TableView`: its phases, its
staff actions and :class:`SyncOrSwimView`, the payload its screens draw from
(``view.payload``). The controller and the shared screens never look inside it.

>>> SyncOrSwimView().routine_name is None, Phase.SCORE == "score"
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from kiosk.table.api import DeckCheckView, EnrollView


class Phase(StrEnum):
    """Where the table is, from the players' point of view; screens follow this."""

    ATTRACT = "attract"          # nobody playing: the attract loop
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
    """One round's bar; its seconds are whole and add up to the score's total."""

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
    start: int = 0                  # the points a team starts with (3 x par)
    medal: str | None = None        # "gold", "silver" or "bronze" against par
    parts: tuple[int, int, int] = (0, 0, 0)   # whole seconds: practice, between, penalties
    routine_id: str = ""
    players: int = 0
    seats: tuple[int, ...] = ()
    next_routine_id: str | None = None   # the campaign's next routine, when it is open
    next_routine_name: str = ""


@dataclass(frozen=True)
class RoutineChoice:
    id: str
    name: str
    number: int | None       # campaign position, None for random routines
    locked: bool
    top_score: int | None

class SyncStaff(StrEnum):
    """Sync or Swim's own staff actions, sent through ``controller.staff``."""

    UNLOCK_ALL = "unlock_all"              # on=True
    CAMPAIGN = "campaign"                  # locking=bool, open_from_start=int,
                                           # random_from_start=bool (any of them)
    DECK_CHECK_START = "deck_check_start"  # seat=1, lane=1; during SETUP
    DECK_CHECK_STOP = "deck_check_stop"
    ENROLL_START = "enroll_start"          # in_order=True, seat=1, lane=1; between routines
    ENROLL_CARD = "enroll_card"            # card="blue-1-LH" (card by card)
    ENROLL_REPLACE = "enroll_replace"      # a tag of another card: bind it to this one
    ENROLL_SKIP = "enroll_skip"
    ENROLL_STOP = "enroll_stop"


COMMANDS = ("choose", "begin", "swim", "stop_on_screen", "try_again", "judge_by_hand",
            "override", "next", "random_routine", "quick_play", "team")
"""What ``controller.act`` takes for Sync or Swim (besides the shared ``wake`` and
``abandon``): ``choose`` (players, routine_id, seats=None), ``quick_play``
(players=None: straight from the attract screen to routine 1's setup), ``team``
(team: the team's name, or None; choosing and setup), ``begin``, ``swim``,
``stop_on_screen``, ``try_again``, ``judge_by_hand`` (in_sync), ``override`` (in_sync,
staff), ``next``, ``random_routine`` (seed=None; returns the new choice's id)."""


@dataclass(frozen=True)
class RoutineRecord:
    """One routine in the records: its best score at this table (any size) and how
    often it was finished."""

    name: str
    number: int | None   # campaign position, None for random routines
    top_score: int | None
    finished: int


@dataclass(frozen=True)
class LeaderRow:
    """One team on a leaderboard (``team`` is "" for a team that gave no name)."""

    team: str
    score: int
    players: int


PERIODS = ("Today", "This month", "All time")


@dataclass(frozen=True)
class Leaderboard:
    """One routine's best teams (or every random routine's, ``played`` "random"), best
    first, for each of :data:`PERIODS`: scores in points only."""

    played: str
    name: str
    number: int | None
    periods: tuple[tuple[LeaderRow, ...], ...] = ((), (), ())


@dataclass(frozen=True)
class SyncRecords:
    """The records overlay: the campaign's top scores, the last few results and a
    leaderboard per routine."""

    routines: tuple[RoutineRecord, ...] = ()
    recent: tuple[str, ...] = ()   # newest first, one plain line each
    boards: tuple[Leaderboard, ...] = ()   # campaign order, the random routines' last


@dataclass(frozen=True)
class SyncOrSwimView:
    """Everything only Sync or Swim's screens need (``view.payload``)."""

    players: int | None = None
    captain: int | None = None
    ready: frozenset[int] = frozenset()
    routine_id: str | None = None
    routine_name: str | None = None
    round_number: int | None = None
    rules: tuple[RuleView, ...] = ()            # in force now, lane order, twist last
    new_rule: RuleView | None = None            # the one added this round
    deck: tuple[CardView, ...] = ()             # SETUP: the Sync cards for this size
    choices: tuple[RoutineChoice, ...] = ()     # CHOOSING
    verdict: VerdictView | None = None          # PERFORMANCE
    score: ScoreView | None = None              # SCORE
    unlock_all: bool = False                    # staff setting: every routine open
    open_from_start: int = 3                    # staff setting: routines open on a fresh table
    random_from_start: bool = True              # staff setting: random routines for anyone
    randoms_open: bool = False                  # CHOOSING: a random routine may be asked for
    team: str | None = None                     # the team's name, if it gave one
    enroll: EnrollView | None = None            # staff enrolling card tags
    deck_check: DeckCheckView | None = None     # SETUP: the deck passed over a reader
    records: SyncRecords | None = None          # ATTRACT, CHOOSING, SCORE: top scores
