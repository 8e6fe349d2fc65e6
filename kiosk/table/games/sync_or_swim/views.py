"""Sync or Swim's rules-engine objects as the plain view types of :mod:`kiosk.table.api`.

Pure functions: no state, no clock, so the Performance screen and the score screen can
be checked against hand-made verdicts and score cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kiosk.games.sync_or_swim.cards import Card
from kiosk.games.sync_or_swim.judge import Verdict
from kiosk.games.sync_or_swim.requirements import Element, Mode, Twist
from kiosk.games.sync_or_swim.scoring import ScoreCard
from kiosk.table.games.sync_or_swim.view import (
    CardView,
    LaneView,
    RoundScoreView,
    RoutineChoice,
    RuleView,
    ScoreView,
    SwimmerLaneView,
    VerdictView,
)

_MODE_WORDS = {
    Mode.EACH: "Each swimmer meets this on their own.",
    Mode.TEAM: "The whole team plays the same option (the captain's choice).",
    Mode.SPLIT: "Swimmers take different roles; a card counts for one role only.",
}


def card_view(card: Card) -> CardView:
    """The card in words as well as colour, for colour-blind players.

    >>> card_view(Card.parse("blue-7-LH")).hand
    'left'
    """
    return CardView(
        short=card.short,
        colour=card.colour.value,
        value=card.value,
        hand=None if card.hand is None else card.hand.value,
        foot=None if card.foot is None else card.foot.value,
    )


def element_view(element: Element, lane: int) -> RuleView:
    details = [_MODE_WORDS[element.mode]]
    if element.mode is Mode.SPLIT:
        details += [role.text for role in element.roles]
    elif len(element.options) > 1:
        details += [f"Option {n}: {o.text}" for n, o in enumerate(element.options, start=1)]
    return RuleView(element.id, element.name, element.summary, "element", lane, tuple(details))


def twist_view(twist: Twist) -> RuleView:
    details = []
    if twist.every_lane is not None:
        details.append(f"Judged in every lane: {twist.every_lane.text}.")
    if twist.sudden_depth:
        details.append("After placing cards in a lane, pass your hand to the swimmer on "
                       "your left.")
    if twist.extra_seconds:
        details.append(f"Every round's timer: {twist.extra_seconds:+d} s.")
    if not details:
        details.append("The table cannot see this one: keep it yourselves.")
    return RuleView(twist.id, twist.name, twist.text, "twist", None, tuple(details))


def rules_view(elements: Iterable[Element], twists: Iterable[Twist]) -> tuple[RuleView, ...]:
    """Elements in lane order, twists last."""
    return (*(element_view(e, lane) for lane, e in enumerate(elements, start=1)),
            *(twist_view(t) for t in twists))


def verdict_view(verdict: Verdict, plays: Mapping[tuple[int, int], tuple[Card, ...]]
                 ) -> VerdictView:
    """The table's verdict, lane by lane from lane 1, with every swimmer's cards."""
    lanes = []
    for lane in verdict.lanes:
        swimmers = tuple(
            SwimmerLaneView(
                seat=s.seat,
                cards=tuple(card_view(c) for c in sorted(plays.get((s.seat, lane.lane), ()),
                                                         key=lambda c: c.sort_key)),
                passed=s.passed, reason=s.reason, role=s.role)
            for s in lane.swimmers)
        lanes.append(LaneView(lane.lane, lane.element_name, lane.passed, swimmers, lane.choice))
    return VerdictView(verdict.in_sync, tuple(lanes))


def failed_seats(verdict: VerdictView) -> tuple[int, ...]:
    """Seats that failed in at least one lane, in seat order."""
    return tuple(sorted({s.seat for lane in verdict.lanes for s in lane.swimmers
                         if not s.passed}))


def score_view(card: ScoreCard, best_before: int | None, *, routine_id: str = "",
               seats: tuple[int, ...] = (), following: RoutineChoice | None = None
               ) -> ScoreView:
    """The score in whole seconds that add up: each bar, each part and the total."""
    rounds = tuple(
        RoundScoreView(r.round_number, r.added_name, *parts, r.retries)
        for r, parts in zip(card.rounds, card.whole, strict=True))
    parts = tuple(card.part_seconds(part) for part in range(3))
    return ScoreView(card.score, card.seconds, card.par_seconds, rounds, best_before,
                     card.start, card.medal, parts, routine_id, len(seats), seats,
                     following.id if following else None, following.name if following else "")
