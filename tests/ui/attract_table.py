"""Tests that start at the attract screen on a real controller (the games on offer; the
``table`` fixture in conftest makes the controllers): :func:`attract` opens the app on
one and waits for the attract screen to stand still."""

from __future__ import annotations


def attract(make_pilot, controller, size=(1280, 800)):
    pilot = make_pilot(controller, size=size)
    pilot.until(lambda: pilot.showing("attract"))
    pilot.settle()
    return pilot
