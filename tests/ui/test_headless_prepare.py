"""``kiosk.ui.headless.prepare`` sets Kivy's process-wide settings before Kivy loads, so
each case runs in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "from kiosk.ui.headless import prepare; prepare(headless=True, size=(800, 480)); "
    "from kivy.config import Config; "
    "print(Config.getint('graphics', 'multisamples'), Config.getint('graphics', 'width'))"
)


def _probe(**env) -> str:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("KCFG_")}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env={**clean, **env},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()[-2:]


def test_multisampling_is_off_by_default():
    assert _probe() == ["0", "800"]


def test_an_explicit_kivy_setting_still_wins():
    assert _probe(KCFG_GRAPHICS_MULTISAMPLES="4") == ["4", "800"]


def test_an_offscreen_frame_is_finished_in_the_turn_that_drew_it(make_pilot, monkeypatch):
    """Offscreen, a pbuffer swap flushes nothing: without a finish per frame llvmpipe
    rasterizes late, and a 100 ms stall lands on a later frame (kiosk.ui.headless)."""
    import kivy.graphics.opengl as gl
    from fake_controller import FakeController

    pilot = make_pilot(FakeController())
    finished = []
    monkeypatch.setattr(gl, "glFinish", lambda: finished.append(pilot.frame_count))
    pilot.app.screens.current_screen.canvas.ask_update()
    pilot.until(lambda: finished)
    assert finished  # (until raises if no frame ever finishes)


def test_a_display_swaps_for_itself(monkeypatch):
    from kiosk.ui.headless import finish_frames

    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert finish_frames() is False
