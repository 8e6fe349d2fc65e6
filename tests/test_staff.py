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


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "", "١٢٣٤"])
def test_bad_pins_are_refused(pin):
    with pytest.raises(PinError, match="4 to 8 digits"):
        StaffLock(MemorySettings()).set_pin(pin)


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
