"""A seat board's USB identity, the same on both ends: the board names itself on USB
from its board id, and the kiosk (udev rules, ``kiosk diagnose``) knows the name.

Written in the subset of Python that MicroPython runs: ``kiosk firmware flash`` copies
this file to the board as ``usb_name.py`` (as it copies ``wire.py``), where the
firmware's ``boot.py`` calls :func:`apply` before USB comes up.

A board flashed with ``--board-id seat-3`` enumerates with manufacturer ``kiosk``,
product ``reader`` and serial number ``seat3`` (the id's letters and digits: udev
would turn other characters into escapes), so the system's own rules make
``/dev/serial/by-id/usb-kiosk_reader_seat3-if00`` with no serial pasted by hand.
This needs MicroPython 1.23 or later (``machine.USBDevice``, rp2 and samd ports); on
an older one the board keeps MicroPython's stock name and says nothing.

>>> usb_serial("seat-3"), by_id_name("seat-3")
('seat3', 'usb-kiosk_reader_seat3-if00')
"""

MANUFACTURER = "kiosk"
PRODUCT = "reader"
MAX_SERIAL = 32
# Where the device descriptor keeps its string indexes (USB 2.0, table 9-8).
I_MANUFACTURER, I_PRODUCT, I_SERIAL = 14, 15, 16


def usb_serial(board_id):
    """The board id's ASCII letters and digits, at most 32; ``reader`` if none."""
    kept = ""
    for c in board_id:
        if "a" <= c <= "z" or "A" <= c <= "Z" or "0" <= c <= "9":
            kept += c
    return kept[:MAX_SERIAL] or PRODUCT


def by_id_name(board_id):
    """The name udev gives the board's serial port under /dev/serial/by-id/."""
    return "usb-" + MANUFACTURER + "_" + PRODUCT + "_" + usb_serial(board_id) + "-if00"


def strings_for(desc_dev, board_id):
    """{string index: text} overriding the built-in descriptor's three strings."""
    wanted = {}
    for at, text in ((I_MANUFACTURER, MANUFACTURER), (I_PRODUCT, PRODUCT),
                     (I_SERIAL, usb_serial(board_id))):
        index = desc_dev[at]
        if index:  # 0: the descriptor has no such string
            wanted[index] = text
    return wanted


def apply(machine, board_id):
    """Re-present the board on USB under its own name; False (nothing changed) where
    this MicroPython has no ``machine.USBDevice``. The host sees one disconnect and
    reconnect, at boot, before anyone opens the port."""
    make = getattr(machine, "USBDevice", None)
    if make is None:
        return False
    usbd = make()
    builtin = usbd.BUILTIN_DEFAULT
    usbd.active(False)
    usbd.builtin_driver = builtin
    usbd.config(builtin.desc_dev, builtin.desc_cfg,
                desc_strs=strings_for(builtin.desc_dev, board_id))
    usbd.active(True)
    return True
