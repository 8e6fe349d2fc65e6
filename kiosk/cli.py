"""The ``kiosk`` command line. Each subcommand is a small function; errors a person
will read are one line, never a traceback. Exit codes: 0 done, 2 bad input, 3 the
database cannot be used, 4 the database is busy — try again (see
:mod:`kiosk.cli_store`), 130 interrupted; a game's own commands may say more (e.g. a
verdict as 0 or 1).

The shared commands are here; each game adds its own (the ``cli`` entry of its
:mod:`kiosk.registry` line: a ``"module:function"`` that adds subparsers), so this
module names no game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kiosk import registry
from kiosk.cli_store import EXIT_BUSY, EXIT_DATABASE, database_failed, is_database_error
from kiosk.cli_store import open_store as _store_or_say_why
from kiosk.paths import config_dir

EXIT_BAD_INPUT = 2

__all__ = ["EXIT_BAD_INPUT", "EXIT_BUSY", "EXIT_DATABASE", "build_parser", "run"]


def cmd_check(args: argparse.Namespace) -> int:
    from kiosk.check import main

    return main(config_dir(args.config))


def _open_store(args: argparse.Namespace, database: Path | None = None):
    """The SQLite store (see :func:`kiosk.paths.database_path`), or the exit code after
    one line that says why it cannot be used (:func:`kiosk.cli_store.open_store`)."""
    return _store_or_say_why(args.command, database or args.database)


def _cannot_write(command: str, where, error: OSError) -> int:
    print(f"kiosk {command}: cannot write {where}: {error.strerror or error}", file=sys.stderr)
    return EXIT_BAD_INPUT


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
                return _cannot_write("tags", args.file, error)
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


def cmd_sounds(args: argparse.Namespace) -> int:
    from kiosk.sound_render import missing, render, sounds_dir

    folder = Path(args.folder) if args.folder else sounds_dir()
    if not args.render:
        lacking = missing(folder)
        print(f"{folder}: " + (f"missing {', '.join(lacking)}" if lacking else "every sound"))
        return 1 if lacking else 0
    try:
        written = render(folder)
    except OSError as error:
        return _cannot_write("sounds", f"into {folder}", error)
    print(f"{len(written)} sounds written to {folder}")
    return 0


# Subcommands whose options belong to another module: `kiosk NAME ...` calls
# MODULE.main(rest). Importing lazily keeps `kiosk judge` free of Kivy and serial.
PASS_THROUGH = {
    "diagnose": ("kiosk.diagnose_cli", "boards, antennas, pins and live events"),
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
        prog="kiosk", description="Game-café table kiosk: "
        f"{', '.join(g.name for g in registry.GAMES)}.")
    parser.add_argument("--config", help="config folder (default: the project's config/)")
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="check everything in config/; print each problem "
                                         "as file:line: message")
    check.set_defaults(func=cmd_check)

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

    sounds = sub.add_parser("sounds", help="render the table's sounds (at install) or say "
                                           "which are missing",
                            description="Exit 0: every sound is there (or was written); "
                                        "1: some are missing; 2: the folder cannot be "
                                        "written.")
    sounds.add_argument("--render", action="store_true",
                        help="synthesise every sound and write it as a WAV file")
    sounds.add_argument("folder", nargs="?",
                        help="default: the kiosk's own (~/.local/share/kiosk/sounds/VERSION)")
    sounds.set_defaults(func=cmd_sounds)

    for info in registry.GAMES:  # each game's own commands
        if info.cli is not None:
            registry.load(info.cli)(sub)
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
    except Exception as error:  # a disk that fills or a lock taken mid-command
        if not is_database_error(error):
            raise
        return database_failed(args.command, error, getattr(args, "database", None))
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
