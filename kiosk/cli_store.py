"""The command line's side of the database: opening it with one clear line when it
cannot be used, the exit code that says why, and ``kiosk paths``.

Exit codes of the commands that use the database (``kiosk staff-pin``, ``kiosk tags``,
``kiosk enroll``): 0 done, 2 bad input (a file that cannot be read, a PIN refused),
3 the database cannot be used (read-only or someone else's, a full disk, a disk error,
damaged, or written by a newer kiosk: the line says what to do), 4 the database is busy
(another program kept it locked for 5 s: try again).
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from kiosk.paths import config_choice, data_dir, database_choice, settings_file

EXIT_DATABASE, EXIT_BUSY = 3, 4


def open_store(command: str, database: Path | None = None):
    """The SQLite store (``--database``, else :func:`kiosk.paths.database_path`), or the
    exit code after printing one line that says what is wrong and what to do."""
    from kiosk.store import SQLiteStore, StoreOpenError

    try:
        return SQLiteStore(database)
    except (StoreOpenError, OSError) as error:
        print(f"kiosk {command}: {failure_line(error, database)}", file=sys.stderr)
        return exit_code(error, database)


def failure_line(error: BaseException, database: Path | None = None) -> str:
    from kiosk.store.faults import classify
    from kiosk.store.schema import StoreOpenError

    path = database_choice(database).path
    fault = classify(error, path)
    if fault is not None:
        return fault.line()
    if isinstance(error, StoreOpenError):
        return str(error)
    return f"the database {path} failed: {error}"


def exit_code(error: BaseException, database: Path | None = None) -> int:
    from kiosk.store.faults import FaultKind, classify

    fault = classify(error, database_choice(database).path)
    return EXIT_BUSY if fault is not None and fault.kind is FaultKind.BUSY else EXIT_DATABASE


def database_failed(command: str, error: BaseException, database: Path | None) -> int:
    """A database error in the middle of a command: one line, the documented code."""
    print(f"kiosk {command}: {failure_line(error, database)}; nothing more was changed",
          file=sys.stderr)
    return exit_code(error, database)


def is_database_error(error: BaseException) -> bool:
    from kiosk.store.schema import StoreOpenError

    return isinstance(error, sqlite3.Error | StoreOpenError)


def paths_lines(database: Path | None = None, config: str | None = None) -> list[str]:
    """What ``kiosk paths`` prints: each place, and where the choice came from."""
    from kiosk.store.faults import access_problem

    db, how = database_choice(database)
    if db.is_file():
        state = f"{db.stat().st_size / 1e6:.1f} MB"
    else:
        state = "not created yet: the kiosk creates it at its first start"
    problem = access_problem(db)
    folder, folder_how = config_choice(config)
    env = settings_file()
    kivy = Path(os.environ.get("KIVY_HOME") or Path.home() / ".kivy")
    lines = [
        f"database:      {db} ({how}; {state})",
        "               each game's scores, progress and journals, the tag map "
        "and the staff PIN's hash",
        f"config:        {folder} ({folder_how})",
        f"tag map:       in the database; seeded from {folder / 'tags'}/*.csv while "
        "it holds none",
        "logs:          the service's: journalctl -u kiosk; Kivy's own files: "
        f"{kivy / 'logs'}",
        f"settings file: {env} ({'read' if env.is_file() else 'absent'}; KIOSK_DB= and "
        "KIOSK_CONFIG= there are used by the service and by these commands alike)",
        f"simulator:     {data_dir() / 'kiosk-sim.sqlite3'} (kiosk run --simulate)",
    ]
    if problem is not None:
        lines.append(f"problem:       {problem.line()}")
    return lines
