"""Synapse's screens: choosing how to play, the grid with both hands (both players drag
at once), the round's score explained, and the records and how-to-play overlays (see
:class:`~kiosk.table.games.synapse.view.Phase`)."""

from __future__ import annotations

from kiosk.i18n import N_
from kiosk.table.games.synapse.view import Phase
from kiosk.ui.games import GameScreens

_HERE = "kiosk.ui.games.synapse"

SCREENS = GameScreens(
    screens={
        "synapse_choose": f"{_HERE}.choose:SynapseChooseScreen",
        "synapse_board": f"{_HERE}.board:SynapseBoardScreen",
        "synapse_score": f"{_HERE}.score:SynapseScoreScreen",
        "synapse_records": f"{_HERE}.records:SynapseRecordsScreen",
        "synapse_how_to_play": f"{_HERE}.how_to_play:SynapseHowToPlayScreen",
    },
    phases={
        Phase.CHOOSING: "synapse_choose",
        Phase.PLAYING: "synapse_board",
        Phase.ROUND_OVER: "synapse_score",
        Phase.GAME_OVER: "synapse_score",
    },
    how_to_play="synapse_how_to_play",
    records="synapse_records",
    overlays=("synapse_records", "synapse_how_to_play"),
    kept=("synapse_board", "synapse_score"),
    follows_view=("synapse_records",),
    leaves_overlay=(Phase.PLAYING,),
    title="SYN[color=#f0a020]A[/color]PSE",
    tips=(
        N_("Two players at once, or one against the kiosk."),
        N_("No turns: both players lay cards at the same time."),
        N_("Lines and doubles score every connection they reach."),
        N_("The kiosk scores every connection the moment the round ends."),
    ),
)
