"""Where the kiosk finds its editable data."""

from __future__ import annotations

import os
from pathlib import Path

REPO_CONFIG = Path(__file__).resolve().parent.parent / "config"


def config_dir(override: str | os.PathLike | None = None) -> Path:
    """``--config`` if given, else ``$KIOSK_CONFIG``, else the project's ``config/``."""
    chosen = override or os.environ.get("KIOSK_CONFIG")
    return Path(chosen) if chosen else REPO_CONFIG


DB_NAME = "kiosk.sqlite3"


def data_dir() -> Path:
    """The per-user data directory: ``$XDG_DATA_HOME/kiosk``, else ``~/.local/share/kiosk``.

    A relative ``$XDG_DATA_HOME`` is ignored, as the XDG spec asks, so the database
    never lands in whatever directory the kiosk happened to start in.
    """
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "kiosk"


def database_path(override: str | os.PathLike | None = None) -> Path:
    """An explicit path if given, else ``$KIOSK_DB``, else ``data_dir()/kiosk.sqlite3``.

    >>> str(database_path("/tmp/t.sqlite3"))
    '/tmp/t.sqlite3'
    """
    chosen = override or os.environ.get("KIOSK_DB")
    return Path(chosen).expanduser() if chosen else data_dir() / DB_NAME
