"""Runs at every reset before main.py and before USB is up: the board takes its own
USB name from its board id (``usb_name.apply``), so the kiosk finds it at
``/dev/serial/by-id/usb-kiosk_reader_<id>-if00`` without a hand-written udev line.

A maintenance boot (the ``maintenance`` file, or SAFE_MODE_PIN held low) keeps
MicroPython's stock name: that board is being flashed, not read. Nothing here may stop
a board from booting: any error leaves the stock name and main.py runs as ever.
"""

import os

import board_config


def safe_mode_held(machine, config):
    """SAFE_MODE_PIN held to GND at power-up (main.py asks the same)."""
    if config.SAFE_MODE_PIN is None:
        return False
    pin = machine.Pin(config.SAFE_MODE_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
    return pin.value() == 0


def maintenance_requested(machine, config, os_module, consume=False):
    """True when this boot must leave the REPL alone: the ``maintenance`` file (which
    main.py consumes; boot.py only looks) or the safe-mode pin."""
    try:
        (os_module.remove if consume else os_module.stat)(config.MAINTENANCE_FILE)
        return True
    except OSError:
        return safe_mode_held(machine, config)


def name_board(machine, config, os_module):
    """Apply the USB name; True if the board now carries it."""
    import usb_name
    from board import FileStore

    if maintenance_requested(machine, config, os_module):
        return False
    board_id = FileStore(config.BOARD_ID_FILE, config.DEFAULT_BOARD_ID).load()
    return usb_name.apply(machine, board_id)


def boot():
    try:
        import machine

        name_board(machine, board_config, os)
    except Exception:  # a stock USB name is better than a board that does not boot
        pass


if __name__ == "__main__":  # MicroPython runs boot.py as __main__, as it runs main.py
    boot()
