"""The board screen: the 9×9 board in the middle, a panel for each player beside it.

Players sit on opposite sides of a flat table, so the far player's panel is turned
180° in a two-player game (a Scatter: its touches turn with it) and the board has
white at the near end; against the kiosk the human's side is the near one. Each panel
says whose turn it is in words, shows the pieces that side has lost, and holds that
player's buttons: Cancel, the swap-backs a selected piece allows, Undo (casual games),
Resign (asks first).
"""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.i18n import N_, _
from kiosk.table.games.synchro.view import LEVEL_NAMES
from kiosk.ui import theme
from kiosk.ui.games.synchro.picking import Pick
from kiosk.ui.games.synchro.pieces import SynchroBoard, SynchroLost  # noqa: F401  (kv)
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.turned import Turned  # noqa: F401  (kv)

BUTTON = (0.16, 0.32, 0.52, 1)  # a button on a panel: lighter than the panel
COLOURS = {"white": N_("White"), "black": N_("Black")}
PIECE = N_("piece")
KIND_NAMES = {1: N_("Lump"), 2: N_("Lump"), 3: N_("Blob"), 4: N_("Blob"), 5: N_("Thing"),
              6: N_("Thing")}


class SynchroPanel(BoxLayout):
    side = StringProperty("white")
    name = StringProperty("")
    status = StringProperty("")
    lost = ObjectProperty(())
    asking = BooleanProperty(False)   # Resign pressed once: confirm or keep playing
    screen = ObjectProperty(None, allownone=True)

    def set_buttons(self, buttons: list[tuple[str, object, tuple]]) -> None:
        """(text, handler, fill) per button, top to bottom; rebuilt only on change."""
        box = self.ids.buttons
        wanted = [(text, fill) for text, _h, fill in buttons]
        if getattr(self, "_shown", None) == wanted:
            for widget, (_t, handler, _f) in zip(reversed(box.children), buttons,
                                                 strict=True):
                widget.handler = handler
            return
        self._shown = wanted
        box.clear_widgets()
        for text, handler, fill in buttons:
            button = Factory.SynchroPanelButton(text=text, fill=fill)
            button.handler = handler
            button.bind(on_release=lambda b: b.handler())
            box.add_widget(button)


class SynchroBoardScreen(ViewScreen):
    thinking = BooleanProperty(False)
    near = ObjectProperty(None)   # the panel at the near (bottom) end
    far = ObjectProperty(None)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pick = Pick()
        self._ply = -1
        self.ids.board.on_square = self.touch_square

    # ------------------------------------------------------------------ drawing

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not p.pieces:
            return
        if p.ply != self._ply or not p.moves:
            self.pick.clear()  # a move was played (or undone): start afresh
            for panel in (self.ids.near, self.ids.far):
                panel.asking = False
        self._ply = p.ply
        self.pick.moves = p.moves
        self.pick.own = frozenset(pc.square for pc in p.pieces if pc.side == p.to_move)
        self.thinking = p.thinking
        near_side = p.human if p.mode == "kiosk" else "white"
        far_side = "black" if near_side == "white" else "white"
        board = self.ids.board
        board.flipped = near_side == "black"
        self.ids.far_turn.turned = p.mode == "hotseat"
        options = self.pick.options()
        board.state = {
            "pieces": p.pieces, "last": p.last, "selected": self.pick.selected,
            "partner": self.pick.partner() if self.pick.first is None else None,
            "targets": self.pick.targets(), "partner_targets": self.pick.partner_targets(),
            "captures": {c for m in options for c in m.captures},
        }
        for panel, side in ((self.ids.near, near_side), (self.ids.far, far_side)):
            self._panel(panel, side, p)

    def _panel(self, panel: SynchroPanel, side: str, p) -> None:
        panel.side = side
        panel.lost = p.lost[0 if side == "white" else 1]
        kiosk = p.mode == "kiosk" and side != p.human
        colour = _(COLOURS[side])
        if p.mode == "kiosk" and kiosk:
            panel.name = _("The kiosk ({level}), {colour}").format(
                level=_(LEVEL_NAMES.get(p.level, str(p.level))), colour=colour)
        elif p.mode == "kiosk":
            panel.name = _("You, {colour}").format(colour=colour)
        else:
            panel.name = colour
        mover = side == p.to_move
        buttons: list[tuple[str, object, tuple]] = []
        if kiosk:
            panel.status = _("Thinking…") if p.thinking else _("Waiting for your move")
        elif p.thinking:
            panel.status = _("The kiosk is thinking…")
        elif not mover:
            panel.status = _("Waiting for {player}").format(player=_(p.side_name(p.to_move)))
        else:
            panel.status = self._status()
            if self.pick.selected is not None:
                buttons.append((_("Cancel"), self.cancel, BUTTON))
                for swap in self.pick.swaps():
                    buttons.append((_("Bring back {number} here").format(number=swap.number),
                                    lambda text=swap.text: self.play(text), theme.WARN))
        if not kiosk:
            if panel.asking:
                buttons = [(_("Yes, resign"), lambda s=side: self.resign(s), theme.BAD),
                           (_("Keep playing"), lambda pn=panel: self.keep_playing(pn),
                            theme.GOOD)]
            elif self.pick.selected is None or not mover:
                if p.casual:
                    buttons.append((_("Undo"), self.undo, BUTTON))
                buttons.append((_("Resign"), lambda pn=panel: self.ask_resign(pn), BUTTON))
        panel.set_buttons(buttons)
        for widget in panel.ids.buttons.children:
            widget.disabled = widget.text == _("Undo") and not p.can_undo

    def _status(self) -> str:
        pick = self.pick
        if pick.first is not None:
            return _("Now touch where the other piece goes (amber)")
        if pick.selected is not None:
            piece = _(KIND_NAMES.get(self._number(pick.selected)) or PIECE)
            if pick.swaps():
                return _("{piece} selected: touch a lit square or bring a piece back "
                         "here").format(piece=piece)
            return _("{piece} selected: touch a lit square").format(piece=piece)
        if any(m.swap for m in pick.moves):
            return _("Your move: touch a piece (or one to swap for a captured piece)")
        return _("Your move: touch a piece")

    def _number(self, square: str) -> int:
        for piece in (self.view.payload.pieces if self.view else ()):
            if piece.square == square:
                return piece.number
        return 0

    # ------------------------------------------------------------------ touches

    def touch_square(self, square: str) -> None:
        view = self.view
        if view is None or view.payload is None or not view.payload.moves:
            return
        text = self.pick.touch(square)
        if text is not None:
            self.play(text)
        else:
            self.draw_now()

    def play(self, text: str) -> None:
        self.pick.clear()
        self.controller.act("move", text=text)
        self.draw_now()

    def cancel(self) -> None:
        self.pick.clear()
        self.draw_now()

    def undo(self) -> None:
        self.pick.clear()
        self.controller.act("undo")

    def ask_resign(self, panel: SynchroPanel) -> None:
        panel.asking = True
        self.draw_now()

    def keep_playing(self, panel: SynchroPanel) -> None:
        panel.asking = False
        self.draw_now()

    def resign(self, side: str) -> None:
        for panel in (self.ids.near, self.ids.far):
            panel.asking = False
        self.controller.act("resign", side=side)


theme.load_kv(__file__)
