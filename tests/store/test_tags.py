"""The tag map in the database: add, remove, lookup, all, and the CSV round trip."""

from __future__ import annotations

import pytest

from kiosk.hardware.tagmap import TagMap
from kiosk.store import SQLiteStore, TagAlreadyBound, TagCsvError, TagRecord
from kiosk.store.write_behind import WriteBehindStore
from kiosk.table.store import StoreError

A, B, C = bytes.fromhex("04a1b2c3"), bytes.fromhex("04a1b2c3d4e5f6"), bytes.fromhex("0badc0de")


@pytest.fixture(params=["sqlite", "write-behind", "write-behind, disk refusing"])
def tags(db_path, request):
    """The last keeps every tag write in memory: what it answers must be the same."""
    store = (SQLiteStore(db_path) if request.param == "sqlite"
             else WriteBehindStore.open(db_path))
    if request.param.endswith("refusing"):
        store.db._open().execute("PRAGMA query_only = ON")
    yield store.tags
    store.close()


def test_add_lookup_all_remove(tags):
    assert tags.lookup(A) is None and tags.all() == () and len(tags) == 0
    assert tags.add(A, "blue-7-RH", enrolled_at=100) == TagRecord(A, "blue-7-RH", 100)
    tags.add("04:A1:B2:C3:D4:E5:F6", "gray-0", enrolled_at=200)  # hex text is fine too
    tags.add(C, "blue-7-RH", enrolled_at=300)  # a spare tag on the same card
    assert tags.lookup("04a1b2c3d4e5f6") == TagRecord(B, "gray-0", 200)
    assert [(r.card, r.uid) for r in tags.all()] == [("blue-7-RH", A), ("blue-7-RH", C),
                                                      ("gray-0", B)]
    assert tags.remove(A) is True and tags.remove(A) is False
    assert tags.lookup(A) is None and len(tags) == 2


def test_a_tag_names_one_card_only(tags):
    tags.add(A, "blue-7-RH", enrolled_at=100)
    assert tags.add(A, "blue-7-RH", enrolled_at=999).enrolled_at == 100  # same: unchanged
    with pytest.raises(TagAlreadyBound, match="04a1b2c3 is already 'blue-7-RH'") as bound:
        tags.add(A, "green-3-LF")
    assert (bound.value.card, bound.value.wanted) == ("blue-7-RH", "green-3-LF")
    assert tags.lookup(A).card == "blue-7-RH"
    assert tags.add(A, "green-3-LF", enrolled_at=500, replace=True).card == "green-3-LF"
    assert tags.lookup(A) == TagRecord(A, "green-3-LF", 500)


@pytest.mark.parametrize("uid", ["zz", "0102", b"\x01\x02\x03", "0102030405060708091011"])
def test_bad_uids_are_refused(tags, uid):
    with pytest.raises(StoreError, match="UID"):
        tags.add(uid, "blue-7-RH")
    assert tags.all() == ()


def test_an_empty_card_is_refused(tags):
    with pytest.raises(StoreError, match="must name a card"):
        tags.add(A, "  ")


def test_the_tag_map_for_the_controller(tags):
    tags.add(A, "blue-7-RH")
    tags.add(B, "gray-0")
    found = tags.tag_map()
    assert isinstance(found, TagMap) and len(found) == 2
    assert found.card(B) == "gray-0" and found.card(C) is None


def test_csv_round_trip_keeps_every_tag_and_date(tags, tmp_path):
    tags.add(A, "blue-7-RH", enrolled_at=1_700_000_000)
    tags.add(B, "gray-0, the odd one", enrolled_at=1_700_000_123)  # a comma is quoted
    tags.add(C, "blue-7-RH", enrolled_at=0)
    path = tmp_path / "backup.csv"
    assert tags.export_csv(path) == 3
    text = path.read_text()
    assert text.splitlines()[0] == "uid,card,enrolled_at"
    assert "04a1b2c3,blue-7-RH,2023-11-14T22:13:20Z" in text
    with SQLiteStore(tmp_path / "other.sqlite3") as other:
        assert other.tags.import_csv(path) == 3
        assert other.tags.all() == tags.all()
        assert other.tags.import_csv(path) == 0  # importing again changes nothing


def test_export_without_dates_is_a_config_tag_file(tags, tmp_path):
    tags.add(A, "blue-7-RH")
    tags.add(B, "gray-0")
    folder = tmp_path / "tags"
    folder.mkdir()
    tags.export_csv(folder / "deck.csv", dates=False)
    assert (folder / "deck.csv").read_text().splitlines()[0] == "uid,card"
    loaded = TagMap.load(folder)
    assert loaded.card(A) == "blue-7-RH" and loaded.card(B) == "gray-0"


def test_import_reads_config_files_comments_and_missing_dates(tags, tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("\ufeffuid,card\n# the blue cards\n\n04a1b2c3 , blue-7-RH\n"
                    "0badc0de,gray-0,\n04a1b2c3d4e5f6,green-1,2024-05-01T18:30:00\n")
    assert tags.import_csv(path, now=42) == 3
    assert tags.lookup(A) == TagRecord(A, "blue-7-RH", 42)
    assert tags.lookup(C).enrolled_at == 42
    assert tags.lookup(B).enrolled_at == 1_714_588_200  # no zone: taken as UTC


def test_a_bad_file_lists_every_problem_and_imports_nothing(tags, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("uid,card,enrolled_at\n"
                    "04a1b2c3,blue-7-RH\n"          # 2 fine
                    "nothex,blue-1\n"               # 3 not hex
                    "0102,blue-2\n"                 # 4 wrong length
                    "0badc0de\n"                    # 5 one column
                    "04a1b2c3d4e5f6,gray-0,yesterday\n"  # 6 bad date
                    "04a1b2c3,green-3-LF\n"         # 7 same tag, another card
                    "0badc0de,,\n")                 # 8 no card
    with pytest.raises(TagCsvError) as error:
        tags.import_csv(path)
    lines = [str(p) for p in error.value.problems]
    assert [p.line for p in error.value.problems] == [3, 4, 5, 6, 7, 8]
    assert lines[0].startswith(f"{path}:3: uid: UID 'nothex' is not hex")
    assert "has 2 bytes" in lines[1]
    assert "expected 'uid,card' or 'uid,card,enrolled_at'" in lines[2]
    assert lines[3].startswith(f"{path}:6: enrolled_at: 'yesterday' is not a date")
    assert "'green-3-LF' here but 'blue-7-RH' on line 2" in lines[4]
    assert "6 configuration problems" in str(error.value)
    assert tags.all() == ()


def test_import_refuses_tags_bound_to_other_cards_unless_replacing(tags, tmp_path):
    tags.add(A, "blue-7-RH", enrolled_at=1)
    path = tmp_path / "new-deck.csv"
    path.write_text("0badc0de,gray-0\n04a1b2c3,green-3-LF\n")
    with pytest.raises(TagCsvError, match=r"new-deck.csv:2: tag 04a1b2c3 is already"):
        tags.import_csv(path)
    assert tags.lookup(C) is None  # all or nothing
    assert tags.import_csv(path, replace=True, now=5) == 2
    assert tags.lookup(A) == TagRecord(A, "green-3-LF", 5)


def test_a_missing_file_says_so(tags, tmp_path):
    with pytest.raises(TagCsvError, match="missing.csv: cannot read the file"):
        tags.import_csv(tmp_path / "missing.csv")
