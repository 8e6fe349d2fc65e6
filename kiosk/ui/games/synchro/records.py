"""Records: per way of playing (two players, each kiosk level) the games played, who
won how often and the quickest win; and the last few games."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.ui import theme
from kiosk.ui.games.synchro import pieces  # noqa: F401  (SynchroBoard for the result screen)
from kiosk.ui.screens.base import ViewScreen


def row_text(row) -> str:
    """>>> from kiosk.table.games.synchro.view import RecordRow
    >>> row_text(RecordRow("Two players", 3, 2, 1, 0, 14))
    'Two players: 3 games — White 2, Black 1, draws 0; quickest win 14 moves'"""
    if row.label == "Two players":
        who = f"White {row.first}, Black {row.second}"
    else:
        who = f"you {row.first}, the kiosk {row.second}"
    quick = f"; quickest win {row.shortest} moves" if row.shortest is not None else ""
    return f"{row.label}: {row.games} games — {who}, draws {row.draws}{quick}"


class SynchroRecordsScreen(ViewScreen):
    table = StringProperty("")
    recent = StringProperty("")

    def redraw(self, view) -> None:
        p = view.payload
        if p is None:
            return
        self.table = "\n".join(row_text(r) for r in p.records) or "No games played yet."
        self.recent = "\n".join(p.recent)


theme.load_kv(__file__)
