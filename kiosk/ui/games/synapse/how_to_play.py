"""How to play Synapse, a page at a time in plain words (the essentials of
docs/synapse.md): racing at once, where a card may go, connections, lines and doubles,
the stop button and the rounds."""

from __future__ import annotations

from kiosk.i18n import N_
from kiosk.ui.screens.paged_help import PagedHelpScreen

PAGES = (
    (N_("Both at once"),
     N_("There are no turns. Both players place cards at the same time, as fast as they "
        "like. Drag a card from your hand onto a lit square; tap a card to turn it.")),
    (N_("Where a card goes"),
     N_("A card goes on an empty square right next to a card already down: above, below, "
        "left or right. Once you let go it stays. If both reach a square, the first "
        "finger down gets it and the other card comes back.")),
    (N_("Connections"),
     N_("Where two edges with icons touch, they connect: one point for the same shape, "
        "one for the same colour, one for the same number. A blank edge connects nothing. "
        "A wild edge matches anything exactly. A block (the cross) connects nothing.")),
    (N_("Only lines and doubles score"),
     N_("Your line card (the arrow) scores every connection in its row or column, out to a "
        "block, a gap or the edge. Your double (×2) scores twice the connections on its "
        "own four edges. Anyone's cards count for you.")),
    (N_("Stop!"),
     N_("Place your last card and the round ends at once: +5 for you. Your Stop button "
        "ends it too, but then the +5 goes to the other player.")),
    (N_("Three rounds"),
     N_("The kiosk shows every point of the round on the grid. After three rounds the "
        "higher total wins; if tied, play another round.")),
)


class SynapseHowToPlayScreen(PagedHelpScreen):
    HEADING = N_("How to play Synapse")
    PAGES = PAGES
