"""One behavioural suite for every Store: ``store`` is a MemoryStore and a SQLiteStore."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

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


@pytest.fixture
def shared_folder():
    """A folder another user can reach (pytest's own tmp folders are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="kiosk-perm-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
