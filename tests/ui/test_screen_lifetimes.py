"""Which screens the app keeps: the two every round returns to stay built; every other
screen is dropped once left, collected at once (its widgets and textures freed) and
built afresh next time."""

from __future__ import annotations

import gc
import weakref

from fake_controller import FakeController
from views import fake_in


def test_screens_passed_once_a_routine_are_dropped_and_rebuilt(make_pilot):
    gc.disable()  # only the app's own collection may free them
    try:
        check_screen_lifetimes(make_pilot)
    finally:
        gc.enable()


def check_screen_lifetimes(make_pilot):
    fake = FakeController()
    pilot = make_pilot(fake)
    app = pilot.app
    attract = weakref.ref(pilot.screen())
    fake.wake()
    pilot.until(lambda: pilot.showing("choose"))
    fake.act("choose", players=4, routine_id="R01")
    pilot.until(lambda: pilot.showing("setup"))
    setup = weakref.ref(pilot.screen())
    fake.act("begin")
    fake._round(4, 0)
    pilot.until(lambda: pilot.showing("round"))
    pilot.until(lambda: [screen.name for screen in app.screens.screens] == ["round"])
    pilot.until(lambda: attract() is None and setup() is None)  # the app collected them

    round_screen = pilot.screen()
    app.open_overlay("icons")
    pilot.until(lambda: pilot.showing("icons"))
    app.close_overlay()
    pilot.until(lambda: pilot.showing("round") and not app.screens.has_screen("icons"))
    assert pilot.screen() is round_screen       # kept, not rebuilt


def test_a_stopped_app_leaves_nothing_on_the_clock(make_pilot):
    """A screen's own clocks (the Performance reveal, the attract tips) end with the
    app: one firing after it stopped evaluated kv rules with no running app, and
    failed the next test's teardown on a busy machine."""
    fake = fake_in("performance")
    pilot = make_pilot(fake)
    screen = pilot.screen()
    reveal = screen._reveal  # the screen forgets its clock events once they end
    assert screen.name == "performance" and reveal.is_triggered
    pilot.close()
    assert not reveal.is_triggered and screen._reveal is None and screen._party is None
    assert not screen._redraw.is_triggered
