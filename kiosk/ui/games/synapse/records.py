"""Records: per way of playing (two players, each kiosk level) the games played, who
won how often and the best winning total; and the last few games."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.i18n import N_, _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def row_text(row) -> str:
    """>>> from kiosk.table.games.synapse.view import RecordRow
    >>> row_text(RecordRow("Two players", 3, 2, 1, 61))
    'Two players: 3 games — North 2, South 1; best winning total 61'"""
    if row.label == N_("Two players"):
        who = _("North {north}, South {south}").format(north=row.first, south=row.second)
    else:
        who = _("you {you}, the kiosk {kiosk}").format(you=row.first, kiosk=row.second)
    return _("{label}: {games} games — {who}; best winning total {best}").format(
        label=_(row.label), games=row.games, who=who, best=row.best)


class SynapseRecordsScreen(ViewScreen):
    table = StringProperty("")
    recent = StringProperty("")

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not hasattr(p, "records"):
            return
        self.table = "\n".join(row_text(r) for r in p.records) or _("No games played yet.")
        self.recent = "\n".join(p.recent)


theme.load_kv(__file__)
