"""The ``kiosk`` command line. Each subcommand is a small function; errors a person
will read are one line, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kiosk.paths import config_dir

EXIT_IN_SYNC, EXIT_NOT_IN_SYNC, EXIT_BAD_INPUT = 0, 1, 2


def _content(args: argparse.Namespace):
    from kiosk.games.sync_or_swim.library import load_content

    return load_content(config_dir(args.config))


def cmd_judge(args: argparse.Namespace) -> int:
    from kiosk.games.sync_or_swim.content import ContentError
    from kiosk.games.sync_or_swim.judge import judge
    from kiosk.games.sync_or_swim.layout import LayoutError, parse_layout

    try:
        content = _content(args)
    except ContentError as error:
        print(f"kiosk judge: the kiosk's content is broken: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        text = Path(args.layout).read_text(encoding="utf-8")
        layout = parse_layout(json.loads(text), content)
    except OSError as error:
        print(f"kiosk judge: cannot read {args.layout}: {error.strerror or error}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except json.JSONDecodeError as error:
        print(f"kiosk judge: {args.layout}: not valid JSON at line {error.lineno} "
              f"column {error.colno}: {error.msg}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (LayoutError, ValueError) as error:
        print(f"kiosk judge: {args.layout}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    verdict = judge(layout.table, layout.elements, layout.twists, layout.choices)
    print(json.dumps(verdict.to_dict(), indent=2, ensure_ascii=False))
    return EXIT_IN_SYNC if verdict.in_sync else EXIT_NOT_IN_SYNC


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


def cmd_check(args: argparse.Namespace) -> int:
    from kiosk.check import main

    return main(config_dir(args.config))


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


# Subcommands whose options belong to another module: `kiosk NAME ...` calls
# MODULE.main(rest). Importing lazily keeps `kiosk judge` free of Kivy and serial.
PASS_THROUGH = {
    "diagnose": ("kiosk.hardware.diagnose", "boards, antennas, pins and live events"),
    "run": ("kiosk.ui.run", "the touchscreen app (--simulate: on the simulated table)"),
    "demo": ("kiosk.ui.demo", "play a routine headless and save screenshots"),
    "firmware": ("kiosk.firmware_tool", "flash reader-board firmware"),
}


def cmd_pass_through(args: argparse.Namespace) -> int:
    import importlib

    module_name, _ = PASS_THROUGH[args.command]
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        print(f"kiosk {args.command}: not available in this build ({error})", file=sys.stderr)
        return EXIT_BAD_INPUT
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest
    return module.main(rest)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kiosk", description="Game-café table kiosk: Sync or Swim and friends.")
    parser.add_argument("--config", help="config folder (default: the project's config/)")
    sub = parser.add_subparsers(dest="command", required=True)

    judge = sub.add_parser("judge", help="judge a table layout (JSON) and print the verdict",
                           description="Exit 0: IN SYNC, 1: NOT IN SYNC, 2: unreadable layout.")
    judge.add_argument("layout", help="path to a layout JSON file (see docs/judge.md)")
    judge.set_defaults(func=cmd_judge)

    walk = sub.add_parser("walkthrough", help="play a routine in text, with a simulated team")
    walk.add_argument("--routine", default="1", help="campaign routine number or id")
    walk.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    walk.add_argument("--seed", type=int, default=1)
    walk.set_defaults(func=cmd_walkthrough)

    routines = sub.add_parser("routines", help="list the campaign")
    routines.set_defaults(func=cmd_routines)

    check = sub.add_parser("check", help="check everything in config/; print each problem "
                                         "as file:line: message")
    check.set_defaults(func=cmd_check)

    rand = sub.add_parser("random", help="make a random routine, proven playable")
    rand.add_argument("--seed", type=int, default=1)
    rand.add_argument("--difficulty", type=int, default=3, choices=range(1, 6))
    rand.set_defaults(func=cmd_random)

    for name, (_, summary) in PASS_THROUGH.items():
        passed = sub.add_parser(name, help=summary, add_help=False)
        passed.add_argument("rest", nargs=argparse.REMAINDER)
        passed.set_defaults(func=cmd_pass_through)
    return parser


def run(argv: list[str]) -> int:
    if argv[:1] and argv[0] in PASS_THROUGH:  # their options are their own
        argv = [argv[0], "--", *argv[1:]]
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
