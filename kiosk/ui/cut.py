"""An instant screen change that draws the new screen alone.

Kivy's ``NoTransition`` is an animation of length 0: the new screen is added beside the
old one and the old one leaves only when the animation completes, on the next turn of
the loop. The first frame of every new screen therefore draws both, the old one fully
hidden behind the new. On the stop that frame is the verdict's: with the round screen
behind the Performance it took 2.1-2.7 frame periods headless at 1280x800 (llvmpipe
rasterizes every hidden pixel too; ``python -m benchmarks ui``), the cost the players
feel as a stall at the moment the game turns on.

``Cut`` swaps the two in the same turn. ``on_enter``/``on_leave`` still come one turn
later, as with Kivy's transitions, so code that binds ``on_leave`` right after setting
``current`` (the app releasing a screen) sees it.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.screenmanager import ScreenManagerException, TransitionBase


class Cut(TransitionBase):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._landing = None

    def start(self, manager) -> None:
        if self.is_active:
            raise ScreenManagerException("start() is called twice!")
        self.manager = manager
        self.is_active = True
        self.screen_in.transition_state = "in"
        self.screen_out.transition_state = "out"
        self.screen_in.transition_progress = 1.0
        self.screen_out.transition_progress = 1.0
        self.screen_in.dispatch("on_pre_enter")
        self.screen_out.dispatch("on_pre_leave")
        self.remove_screen(self.screen_out)
        self.add_screen(self.screen_in)
        self.screen_in.pos = manager.pos
        self._landing = Clock.schedule_once(self._land)

    def _land(self, *_dt) -> None:
        self._landing = None
        self.is_active = False
        self.screen_in.dispatch("on_enter")
        self.screen_out.dispatch("on_leave")

    def stop(self) -> None:
        """Another change before the last one landed: land it now, in order."""
        if self._landing is not None:
            self._landing.cancel()
            self._land()
        self.is_active = False
