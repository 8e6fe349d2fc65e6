"""``kiosk check`` warns while a real table still uses the shipped example tags (in
``config/tags`` or already in the database) and when Kivy's settings would count a
touch twice; warnings never fail the check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kiosk.check_table import table_warnings
from kiosk.cli import run
from kiosk.hardware.example_tags import example_uid
from kiosk.store import SQLiteStore

CONFIG = Path(__file__).resolve().parents[1] / "config"
OWN = "04a0a1a2a3a4a5"


@pytest.fixture
def config(tmp_path):
    target = tmp_path / "config"
    shutil.copytree(CONFIG, target)
    return target


def own_tags_only(config: Path) -> None:
    (config / "tags" / "default.csv").unlink()
    (config / "tags" / "table-1.csv").write_text(f"uid,card\n{OWN},blue-1-LH\n")


def test_the_shipped_example_tags_are_a_warning_not_a_problem(config, capsys):
    assert run(["--config", str(config), "check"]) == 0
    out = capsys.readouterr().out
    assert (f"warning: {config / 'tags' / 'default.csv'}: 80 of its tags are the example "
            "map's made-up UIDs") in out
    assert "kiosk enroll" in out
    assert out.rstrip().endswith("everything checks out (1 warning above)")


def test_a_table_with_its_own_tags_checks_out_without_warnings(config, capsys):
    own_tags_only(config)
    assert table_warnings(config) == []
    assert run(["--config", str(config), "check"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("everything checks out")


def test_example_tags_left_in_the_database_are_named(config, tmp_path, monkeypatch):
    own_tags_only(config)
    database = tmp_path / "table.sqlite3"
    with SQLiteStore(database) as store:
        store.tags.add(example_uid("blue-2-BH-LF"), "blue-2-BH-LF", enrolled_at=0)
        store.tags.add(bytes.fromhex(OWN), "blue-1-LH", enrolled_at=0)
    monkeypatch.setenv("KIOSK_DB", str(database))
    assert table_warnings(config) == [
        f"{database}: 1 of the 2 tags in the database are the example map's made-up UIDs, "
        "so those cards are never seen on a real table: tag the deck with `kiosk enroll` "
        "(hardware/assembly.md, step 7)"]


def test_a_database_that_cannot_be_read_gives_no_warning_and_is_not_touched(config, tmp_path,
                                                                            monkeypatch):
    own_tags_only(config)
    database = tmp_path / "not-a-database.sqlite3"
    database.write_bytes(b"garbage " * 100)
    monkeypatch.setenv("KIOSK_DB", str(database))
    assert table_warnings(config) == []
    assert database.read_bytes() == b"garbage " * 100


@pytest.mark.parametrize(("input_section", "expected"), [
    ("[input]\nmouse = mouse\n%(name)s = probesysfs\n",
     "[input] names 2 input providers (mouse, %(name)s): every touch would count 2 times"),
    ("[input]\n", "[input] names no input provider"),
    ("[input\nmouse = mouse\n", "Kivy's settings cannot be read"),
])
def test_kivy_settings_that_double_or_lose_touches_are_named(config, tmp_path, monkeypatch,
                                                             input_section, expected):
    own_tags_only(config)
    kivy = tmp_path / "kivy-config.ini"
    kivy.write_text("[graphics]\nfullscreen = auto\n" + input_section)
    monkeypatch.setenv("KIOSK_KIVY_CONFIG", str(kivy))
    (warning,) = table_warnings(config)
    assert warning.startswith(str(kivy)) and expected in warning
