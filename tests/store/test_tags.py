"""The tag map in the database: add, remove, lookup, all, and the CSV round trip."""

from __future__ import annotations

import pytest

from kiosk.hardware.tagmap import TagMap
from kiosk.store import SQLiteStore, TagAlreadyBound, TagCsvError, TagRecord
from kiosk.store.protocol import StoreError
from kiosk.store.write_behind import WriteBehindStore

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
    assert lines[0].startswith(f"{path}:3: UID 'nothex' is not hex")
    assert "has 2 bytes" in lines[1]
    assert "expected 'uid,card' or 'uid,card,enrolled_at'" in lines[2]
    assert lines[3].startswith(f"{path}:6: 'yesterday' is not a date")
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


# ---------- one parser, bounded input ----------

DECK = {"blue-7-RH", "gray-10", "green-3-LF"}


@pytest.mark.parametrize(("line", "words"), [
    ("04a1b2c3,blue-7-RH,9999-12-31T23:59:59-05:00", "'9999-12-31T23:59:59-05:00' is not "
                                                     "between 1970 and 2100: check the year"),
    ("04a1b2c3,blue-7-RH,2101-01-01T00:00:00Z", "is not between 1970 and 2100"),
    ("04a1b2c3,blue-7-RH,1969-12-31T23:59:59Z", "is not between 1970 and 2100"),
    ("04a1b2c3,blue-7-RH,0001-01-01T00:00:00+01:00", "is not between 1970 and 2100"),
    ("04a1b2c3,purple-99", "card 'purple-99' is in no deck (check the spelling"),
    ("04a1b2c3," + "x" * 100_000, "the line has 100009 characters; a tag line is short"),
    ("04a1b2c3," + "x" * 60, "card 'xxxxxxxxxx"),
    ("04a1b2c3,blue\x1b[2J-7", "is not a card name"),
    ('04a1b2c3,"blue-7-RH', "its quotes do not pair up"),
    ("04" * 5000 + ",blue-7-RH", "the line has 10010 characters"),
])
def test_an_import_refuses_what_export_or_load_could_not_handle(tags, tmp_path, line, words):
    tags.add(A, "gray-10", enrolled_at=5)
    path = tmp_path / "t.csv"
    path.write_text(f"uid,card,enrolled_at\n{line}\n")
    with pytest.raises(TagCsvError) as error:
        tags.import_csv(path, known_cards=DECK, replace=True)
    [problem] = error.value.problems
    assert (problem.source, problem.line) == (str(path), 2)
    assert words in problem.message, problem.message
    assert len(str(problem)) < 200
    assert tags.all() == (TagRecord(A, "gray-10", 5),)  # unchanged


@pytest.mark.parametrize(("data", "line", "words"), [
    (b"uid,card\n04a1b2c3,blue-7-RH\x00\n", 2, "holds a NUL byte"),
    (b"uid,card\n04a1b2c3,bl\xffue\n", 2, "byte 0xff is not UTF-8 text"),
    (b"04a1b2c3,blue-7-RH\n" * 60_000, None, "the file is over 1024 KiB"),
])
def test_files_that_are_not_tag_text_are_refused_whole(tags, tmp_path, data, line, words):
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    with pytest.raises(TagCsvError) as error:
        tags.import_csv(path)
    [problem] = error.value.problems
    assert problem.line == line and words in problem.message
    assert tags.all() == ()


def test_a_file_of_garbage_gives_a_bounded_list(tags, tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("not,a,tag,file\n" * 5000)
    with pytest.raises(TagCsvError) as error:
        tags.import_csv(path)
    assert len(error.value.problems) == 51
    assert str(error.value.problems[-1]).endswith("and more: is this a tag file?")


def test_dates_with_offsets_are_stored_in_utc_and_export_reads_back(tags, tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("04a1b2c3,blue-7-RH,2100-12-31T23:00:00-00:59\n"
                    "0badc0de,gray-10,1970-01-01T01:00:00+01:00\n"
                    "04a1b2c3d4e5f6,green-3-LF,2024-05-01\n")
    assert tags.import_csv(path, known_cards=DECK) == 3
    exported = tmp_path / "out.csv"
    tags.export_csv(exported)
    assert exported.read_text().splitlines()[1:] == [
        "04a1b2c3,blue-7-RH,2100-12-31T23:59:00Z",
        "0badc0de,gray-10,1970-01-01T00:00:00Z",
        "04a1b2c3d4e5f6,green-3-LF,2024-05-01T00:00:00Z"]
    folder = tmp_path / "tags"
    folder.mkdir()
    exported.rename(folder / "out.csv")
    loaded = TagMap.load(folder, DECK)  # a dated export is a tag file too
    assert {uid: loaded.card(uid) for uid in (A, B, C)} == {
        A: "blue-7-RH", B: "green-3-LF", C: "gray-10"}


def test_a_date_the_store_took_before_the_checks_still_exports(tags, tmp_path):
    tags.add(A, "blue-7-RH", enrolled_at=253_402_318_799 + 18_000)  # year 10000
    tags.add(C, "gray-10", enrolled_at=-5)
    path = tmp_path / "out.csv"
    assert tags.export_csv(path) == 2
    assert path.read_text().splitlines()[1:] == ["04a1b2c3,blue-7-RH,", "0badc0de,gray-10,"]
    with SQLiteStore(tmp_path / "other.sqlite3") as other:
        assert other.tags.import_csv(path, now=1_700_000_000) == 2


# ---------- export never loses a backup ----------

def test_export_will_not_replace_a_file_with_more_tags(tags, tmp_path):
    from kiosk.store.tag_csv import ExportRefused

    tags.add(A, "blue-7-RH", enrolled_at=1)
    tags.add(B, "gray-10", enrolled_at=2)
    backup = tmp_path / "backup.csv"
    assert tags.export_csv(backup) == 2
    before = backup.read_text()
    tags.remove(A)
    with pytest.raises(ExportRefused) as refused:
        tags.export_csv(backup)
    assert str(refused.value) == (f"{backup} lists 2 tags and the database only 1; nothing "
                                  "written. Export to a new file, or add --force to replace it.")
    assert backup.read_text() == before
    assert tags.export_csv(backup, force=True) == 1
    assert len(backup.read_text().splitlines()) == 2
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_export_will_not_replace_a_file_that_is_not_a_tag_file(tags, tmp_path):
    from kiosk.store.tag_csv import ExportRefused

    tags.add(A, "blue-7-RH", enrolled_at=1)
    notes = tmp_path / "notes.txt"
    notes.write_text("Shopping: milk, tags, tape\n")
    with pytest.raises(ExportRefused, match="notes.txt is not a tag file; nothing written"):
        tags.export_csv(notes)
    assert notes.read_text() == "Shopping: milk, tags, tape\n"
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert tags.export_csv(empty) == 1  # an empty file holds nothing to lose


def test_a_failed_export_leaves_the_old_file_and_no_temporary(tags, tmp_path, monkeypatch):
    tags.add(A, "blue-7-RH", enrolled_at=1)
    backup = tmp_path / "backup.csv"
    backup.write_text("uid,card\n")

    def broken_fsync(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", broken_fsync)
    with pytest.raises(OSError, match="No space"):
        tags.export_csv(backup)
    assert backup.read_text() == "uid,card\n"
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
