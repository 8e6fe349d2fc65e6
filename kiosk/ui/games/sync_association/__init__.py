"""S.Y.N.C.'s screens: the team and the game's options (setup), the round on the table
(what to lay out, block tokens, every seat's synchroniser and mood, the covered keypad,
the reveal, the discard), the end of the game, and the how-to-play, records and staff
overlays (see :class:`~kiosk.table.games.sync_association.view.Phase`)."""

from __future__ import annotations

from kiosk.table.games.sync_association.view import Phase
from kiosk.ui.games import DevTool, GameScreens, StaffButton

_HERE = "kiosk.ui.games.sync_association"
_SIM = "kiosk.table.games.sync_association.sim"
ROUND = "sync_association_round"

SCREENS = GameScreens(
    screens={
        "sync_association_setup": f"{_HERE}.setup:SyncAssociationSetupScreen",
        ROUND: f"{_HERE}.round:SyncAssociationRoundScreen",
        "sync_association_summary": f"{_HERE}.summary:SyncAssociationSummaryScreen",
        "sync_association_records": f"{_HERE}.records:SyncAssociationRecordsScreen",
        "sync_association_how_to_play":
            f"{_HERE}.how_to_play:SyncAssociationHowToPlayScreen",
        "sync_association_staff": f"{_HERE}.staff:SyncAssociationStaffScreen",
    },
    phases={
        Phase.SETUP: "sync_association_setup",
        Phase.LAYING: ROUND,
        Phase.BLOCKING: ROUND,
        Phase.CHOOSING: ROUND,
        Phase.READING: ROUND,
        Phase.WON: ROUND,
        Phase.LOST: ROUND,
        Phase.DISCARDED: ROUND,
        Phase.OVER: "sync_association_summary",
    },
    tick=ROUND,
    how_to_play="sync_association_how_to_play",
    records="sync_association_records",
    overlays=("sync_association_records", "sync_association_how_to_play",
              "sync_association_staff"),
    kept=(ROUND,),
    follows_view=("sync_association_records", "sync_association_staff"),
    leaves_overlay=(Phase.CHOOSING, Phase.READING),
    title="S.[color=#00c8e0]Y[/color].N.[color=#f0a020]C[/color].",
    staff_buttons=(StaffButton("S.Y.N.C.: teams and reveal countdown",
                               overlay="sync_association_staff"),),
    dev_tools=(
        DevTool("Lay token", f"{_SIM}:lay_token_tool", "l"),
        DevTool("Lift tokens", f"{_SIM}:lift_tokens_tool", "k"),
        DevTool("Next number", f"{_SIM}:next_number_tool", "n"),
    ),
    tips=(
        "S.Y.N.C.: 2 to 5 players try to pick the same phantom without a word.",
        "Lay your numbered token face down on your seat's reader: nobody sees it.",
        "Press your seat button to show how sure you are: green, yellow, red.",
        "Five phantoms won together and the team wins the game.",
    ),
)
