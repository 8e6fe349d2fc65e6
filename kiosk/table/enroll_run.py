"""What every game's ``kiosk enroll`` command does around the console: a temporary
demo database for ``--simulate`` (a demo never writes the real tags), the store and
tag book, the simulated table or the real reader boards of kiosk.toml, then the
console of :mod:`kiosk.table.enroll_console` until staff quit.

A game's command line gives the names to tag and its opening sentence; the rest is
the same for cards and tokens.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from kiosk.cli_store import open_store
from kiosk.paths import config_dir

EXIT_BAD_INPUT = 2


def run_enroll(args: argparse.Namespace, names: list[str], *, command: str, lanes: int,
               in_order: bool, intro: Callable[[str], str]) -> int:
    """Enroll ``names`` on ``args.seat``/``args.lane``; ``intro(where)`` is the first line
    printed (``where`` names the database, and says when it is a demo)."""
    from kiosk.table.enroll import SETTLE_S, EnrollSession
    from kiosk.table.enroll_console import Console, keyboard
    from kiosk.table.tag_book import TagBook

    with contextlib.ExitStack() as stack:
        demo = None
        if args.simulate and args.database is None:
            demo = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "demo.sqlite3"
        store = open_store(command, demo or args.database)
        if isinstance(store, int):
            return store
        stack.enter_context(store)
        book = TagBook.for_store(store, config_dir(args.config))
        table = None
        if args.simulate:
            from kiosk.hardware.sim_table import SimulatedTable

            table = stack.enter_context(SimulatedTable(
                seats=(args.seat,), lanes=max(lanes, args.lane), tags=book))
            table.wait_settled()
            readers = table.readers
        else:
            readers = real_readers(args, stack)
            if readers is None:
                return EXIT_BAD_INPUT
        session = EnrollSession(book, names, seat=args.seat, lane=args.lane,
                                in_order=in_order,
                                settle_s=0.0 if args.simulate else SETTLE_S)
        print(intro(f"into {store.path}{' (a temporary demo database)' if demo else ''}"))
        Console(session, readers, print, table=table).run(keyboard(sys.stdin))
    return 0


def real_readers(args: argparse.Namespace, stack: contextlib.ExitStack):
    """The reader boards of kiosk.toml, opened on ``stack``; None (with a message on
    stderr) when the settings are broken or the seat has no board."""
    from kiosk.config import ConfigError, load_settings
    from kiosk.hardware.readers import SerialReaders

    try:
        settings = load_settings(config_dir(args.config) / "kiosk.toml")
    except ConfigError as error:
        print(f"kiosk enroll: {error}", file=sys.stderr)
        return None
    if not any(board.seat == args.seat for board in settings.readers.boards):
        print(f"kiosk enroll: seat {args.seat} has no reader board in kiosk.toml "
              "(or use --simulate)", file=sys.stderr)
        return None
    readers = stack.enter_context(SerialReaders(settings.readers))
    if not readers.wait_online(5.0):
        print("kiosk enroll: some reader boards are not online yet; "
              "`kiosk diagnose` shows which", file=sys.stderr)
    return readers
