"""Benchmark: the touchscreen app, headless (SDL offscreen).

- cold start: spawn ``kiosk run --simulate --headless`` and time until it prints that
  its first frame is drawn (target <= 3 s);
- resident memory (VmRSS from /proc/self/status) after a whole demo routine played
  through the widgets on the real controller and simulated table (target <= 200 MB),
  with the bare offscreen window (Mesa llvmpipe; the part the app does not own) and the
  app just started beside it so the figure can be read (and, in the full run, the same
  routine with six swimmers, the biggest Performance);
- stop-pad edge -> verdict drawn: frames from the pads touching (a hardware thread's
  edge) until the Performance screen shows the verdict's banner (target <= 2);
- the reveal: the time between drawn frames (``on_flip`` to ``on_flip``) from the
  verdict's first frame until the Performance is still (every lane's cards turned
  over, an IN SYNC's confetti landed), against the 60 Hz frame budget.

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
    from kiosk.ui.games.sync_or_swim.demo import Sitting, full_routine

    with tempfile.TemporaryDirectory() as folder:
        sitting = Sitting(Path(folder), [], (1280, 800), shots=False)
        started = rss_mb()
        try:
            full_routine(sitting, players=players)
        finally:
            sitting.close()
    return window, started, rss_mb()


STOP_CASES = {"normal": "every board prompt", "slow": "seat 2's board answering 300 ms late",
              "silent": "seat 2's board gone silent just before the stop"}


def measure_stop(case: str, samples: int) -> list[tuple[float, float, float, bool]]:
    """The stop as the players live it, on the real app, controller and simulated table:
    the pads' edge is raised on a thread of its own (as gpiozero's callback thread does
    on the Pi) while the Kivy loop runs freely; the wall clock runs from the edge to
    the end of the first frame (``on_flip``) whose screen shows the verdict — the
    Performance with lane 1 up, or judging by hand when a board cannot confirm.

    Per sample: latency ms; the longest gap in ms between two turns of the Kivy loop
    from the edge to the end of that frame (what the touchscreen felt: a turn that
    waits on anything shows here); the frame period in ms, the median time between
    drawn frames in the practice just before the edge (the timer redraws every pump);
    and whether the verdict was automatic. The game runs on the real clock, so the
    timer ticks and the pads debounce as on a table."""
    import threading

    _prepare()
    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.table.games.sync_or_swim.view import Phase
    from kiosk.ui.games.sync_or_swim.demo import Sitting

    turns: list[float] = []
    flips: list[tuple[float, str]] = []

    def turn(_dt) -> None:
        turns.append(time.perf_counter())

    def flipped(_window) -> None:
        screen = s.app.screens.current_screen
        shown = ("verdict" if screen.name == "performance" and screen.verdict_up
                 else "by hand" if screen.name == "judge" and screen.redraws > 0 else "")
        flips.append((time.perf_counter(), shown))

    with tempfile.TemporaryDirectory() as folder:
        s = Sitting(Path(folder), [], (1280, 800), shots=False, clock=time.monotonic)
        table = s.driver.table
        results = []
        try:
            s.start(players=4)
            ticker = Clock.schedule_interval(turn, 0)
            Window.bind(on_flip=flipped)
            while len(results) < samples:
                s.pilot.press("SWIM!")
                s.wait_phase(Phase.PRACTICE)
                s.driver.arrange(True)
                if case == "slow":
                    table.inject("slow", seat=2, seconds=0.3)
                s.pilot.frames(12)  # pacing: the practice turns that give the frame period
                if case == "silent":
                    table.inject("silent", seat=2)
                del turns[:-13], flips[:-13]
                edge = time.perf_counter()
                threading.Thread(target=table.touch_both_pads).start()
                s.pilot.until(lambda edge=edge: any(shown for t, shown in flips if t > edge),
                              limit=2000)
                done, shown = next((t, shown) for t, shown in flips if t > edge and shown)
                marks = [t for t in turns if t <= edge][-1:] + [
                    t for t in turns if edge < t <= done] + [done]
                gaps = [b - a for a, b in zip(marks, marks[1:], strict=False)]
                drawn = [t for t, _ in flips if t <= edge]
                period = statistics.median(b - a for a, b in zip(drawn, drawn[1:],
                                                                  strict=False))
                results.append(((done - edge) * 1e3, max(gaps, default=0) * 1e3,
                                period * 1e3, shown == "verdict"))
                table.release_pads()
                table.inject("slow", seat=2, seconds=0)
                table.inject("resume", seat=2)
                if shown == "by hand":
                    s.wait_phase(Phase.JUDGE_BY_HAND)
                    s.pilot.press("IN SYNC")
                s.wait_phase(Phase.PERFORMANCE)
                s.pilot.screen().show_all()
                s.pilot.frames(1)
                s.pilot.press("NEXT")
                s.pilot.until(lambda: s.app.view.phase in (Phase.ROUND_READY, Phase.SCORE))
                if s.app.view.phase is Phase.SCORE:  # six rounds a routine: play again
                    s.wait_phase(Phase.SCORE)
                    s.pilot.press("Play again")  # the same routine and seats
                    s.wait_phase(Phase.SETUP)
                    s.pilot.press("We are set up")
                    s.wait_phase(Phase.ROUND_READY)
            ticker.cancel()
            Window.unbind(on_flip=flipped)
        finally:
            s.close()
    return results


FRAME_BUDGET_MS = 1000 / 60


def measure_reveal(rounds: int) -> tuple[list[float], list[float]]:
    """Frame times (ms) while the Performance animates, at 1280x800 on the real app:
    ``rounds`` IN SYNC rounds of a four-swimmer routine (1, 2, 3... lanes), each left
    to play out untouched, from its first frame to the frame where it is still. Beside
    them, the same Performance once still, redrawn 20 times with nothing changed: what
    drawing that screen costs on this machine (a shared machine's figures move a lot),
    so the difference is what the animation adds."""
    _prepare()
    from kivy.core.window import Window

    from kiosk.table.games.sync_or_swim.view import Phase
    from kiosk.ui.games.sync_or_swim.demo import Sitting

    flips: list[float] = []

    def flipped(_window) -> None:
        flips.append(time.perf_counter())

    def gaps() -> list[float]:
        return [(b - a) * 1e3 for a, b in zip(flips, flips[1:], strict=False)]

    reveal: list[float] = []
    still: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        s = Sitting(Path(folder), [], (1280, 800), shots=False)
        try:
            s.start(players=4)
            Window.bind(on_flip=flipped)
            for _ in range(rounds):
                s.pilot.press("SWIM!")
                s.wait_phase(Phase.PRACTICE)
                s.driver.arrange(True)
                s.driver.ready_all()
                s.driver.stop()
                s.pilot.until(lambda: s.pilot.screen().name == "performance"
                              and s.pilot.screen().verdict_up, limit=2000)
                screen = s.pilot.screen()
                del flips[:]
                s.pilot.until(lambda screen=screen: screen.still, limit=5000)
                reveal += gaps()
                del flips[:]
                for _ in range(20):
                    Window.canvas.ask_update()
                    s.pilot.frames(1)
                still += gaps()
                s.pilot.press("NEXT")
                s.pilot.until(lambda: s.app.view.phase in (Phase.ROUND_READY, Phase.SCORE))
            Window.unbind(on_flip=flipped)
        finally:
            s.close()
    return reveal, still


def percentiles(times: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return statistics.median(times), cuts[94]


def reveal_line(reveal: list[float], still: list[float], rounds: int) -> str:
    p50, p95 = percentiles(reveal)
    base50, base95 = percentiles(still)
    over = sum(t > FRAME_BUDGET_MS for t in reveal)
    return (f"  frame times at 1280x800 while the Performance animates ({rounds} IN SYNC "
            f"rounds, 1..{rounds} lanes, each from the verdict's first frame until still, "
            f"confetti included; {len(reveal)} frames): p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
            f"worst {max(reveal):.1f} ms; {over} over the 60 Hz budget of "
            f"{FRAME_BUDGET_MS:.1f} ms. The same screens redrawn still ({len(still)} frames): "
            f"p50 {base50:.1f} ms, p95 {base95:.1f} ms")


def stop_line(case: str, rows: list[tuple[float, float, float, bool]]) -> str:
    latency = [r[0] for r in rows]
    p99 = statistics.quantiles(latency, n=100, method="inclusive")[98] if len(rows) > 1 else (
        latency[0])
    worst_gap = max(r[1] for r in rows)
    period = statistics.median(r[2] for r in rows)
    automatic = sum(r[3] for r in rows)
    return (f"  {STOP_CASES[case]}: edge -> verdict on screen p50 {statistics.median(latency):.0f}"
            f" ms, p99 {p99:.0f} ms; longest frame gap {worst_gap:.0f} ms = "
            f"{worst_gap / period:.1f} frame periods of {period:.0f} ms (target <= 2); "
            f"automatic verdicts {automatic}/{len(rows)} (n={len(rows)})")


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
    rounds = 2 if short else 5
    reveal, still = ([float(t) for t in part.split()]
                     for part in child(f"reveal {rounds}").split("|"))
    print("the Performance's animation:")
    print(reveal_line(reveal, still, rounds), flush=True)
    print("the stop on the app (edge raised on a hardware thread, the Kivy loop running):")
    counts = {"normal": 8, "slow": 5, "silent": 2} if short else {
        "normal": 32, "slow": 16, "silent": 6}
    for case, count in counts.items():
        rows = [tuple(float(x) for x in row.split(","))
                for row in child(f"stop {case} {count}").split()]
        print(stop_line(case, [(a, b, c, bool(d)) for a, b, c, d in rows]), flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        kind, *rest = sys.argv[2].split()
        if kind == "reveal":
            print(" | ".join(" ".join(f"{t:.2f}" for t in times)
                             for times in measure_reveal(int(rest[0]))))
        elif kind == "rss":
            print(" ".join(f"{mb:.1f}" for mb in measure_rss(int(rest[0]) if rest else 4)))
        else:
            rows = measure_stop(rest[0], int(rest[1]))
            print(" ".join(",".join(f"{x:.3f}" for x in row) for row in rows))
    else:
        main("--short" in sys.argv)
