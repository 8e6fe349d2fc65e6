"""Dependencies point down: rules engines use only the standard library."""

import json
import pkgutil
import re
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
# rest of the kiosk: they import nothing but the standard library themselves
# (kiosk.i18n: the table's language, through the standard library's gettext).
SHARED_LEAVES = ("kiosk.tomlfile", "kiosk.i18n")


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


def _imports_of(package: str) -> dict[str, set[str]]:
    """Every ``kiosk``/``kivy`` module each module of ``package`` imports (by reading
    its source, so a lazy import inside a function counts too)."""
    import ast

    found: dict[str, set[str]] = {}
    folder = ROOT / package.replace(".", "/")
    for path in sorted(folder.rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
        found[str(path.relative_to(ROOT))] = {
            n for n in names if n.split(".")[0] in ("kiosk", "kivy")}
    return found


def _reaching(package: str, banned: tuple[str, ...]) -> list[str]:
    return sorted(f"{module} imports {name}"
                  for module, names in _imports_of(package).items()
                  for name in names
                  if any(name == b or name.startswith(b + ".") for b in banned))


def test_layer_doors_open_one_way():
    """Each layer imports only the layers below it (architecture.md)."""
    assert [line for line in _reaching("kiosk.games", ("kiosk", "kivy"))
            if not line.endswith(SHARED_LEAVES) and " imports kiosk.games" not in line] == []
    assert _reaching("kiosk.hardware", ("kivy", "kiosk.table", "kiosk.games", "kiosk.ui",
                                        "kiosk.store", "kiosk.registry")) == []
    assert _reaching("kiosk.store", ("kivy", "kiosk.table", "kiosk.ui", "kiosk.games")) == []
    assert _reaching("kiosk.table", ("kivy", "kiosk.ui", "kiosk.compose",
                                     "kiosk.__main__")) == []
    assert _reaching("kiosk.ui", ("kiosk.__main__", "kiosk.cli")) == []
    assert _reaching("kiosk.compose", ("kiosk.__main__",)) == []


def test_the_registry_is_a_leaf_every_layer_may_read():
    loaded = _modules_after_import(["kiosk.registry"])
    assert not [n for n in loaded if n.startswith(("kivy", "kiosk."))
                and n not in ("kiosk.registry", *SHARED_LEAVES)]


def test_only_a_games_own_packages_name_it():
    """A new game touches its own packages and one registry line: no other module of
    the kiosk names a registered game (docs/adding-a-game.md)."""
    from kiosk import registry

    for info in registry.GAMES:
        own = (f"kiosk/games/{info.id}/", f"kiosk/table/games/{info.id}/",
               f"kiosk/ui/games/{info.id}/")
        naming = []
        for path in sorted((ROOT / "kiosk").rglob("*")):
            relative = str(path.relative_to(ROOT))
            if path.suffix not in (".py", ".kv") or relative.startswith(own):
                continue
            named = re.compile(rf"\b{re.escape(info.id)}\b")  # not "synchronous"
            naming += [f"{relative}:{n}" for n, line in enumerate(
                path.read_text().splitlines(), start=1) if named.search(line)]
        assert [line for line in naming if not line.startswith("kiosk/registry.py:")] == []
