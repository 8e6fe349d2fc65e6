"""How to play Synchro, a page at a time in plain words (the essentials of
docs/synchro.md): the goal, the unit move, who takes whom, Vantage Points, castles and
bringing a piece back."""

from __future__ import annotations

from kiosk.i18n import N_
from kiosk.ui.screens.paged_help import PagedHelpScreen

PAGES = (
    (N_("The goal"),
     N_("Two players, White and Black, face each other on a 9 by 9 board. "
        "Reach the other player's castle with any piece and you win at once. "
        "Taking your opponent's last piece wins too.")),
    (N_("Move a pair"),
     N_("Your 12 pieces come in pairs: two 1s, two 2s, and so on up to 6. "
        "On your turn, move one pair. Both pieces go the same way and the same distance: "
        "1 or 2 squares, straight or diagonal. No jumping over pieces. "
        "A piece left alone moves 1 square.")),
    (N_("Who takes whom"),
     N_("Lumps (1 and 2) take Blobs (3 and 4). Blobs take Things (5 and 6). "
        "Things take Lumps. Land on a piece yours beats to take it. "
        "You cannot land on a piece that beats yours.")),
    (N_("Vantage Points"),
     N_("The four circled squares are Vantage Points. "
        "A pair with a piece on one moves freely: each piece 1 or 2 squares, any way it "
        "likes. A lone piece there may go 2 squares.")),
    (N_("Castles"),
     N_("Each player's castle is the middle square of their back row. "
        "No piece may ever stand on its own castle, so guard the squares around yours.")),
    (N_("Bring a piece back"),
     N_("Instead of moving, you may bring back your last captured piece of a kind. "
        "It takes the place of one of your pieces on the board, and that piece leaves "
        "the game for good. Choose well!")),
)


class SynchroHowToPlayScreen(PagedHelpScreen):
    HEADING = N_("How to play Synchro")
    PAGES = PAGES
