"""Benchmark: what rendering the table's sounds costs at install (``kiosk sounds
--render``), and what the app would pay if it rendered them at start instead (it does
not: missing files render on a background thread).

Prints, per sound, its length and the wall time to synthesise and write it, then the
total and the folder's size.

Run: ``python -m benchmarks.sounds`` (``--short``: one render instead of the best of 3).
"""

import sys
import tempfile
import time
from pathlib import Path

from kiosk import sound_render


def main(short: bool = False) -> None:
    repeats = 1 if short else 3
    total = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for name in sound_render.SOUNDS:
            best = min(_timed(Path(folder), name) for _ in range(repeats))
            total += best
            print(f"{name:8} {sound_render.DURATIONS[name]:4.2f} s of sound  "
                  f"rendered in {best * 1000:6.0f} ms")
        size = sum(p.stat().st_size for p in Path(folder).iterdir())
    print(f"all five: {total:.2f} s to render, {size / 1024:.0f} KiB of WAV "
          f"({sound_render.RATE} Hz, 16-bit mono)")


def _timed(folder: Path, name: str) -> float:
    start = time.perf_counter()
    sound_render.render(folder, [name])
    return time.perf_counter() - start


if __name__ == "__main__":
    main("--short" in sys.argv)
