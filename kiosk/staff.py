"""The staff lock: a PIN kept only as a salted scrypt hash, and a growing wait after
wrong guesses, so guests cannot reach settings, reset scores or leave the kiosk.

The wait survives a restart: failures and the time the lock opens again are kept in
the store's settings (wall-clock seconds, since monotonic time restarts at boot).

>>> settings = MemorySettings()
>>> lock = StaffLock(settings, clock=lambda: 1000.0)
>>> lock.set_pin("2468")
>>> lock.try_pin("1111").ok, lock.try_pin("2468").ok
(False, True)
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from kiosk.i18n import _

SCRYPT = {"n": 2**14, "r": 8, "p": 1}  # ~50 ms on a Pi 4: slow to guess, quick to type
PIN_DIGITS = (4, 8)  # the fewest and the most digits a staff PIN has
FREE_TRIES = 3
FIRST_WAIT = 5.0
MAX_WAIT = 300.0


class Settings(Protocol):
    """The part of :class:`kiosk.store.protocol.Store` the lock needs."""

    def setting(self, key: str, default: Any = None) -> Any: ...
    def set_setting(self, key: str, value: Any) -> None: ...


class MemorySettings:
    """Settings in a dict, for tests and for a kiosk running without a store."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def setting(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.values[key] = value


class PinError(ValueError):
    """A PIN that cannot be used (wrong length, not digits)."""


def pin_problem(pin: str) -> str | None:
    """Why ``pin`` cannot be a staff PIN, or None. One rule for setting it and for
    checking it, so a PIN that could never be right is named as such, never as "wrong".
    The PIN itself is never part of the sentence.

    >>> pin_problem("2468") is None
    True
    >>> pin_problem("123")
    'the staff PIN must be 4 to 8 digits, not 3'
    >>> pin_problem("12a4")
    'the staff PIN must be 4 to 8 digits (0-9 only)'
    """
    fewest, most = PIN_DIGITS
    if not (pin.isascii() and pin.isdigit()) and pin:
        return _("the staff PIN must be {fewest} to {most} digits (0-9 only)").format(
            fewest=fewest, most=most)
    if not fewest <= len(pin) <= most:
        return _("the staff PIN must be {fewest} to {most} digits, not {count}").format(
            fewest=fewest, most=most, count=len(pin))
    return None


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """``scrypt$n$r$p$salt$hash`` (hex); never the PIN itself."""
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode(), salt=salt, **SCRYPT, dklen=32)
    return f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}${salt.hex()}${digest.hex()}"


def verify_pin(pin: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                             p=int(p), dklen=len(digest) // 2)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), digest)


@dataclass(frozen=True)
class Attempt:
    ok: bool
    wait: float = 0.0      # seconds until the next try is accepted
    message: str = ""


def misshapen(pin: str) -> Attempt | None:
    """The PIN pad's answer to a PIN that could never be right, or None.

    >>> misshapen("123").message
    'The staff PIN must be 4 to 8 digits, not 3. Try again.'
    """
    problem = pin_problem(pin)
    if problem is None:
        return None
    return Attempt(False, 0.0, _("{problem}. Try again.").format(
        problem=problem[0].upper() + problem[1:]))


class StaffLock:
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.clock = clock

    @property
    def has_pin(self) -> bool:
        return bool(self.settings.setting("staff_pin_hash"))

    def set_pin(self, pin: str) -> None:
        problem = pin_problem(pin)
        if problem:
            raise PinError(problem)
        self.settings.set_setting("staff_pin_hash", hash_pin(pin))
        self.settings.set_setting("staff_failures", 0)
        self.settings.set_setting("staff_locked_until", 0.0)

    def wait_left(self) -> float:
        return max(0.0, float(self.settings.setting("staff_locked_until", 0.0))
                   - self.clock())

    def try_pin(self, pin: str) -> Attempt:
        stored = self.settings.setting("staff_pin_hash")
        if not stored:
            return Attempt(False, 0.0, _("No staff PIN is set yet: set one with "
                                         "`kiosk staff-pin` on the kiosk's console."))
        wait = self.wait_left()
        if wait > 0:
            return Attempt(False, wait, _("Too many wrong PINs. Try again in {seconds} s.")
                           .format(seconds=f"{wait:.0f}"))
        slip = misshapen(pin)
        if slip is not None:  # OK pressed early, say: not a guess, so it is not counted
            return slip
        if verify_pin(pin, stored):
            self.settings.set_setting("staff_failures", 0)
            return Attempt(True)
        failures = int(self.settings.setting("staff_failures", 0)) + 1
        self.settings.set_setting("staff_failures", failures)
        if failures < FREE_TRIES:
            return Attempt(False, 0.0, _("Wrong PIN."))
        wait = min(MAX_WAIT, FIRST_WAIT * 2 ** (failures - FREE_TRIES))
        self.settings.set_setting("staff_locked_until", self.clock() + wait)
        return Attempt(False, wait, _("Wrong PIN. Try again in {seconds} s.").format(
            seconds=f"{wait:.0f}"))
