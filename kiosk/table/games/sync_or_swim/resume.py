"""Sync or Swim after a power cut: the open journal becomes the routine again.

At start-up the table replays its open journal with ``Session.from_history`` and
brings the routine to the *start of a round* — a moment the team can pick up from
with the cards in hand. Precisely, by the state the journal replays to:

- ``ROUND_READY``: as it is.
- ``PRACTICE`` (the power died while the timer ran) and ``PERFORMANCE`` (stopped,
  verdict not yet given): that practice is taken back. The journal is replayed
  without its last SWIM (and STOP) and continues at the last journaled moment, so
  no penalty and no retry is counted, and the seconds from the previous practice's
  end to that last moment are charged as time between practices at the next SWIM,
  as always (only before the routine's first SWIM is waiting free). Because the
  journal is append-only, the kept entries are copied into a new journal (``setup``
  gains ``resumed_from`` and ``copied``, the number of entries to copy) and the old
  one is closed — in that order. A cut in between leaves two open journals: the
  newest wins if the copy is complete, else the unfinished copy is dropped.
- ``TIME_OUT``: the timer had run out; TRY AGAIN follows (its penalty was earned).
- ``NOT_IN_SYNC``: the replay of the same round follows (the penalty was counted).
- ``IN_SYNC``: the next round follows (or, after round 6, the routine is finished
  and scored).
- ``SETUP`` (the journal opened but Begin was not yet recorded): the routine begins.
- ``FINISHED`` / ``ABANDONED`` (cut between the last entry and closing): the result
  is recorded unless the history already holds it, and the journal is closed.

The controller shifts its clock so that "now" continues from the last journaled
moment (:mod:`kiosk.table.resume`): the time the table was dark is not charged.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from kiosk.games.sync_or_swim.generator import random_routine
from kiosk.games.sync_or_swim.library import Content
from kiosk.games.sync_or_swim.routines import RoutineDef
from kiosk.games.sync_or_swim.scoring import score_session
from kiosk.games.sync_or_swim.session import Entry, Session, SessionError, State
from kiosk.store.protocol import GameResult, Journal, Store

log = logging.getLogger(__name__)

GAME_ID = "sync_or_swim"
ENDS_PRACTICE = ("stop", "time_out")
TAKEN_BACK = {State.PRACTICE: ("swim",), State.PERFORMANCE: ("stop", "swim")}


@dataclass(frozen=True)
class Resumed:
    """A routine brought back: ``journaled`` entries of ``session.history`` are already in
    journal ``journal_id``; the rest (the settling action) still has to be appended."""

    session: Session
    journal_id: int
    journaled: int
    at: float
    taken_back: bool

    @property
    def seconds_used(self) -> float:
        """Time used at the resume moment, with the wait since the last practice."""
        session = self.session
        ends = [e.now for e in session.history if e.action in ENDS_PRACTICE]
        waiting = self.at - ends[-1] if ends and session.state is State.ROUND_READY else 0.0
        return session.total_seconds + max(0.0, waiting)

    def message(self) -> str:
        if self.session.state is State.FINISHED:
            return "Welcome back — the power went out; your routine was complete"
        used = round(self.seconds_used)
        text = (f"Welcome back — the power went out; your routine continues at round "
                f"{self.session.round_number} with {used // 60}:{used % 60:02d} used")
        if self.taken_back:
            text += ". The interrupted practice starts over, without a penalty"
        return text


def find_routine(content: Content, routine_id: str) -> RoutineDef | None:
    """A campaign routine by id, or a random one rebuilt from the seed in its id."""
    try:
        return content.routine(routine_id)
    except KeyError:
        pass
    prefix = "random-"
    if routine_id.startswith(prefix) and routine_id[len(prefix):].isdigit():
        return random_routine(content.elements, content.twists, content.deck,
                              int(routine_id[len(prefix):]))
    return None


def resume(store: Store, content: Content) -> Resumed | None:
    """The routine in the newest open Sync or Swim journal, settled at a round's start;
    None if there is none or it cannot be rebuilt (that journal is then closed, and
    the reason logged, so a bad journal cannot stop every start-up)."""
    journals = [j for j in store.open_journals() if j.game == GAME_ID]
    while len(journals) > 1 and len(journals[-1].entries) < journals[-1].setup.get(
            "copied", 0):
        log.warning("dropping journal %s: a copy cut short", journals[-1].id)
        store.close_journal(journals.pop().id)
    if not journals:
        return None
    *superseded, journal = journals
    for old in superseded:
        log.warning("closing journal %s: journal %s replaced it", old.id, journal.id)
        store.close_journal(old.id)
    try:
        session = _replay(journal, content, journal.entries)
    except (SessionError, KeyError, TypeError, ValueError) as error:
        log.error("the routine in journal %s cannot be resumed (%s); it is closed",
                  journal.id, error)
        store.close_journal(journal.id)
        return None
    if session.is_over:
        _record_once(store, session)
        store.close_journal(journal.id)
        return None
    entries = list(journal.entries)
    at = entries[-1].now if entries else 0.0
    journal_id, taken_back = journal.id, False
    undo = TAKEN_BACK.get(session.state, ())
    if undo:
        entries = entries[:-len(undo)]
        session = _replay(journal, content, entries)
        journal_id = _copy(store, journal, entries)
        taken_back = True
    journaled = len(session.history)
    _settle(session, at)
    return Resumed(session, journal_id, journaled, at, taken_back)


def _replay(journal: Journal, content: Content, entries) -> Session:
    setup = journal.setup
    routine = find_routine(content, str(setup["routine_id"]))
    if routine is None:
        raise KeyError(f"routine {setup['routine_id']!r} is no longer in the content")
    return Session.from_history(routine, content.timing, [int(s) for s in setup["seats"]],
                                int(setup["captain"]), (Entry(*e) for e in entries))


def _copy(store: Store, journal: Journal, entries) -> int:
    copy = store.open_journal(GAME_ID, {**journal.setup, "resumed_from": journal.id,
                                        "copied": len(entries)})
    for entry in entries:
        store.append_journal(copy, entry.action, entry.now, tuple(entry.args))
    store.close_journal(journal.id)
    return copy


def _settle(session: Session, at: float) -> None:
    """From a verdict, a time out or Begin not yet pressed to the start of a round."""
    if session.state is State.SETUP:
        session.begin(at)
    elif session.state is State.TIME_OUT:
        session.try_again(at)
    elif session.state is State.NOT_IN_SYNC:
        session.replay(at)
    elif session.state is State.IN_SYNC:
        session.next_round(at)


def result_of(session: Session) -> GameResult:
    card = score_session(session)
    abandoned = session.state is State.ABANDONED
    return GameResult(session.routine.id, len(session.seats),
                      0 if abandoned else card.score, card.total_seconds, abandoned,
                      card.to_dict())


def _record_once(store: Store, session: Session) -> None:
    """The result of a routine that ended just before the cut, unless already kept."""
    result = result_of(session)
    history = store.results(GAME_ID)
    key = (result.played, result.players, result.score, result.abandoned, result.seconds)
    last = history[-1] if history else None
    kept = last is not None and (last.played, last.players, last.score, last.abandoned,
                                 last.seconds) == key
    if not kept:
        store.add_result(GAME_ID, result)
    if not result.abandoned:
        store.add_progress(GAME_ID, result.played)
