"""``kiosk demo --screenshots DIR``: play a whole routine on the simulated table with no
display (SDL offscreen) and save a PNG of every screen it passes, for the README, the
docs and review. Prints the files it wrote.

The routine includes a TRY AGAIN, a NOT IN SYNC, a round judged by hand with the
two-finger stop (readers and pads switched off), the twist round and the score; then
the tutorial, the icon reference, staff settings and the broken-config screen.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kiosk import i18n, registry
from kiosk.ui.headless import parse_size, prepare


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kiosk demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--screenshots", metavar="DIR", default="out/screenshots",
                        help="folder for the PNGs (default: out/screenshots)")
    parser.add_argument("--size", default="1280x800", type=parse_size,
                        help="window size, e.g. 800x480 or 1920x1080 (default 1280x800)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    parser.add_argument("--check", action="store_true",
                        help="check each screen's layout at each screenshot (cut or "
                             "overlapping text, small text, small buttons); exit 1 if any")
    parser.add_argument("--game", choices=registry.ids(), default=None,
                        help="only this game's part (default: every game's)")
    parser.add_argument("--lang", choices=tuple(i18n.LANGUAGES), default=i18n.SOURCE,
                        help="the table's language (default en)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    prepare(headless=True, size=args.size)
    i18n.set_default(args.lang)  # each sitting's table starts in it (its store is new)
    from kiosk.ui.demo_script import play

    sys.stderr = sys.__stderr__  # Kivy's logger takes stderr over; errors must be seen

    findings: list[str] = []
    written = play(Path(args.screenshots), size=args.size, players=args.players,
                   game=args.game, look=checker(findings) if args.check else None)
    for path in written:
        print(path)
    print(f"kiosk demo: {len(written)} screenshots in {args.screenshots}")
    for line in findings:
        print(line)
    if args.check:
        print(f"kiosk demo: {len(findings)} layout problems at {args.size[0]}x{args.size[1]}"
              f" in {i18n.LANGUAGES[args.lang]}")
    return 1 if findings else 0


def checker(findings: list[str]):
    """A ``look`` for the demo: the layout check at each screenshot, new sentences only."""
    from kiosk.ui.layout_check import check_window

    def look(pilot, name: str) -> None:
        app = pilot.app
        for line in check_window(f"{name} ({pilot.screen().name})", min_font=app.min_font,
                                 min_touch=app.min_touch):
            if line not in findings:
                findings.append(line)

    return look


if __name__ == "__main__":
    sys.exit(main())
