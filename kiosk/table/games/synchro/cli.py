"""Synchro's command line, ``kiosk synchro ...`` (the ``cli`` entry of its
:mod:`kiosk.registry` line). ``kiosk synchro selfplay``: computer against computer, for
tuning and a quick check.

Example: ``kiosk synchro selfplay --white 3 --black 1 --games 20 --seed 7 --seconds 0.1``
prints one results row per pairing (level 0 plays random moves).
"""

from __future__ import annotations

import argparse
import time


def add_commands(sub) -> None:
    """Add ``synchro`` (with its own actions) to ``kiosk``'s subparsers."""
    parser = sub.add_parser("synchro", help="Synchro tools: selfplay matches between "
                                            "computer levels", description="Synchro tools.")
    actions = parser.add_subparsers(dest="action", required=True)
    selfplay = actions.add_parser("selfplay", help="play the computer levels against each other")
    selfplay.add_argument("--white", type=int, default=3, choices=range(0, 4))
    selfplay.add_argument("--black", type=int, default=0, choices=range(0, 4))
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--seconds", type=float, default=None,
                          help="time budget a move for level 3 (default: its own, 1 s)")
    selfplay.set_defaults(func=selfplay_command)


def selfplay_command(args: argparse.Namespace) -> int:
    from kiosk.games.synchro.selfplay import Budget, play_match

    if args.games < 1:
        print("kiosk synchro: --games must be 1 or more")
        return 2
    budget = Budget(seconds=args.seconds, clock=time.monotonic)
    result = play_match(args.white, args.black, args.games, args.seed, budget)
    print(f"level {args.white} played white in odd games, level {args.black} in even ones")
    print(f"{'pairing':22} {'games':>5} {'wins':>5} {'losses':>6} {'draws':>5} "
          f"{'avg moves':>9}")
    print(f"{f'level {args.white} v level {args.black}':22} {result.games:5} "
          f"{result.first_wins:5} {result.second_wins:6} {result.draws:5} "
          f"{result.average_length:9.1f}")
    return 0
