"""`kiosk check`: every malformed config file gets `file:line: message`, all at once."""

import shutil
from pathlib import Path

import pytest

from kiosk.check import check_config
from kiosk.cli import run

CONFIG = Path(__file__).resolve().parents[1] / "config"


@pytest.fixture
def config(tmp_path):
    target = tmp_path / "config"
    shutil.copytree(CONFIG, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text, f"test setup: {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count))


def line_number(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_the_shipped_config_is_clean(capsys):
    assert check_config(CONFIG) == []
    assert run(["check"]) == 0
    assert "everything checks out" in capsys.readouterr().out


def test_old_led_names_pass_with_a_note_to_rename(config, capsys):
    kiosk_toml = config / "kiosk.toml"
    edit(kiosk_toml, "green_led = 14", "ready_led = 14")
    assert check_config(config) == []
    assert run(["--config", str(config), "check"]) == 0
    out = capsys.readouterr().out
    line = line_number(kiosk_toml, "ready_led = 14")
    assert (f"note: {kiosk_toml}:{line}: seats[1].ready_led: ready_led is the old name of "
            "green_led; it still works, but rename it to green_led") in out
    assert "everything checks out (1 note and 1 warning above)" in out  # the example tags


def test_bad_element_value_names_file_line_element_and_field(config):
    elements = config / "sync_or_swim" / "elements.toml"
    edit(elements, 'value = "4-"', 'value = "11+"')
    line = line_number(elements, 'value = "11+"')
    assert check_config(config) == [
        f"{elements}:{line}: element 'E06', field 'value': '11+' is not a value "
        "(use 1-10, 1+, 10-, even, odd or any)"]


def test_neighbors_sequential_is_refused_not_ignored(config, capsys):
    """The judge has no run between neighbors, so accepting it judged seats playing
    1, 9, 5 IN SYNC. `kiosk check` must name it, as `kiosk judge` does."""
    elements = config / "sync_or_swim" / "elements.toml"
    edit(elements, 'neighbors = { different = "value" }',
         'neighbors = { different = "value", sequential = true }')
    problems = check_config(config)
    assert len(problems) == 1, problems
    line = line_number(elements, '{ different = "value", sequential = true }')
    assert problems[0].startswith(f"{elements}:{line}: element '")
    assert "field 'neighbors.sequential': unknown field (use different, same)" in problems[0]
    assert run(["--config", str(config), "check"]) == 1


def test_every_problem_is_listed_not_just_the_first(config, capsys):
    elements = config / "sync_or_swim" / "elements.toml"
    edit(elements, 'colour = "yellow"', 'colour = "purple"')
    edit(elements, 'foot = "right"', 'foot = "sideways"')
    twists = config / "sync_or_swim" / "twists.toml"
    edit(twists, "extra_seconds = -5", "extra_seconds = 99")
    problems = check_config(config)
    assert len(problems) == 3
    assert any("element 'E02', field 'colour'" in p for p in problems)
    assert any("element 'E26', field 'foot'" in p for p in problems)
    assert any(f"{twists}:{line_number(twists, 'extra_seconds = 99')}: twist 'T03'" in p
               for p in problems)
    assert run(["--config", str(config), "check"]) == 1
    assert "3 problems" in capsys.readouterr().out


def test_option_and_role_fields_point_at_their_own_lines(config):
    elements = config / "sync_or_swim" / "elements.toml"
    edit(elements, 'value = "8+"\nlabel = "a card 8 or higher"', 'value = "8++"\nlabel = "x"')
    edit(elements, 'swimmers = 1\nvalue = "9+"', 'swimmers = 1\nvalue = "nine"')
    problems = check_config(config)
    option_line = line_number(elements, "value = \"8++\"")
    role_line = line_number(elements, "value = \"nine\"")
    assert f"{elements}:{option_line}: element 'E12', field 'option 2: value'" in problems[0]
    assert f"{elements}:{role_line}: element 'E32', field 'role 1: value'" in problems[1]


def test_bad_deck_card_and_duplicate(config):
    deck = config / "decks" / "default.toml"
    edit(deck, '"blue-4"', '"blue-44"')
    problems = check_config(config)
    assert problems == [f"{deck}:{line_number(deck, 'blue-44')}: [players.3] field 'cards': "
                        "'blue-44': the value must be a number from 1 to 10"]
    # fixed, the tag map still names blue-4, which is now in no deck
    edit(deck, '"blue-44"', '"blue-4-RF"')
    tags = config / "tags" / "default.csv"
    assert check_config(config) == [
        f"{tags}:{line_number(tags, ',blue-4')}: card 'blue-4' is in no deck "
        "(check the spelling, e.g. blue-7-LH)"]


def test_broken_toml_gives_the_line(config):
    twists = config / "sync_or_swim" / "twists.toml"
    edit(twists, 'name = "Silent Swim"', 'name = "Silent Swim')
    problems = check_config(config)
    assert len(problems) == 1
    assert problems[0].startswith(f"{twists}:{line_number(twists, 'Silent Swim')}: not valid TOML")


def test_routine_with_unknown_element_and_unwinnable_routine(config):
    campaign = config / "sync_or_swim" / "campaign.toml"
    edit(campaign, '"E22", "E06"', '"E99", "E06"')
    problems = check_config(config)
    assert problems == [f"{campaign}:{line_number(campaign, 'E99')}: routine 'R02', field "
                        "'elements': no element 'E99' in the element files"]
    edit(campaign, '"E99", "E06"', '"E05", "E06"')   # gray water ...
    edit(campaign, 'twist = "T09"', 'twist = "T02"')  # ... with no gray allowed
    problems = check_config(config)
    assert f"{campaign}: routine 'R02' cannot be won by 3 swimmers with this deck: change " \
           "an element or the twist" in problems


def test_duplicate_element_id(config):
    elements = config / "sync_or_swim" / "elements.toml"
    edit(elements, 'id = "E02"', 'id = "E01"')
    problems = check_config(config)
    assert any("element 'E01' is defined twice" in p for p in problems)


def test_kiosk_toml_pin_twice_unknown_seat_board_twice(config):
    kiosk = config / "kiosk.toml"
    text = kiosk.read_text()
    first_button = text.split("button = ", 2)[1].split()[0]
    second_button = text.split("button = ", 3)[2].split()[0]
    edit(kiosk, f"button = {second_button}", f"button = {first_button}")
    problems = check_config(config)
    assert any(p.startswith(f"{kiosk}:") and "already used" in p for p in problems)


def test_tag_map_bad_uid_and_unknown_card(config):
    tags = config / "tags" / "default.csv"
    lines = tags.read_text().splitlines()
    lines[4] = "zz12,blue-2-BH-LF"
    lines.append("04aabbccddeeff,blue-77")
    tags.write_text("\n".join(lines) + "\n")
    problems = check_config(config)
    assert any(p.startswith(f"{tags}:5: ") and "not hex" in p for p in problems)


def test_stop_pad_timing_is_checked(config):
    kiosk_toml = config / "kiosk.toml"
    edit(kiosk_toml, "pair_ms = 500", "pair_ms = 5000")
    line = line_number(kiosk_toml, "pair_ms = 5000")
    assert check_config(config) == [
        f"{kiosk_toml}:{line}: pads.pair_ms: value 5000 is out of range (100–2000)"]


def load_problems(config: Path) -> list[str]:
    """What the app's own loader says about the folder (empty: it loads)."""
    from kiosk.games.sync_or_swim.library import read_content

    return [f"{s}:{n}: {m}" if n else f"{s}: {m}" for s, n, m in read_content(config)[1]]


# Each of these once passed `kiosk check` and then stopped the kiosk, or crashed check.
CAMPAIGN_EDITS = [
    ('id = "R02"', 'id = "R01"', "routine 'R01' is defined twice"),
    ("base_seconds = 15", "base_seconds = -15", "'base_seconds': -15 is not a whole number"),
    ("base_seconds = 15", 'base_seconds = "15"', "'base_seconds': '15' is not a whole number"),
    ("base_seconds = 15", "base_seconds = nan", "base_seconds: nan is not a number"),
    ("par_factor = 0.6", "par_factor = inf", "par_factor: inf is not a number"),
    ("base_seconds = 15", "base_seconds = " + "9" * 5000, "a whole number has thousands of "
                                                          "digits"),
    ("base_seconds = 15", "base_seconds = 99999999999999999999", "does not fit in 64 bits"),
    ("[timing]", "timing = 5\n[timings]", "timing must be a [timing] table"),
    ("[timing]", "[timng]", "unknown section 'timng': did you mean [timing]?"),
    ('twist = "T01"', 'twist = ["T01"]', "give one twist id in quotes"),
    ('elements = ["E13", "E29", "E12", "E15", "E30"]', "elements = 5", "list exactly 5"),
    ("par_seconds = 240", "par_seconds = " + "[" * 5000 + "]" * 5000,
     "nested too deeply to read"),
    ("par_seconds = 240", "par_seconds = " + "[" * 40 + "]" * 40, "nested more than 16"),
]


@pytest.mark.parametrize(("old", "new", "words"), CAMPAIGN_EDITS,
                         ids=[c[2][:30] for c in CAMPAIGN_EDITS])
def test_check_fails_exactly_when_the_loader_does(config, capsys, old, new, words):
    campaign = config / "sync_or_swim" / "campaign.toml"
    edit(campaign, old, new)
    problems = check_config(config)
    assert any(words in p for p in problems), problems
    assert all(p.startswith(f"{campaign}:") or p.startswith(f"{campaign}: ") for p in problems)
    assert load_problems(config) == problems  # the same loader, the same list
    assert run(["--config", str(config), "check"]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_routine_5_and_an_element_section_typo(config):
    campaign = config / "sync_or_swim" / "campaign.toml"
    campaign.write_text("routine = 5\n" + campaign.read_text().split("[[routine]]")[0])
    elements = config / "sync_or_swim" / "elements.toml"
    edit(elements, '[[element]]\nid = "E40"', '[[elemnt]]\nid = "E40"')
    problems = check_config(config)
    assert problems == load_problems(config)
    assert f"{elements}:{line_number(elements, '[[elemnt]]')}: unknown section 'elemnt': did " \
           "you mean [[element]]?" in problems
    assert any("write each routine as a [[routine]] table" in p for p in problems)


@pytest.mark.parametrize(("name", "data", "words"), [
    ("kiosk.toml", b"\x00\x01binary", "holds a NUL byte"),
    ("kiosk.toml", b"a = 1\n" * 200_000, "the file is over 1024 KiB"),
    ("kiosk.toml", b"pads = { a = 5, b = 6 }\nx = " + b"9" * 5000,
     "thousands of digits"),
    ("sync_or_swim/twists.toml", b"\xc3\x28", "byte 0xc3 is not UTF-8 text"),
    ("decks/default.toml", b"x = " + b"{a=" * 5000 + b"1" + b"}" * 5000, "nested too deeply"),
])
def test_unreadable_files_are_one_line_each(config, capsys, name, data, words):
    (config / name).write_bytes(data)
    problems = check_config(config)
    assert any(p.startswith(f"{config / name}") and words in p for p in problems), problems
    assert run(["--config", str(config), "check"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err


def test_a_folder_in_place_of_a_file(config):
    twists = config / "sync_or_swim" / "twists.toml"
    twists.unlink()
    twists.mkdir()
    assert check_config(config) == [f"{twists}: cannot read the file (Is a directory); "
                                    "restore it, or point --config at the right folder"]


def test_kiosk_toml_huge_and_odd_values_are_problems_not_crashes(config):
    kiosk = config / "kiosk.toml"
    edit(kiosk, "hold_s = 3.0", "hold_s = nan")
    assert check_config(config) == [f"{kiosk}:{line_number(kiosk, 'hold_s')}: buttons.hold_s: "
                                    "nan is not a number the kiosk can use; write a plain "
                                    "number"]
    edit(kiosk, "hold_s = nan", "hold_s = 3.0")
    edit(kiosk, "seat = 1", "seat = 4611686018427387904")
    edit(kiosk, "antennas = {1 = 1,", 'antennas = {"²" = 9, 1 = 1,')
    problems = check_config(config)
    assert any("seat 4611686018427387904 is out of range" in p for p in problems), problems
    assert any("antenna '²': antenna numbers are whole numbers" in p for p in problems), problems


@pytest.mark.parametrize(("row", "words"), [
    ("04aabbccddeeff," + "x" * 131_073, "the line has 131088 characters"),  # once csv.Error
    ("04aabbccddeeff,blue-7-RH,2024-05-01T18:30:00Z", None),  # a dated export is fine
    ("04aabbccddeeff,purple-99", "card 'purple-99' is in no deck"),
    ("04aabbccddeeff,blue-7-RH,9999-12-31T23:59:59-05:00", "is not between 1970 and 2100"),
])
def test_tag_files_are_read_by_the_one_tag_parser(config, capsys, row, words):
    tags = config / "tags" / "default.csv"
    tags.write_text(tags.read_text() + row + "\n")
    line = len(tags.read_text().splitlines())
    problems = check_config(config)
    if words is None:
        assert problems == []
        return
    assert len(problems) == 1 and problems[0].startswith(f"{tags}:{line}: ") and \
        words in problems[0], problems
    assert run(["--config", str(config), "check"]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_the_toml_reader_doctests_hold():
    import doctest

    import kiosk.tomlfile

    assert doctest.testmod(kiosk.tomlfile).failed == 0


def test_a_key_with_a_newline_stays_on_one_line(config):
    kiosk = config / "kiosk.toml"
    kiosk.write_text('"x\\ny" = 1\n' + kiosk.read_text())
    assert check_config(config) == [f"{kiosk}:1: 'x\\ny': unknown field 'x\\ny'; expected one "
                                    "of buttons, leds, pads, seats, readers"]


def test_a_misspelled_settings_table_gets_a_suggestion(config):
    kiosk = config / "kiosk.toml"
    edit(kiosk, "[pads]", "[padz]")
    problems = check_config(config)
    assert f"{kiosk}:{line_number(kiosk, '[padz]')}: padz: unknown field 'padz'; did you " \
           "mean pads? expected one of buttons, leds, pads, seats, readers" in problems
