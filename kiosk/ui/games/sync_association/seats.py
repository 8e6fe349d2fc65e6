"""Each seat's box at the screen's edge, near the seat: its synchroniser's status
(waiting, token down, keypad, a problem sentence, blocked; after the reveal its
number), its mood as the box's colour and in words, and the buttons that seat may use
now (mood, keypad, block its synchroniser, lay a key card).

Seats sit around the table clockwise: the first half of the table's seats along the
bottom edge, left to right, the rest along the top edge, right to left.

>>> edges((1, 2, 3, 4, 5, 6), (1, 2, 4, 5))
([1, 2], [5, 4])
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui import theme

MOOD_COLOURS = {"green": theme.GOOD, "yellow": theme.WARN, "red": theme.BAD}
MOOD_WORDS = {"green": "green: sure", "yellow": "yellow: not sure", "red": "red: lost",
              None: "no mood yet"}
STATUS_WORDS = {"waiting": "Waiting: lay your token", "token": "Set: token down",
                "keypad": "Set on the keypad", "blocked": "Blocked this round"}


def edges(table: tuple[int, ...], playing: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The playing seats along the bottom edge and along the top edge."""
    order = list(table) or list(playing)
    half = (len(order) + 1) // 2
    bottom = [s for s in order[:half] if s in playing]
    top = [s for s in reversed(order[half:]) if s in playing]
    return bottom, top


def status_text(seat, phase: str) -> str:
    """What a seat's box says (never a number before the reveal)."""
    if seat.status == "revealed":
        return str(seat.number)
    if seat.status == "problem":
        return seat.problem or "Something is wrong on the reader"
    if seat.status == "idle":
        if phase == "laying":
            return "Lay a key card" if seat.to_lay else "Card laid"
        return ""
    return STATUS_WORDS.get(str(seat.status), str(seat.status))


class SyncAssociationSeatRow(BoxLayout):
    """A row of seat boxes, as tall as its tallest (none: no height at all)."""

    def on_children(self, *_):
        for child in self.children:
            child.unbind(height=self._fit)
            child.bind(height=self._fit)
        self._fit()

    def on_size(self, *_):
        self._fit()

    def _fit(self, *_):
        """As tall as the tallest box; a box is a third of the row at most, centred."""
        count = len(self.children)
        self.height = max((c.height for c in self.children), default=0)
        if not count:
            return
        width = (self.width - self.spacing * 2) / max(count, 3)
        for child in self.children:
            child.size_hint_x, child.width = None, width
        side = (self.width - width * count - self.spacing * (count - 1)) / 2
        self.padding = [max(0, side), 0, max(0, side), 0]


class SyncAssociationSeatBox(BoxLayout):
    seat = NumericProperty(0)
    heading = StringProperty("")
    status = StringProperty("")
    line = StringProperty("")              # what the box says (heading and status)
    revealed = BooleanProperty(False)      # the number shown, big
    mood_colour = ListProperty(theme.PANEL)
    buttons = ListProperty([])             # [(text, command)] for this seat now
    screen = None

    def update(self, seat, phase: str, payload) -> None:
        self.seat = seat.seat
        first = " · first" if seat.first else ""
        mood = MOOD_WORDS.get(seat.mood, str(seat.mood))
        self.heading = f"Seat {seat.seat}{first} · {mood}"
        self.status = status_text(seat, phase)
        self.revealed = seat.status == "revealed"
        self.line = self.heading if self.revealed or not self.status \
            else f"{self.heading} — {self.status}"   # one label: room at 800x480
        self.mood_colour = list(MOOD_COLOURS.get(seat.mood, theme.PANEL))
        self.buttons = seat_buttons(seat, phase, payload)
        self._buttons()

    def _buttons(self) -> None:
        from kiosk.ui.widgets.basics import make, reuse

        row = self.ids.buttons
        for button, (text, command) in zip(
                reuse(row, len(self.buttons), lambda: make("SyncAssociationSeatButton")),
                self.buttons, strict=True):
            button.text, button.command, button.box = text, command, self

    def pressed(self, command: str) -> None:
        if self.screen is not None:
            self.screen.seat_command(self.seat, command)


def seat_buttons(seat, phase: str, payload) -> list[tuple[str, str]]:
    """The buttons a seat's box offers now: (text, command)."""
    if phase == "choosing":
        if seat.status == "blocked":
            return [("Mood", "mood")]
        keypad = ("Token", "keypad_lift") if seat.status == "keypad" \
            else ("Keypad", "keypad_open")
        return [("Mood", "mood"), keypad]
    if phase == "blocking":
        blocked = any(b.kind == "seat" and b.value == seat.seat for b in payload.blocks)
        if blocked:
            return [("Unblock", "unblock")]
        if payload.blocks_left_this_round > 0:
            return [("Block", "block")]
        return []
    if phase == "laying" and seat.to_lay and (payload.keys_face_down or payload.order ==
                                               "improvised" or payload.to_lay[:1] == (seat.seat,)):
        return [("Lay a card", "lay")]
    return []
