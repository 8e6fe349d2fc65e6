"""`kiosk enroll --simulate`, `kiosk tags export/import` and `kiosk staff-pin` as staff
run them: scripted keyboard lines, files in a temporary folder, one-line errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from kiosk.cli import run
from kiosk.staff import StaffLock
from kiosk.store import SQLiteStore

CONFIG = Path(__file__).resolve().parents[2] / "config"
BLUE_1 = "049b7f9a3b10c6"  # the shipped example tag of blue-1-LH


def enroll(monkeypatch, capsys, script: str, *options: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = run(["enroll", "--simulate", *options])
    return code, capsys.readouterr().out


def cards(database) -> dict[str, str]:
    with SQLiteStore(database) as store:
        return {record.uid.hex(): record.card for record in store.tags.all()}


def test_enroll_simulate_tags_the_deck_in_order(tmp_path, monkeypatch, capsys):
    database = tmp_path / "k.sqlite3"
    script = "new\nnew\nlift 045e0000000002\nlay 049b7f9a3b10c6\ns\nlift 049b7f9a3b10c6\n" \
             "lay 045e0000000001\nr\nq\n"
    code, out = enroll(monkeypatch, capsys, script, "--database", str(database))
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "[0/80] Lay blue-1-LH on seat 1 lane 1"
    assert "  ok: blue-1-LH is tagged" in lines
    assert "[2/80] This tag already is blue-1-LH. Replace: make it blue-3-RH-BF; Skip: " \
           "leave it as it is  [r]eplace / [s]kip" in lines
    assert "  !! That tag stays blue-1-LH: lay another tag for blue-3-RH-BF" in lines
    assert "  ok: blue-3-RH-BF is tagged (that tag was blue-1-LH before)" in lines
    # the truth: the shipped example map's made-up tags are no sticker on a card
    assert lines[-1] == ("3 tags bound, 0 cards skipped; 2 of 80 cards have a tag; 78 are "
                         "known only by the example map's made-up tags, which no sticker "
                         "has: lay them too.")
    tags = cards(database)
    assert tags[BLUE_1] == "blue-1-LH"  # skipped: untouched
    assert tags["045e0000000001"] == "blue-3-RH-BF"
    assert tags["045e0000000002"] == "blue-2-BH-LF"
    assert len(tags) == 82  # the shipped 80, imported on the first start, and 2 new


def test_enroll_simulate_card_by_card_and_its_demo_database(tmp_path, monkeypatch, capsys):
    code, out = enroll(monkeypatch, capsys, "Gray-4-bh\nnew\npurple-9\nnew\n", "--card-by-card",
                       "--seat", "3", "--lane", "2")
    assert code == 0
    assert "a temporary demo database" in out
    assert "[0/80] Pick a card, then lay it on seat 3 lane 2" in out
    assert "[1/80] Pick a card, then lay it on seat 3 lane 2" in out   # gray-4-BH tagged
    assert "  ok: gray-4-BH is tagged" in out
    assert "  !! 'purple-9' is not a card of this deck" in out
    assert "  !! Pick the card this tag is under first" in out
    assert not (tmp_path / "kiosk-test.sqlite3").exists()  # $KIOSK_DB is never touched


def test_tags_export_then_import_round_trip(tmp_path, capsys):
    first, second, csv = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3", tmp_path / "t.csv"
    with SQLiteStore(first) as store:
        store.tags.add("04a1b2c3", "blue-7-RH", enrolled_at=1_700_000_000)
        store.tags.add("04a1b2c4d5e6f7", "gray-10", enrolled_at=1_700_000_100)
    assert run(["tags", "export", str(csv), "--database", str(first)]) == 0
    assert capsys.readouterr().out == f"2 tags written to {csv}\n"
    assert csv.read_text().splitlines()[1] == "04a1b2c3,blue-7-RH,2023-11-14T22:13:20Z"
    assert run(["tags", "import", str(csv), "--database", str(second)]) == 0
    assert "2 tags imported or changed; the table knows 2" in capsys.readouterr().out
    with SQLiteStore(first) as a, SQLiteStore(second) as b:
        assert a.tags.all() == b.tags.all()


def test_tags_import_names_every_bad_line_and_imports_nothing(tmp_path, capsys):
    database, csv = tmp_path / "k.sqlite3", tmp_path / "bad.csv"
    with SQLiteStore(database) as store:
        store.tags.add("04a1b2c3", "blue-7-RH", enrolled_at=0)
    csv.write_text("uid,card\n04a1b2c3,blue-8\nzz,blue-9-LH-LF\n04a1b2c5,blue-1-LH,yesterday\n"
                   "04a1b2c6,blue-2-RF\n04a1b2c7,purple-99\n")
    assert run(["tags", "import", str(csv), "--database", str(database)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{csv}:3: UID 'zz'")
    assert err[1].startswith(f"{csv}:4: 'yesterday' is not a date")
    assert err[2] == (f"{csv}:6: card 'purple-99' is in no deck (check the spelling, "
                      "e.g. blue-7-LH)")
    assert err[-1] == "kiosk tags: nothing imported (3 problems)"
    csv.write_text("uid,card\n04a1b2c3,blue-8\n04a1b2c6,blue-2-RF\n")
    assert run(["tags", "import", str(csv), "--database", str(database)]) == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        f"{csv}:2: tag 04a1b2c3 is already 'blue-7-RH' on this table; remove it first or "
        "import with replace")
    assert cards(database) == {"04a1b2c3": "blue-7-RH"}
    assert run(["tags", "import", str(csv), "--replace", "--database", str(database)]) == 0
    assert cards(database) == {"04a1b2c3": "blue-8", "04a1b2c6": "blue-2-RF"}
    assert run(["tags", "import", str(tmp_path / "none.csv"), "--database",
                str(database)]) == 2
    assert "none.csv: cannot read the file" in capsys.readouterr().err


@pytest.mark.parametrize(("typed", "code", "said"), [
    (["2468", "2468"], 0, "The staff PIN is set."),
    (["2468", "2469"], 2, "kiosk staff-pin: the two PINs differ; nothing changed"),
    (["12"], 2, "kiosk staff-pin: the staff PIN must be 4 to 8 digits, not 2; nothing changed"),
    (["123456789"], 2, "the staff PIN must be 4 to 8 digits, not 9; nothing changed"),
    (["24x8"], 2, "kiosk staff-pin: the staff PIN must be 4 to 8 digits (0-9 only); nothing"),
])
def test_staff_pin_is_asked_twice_and_stored_hashed(tmp_path, monkeypatch, capsys, typed,
                                                    code, said):
    answers = iter(typed)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    database = tmp_path / "k.sqlite3"
    assert run(["staff-pin", "--database", str(database)]) == code
    out = capsys.readouterr()
    assert said in (out.out + out.err)
    with SQLiteStore(database) as store:
        lock = StaffLock(store)
        assert lock.has_pin is (code == 0)
        stored = str(store.setting("staff_pin_hash"))
        # a hash, never the PIN: no field of it is the PIN (a random salt's hex digits
        # may hold "2468" anywhere, so a substring test fails one run in a few hundred)
        assert stored != "2468" and "2468" not in stored.split("$")
        if code == 0:
            assert lock.try_pin("2468").ok


def test_enroll_on_the_real_readers_names_a_seat_without_a_board(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert run(["enroll", "--seat", "9"]) == 2
    assert capsys.readouterr().err == (
        "kiosk enroll: seat 9 has no reader board in kiosk.toml (or use --simulate)\n")


def test_the_staff_tool_docstring_examples_hold():
    import doctest

    from kiosk.table import deck_check, enroll, enroll_console, tag_book

    for module in (deck_check, enroll, enroll_console, tag_book):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__


def test_tags_export_over_a_bigger_backup_needs_force(tmp_path, capsys):
    """A damaged database moved aside leaves an empty one: its export must not wipe the
    80-tag backup (it once did, with exit 0)."""
    full, empty, backup = tmp_path / "full.sqlite3", tmp_path / "empty.sqlite3", \
        tmp_path / "backup.csv"
    shipped = str(CONFIG / "tags" / "default.csv")
    assert run(["tags", "import", shipped, "--database", str(full)]) == 0
    assert run(["tags", "export", str(backup), "--database", str(full)]) == 0
    saved = backup.read_text()
    capsys.readouterr()
    assert run(["tags", "export", str(backup), "--database", str(empty)]) == 2
    assert capsys.readouterr().err == (
        f"kiosk tags: {backup} lists 80 tags and the database only 0; nothing written. "
        "Export to a new file, or add --force to replace it.\n")
    assert backup.read_text() == saved
    assert run(["tags", "export", str(backup), "--force", "--database", str(empty)]) == 0
    assert backup.read_text() == "uid,card,enrolled_at\n"


def test_tags_import_with_broken_decks_checks_nothing_and_says_why(tmp_path, capsys):
    import shutil

    config = tmp_path / "config"
    shutil.copytree(CONFIG, config)
    (config / "decks" / "default.toml").write_text("[players.3]\ncards = [\"blue-77\"]\n")
    csv = tmp_path / "t.csv"
    csv.write_text("04a1b2c3,blue-7-RH\n")
    database = tmp_path / "k.sqlite3"
    assert run(["--config", str(config), "tags", "import", str(csv), "--database",
                str(database)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{config}/decks/default.toml:2: [players.3] field 'cards': "
                             "'blue-77'")
    assert err[-1] == ("kiosk tags: nothing imported; the decks above must be fixed first, "
                       "so that the card names can be checked")
    assert not database.exists() or cards(database) == {}
