"""Which screens the app keeps: the two every round returns to stay built; every other
screen is dropped once left, collected at once (its widgets and textures freed) and
built afresh next time."""

from __future__ import annotations

import gc
import weakref

from fake_controller import FakeController


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
    pilot.frames(3)
    assert pilot.screen().name == "choose"
    fake.choose(4, "R01")
    pilot.frames(3)
    setup = weakref.ref(pilot.screen())
    assert setup().name == "setup"
    fake.begin()
    fake._round(4, 0)
    pilot.frames(3)
    assert pilot.screen().name == "round"
    assert [screen.name for screen in app.screens.screens] == ["round"]
    assert attract() is None and setup() is None   # collected, not waiting for Python

    round_screen = pilot.screen()
    app.open_overlay("icons")
    pilot.frames(2)
    app.close_overlay()
    pilot.frames(2)
    assert pilot.screen() is round_screen       # kept, not rebuilt
    assert not app.screens.has_screen("icons")
