"""Records: per way of playing (two players, each kiosk level) the games played, who
won how often and the quickest win; and the last few games."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.i18n import N_, _
from kiosk.ui import theme
from kiosk.ui.games.synchro import pieces  # noqa: F401  (SynchroBoard for the result screen)
from kiosk.ui.screens.base import ViewScreen


def row_text(row) -> str:
    """>>> from kiosk.table.games.synchro.view import RecordRow
    >>> row_text(RecordRow("Two players", 3, 2, 1, 0, 14))
    'Two players: 3 games — White 2, Black 1, draws 0; quickest win 14 moves'"""
    if row.label == N_("Two players"):
        who = _("White {white}, Black {black}").format(white=row.first, black=row.second)
    else:
        who = _("you {you}, the kiosk {kiosk}").format(you=row.first, kiosk=row.second)
    quick = (_("; quickest win {moves} moves").format(moves=row.shortest)
             if row.shortest is not None else "")
    return _("{label}: {games} games — {who}, draws {draws}{quick}").format(
        label=_(row.label), games=row.games, who=who, draws=row.draws, quick=quick)


class SynchroRecordsScreen(ViewScreen):
    table = StringProperty("")
    recent = StringProperty("")

    def redraw(self, view) -> None:
        p = view.payload
        if p is None:
            return
        self.table = "\n".join(row_text(r) for r in p.records) or _("No games played yet.")
        self.recent = "\n".join(p.recent)


theme.load_kv(__file__)
