"""Fixtures shared by the GPIO tests: a mock pin factory, a fake clock, an event log."""

import pytest
from gpiozero.pins.mock import MockFactory

from kiosk.hardware.sim_gpio import EventLog, ManualClock


@pytest.fixture
def factory():
    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()


@pytest.fixture
def clock():
    return ManualClock(100.0)


@pytest.fixture
def log():
    return EventLog()
