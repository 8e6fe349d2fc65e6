"""Dependencies point down: rules engines use only the standard library."""

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import kiosk.games

ROOT = Path(__file__).resolve().parents[1]


def _modules_after_import(packages):
    code = (
        "import importlib, json, sys\n"
        f"for name in {packages!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60).stdout
    return json.loads(out)


# Leaf modules of the standard library's kind that the rules engines may share with the
# rest of the kiosk: they import nothing but the standard library themselves.
SHARED_LEAVES = ("kiosk.tomlfile",)


def test_games_import_only_the_standard_library():
    games = [m.name for m in pkgutil.walk_packages(kiosk.games.__path__, "kiosk.games.")]
    assert "kiosk.games.sync_or_swim.judge" in games
    loaded = _modules_after_import(games)
    outside = sorted(
        name for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names
        and not name.startswith(("kiosk.games", "_"))
        and name not in ("kiosk", "__main__", "encodings", "sitecustomize", *SHARED_LEAVES)
    )
    assert outside == [], f"kiosk.games pulled in: {outside}"


def test_shared_leaves_import_only_the_standard_library():
    loaded = _modules_after_import(list(SHARED_LEAVES))
    outside = sorted(name for name in loaded
                     if name.split(".")[0] not in sys.stdlib_module_names
                     and not name.startswith("_")
                     and name not in ("kiosk", "__main__", "encodings", "sitecustomize",
                                      *SHARED_LEAVES))
    assert outside == [], f"{SHARED_LEAVES} pulled in: {outside}"


def test_games_read_no_clock_and_start_no_threads():
    """Times are passed in and randomness injected, so a rules engine is replayable."""
    banned = ("import time", "from time", "import datetime", "from datetime",
              "import threading", "from threading", "random.random(", "random.shuffle(")
    for path in Path(kiosk.games.__path__[0]).rglob("*.py"):
        text = path.read_text()
        found = [b for b in banned if b in text]
        assert not found, f"{path.name} uses {found}"


def test_hardware_knows_nothing_of_kivy_or_game_rules():
    hardware = ["kiosk.hardware.ports", "kiosk.hardware.gpio", "kiosk.hardware.wire"]
    loaded = _modules_after_import(hardware)
    assert not [n for n in loaded if n.startswith(("kivy", "kiosk.games"))]
