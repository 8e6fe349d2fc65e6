"""The round: the rules face up, SWIM!, the big timer, each seat's readiness, and TIME
OUT -> TRY AGAIN. With no stop pads, or one held or stuck, the two stop circles on screen stop
the timer. After a stop, while a slow reader board confirms the cards, it says the cards
are being read."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import reuse

READING_AFTER_S = 0.15  # a stop whose cards take longer than this says it is reading


def round_heading(view) -> str:
    name = view.payload.routine_name or "Routine"
    if view.payload.round_number:
        return f"{name}: round {view.payload.round_number} of 6"
    return name


class RoundScreen(ViewScreen):
    phase = StringProperty(Phase.ROUND_READY.value)
    heading = StringProperty("")
    message = StringProperty("")
    time_left = NumericProperty(0.0)
    total = NumericProperty(20.0)
    circles = BooleanProperty(False)   # the two-finger fallback is on screen
    pads = BooleanProperty(True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reading_shown = False
        self._show_reading = Clock.create_trigger(self._reading_due, READING_AFTER_S)

    def redraw(self, view) -> None:
        if view.phase is Phase.READING and not self._reading_shown:
            # Usually the boards confirm within a frame or two: drawing "Reading the
            # cards" for that long would cost a whole software-rendered frame and delay
            # the verdict behind it. Say it only if the read is really slow.
            self._show_reading()
            return
        self._reading_shown = view.phase is Phase.READING
        self._show_reading.cancel()
        self.phase = view.phase.value
        self.heading = round_heading(view)
        own_words = view.phase is Phase.PRACTICE and not view.hardware.pads
        self.message = (not own_words and view.message) or self._default_message(view)
        self.total = float(view.timer_seconds or 0) or 1.0
        if view.phase is Phase.PRACTICE and view.time_left is not None:
            self.time_left = view.time_left
        elif view.phase is Phase.ROUND_READY:
            self.time_left = float(view.timer_seconds or 0)
        elif view.phase is Phase.TIME_OUT:
            self.time_left = 0.0
        self.pads = view.hardware.pads
        self.circles = view.phase is Phase.PRACTICE and not view.hardware.pads
        if not self.circles:
            self.ids.stop.reset()
        self.ids.seats.seats = view.seats
        self.ids.seats.ready = view.payload.ready
        self.ids.seats.captain = view.payload.captain
        self._fill_rules(view)

    def _reading_due(self, *_) -> None:
        if self.view is not None and self.view.phase is Phase.READING:
            self._reading_shown = True
            self.draw_now()

    def _default_message(self, view) -> str:
        if view.phase is Phase.ROUND_READY:
            return (f"Captain (seat {view.payload.captain}): press SWIM! when everyone "
                    "has their cards.")
        if view.phase is Phase.PRACTICE:
            if view.hardware.pads:
                return "Ready? Press your seat button. Captain: touch BOTH stop pads at once."
            if view.hardware.stuck_pads:
                stuck = view.hardware.stuck_pads
                which = "Stop pads A and B are" if len(stuck) > 1 else f"Stop pad {stuck[0]} is"
                return f"{which} held or stuck. Captain: touch BOTH stop circles at once."
            return "Ready? Press your seat button. Captain: touch BOTH stop circles at once."
        if view.phase is Phase.TIME_OUT:
            return "Time ran out. Gather and reshuffle all the cards, then try again."
        return ""

    def _fill_rules(self, view) -> None:
        grid = self.ids.rules
        shown = [(child.rule, child.new) for child in reversed(grid.children)]
        wanted = [(rule, view.payload.new_rule is not None and rule.id == view.payload.new_rule.id)
                  for rule in view.payload.rules]
        if shown == wanted:
            return
        cards = reuse(grid, len(wanted), Factory.RuleCard)
        for card, (rule, new) in zip(cards, wanted, strict=False):
            card.rule = rule  # reused: last round's cards take this round's rules
            card.new = new

    def on_tick(self, time_left: float) -> None:
        self.time_left = time_left

    def stop_on_screen(self) -> None:
        self.controller.act("stop_on_screen")

    def swim(self) -> None:
        self.controller.act("swim")

    def try_again(self) -> None:
        self.controller.act("try_again")


theme.load_kv(__file__)
