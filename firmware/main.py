"""Reader-board entry point: MicroPython runs this file at boot.

It builds the board from ``board_config`` and loops forever: poll every antenna,
send what changed, answer the host, feed the watchdog. Nothing is printed: the USB
serial link carries protocol frames only, so Ctrl-C handling is switched off too
(0x03 occurs inside frames).

Getting back to the REPL (to flash new files): the host sends ``\\r\\x03`` at a frame
boundary, as mpremote does when it connects. The board then writes the file
``maintenance`` and resets; at the next boot it deletes the file and returns at
once, so the REPL is free and the watchdog, which cannot be stopped once started on
the RP2040, is never started. Holding SAFE_MODE_PIN low at power-up does the same.
``kiosk firmware flash`` does all this for you (see firmware/README.md).

``build()`` takes the ``machine`` module, the link, the store and the clock as
arguments, so tests run this exact code against a fake ``machine``.
"""

import sys

import board_config
import wire
from board import Board, FileStore
from boot import maintenance_requested
from mfrc522 import MFRC522
from scanner import Scanner


class TicksClock:
    """The board's clock: MicroPython's wrapping tick counters."""

    def __init__(self, time_module):
        self._time = time_module

    def us(self):
        return self._time.ticks_us()

    def ms(self):
        return self._time.ticks_ms()

    def diff(self, later, earlier):
        return self._time.ticks_diff(later, earlier)

    def sleep_us(self, us):
        self._time.sleep_us(us)


class UsbLink:
    """USB CDC serial through sys.stdin/sys.stdout, without blocking the poll loop.

    ``write`` first asks ``select`` whether the port takes data: when the host keeps it
    open but stopped reading, the TX buffer is full and MicroPython would block the
    write up to 500 ms; then the data is dropped and ``write`` returns False. A write
    that fits only in part returns False too (its tail is lost; the board closes the
    half frame with its next write).
    """

    def __init__(self, select_module, stdin=None, stdout=None, limit=512):
        self._in = stdin if stdin is not None else sys.stdin
        self._out = stdout if stdout is not None else sys.stdout
        self._poll = select_module.poll()
        self._poll.register(self._in, select_module.POLLIN)
        self._out_poll = select_module.poll()
        self._out_poll.register(self._out, select_module.POLLOUT)
        self._limit = limit

    def read(self):
        data = bytearray()
        while len(data) < self._limit and self._poll.poll(0):
            data += self._in.buffer.read(1)
        return bytes(data)

    def write(self, data):
        if not self._out_poll.poll(0):
            return False
        written = self._out.buffer.write(data)
        return written is None or written >= len(data)


def build(machine, config, write, store, clock, on_escape=None):
    """Readers, scanner and protocol, wired from the pin table in ``config``."""
    spi = machine.SPI(
        config.SPI_ID,
        baudrate=config.SPI_BAUD,
        polarity=0,
        phase=0,
        sck=machine.Pin(config.SPI_SCK),
        mosi=machine.Pin(config.SPI_MOSI),
        miso=machine.Pin(config.SPI_MISO),
    )
    readers = []
    for cs, rst in config.READERS:
        cs_pin = machine.Pin(cs, machine.Pin.OUT, value=1)
        rst_pin = machine.Pin(rst, machine.Pin.OUT, value=1)
        readers.append(
            MFRC522(
                spi, cs_pin, rst_pin, clock, config.RX_GAIN, config.TIMEOUT_US,
                collpos=config.COLLPOS,
            )
        )
    scanner = Scanner(
        readers, clock, config.SETTLE_US, config.GUARD_US, config.BUDGET_US,
        order=config.POLL_ORDER, field_off_us=config.FIELD_OFF_US,
    )
    return Board(
        scanner,
        write,
        store,
        clock,
        heartbeat_ms=config.HEARTBEAT_MS,
        sightings=config.SIGHTINGS,
        misses=config.MISSES,
        on_escape=on_escape,
    )


def request_maintenance(machine, config):
    """Reboot into the maintenance boot (the host asked for the REPL)."""
    with open(config.MAINTENANCE_FILE, "w") as f:
        f.write("1")
    machine.reset()


def run_forever(board, read, watchdog, cycles=None):
    """The main loop; ``cycles`` bounds it for tests. The watchdog is fed only after a
    cycle that completed, so a loop stuck in exceptions resets the board."""
    board.scanner.start()
    board.boot()
    done = 0
    while cycles is None or done < cycles:
        done += 1
        run_forever_step(board, read, watchdog)


def run_forever_step(board, read, watchdog):
    """One turn of the loop: answer the host, poll, write once, feed the watchdog."""
    try:
        board.receive(read())
        board.step()  # ends with the cycle's one write
    except Exception as exc:  # one bad cycle must not kill the board; report it
        report_failure(board, exc)
        return
    watchdog.feed()


def report_failure(board, exc):
    """Tell the host a cycle failed (ERROR 4); if even that fails, the watchdog decides."""
    try:
        text = "internal: " + type(exc).__name__
        board.send(wire.Error(wire.ERR_INTERNAL, text[:64]))
        board.flush()
        return True
    except Exception:
        return False


def main():
    import os
    import select
    import time

    import machine
    import micropython

    config = board_config
    if maintenance_requested(machine, config, os, consume=True):
        return
    micropython.kbd_intr(-1)
    link = UsbLink(select)
    clock = TicksClock(time)
    store = FileStore(config.BOARD_ID_FILE, config.DEFAULT_BOARD_ID)
    board = build(
        machine,
        config,
        link.write,
        store,
        clock,
        on_escape=lambda: request_maintenance(machine, config),
    )
    watchdog = machine.WDT(timeout=config.WATCHDOG_MS)
    run_forever(board, link.read, watchdog)


if __name__ == "__main__":
    main()
