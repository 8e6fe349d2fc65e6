"""The end of a game: who won and how, the final board, play again."""

from __future__ import annotations

from kivy.properties import StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.games.synchro import pieces  # noqa: F401  (SynchroBoard in the kv)
from kiosk.ui.screens.base import ViewScreen


class SynchroResultScreen(ViewScreen):
    title = StringProperty("")
    detail = StringProperty("")

    def redraw(self, view) -> None:
        p = view.payload
        if p is None:
            return
        if p.winner is None:
            self.title = _("A draw")
        else:
            name = p.side_name(p.winner)
            self.title = _("You win!") if name == "You" else _("{player} wins!").format(
                player=_(name))
        self.detail = p.result
        board = self.ids.board
        board.flipped = p.mode == "kiosk" and p.human == "black"
        board.state = {"pieces": p.pieces, "last": p.last}

    def again(self) -> None:
        p = self.view.payload
        self.controller.act("start", mode=p.mode, level=p.level, side=p.human,
                            setup=p.setup, casual=p.casual)

    def change(self) -> None:
        self.controller.act("new_game")


theme.load_kv(__file__)
