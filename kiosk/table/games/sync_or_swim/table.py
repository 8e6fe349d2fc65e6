"""Sync or Swim at the table: the :class:`~kiosk.table.games.TableGame` around a Session.

The rules engine's :class:`~kiosk.games.sync_or_swim.session.Session` keeps the routine;
this class adds what only a table has: the phases the screens follow (choosing, setup,
judging by hand …), the pads stopping the timer at the edge's own time, the lanes read
and judged at the stop, seat lights, sounds, scores and the journal.

Seat lights are declared, not commanded: after every input the class works out what
each LED should show (ready swimmers, the captain, failed swimmers blinking during the
Performance) and sends only the differences, so no path can leave a stale light on.

Every session action is journaled the moment it happens (see :mod:`kiosk.store.protocol`);
a routine's result is stored before its journal closes, so a power cut in between loses
nothing. An open journal at start-up is resumed at the start of a round
(:mod:`kiosk.table.games.sync_or_swim.resume`), and the view says so (``resumed``).

A store that fails never stops the routine: the table's store keeps what the disk
refuses (:mod:`kiosk.store.write_behind`), and with any other store a failed write is
logged and said, the entries not yet journaled are tried again at the next action,
and a journal whose result could not be stored stays open — the next start records
the result from it.
"""

from __future__ import annotations

import inspect
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from kiosk.games.sync_or_swim.cards import Card, CardError
from kiosk.games.sync_or_swim.content import ContentError
from kiosk.games.sync_or_swim.generator import NoRoutineFound, random_routine
from kiosk.games.sync_or_swim.judge import Table, judge
from kiosk.games.sync_or_swim.library import (
    PLAYER_COUNTS,
    Content,
    ContentProblems,
    load_content,
)
from kiosk.games.sync_or_swim.routines import RoutineDef
from kiosk.games.sync_or_swim.scoring import score_session
from kiosk.games.sync_or_swim.session import Session, SessionError, State
from kiosk.hardware.ports import InventoryChange, LedMode, SeatLed
from kiosk.paths import config_dir
from kiosk.store.protocol import GameResult
from kiosk.table.api import Sound, TableView
from kiosk.table.games import NOTHING, Effects, GameContext, LaneReading, LedChange, problem
from kiosk.table.games.sync_or_swim.campaign import (
    UNLOCK_ALL,
    CampaignRules,
    campaign_choices,
    read_rules,
    write_rules,
)
from kiosk.table.games.sync_or_swim.records import best_points, read_records
from kiosk.table.games.sync_or_swim.resume import Resumed, resume
from kiosk.table.games.sync_or_swim.staff import StaffTools
from kiosk.table.games.sync_or_swim.view import (
    COMMANDS,
    Phase,
    RoutineChoice,
    SyncOrSwimView,
    SyncRecords,
    SyncStaff,
    VerdictView,
)
from kiosk.table.games.sync_or_swim.views import (
    card_view,
    failed_seats,
    rules_view,
    score_view,
    verdict_view,
)

log = logging.getLogger(__name__)

GAME_ID = "sync_or_swim"
NOT_SAVED = "This routine could not be saved: staff, see the kiosk log"
TICKS = (5, 4, 3, 2, 1)  # seconds left at which a tick sounds
LAST_PLAYERS = f"{GAME_ID}.last_players"  # quick play's player count: the last table's
QUICK_PLAYERS = 4                          # ... or this, on a fresh table
TEAM_NAME_MAX = 24
READY_LED, CAPTAIN_LED, FAILED_LED = SeatLed.GREEN, SeatLed.YELLOW, SeatLed.RED  # our meanings
SESSION_PHASES = {
    State.SETUP: Phase.SETUP,
    State.ROUND_READY: Phase.ROUND_READY,
    State.PRACTICE: Phase.PRACTICE,
    State.TIME_OUT: Phase.TIME_OUT,
    State.PERFORMANCE: Phase.JUDGE_BY_HAND,  # the table could not decide
    State.IN_SYNC: Phase.PERFORMANCE,
    State.NOT_IN_SYNC: Phase.PERFORMANCE,
    State.FINISHED: Phase.SCORE,
}
_NEEDS = {
    "begin": (Phase.SETUP, "Begin works once a routine is chosen"),
    "swim": (Phase.ROUND_READY, "SWIM! works when a round is ready"),
    "stop_on_screen": (Phase.PRACTICE, "The timer is not running"),
    "try_again": (Phase.TIME_OUT, "TRY AGAIN follows a time out"),
    "judge_by_hand": (Phase.JUDGE_BY_HAND, "The table has already judged this Performance"),
    "override": (Phase.PERFORMANCE, "A verdict can be corrected only while it is shown"),
}


def content_problems(error: ContentError) -> tuple[str, ...]:
    """Every content problem as ``file:line: message`` (as ``kiosk check`` prints them),
    so the broken screen lists them all, not only the first that stopped loading."""
    if isinstance(error, ContentProblems):
        return tuple(error.lines())
    return (str(error),)


class SyncOrSwimTable:
    """Sync or Swim for one table. Build it with a :class:`GameContext`; pass
    ``content`` to skip loading the config folder, ``rng`` to pick the seeds of random
    routines asked for without one."""

    game_id = GAME_ID
    commands = COMMANDS
    answers = frozenset({"random_routine"})
    staff_actions = tuple(SyncStaff)

    def __init__(self, context: GameContext, content: Content | None = None,
                 rng: random.Random | None = None) -> None:
        self.context = context
        self.store = context.store
        self.rng = rng or random.Random()
        self.phase = Phase.ATTRACT
        self.problems: tuple[str, ...] = ()
        self.content = content
        if content is None:
            try:
                self.content = load_content(config_dir(context.config_dir))
            except ContentError as error:
                self.phase, self.problems = Phase.BROKEN, content_problems(error)
        self.players: int | None = None
        self.session: Session | None = None
        self.ready: frozenset[int] = frozenset()
        self.verdict: VerdictView | None = None
        self.score = None
        self.randoms: dict[str, RoutineDef] = {}
        self.team: str | None = None
        self._by_hand_why: tuple[str, ...] = ()
        self._reading = False  # stopped, waiting for a slow board to confirm the lanes
        self._stop_t = 0.0
        self._ticked: set[int] = set()
        self._journal: int | None = None
        self._journaled = 0
        self._result_stored = True  # False: the journal must stay open (see _finish)
        self._leds_sent: dict[tuple[int, SeatLed], LedMode] = {}
        self._now = 0.0
        self._view: TableView | None = None
        self._records: SyncRecords | None = None  # read again after a result or a refresh
        self._records_day: tuple[int, int, int] | None = None  # ... and on a new day
        self._resumed: tuple[Resumed, int] | None = None
        self.tools = StaffTools(context)
        if self.content is not None:
            self._resume()

    # ------------------------------------------------------------------ TableGame

    def view(self) -> TableView:
        if self._view is None:
            self._view = self._resume_note(self._build_view())
        return self._view

    def time_left(self, now: float) -> float | None:
        return self.session.time_left(now) if self.session is not None else None

    def command(self, name: str, args: Mapping[str, Any], now: float) -> Effects:
        handler: Callable[..., Effects] | None = None
        if name in (*COMMANDS, "wake", "abandon"):
            handler = getattr(self, f"_do_{name}", None)
        if handler is None:
            return problem(f"Sync or Swim has no '{name}'")
        try:
            inspect.signature(handler).bind(now, **args)
        except TypeError as error:
            return problem(f"Sync or Swim's '{name}' cannot take these arguments ({error})")
        if self.phase is Phase.BROKEN:
            return problem("Sync or Swim cannot start: its content files have problems")
        needed = _NEEDS.get(name)
        if needed is not None and self.phase is not needed[0]:
            return problem(needed[1])
        return self._apply(lambda: handler(now, **args), now)

    def seat_pressed(self, seat: int, t: float, now: float) -> Effects:
        if self.phase is Phase.ATTRACT:
            return self._apply(lambda: self._do_wake(now), now)
        if (self.phase in (Phase.ROUND_READY, Phase.PRACTICE) and self.session is not None
                and seat in self.session.seats):
            self.ready = self.ready ^ {seat}
            return self._apply(lambda: NOTHING, now)
        return NOTHING

    def seat_held(self, seat: int, t: float, now: float) -> Effects:
        return problem(f"Seat {seat} is calling staff")

    def stop(self, t: float, now: float) -> Effects:
        if self.phase is not Phase.PRACTICE:
            return NOTHING
        return self._apply(lambda: self._stop(t, now), now)

    def lanes_read(self, reading: LaneReading, now: float) -> Effects:
        if self.phase is not Phase.READING:
            return NOTHING  # abandoned meanwhile
        return self._apply(lambda: self._judge_lanes(reading, now), now)

    def inventory_changed(self, change: InventoryChange, now: float) -> Effects:
        if self.tools.observe(change, now):  # enrollment or the deck check is watching
            return self._apply(lambda: NOTHING, now)
        return NOTHING

    def staff(self, action: str, args: Mapping[str, Any], now: float) -> Effects | None:
        """Enrollment and the deck check (:mod:`kiosk.table.games.sync_or_swim.staff`); None
        for an action that is not the game's."""
        if action == SyncStaff.UNLOCK_ALL:
            self.store.set_setting(UNLOCK_ALL, bool(args.get("on", True)))
            return self._apply(lambda: NOTHING, now)
        if action == SyncStaff.CAMPAIGN:
            why = write_rules(self.store, args)
            return self._apply(lambda: problem(why) if why else NOTHING, now)
        if action not in self.staff_actions:
            return None
        if self.content is None:
            return problem("Sync or Swim cannot start: its content files have problems")
        full = [c.short for c in self.content.deck.for_players(max(PLAYER_COUNTS))]
        why = self.tools.do(action, args, self.phase, full, self._deck_names(), now)
        return self._apply(lambda: problem(why) if why else NOTHING, now)

    def _deck_names(self) -> list[str]:
        if self.content is None or self.session is None:
            return []
        return [c.short for c in self.content.deck.for_players(len(self.session.seats))]

    def tick(self, now: float) -> Effects:
        if self.tools.tick(now):  # a tag laid for enrollment has settled
            return self._apply(lambda: NOTHING, now)
        if self.phase is not Phase.PRACTICE or self.session is None:
            return NOTHING
        assert self.session.deadline is not None
        left = self.session.deadline - now
        if left <= 0:
            return self._apply(lambda: self._time_out(now), now)
        crossed = [s for s in TICKS if left <= s and s not in self._ticked]
        self._ticked.update(crossed)
        return Effects(sounds=(Sound.TICK,)) if crossed else NOTHING

    def refresh(self, now: float) -> Effects:
        self._records = None  # e.g. staff reset the scores
        return self._apply(lambda: NOTHING, now)

    def close(self, now: float) -> Effects:
        """Shutting down (a service restart, staff quitting, a crash handler) keeps the
        routine: its journal stays open and the next start resumes it, as after a power
        cut. Only the ``abandon`` command ends a routine early."""
        def detach() -> Effects:
            self.session = None
            self.verdict = self.score = None
            self.ready = frozenset()
            return Effects(pads=False)
        return self._apply(detach, now)

    # ------------------------------------------------------------------ commands

    def _do_wake(self, now: float) -> Effects:
        if self.phase is Phase.ATTRACT:
            self.phase = Phase.CHOOSING
            self.team = None  # a new group
        return NOTHING

    def _do_quick_play(self, now: float, players: int | None = None) -> Effects:
        """Walk-in play: routine 1 for the last table's number of swimmers (a fresh
        table: :data:`QUICK_PLAYERS`), straight to its setup, where the count can change."""
        if self.phase not in (Phase.ATTRACT, Phase.CHOOSING):
            return problem("Quick play starts from the attract screen or the routine list")
        assert self.content is not None
        if not self.content.campaign:
            return problem("Sync or Swim has no routines: staff, see the content files")
        if players is None:
            players = self.store.setting(LAST_PLAYERS, QUICK_PLAYERS)
            if players not in PLAYER_COUNTS:
                players = QUICK_PLAYERS
            players = max(min(PLAYER_COUNTS), min(players, len(self.context.seats)))
        self._do_wake(now)
        return self._do_choose(now, players, self.content.campaign[0].id)

    def _do_team(self, now: float, team: str | None = None) -> Effects:
        if self.phase not in (Phase.CHOOSING, Phase.SETUP, Phase.SCORE):
            return problem("Name your team before the routine starts")
        if team is None or not str(team).strip():
            self.team = None
            return NOTHING
        clean = " ".join(str(team).split())
        if len(clean) > TEAM_NAME_MAX or not clean.isprintable():
            return problem(f"A team name is at most {TEAM_NAME_MAX} letters, on one line")
        self.team = clean
        return NOTHING

    def _do_choose(self, now: float, players: int, routine_id: str,
                   seats: Sequence[int] | None = None) -> Effects:
        if self.phase not in (Phase.CHOOSING, Phase.SETUP, Phase.ATTRACT, Phase.SCORE):
            return problem("Finish or abandon this routine before choosing another")
        if players not in PLAYER_COUNTS:
            return problem(f"Sync or Swim is for 3 to 6 swimmers, not {players}")
        table_seats = self.context.seats
        chosen = tuple(seats) if seats is not None else table_seats[:players]
        if len(chosen) != players or len(set(chosen)) != players:
            return problem(f"Choose {players} different seats (this table has seats "
                           f"{', '.join(map(str, table_seats))})")
        if not set(chosen) <= set(table_seats):
            return problem(f"This table has seats {', '.join(map(str, table_seats))} only")
        routine = self._routine(routine_id)
        if routine is None:
            return problem(f"There is no routine {routine_id!r}")
        choice = next((c for c in self._choices() if c.id == routine.id), None)
        if choice is not None and choice.locked:
            return problem(f"Routine {choice.number} is locked: finish routine "
                           f"{(choice.number or 2) - 1} first")
        assert self.content is not None
        self.players = players
        self.store.set_setting(LAST_PLAYERS, players)
        self.session = Session(routine, self.content.timing, chosen, captain=chosen[0])
        self.verdict = self.score = None
        self.phase = Phase.SETUP
        return NOTHING

    def _do_begin(self, now: float) -> Effects:
        session = self._session()
        self._journal = self.store.open_journal(GAME_ID, {
            "routine_id": session.routine.id, "players": len(session.seats),
            "seats": list(session.seats), "captain": session.first_captain})
        self._journaled = 0
        self._result_stored = True
        session.begin(now)
        return NOTHING

    def _do_swim(self, now: float) -> Effects:
        self._session().swim(now)
        self.ready = frozenset()
        self._ticked = set()
        self.verdict = None
        return Effects(sounds=(Sound.WHISTLE,), pads=True)

    def _do_stop_on_screen(self, now: float) -> Effects:
        return self._stop(now, now)

    def _do_try_again(self, now: float) -> Effects:
        self._session().try_again(now)
        return NOTHING

    def _do_judge_by_hand(self, now: float, in_sync: bool) -> Effects:
        self._session().record_verdict(bool(in_sync), now)
        self.verdict = VerdictView(bool(in_sync), (), by_hand=True)
        return Effects(sounds=(Sound.CHEER if in_sync else Sound.GROAN,))

    def _do_override(self, now: float, in_sync: bool) -> Effects:
        session = self._session()
        if session.state is not (State.NOT_IN_SYNC if in_sync else State.IN_SYNC):
            return problem(f"The verdict already is {'IN SYNC' if in_sync else 'NOT IN SYNC'}")
        session.override_verdict(bool(in_sync), now)
        assert self.verdict is not None
        self.verdict = replace(self.verdict, in_sync=bool(in_sync), overridden=True)
        return NOTHING

    def _do_next(self, now: float) -> Effects:
        if self.phase is Phase.SCORE:
            self.session, self.score, self.phase = None, None, Phase.CHOOSING
            return NOTHING
        if self.phase is not Phase.PERFORMANCE:
            return problem("Next works after a Performance or on the score")
        session = self._session()
        if session.state is State.IN_SYNC:
            session.next_round(now)
        else:
            session.replay(now)
        self.verdict = None
        return NOTHING

    def _do_abandon(self, now: float) -> Effects:
        effects = self._end_session(now)
        self.phase = Phase.CHOOSING
        return effects

    def _do_random_routine(self, now: float, seed: int | None = None) -> Effects:
        if not self._rules().randoms_open(self._campaign_done()):
            return problem("Random routines open once the whole campaign is finished")
        assert self.content is not None
        seed = self.rng.randrange(1, 1_000_000) if seed is None else int(seed)
        try:
            routine = random_routine(self.content.elements, self.content.twists,
                                     self.content.deck, seed)
        except NoRoutineFound:
            return problem(f"No playable random routine for seed {seed}: try another")
        self.randoms[routine.id] = routine
        return Effects(result=routine.id)

    # ------------------------------------------------------------------ the round

    def _stop(self, t: float, now: float) -> Effects:
        session = self._session()
        assert session.deadline is not None
        t = max(t, session.history[-1].now)  # never before SWIM itself
        if t > session.deadline:
            return self._time_out(now)
        session.stop(t)
        self.ready = frozenset()
        self._stop_t = t
        reading = self.context.read_lanes()
        if reading is None:  # a board is still confirming: lanes_read follows
            self._reading = True
            return Effects(pads=False)
        return self._judge_lanes(reading, now)

    def _judge_lanes(self, reading: LaneReading, now: float) -> Effects:
        session, t = self._session(), self._stop_t
        self._reading = False
        missing = list(reading.missing(session.seats))
        plays: dict[tuple[int, int], tuple[Card, ...]] = {}
        for seat in session.seats:
            for lane, names in sorted(reading.lanes_of(seat).items()):
                try:
                    plays[seat, lane] = tuple(Card.parse(name) for name in names)
                except CardError:
                    missing.append(f"Seat {seat}, lane {lane} holds a card that is not a "
                                   "Sync card")
        if missing:
            self._by_hand_why = tuple(missing)
            return Effects(pads=False)
        table = Table(session.seats, session.captain, plays)
        verdict = judge(table, session.elements_in_force, session.twists_in_force)
        self.verdict = verdict_view(verdict, plays)
        session.record_verdict(verdict.in_sync, max(now, t))
        return Effects(sounds=(Sound.CHEER if verdict.in_sync else Sound.GROAN,), pads=False)

    def _time_out(self, now: float) -> Effects:
        session = self._session()
        assert session.deadline is not None
        session.time_out(session.deadline)
        self.ready = frozenset()
        return Effects(sounds=(Sound.HORN,), pads=False)

    def _finish(self) -> None:
        session = self._session()
        card = score_session(session)
        routine_id = session.routine.id
        self.score = score_view(card, None, routine_id=routine_id, seats=session.seats)
        best = best_points(self.store.results(GAME_ID), routine_id, len(session.seats))
        self._result_stored = False
        self.store.add_result(GAME_ID, GameResult(
            routine_id, len(session.seats), card.score, card.total_seconds, False,
            self._with_team(card.to_dict())))
        self._result_stored = True
        self._records = None
        self.store.add_progress(GAME_ID, routine_id)
        self.score = score_view(card, best, routine_id=routine_id, seats=session.seats,
                                following=self._following(routine_id))

    def _following(self, routine_id: str) -> RoutineChoice | None:
        """The campaign routine after ``routine_id``, if it is open now."""
        choices = [c for c in self._choices() if c.number is not None]
        ids = [c.id for c in choices]
        if routine_id not in ids or ids.index(routine_id) + 1 == len(ids):
            return None
        following = choices[ids.index(routine_id) + 1]
        return None if following.locked else following

    def _with_team(self, details: dict[str, Any]) -> dict[str, Any]:
        return {**details, "team": self.team} if self.team else details

    def _end_session(self, now: float) -> Effects:
        """Abandon a routine still running (scored 0, kept in the history)."""
        session = self.session
        if session is not None and not session.is_over and session.state is not State.SETUP:
            session.abandon(now)
            card = score_session(session)
            try:
                self._journal_new_entries()
                self._result_stored = False
                self.store.add_result(GAME_ID, GameResult(
                    session.routine.id, len(session.seats), 0, card.total_seconds, True,
                    self._with_team(card.to_dict())))
                self._result_stored = True
                self._close_journal_if_over()
            except Exception:
                log.exception("the abandoned routine could not be saved")
        self.session = None
        self.verdict = self.score = None
        self.ready = frozenset()
        self._reading = False
        return Effects(pads=False)

    # ------------------------------------------------------------------ bookkeeping

    def _apply(self, change: Callable[[], Effects], now: float) -> Effects:
        """Run one change, then bring phase, journal, view and lights up to date."""
        self._now = max(self._now, now)
        try:
            effects = change()
        except SessionError as error:
            effects = problem(str(error))
        try:  # the phase must follow the session whatever the store does
            self._journal_new_entries()
        except Exception:
            log.exception("the journal could not be written; the routine goes on")
            effects += problem(NOT_SAVED)
        try:
            self._follow_session()
            self._close_journal_if_over()
        except Exception:
            log.exception("the routine's result could not be saved; the routine goes on")
            effects += problem(NOT_SAVED)
        self._view = None
        return effects + Effects(leds=self._led_changes())

    def _follow_session(self) -> None:
        session = self.session
        if session is None or self.phase is Phase.BROKEN:
            return
        phase = SESSION_PHASES.get(session.state)
        if phase is Phase.JUDGE_BY_HAND and self._reading:
            phase = Phase.READING
        if phase is Phase.SCORE and self.phase is not Phase.SCORE:
            self.phase = phase
            self._finish()
        if phase is not None:
            self.phase = phase

    def _journal_new_entries(self) -> None:
        session = self.session
        if session is None or self._journal is None:
            return
        for entry in session.history[self._journaled:]:
            self.store.append_journal(self._journal, entry.action, entry.now, entry.args)
            self._journaled += 1  # one at a time: after a failure, the rest follow later

    def _close_journal_if_over(self) -> None:
        """Close after the result is stored (``_finish``/``_end_session``), never before,
        and never with entries missing: an open journal is what a restart recovers from."""
        session = self.session
        if (session is not None and session.is_over and self._journal is not None
                and self._result_stored and self._journaled == len(session.history)):
            self.store.close_journal(self._journal)
            self._journal = None

    # ------------------------------------------------------------------ after a power cut

    def _resume(self) -> None:
        """Reopen the routine of an open journal at the start of its round. Lights
        follow at the controller's first refresh; a failure only logs and starts fresh."""
        assert self.content is not None
        try:
            resumed = resume(self.store, self.content)
            if resumed is None:
                return
            session = resumed.session
            self.session, self.players = session, len(session.seats)
            self._journal, self._journaled = resumed.journal_id, resumed.journaled
            self._now = resumed.at
            self._journal_new_entries()
            self._follow_session()
            self._close_journal_if_over()
            self._resumed = (resumed, len(session.history))
            log.warning("%s", resumed.message())
        except Exception:
            log.exception("the routine in progress could not be resumed; starting fresh")
            self.session, self.players, self._journal = None, None, None
            self.phase, self.score = Phase.ATTRACT, None

    def _resume_note(self, view: TableView) -> TableView:
        """The welcome-back sentence, until the team's first action after the cut."""
        if self._resumed is None:
            return view
        resumed, length = self._resumed
        if self.session is not resumed.session or len(resumed.session.history) != length:
            self._resumed = None
            return view
        message = f"{resumed.message()}. {view.message}" if view.message else resumed.message()
        return replace(view, resumed=True, message=message)

    def _led_changes(self) -> tuple[LedChange, ...]:
        wanted = {(seat, led): LedMode.OFF for seat in self.context.seats for led in SeatLed}
        session = self.session
        if session is not None and not session.is_over:
            for seat in self.ready:
                wanted[seat, READY_LED] = LedMode.ON
            wanted[session.captain, CAPTAIN_LED] = LedMode.ON
            if self.phase is Phase.PERFORMANCE and self.verdict and not self.verdict.in_sync:
                for seat in failed_seats(self.verdict):
                    wanted[seat, FAILED_LED] = LedMode.BLINK
        changes = tuple(LedChange(seat, led, mode) for (seat, led), mode in wanted.items()
                        if self._leds_sent.get((seat, led)) is not mode)
        self._leds_sent.update(wanted)
        return changes

    def _session(self) -> Session:
        if self.session is None:
            raise SessionError("no routine is in play")
        return self.session

    def _routine(self, routine_id: str) -> RoutineDef | None:
        if routine_id in self.randoms:
            return self.randoms[routine_id]
        assert self.content is not None
        try:
            return self.content.routine(routine_id)
        except KeyError:
            return None

    def _rules(self) -> CampaignRules:
        campaign = self.content.campaign if self.content is not None else ()
        return read_rules(self.store, len(campaign))

    def _campaign_done(self) -> bool:
        assert self.content is not None
        return bool(self.content.campaign) and (
            self.content.campaign[-1].id in self.store.progress(GAME_ID))

    def _choices(self) -> tuple[RoutineChoice, ...]:
        if self.content is None:
            return ()
        rules = self._rules()
        routines = [*self.content.campaign, *self.randoms.values()]
        results = self.store.results(GAME_ID)
        top = {r.id: best_points(results, r.id, self.players) for r in routines}
        choices = campaign_choices(self.content.campaign, self.store.progress(GAME_ID),
                                   rules, top)
        if rules.randoms_open(self._campaign_done()):
            choices += [RoutineChoice(r.id, r.name, None, False, top[r.id])
                        for r in self.randoms.values()]
        return tuple(choices)

    # ------------------------------------------------------------------ the view

    def _records_view(self) -> SyncRecords:
        wall = getattr(self.store, "wall_clock", time.time)()
        day = time.localtime(wall)[:3]
        if self._records is None or day != self._records_day:  # "today" moved on
            campaign = self.content.campaign if self.content is not None else ()
            names = {r.id: r.name for r in (*campaign, *self.randoms.values())}
            self._records = read_records(self.store, names, [r.id for r in campaign], wall)
            self._records_day = day
        return self._records

    def _build_view(self) -> TableView:
        rules = self._rules()
        game = SyncOrSwimView(
            players=self.players, unlock_all=not rules.locking,
            open_from_start=rules.open_from_start, random_from_start=rules.random_open,
            team=self.team,
            enroll=self.tools.enroll_view(self.phase),
            deck_check=self.tools.check_view(self.phase, self._deck_names()))
        view = TableView(game=GAME_ID, phase=self.phase, problems=self.problems,
                         message=self._message())
        if self.phase is Phase.BROKEN:
            return replace(view, payload=game)
        if self.phase is Phase.CHOOSING:
            game = replace(game, choices=self._choices(),
                           randoms_open=rules.randoms_open(self._campaign_done()))
        if self.phase in (Phase.ATTRACT, Phase.CHOOSING, Phase.SCORE):
            game = replace(game, records=self._records_view())
        session = self.session
        if session is None:
            return replace(view, payload=game)
        view = replace(view, seats=session.seats)
        game = replace(
            game, captain=session.captain, ready=self.ready,
            routine_id=session.routine.id, routine_name=session.routine.name,
            verdict=self.verdict, score=self.score)
        if self.phase is Phase.SETUP:
            assert self.content is not None
            deck = self.content.deck.for_players(len(session.seats))
            return replace(view, payload=replace(
                game, deck=tuple(card_view(c) for c in deck),
                rules=rules_view(session.routine.elements, (session.routine.twist,))))
        if self.phase is Phase.SCORE:
            return replace(view, payload=game)
        new_rule = rules_view(session.elements_in_force, session.twists_in_force)
        added = next(r for r in new_rule if r.id == session.added.id)
        game = replace(game, round_number=session.round_number, rules=new_rule,
                       new_rule=added)
        return replace(view, payload=game, timer_seconds=session.timer_seconds,
                       time_left=session.time_left(self._now))

    def _message(self) -> str | None:
        session, phase = self.session, self.phase
        if phase is Phase.ATTRACT:
            return "Touch the screen to play Sync or Swim"
        if phase is Phase.CHOOSING:
            return "How many swimmers, and which routine?"
        if phase is Phase.BROKEN or session is None:
            return None
        captain = f"Seat {session.captain} is captain"
        if phase is Phase.SETUP:
            assert self.content is not None
            count = len(self.content.deck.for_players(len(session.seats)))
            return (f"Shuffle the {count} Sync cards shown onto the Centre Platform and lay "
                    f"the element cards face down in lane order. {captain}.")
        if phase is Phase.ROUND_READY:
            again = session.failures_this_round > 0
            head = (f"Round {session.round_number} again, with {session.timer_seconds} s"
                    if again else f"Round {session.round_number}: {session.added.name} joins")
            return f"{head}. {captain}. Deal 2 cards each, then SWIM!"
        if phase is Phase.PRACTICE:
            return "Swim! Captain: touch both stop pads when everyone is in the diving position"
        if phase is Phase.TIME_OUT:
            return "Time is up: TRY AGAIN (+10 s)"
        if phase is Phase.READING:
            return "Stopped! Reading the cards… keep them where they are"
        if phase is Phase.JUDGE_BY_HAND:
            return "; ".join(self._by_hand_why) + " — judge this one yourselves"
        if phase is Phase.PERFORMANCE and self.verdict is not None:
            words = "IN SYNC!" if self.verdict.in_sync else "NOT IN SYNC (+10 s)"
            if self.verdict.overridden:
                return f"{words} (corrected by staff)"
            return f"{words} (judged by you)" if self.verdict.by_hand else words
        if phase is Phase.SCORE and self.score is not None:
            return f"Routine complete: {self.score.score} points"
        return None
