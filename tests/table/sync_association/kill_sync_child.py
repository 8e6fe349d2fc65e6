"""A S.Y.N.C. table that is shot mid-round: ``python kill_sync_child.py DATABASE``.

It plays round 1 to a win, blocks phantom 4 in round 2, lays two tokens, chooses seat
3's number on the keypad and shows seat 1's mood, then says ``READY`` (one
``os.write``, after the last journal write committed) and waits to be killed: nothing
is closed, as when the power goes.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2])]

from sync_rig import Rig, to_round_two_ready  # noqa: E402

from kiosk.store import SQLiteStore  # noqa: E402


def main(database: str) -> None:
    store = SQLiteStore(Path(database))
    rig = Rig(store=store)
    to_round_two_ready(rig)
    os.write(1, b"READY\n")
    threading.Event().wait(60)  # the parent kills this process long before


if __name__ == "__main__":
    main(sys.argv[1])
