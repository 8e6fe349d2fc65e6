"""The playing screen: the grid and both hands (:mod:`.area`) between two seat bars,
north's along the top turned to face them (two players), south's along the bottom.

A seat bar names its player, counts their cards, shows the cue when a card came back
("North got c4 first"), and holds Stop (ends the round at once; the +5 goes to the
other player) and Resign, each asking once more before it acts.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.games.synapse.area import SynapsePlayArea  # noqa: F401  (kv)
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.turned import Turned  # noqa: F401  (kv)

CUE_SECONDS = 3.0


class SynapseSeatBar(BoxLayout):
    side = StringProperty("south")
    name = StringProperty("")
    status = StringProperty("")
    cue = StringProperty("")
    asking = StringProperty("")        # "" | "stop" | "resign": waiting for a yes
    active = BooleanProperty(True)     # a person sits here (not the kiosk)
    screen = ObjectProperty(None, allownone=True)

    def press(self, what: str) -> None:
        if self.asking != what:
            self.asking = what
            return
        self.asking = ""
        if self.screen is not None:
            self.screen.seat_action(self.side, what)

    def show_cue(self, text: str) -> None:
        self.cue = text
        Clock.unschedule(self._clear_cue)
        Clock.schedule_once(self._clear_cue, CUE_SECONDS)

    def _clear_cue(self, *_):
        self.cue = ""


class SynapseBoardScreen(ViewScreen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        area = self.ids.area
        area.place = self._place
        area.current = lambda: self.controller.view.payload
        area.on_refused = self._refused

    def bar(self, side: str) -> SynapseSeatBar:
        return self.ids.north if side == "north" else self.ids.south

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not p.round_number:
            return
        self.ids.area.payload = p
        self.ids.north_turn.turned = p.mode == "hotseat"
        kiosk = p.kiosk_side()
        for index, side in enumerate(("north", "south")):
            bar = self.bar(side)
            bar.active = side != kiosk
            left = p.left[index]
            who = _(p.side_name(side))
            if side == kiosk:
                who = _("The kiosk ({level})").format(level=_(p.level_name))
            if left == 1:
                bar.name = _("{player}: 1 card").format(player=who)
            else:
                bar.name = _("{player}: {count} cards").format(player=who, count=left)
            if side == kiosk:
                bar.status = _("choosing…") if p.thinking else ""
            elif p.last is not None and p.last.player == side:
                bar.status = _("{cell} placed").format(cell=p.last.cell)
            else:
                bar.status = _("Drag a card to a lit square; tap it to turn it")
            if not bar.active:
                bar.asking = ""
        if view.phase != "playing":
            for side in ("north", "south"):
                self.bar(side).asking = ""

    def _place(self, side: str, card_id: str, cell: str, rotation: int):
        return self.controller.act("place", player=side, card_id=card_id, cell=cell,
                                   rotation=rotation)

    def _refused(self, side: str, message: str) -> None:
        self.bar(side).show_cue(message)

    def seat_action(self, side: str, what: str) -> None:
        if what == "stop":
            self.controller.act("stop", player=side)
        elif what == "resign":
            self.controller.act("resign", player=side)


theme.load_kv(__file__)
