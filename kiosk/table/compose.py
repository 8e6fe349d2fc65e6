"""Wiring a controller to hardware: the simulated table, or the real one on the Pi.

``kiosk/__main__.py`` (the composition root) calls one of these; everything concrete
is chosen here so that the controller itself only knows ports. Without a ``store`` the
table keeps its data in the SQLite database (``database``, else
:func:`kiosk.paths.database_path`) behind a
:class:`~kiosk.store.write_behind.WriteBehindStore`, closed with the controller: a
full disk, a locked or read-only file never stops the game, and what it could not
write is saved once it can. Tests pass a ``MemoryStore`` or a database in a temporary
folder. Tags are
resolved through the store's tag map (a :class:`~kiosk.table.tag_book.TagBook`, seeded
from ``config/tags`` on the first start), so a tag enrolled in Settings counts at once.

>>> from kiosk.hardware.sim_gpio import ManualClock
>>> from kiosk.store.protocol import MemoryStore
>>> controller, table = build_simulated(clock=ManualClock(), seats=(1, 2, 3),
...                                     store=MemoryStore())
>>> controller.view.phase.value, controller.view.hardware.pads
('attract', True)
>>> controller.close()  # also closes the simulated table
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from kiosk.config import KioskSettings
from kiosk.hardware.errors import HardwareError
from kiosk.hardware.gpio import GpioTable, pi_pin_factory
from kiosk.hardware.ports import Clock
from kiosk.hardware.readers import SerialReaders
from kiosk.hardware.sim_table import SIM_TUNING, SimulatedTable
from kiosk.hardware.tagmap import TagMap
from kiosk.paths import config_dir as default_config_dir
from kiosk.store.protocol import Store
from kiosk.store.write_behind import WriteBehindStore
from kiosk.table.controller import Closeable, TableController
from kiosk.table.tag_book import TagBook, load_files

log = logging.getLogger(__name__)


def load_tags(config_dir: Path | None) -> TagMap:
    """The tag map from ``<config>/tags``; an empty one (every card unknown, so the
    players judge by hand) if the files are unusable — the reason goes to the log."""
    return load_files(default_config_dir(config_dir) / "tags")


def table_tags(store: Store, config_dir: Path | None, tags: TagMap | None = None) -> TagBook:
    """The tag book the table resolves UIDs with: ``tags`` if given (kept in memory),
    else the store's (imported from ``<config>/tags`` while the store has none)."""
    if tags is not None:
        return TagBook.from_map(tags)
    return TagBook.for_store(store, config_dir)


def open_store(database: str | Path | None = None) -> WriteBehindStore:
    """The SQLite store at ``database`` (see :func:`kiosk.paths.database_path`) behind
    its write-behind layer. Never raises for the file or the disk: if the database
    cannot be opened (locked, read-only, a newer kiosk's), the table plays on, keeps its
    writes in memory, says so (``store.problems``) and opens the file at a later retry.
    A damaged file is moved aside by the store itself."""
    store = WriteBehindStore.open(database)
    for line in store.problems:
        log.error("%s", line)
    return store


def build_simulated(
    *,
    clock: Clock = time.monotonic,
    store: Store | None = None,
    database: str | Path | None = None,
    seats: Iterable[int] = range(1, 7),
    lanes: int = 5,
    config_dir: Path | None = None,
    tags: TagMap | None = None,
    readers: bool = True,
    pads: bool = True,
    seat_buttons: bool = True,
    game: str | None = None,
    own_store: bool = False,
    **table_options: Any,
) -> tuple[TableController, SimulatedTable]:
    """A controller on a :class:`SimulatedTable`; closing the controller closes the table.

    ``readers``/``pads``/``seat_buttons`` False leave that port out of the controller
    (the simulated parts still exist, so a test can press and touch them and see that
    nothing happens). With a fake ``clock`` the controller polls the pins itself at
    every pump and the boards are never declared silent for lack of heartbeats (their
    heartbeats come in real time while the fake clock jumps). ``store`` None: the
    SQLite database at ``database`` (see :func:`open_store`), closed with the controller
    (as a given ``store`` is with ``own_store``).
    """
    fake_clock = clock is not time.monotonic
    if fake_clock:
        table_options.setdefault("tuning", replace(SIM_TUNING, silent_after_s=math.inf))
    opened: list[Closeable] = []
    if store is None:
        store = open_store(database)
        own_store = True
    if own_store and hasattr(store, "close"):
        opened.append(store)  # type: ignore[arg-type]
    try:
        table = SimulatedTable(seats=seats, lanes=lanes, clock=clock,
                               tags=table_tags(store, config_dir, tags), **table_options)
    except Exception:
        _close(opened)
        raise
    try:
        assert table.gpio is not None
        gpio = table.gpio.gpio
        controller = TableController(
            clock=clock, store=store, game=game, config_dir=config_dir,
            panel=gpio.seats if seat_buttons else None,
            pads=gpio.pads if pads else None,
            readers=table.readers if readers else None,
            tags=table.tags, poll_ports=fake_clock, owned=[*opened, table])
    except Exception:
        table.close()
        _close(opened)
        raise
    table.listener = controller
    controller.refresh_hardware()
    controller.pump()
    return controller, table


def build_real(
    settings: KioskSettings,
    *,
    store: Store | None = None,
    database: str | Path | None = None,
    config_dir: Path | None = None,
    clock: Clock = time.monotonic,
    pin_factory: Any = None,
    game: str | None = None,
    own_store: bool = False,
) -> TableController:
    """The controller on the Pi: GPIO on the lgpio factory, the serial reader boards.

    Whatever cannot be opened is left out and logged, never fatal: without GPIO the
    screen's stop circles stop the timer, without boards the players judge by hand, without
    a writable database the scores wait in memory (see :func:`open_store`). The store is
    closed with the controller when it was opened here or ``own_store`` is True.
    """
    owned: list[Closeable] = []
    if store is None:
        store = open_store(database)
        own_store = True
    if own_store and hasattr(store, "close"):
        owned.append(store)  # type: ignore[arg-type]
    gpio: GpioTable | None = None
    try:
        factory = pin_factory if pin_factory is not None else pi_pin_factory()
        gpio = GpioTable(settings.gpio, pin_factory=factory, clock=clock)
        owned.append(gpio)
    except (HardwareError, OSError) as error:
        log.error("seat buttons and stop pads are unavailable: %s", error)
    readers = None
    if settings.readers.boards:
        readers = SerialReaders(settings.readers, clock=clock)
        owned.append(readers)
    try:
        controller = TableController(
            clock=clock, store=store, game=game, config_dir=config_dir,
            panel=gpio.seats if gpio else None, pads=gpio.pads if gpio else None,
            readers=readers, tags=table_tags(store, config_dir) if readers else None,
            owned=owned)
    except Exception:
        _close(owned)
        raise
    if gpio is not None:
        gpio.listener = controller
        gpio.start()
    if readers is not None:
        readers.listener = controller
    controller.refresh_hardware()
    return controller


def _close(things: list[Closeable]) -> None:
    for thing in reversed(things):
        thing.close()
