"""Shared pytest hooks: long runs (marked ``slow``) only when KIOSK_LONG=1."""

import os

import pytest


def pytest_collection_modifyitems(config, items):
    if os.environ.get("KIOSK_LONG") == "1":
        return
    skip = pytest.mark.skip(reason="long run: set KIOSK_LONG=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _database_in_tmp(tmp_path, monkeypatch):
    """No test may touch the real per-user database: point KIOSK_DB at a temp file, and
    the settings file (kiosk.paths) at one that does not exist."""
    monkeypatch.setenv("KIOSK_DB", str(tmp_path / "kiosk-test.sqlite3"))
    monkeypatch.setenv("KIOSK_ENV_FILE", str(tmp_path / "no-kiosk.env"))


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The language is one per process (kiosk.i18n): a test that switches it must not
    leave the next test in French."""
    yield
    from kiosk import i18n

    i18n.set_default(i18n.SOURCE)
    i18n.set_language(i18n.SOURCE)
