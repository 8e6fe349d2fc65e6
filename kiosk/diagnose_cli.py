"""``kiosk diagnose`` as the command line runs it: the hardware diagnostics
(:mod:`kiosk.hardware.diagnose`) given the store's read-only tag reader, so the cards it
names are the ones ``kiosk enroll`` tagged (the hardware layer itself knows no store)."""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] = ()) -> int:
    from kiosk.hardware import diagnose
    from kiosk.store.tags import read_only_tags

    return diagnose.main(list(argv), stored_tags=read_only_tags)
