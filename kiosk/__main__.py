"""Composition root: the command line, the one place that picks real or simulated
backends.

``kiosk ...`` on the command line lands in :func:`main`; ``kiosk run --simulate``
passes that choice down to :func:`kiosk.compose.build_table`, which wires the table.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from kiosk.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
