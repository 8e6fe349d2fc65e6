"""How to play S.Y.N.C., a page at a time in plain words (the essentials of
docs/sync-association.md): the aim, the round, the secret choice and the moods, the
reveal, block tokens, and the end."""

from __future__ import annotations

from kiosk.ui.screens.paged_help import PagedHelpScreen

PAGES = (
    ("Think alike",
     "You play as one team. Each round, everyone secretly picks the same phantom — if "
     "you all pick the same one, the team wins it. No talking about your choice!"),
    ("Lay out the round",
     "The screen says how many phantom cards to lay out, each under its number marker, "
     "and how many key cards to turn up. The key cards are the clues that link you."),
    ("Choose in secret",
     "Lay your numbered token face down on your seat's reader. Nobody sees it. No "
     "token or a broken reader? Use the keypad on the screen while the others look away."),
    ("Show your mood",
     "Press your seat button to light green (sure), yellow (not sure) or red (lost). "
     "Moods are open: everyone may look, nobody may say a number."),
    ("Reveal",
     "When every seat is set, the first player touches both stop pads (or the countdown "
     "runs out) and every number turns at once. All the same: a victory. Otherwise the "
     "team picks an open phantom for the loss pile and gains a block token."),
    ("Block tokens",
     "Before choosing, the first player may lay up to 3 block tokens: on a phantom, on "
     "a key card or on a player's synchroniser (not advised under 5 players)."),
    ("The end",
     "Five phantoms in the victory pile and the team wins; five in the loss pile and it "
     "loses. Your team keeps its achievements and winning streak for the next visit."),
)


class SyncAssociationHowToPlayScreen(PagedHelpScreen):
    HEADING = "How to play S.Y.N.C."
    PAGES = PAGES
