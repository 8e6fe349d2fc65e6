"""Where the kiosk finds its editable data."""

from __future__ import annotations

import os
from pathlib import Path

REPO_CONFIG = Path(__file__).resolve().parent.parent / "config"


def config_dir(override: str | os.PathLike | None = None) -> Path:
    """``--config`` if given, else ``$KIOSK_CONFIG``, else the project's ``config/``."""
    chosen = override or os.environ.get("KIOSK_CONFIG")
    return Path(chosen) if chosen else REPO_CONFIG
