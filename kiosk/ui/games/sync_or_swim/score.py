"""The end of a routine: the points, the medal against par, the sum that makes the
points (start less every second), a bar per round showing where the time went; then
play again, the next routine, or back to the games."""

from __future__ import annotations

from kivy.properties import ObjectProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def minutes(seconds: float) -> str:
    """'4:05' style (it fits a narrow column without wrapping).

    >>> minutes(245.4)
    '4:05'
    """
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def best_text(score) -> str:
    if score.best_before is None:
        return "Your first score on this routine."
    if score.score > score.best_before:
        return f"New top score! The best before was {score.best_before}."
    return f"This table's top score here: {score.best_before}."


def sum_text(score) -> str:
    """The points as a sum that adds up: start, less each part's whole seconds.

    >>> from types import SimpleNamespace as S
    >>> sum_text(S(start=720, parts=(31, 5, 10), score=674))
    '720 − 31 s practice − 5 s between − 10 s penalties = 674'
    """
    practice, between, penalties = score.parts
    return (f"{score.start} − {practice} s practice − {between} s between − "
            f"{penalties} s penalties = {score.score}")


MEDAL_WORDS = {"gold": "GOLD: at or under par", "silver": "SILVER: within 1.5 × par",
               "bronze": "BRONZE: finished"}


class ScoreScreen(ViewScreen):
    score = StringProperty("")
    title = StringProperty("")
    times = StringProperty("")
    sum = StringProperty("")
    medal = StringProperty("")
    best = StringProperty("")
    next_name = StringProperty("")
    rounds = ObjectProperty(())

    def redraw(self, view) -> None:
        score = view.payload.score
        if score is None:
            return
        self.title = f"{view.payload.routine_name or 'Routine'} complete"
        self.score = str(score.score)
        self.times = f"Total {minutes(score.total_seconds)} · par {minutes(score.par_seconds)}"
        self.sum = sum_text(score)
        self.medal = MEDAL_WORDS.get(score.medal or "", "")
        self.best = best_text(score)
        self.next_name = score.next_routine_name
        self.rounds = score.rounds

    def again(self) -> None:
        """The same routine, the same swimmers."""
        score = self.view.payload.score
        self.controller.act("choose", players=score.players, routine_id=score.routine_id,
                            seats=score.seats)

    def next_routine(self) -> None:
        score = self.view.payload.score
        self.controller.act("choose", players=score.players,
                            routine_id=score.next_routine_id, seats=score.seats)

    def other_routine(self) -> None:
        self.controller.act("next")

    def menu(self) -> None:
        self.controller.abandon()


theme.load_kv(__file__)
