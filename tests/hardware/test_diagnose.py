"""``kiosk diagnose``: readable reports, live events, and no tracebacks off the Pi."""

from __future__ import annotations

import pytest

from kiosk.hardware import diagnose
from kiosk.hardware.errors import BackendUnavailableError
from kiosk.hardware.ports import Pad
from kiosk.hardware.tagmap import TagMap

CONFIG = """
[pads]
a = 5
b = 6

[[seats]]
seat = 1
button = 17

[[readers.boards]]
path = "{path}"
seat = 1
antennas = {{1 = 1, 2 = 2}}
"""


def test_simulate_lists_boards_pins_and_streams_demo_events(capsys):
    assert diagnose.main(["--simulate", "--seconds", "0.6"]) == 0
    out = capsys.readouterr().out
    assert "SIMULATED table" in out
    assert "Reader boards (6 configured)" in out
    assert out.count("ONLINE, board 'seat-") == 6
    assert "antenna 5 → lane 5: ok" in out
    assert "GPIO 17  seat 4 button: released" in out
    assert "GPIO  5  pad a: released" in out
    assert "seat 2 lane 1 now holds: blue-1-LH" in out
    assert "unknown tag 0badc0de" in out
    assert "seat 4 button pressed" in out
    assert "STOP — both stop pads touched together" in out
    assert "Stop pads: both free" in out
    assert "stop pad A is held or stuck, so the pads cannot stop the timer: free it" in out
    assert "stop pad A is free again" in out
    assert "CONFLICT: blue-1-LH is seen in seat 2 lane 1 and seat 2 lane 2" in out
    assert out.rstrip().endswith("done.")


def test_off_the_pi_it_says_gpio_is_unavailable_and_points_to_simulate(
    tmp_path, capsys, monkeypatch
):
    def no_gpio():
        raise BackendUnavailableError("no GPIO chip is usable here (No module named 'lgpio')")

    monkeypatch.setattr(diagnose, "pi_pin_factory", no_gpio)
    missing = tmp_path / "usb-kiosk_reader_seat1-if00"
    config = tmp_path / "kiosk.toml"
    config.write_text(CONFIG.format(path=missing))
    tags = tmp_path / "tags"
    tags.mkdir()
    (tags / "t.csv").write_text("uid,card\n04a1b2c3,blue-7-RH\n")
    code = diagnose.main(["--config", str(config), "--tags", str(tags), "--seconds", "0.1"])
    captured = capsys.readouterr()
    assert code == 1
    assert "GPIO is unavailable on this machine" in captured.out
    assert "kiosk diagnose --simulate" in captured.out
    assert f"board {missing} not found — check the USB cable" in captured.out
    assert "ls /dev/serial/by-id" in captured.out
    assert "Traceback" not in captured.out + captured.err
    assert captured.err == ""


def test_a_broken_config_is_reported_with_file_and_line(tmp_path, capsys):
    config = tmp_path / "kiosk.toml"
    config.write_text("[pads]\na = 5\nb = 99\n")
    assert diagnose.main(["--config", str(config), "--seconds", "0"]) == 2
    out = capsys.readouterr().out
    assert f"{config}:3: pads.b: pin 99 is out of range" in out
    assert "run `kiosk diagnose` again" in out


def test_a_broken_tag_map_still_runs_with_uids(tmp_path, capsys):
    tags = tmp_path / "tags"
    tags.mkdir()
    (tags / "bad.csv").write_text("nothex,blue-1\n")
    assert diagnose.main(["--simulate", "--tags", str(tags), "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "Tag map problem" in out and "bad.csv:1" in out


def test_bad_arguments_return_2(capsys):
    assert diagnose.main(["--seconds", "soon"]) == 2
    assert "invalid float value" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--help"]])
def test_help_exits_cleanly(argv, capsys):
    assert diagnose.main(argv) == 0
    assert "--simulate" in capsys.readouterr().out


def test_a_stuck_pad_is_reported_with_what_to_do():
    lines = []
    diagnose.report_pads(frozenset({Pad.B}), lines.append)
    (line,) = lines
    assert line.startswith("Stop pads: stop pad B is held or stuck")
    assert "power the table off and on with hands off the pads" in line
    printer = diagnose.EventPrinter(TagMap({}))
    printer.on_pad_stuck(Pad.B, True, 1.0)
    printer.on_pad_stuck(Pad.B, False, 2.0)
    said = [printer.lines.get_nowait()[1] for _ in range(2)]
    assert said[0].startswith("stop pad B is held or stuck")
    assert said[1] == "stop pad B is free again"
