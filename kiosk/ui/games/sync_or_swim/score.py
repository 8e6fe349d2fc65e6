"""The end of a routine: the score out of 100, the time against par, and a bar per round
showing where the time went."""

from __future__ import annotations

from kivy.properties import ObjectProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def minutes(seconds: float) -> str:
    """'4 min 05 s' style.

    >>> minutes(245.4)
    '4 min 05 s'
    """
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s"


def best_text(score) -> str:
    if score.best_before is None:
        return "Your first score on this routine."
    if score.score > score.best_before:
        return f"New top score! The best before was {score.best_before}."
    return f"This table's top score here: {score.best_before}."


class ScoreScreen(ViewScreen):
    score = StringProperty("")
    title = StringProperty("")
    times = StringProperty("")
    best = StringProperty("")
    rounds = ObjectProperty(())

    def redraw(self, view) -> None:
        score = view.payload.score
        if score is None:
            return
        self.title = f"{view.payload.routine_name or 'Routine'} complete"
        self.score = str(score.score)
        self.times = (f"Total {minutes(score.total_seconds)}, "
                      f"par {minutes(score.par_seconds)}")
        self.best = best_text(score)
        self.rounds = score.rounds

    def again(self) -> None:
        self.controller.act("next")


theme.load_kv(__file__)
