"""A text walkthrough of one routine, played by a simulated team with made-up times.

It runs the real pieces end to end — session, solver, judge, score — and shows a
TRY AGAIN and a NOT IN SYNC on the way, so a newcomer sees every screen's worth of
logic in a terminal. Pure: it yields lines and never sleeps or reads a clock.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .cards import Card
from .judge import Table, Verdict, judge
from .library import Content
from .routines import RoutineDef
from .scoring import score_session
from .session import Session, State
from .solver import OutOfBudget, Solver


def _describe_verdict(verdict: Verdict) -> Iterator[str]:
    yield f"    Performance: {verdict.words}"
    for lane in verdict.lanes:
        mark = "ok " if lane.passed else "XX "
        choice = f" (captain chose: {lane.choice})" if lane.choice else ""
        yield f"      {mark}lane {lane.lane} {lane.element_name}{choice}"
        for swimmer in lane.swimmers:
            if swimmer.reason:
                yield f"           {swimmer.reason}"


def _spoil(table: Table, elements, twists, deck: tuple[Card, ...]) -> Table:
    """The same table with one card swapped for a wrong one: a mistake at the table."""
    on_table = {c for cards in table.plays.values() for c in cards}
    for key in sorted(table.plays):
        for candidate in sorted(set(deck) - on_table, key=lambda c: c.sort_key):
            plays = {**table.plays, key: (candidate, *table.plays[key][1:])}
            spoiled = Table(table.seats, table.captain, plays)
            if not judge(spoiled, elements, twists).in_sync:
                return spoiled
    return table


def walkthrough(content: Content, routine: RoutineDef, players: int, seed: int = 1
                ) -> Iterator[str]:
    rng = random.Random(seed)
    seats = tuple(range(1, players + 1))
    deck = content.deck.for_players(players)
    session = Session(routine, content.timing, seats, captain=1)
    now = 0.0
    yield f"Routine {routine.id} '{routine.name}' for {players} swimmers"
    par = routine.par(content.timing)
    yield f"  Deck: {len(deck)} Sync cards ({content.deck.name}); par {par} s"
    session.begin(now)
    while not session.is_over:
        added = session.added
        yield ""
        yield f"Round {session.round_number}: adds {added.name} — {_text(added)}"
        yield f"  Captain: seat {session.captain}; timer {session.timer_seconds} s"
        now += 8.0
        session.swim(now)
        yield "  SWIM!"
        if session.round_number == 2 and session.records[-1].time_outs == 0:
            now = session.deadline
            session.time_out(now)
            yield "  Time is up before the captain touched both stop pads: TRY AGAIN (+10 s)"
            now += 6.0
            session.try_again(now)
            continue
        elements, twists = session.elements_in_force, session.twists_in_force
        try:
            table = Solver(deck, rng).solve(seats, session.captain, elements, twists)
        except OutOfBudget:
            yield ("  The simulated team found no winning table in time (this routine may be "
                   "too hard for this deck): routine abandoned.")
            session.abandon(now)
            break
        if table is None:
            yield "  No legal table can meet these elements with this deck: routine abandoned."
            session.abandon(now)
            break
        if session.round_number == 4 and session.records[-1].not_in_syncs == 0:
            table = _spoil(table, elements, twists, deck)
        now += min(session.timer_seconds - 1, 6.0 + 3 * len(elements))
        session.stop(now)
        verdict = judge(table, elements, twists)
        yield from _describe_verdict(verdict)
        now += 10.0
        session.record_verdict(verdict.in_sync, now)
        now += 5.0
        if session.state is State.IN_SYNC:
            session.next_round(now)
        else:
            yield "  NOT IN SYNC (+10 s): the captain passes left and the team replays the round"
            session.replay(now)
    if session.state is State.FINISHED:
        card = score_session(session)
        yield ""
        yield (f"Score {card.score}/100: total {card.total_seconds:.0f} s "
               f"(practice {card.practice_seconds:.0f}, between {card.between_seconds:.0f}, "
               f"penalties {card.penalty_seconds:.0f}) against par {card.par_seconds} s")
        for r in card.rounds:
            yield (f"  round {r.round_number} {r.added_name:<20} practice "
                   f"{r.practice_seconds:5.1f} s  between {r.between_seconds:5.1f} s  "
                   f"penalties {r.penalty_seconds:4.0f} s  retries {r.retries}")


def _text(added) -> str:
    return getattr(added, "summary", "") or added.text
