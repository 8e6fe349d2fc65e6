"""S.Y.N.C.'s command line: ``kiosk enroll --tokens`` binds synchronizer token tags.

Tokens are enrolled like cards (the same tag map, store and checks): lay token 1, 2, ...
of a set on the chosen reader as the console names them; ``--sets 5`` enrolls five
sets one after the other (one per seat). A token's tag is bound to ``sync-token-N``.

:func:`add_commands` adds ``--tokens`` to the ``enroll`` command when another game
(Sync or Swim) already has one — cards stay its default — or adds ``enroll`` itself.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from pathlib import Path

from kiosk.cli_store import open_store
from kiosk.paths import config_dir
from kiosk.table.games.sync_association.tokens import TOKENS_PER_SEAT, token_name

EXIT_BAD_INPUT = 2


def token_cards(sets: int) -> list[str]:
    """The names to enroll, in the order the console asks for them.

    >>> token_cards(2)[9:11]
    ['sync-token-10', 'sync-token-1']
    """
    return [token_name(n) for _ in range(sets) for n in range(1, TOKENS_PER_SEAT + 1)]


def cmd_enroll_tokens(args: argparse.Namespace) -> int:
    from kiosk.table.enroll import SETTLE_S, EnrollSession
    from kiosk.table.enroll_console import Console, keyboard
    from kiosk.table.tag_book import TagBook

    sets = getattr(args, "sets", 1)
    if not 1 <= sets <= 6:
        print("kiosk enroll: --sets is 1 to 6 (one set of tokens per seat)", file=sys.stderr)
        return EXIT_BAD_INPUT
    with contextlib.ExitStack() as stack:
        demo = None
        if args.simulate and args.database is None:  # a demo never writes the real tags
            demo = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "demo.sqlite3"
        store = open_store("enroll", demo or args.database)
        if isinstance(store, int):
            return store
        stack.enter_context(store)
        book = TagBook.for_store(store, config_dir(args.config))
        table = None
        if args.simulate:
            from kiosk.hardware.sim_table import SimulatedTable

            table = stack.enter_context(SimulatedTable(
                seats=(args.seat,), lanes=max(1, args.lane), tags=book))
            table.wait_settled()
            readers = table.readers
        else:
            readers = _real_readers(args, stack)
            if readers is None:
                return EXIT_BAD_INPUT
        cards = token_cards(sets)
        session = EnrollSession(book, cards, seat=args.seat, lane=args.lane, in_order=True,
                                settle_s=0.0 if args.simulate else SETTLE_S)
        print(f"Enrolling {sets} set{'s' if sets > 1 else ''} of synchronizer tokens "
              f"1-{TOKENS_PER_SEAT} on seat {args.seat} lane {args.lane}, into {store.path}"
              f"{' (a temporary demo database)' if demo else ''}. q quits.")
        Console(session, readers, print, table=table).run(keyboard(sys.stdin))
    return 0


def _real_readers(args: argparse.Namespace, stack: contextlib.ExitStack):
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


def add_commands(sub) -> None:
    """Add ``--tokens`` (and ``--sets``) to ``kiosk enroll``."""
    enroll = sub.choices.get("enroll")
    if enroll is None:
        enroll = sub.add_parser("enroll", help="bind S.Y.N.C. synchronizer token tags")
        enroll.add_argument("--simulate", action="store_true",
                            help="on the simulated table (type 'new' to lay a fresh tag)")
        enroll.add_argument("--seat", type=int, default=1)
        enroll.add_argument("--lane", type=int, default=1)
        enroll.add_argument("--database", type=Path,
                            help="default: the kiosk's own (`kiosk paths`)")
        cards = None
    else:
        cards = enroll.get_default("func")
    enroll.add_argument("--tokens", action="store_true",
                        help="S.Y.N.C.: bind synchronizer tokens 1-10 instead of cards")
    enroll.add_argument("--sets", type=int, default=1,
                        help="with --tokens: how many sets of tokens, one after the other")

    def command(args: argparse.Namespace) -> int:
        if args.tokens or cards is None:
            return cmd_enroll_tokens(args)
        return cards(args)

    enroll.set_defaults(func=command)
