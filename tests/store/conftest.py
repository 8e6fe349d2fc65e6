"""One behavioural suite for every Store: ``store`` is a MemoryStore and a SQLiteStore."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest

from kiosk.store import SQLiteStore
from kiosk.store.protocol import MemoryStore
from kiosk.store.write_behind import WriteBehindStore


@pytest.fixture(params=["memory", "sqlite", "write-behind", "write-behind, disk refusing"])
def store(request, tmp_path):
    """The last one keeps every write in memory (SQLite refuses them all: ``query_only``),
    so its reads must give what the database would."""
    if request.param == "memory":
        yield MemoryStore()
        return
    path = tmp_path / "kiosk.sqlite3"
    opened = SQLiteStore(path) if request.param == "sqlite" else WriteBehindStore.open(path)
    if request.param.endswith("refusing"):
        opened.db._open().execute("PRAGMA query_only = ON")
    yield opened
    if request.param.endswith("refusing"):  # every answer came from memory
        with sqlite3.connect(path) as reader:
            for table in ("settings", "progress", "results", "journals", "tags"):
                assert reader.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,)
    opened.close()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "kiosk.sqlite3"


@pytest.fixture
def shared_folder():
    """A folder another user can reach (pytest's own tmp folders are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="kiosk-perm-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
