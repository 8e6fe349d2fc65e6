"""Records: per way of playing (two players, each kiosk level) the games played, who
won how often and the best winning total; and the last few games."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def row_text(row) -> str:
    """>>> from kiosk.table.games.synapse.view import RecordRow
    >>> row_text(RecordRow("Two players", 3, 2, 1, 61))
    'Two players: 3 games — North 2, South 1; best winning total 61'"""
    if row.label == "Two players":
        who = f"North {row.first}, South {row.second}"
    else:
        who = f"you {row.first}, the kiosk {row.second}"
    return f"{row.label}: {row.games} games — {who}; best winning total {row.best}"


class SynapseRecordsScreen(ViewScreen):
    table = StringProperty("")
    recent = StringProperty("")

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not hasattr(p, "records"):
            return
        self.table = "\n".join(row_text(r) for r in p.records) or "No games played yet."
        self.recent = "\n".join(p.recent)


theme.load_kv(__file__)
