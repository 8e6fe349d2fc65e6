"""Where the database lives: explicit path, then $KIOSK_DB, then the per-user data dir."""

from __future__ import annotations

from pathlib import Path

from kiosk.paths import data_dir, database_path
from kiosk.store import SQLiteStore


def test_explicit_path_beats_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("KIOSK_DB", str(tmp_path / "env.sqlite3"))
    assert database_path(tmp_path / "mine.sqlite3") == tmp_path / "mine.sqlite3"
    assert database_path() == tmp_path / "env.sqlite3"


def test_xdg_data_home_then_home(monkeypatch, tmp_path):
    monkeypatch.delenv("KIOSK_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert database_path() == tmp_path / "xdg" / "kiosk" / "kiosk.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # not absolute: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "kiosk"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert database_path() == tmp_path / "home" / ".local" / "share" / "kiosk" / "kiosk.sqlite3"


def test_the_store_opens_the_default_path_and_creates_its_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("KIOSK_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with SQLiteStore() as store:
        store.set_setting("volume", 1.0)
        assert store.path == tmp_path / "data" / "kiosk" / "kiosk.sqlite3"
    assert Path(tmp_path / "data" / "kiosk" / "kiosk.sqlite3").is_file()
