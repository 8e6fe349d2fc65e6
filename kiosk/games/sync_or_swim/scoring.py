"""The routine's score: points that keep counting every second, and a medal against par.

The formula (the publisher's is not public; this is the kiosk's house rule,
``docs/sync-or-swim-scoring.md``)::

    seconds = round_half_up(practice + between + penalties)     (whole seconds)
    points  = max(0, 3 × par − seconds)
    medal   = gold at or under par, silver up to 1.5 × par, bronze above; none if abandoned

A team starts with three times the routine's par in points (720 for a 4-minute par) and
every second costs one point: practice, the time between practices, and each penalty's
seconds alike. An abandoned routine scores 0.

Why this shape:

- **Every second and every penalty counts, under par too**: the old score
  (``100 × par / max(total, par)``) gave every team under par the same 100, two NOT IN
  SYNCs or none. Here one second is one point, everywhere above 0.
- **A breakdown that adds up**: the card's parts are whole seconds apportioned from the
  exact times (largest remainder), so ``start − practice − between − penalties`` is the
  points shown, and the rounds' bars add up to the total shown (:func:`apportion`).
- **Par still means something**: the medal says how the team did against par, so a
  café's walk-ins see at a glance whether they beat it.
- **Never negative**: a team slower than three times par scores 0 but keeps its medal.
- Exact, half-up rounding (``Fraction``): the same times give the same score everywhere.

>>> score_for(300, par=300), score_for(240, par=300), score_for(250, par=300)
(600, 660, 650)
>>> score_for(1000, par=300), medal_for(240, 300), medal_for(450, 300), medal_for(451, 300)
(0, 'gold', 'silver', 'bronze')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction

from .session import RoundRecord, Session, State

START_PER_PAR = 3       # the points a team starts with, in pars
SCORING = "points"      # the name stored with each result (older results have none)
MEDALS = (("gold", Fraction(1)), ("silver", Fraction(3, 2)))   # (medal, up to × par)
LOWEST_MEDAL = "bronze"


class ScoringError(ValueError):
    """A routine that cannot be scored (still running, or impossible times)."""


def round_half_up(value: float | Fraction) -> int:
    return math.floor(Fraction(value) + Fraction(1, 2))


def _checked(total: float, par: int) -> None:
    if par <= 0:
        raise ScoringError(f"par must be a positive number of seconds, not {par!r}")
    if not math.isfinite(total) or total < 0:
        raise ScoringError(f"total time must be 0 or more seconds, not {total!r}")


def score_for(total: float, par: int) -> int:
    """The points for ``total`` seconds against ``par`` seconds."""
    _checked(total, par)
    return max(0, START_PER_PAR * par - round_half_up(total))


def medal_for(total: float, par: int) -> str:
    """"gold", "silver" or "bronze" for a finished routine of ``total`` seconds."""
    _checked(total, par)
    seconds = round_half_up(total)
    return next((medal for medal, limit in MEDALS if seconds <= limit * par), LOWEST_MEDAL)


def apportion(parts: Sequence[float]) -> list[int]:
    """Whole numbers, one per part, that add up to the rounded sum of the parts: each
    part rounded down, and the seconds left over go to the largest remainders (the
    first of equal ones).

    >>> apportion([0.6, 0.6, 0.6, 0.6, 0.6])
    [1, 1, 1, 0, 0]
    >>> apportion([31.4, 12.0, 6.6])
    [31, 12, 7]
    """
    exact = [Fraction(part) for part in parts]
    whole = [math.floor(part) for part in exact]
    left = round_half_up(sum(exact, Fraction(0))) - sum(whole)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - whole[i]), i))
    for i in by_remainder[:left]:
        whole[i] += 1
    return whole


@dataclass(frozen=True)
class ScoreCard:
    """The score with the times it came from and the per-round breakdown.

    ``whole``: per round, (practice, between, penalties) in whole seconds that add up
    exactly to ``seconds``, the rounded total (see :func:`apportion`); so
    ``start - seconds == score`` for any finished routine above 0 points."""

    score: int
    total_seconds: float
    par_seconds: int
    practice_seconds: float
    between_seconds: float
    penalty_seconds: float
    rounds: tuple[RoundRecord, ...]
    abandoned: bool = False
    whole: tuple[tuple[int, int, int], ...] = ()

    @property
    def start(self) -> int:
        """The points a team starts with on this routine."""
        return START_PER_PAR * self.par_seconds

    @property
    def seconds(self) -> int:
        return sum(sum(parts) for parts in self.whole)

    def part_seconds(self, part: int) -> int:
        """Whole seconds of one part over all rounds: 0 practice, 1 between, 2 penalties."""
        return sum(parts[part] for parts in self.whole)

    @property
    def medal(self) -> str | None:
        return None if self.abandoned else medal_for(self.seconds, self.par_seconds)

    @property
    def retries(self) -> int:
        return sum(r.retries for r in self.rounds)

    @property
    def seconds_over_par(self) -> float:
        return max(0.0, self.total_seconds - self.par_seconds)

    def to_dict(self) -> dict:
        """A JSON-ready form for the score screen and the store. ``scoring`` names the
        formula: results stored before it have none (their score was out of 100)."""
        return {
            "scoring": SCORING, "score": self.score, "medal": self.medal,
            "start": self.start, "seconds": self.seconds,
            "total_seconds": self.total_seconds,
            "par_seconds": self.par_seconds, "practice_seconds": self.practice_seconds,
            "between_seconds": self.between_seconds, "penalty_seconds": self.penalty_seconds,
            "retries": self.retries, "abandoned": self.abandoned,
            "rounds": [{**asdict(r), "retries": r.retries, "total_seconds": r.total_seconds,
                        "whole": list(parts)}
                       for r, parts in zip(self.rounds, self.whole, strict=True)],
        }


def score_records(records: Iterable[RoundRecord], par: int, *,
                  abandoned: bool = False) -> ScoreCard:
    """Score a routine from its round records (as kept by :class:`.session.Session`)."""
    rounds = tuple(records)
    practice = sum(r.practice_seconds for r in rounds)
    between = sum(r.between_seconds for r in rounds)
    penalties = sum(r.penalty_seconds for r in rounds)
    total = practice + between + penalties
    score_for(total, par)  # checks par and total even when abandoned
    cells = apportion([seconds for r in rounds for seconds in
                       (r.practice_seconds, r.between_seconds, r.penalty_seconds)])
    whole = tuple(tuple(cells[i:i + 3]) for i in range(0, len(cells), 3))
    score = max(0, START_PER_PAR * par - sum(cells))  # the breakdown's own seconds
    return ScoreCard(0 if abandoned else score, total, par, practice, between, penalties,
                     rounds, abandoned, whole)


def score_session(session: Session) -> ScoreCard:
    """Score a finished or abandoned session against its routine's par."""
    if not session.is_over:
        raise ScoringError(
            f"the routine is still in progress (state {session.state.name}); "
            "score it once it is FINISHED or ABANDONED")
    return score_records(session.records, session.routine.par(session.timing),
                         abandoned=session.state is State.ABANDONED)
