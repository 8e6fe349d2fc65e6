"""Loading config/kiosk.toml: typed settings, or every problem with file, line and field."""

from __future__ import annotations

import dataclasses

import pytest

from kiosk.config import (
    DEFAULT_PATH,
    ConfigError,
    KioskSettings,
    Problems,
    load_settings,
    parse_settings,
)
from kiosk.hardware.sim_gpio import reference_settings

BASE = """\
[buttons]
pull = "up"
bounce_ms = 20
hold_s = 3.0

[pads]
a = 5
b = 6

[[seats]]
seat = 1
button = 17
green_led = 23

[[seats]]
seat = 2
button = 27
green_led = 24

[[readers.boards]]
path = "/dev/serial/by-id/board-1"
seat = 1
antennas = {1 = 1, 2 = 2}
"""


def write(tmp_path, text):
    path = tmp_path / "kiosk.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_settings(path)
    return path, info.value


def line_of(text, fragment, occurrence=1):
    lines = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line]
    return lines[occurrence - 1]


def test_base_file_loads_into_typed_settings(tmp_path):
    s = load_settings(write(tmp_path, BASE))
    assert [p.button for p in s.gpio.seats] == [17, 27]
    assert s.gpio.seats[0].yellow_led is None and s.notes == ()
    assert (s.gpio.pads.a, s.gpio.pads.b, s.gpio.buttons.hold_s) == (5, 6, 3.0)
    assert s.readers.boards[0].lane_for(2) == 2 and s.readers.boards[0].lane_for(9) is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.gpio.pads.a = 7


def test_shipped_config_loads_and_matches_the_sim_layout():
    s = load_settings(DEFAULT_PATH)
    assert [p.seat for p in s.gpio.seats] == [1, 2, 3, 4, 5, 6]
    assert s.gpio == reference_settings()


def test_pin_used_twice_names_file_line_and_both_fields(tmp_path):
    text = BASE.replace("button = 27", "button = 17")
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert problem.field == "seats[2].button"
    assert problem.line == line_of(text, "button = 17", 2)
    message = str(error)
    assert f"{path}:{problem.line}: seats[2].button: pin 17 is already used by seats[1].button" in (
        message
    )


def test_led_and_pad_pins_count_as_used_too(tmp_path):
    _, error = problems_of(tmp_path, BASE.replace("green_led = 24", "green_led = 5"))
    assert [p.field for p in error.problems] == ["seats[2].green_led"]
    assert "already used by pads.a" in str(error)


OLD_NAMES = BASE.replace("green_led = 23", "ready_led = 23\ncaptain_led = 8\nfailed_led = 10")


def test_an_installed_file_with_the_old_led_names_still_loads_with_notes(tmp_path):
    path = write(tmp_path, OLD_NAMES)
    s = load_settings(path)
    assert (s.gpio.seats[0].green_led, s.gpio.seats[0].yellow_led,
            s.gpio.seats[0].red_led) == (23, 8, 10)
    assert s.gpio.seats[1].green_led == 24
    assert s.notes == (
        f"{path}:{line_of(OLD_NAMES, 'ready_led')}: seats[1].ready_led: ready_led is the "
        "old name of green_led; it still works, but rename it to green_led",
        f"{path}:{line_of(OLD_NAMES, 'captain_led')}: seats[1].captain_led: captain_led is "
        "the old name of yellow_led; it still works, but rename it to yellow_led",
        f"{path}:{line_of(OLD_NAMES, 'failed_led')}: seats[1].failed_led: failed_led is the "
        "old name of red_led; it still works, but rename it to red_led",
    )


def test_a_pin_clash_under_an_old_led_name_names_the_field_as_written(tmp_path):
    text = OLD_NAMES.replace("failed_led = 10", "failed_led = 17")
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert (problem.field, problem.line) == ("seats[1].failed_led", line_of(text, "failed_led"))
    assert "pin 17 is already used by seats[1].button" in problem.message


def test_an_led_under_both_names_is_a_problem_not_a_guess(tmp_path):
    text = OLD_NAMES.replace("captain_led = 8", "captain_led = 8\nyellow_led = 8")
    _, error = problems_of(tmp_path, text)
    assert [p.field for p in error.problems] == ["seats[1].captain_led"]
    assert "keep yellow_led only" in str(error)


def test_unknown_seat_number(tmp_path):
    text = BASE.replace("seat = 2", "seat = 7")
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert (problem.source, problem.field) == (str(path), "seats[2].seat")
    assert problem.line == line_of(text, "seat = 7")
    assert "seat 7 is out of range (1–6)" in problem.message


def test_board_on_a_seat_that_is_not_set_up(tmp_path):
    text = BASE.replace("seat = 1\nantennas", "seat = 5\nantennas")
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert problem.field == "readers.boards[1].seat"
    assert problem.line == line_of(text, "seat = 5")
    assert str(path) in str(error) and "unknown seat 5" in str(error)


def test_seat_numbered_twice(tmp_path):
    _, error = problems_of(tmp_path, BASE.replace("seat = 2", "seat = 1"))
    assert [p.field for p in error.problems] == ["seats[2].seat"]
    assert "seat 1 is already set up by seats[1]" in str(error)


def test_board_mapped_twice(tmp_path):
    text = (
        BASE
        + '\n[[readers.boards]]\npath = "/dev/serial/by-id/board-1"\nseat = 2\n'
        + ("antennas = {1 = 1}\n")
    )
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert problem.field == "readers.boards[2].path"
    assert problem.line == line_of(text, 'path = "/dev/serial/by-id/board-1"', 2)
    assert "board /dev/serial/by-id/board-1 is mapped twice" in problem.message


def test_lane_read_by_two_antennas(tmp_path):
    _, error = problems_of(tmp_path, BASE.replace("{1 = 1, 2 = 2}", "{1 = 1, 2 = 1}"))
    assert [p.field for p in error.problems] == ["readers.boards[1].antennas"]
    assert "seat 1 lane 1 is already read by readers.boards[1].antennas.1" in str(error)


def test_malformed_toml_names_file_and_line(tmp_path):
    text = BASE.replace("b = 6", "b = = 6")
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert problem.source == str(path)
    assert problem.line == line_of(text, "b = = 6")
    assert "not valid TOML" in str(error) and str(path) in str(error)


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("button = 17", 'button = "17"', "seats[1].button", "expected a whole number, got '17'"),
        ("a = 5", "a = true", "pads.a", "expected a whole number, got True"),
        ("hold_s = 3.0", 'hold_s = "3"', "buttons.hold_s", "expected seconds"),
        ('pull = "up"', 'pull = "sideways"', "buttons.pull", "expected one of 'up'"),
        ("bounce_ms = 20", "bouce_ms = 20", "buttons.bouce_ms", "unknown field"),
        ("button = 17", "button = 40", "seats[1].button", "pin 40 is out of range (0–27)"),
        ("{1 = 1, 2 = 2}", '"1:1"', "readers.boards[1].antennas", "expected an inline table"),
    ],
)
def test_wrong_types_and_values_name_the_field(tmp_path, old, new, field, words):
    text = BASE.replace(old, new, 1)
    path, error = problems_of(tmp_path, text)
    assert [p.field for p in error.problems] == [field]
    (problem,) = error.problems
    assert problem.line == line_of(text, new)
    assert words in problem.message
    assert f"{path}:{problem.line}: {field}:" in str(error)


def test_every_problem_is_reported_at_once(tmp_path):
    text = (
        BASE.replace("button = 27", "button = 17")
        .replace("seat = 2", "seat = 9")
        .replace("hold_s = 3.0", "hold_s = -1")
        .replace("[pads]\na = 5\nb = 6\n", "")
    )
    _, error = problems_of(tmp_path, text)
    fields = {p.field for p in error.problems}
    assert fields == {"seats[2].button", "seats[2].seat", "buttons.hold_s", "pads"}
    assert str(error).startswith("4 configuration problems:")
    assert isinstance(error, ValueError)


def test_pull_and_active_must_agree(tmp_path):
    _, error = problems_of(tmp_path, BASE.replace('pull = "up"', 'pull = "up"\nactive = "high"'))
    assert [p.field for p in error.problems] == ["buttons.active"]
    _, error = problems_of(tmp_path, BASE.replace('pull = "up"', 'pull = "none"'))
    assert [p.field for p in error.problems] == ["buttons.active"]
    assert "missing" in str(error)


def test_external_pull_with_active_level(tmp_path):
    s = load_settings(
        write(tmp_path, BASE.replace('pull = "up"', 'pull = "none"\nactive = "high"'))
    )
    assert (s.gpio.buttons.pull, s.gpio.buttons.active_high) == ("none", True)


def test_missing_file_names_the_file(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ConfigError, match="nowhere.toml: cannot read the file"):
        load_settings(path)


def test_extra_checks_report_through_the_same_channel(tmp_path):
    def no_seat_two(settings: KioskSettings, problems: Problems) -> None:
        if any(p.seat == 2 for p in settings.gpio.seats):
            problems.add(("seats", 1, "seat"), "seat 2 is reserved in this test")

    text = BASE
    with pytest.raises(ConfigError) as info:
        load_settings(write(tmp_path, text), checks=[no_seat_two])
    (problem,) = info.value.problems
    assert (problem.field, problem.line) == ("seats[2].seat", line_of(text, "seat = 2"))


def test_extra_checks_wait_for_valid_base_settings(tmp_path):
    calls = []
    with pytest.raises(ConfigError):
        load_settings(write(tmp_path, BASE.replace("a = 5", "a = 99")), checks=[calls.append])
    assert calls == []


def test_parse_settings_from_data_without_text():
    with pytest.raises(ConfigError) as info:
        parse_settings({"seats": [{"seat": 1, "button": 4}]}, source="<memory>")
    assert str(info.value.problems[0]) == "<memory>: pads: missing section [pads]"


def test_pad_timing_has_defaults_and_limits(tmp_path):
    pads = load_settings(write(tmp_path, BASE)).gpio.pads
    assert (pads.pair_ms, pads.chatter_ms, pads.stuck_s) == (500, 60, 5.0)
    timed = BASE.replace("b = 6\n", "b = 6\npair_ms = 800\nchatter_ms = 30\nstuck_s = 8\n")
    pads = load_settings(write(tmp_path, timed)).gpio.pads
    assert (pads.pair_ms, pads.chatter_ms, pads.stuck_s) == (800, 30, 8.0)


@pytest.mark.parametrize(
    ("setting", "field", "words"),
    [
        ("pair_ms = 50", "pads.pair_ms", "value 50 is out of range (100–2000)"),
        ("chatter_ms = 400", "pads.chatter_ms", "value 400 is out of range (0–250)"),
        ("stuck_s = 0", "pads.stuck_s", "expected seconds between 0 and 60"),
        ("stuck_s = 0.5", "pads.stuck_s",
         "0.5 s is not longer than pair_ms (500 ms), so a touch could be called stuck"),
    ],
)
def test_bad_pad_timing_names_the_field(tmp_path, setting, field, words):
    text = BASE.replace("b = 6\n", f"b = 6\n{setting}\n")
    path, error = problems_of(tmp_path, text)
    (problem,) = error.problems
    assert (problem.field, problem.line) == (field, line_of(text, setting))
    assert words in problem.message
