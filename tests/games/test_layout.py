"""The layout schema of ``kiosk judge``: nothing unknown passes, every error has a path.

Each case here was, before the schema, a crash, a hang, a minute of work or (worst) a
silently ignored field that turned a table IN SYNC.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from kiosk.games.sync_or_swim.judge import judge
from kiosk.games.sync_or_swim.layout import LayoutError, parse_layout
from kiosk.games.sync_or_swim.library import load_content

CONFIG = Path(__file__).resolve().parents[2] / "config"
CONTENT = load_content(CONFIG)

# Seats playing 1, 9, 5: a "run with the neighbors" would fail; nothing else does.
RUN = {"seats": [1, 2, 3], "captain": 1,
       "elements": [{"id": "C", "name": "C", "mode": "each",
                     "neighbors": {"different": "colour"}}],
       "cards": {"1": {"1": ["blue-1"]}, "2": {"1": ["green-9"]}, "3": {"1": ["yellow-5"]}}}

FULL = {  # a layout using every key, at every level
    "comment": "all of it",
    "seats": [1, 2, 3, 4], "captain": 2,
    "elements": [
        "E13",
        {"id": "X1", "name": "Each", "mode": "each", "cards": 2, "colour": "any",
         "not": {"hand": "any"}, "within": {"different": "value"},
         "neighbors": {"same": "parity"}, "label": "two cards"},
        {"id": "X2", "name": "Team OR", "mode": "team", "level": 2, "text": "t",
         "option": [{"value": "odd", "across": {"same": "colour"}},
                    {"value": "even", "across": {"different": "value"}}]},
        {"id": "X3", "name": "Split", "mode": "split",
         "role": [{"swimmers": 1, "cards": 2, "within": {"sequential": True}},
                  {"swimmers": "others", "across": {"same": ["colour", "value"]}}]},
    ],
    "twists": ["T02", {"id": "TX", "name": "No gray", "text": "t",
                       "every_lane": {"not": {"colour": "gray"}}}],
    "choices": {"3": 2},
    "cards": {"1": {"1": ["blue-1"], "2": ["blue-3", "green-4"]}, "2": {"3": []}},
}


def error(data) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        parse_layout(data, CONTENT)
    return caught.value


def test_the_full_layout_parses_and_judges():
    layout = parse_layout(FULL, CONTENT)
    assert [e.id for e in layout.elements] == ["E13", "X1", "X2", "X3"]
    assert [t.id for t in layout.twists] == ["T02", "TX"]
    assert layout.choices == {3: 1}
    judge(layout.table, layout.elements, layout.twists, layout.choices)


def test_the_run_layout_without_the_ignored_field_is_in_sync():
    """Guards the next test: the cards meet everything but the refused field."""
    layout = parse_layout(RUN, CONTENT)
    assert judge(layout.table, layout.elements).in_sync


def test_neighbors_sequential_is_refused_not_ignored():
    data = copy.deepcopy(RUN)
    data["elements"][0]["neighbors"]["sequential"] = True
    assert str(error(data)).startswith(
        "elements[0].neighbors.sequential: unknown field (use different, same)")


def _set(data: dict, path: tuple, value) -> dict:
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


# (where the stray key goes, the path the message must start with)
UNKNOWN_KEY_PLACES = [
    ((), ""),
    (("elements", 1), "elements[1]."),
    (("elements", 1, "not"), "elements[1].not."),
    (("elements", 1, "within"), "elements[1].within."),
    (("elements", 1, "neighbors"), "elements[1].neighbors."),
    (("elements", 2), "elements[2]."),
    (("elements", 2, "option", 0), "elements[2].option[0]."),
    (("elements", 2, "option", 1, "across"), "elements[2].option[1].across."),
    (("elements", 3), "elements[3]."),
    (("elements", 3, "role", 0), "elements[3].role[0]."),
    (("elements", 3, "role", 0, "within"), "elements[3].role[0].within."),
    (("elements", 3, "role", 1, "across"), "elements[3].role[1].across."),
    (("twists", 1), "twists[1]."),
    (("twists", 1, "every_lane"), "twists[1].every_lane."),
    (("twists", 1, "every_lane", "not"), "twists[1].every_lane.not."),
]


@pytest.mark.parametrize(("place", "path"), UNKNOWN_KEY_PLACES,
                         ids=[p or "top" for _, p in UNKNOWN_KEY_PLACES])
def test_an_unknown_key_is_refused_at_every_level_with_its_path(place, path):
    message = str(error(_set(FULL, (*place, "sequentail"), True)))
    assert message.startswith(f"{path}sequentail: unknown field"), message


@pytest.mark.parametrize(("change", "words"), [
    # crashes before the schema
    ({"choices": [1]}, "choices: must map a lane to the captain's option"),
    ({"twists": None}, "twists: must be a list"),
    ({"twists": 7}, "twists: must be a list"),
    ({"cards": {"1": {"1": "blue-3"}}}, "cards.1.1: must be a list of cards"),
    ({"cards": {"1": ["blue-3"]}}, "cards.1: must map lanes to card lists"),
    ({"cards": {"1": {"1": [7]}}}, "cards.1.1[0]: 7 is not a card"),
    ({"elements": [None]}, "elements[0]: each element must be an id or a JSON object"),
    ({"elements": [{"id": "C", "name": "C", "mode": "split", "role": "x"}]},
     "elements[0].role: write each one as"),
    # silently ignored before the schema
    ({"routine": 1, "round": 2, "twists": ["T99"]}, "twists: a routine brings its own twist"),
    ({"routine": 1, "round": 2, "twists": []}, "twists: a routine brings its own twist"),
    ({"round": 2}, "round: goes with 'routine'"),
    ({"choices": {"1": 1}}, "choices.1: lane 1's element E13 (Team Colours) has no captain's"),
    ({"choices": {"5": 1}}, "choices.5: lane 5 has no element in force"),
    ({"comment": ["a", "b"]}, "comment: must be words in quotes"),
    ({"cards": {"1": {"1": ["blue-1"]}, "01": {}}}, "cards.01: seat 1 is named twice"),
    ({"cards": {"1": {"1": ["blue-1"], "01": []}}}, "cards.1.01: lane 1 is named twice"),
    # a routine without its round used to be judged as round 1: fewer elements, easier
    ({"routine": 3}, "round: is missing"),
    ({"routine": [1], "round": 1}, "routine: give a routine number or id"),
    ({"routine": 11, "round": 1}, "routine: no routine 11"),
    ({"routine": 1, "round": 7}, "round: must be a round from 1 to 6"),
    # limits
    ({"seats": list(range(1, 151))}, "seats: Sync or Swim is played by 3 to 6 swimmers"),
    ({"seats": [1, 2]}, "seats: Sync or Swim is played by 3 to 6 swimmers, and this lists 2"),
    ({"seats": [1, 2, 7]}, "seats[2]: must be a seat number from 1 to 6, not 7"),
    ({"seats": [1, 2, True]}, "seats[2]: must be a seat number"),
    ({"seats": [1, 2, "٣"]}, "seats[2]: must be a seat number"),
    ({"seats": [1, 2, 3.0]}, "seats[2]: must be a seat number"),
    ({"captain": 10**40}, "captain: must be a seat number from 1 to 6"),
    ({"elements": ["E01"] * 6}, "elements: lists 6 elements; a seat has 5 lanes"),
    ({"twists": ["T02"] * 6}, "twists: lists 6 twists; at most 5"),
    ({"cards": {"1": {"1": ["blue-1"] * 11}}}, "cards.1.1: 11 cards in one lane; at most 10"),
    ({"cards": {"1": {"6": ["blue-1"]}}}, "cards.1.6: must be a lane from 1 to 5"),
    ({"comment": "x" * 1001}, "comment: a text of 1001 characters; at most 1000"),
    ({"comment": "a\x00b"}, "comment: holds the control character '\\x00'"),
    ({"comment": "a\ud800b"}, "comment: holds the control character '\\ud800'"),
    ({"cards": {"1": {"1": ["blue-1\n"]}}}, "cards.1.1[0]: holds the control character"),
    ({"a\nb": 1}, '["a\\nb"]: holds the control character'),
    ({"cards": [[[[[[[[[[[1]]]]]]]]]]]}, "cards[0][0][0][0][0][0][0][0][0]: nested deeper"),
])
def test_bad_layouts_name_the_path_and_the_problem(change, words):
    base = {k: v for k, v in FULL.items() if k not in ("choices", "twists")}
    if "routine" in change:
        base.pop("elements")
    message = str(error({**base, **change}))
    assert message.startswith(words), message
    assert "\n" not in message


def test_a_repeated_key_is_named_with_its_path():
    from kiosk.input_files import load_json

    data = load_json(b'{"seats": [1, 2, 3], "captain": 1, "cards": {"1": {"1": [], "1": []}},'
                     b' "elements": ["E01"]}', max_depth=10)
    assert str(error(data)) == "cards.1.1: this key appears twice in one object; keep one"


def test_a_routine_round_brings_its_elements_and_twist():
    layout = parse_layout({"seats": [1, 2, 3], "captain": 1, "routine": "R01", "round": 6,
                           "choices": {}, "cards": {}}, CONTENT)
    routine = CONTENT.routine(1)
    assert layout.elements == routine.elements_in_round(6)
    assert layout.twists == (routine.twist,)


def test_a_long_value_is_quoted_briefly():
    data = {**RUN, "elements": [list(range(3000))]}
    message = str(error(data))
    assert message.startswith("elements[0]: each element must be an id or a JSON object, "
                              "not [0, 1, 2, ")
    assert message.endswith("...") and len(message) < 150
    data = {**RUN, "elements": [{"id": "C", "name": "C", "mode": "each", "value": ["7"] * 300}]}
    assert len(str(error(data))) < 200
