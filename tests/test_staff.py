import re

import pytest

from kiosk.staff import (
    FIRST_WAIT,
    MAX_WAIT,
    MemorySettings,
    PinError,
    StaffLock,
    hash_pin,
    verify_pin,
)


class Clock:
    def __init__(self):
        self.now = 1_000.0

    def __call__(self):
        return self.now


def test_the_pin_is_stored_only_as_a_salted_hash():
    settings = MemorySettings()
    StaffLock(settings).set_pin("4711")
    stored = settings.setting("staff_pin_hash")
    assert "4711" not in stored and stored.startswith("scrypt$")
    assert verify_pin("4711", stored) and not verify_pin("4712", stored)
    assert hash_pin("4711") != hash_pin("4711")  # a fresh salt each time


@pytest.mark.parametrize(("pin", "said"), [
    ("123", "4 to 8 digits, not 3"),
    ("123456789", "4 to 8 digits, not 9"),
    ("", "4 to 8 digits, not 0"),
    ("12a4", "4 to 8 digits (0-9 only)"),
    ("١٢٣٤", "4 to 8 digits (0-9 only)"),  # Arabic-Indic digits: isdigit() but not 0-9
    ("12 4", "4 to 8 digits (0-9 only)"),
])
def test_bad_pins_are_refused(pin, said):
    settings = MemorySettings()
    with pytest.raises(PinError, match=re.escape(f"the staff PIN must be {said}")):
        StaffLock(settings).set_pin(pin)
    assert settings.values == {}


@pytest.mark.parametrize("pin", ["1234", "12345678"])
def test_four_and_eight_digits_are_both_fine(pin):
    lock = StaffLock(MemorySettings())
    lock.set_pin(pin)
    assert lock.try_pin(pin).ok


@pytest.mark.parametrize("pin", ["123", "123456789", "", "12a4"])
def test_a_pin_that_could_never_be_right_is_named_and_not_counted(pin):
    settings = MemorySettings()
    lock = StaffLock(settings, Clock())
    lock.set_pin("2468")
    for _ in range(10):
        attempt = lock.try_pin(pin)
    assert not attempt.ok and attempt.wait == 0
    assert attempt.message.startswith("The staff PIN must be 4 to 8 digits")
    assert attempt.message.endswith("Try again.")
    assert settings.setting("staff_failures") == 0  # ten slips, no lock-out
    assert lock.try_pin("2468").ok


def test_a_misshapen_pin_still_waits_out_a_lock():
    settings, clock = MemorySettings(), Clock()
    lock = StaffLock(settings, clock)
    lock.set_pin("2468")
    for _ in range(3):
        lock.try_pin("0000")
    attempt = lock.try_pin("12")
    assert attempt.wait == FIRST_WAIT and "Try again in 5 s" in attempt.message


def test_the_docstring_examples_hold():
    import doctest

    import kiosk.staff

    assert doctest.testmod(kiosk.staff).failed == 0


def test_wrong_guesses_make_the_wait_grow_and_it_survives_a_restart():
    settings, clock = MemorySettings(), Clock()
    lock = StaffLock(settings, clock)
    lock.set_pin("2468")
    assert lock.try_pin("0000").wait == 0
    assert lock.try_pin("0000").wait == 0
    third = lock.try_pin("0000")
    assert not third.ok and third.wait == FIRST_WAIT and "Try again in 5 s" in third.message
    # even the right PIN waits out the lock, and a new StaffLock (a restart) remembers it
    restarted = StaffLock(settings, clock)
    assert not restarted.try_pin("2468").ok
    clock.now += FIRST_WAIT
    assert restarted.try_pin("0000").wait == FIRST_WAIT * 2
    clock.now += 1_000
    assert restarted.try_pin("2468").ok
    assert settings.setting("staff_failures") == 0


def test_the_wait_is_capped():
    settings, clock = MemorySettings(), Clock()
    lock = StaffLock(settings, clock)
    lock.set_pin("2468")
    for _ in range(20):
        clock.now += MAX_WAIT + 1
        attempt = lock.try_pin("0000")
    assert attempt.wait == MAX_WAIT


def test_no_pin_yet_says_how_to_set_one():
    attempt = StaffLock(MemorySettings()).try_pin("1234")
    assert not attempt.ok and "kiosk staff-pin" in attempt.message


def test_a_damaged_hash_never_unlocks():
    settings = MemorySettings()
    settings.set_setting("staff_pin_hash", "scrypt$garbage")
    assert not StaffLock(settings).try_pin("1234").ok
