"""Which USB board is which seat, for ``kiosk diagnose``: every reader board plugged
in, the name it gives itself on USB (:mod:`kiosk.hardware.usb_name`), its by-id path,
and the seat whose ``[[readers.boards]]`` entry names that path.

>>> port = UsbPort("/dev/ttyACM0", "kiosk", "reader", "seat3", 0x2E8A)
>>> (line,) = usb_lines([port], {"/dev/serial/by-id/usb-kiosk_reader_seat3-if00": 3})
>>> line.split(" -> ")[1:]
['/dev/serial/by-id/usb-kiosk_reader_seat3-if00', 'seat 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from kiosk.hardware.usb_name import MANUFACTURER, PRODUCT

BY_ID = "/dev/serial/by-id/"
PICO_VENDOR = 0x2E8A  # Raspberry Pi: the Pico under MicroPython


class UsbPort(NamedTuple):
    """What the system knows of one USB serial port (pyserial's ``comports()``)."""

    device: str
    manufacturer: str | None
    product: str | None
    serial: str | None
    vid: int | None


def usb_ports() -> list[UsbPort]:
    """The machine's USB serial ports; [] where they cannot be listed."""
    try:
        from serial.tools import list_ports

        return [UsbPort(p.device, p.manufacturer, p.product, p.serial_number, p.vid)
                for p in list_ports.comports()]
    except Exception:  # a hint only: never fail the report on it
        return []


def by_id_path(port: UsbPort) -> str:
    """The /dev/serial/by-id/ path udev makes from the port's USB strings."""
    def part(text: str | None) -> str:
        return "_".join((text or "").split())
    return f"{BY_ID}usb-{part(port.manufacturer)}_{part(port.product)}_{part(port.serial)}-if00"


def usb_lines(ports: Iterable[UsbPort], seats: Mapping[str, int]) -> list[str]:
    """One line per reader board (a self-named board, or any Pico), saying where it
    goes; ``seats`` maps each kiosk.toml board path to its seat."""
    lines = []
    for port in sorted(ports, key=lambda p: p.device):
        named = port.manufacturer == MANUFACTURER and port.product == PRODUCT
        if not named and port.vid != PICO_VENDOR:
            continue
        path = by_id_path(port)
        if not named:
            lines.append(f"  {port.device}: MicroPython's stock USB name (serial {port.serial}): "
                         "flash the kiosk firmware on MicroPython 1.23 or later so it names "
                         "itself (firmware/README.md)")
        elif path in seats:
            lines.append(f"  {port.device}: USB name {MANUFACTURER} {PRODUCT} {port.serial} -> "
                         f"{path} -> seat {seats[path]}")
        else:
            lines.append(f"  {port.device}: USB name {MANUFACTURER} {PRODUCT} {port.serial} -> "
                         f"{path} -> no seat: kiosk.toml has no [[readers.boards]] with this path")
    return lines or ["  no reader board is plugged in (none named kiosk/reader, no Pico)"]
