"""The routine's score: 0-100 from total time against the routine's par.

The formula (the publisher's is not public; this is the kiosk's house rule)::

    score = round_half_up(100 × par / max(total, par))

where ``total`` = practice time + time between practices + penalties, in seconds, and
``par`` is :meth:`RoutineDef.par`. An abandoned routine scores 0.

Why this shape:

- **The ceiling is the published 100**, reached by any team at or under par, so a
  routine's top score is attainable and a café's leaderboard is not a race to shave
  tenths of a second off an already perfect run.
- **Never negative**: the score halves at twice par and keeps approaching 0, so a slow
  but finished routine always earns something — a 0 means abandoned.
- **Every second over par costs something**: the exact ratio falls with each second and
  each penalty; the shown whole number drops a point about every ``(total/par)² × par/100``
  seconds (every 3 s at par 300, every 12 s at twice par).
- Exact arithmetic (``Fraction``) and half-up rounding, so the same times always give the
  same score on every machine, with no banker's rounding surprises (62.5 shows 63).

>>> score_for(300, par=300), score_for(240, par=300), score_for(600, par=300)
(100, 100, 50)
>>> score_for(450, par=300), score_for(8, par=5)
(67, 63)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from fractions import Fraction

from .session import RoundRecord, Session, State

MAX_SCORE = 100


class ScoringError(ValueError):
    """A routine that cannot be scored (still running, or impossible times)."""


def score_for(total: float, par: int) -> int:
    """The score for ``total`` seconds against ``par`` seconds."""
    if par <= 0:
        raise ScoringError(f"par must be a positive number of seconds, not {par!r}")
    if not math.isfinite(total) or total < 0:
        raise ScoringError(f"total time must be 0 or more seconds, not {total!r}")
    ratio = Fraction(MAX_SCORE * par) / max(Fraction(total), Fraction(par))
    return math.floor(ratio + Fraction(1, 2))


@dataclass(frozen=True)
class ScoreCard:
    """The score with the times it came from and the per-round breakdown."""

    score: int
    total_seconds: float
    par_seconds: int
    practice_seconds: float
    between_seconds: float
    penalty_seconds: float
    rounds: tuple[RoundRecord, ...]
    abandoned: bool = False

    @property
    def retries(self) -> int:
        return sum(r.retries for r in self.rounds)

    @property
    def seconds_over_par(self) -> float:
        return max(0.0, self.total_seconds - self.par_seconds)

    def to_dict(self) -> dict:
        """A JSON-ready form for the score screen and the store."""
        return {
            "score": self.score, "total_seconds": self.total_seconds,
            "par_seconds": self.par_seconds, "practice_seconds": self.practice_seconds,
            "between_seconds": self.between_seconds, "penalty_seconds": self.penalty_seconds,
            "retries": self.retries, "abandoned": self.abandoned,
            "rounds": [{**asdict(r), "retries": r.retries, "total_seconds": r.total_seconds}
                       for r in self.rounds],
        }


def score_records(records: Iterable[RoundRecord], par: int, *,
                  abandoned: bool = False) -> ScoreCard:
    """Score a routine from its round records (as kept by :class:`.session.Session`)."""
    rounds = tuple(records)
    practice = sum(r.practice_seconds for r in rounds)
    between = sum(r.between_seconds for r in rounds)
    penalties = sum(r.penalty_seconds for r in rounds)
    total = practice + between + penalties
    score = score_for(total, par)  # checks par and total even when abandoned
    return ScoreCard(0 if abandoned else score, total, par, practice, between, penalties,
                     rounds, abandoned)


def score_session(session: Session) -> ScoreCard:
    """Score a finished or abandoned session against its routine's par."""
    if not session.is_over:
        raise ScoringError(
            f"the routine is still in progress (state {session.state.name}); "
            "score it once it is FINISHED or ABANDONED")
    return score_records(session.records, session.routine.par(session.timing),
                         abandoned=session.state is State.ABANDONED)
