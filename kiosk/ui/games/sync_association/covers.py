"""What covers the whole round screen for one seat at a time: the keypad (a seat
without tokens, or with a broken reader, chooses its phantom on the screen while the
others look away; nothing else shows, and no chosen number is ever drawn) and a seat's
hand of key cards in manual mode (only that seat's cards)."""

from __future__ import annotations

from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.widgets.basics import make, reuse


class SyncAssociationCover(FloatLayout):
    """Opaque, and takes every touch: nothing under it can be seen or pressed."""

    covers_screen = True  # the layout check looks at the cover alone

    screen = ObjectProperty(None, allownone=True)
    seat = NumericProperty(0)
    title = StringProperty("")

    def on_touch_down(self, touch):
        super().on_touch_down(touch)
        return True

    def on_touch_move(self, touch):
        super().on_touch_move(touch)
        return True

    def on_touch_up(self, touch):
        super().on_touch_up(touch)
        return True


class SyncAssociationKeypadCover(SyncAssociationCover):
    def show(self, seat: int, phantoms) -> None:
        self.seat = seat
        self.title = _("Seat {seat}: choose your phantom in secret.\nEveryone else, look "
                       "away!").format(seat=seat)
        keys = reuse(self.ids.pad_keys, len(phantoms), lambda: make("SyncAssociationPadKey"))
        for key, ph in zip(keys, phantoms, strict=True):
            key.number, key.cover = ph.number, self
            key.text, key.blocked, key.disabled = str(ph.number), ph.blocked, ph.blocked
        self.ids.pad_keys.cols = min(len(phantoms), 5) or 1

    def pressed(self, number: int) -> None:
        if self.screen is not None:
            self.screen.keypad_choose(self.seat, number)

    def cancel(self) -> None:
        if self.screen is not None:
            self.screen.keypad_close()


class SyncAssociationHandCover(SyncAssociationCover):
    def show(self, seat: int, hand) -> None:
        self.seat = seat
        self.title = _("Seat {seat}: which key card do you lay?").format(seat=seat)
        cards = reuse(self.ids.cards, len(hand), lambda: make("SyncAssociationHandCard"))
        for button, card in zip(cards, hand, strict=True):
            button.card, button.cover = card, self
            button.text = _("Key card {card}").format(card=card)

    def pressed(self, card: int) -> None:
        if self.screen is not None:
            self.screen.lay(self.seat, card)

    def cancel(self) -> None:
        if self.screen is not None:
            self.screen.hand_close()


theme.load_kv(__file__)
