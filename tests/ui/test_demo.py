"""`kiosk demo` writes its screenshots, and they show something (not a blank frame);
`kiosk run --simulate` starts headless and reaches its first frame."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LONG = os.environ.get("KIOSK_LONG") == "1"


def pixel_spread(path: Path) -> float:
    """Standard deviation of the red channel of a PNG (stdlib only: zlib + struct)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, width, height, kind = 8, [], 0, 0, 0
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, _, kind = struct.unpack(">IIBB", body[:10])
        elif tag == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    channels = {2: 3, 6: 4}[kind]
    stride = width * channels + 1
    rows = [raw[r * stride:(r + 1) * stride] for r in range(0, height, 8)]
    # filter bytes make this approximate, but a blank frame still comes out near zero
    values = [row[1 + c] for row in rows for c in range(0, width * channels, channels * 8)]
    mean = sum(values) / len(values)
    return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5


@pytest.mark.parametrize("args, wanted", [
    (["--game", "synchro"], ("synchro-piece-touched", "synchro-kiosk-thinking",
                             "synchro-result", "synchro-how-to-play", "synchro-records")),
    pytest.param([], ("attract", "time-out", "not-in-sync", "twist-round", "judge-by-hand",
                      "two-finger-stop", "reading-the-cards", "score", "broken-config",
                      "top-scores", "synapse", "sync-association-game-over"),
                 marks=pytest.mark.skipif(not LONG, reason="long run: set KIOSK_LONG=1")),
])
def test_kiosk_demo_saves_screenshots_that_show_something(tmp_path, args, wanted):
    """The command line end to end. Every game's demo is played at every size, in
    process, by test_every_screen_fits; here one game's through ``kiosk demo`` (all of
    them in the long run)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen"}
    out = subprocess.run([sys.executable, "-m", "kiosk", "demo", "--screenshots",
                          str(tmp_path), "--size", "800x480", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-3000:]
    pngs = sorted(tmp_path.glob("*.png"))
    names = " ".join(p.name for p in pngs)
    for name in wanted:
        assert name in names, names
    assert all(str(p) in out.stdout for p in pngs)
    for png in pngs[:3] + pngs[-3:]:
        assert pixel_spread(png) > 5, f"{png.name} looks blank"


def test_kiosk_run_simulate_reaches_its_first_frame():
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen"}
    out = subprocess.run([sys.executable, "-m", "kiosk", "run", "--simulate", "--headless",
                          "--frames", "10"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "kiosk: first frame" in out.stdout
