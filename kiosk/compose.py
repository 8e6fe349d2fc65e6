"""Building the table for ``kiosk run``: the real one on the Pi, or the simulated one.

:func:`build_table` gives the app its controller: on the Pi, the GPIO pins, the serial
reader boards and the database where :func:`kiosk.paths.database_path` says (the place
``kiosk staff-pin`` and ``kiosk tags`` use too); with ``simulate``, the simulated table
(mock pins, simulated boards on real ptys, the default game's simulated players —
``GameInfo.simulator``) and a separate simulation database, so playing with the
simulator never touches a real table's scores. A database that cannot be written
(locked, read-only, a full disk) never stops the app: it opens with the problem on
screen and saves once it can (:mod:`kiosk.store.write_behind`).

It sits below the UI and above the table: ``kiosk/__main__.py`` (the command line)
decides real or simulated and passes that choice down; the UI only calls this.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

SIMULATED_PIN = "2468"  # the simulated table's staff PIN, set only in its own database


def build_table(*, simulate: bool, config: Path | None = None,
                database: str | Path | None = None) -> tuple[Any, Any, Any]:
    """(controller, simulation driver or None, staff lock) for ``kiosk run``."""
    from kiosk.paths import data_dir
    from kiosk.staff import StaffLock
    from kiosk.table.compose import open_store

    if simulate:
        import os

        from kiosk import registry

        chosen = database or os.environ.get("KIOSK_DB") or data_dir() / "kiosk-sim.sqlite3"
        store = open_store(chosen)
        lock = StaffLock(store)
        if not lock.has_pin:
            lock.set_pin(SIMULATED_PIN)
        game = registry.default()
        if game.simulator is None:  # nothing plays the simulated table for this game
            from kiosk.table.compose import build_simulated

            controller, table = build_simulated(store=store, own_store=True,
                                                config_dir=config, game=game.id)
            return controller, None, lock
        simulator = registry.load(game.simulator)
        driver = simulator(clock=time.monotonic, config_dir=config, store=store,
                           own_store=True)
        return driver.controller, driver, lock
    from kiosk.check import check_config
    from kiosk.config import load_settings
    from kiosk.paths import config_dir
    from kiosk.table.broken import BrokenController
    from kiosk.table.compose import build_real

    store = open_store(database)
    problems = check_config(config_dir(config))
    if problems:  # one clear screen with every problem, never a half-started table
        return BrokenController(problems), None, StaffLock(store)
    settings = load_settings(config_dir(config) / "kiosk.toml")
    for note in settings.notes:  # old field names still work; the journal says to rename
        logging.getLogger(__name__).warning("%s", note)
    controller = build_real(settings, config_dir=config, store=store, own_store=True)
    return controller, None, StaffLock(store)
