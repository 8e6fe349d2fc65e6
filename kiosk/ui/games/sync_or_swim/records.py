"""Records: each campaign routine's top score at this table and how often it was
finished, and the last few results (``payload.records``, read from the store)."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def routine_line(record) -> str:
    """>>> from kiosk.table.games.sync_or_swim.view import RoutineRecord
    >>> routine_line(RoutineRecord("First Splash", 1, 87, 2))
    '1. First Splash: top score 87 (finished 2 times)'
    >>> routine_line(RoutineRecord("Sudden Depth", 2, None, 0))
    '2. Sudden Depth: not finished yet'"""
    number = f"{record.number}. " if record.number is not None else ""
    if record.top_score is None:
        return _("{routine}: not finished yet").format(routine=f"{number}{record.name}")
    if record.finished == 1:
        return _("{routine}: top score {score} (finished once)").format(
            routine=f"{number}{record.name}", score=record.top_score)
    return _("{routine}: top score {score} (finished {count} times)").format(
        routine=f"{number}{record.name}", score=record.top_score, count=record.finished)


class SyncOrSwimRecordsScreen(ViewScreen):
    table = StringProperty("")
    recent = StringProperty("")

    def redraw(self, view) -> None:
        records = getattr(view.payload, "records", None)
        if records is None:
            return
        played = [r for r in records.routines if r.top_score is not None]
        self.table = "\n".join(routine_line(r) for r in played) or \
            _("No routine finished yet. Be the first team on the board!")
        self.recent = "\n".join(records.recent)


theme.load_kv(__file__)
