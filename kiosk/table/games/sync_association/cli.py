"""S.Y.N.C.'s command line: ``kiosk enroll --tokens`` binds synchroniser token tags.

Tokens are enrolled like cards (the same tag map, store and checks): lay token 1, 2, ...
of a set on the chosen reader as the console names them; ``--sets 5`` enrolls five
sets one after the other (one per seat). A token's tag is bound to ``sync-token-N``.

:func:`add_commands` adds ``--tokens`` to the ``enroll`` command when another game
(Sync or Swim) already has one — cards stay its default — or adds ``enroll`` itself.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kiosk.table.games.sync_association.tokens import TOKENS_PER_SEAT, token_name

EXIT_BAD_INPUT = 2


def token_cards(sets: int) -> list[str]:
    """The names to enroll, in the order the console asks for them.

    >>> token_cards(2)[9:11]
    ['sync-token-10', 'sync-token-1']
    """
    return [token_name(n) for _ in range(sets) for n in range(1, TOKENS_PER_SEAT + 1)]


def cmd_enroll_tokens(args: argparse.Namespace) -> int:
    from kiosk.table.enroll_run import run_enroll

    sets = getattr(args, "sets", 1)
    if not 1 <= sets <= 6:
        print("kiosk enroll: --sets is 1 to 6 (one set of tokens per seat)", file=sys.stderr)
        return EXIT_BAD_INPUT
    return run_enroll(
        args, token_cards(sets), command="enroll", lanes=1, in_order=True,
        intro=lambda into: f"Enrolling {sets} set{'s' if sets > 1 else ''} of synchroniser "
                           f"tokens 1-{TOKENS_PER_SEAT} on seat {args.seat} lane {args.lane}, "
                           f"{into}. q quits.")


def add_commands(sub) -> None:
    """Add ``--tokens`` (and ``--sets``) to ``kiosk enroll``."""
    enroll = sub.choices.get("enroll")
    if enroll is None:
        enroll = sub.add_parser("enroll", help="bind S.Y.N.C. synchroniser token tags")
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
                        help="S.Y.N.C.: bind synchroniser tokens 1-10 instead of cards")
    enroll.add_argument("--sets", type=int, default=1,
                        help="with --tokens: how many sets of tokens, one after the other")

    def command(args: argparse.Namespace) -> int:
        if args.tokens or cards is None:
            return cmd_enroll_tokens(args)
        return cards(args)

    enroll.set_defaults(func=command)
