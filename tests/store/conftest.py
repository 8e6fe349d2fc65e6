"""One behavioural suite for every Store: ``store`` is a MemoryStore and a SQLiteStore."""

from __future__ import annotations

import pytest

from kiosk.store import SQLiteStore
from kiosk.table.store import MemoryStore


@pytest.fixture(params=["memory", "sqlite"])
def store(request, tmp_path):
    if request.param == "memory":
        yield MemoryStore()
        return
    opened = SQLiteStore(tmp_path / "kiosk.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "kiosk.sqlite3"
