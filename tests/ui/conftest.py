"""UI tests run headless: SDL's offscreen driver renders real pixels with no display.
Kivy's environment must be set before anything imports it, so it is set here."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_USE_DEFAULTCONFIG"] = "1"
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["KIOSK_SOUND"] = "0"

sys.path.insert(0, str(Path(__file__).parent))  # fake_controller

import pytest  # noqa: E402
from kivy.config import Config  # noqa: E402

for _name, _ in Config.items("input"):  # only the touches a test dispatches
    Config.remove_option("input", _name)
sys.stderr = sys.__stderr__  # Kivy's logger takes stderr over; failures must be seen


@pytest.fixture
def make_pilot():
    """``make_pilot(controller, size=(1280, 800), **app_options)``: the app on that
    controller (options go to ``KioskApp``), in the one window the whole session shares;
    closed after the test."""
    from kiosk.ui.app import KioskApp
    from kiosk.ui.pilot import Pilot
    from kiosk.ui.sound import Sounds

    made = []

    def make(controller, size=(1280, 800), **app_options):
        app_options.setdefault("sounds", Sounds(enabled=False))
        app = KioskApp(controller, **app_options)
        pilot = Pilot(app, size=size)
        made.append(pilot)
        return pilot

    yield make
    for pilot in made:
        pilot.close()


@pytest.fixture
def table():
    """``table(store=None)``: a real controller (all the games on offer, a MemoryStore
    unless given), closed after the test."""
    from kiosk.store.protocol import MemoryStore
    from kiosk.table.controller import TableController

    made = []

    def make(store=None):
        controller = TableController(store=store or MemoryStore())
        made.append(controller)
        return controller

    yield make
    for controller in made:
        controller.close()


@pytest.fixture
def real_driver():
    from kiosk.table.games.sync_or_swim.driver import RealDriver

    drivers = []

    def make(**options):
        driver = RealDriver(**options)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.close()
