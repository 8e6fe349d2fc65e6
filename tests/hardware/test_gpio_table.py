"""The composed GPIO backend, the simulated GPIO helpers, pin errors and cleanup."""

from __future__ import annotations

import dataclasses
import importlib.util
import subprocess
import sys
import threading

import pytest

from kiosk.config import PadSettings
from kiosk.hardware.errors import BackendUnavailableError, PinConfigError
from kiosk.hardware.gpio import GpioTable, pi_pin_factory
from kiosk.hardware.gpio_pins import Ticker
from kiosk.hardware.ports import LedMode, Pad, SeatLed, SeatPanel, StopPads
from kiosk.hardware.sim_gpio import EventLog, ManualClock, SimGpio, reference_settings


@pytest.fixture
def clock():
    return ManualClock(10.0)


@pytest.fixture
def sim(clock, log):
    with SimGpio(clock=clock, listener=log) as sim:
        yield sim


def test_backends_satisfy_the_ports(sim):
    assert isinstance(sim.gpio.seats, SeatPanel)
    assert isinstance(sim.gpio.pads, StopPads)


def test_sim_press_seat_and_touch_both_pads(sim, clock, log):
    sim.press_seat(4)
    clock.advance(0.1)
    sim.release_seat(4)
    assert log.named("on_seat_pressed") == [(4, 10.0)]
    assert not sim.led_is_lit(4, SeatLed.GREEN)  # a press lights nothing by itself
    sim.gpio.seats.set_led(4, SeatLed.GREEN, LedMode.ON)
    assert sim.led_is_lit(4, SeatLed.GREEN) and not sim.led_is_lit(3, SeatLed.GREEN)

    sim.gpio.pads.arm()
    clock.advance(1.0)
    sim.touch_pad(Pad.A)
    assert log.named("on_stop") == []
    clock.advance(0.25)
    sim.touch_pad(Pad.B)
    assert log.named("on_stop") == [(11.35,)]


def test_sim_touch_both_pads_and_release(sim, clock, log):
    sim.gpio.pads.arm()
    sim.touch_both_pads()
    clock.advance(0.5)
    sim.release_pad(Pad.A)
    sim.release_pad(Pad.B)
    assert len(log.named("on_stop")) == 1
    assert [args[:2] for args in log.named("on_pad_changed")][-2:] == [
        (Pad.A, False), (Pad.B, False),
    ]  # fmt: skip


def test_table_poll_drives_holds(sim, clock, log):
    sim.press_seat(2)
    clock.advance(3.0)
    sim.gpio.poll()
    assert log.named("on_seat_held") == [(2, 13.0)]


def test_pins_report_every_configured_pin(sim):
    sim.press_seat(6)
    reports = sim.gpio.pins()
    assert len(reports) == 26
    assert len({r.pin for r in reports}) == 26
    button6 = next(r for r in reports if r.role == "button" and r.seat == 6)
    assert (button6.pin, button6.active) == (22, True)


def test_listener_can_be_replaced(sim, clock):
    other = EventLog()
    sim.gpio.listener = other
    sim.press_seat(1)
    sim.touch_pad(Pad.A)
    assert [name for name, _ in other.events] == ["on_seat_down", "on_pad_changed"]


def test_pin_conflict_is_a_pin_config_error_and_frees_what_was_opened(factory, clock):
    settings = reference_settings()
    clash = dataclasses.replace(settings, pads=PadSettings(a=5, b=17))  # 17 = seat 4's button
    with pytest.raises(PinConfigError, match="pad b.*GPIO17") as info:
        GpioTable(clash, pin_factory=factory, clock=clock)
    assert isinstance(info.value, ValueError)
    with GpioTable(settings, pin_factory=factory, clock=clock) as table:  # nothing leaked
        assert table.seats.seats == (1, 2, 3, 4, 5, 6)


def test_fixed_pull_up_pin_refuses_a_pull_down(factory, clock):
    settings = dataclasses.replace(
        reference_settings(), pads=PadSettings(a=3, b=6, pull="down", active_high=True)
    )
    settings = dataclasses.replace(settings, seats=settings.seats[2:])  # free GPIO 2 and 3
    with pytest.raises(PinConfigError, match="GPIO3"):
        GpioTable(settings, pin_factory=factory, clock=clock)


def test_close_is_idempotent_and_frees_pins(factory, clock):
    table = GpioTable(reference_settings(), pin_factory=factory, clock=clock)
    table.close()
    table.close()
    GpioTable(reference_settings(), pin_factory=factory, clock=clock).close()


def test_ticker_calls_until_closed():
    ticked = threading.Event()
    ticker = Ticker(ticked.set, interval=0.001)
    try:
        assert ticked.wait(timeout=5.0)
    finally:
        ticker.close()
    assert not ticker._thread.is_alive()


def test_start_runs_a_ticker_that_close_stops(clock):
    with SimGpio(clock=clock) as sim:
        sim.gpio.start(interval=0.001)
        sim.gpio.start()  # second call is a no-op
        ticker = sim.gpio._ticker
    assert ticker is not None and not ticker._thread.is_alive()


@pytest.mark.skipif(
    importlib.util.find_spec("lgpio") is not None, reason="this machine may have a GPIO chip"
)
def test_pi_pin_factory_off_a_pi_says_what_to_do():
    with pytest.raises(BackendUnavailableError, match="simulated table"):
        pi_pin_factory()


def test_gpio_backend_imports_no_ui_or_serial():
    code = (
        "import sys, kiosk.hardware.gpio, kiosk.hardware.sim_gpio, kiosk.config;"
        "bad = {'kivy', 'serial'} & set(sys.modules); assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
