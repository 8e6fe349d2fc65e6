"""Where the kiosk finds its editable data and keeps its database — one answer for the
service and for every command staff run from a shell.

The service (``kiosk run`` under systemd) and ``kiosk staff-pin`` typed at a console run
with different environments, so the environment alone cannot be the one place: both
also read the settings file ``/etc/kiosk/kiosk.env`` (``$KIOSK_ENV_FILE`` names another),
lines of ``NAME=value`` (``#`` comments, optional quotes, ``~`` expanded; a value must
be an absolute path). Precedence, first found wins:

- database: an explicit path (``--database``) > ``$KIOSK_DB`` > ``KIOSK_DB=`` in the
  settings file > ``$XDG_DATA_HOME/kiosk/kiosk.sqlite3`` > ``~/.local/share/kiosk/``;
- config folder: ``--config`` > ``$KIOSK_CONFIG`` > ``KIOSK_CONFIG=`` in the settings
  file > the project's ``config/``;
- Kivy's settings for the real table: ``$KIOSK_KIVY_CONFIG`` > ``KIOSK_KIVY_CONFIG=`` in
  the settings file > the project's ``hardware/pi/kivy-config.ini`` (an installed table
  keeps its copy in ``/etc/kiosk``, where an update does not replace a café's edits).

``kiosk paths`` prints what was chosen and why.

>>> str(database_path("/tmp/t.sqlite3"))
'/tmp/t.sqlite3'
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import NamedTuple

log = logging.getLogger(__name__)

REPO_CONFIG = Path(__file__).resolve().parent.parent / "config"
REPO_KIVY_CONFIG = Path(__file__).resolve().parent.parent / "hardware" / "pi" / "kivy-config.ini"
SETTINGS_FILE = Path("/etc/kiosk/kiosk.env")
DB_NAME = "kiosk.sqlite3"
KNOWN = ("KIOSK_DB", "KIOSK_CONFIG", "KIOSK_KIVY_CONFIG")


class Chosen(NamedTuple):
    """A path and where the choice came from, in words (for ``kiosk paths``)."""

    path: Path
    source: str


def settings_file() -> Path:
    """``$KIOSK_ENV_FILE`` if set, else ``/etc/kiosk/kiosk.env``."""
    return Path(os.environ.get("KIOSK_ENV_FILE") or SETTINGS_FILE)


def file_settings(path: Path | None = None) -> dict[str, str]:
    """The ``NAME=value`` lines of the settings file that name an absolute path; a
    missing or unreadable file gives {} (and a line in the log if it exists)."""
    path = settings_file() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        log.warning("cannot read %s (%s): using the defaults", path, error)
        return {}
    found = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, equals, value = line.removeprefix("export ").partition("=")
        name, value = name.strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        value = os.path.expanduser(value)
        if not equals or name not in KNOWN:
            continue
        if not os.path.isabs(value):
            log.warning("%s:%d: %s must be an absolute path; ignored", path, number, name)
            continue
        found[name] = value
    return found


def config_dir(override: str | os.PathLike | None = None) -> Path:
    """``--config`` if given, else ``$KIOSK_CONFIG``, else the settings file's, else the
    project's ``config/``."""
    return config_choice(override).path


def config_choice(override: str | os.PathLike | None = None) -> Chosen:
    if override:
        return Chosen(Path(override), "--config")
    return _chosen("KIOSK_CONFIG", REPO_CONFIG, "the project's config/")


def kivy_config_choice() -> Chosen:
    """The Kivy settings file ``kiosk run`` loads on the real table, and why."""
    return _chosen("KIOSK_KIVY_CONFIG", REPO_KIVY_CONFIG, "the project's hardware/pi/")


def _chosen(name: str, fallback: Path, fallback_why: str) -> Chosen:
    if os.environ.get(name):
        return Chosen(Path(os.environ[name]), f"${name}")
    in_file = file_settings().get(name)
    if in_file:
        return Chosen(Path(in_file), f"{name} in {settings_file()}")
    return Chosen(fallback, fallback_why)


def data_dir() -> Path:
    """The per-user data directory: ``$XDG_DATA_HOME/kiosk``, else ``~/.local/share/kiosk``.

    A relative ``$XDG_DATA_HOME`` is ignored, as the XDG spec asks, so the database
    never lands in whatever directory the kiosk happened to start in.
    """
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "kiosk"


def database_path(override: str | os.PathLike | None = None) -> Path:
    """An explicit path if given, else ``$KIOSK_DB``, else the settings file's
    ``KIOSK_DB``, else ``data_dir()/kiosk.sqlite3``."""
    return database_choice(override).path


def database_choice(override: str | os.PathLike | None = None) -> Chosen:
    if override:
        return Chosen(Path(override).expanduser(), "--database")
    if os.environ.get("KIOSK_DB"):
        return Chosen(Path(os.environ["KIOSK_DB"]).expanduser(), "$KIOSK_DB")
    in_file = file_settings().get("KIOSK_DB")
    if in_file:
        return Chosen(Path(in_file), f"KIOSK_DB in {settings_file()}")
    return Chosen(data_dir() / DB_NAME, "the default for this user")
