"""``kiosk firmware``: put the reader-board firmware on a Pico and give it a name.

    kiosk firmware files                                   # what would be copied
    kiosk firmware flash --port /dev/ttyACM0 --board-id seat-3
    kiosk firmware selftest --port /dev/ttyACM0            # bring-up: kiosk/firmware_selftest.py

``flash`` uses mpremote (``pip install mpremote``). The board must already run
MicroPython. Steps, each one printed as it runs:

1. ask a running firmware to let go of the REPL: send ``0x00 \\r 0x03`` (the
   firmware reboots into a maintenance boot that leaves the REPL free), then wait
   for the port to come back;
2. copy every ``firmware/*.py``, the kiosk's own ``kiosk/hardware/wire.py`` as
   ``wire.py`` (one codec for both ends) and ``kiosk/hardware/usb_name.py`` (the USB
   name ``boot.py`` gives the board from its id: one rule for board and udev);
3. write the board id to ``board_id.txt``;
4. reset the board: it boots the new firmware and says HELLO with its id.

Stop the kiosk first (it holds the port). Then ``kiosk diagnose`` shows the board.
The plain mpremote sequence is in firmware/README.md.

Every command goes through a ``Runner``, so tests replace the device with a fake.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE_DIR = ROOT / "firmware"
WIRE = Path(__file__).resolve().parent / "hardware" / "wire.py"
USB_NAME = Path(__file__).resolve().parent / "hardware" / "usb_name.py"
BOARD_ID_FILE = "board_id.txt"
ESCAPE = b"\x00\r\x03"
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def files() -> list[tuple[Path, str]]:
    """(local file, name on the board) for everything a board needs, in copy order."""
    pairs = [(path, path.name) for path in sorted(FIRMWARE_DIR.glob("*.py"))]
    pairs.append((WIRE, "wire.py"))
    pairs.append((USB_NAME, "usb_name.py"))  # the board's USB name, as udev will see it
    # main.py last: a board cut off half-way keeps booting its old main.py.
    pairs.sort(key=lambda pair: pair[1] == "main.py")
    return pairs


def valid_board_id(board_id: str) -> bool:
    """The wire protocol's rule: 1..32 printable ASCII characters."""
    return 0 < len(board_id) <= 32 and all(" " <= c <= "~" for c in board_id)


class Runner:
    """The outside world of ``flash``: processes, the serial port, time."""

    def which(self, name: str) -> str | None:
        return shutil.which(name)

    def run(self, argv: Sequence[str]) -> int:
        return subprocess.run(list(argv), check=False).returncode

    def send(self, port: str, data: bytes) -> None:
        import serial

        with serial.Serial(port, 115200, timeout=1) as link:
            link.write(data)
            link.flush()

    def wait_for(self, port: str, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        time.sleep(1.0)  # the board resets and USB re-enumerates
        while time.monotonic() < deadline:
            if os.path.exists(port):
                time.sleep(0.5)
                return True
            time.sleep(0.2)
        return False


def flash_commands(mpremote: str, port: str, board_id: str) -> list[list[str]]:
    """The mpremote invocations of a flash, after the escape (also shown by --dry-run)."""
    base = [mpremote, "connect", port]
    copy = list(base)
    for local, remote in files():
        copy += ["fs", "cp", str(local), ":" + remote, "+"]
    copy.pop()  # no trailing "+"
    write_id = base + [
        "exec",
        f"f = open({BOARD_ID_FILE!r}, 'w'); f.write({board_id!r}); f.close()",
    ]
    return [copy, write_id, base + ["reset"]]


def flash(
    port: str,
    board_id: str,
    runner: Runner,
    say: Callable[[str], None] = print,
    dry_run: bool = False,
) -> int:
    if not valid_board_id(board_id):
        say(f"kiosk firmware: board id {board_id!r} must be 1 to 32 printable ASCII characters")
        return EXIT_USAGE
    mpremote = runner.which("mpremote")
    if mpremote is None and not dry_run:
        say("kiosk firmware: mpremote is not installed: pip install mpremote, then try again")
        return EXIT_FAILED
    commands = flash_commands(mpremote or "mpremote", port, board_id)
    if dry_run:
        say(f"send {ESCAPE!r} to {port}, wait for it to come back")
        for argv in commands:
            say(" ".join(argv))
        return EXIT_OK
    if not os.path.exists(port) and not runner.wait_for(port, 0):
        say(f"kiosk firmware: {port} does not exist: is the board plugged in?")
        return EXIT_FAILED
    say(f"asking the board on {port} to free its REPL")
    try:
        runner.send(port, ESCAPE)
    except OSError as error:
        say(f"kiosk firmware: cannot open {port}: {error} (is the kiosk still running?)")
        return EXIT_FAILED
    if not runner.wait_for(port, 15):
        say(f"kiosk firmware: {port} did not come back after the reset; unplug and replug it")
        return EXIT_FAILED
    steps = ("copying the firmware", f"setting the board id to {board_id}", "resetting")
    for text, argv in zip(steps, commands, strict=True):
        say(text)
        code = runner.run(argv)
        if code != 0:
            say(f"kiosk firmware: mpremote failed ({code}) while {text}; nothing else was done")
            return EXIT_FAILED
    say(f"done: the board now calls itself {board_id}; `kiosk diagnose` should list it")
    return EXIT_OK


def main(argv: Sequence[str], runner: Runner | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kiosk firmware", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("files", help="list the files a flash copies, and their names on the board")
    cmd = sub.add_parser("flash", help="copy the firmware to a board and set its id")
    cmd.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    cmd.add_argument("--board-id", required=True, help="its name on the wire, e.g. seat-3")
    cmd.add_argument("--dry-run", action="store_true", help="print the steps, touch nothing")
    test = sub.add_parser(
        "selftest",
        help="check one board step by step: exit 0 all pass, 1 a step failed, 2 no board",
    )
    test.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    test.add_argument("--yes", action="store_true", help="do not wait for Enter (scripted rig)")
    test.add_argument("--wait", type=float, default=3.0, help="seconds to wait for the board")
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code else EXIT_OK
    if args.command == "files":
        for local, remote in files():
            print(f"{local}  ->  :{remote}")
        return EXIT_OK
    if args.command == "selftest":
        from kiosk.firmware_selftest import selftest

        return selftest(args.port, yes=args.yes, wait=args.wait)
    return flash(args.port, args.board_id, runner or Runner(), dry_run=args.dry_run)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
