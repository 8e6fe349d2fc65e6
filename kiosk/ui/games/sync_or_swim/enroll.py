"""Tagging cards, for staff (opened from Settings, behind the PIN): the card to lay next
in big letters, where to lay it, how far along (n of N), and the last thing that
happened in green or red. A tag of another card stops with Replace / Skip; two tags at
once ask for one card at a time. Card by card, staff pick the card from a list.

The enrollment itself runs in the controller (``staff("enroll_start")`` …, see
:mod:`kiosk.table.games.sync_or_swim.staff`) on the same reader events the game uses; this
screen only draws ``view.payload.enroll`` and sends staff's choices back.
"""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.i18n import _
from kiosk.table.games.sync_or_swim.view import SyncStaff
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import reuse

SEAT, LANE = 1, 1  # where staff lay the cards: seat 1's first lane


class EnrollScreen(ViewScreen):
    active = BooleanProperty(False)
    in_order = BooleanProperty(True)
    asking = BooleanProperty(False)      # a tag of another card: Replace or Skip
    card = StringProperty("")
    message = StringProperty("Starting…")
    progress_text = StringProperty("")
    progress = NumericProperty(0.0)
    last = StringProperty("")
    last_ok = BooleanProperty(True)

    def on_enter(self, *_):
        if self.view is None or self.view.payload.enroll is None:
            self.start(True)

    def start(self, in_order: bool) -> None:
        self.controller.staff(SyncStaff.ENROLL_START, in_order=in_order, seat=SEAT, lane=LANE)

    def replace(self) -> None:
        self.controller.staff(SyncStaff.ENROLL_REPLACE)

    def skip(self) -> None:
        self.controller.staff(SyncStaff.ENROLL_SKIP)

    def pick(self, card: str) -> None:
        self.controller.staff(SyncStaff.ENROLL_CARD, card=card)

    def finish(self) -> None:
        self.controller.staff(SyncStaff.ENROLL_STOP)
        self.app.close_overlay()

    def redraw(self, view) -> None:
        enroll = view.payload.enroll
        self.active = enroll is not None
        if enroll is None:
            self.message = _("Starting… (this table needs card readers to tag cards)")
            self._fill_picker(None)
            return
        self.in_order = enroll.in_order
        self.asking = enroll.step == "duplicate"
        self.card = enroll.card or (_("All done") if enroll.step == "done" else _("Pick a card"))
        self.message = enroll.message
        self.progress = enroll.done / enroll.total if enroll.total else 0.0
        if enroll.in_order:
            progress = _("{done} of {total} cards done")
        else:
            progress = _("{done} of {total} cards have a tag")
        self.progress_text = progress.format(done=enroll.done, total=enroll.total)
        self.last, self.last_ok = enroll.last, enroll.last_ok
        self._fill_picker(None if enroll.in_order else enroll)

    def _fill_picker(self, enroll) -> None:
        """Card by card: one button per card (kept, not rebuilt), tagged ones dimmed."""
        cards = enroll.cards if enroll is not None else ()
        buttons = reuse(self.ids.picker, len(cards), Factory.PickButton)
        for button, card in zip(buttons, cards, strict=True):
            button.text = card
            button.fill = (theme.ACCENT if card == enroll.card else
                           theme.PANEL if card in enroll.tagged else theme.WARN)


theme.load_kv(__file__)
