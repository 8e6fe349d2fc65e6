"""Sync or Swim's command line: ``kiosk judge``, ``walkthrough``, ``routines``,
``random`` and ``enroll`` (binding its deck's card tags). :func:`add_commands` adds them
to ``kiosk``'s parser (the ``cli`` entry of its :mod:`kiosk.registry` line); each
command is a small function. A broken content folder is said in lines a person reads,
never a traceback.

Exit codes: ``judge`` 0 IN SYNC, 1 NOT IN SYNC, 2 an unreadable layout, 70 a bug in the
kiosk; the others 0 done, 2 bad input (or broken content); ``enroll`` also 3 and 4 for
the database (see :mod:`kiosk.cli_store`).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path

from kiosk.paths import config_dir

EXIT_IN_SYNC, EXIT_NOT_IN_SYNC, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE (sysexits.h): a bug, never a verdict


def _content(args: argparse.Namespace):
    from kiosk.games.sync_or_swim.library import load_content

    return load_content(config_dir(args.config))


def cmd_judge(args: argparse.Namespace) -> int:
    """Exit 0 IN SYNC, 1 NOT IN SYNC, 2 an unreadable layout (one line on stderr), 70 a
    bug in the kiosk. A script reads 1 as a verdict, so nothing but a verdict may give
    0 or 1: every unexpected exception ends as 70, never as Python's exit 1."""
    try:
        return _judge(args)
    except Exception as error:  # a bug: say so in one line, whatever it is
        if args.debug:
            import traceback

            traceback.print_exc()
        print(f"kiosk judge: internal error ({type(error).__name__}); this is a bug in the "
              "kiosk, not in your layout: please report it with the layout file "
              "(--debug shows the details)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR


def _judge(args: argparse.Namespace) -> int:
    from kiosk.games.sync_or_swim.content import ContentError
    from kiosk.games.sync_or_swim.judge import judge
    from kiosk.games.sync_or_swim.layout import (
        MAX_DEPTH,
        MAX_LAYOUT_BYTES,
        LayoutError,
        parse_layout,
    )
    from kiosk.input_files import InputFileError, load_json, read_small_file

    try:
        content = _content(args)
    except (ContentError, OSError) as error:
        _say(f"kiosk judge: the kiosk's content is broken: {error}")
        return EXIT_BAD_INPUT
    try:
        data = load_json(read_small_file(args.layout, MAX_LAYOUT_BYTES), MAX_DEPTH)
        layout = parse_layout(data, content)
    except (InputFileError, LayoutError) as error:
        _say(f"kiosk judge: {args.layout}: {error}")
        return EXIT_BAD_INPUT
    verdict = judge(layout.table, layout.elements, layout.twists, layout.choices)
    code = EXIT_IN_SYNC if verdict.in_sync else EXIT_NOT_IN_SYNC
    text = json.dumps(verdict.to_dict(), indent=2, ensure_ascii=False)
    try:
        try:
            print(text)
        except UnicodeEncodeError:  # a terminal that cannot show the names as they are
            print(json.dumps(verdict.to_dict(), indent=2))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`: the exit code still tells the verdict
        _silence_stdout()
    except OSError as error:  # e.g. a full disk: no verdict was given, so neither 0 nor 1
        _silence_stdout()
        _say(f"kiosk judge: cannot write the verdict: {error.strerror or error}")
        return EXIT_INTERNAL_ERROR
    return code


def _say(message: str) -> None:
    """One line on stderr, whatever the message holds (a file name may hold a newline)."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    print(line, file=sys.stderr)


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at /dev/null so the exit flush cannot fail."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def cmd_walkthrough(args: argparse.Namespace) -> int:
    from kiosk.games.sync_or_swim.walkthrough import walkthrough

    content = _content(args)
    try:
        routine = content.routine(args.routine)
    except KeyError as error:
        print(f"kiosk walkthrough: {error.args[0]}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for line in walkthrough(content, routine, args.players, args.seed):
        print(line)
    return 0


def cmd_routines(args: argparse.Namespace) -> int:
    content = _content(args)
    for number, routine in enumerate(content.campaign, start=1):
        names = ", ".join(e.name for e in routine.elements)
        print(f"{number:2}. {routine.id} {routine.name}: {names}; twist "
              f"{routine.twist.name} in round {routine.twist_round}; "
              f"par {routine.par(content.timing)} s")
    return 0


def cmd_random(args: argparse.Namespace) -> int:
    from kiosk.games.sync_or_swim.generator import NoRoutineFound, random_routine

    content = _content(args)
    try:
        routine = random_routine(content.elements, content.twists, content.deck,
                                 args.seed, args.difficulty)
    except NoRoutineFound as error:
        print(f"kiosk random: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"{routine.name} (difficulty {args.difficulty}), playable by 3 to 6 swimmers:")
    for lane, element in enumerate(routine.elements, start=1):
        print(f"  lane {lane}: {element.id} {element.name} — {element.summary}")
    print(f"  twist in round {routine.twist_round}: {routine.twist.name} — "
          f"{routine.twist.text}")
    return 0


def cmd_enroll(args: argparse.Namespace) -> int:
    from kiosk.games.sync_or_swim.content import ContentError
    from kiosk.table.enroll_run import run_enroll

    try:
        cards = [c.short for c in _content(args).deck.for_players(6)]
    except ContentError as error:
        print(f"kiosk enroll: the kiosk's content is broken: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    where = "the simulated table" if args.simulate else "the reader boards"
    return run_enroll(
        args, cards, command=args.command, lanes=5, in_order=not args.card_by_card,
        intro=lambda into: f"Enrolling {len(cards)} cards on {where}, seat {args.seat} "
                           f"lane {args.lane}, {into}. q quits.")


def _content_guarded(command):
    """The command, with broken content said as its problems and one line, exit 2."""

    @functools.wraps(command)
    def guarded(args: argparse.Namespace) -> int:
        from kiosk.games.sync_or_swim.content import ContentError
        from kiosk.games.sync_or_swim.library import ContentProblems

        try:
            return command(args)
        except ContentError as error:  # content every command needs: never a traceback
            lines = error.lines() if isinstance(error, ContentProblems) else [str(error)]
            for line in lines:
                print(line, file=sys.stderr)
            print(f"kiosk {args.command}: the kiosk's content is broken; fix the files "
                  "above (`kiosk check` lists every problem)", file=sys.stderr)
            return EXIT_BAD_INPUT

    return guarded


def add_commands(sub) -> None:
    """Add Sync or Swim's commands to ``kiosk``'s subparsers."""
    judge = sub.add_parser("judge", help="judge a table layout (JSON) and print the verdict",
                           description="Exit 0: IN SYNC, 1: NOT IN SYNC, 2: unreadable layout "
                                       "(one line on stderr), 70: an internal error (a bug).")
    judge.add_argument("layout", help="path to a layout JSON file (see docs/judge.md)")
    judge.add_argument("--debug", action="store_true",
                       help="on an internal error, print the traceback too")
    judge.set_defaults(func=_content_guarded(cmd_judge))

    walk = sub.add_parser("walkthrough", help="play a routine in text, with a simulated team")
    walk.add_argument("--routine", default="1", help="campaign routine number or id")
    walk.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    walk.add_argument("--seed", type=int, default=1)
    walk.set_defaults(func=_content_guarded(cmd_walkthrough))

    routines = sub.add_parser("routines", help="list the campaign")
    routines.set_defaults(func=_content_guarded(cmd_routines))

    rand = sub.add_parser("random", help="make a random routine, proven playable")
    rand.add_argument("--seed", type=int, default=1)
    rand.add_argument("--difficulty", type=int, default=3, choices=range(1, 6))
    rand.set_defaults(func=_content_guarded(cmd_random))

    enroll = sub.add_parser("enroll", help="bind card tags: lay each card shown on a reader",
                            description="Lay the card shown on the chosen reader lane; "
                            "r/s answer a tag that names another card, q quits.")
    enroll.add_argument("--simulate", action="store_true",
                        help="on the simulated table (type 'new' to lay a fresh tag); "
                             "a temporary database unless --database is given")
    enroll.add_argument("--card-by-card", action="store_true",
                        help="type each card's name, then lay it (default: the deck in order)")
    enroll.add_argument("--seat", type=int, default=1)
    enroll.add_argument("--lane", type=int, default=1)
    enroll.add_argument("--database", type=Path, help="default: the kiosk's own (`kiosk paths`)")
    enroll.set_defaults(func=_content_guarded(cmd_enroll))
