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

from kiosk import registry
from kiosk.ui.headless import parse_size, prepare


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kiosk demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--screenshots", metavar="DIR", default="out/screenshots",
                        help="folder for the PNGs (default: out/screenshots)")
    parser.add_argument("--size", default="1280x800", type=parse_size,
                        help="window size, e.g. 800x480 or 1920x1080 (default 1280x800)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    parser.add_argument("--game", choices=registry.ids(), default=None,
                        help="only this game's part (default: every game's)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    prepare(headless=True, size=args.size)
    from kiosk.ui.demo_script import play

    sys.stderr = sys.__stderr__  # Kivy's logger takes stderr over; errors must be seen

    written = play(Path(args.screenshots), size=args.size, players=args.players,
                   game=args.game)
    for path in written:
        print(path)
    print(f"kiosk demo: {len(written)} screenshots in {args.screenshots}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
