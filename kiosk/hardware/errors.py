"""One exception tree for the hardware layer.

Callers catch :class:`HardwareError` to handle anything the table's hardware can throw,
or a built-in (``ValueError``, ``OSError``, ``LookupError``) where that reads better.
gpiozero's own exceptions never escape a backend: they are wrapped in one of these,
so the layers above never import gpiozero just to catch its errors.

>>> issubclass(PinConfigError, ValueError)
True
"""

from __future__ import annotations


class HardwareError(Exception):
    """Base class of every error raised by ``kiosk.hardware``."""


class PinConfigError(HardwareError, ValueError):
    """A pin cannot be set up as configured: invalid, already in use, or a fixed pull."""


class BackendUnavailableError(HardwareError, RuntimeError):
    """The chosen backend cannot run here (e.g. no GPIO chip on a laptop)."""


class UnknownSeatError(HardwareError, LookupError):
    """A seat number that this table does not have."""


class DeviceClosedError(HardwareError, RuntimeError):
    """The device was used after ``close()``."""


class BoardError(HardwareError, OSError):
    """A reader board failed at the link level (unplugged, silent, unreadable)."""
