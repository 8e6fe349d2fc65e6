"""Benchmark: the touchscreen app, headless (SDL offscreen).

- cold start: spawn ``kiosk run --simulate --headless`` and time until it prints that
  its first frame is drawn (target <= 3 s);
- resident memory (VmRSS from /proc/self/status) after a whole demo routine played
  through the widgets on the real controller and simulated table (target <= 200 MB),
  with the bare offscreen window (Mesa llvmpipe; the part the app does not own) and the
  app just started beside it so the figure can be read (and, in the full run, the same
  routine with six swimmers, the biggest Performance);
- stop-pad edge -> verdict drawn: frames from the pads touching (a hardware thread's
  edge) until the Performance screen shows lane 1 of the verdict (target <= 2).

Each figure is taken in a fresh process so one does not warm up the next.
Run: ``python -m benchmarks.ui`` (``--short`` for one sample each).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIOSK_SOUND": "0"}


def cold_start() -> float:
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "kiosk", "run", "--simulate", "--headless", "--frames", "5"],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seconds = None
    for line in process.stdout:
        if line.startswith("kiosk: first frame") and seconds is None:
            seconds = time.perf_counter() - started
    process.wait(timeout=60)
    if seconds is None:
        raise RuntimeError("kiosk run never drew its first frame")
    return seconds


def child(kind: str) -> str:
    out = subprocess.run([sys.executable, "-m", "benchmarks.ui", "--child", kind], cwd=ROOT,
                         env=ENV, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return out.stdout.strip().splitlines()[-1]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _prepare():
    from kiosk.ui.headless import prepare

    prepare(headless=True, size=(1280, 800))
    sys.stderr = sys.__stderr__


def measure_rss(players: int = 4) -> tuple[float, float, float]:
    """VmRSS (MB) with the bare offscreen window, with the app started (its first frames
    drawn), and after a whole routine with the app closed: the same routine ``kiosk
    demo`` plays (``play(sittings=("full",))``), spelled out to read the middle figure."""
    _prepare()
    from kivy.core.window import Window  # noqa: F401  (the GL context, nothing drawn)

    window = rss_mb()
    from kiosk.ui.demo_script import Sitting, full_routine

    with tempfile.TemporaryDirectory() as folder:
        sitting = Sitting(Path(folder), [], (1280, 800), shots=False)
        started = rss_mb()
        try:
            full_routine(sitting, players=players)
        finally:
            sitting.close()
    return window, started, rss_mb()


def measure_verdict_frames(samples: int) -> list[int]:
    """Frames from the stop edge to the verdict on screen, once per round."""
    _prepare()
    from kiosk.table.api import Phase
    from kiosk.ui.demo_script import Sitting

    with tempfile.TemporaryDirectory() as folder:
        s = Sitting(Path(folder), [], (1280, 800), shots=False)
        counts = []
        try:
            s.start(players=4)
            for _ in range(samples):
                s.pilot.press("SWIM!")
                s.wait_phase(Phase.PRACTICE)
                s.driver.arrange(True)
                s.pilot.frames(2)
                s.driver.stop()   # the pads' edge, raised on the caller's (hardware) side

                def drawn() -> bool:
                    screen = s.app.screens.current_screen
                    return (screen.name == "performance" and screen.revealed >= 1
                            and screen.redraws > 0)

                counts.append(s.pilot.until(drawn, limit=60))
                s.pilot.screen().show_all()
                s.pilot.frames(1)
                s.pilot.press("NEXT")
                s.pilot.until(lambda: s.app.view.phase in (Phase.ROUND_READY, Phase.SCORE))
                if s.app.view.phase is Phase.SCORE:
                    break
        finally:
            s.close()
    return counts


def main(short: bool = False) -> None:
    starts = [cold_start() for _ in range(1 if short else 3)]
    print(f"cold start to first frame: median {statistics.median(starts):.2f} s "
          f"(of {len(starts)}; target <= 3 s)")
    window, started, routine = (float(mb) for mb in child("rss").split())
    print(f"resident memory after a whole routine: {routine:.0f} MB (target <= 200 MB); "
          f"bare offscreen window {window:.0f} MB, app started {started:.0f} MB, "
          f"the routine +{routine - started:.0f} MB")
    if not short:  # the biggest table: six lanes of six swimmers on the Performance
        *_, six = (float(mb) for mb in child("rss 6").split())
        print(f"resident memory after the same routine with 6 swimmers: {six:.0f} MB")
    frames = [int(n) for n in child("frames 3" if short else "frames 6").split()]
    print(f"stop-pad edge -> verdict drawn: {max(frames)} frames at most, samples {frames} "
          "(target <= 2)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        kind, *rest = sys.argv[2].split()
        if kind == "rss":
            print(" ".join(f"{mb:.1f}" for mb in measure_rss(int(rest[0]) if rest else 4)))
        else:
            print(" ".join(str(n) for n in measure_verdict_frames(int(rest[0]))))
    else:
        main("--short" in sys.argv)
