"""The end of a routine: the points, the medal against par, the sum that makes the
points (start less every second), a bar per round showing where the time went; then
play again, the next routine, or back to the games."""

from __future__ import annotations

from kivy.properties import ObjectProperty, StringProperty

from kiosk.i18n import N_, _
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
        return _("Your first score on this routine.")
    if score.score > score.best_before:
        return _("New top score! The best before was {score}.").format(score=score.best_before)
    return _("This table's top score here: {score}.").format(score=score.best_before)


def sum_text(score) -> str:
    """The points as a sum that adds up: start, less each part's whole seconds.

    >>> from types import SimpleNamespace as S
    >>> sum_text(S(start=720, parts=(31, 5, 10), score=674))
    '720 − 31 s practice − 5 s between − 10 s penalties = 674'
    """
    practice, between, penalties = score.parts
    return _("{start} − {practice} s practice − {between} s between − {penalties} s penalties"
             " = {score}").format(start=score.start, practice=practice, between=between,
                                  penalties=penalties, score=score.score)


MEDAL_WORDS = {"gold": N_("GOLD: at or under par"), "silver": N_("SILVER: within 1.5 × par"),
               "bronze": N_("BRONZE: finished")}


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
        self.title = _("{routine} complete").format(
            routine=view.payload.routine_name or _("Routine"))
        self.score = str(score.score)
        self.times = _("Total {total} · par {par}").format(
            total=minutes(score.total_seconds), par=minutes(score.par_seconds))
        self.sum = sum_text(score)
        self.medal = _(MEDAL_WORDS[score.medal]) if score.medal in MEDAL_WORDS else ""
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
