"""Malformed content: every check on load raises ContentError naming file, card and field.

A café owner edits these files by hand, so each message must say where to look
("elements.toml: element 'E07', field 'value': ...") and what to write instead.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from kiosk.games.sync_or_swim.content import (
    ContentError,
    parse_cards_file,
    parse_element,
    parse_twist,
)
from kiosk.games.sync_or_swim.library import (
    ContentProblems,
    load_content,
    load_deck,
    read_content,
)

CONFIG = Path(__file__).resolve().parents[2] / "config"
SOURCE = "cafe.toml"
EACH = {"id": "E07", "name": "Bad", "mode": "each"}
TEAM = {"id": "E07", "name": "Bad", "mode": "team"}
SPLIT = {"id": "E07", "name": "Bad", "mode": "split"}
OTHERS = {"swimmers": "others"}


def element_error(raw: dict) -> str:
    with pytest.raises(ContentError) as caught:
        parse_element(raw, SOURCE)
    return str(caught.value)


def twist_error(raw: dict) -> str:
    with pytest.raises(ContentError) as caught:
        parse_twist(raw, SOURCE)
    return str(caught.value)


ELEMENT_CASES = [
    # (raw element, field named, words of the problem)
    (EACH | {"colur": "blue"}, "colur", "unknown field (use"),
    (EACH | {"value": "11+"}, "value", "'11+' is not a value (use 1-10, 1+, 10-, even, odd"),
    (EACH | {"value": 0}, "value", "0 is not a value"),
    (EACH | {"value": "7++"}, "value", "is not a value"),
    (EACH | {"value": True}, "value", "True is not a number"),
    (EACH | {"value": 7.5}, "value", "7.5 is not a number"),
    (EACH | {"cards": 6}, "cards", "6 is not a value (use 0-5"),
    (EACH | {"cards": "-1"}, "cards", "is not a value"),
    (EACH | {"colour": "purple"}, "colour",
     "'purple' is not one of any, blue, yellow, green, gray"),
    (EACH | {"colour": 3}, "colour", "3 is not one of"),
    (EACH | {"hand": "up"}, "hand", "'up' is not one of any, left, both, right, none"),
    (EACH | {"foot": "LF"}, "foot", "'LF' is not one of"),
    ({"id": "E07", "name": "Bad", "mode": "solo"}, "mode",
     "'solo' is not one of each, team, split"),
    ({"id": "E07", "mode": "each"}, "name", "is missing"),
    ({"id": "E07", "name": "Bad"}, "mode", "is missing"),
    (EACH | {"level": 0}, "level", "whole number from 1 to 5"),
    (EACH | {"level": 6}, "level", "whole number from 1 to 5"),
    (EACH | {"level": "2"}, "level", "whole number from 1 to 5"),
    (EACH | {"not": {}}, "not", "must be a table like"),
    (EACH | {"not": "blue"}, "not", "must be a table like"),
    (EACH | {"not": {"cards": 1}}, "not.cards", "unknown field (use colour, foot, hand, value)"),
    (EACH | {"not": {"colour": "pink"}}, "not.colour", "'pink' is not one of"),
    (EACH | {"not": {"value": "11"}}, "not.value", "is not a value"),
    (EACH | {"cards": 2, "within": "same"}, "within", "must be a table like"),
    (EACH | {"cards": 2, "within": {"similar": "colour"}}, "within.similar", "unknown field"),
    (EACH | {"cards": 2, "within": {"same": "shape"}}, "within.same",
     "compare one of colour, value, parity, hand, foot"),
    (EACH | {"cards": 2, "within": {"same": []}}, "within.same", "give an attribute"),
    (EACH | {"cards": 2, "within": {"different": ["colour", "size"]}}, "within.different",
     "compare one of"),
    (EACH | {"cards": 2, "within": {"sequential": "yes"}}, "within.sequential",
     "must be true or false"),
    (EACH | {"across": {"same": "colour"}}, "across", "use mode = \"team\" for across"),
    (EACH | {"option": [{"colour": "blue"}, {"across": {"same": "value"}}]},
     "option 2: across", "use mode = \"team\" for across"),
    (EACH | {"option": [{"colour": "blue"}, {"neighbors": {"same": "value"}}]},
     "option 2: neighbors", "cannot mix with per-swimmer options"),
    (EACH | {"option": [{"colour": "blue"}, {"colr": "green"}]}, "option 2: colr",
     "unknown field"),
    (EACH | {"cards": 0, "colour": "blue"}, "cards", "0 means 'play no card'"),
    (EACH | {"cards": 0, "not": {"colour": "blue"}}, "cards", "drop the other fields"),
    (TEAM | {"cards": 0, "across": {"same": "colour"}}, "cards", "0 means 'play no card'"),
    (EACH | {"cards": 1, "within": {"same": "colour"}}, "within", "need cards = 2 or more"),
    (EACH | {"within": {"different": "value"}}, "within", "need cards = 2 or more"),
    (EACH | {"cards": "1-", "within": {"same": "colour"}}, "within", "need cards = 2 or more"),
    (TEAM | {"cards": 2, "across": {"sequential": True}}, "across.sequential",
     "a run across swimmers needs cards = 1"),
    (TEAM | {"cards": "1+", "across": {"sequential": True}}, "across.sequential",
     "needs cards = 1"),
    (TEAM | {"cards": "any", "across": {"sequential": True}}, "across.sequential",
     "needs cards = 1"),
    (EACH | {"option": {"colour": "blue"}}, "option", "write each one as a [[...option]] table"),
    (EACH | {"option": ["blue"]}, "option", "write each one as a [[...option]] table"),
    (EACH | {"colour": "blue", "option": [{"value": 3}]}, "option",
     "put the fields inside each [[element.option]] only"),
    (TEAM | {"role": [{"swimmers": 1}, OTHERS]}, "role", "roles need mode = \"split\""),
    (SPLIT | {"colour": "blue", "role": [{"swimmers": 1}, OTHERS]}, "role",
     "a split element lists its roles as [[element.role]] only"),
    (SPLIT | {"option": [{"colour": "blue"}], "role": [{"swimmers": 1}, OTHERS]}, "role",
     "lists its roles"),
    (SPLIT | {"role": [OTHERS]}, "role", "a split needs at least two roles"),
    (SPLIT, "role", "a split needs at least two roles"),
    (SPLIT | {"role": [{"swimmers": 1}, {"swimmers": 2}]}, "role 2: swimmers",
     "the last role must be swimmers = \"others\""),
    (SPLIT | {"role": [{"swimmers": 1}, {"colour": "blue"}]}, "role 2: swimmers",
     "the last role must be"),
    (SPLIT | {"role": [{"swimmers": 3}, OTHERS]}, "role 1: swimmers", "must be 1 or 2"),
    (SPLIT | {"role": [{"swimmers": "others"}, OTHERS]}, "role 1: swimmers", "must be 1 or 2"),
    (SPLIT | {"role": [{"colour": "blue"}, OTHERS]}, "role 1: swimmers", "must be 1 or 2"),
    (SPLIT | {"role": [{"swimmers": 1, "neighbors": {"same": "colour"}}, OTHERS]},
     "role 1: neighbors", "roles cannot use neighbours"),
    (SPLIT | {"role": [{"swimmers": 1}, OTHERS | {"neighbors": {"different": "value"}}]},
     "role 2: neighbors", "roles cannot use neighbours"),
    (SPLIT | {"role": [{"swimmers": 2}, {"swimmers": 1}, OTHERS]}, "role",
     "the fixed roles may take at most 2 swimmers"),
    (SPLIT | {"role": [{"swimmers": 1}, {"swimmers": 1}, {"swimmers": 1}, OTHERS]}, "role",
     "at most 2 swimmers"),
    (SPLIT | {"role": [{"swimmers": 1, "colur": "blue"}, OTHERS]}, "role 1: colur",
     "unknown field"),
    (SPLIT | {"role": [{"swimmers": 1}, OTHERS | {"within": {"same": "value"}}]},
     "role 2: within", "need cards = 2 or more"),
    (SPLIT | {"role": [{"swimmers": 1}, OTHERS | {"cards": 2, "across": {"sequential": True}}]},
     "role 2: across.sequential", "needs cards = 1"),
    (SPLIT | {"role": [{"swimmers": 1}, "others"]}, "role", "write each one as a"),
    # Once accepted and silently ignored by the judge (a false IN SYNC):
    (EACH | {"neighbors": {"sequential": True}}, "neighbors.sequential",
     "unknown field (use different, same); a run clockwise is across"),
    (TEAM | {"option": [{"colour": "blue"}, {"neighbors": {"same": "value",
                                                            "sequential": True}}]},
     "option 2: neighbors.sequential", "unknown field"),
    # Unknown keys are named as such before anything else, in every mode:
    (SPLIT | {"colur": "blue", "role": [{"swimmers": 1}, OTHERS]}, "colur",
     "unknown field (use"),
    (TEAM | {"option": [{"colour": "blue"}], "swimmers": 2}, "swimmers", "unknown field"),
    (SPLIT | {"role": [{"swimmers": 1, "option": []}, OTHERS]}, "role 1: option",
     "unknown field"),
    (EACH | {"not": {"colour": "blue", "within": {}}}, "not.within", "unknown field"),
    (TEAM | {"across": {"same": "colour", "sequentail": True}}, "across.sequentail",
     "unknown field"),
    # Words are words, and bounded:
    (EACH | {"name": {"en": "Bad"}}, "name", "must be words in quotes"),
    (EACH | {"text": 7}, "text", "must be words in quotes"),
    (EACH | {"label": ["a"]}, "label", "must be words in quotes"),
    (EACH | {"name": "x" * 1001}, "name", "keep it under 1000"),
    # Bounds that keep the judge's worst case small:
    (TEAM | {"option": [{"value": n} for n in range(1, 6)]}, "option",
     "5 options: an element may offer at most 4"),
    (TEAM | {"across": {"same": ["colour", "value", "colour"]}}, "across.same",
     "'colour' is listed twice"),
    (TEAM | {"across": {"different": [{"a": 1}]}}, "across.different", "compare one of"),
]


@pytest.mark.parametrize(("raw", "field", "words"), ELEMENT_CASES,
                         ids=[f"{i}-{c[1]}" for i, c in enumerate(ELEMENT_CASES)])
def test_element_errors_name_file_element_and_field(raw, field, words):
    message = element_error(raw)
    assert message.startswith(f"{SOURCE}: element 'E07', field '{field}': "), message
    assert words in message, message


@pytest.mark.parametrize("raw", ["E01", 7, ["id", "E01"], None])
def test_an_element_that_is_not_a_table_is_a_content_error(raw):
    with pytest.raises(ContentError, match="each element must be a table of fields"):
        parse_element(raw, SOURCE)
    with pytest.raises(ContentError, match="each twist must be a table of fields"):
        parse_twist(raw, SOURCE)


@pytest.mark.parametrize("ident", [7, "", " ", "x" * 41, ["E07"]])
def test_an_id_is_a_short_name_in_quotes(ident):
    assert "field 'id': must be a short name in quotes" in element_error(EACH | {"id": ident})


def test_element_without_id_is_named_by_a_question_mark():
    assert element_error({"name": "No id", "mode": "each"}).startswith(
        f"{SOURCE}: element '?', field 'id': is missing")


def test_well_formed_versions_of_the_error_cases_load():
    """Guards the table above: each case fails for its one mistake, not something else."""
    for raw in (EACH | {"value": "10+"}, EACH | {"cards": 5}, EACH | {"cards": 0},
                EACH | {"cards": 2, "within": {"same": "colour"}},
                EACH | {"cards": "2+", "within": {"sequential": True}},
                TEAM | {"across": {"sequential": True}},
                TEAM | {"across": {"same": "colour"}, "neighbors": {"same": "value"}},
                TEAM | {"option": [{"colour": "blue"}, {"neighbors": {"same": "value"}}]},
                SPLIT | {"role": [{"swimmers": 1}, {"swimmers": 1}, OTHERS]},
                SPLIT | {"role": [{"swimmers": 2}, OTHERS | {"across": {"sequential": True}}]},
                EACH | {"level": 5, "not": {"value": "2-"}}):
        parse_element(raw, SOURCE)


BASE_TWIST = {"id": "T10", "name": "Bad", "text": "A twist."}
TWIST_CASES = [
    ({"id": "T10", "name": "Bad"}, "text", "is missing"),
    (BASE_TWIST | {"every_lanes": {"colour": "blue"}}, "every_lanes", "unknown field"),
    (BASE_TWIST | {"every_lane": "blue"}, "every_lane", "must be a table of clause fields"),
    (BASE_TWIST | {"every_lane": {"colur": "blue"}}, "every_lane.colur", "unknown field"),
    (BASE_TWIST | {"every_lane": {"value": "11+"}}, "every_lane.value", "is not a value"),
    (BASE_TWIST | {"every_lane": {"across": {"same": "colour"}}}, "every_lane",
     "applies to each swimmer alone"),
    (BASE_TWIST | {"every_lane": {"neighbors": {"same": "colour"}}}, "every_lane",
     "applies to each swimmer alone"),
    (BASE_TWIST | {"sudden_depth": "yes"}, "sudden_depth", "must be true or false"),
    (BASE_TWIST | {"extra_seconds": 31}, "extra_seconds", "from -10 to 30"),
    (BASE_TWIST | {"extra_seconds": -11}, "extra_seconds", "from -10 to 30"),
    (BASE_TWIST | {"extra_seconds": True}, "extra_seconds", "whole number"),
    (BASE_TWIST | {"extra_seconds": "5"}, "extra_seconds", "whole number"),
    (BASE_TWIST | {"level": 9}, "level", "from 1 to 5"),
]


@pytest.mark.parametrize(("raw", "field", "words"), TWIST_CASES,
                         ids=[f"{i}-{c[1]}" for i, c in enumerate(TWIST_CASES)])
def test_twist_errors_name_file_twist_and_field(raw, field, words):
    message = twist_error(raw)
    assert message.startswith(f"{SOURCE}: twist 'T10', field '{field}': "), message
    assert words in message, message


# ---------- a whole cards file ----------

def test_unknown_section_is_named():
    with pytest.raises(ContentError, match=r"^cafe\.toml: unknown section 'elements' "
                                           r"\(use \[\[element\]\] or \[\[twist\]\]\)"):
        parse_cards_file({"elements": [EACH]}, SOURCE)


def test_duplicate_element_ids():
    with pytest.raises(ContentError) as caught:
        parse_cards_file({"element": [EACH, EACH | {"name": "Again"}]}, SOURCE)
    assert str(caught.value) == "cafe.toml: element 'E07', field 'id': is defined twice"


def test_duplicate_twist_ids():
    with pytest.raises(ContentError) as caught:
        parse_cards_file({"twist": [BASE_TWIST, BASE_TWIST]}, SOURCE)
    assert str(caught.value) == "cafe.toml: twist 'T10', field 'id': is defined twice"


def test_an_element_and_a_twist_may_share_an_id():
    elements, twists = parse_cards_file({"element": [EACH | {"id": "X"}],
                                         "twist": [BASE_TWIST | {"id": "X"}]}, SOURCE)
    assert list(elements) == list(twists) == ["X"]


@pytest.mark.parametrize("section", ["element", "twist"])
def test_single_bracket_table_instead_of_an_array_of_tables(section):
    # "[element]" where "[[element]]" was meant: a plausible slip when editing by hand.
    text = f'[{section}]\nid = "E1"\nname = "x"\nmode = "each"\ntext = "t"\n'
    with pytest.raises(ContentError) as caught:
        parse_cards_file(tomllib.loads(text), SOURCE)
    message = str(caught.value)
    assert message.startswith(f"{SOURCE}: ") and f"[[{section}]]" in message


def problems_of(config: Path) -> list[str]:
    """Every problem load_content finds, as file:line: message."""
    with pytest.raises(ContentProblems) as caught:
        load_content(config)
    assert str(caught.value).startswith(caught.value.lines()[0])
    return caught.value.lines()


def test_a_bad_element_in_a_file_names_the_file_and_line(tmp_path):
    config = copy_config(tmp_path)
    elements = config / "sync_or_swim" / "elements.toml"
    elements.write_text(elements.read_text().replace('value = "7+"', 'value = "11+"', 1))
    line = line_number(elements, 'value = "11+"')
    [problem] = problems_of(config)
    assert problem.startswith(f"{elements}:{line}: element '")
    assert "field 'value': '11+' is not a value" in problem


# ---------- files: TOML, deck, campaign ----------

def copy_config(tmp_path: Path) -> Path:
    target = tmp_path / "config"
    shutil.copytree(CONFIG, target)
    return target


def line_number(path: Path, needle: str, occurrence: int = 1) -> int:
    found = [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line]
    return found[occurrence - 1]


def test_the_copied_shipped_content_loads(tmp_path):
    content, findings = read_content(copy_config(tmp_path))
    assert findings == []
    assert len(content.campaign) == 10 and len(content.elements) >= 50


def test_malformed_toml_names_the_file_and_line(tmp_path):
    config = copy_config(tmp_path)
    twists = config / "sync_or_swim" / "twists.toml"
    twists.write_text('[[twist]]\nid = "T01"\nname = \n')
    assert problems_of(config)[0].startswith(f"{twists}:3: not valid TOML (")


def test_missing_file_is_named(tmp_path):
    config = copy_config(tmp_path)
    campaign = config / "sync_or_swim" / "campaign.toml"
    campaign.unlink()
    assert problems_of(config) == [f"{campaign}: cannot read the file (No such file or "
                                   "directory); restore it, or point --config at the right "
                                   "folder"]


def test_every_broken_file_is_listed_at_once(tmp_path):
    config = copy_config(tmp_path)
    deck = config / "decks" / "default.toml"
    elements = config / "sync_or_swim" / "elements.toml"
    campaign = config / "sync_or_swim" / "campaign.toml"
    deck.write_bytes(b"name = \"x\0\"\n")
    elements.write_bytes(b"\xff\xfe")
    campaign.write_text(campaign.read_text().replace("[timing]", "[timng]"))
    problems = problems_of(config)
    assert problems[0] == (f"{deck}:1: holds a NUL byte, so it is not a text file; save it as "
                           "plain UTF-8 text")
    assert problems[1].startswith(f"{elements}:1: byte 0xff is not UTF-8 text")
    assert f"{campaign}:{line_number(campaign, '[timng]')}: unknown section 'timng': did you " \
           "mean [timing]?" in problems
    assert f"{campaign}: no [timing] table: copy it from the shipped campaign.toml " \
           "(docs/house-rules.md explains it)" in problems


def write_deck(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(("text", "line", "words"), [
    ('[players.3]\ncards = ["blue-7", "purple-3"]\n', 2,
     "[players.3] field 'cards': 'purple-3': unknown colour 'purple'"),
    ('[players.3]\ncards = ["blue-7"]\n[players.4]\ncards = ["blue-11"]\n', 4,
     "[players.4] field 'cards': 'blue-11': the value must be a number from 1 to 10"),
    ('[players.3]\ncards = ["blue-3-LH-RH"]\n', 2,
     "[players.3] field 'cards': 'blue-3-LH-RH': a card shows"),
    ('[players.3]\ncards = "blue-7"\n', 1, "[players.3] field 'cards': give a list of cards"),
    ('[players.3]\ncards = [7]\n', 1, "[players.3] field 'cards': 7 is not a card"),
    ('[players.3]\ncards = ["blue-7"]\n[players.7]\ncards = []\n', 3,
     "[players.7]: use players 3, 4, 5 or 6"),
    ('[players.4]\ncards = ["blue-7"]\n', 1, "needs a [players.3] table"),
    ('name = "empty"\n', None, "needs a [players.3] table"),
    ('name = 5\n[players.3]\ncards = ["blue-7"]\n', 1, "name: give the deck a name"),
    ('gaem = "sync_or_swim"\n[players.3]\ncards = ["blue-7"]\n', 1,
     "unknown field 'gaem': did you mean game?"),
    ('[players.3]\ncards = ["blue-7"]\ncard = ["blue-8"]\n', 3,
     "unknown field in [players.3] 'card': did you mean cards?"),
    ('[players.3]\ncards = ["blue-7", "blue-8"]\n[players.4]\ncards = ["Blue-7"]\n', 2,
     "blue-7 is listed 2 times; every card of a deck is different, so remove the copy"),
])
def test_deck_errors_name_the_file_line_section_and_field(tmp_path, text, line, words):
    path = write_deck(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    where = f"{path}:{line}: " if line else f"{path}: "
    assert str(caught.value).startswith(where + words), str(caught.value)


def test_a_bad_card_in_the_shipped_deck_file_is_named(tmp_path):
    config = copy_config(tmp_path)
    deck = config / "decks" / "default.toml"
    text = deck.read_text()
    assert '"blue-4",' in text
    deck.write_text(text.replace('"blue-4",', '"blue-3-XX",', 1))
    assert problems_of(config) == [
        f"{deck}:{line_number(deck, 'blue-3-XX')}: [players.3] field 'cards': 'blue-3-XX': "
        "unknown icon 'XX' (use LH BH RH LF BF RF)"]


TIMING = ("[timing]\nbase_seconds = 15\nseconds_per_element = 5\npenalty_seconds = 10\n"
          "between_allowance = 20\npar_factor = 0.6\n\n")
ROUTINE = ('[[routine]]\nid = "R01"\nname = "First"\n'
           'elements = ["E01", "E02", "E03", "E04", "E05"]\ntwist = "T01"\n')


def write_campaign(config: Path, text: str) -> Path:
    path = config / "sync_or_swim" / "campaign.toml"
    path.write_text(text)
    return path


def test_the_minimal_campaign_loads(tmp_path):
    config = copy_config(tmp_path)
    write_campaign(config, TIMING + ROUTINE)
    assert [r.id for r in load_content(config).campaign] == ["R01"]


@pytest.mark.parametrize(("text", "field", "words"), [
    (ROUTINE.replace('"E01", ', ""), "elements", "list exactly 5 element ids, lane 1 first"),
    (ROUTINE.replace('"E05"', '"E05", "E06"'), "elements", "list exactly 5"),
    (ROUTINE.replace('"E05"', "5"), "elements", "list exactly 5"),
    (ROUTINE.replace('"E03"', '"E99"'), "elements", "no element 'E99' in the element files"),
    (ROUTINE.replace('"E03"', '"E01"'), "elements", "an element appears twice"),
    (ROUTINE.replace('["E01", "E02", "E03", "E04", "E05"]', "5"), "elements", "list exactly 5"),
    (ROUTINE.replace('"T01"', '"T99"'), "twist", "no twist 'T99' in the twist files"),
    (ROUTINE.replace('"T01"', '["T01"]'), "twist", "give one twist id in quotes"),
    (ROUTINE.replace('twist = "T01"\n', ""), "twist", "is missing"),
    (ROUTINE.replace('name = "First"\n', ""), "name", "is missing"),
    (ROUTINE.replace('name = "First"\n', "name = 5\n"), "name", "give the routine a name"),
    (ROUTINE + "twist_round = 1\n", "twist_round", "must be a round from 2 to 6"),
    (ROUTINE + "twist_round = 7\n", "twist_round", "must be a round from 2 to 6"),
    (ROUTINE + "twist_round = true\n", "twist_round", "must be a round from 2 to 6"),
    (ROUTINE + "par_seconds = 0\n", "par_seconds", "whole number of seconds from 1 to 3600"),
    (ROUTINE + 'par_seconds = "90"\n', "par_seconds", "whole number of seconds from 1"),
    (ROUTINE + "par_seconds = 99999999999\n", "par_seconds", "whole number of seconds from 1"),
    (ROUTINE + "twist_rnd = 3\n", "twist_rnd", "unknown field: did you mean 'twist_round'?"),
])
def test_routine_errors_name_file_line_routine_and_field(tmp_path, text, field, words):
    config = copy_config(tmp_path)
    path = write_campaign(config, TIMING + text)
    [problem] = problems_of(config)
    lines = path.read_text().splitlines()
    line = next((i for i, text in enumerate(lines, 1) if text.startswith(f"{field} =")), 8)
    assert problem.startswith(f"{path}:{line}: routine 'R01', field '{field}': "), problem
    assert words in problem


def test_a_routine_id_must_be_text(tmp_path):
    config = copy_config(tmp_path)
    path = write_campaign(config, TIMING + ROUTINE.replace('id = "R01"', "id = 1"))
    assert problems_of(config) == [f"{path}:9: routine '?', field 'id': give the routine an "
                                   "id in quotes, like id = \"R11\""]


def test_duplicate_routine_ids(tmp_path):
    config = copy_config(tmp_path)
    path = write_campaign(config, TIMING + ROUTINE + ROUTINE)
    assert problems_of(config) == [f"{path}:{line_number(path, 'id =', 2)}: routine 'R01' is "
                                   "defined twice; give each routine its own id"]


@pytest.mark.parametrize(("old", "new", "words"), [
    ("base_seconds = 15", "base_seconds = -1",
     "[timing] field 'base_seconds': -1 is not a whole number of seconds from 1 to 600"),
    ("base_seconds = 15", "base_seconds = 0", "0 is not a whole number of seconds"),
    ("base_seconds = 15", "base_seconds = 1.5", "1.5 is not a whole number of seconds"),
    ("base_seconds = 15", 'base_seconds = "15"', "'15' is not a whole number of seconds"),
    ("penalty_seconds = 10", "penalty_seconds = true",
     "[timing] field 'penalty_seconds': True is not a whole number"),
    ("par_factor = 0.6", "par_factor = nan", "par_factor: nan is not a number the kiosk can use"),
    ("par_factor = 0.6", "par_factor = inf", "par_factor: inf is not a number the kiosk can use"),
    ("par_factor = 0.6", "par_factor = 0", "[timing] field 'par_factor': 0 is not a number "
                                           "above 0 and at most 5"),
    ("par_factor = 0.6", "par_factor = 1e300", "1e+300 is not a number above 0"),
])
def test_timing_errors_name_the_line_and_field(tmp_path, old, new, words):
    config = copy_config(tmp_path)
    path = write_campaign(config, TIMING.replace(old, new) + ROUTINE)
    [problem] = problems_of(config)
    assert problem.startswith(f"{path}:{line_number(path, new)}: "), problem
    assert words in problem


@pytest.mark.parametrize(("timing", "words"), [
    (TIMING.replace("base_seconds = 15", "base_secs = 15"),
     "unknown field in [timing] 'base_secs': did you mean base_seconds?"),
    ("", "no [timing] table: copy it from the shipped campaign.toml"),
    ("timing = 5\n", "timing must be a [timing] table of numbers"),
    (TIMING.replace("seconds_per_element = 5\n", ""),
     "[timing] has no seconds_per_element; add it, e.g. seconds_per_element = 5"),
])
def test_timing_must_be_whole(tmp_path, timing, words):
    config = copy_config(tmp_path)
    path = write_campaign(config, timing + ROUTINE)
    assert any(p.startswith(f"{path}") and words in p for p in problems_of(config))


@pytest.mark.parametrize(("text", "words"), [
    (TIMING + ROUTINE.replace("[[routine]]", "[routine]"), "[[routine]] table (two brackets)"),
    ("routine = 5\n" + TIMING, "[[routine]] table (two brackets)"),
    (TIMING, "no [[routine]] tables: the campaign needs at least one routine"),
    (TIMING + ROUTINE.replace("[[routine]]", "[[routines]]"),
     "unknown section 'routines': did you mean [[routine]]?"),
])
def test_the_routines_must_be_an_array_of_tables(tmp_path, text, words):
    config = copy_config(tmp_path)
    write_campaign(config, text)
    assert any(words in p for p in problems_of(config))


@pytest.mark.parametrize(("old", "new", "words"), [
    ('[[element]]\nid = "E01"', '[[elemnt]]\nid = "E01"',
     "unknown section 'elemnt': did you mean [[element]]?"),
    ('id = "E01"', "id = 1", "element number 1 has id = 1: give it an id in quotes"),
    ('id = "E02"', 'id = "E01"', "element 'E01' is defined twice; give each element its "
                                 "own id"),
])
def test_elements_file_problems(tmp_path, old, new, words):
    config = copy_config(tmp_path)
    elements = config / "sync_or_swim" / "elements.toml"
    elements.write_text(elements.read_text().replace(old, new, 1))
    problems = problems_of(config)
    assert any(p.startswith(f"{elements}:") and words in p for p in problems), problems


def test_a_twist_in_the_elements_file_is_refused_not_dropped(tmp_path):
    config = copy_config(tmp_path)
    elements = config / "sync_or_swim" / "elements.toml"
    elements.write_text(elements.read_text() + '\n[[twist]]\nid = "T99"\nname = "x"\n'
                                               'text = "y"\n')
    assert problems_of(config) == [f"{elements}:{line_number(elements, '[[twist]]')}: unknown "
                                   "section 'twist': use [[element]]"]


@pytest.mark.parametrize("value", ["²", "٣", "7²+"])
def test_digits_that_int_cannot_read_are_not_values(value):
    # str.isdigit() says yes to these, int() says no: once a ValueError traceback
    assert "is not a value" in element_error(EACH | {"value": value})
