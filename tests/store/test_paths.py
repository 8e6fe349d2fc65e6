"""Where the database lives: explicit path, then $KIOSK_DB, then the settings file
(/etc/kiosk/kiosk.env), then the per-user data dir."""

from __future__ import annotations

from pathlib import Path

from kiosk.paths import config_dir, data_dir, database_choice, database_path, file_settings
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


def settings_file(tmp_path, monkeypatch, text):
    path = tmp_path / "kiosk.env"
    path.write_text(text)
    monkeypatch.setenv("KIOSK_ENV_FILE", str(path))
    return path


def test_the_settings_file_sits_between_the_environment_and_the_default(monkeypatch,
                                                                         tmp_path):
    """The service and a shell read the same file, so `kiosk staff-pin` typed at the
    console writes the database the service uses."""
    monkeypatch.delenv("KIOSK_DB", raising=False)
    monkeypatch.delenv("KIOSK_CONFIG", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    settings = settings_file(tmp_path, monkeypatch, (
        "# where the service keeps its data\n"
        "KIOSK_DB=/var/lib/kiosk/kiosk.sqlite3\n"
        "export KIOSK_CONFIG='/opt/kiosk/config'\n"
        "SOMETHING_ELSE=1\n"))
    assert database_choice() == (Path("/var/lib/kiosk/kiosk.sqlite3"),
                                 f"KIOSK_DB in {settings}")
    assert config_dir() == Path("/opt/kiosk/config")
    monkeypatch.setenv("KIOSK_DB", str(tmp_path / "env.sqlite3"))
    assert database_path() == tmp_path / "env.sqlite3"  # the environment wins
    assert database_path(tmp_path / "mine.sqlite3") == tmp_path / "mine.sqlite3"
    monkeypatch.delenv("KIOSK_DB")
    settings.unlink()
    assert database_choice() == (tmp_path / "xdg" / "kiosk" / "kiosk.sqlite3",
                                 "the default for this user")


def test_a_relative_path_in_the_settings_file_is_ignored_and_logged(monkeypatch, tmp_path,
                                                                    caplog):
    monkeypatch.delenv("KIOSK_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    settings = settings_file(tmp_path, monkeypatch, "KIOSK_DB=data/kiosk.sqlite3\n")
    assert database_path() == tmp_path / "xdg" / "kiosk" / "kiosk.sqlite3"
    assert f"{settings}:1: KIOSK_DB must be an absolute path" in caplog.text


def test_the_shipped_settings_file_is_the_only_place_the_pi_sets_the_database(monkeypatch):
    """The unit must not set KIOSK_DB itself: that would reach the service only, and a
    PIN set from the console would go to another file."""
    hardware = Path(__file__).resolve().parents[2] / "hardware" / "systemd"
    shipped = file_settings(hardware / "kiosk.env")
    assert shipped == {"KIOSK_DB": "/var/lib/kiosk/kiosk.sqlite3",
                       "KIOSK_CONFIG": "/etc/kiosk/config",
                       "KIOSK_KIVY_CONFIG": "/etc/kiosk/kivy-config.ini"}
    unit = (hardware / "kiosk.service").read_text()
    assert not [line for line in unit.splitlines()
                if line.startswith(("Environment=KIOSK_", "EnvironmentFile"))]
    assert "StateDirectoryMode=0700" in unit and "UMask=0077" in unit
