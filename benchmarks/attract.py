"""Benchmark: what the moving attract screen costs while it waits for players.

Kivy draws a frame only when something on the window changed, so a still screen costs
next to nothing; an animation costs a frame each tick while it runs. The attract screen
moves in short bursts (the spotlight's 0.6 s and the invitation's 1.2 s pulse every 4 s):
this prints the frames drawn per second and the process's CPU seconds per second on
the attract screen (1280x800, every installed game), and the same on the routine list
after a game starts, when the loop must have stopped. Headless (SDL offscreen, Mesa
llvmpipe draws on the CPU here, ~0.1 s a 1280x800 frame, so an animation runs at ~10
frames a second here; a Pi 4 draws on its GPU at 60): compare the two lines, and the
CPU the loop adds. No texture is rebuilt by the animations; the tagline's text changes
once per cycle.

Run: ``python -m benchmarks.attract`` (``--short``: 8 s each instead of 20 s).
"""

from __future__ import annotations

import os
import sys
import time


def _measure(pilot, seconds: float) -> tuple[float, float]:
    from kivy.base import EventLoop
    from kivy.core.window import Window

    drawn = [0]

    def count(*_):
        drawn[0] += 1

    Window.bind(on_flip=count)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        while time.perf_counter() - wall < seconds:
            EventLoop.idle()   # ticks at Kivy's 60 fps; draws only what changed
    finally:
        Window.unbind(on_flip=count)
    elapsed = time.perf_counter() - wall
    return drawn[0] / elapsed, (time.process_time() - cpu) / elapsed


def main(short: bool = False) -> None:
    for name, value in (("KIVY_NO_ARGS", "1"), ("KIVY_NO_CONSOLELOG", "1"),
                        ("KIVY_USE_DEFAULTCONFIG", "1"), ("SDL_VIDEODRIVER", "offscreen"),
                        ("KIOSK_SOUND", "0")):
        os.environ.setdefault(name, value)
    from kiosk.store.protocol import MemoryStore
    from kiosk.table.controller import TableController
    from kiosk.ui.app import KioskApp
    from kiosk.ui.pilot import Pilot
    from kiosk.ui.sound import Sounds

    seconds = 8.0 if short else 20.0
    controller = TableController(store=MemoryStore())
    pilot = Pilot(KioskApp(controller, sounds=Sounds(enabled=False)), size=(1280, 800))
    try:
        pilot.until(lambda: pilot.showing("attract"))
        pilot.settle()
        fps, cpu = _measure(pilot, seconds)
        print(f"attract screen, moving:  {fps:5.1f} frames drawn/s (of 60), "
              f"CPU {cpu:.2f} s/s over {seconds:.0f} s")
        pilot.press("Play Sync or Swim")
        pilot.until(lambda: pilot.showing("choose"))
        pilot.settle()
        fps, cpu = _measure(pilot, seconds)
        print(f"routine list (loop off): {fps:5.1f} frames drawn/s (of 60), "
              f"CPU {cpu:.2f} s/s over {seconds:.0f} s")
    finally:
        pilot.close()
        controller.close()


if __name__ == "__main__":
    main("--short" in sys.argv)
