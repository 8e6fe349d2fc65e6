"""The ``kiosk`` command line. Each subcommand is a small function; errors a person
will read are one line, never a traceback. Exit codes: 0 done (``judge``: IN SYNC),
1 ``judge``: NOT IN SYNC, 2 bad input, 3 the database cannot be used, 4 the database
is busy — try again (see :mod:`kiosk.cli_store`), 130 interrupted."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kiosk.cli_store import EXIT_BUSY, EXIT_DATABASE, database_failed, is_database_error
from kiosk.cli_store import open_store as _store_or_say_why
from kiosk.paths import config_dir

EXIT_IN_SYNC, EXIT_NOT_IN_SYNC, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE (sysexits.h): a bug, never a verdict

__all__ = ["EXIT_BAD_INPUT", "EXIT_BUSY", "EXIT_DATABASE", "EXIT_IN_SYNC",
           "EXIT_NOT_IN_SYNC", "build_parser", "run"]


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


def _open_store(args: argparse.Namespace, database: Path | None = None):
    """The SQLite store (see :func:`kiosk.paths.database_path`), or the exit code after
    one line that says why it cannot be used (:func:`kiosk.cli_store.open_store`)."""
    return _store_or_say_why(args.command, database or args.database)


def cmd_enroll(args: argparse.Namespace) -> int:
    import contextlib
    import tempfile

    from kiosk.games.sync_or_swim.content import ContentError
    from kiosk.table.enroll import SETTLE_S, EnrollSession
    from kiosk.table.enroll_console import Console, keyboard
    from kiosk.table.tag_book import TagBook

    try:
        cards = [c.short for c in _content(args).deck.for_players(6)]
    except ContentError as error:
        print(f"kiosk enroll: the kiosk's content is broken: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    with contextlib.ExitStack() as stack:
        demo = None
        if args.simulate and args.database is None:  # a demo never writes the real tags
            demo = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "demo.sqlite3"
        store = _open_store(args, demo)
        if isinstance(store, int):
            return store
        stack.enter_context(store)
        book = TagBook.for_store(store, config_dir(args.config))
        table, readers = None, None
        if args.simulate:
            from kiosk.hardware.sim_table import SimulatedTable

            table = stack.enter_context(SimulatedTable(
                seats=(args.seat,), lanes=max(5, args.lane), tags=book))
            table.wait_settled()
            readers = table.readers
        else:
            readers = _real_readers(args, stack)
            if readers is None:
                return EXIT_BAD_INPUT
        session = EnrollSession(book, cards, seat=args.seat, lane=args.lane,
                                in_order=not args.card_by_card,
                                settle_s=0.0 if args.simulate else SETTLE_S)
        where = "the simulated table" if args.simulate else "the reader boards"
        print(f"Enrolling {len(cards)} cards on {where}, seat {args.seat} lane {args.lane}, "
              f"into {store.path}{' (a temporary demo database)' if demo else ''}. "
              "q quits.")
        Console(session, readers, print, table=table).run(keyboard(sys.stdin))
    return 0


def _real_readers(args: argparse.Namespace, stack):
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


def cmd_tags(args: argparse.Namespace) -> int:
    from kiosk.check import known_cards
    from kiosk.store import TagCsvError
    from kiosk.store.tag_csv import ExportRefused

    known = None
    if args.action == "import":  # card names are checked against every deck
        known, problems = known_cards(config_dir(args.config))
        if known is None:
            for line in problems:
                print(line, file=sys.stderr)
            print("kiosk tags: nothing imported; the decks above must be fixed first, "
                  "so that the card names can be checked", file=sys.stderr)
            return EXIT_BAD_INPUT
    store = _open_store(args)
    if isinstance(store, int):
        return store
    with store:
        if args.action == "export":
            try:
                count = store.tags.export_csv(args.file, dates=not args.no_dates,
                                              force=args.force)
            except ExportRefused as error:
                print(f"kiosk tags: {error}", file=sys.stderr)
                return EXIT_BAD_INPUT
            except OSError as error:
                print(f"kiosk tags: cannot write {args.file}: {error.strerror or error}",
                      file=sys.stderr)
                return EXIT_BAD_INPUT
            print(f"{count} tags written to {args.file}")
            return 0
        try:
            count = store.tags.import_csv(args.file, replace=args.replace, known_cards=known)
        except TagCsvError as error:
            for problem in error.problems:
                print(problem, file=sys.stderr)
            print(f"kiosk tags: nothing imported ({len(error.problems)} problem"
                  f"{'s' if len(error.problems) != 1 else ''})", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"{count} tags imported or changed; the table knows {len(store.tags)} (in "
              f"{store.path}; a running kiosk picks them up within a second)")
    return 0


def cmd_staff_pin(args: argparse.Namespace) -> int:
    import getpass

    from kiosk.staff import PinError, StaffLock, pin_problem

    store = _open_store(args)
    if isinstance(store, int):
        return store
    with store:
        pin = getpass.getpass("New staff PIN (4 to 8 digits): ")
        problem = pin_problem(pin)
        if problem:  # said at once, before the PIN is asked a second time
            print(f"kiosk staff-pin: {problem}; nothing changed", file=sys.stderr)
            return EXIT_BAD_INPUT
        if getpass.getpass("The same PIN again: ") != pin:
            print("kiosk staff-pin: the two PINs differ; nothing changed", file=sys.stderr)
            return EXIT_BAD_INPUT
        try:
            StaffLock(store).set_pin(pin)
        except PinError as error:
            print(f"kiosk staff-pin: {error}; nothing changed", file=sys.stderr)
            return EXIT_BAD_INPUT
        where = store.path
    print(f"The staff PIN is set. It is kept in {where}, where `kiosk paths` says the kiosk "
          "looks.")
    return 0


def cmd_paths(args: argparse.Namespace) -> int:
    from kiosk.cli_store import paths_lines

    for line in paths_lines(args.database, args.config):
        print(line)
    return 0


# Subcommands whose options belong to another module: `kiosk NAME ...` calls
# MODULE.main(rest). Importing lazily keeps `kiosk judge` free of Kivy and serial.
PASS_THROUGH = {
    "diagnose": ("kiosk.hardware.diagnose", "boards, antennas, pins and live events"),
    "run": ("kiosk.ui.run", "the touchscreen app (--simulate: on the simulated table)"),
    "demo": ("kiosk.ui.demo", "play a routine headless and save screenshots"),
    "firmware": ("kiosk.firmware_tool", "flash reader-board firmware"),
    "synchro": ("kiosk.synchro_cli", "Synchro tools: selfplay matches between computer levels"),
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
                           description="Exit 0: IN SYNC, 1: NOT IN SYNC, 2: unreadable layout "
                                       "(one line on stderr), 70: an internal error (a bug).")
    judge.add_argument("layout", help="path to a layout JSON file (see docs/judge.md)")
    judge.add_argument("--debug", action="store_true",
                       help="on an internal error, print the traceback too")
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
    enroll.set_defaults(func=cmd_enroll)

    tags = sub.add_parser("tags", help="export or import the tag map as CSV",
                          description="Exit 0: done; 2: nothing changed (each problem is "
                                      "printed as file:line: message).")
    tags.add_argument("action", choices=("export", "import"))
    tags.add_argument("file", help="a CSV file: uid,card[,enrolled_at]")
    tags.add_argument("--replace", action="store_true",
                      help="import: let the file move a tag that names another card")
    tags.add_argument("--no-dates", action="store_true",
                      help="export: two columns uid,card (a config/tags file)")
    tags.add_argument("--force", action="store_true",
                      help="export: replace FILE even if it lists more tags than the "
                           "database holds")
    tags.add_argument("--database", type=Path, help="default: the kiosk's own (`kiosk paths`)")
    tags.set_defaults(func=cmd_tags)

    pin = sub.add_parser("staff-pin", help="set the staff PIN (asked twice, stored hashed)")
    pin.add_argument("--database", type=Path, help="default: the kiosk's own (`kiosk paths`)")
    pin.set_defaults(func=cmd_staff_pin)

    paths = sub.add_parser("paths", help="where the database, config, tag map and logs are",
                           description="Precedence for the database: --database, then "
                           "$KIOSK_DB, then KIOSK_DB= in /etc/kiosk/kiosk.env "
                           "($KIOSK_ENV_FILE), then ~/.local/share/kiosk/.")
    paths.add_argument("--database", type=Path, help="default: the kiosk's own (`kiosk paths`)")
    paths.set_defaults(func=cmd_paths)

    for name, (_, summary) in PASS_THROUGH.items():
        passed = sub.add_parser(name, help=summary, add_help=False)
        passed.add_argument("rest", nargs=argparse.REMAINDER)
        passed.set_defaults(func=cmd_pass_through)
    return parser


def run(argv: list[str]) -> int:
    if argv[:1] and argv[0] in PASS_THROUGH:  # their options are their own
        argv = [argv[0], "--", *argv[1:]]
    args = build_parser().parse_args(argv)
    from kiosk.games.sync_or_swim.content import ContentError
    from kiosk.games.sync_or_swim.library import ContentProblems

    try:
        return args.func(args)
    except ContentError as error:  # content every command needs: say what, never a traceback
        lines = error.lines() if isinstance(error, ContentProblems) else [str(error)]
        for line in lines:
            print(line, file=sys.stderr)
        print(f"kiosk {args.command}: the kiosk's content is broken; fix the files above "
              "(`kiosk check` lists every problem)", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a disk that fills or a lock taken mid-command
        if not is_database_error(error):
            raise
        return database_failed(args.command, error, getattr(args, "database", None))
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
