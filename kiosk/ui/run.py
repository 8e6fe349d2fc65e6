"""``kiosk run [--simulate]``: the touchscreen app.

``--simulate`` opens it on the simulated table (real controller, simulated boards and
pins, real time) with a developer side panel and keyboard shortcuts (see
:mod:`kiosk.ui.devpanel`). Without it, the app runs on the real table from
``config/kiosk.toml``, in kiosk mode: Kivy set up from ``hardware/pi/kivy-config.ini``
and every way out of the app locked (:mod:`kiosk.ui.kiosk_mode`). With no display at
all it renders offscreen (``--headless`` forces that; ``--frames N`` stops after N
frames, for smoke tests and the benchmark, which reads the ``kiosk: first frame`` line
it prints).
"""

from __future__ import annotations

import argparse
import sys
import time

from kiosk.ui.headless import parse_size, prepare

STARTED = time.perf_counter()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kiosk run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulate", action="store_true",
                        help="run on the simulated table, with the developer panel")
    parser.add_argument("--size", type=parse_size, default=(1280, 800),
                        help="window size, e.g. 800x480 (default 1280x800)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--headless", action="store_true",
                        help="render offscreen even if a display exists")
    parser.add_argument("--no-panel", action="store_true", help="hide the developer panel")
    parser.add_argument("--frames", type=int, default=0,
                        help="quit after this many frames (0: run until closed)")
    parser.add_argument("--config", help="config folder (default: the project's config/)")
    return parser.parse_args(argv)


def prepare_kivy(args: argparse.Namespace) -> None:
    """Kivy's settings for this run, before anything imports Kivy: the real table's are
    the shipped file's, locked; the simulated table's are Kivy's defaults."""
    prepare(headless=True if args.headless else None, size=args.size,
            kiosk=not args.simulate)
    if args.fullscreen:
        from kivy.config import Config

        Config.set("graphics", "fullscreen", "auto")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    prepare_kivy(args)
    sys.stderr = sys.__stderr__  # Kivy's logger takes stderr over; errors must be seen
    from pathlib import Path

    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.compose import build_table
    from kiosk.ui.app import KioskApp

    config = Path(args.config) if args.config else None
    controller, driver, staff_lock = build_table(simulate=args.simulate, config=config)
    app = KioskApp(controller, staff_lock=staff_lock)
    if not args.simulate:
        from kiosk.ui.kiosk_mode import honour_sigterm, lock_window

        lock_window(Window)
        honour_sigterm()
    if driver is not None and not args.no_panel:
        from kiosk.ui.devpanel import DevPanel

        app.side_panel = DevPanel(driver)  # after the app: its kv reads app sizes
    from kiosk.ui.watchdog import Notifier

    systemd = Notifier()

    def first_frame(_window):
        Window.unbind(on_flip=first_frame)
        print(f"kiosk: first frame after {time.perf_counter() - STARTED:.2f} s", flush=True)
        if systemd.ready():  # then pings from the main loop: a hung one stops them
            Clock.schedule_interval(lambda _dt: systemd.alive(), 1.0)

    Window.bind(on_flip=first_frame)
    if args.frames:
        ticks = {"n": 0}

        def count(_dt):
            ticks["n"] += 1
            if ticks["n"] >= args.frames:
                app.stop()
                return False
            return True

        Clock.schedule_interval(count, 0)
    try:
        app.run()
    finally:
        controller.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
