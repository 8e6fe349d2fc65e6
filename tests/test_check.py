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
    assert problems[0].startswith(f"{deck}:{line_number(deck, 'blue-44')}: 'blue-44'")
    # the tag map still names blue-4, which is now in no deck
    assert any("card 'blue-4' is in no deck" in p for p in problems)


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
