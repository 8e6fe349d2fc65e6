"""Run every benchmark module in this folder: ``python -m benchmarks [--short]``.

Each module has ``main(short: bool)`` and prints its own figures; a benchmark that
fails is reported and the others still run (the exit code says if any failed).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback
from pathlib import Path


def main(argv: list[str]) -> int:
    short = "--short" in argv
    names = [m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
             if not m.name.startswith("_")]
    wanted = [a for a in argv if not a.startswith("-")]
    failed = []
    for name in sorted(names):
        if wanted and name not in wanted:
            continue
        print(f"-- benchmarks.{name}", flush=True)
        try:
            importlib.import_module(f"benchmarks.{name}").main(short)
        except Exception:  # one broken benchmark must not hide the others' figures
            traceback.print_exc()
            failed.append(name)
    if failed:
        print(f"benchmarks that failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
