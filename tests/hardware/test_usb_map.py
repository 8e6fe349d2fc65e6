"""``kiosk diagnose`` shows which USB board is which seat: the name a board gives
itself, its by-id path, and the kiosk.toml seat that path belongs to."""

from __future__ import annotations

from kiosk.hardware.diagnose import _tags
from kiosk.hardware.example_tags import example_uid
from kiosk.hardware.usb_map import UsbPort, usb_lines
from kiosk.hardware.usb_name import by_id_name
from kiosk.store import SQLiteStore
from kiosk.store.tags import read_only_tags

SEATS = {"/dev/serial/by-id/" + by_id_name(f"seat-{n}"): n for n in (1, 2)}


def test_self_named_boards_map_to_their_seats_and_strays_are_named():
    ports = [
        UsbPort("/dev/ttyACM1", "kiosk", "reader", "seat2", 0x2E8A),
        UsbPort("/dev/ttyACM0", "kiosk", "reader", "seat1", 0x2E8A),
        UsbPort("/dev/ttyACM2", "kiosk", "reader", "seat5", 0x2E8A),
        UsbPort("/dev/ttyACM3", "MicroPython", "Board in FS mode", "e6614c311b7e6f35", 0x2E8A),
        UsbPort("/dev/ttyUSB0", "FTDI", "FT232R USB UART", "A50285BI", 0x0403),
    ]
    lines = usb_lines(ports, SEATS)
    assert lines[0].endswith("/dev/serial/by-id/usb-kiosk_reader_seat1-if00 -> seat 1")
    assert lines[1].endswith("/dev/serial/by-id/usb-kiosk_reader_seat2-if00 -> seat 2")
    assert lines[2].endswith("no seat: kiosk.toml has no [[readers.boards]] with this path")
    assert lines[3].startswith("  /dev/ttyACM3: MicroPython's stock USB name (serial "
                               "e6614c311b7e6f35): flash the kiosk firmware")
    assert len(lines) == 4  # the FTDI adapter is no reader board


def test_no_board_plugged_in_says_so():
    assert usb_lines([], SEATS) == [
        "  no reader board is plugged in (none named kiosk/reader, no Pico)"]


def test_diagnose_names_cards_from_the_database_that_kiosk_enroll_wrote(tmp_path, monkeypatch):
    database = tmp_path / "kiosk.sqlite3"
    with SQLiteStore(database) as store:
        store.tags.add(bytes.fromhex("04a0a1a2a3a4a5"), "blue-1-LH", enrolled_at=0)
    monkeypatch.setenv("KIOSK_DB", str(database))
    tags = _tags(None, print, read_only_tags)
    assert tags.card(bytes.fromhex("04a0a1a2a3a4a5")) == "blue-1-LH"
    assert tags.card(example_uid("blue-2-BH-LF")) is None  # not the CSV files


def test_diagnose_without_a_database_reads_the_config_folders_tags(tmp_path, monkeypatch):
    monkeypatch.setenv("KIOSK_DB", str(tmp_path / "none.sqlite3"))
    assert _tags(None, print, read_only_tags).card(example_uid("blue-2-BH-LF")) == "blue-2-BH-LF"
