"""``scripts/pi-image-check`` end to end: a Debian Bookworm arm64 root under qemu
user emulation, the production install inside it, the kiosk's checks, an update, a
failed update that rolls back, and the uninstall (hardware/install.md). Slow (see the
README for its timings), so only with ``KIOSK_LONG=1``; it needs root, as debootstrap
and the accounts inside the image do."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_production_install_works_on_arm64():
    if os.geteuid() != 0:
        pytest.fail("scripts/pi-image-check needs root (debootstrap, useradd in the image)")
    out = subprocess.run(["bash", str(ROOT / "scripts" / "pi-image-check")],
                         capture_output=True, text=True, timeout=3 * 3600)
    report = (out.stdout + out.stderr)[-6000:]
    assert out.returncode == 0, report
    assert ("pi-image-check: all steps passed" in out.stdout
            or "pi-image-check: all steps that can run here passed" in out.stdout), report
    for step in ("install-pi (fresh root)", "kiosk check", "kiosk diagnose --simulate",
                 "kiosk demo (headless, SDL offscreen)", "failed update rolls back",
                 "uninstall-pi keeps the data"):
        assert any(line.startswith(step) and line.endswith("ok")
                   for line in out.stdout.splitlines()), f"{step}: {report}"
