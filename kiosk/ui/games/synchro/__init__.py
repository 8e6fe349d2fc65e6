"""Synchro's screens: choosing how to play, the board, the result, and the records
and how-to-play overlays (see :class:`~kiosk.table.games.synchro.view.Phase`)."""

from __future__ import annotations

from kiosk.i18n import N_
from kiosk.table.games.synchro.view import Phase
from kiosk.ui.games import GameScreens, StaffButton

_HERE = "kiosk.ui.games.synchro"

SCREENS = GameScreens(
    screens={
        "synchro_choose": f"{_HERE}.choose:SynchroChooseScreen",
        "synchro_board": f"{_HERE}.board:SynchroBoardScreen",
        "synchro_result": f"{_HERE}.result:SynchroResultScreen",
        "synchro_records": f"{_HERE}.records:SynchroRecordsScreen",
        "synchro_how_to_play": f"{_HERE}.how_to_play:SynchroHowToPlayScreen",
    },
    phases={
        Phase.CHOOSING: "synchro_choose",
        Phase.PLAYING: "synchro_board",
        Phase.OVER: "synchro_result",
    },
    how_to_play="synchro_how_to_play",
    records="synchro_records",
    overlays=("synchro_records", "synchro_how_to_play"),
    kept=("synchro_board",),
    follows_view=("synchro_records",),
    leaves_overlay=(Phase.PLAYING,),
    staff_buttons=(
        StaffButton(N_("Synchro: kiosk answers quickly (0.3 s)"), action="synchro_think_quick",
                    done=N_("The kiosk now answers in about 0.3 s a move.")),
        StaffButton(N_("Synchro: kiosk thinks 1 s"), action="synchro_think_normal",
                    done=N_("The kiosk now thinks about 1 s a move.")),
        StaffButton(N_("Synchro: kiosk thinks 3 s"), action="synchro_think_long",
                    done=N_("The kiosk now thinks about 3 s a move (strongest).")),
    ),
    tips=(
        N_("Two players, or one against the kiosk."),
        N_("Your pieces move in pairs: both pieces of a number move the same way."),
        N_("Lumps take Blobs, Blobs take Things, Things take Lumps."),
        N_("Reach the other side's castle to win."),
    ),
)
