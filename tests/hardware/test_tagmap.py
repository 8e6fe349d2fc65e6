"""Tag map: CSV loading with file:line errors, and resolving the raw inventory."""

import tomllib
from pathlib import Path

import pytest

from kiosk.hardware.tagmap import DEFAULT_DIR, TagMap, TagMapError, parse_uid

ROOT = Path(__file__).resolve().parents[2]
A = bytes.fromhex("04a1b2c3d4e5f6")
B = bytes.fromhex("04a1b2c3d4e5f7")
C = bytes.fromhex("deadbeef")


def deck_cards() -> list[str]:
    deck = tomllib.loads((ROOT / "config/decks/default.toml").read_text())
    return [card for table in deck["players"].values() for card in table["cards"]]


def write(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / name).write_text(text)
    return tmp_path


def test_default_map_covers_the_default_deck_with_unique_seven_byte_uids():
    tags = TagMap.load(DEFAULT_DIR)
    cards = deck_cards()
    assert len(cards) == 80
    assert sorted(tags.cards()) == sorted(cards)
    uids = [tags.uid(card) for card in cards]
    assert len(set(uids)) == 80
    assert all(len(uid) == 7 and uid[0] == 0x04 for uid in uids)
    assert all(tags.card(tags.uid(card)) == card for card in cards)


def test_header_comments_separators_and_case_are_accepted(tmp_path):
    write(tmp_path, "a.csv", "uid,card\n# comment\n\n04:A1:B2:C3:D4:E5:F6, blue-7-RH\n")
    write(tmp_path, "b.csv", "de ad be ef,gray-2\n")
    tags = TagMap.load(tmp_path)
    assert tags.card(A) == "blue-7-RH"
    assert tags.card(C) == "gray-2"
    assert tags.card(B) is None
    assert tags.name(B) == "unknown tag 04a1b2c3d4e5f7"


def test_malformed_files_name_every_file_and_line(tmp_path):
    write(tmp_path, "a.csv", "uid,card\n04a1b2c3d4e5f6,blue-7-RH\nzz12,blue-1\n0102,blue-2\n")
    write(tmp_path, "b.csv", "deadbeef\n04a1b2c3d4e5f6,green-3\n")
    with pytest.raises(TagMapError) as caught:
        TagMap.load(tmp_path)
    lines = [(Path(p.source).name, p.line) for p in caught.value.problems]
    assert lines == [("a.csv", 3), ("a.csv", 4), ("b.csv", 1), ("b.csv", 2)]
    text = str(caught.value)
    assert "a.csv:3: UID 'zz12' is not hex" in text
    assert "has 2 bytes; tags have 4, 7 or 10" in text
    assert "b.csv:1: expected 'uid,card' or 'uid,card,enrolled_at', got 'deadbeef'" in text
    assert "already 'blue-7-RH' (a.csv:2)" in text


def test_an_empty_directory_is_an_error(tmp_path):
    with pytest.raises(TagMapError, match=r"no tag files \(\*\.csv\) here"):
        TagMap.load(tmp_path)


def test_parse_uid_lengths():
    assert parse_uid("01020304050607080910") == bytes.fromhex("01020304050607080910")
    with pytest.raises(ValueError, match="5 bytes"):
        parse_uid("0102030405")


def test_resolve_sorts_known_cards_and_unknown_uids_per_lane():
    tags = TagMap({A: "blue-7-RH", B: "yellow-2-BF"})
    view = tags.resolve({(2, 3): frozenset({A, C}), (1, 1): frozenset({B}), (4, 4): frozenset()})
    assert view.lane(2, 3).cards == ("blue-7-RH",)
    assert view.lane(2, 3).unknown == (C,)
    assert view.lane(1, 1).cards == ("yellow-2-BF",)
    assert view.lane(4, 4).empty and (4, 4) not in view.lanes
    assert view.unknown() == [((2, 3), C)]
    assert view.conflicts == ()


def test_a_uid_on_two_antennas_is_a_conflict_placed_in_neither_lane():
    tags = TagMap({A: "blue-7-RH", B: "yellow-2-BF"})
    view = tags.resolve({(2, 3): frozenset({A, B}), (2, 4): frozenset({A}), (5, 1): frozenset({C})})
    assert [(c.uid, c.card, c.places) for c in view.conflicts] == [
        (A, "blue-7-RH", ((2, 3), (2, 4)))
    ]
    assert view.lane(2, 3).cards == ("yellow-2-BF",)
    assert view.lane(2, 4).empty
    assert "blue-7-RH is seen in seat 2 lane 3 and seat 2 lane 4" in view.conflicts[0].describe()
    unknown_clash = tags.resolve({(1, 1): {C}, (6, 5): {C}}).conflicts[0]
    assert unknown_clash.card is None
    assert "unknown tag deadbeef" in unknown_clash.describe()


def test_a_dated_export_loads_and_names_are_checked_when_the_decks_are_given(tmp_path):
    write(tmp_path, "export.csv", "uid,card,enrolled_at\n04a1b2c3d4e5f6,blue-7-RH,"
                                  "2024-05-01T18:30:00Z\ndeadbeef,gray-2,\n")
    assert TagMap.load(tmp_path).card(A) == "blue-7-RH"  # once refused: three columns
    with pytest.raises(TagMapError) as caught:
        TagMap.load(tmp_path, known_cards={"blue-7-RH"})
    assert [str(p) for p in caught.value.problems] == [
        f"{tmp_path / 'export.csv'}:3: card 'gray-2' is in no deck (check the spelling, "
        "e.g. blue-7-LH)"]


def test_the_tag_file_doctests_hold():
    import doctest

    from kiosk.hardware import tag_file

    assert doctest.testmod(tag_file).failed == 0
