"""The play area between the two seat bars: the 6×6 grid in the middle and each
player's hand in the two corners on their side (north's turned to face them).

Squares are as large as the area allows: side ``s = min(height / 6, width / 12.4)``
(six grid cells high; three hand columns each side of the grid), so at 800×480 a card
is a 60 px touch target and at 1280×800 about 103 px. A card in hand keeps its slot
for the whole round, so nothing shifts under the other player's finger.

Touches: every finger is its own drag (Kivy keeps them apart by ``touch.uid``;
``touch.grab`` brings each one's moves and release back here). A touch that does not
move is a tap: the card turns a quarter clockwise. Released over a legal cell, the card
is sent with ``controller.act("place", …)``; releases that land in the same frame are
sent in touch-down order, so the earlier touch wins a cell both reach at once. A refused
card (the cell went first) or one released elsewhere goes back to its slot; the screen's
``on_refused(side, message)`` shows the cue.
"""

from __future__ import annotations

from dataclasses import dataclass

from kivy.clock import Clock
from kivy.graphics import Canvas, Color, InstructionGroup, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from kiosk.i18n import _
from kiosk.ui.games.synapse.cards import SynapseCard

COLUMNS = "abcdef"
SIDES = ("north", "south")
TAP_SLOP = 0.15  # of a card's side: a touch that moves less is a tap


def cell_name(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"


def parse_cell(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


@dataclass
class Drag:
    card: SynapseCard
    side: str
    offset: tuple[float, float]   # card position minus the finger's
    start: tuple[float, float]
    time_start: float
    moved: bool = False


class SynapsePlayArea(Widget):
    payload = ObjectProperty(None, allownone=True)
    mode = StringProperty("play")    # "play": hands and drags; "score": the grid only
    cell = NumericProperty(1.0)      # a card's side, px
    origin = ListProperty([0.0, 0.0])  # the grid's bottom-left corner (a6's), window px

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cells: dict[str, SynapseCard] = {}
        self.hands: dict[str, dict[str, SynapseCard]] = {"north": {}, "south": {}}
        self.slots: dict[str, dict[str, int]] = {"north": {}, "south": {}}
        self.angles: dict[str, int] = {}     # card id -> how the player turned it
        self.drags: dict[int, Drag] = {}     # touch uid -> its drag
        self.pending: list[tuple[float, int, Drag, str]] = []  # touch-down time, uid
        self.on_refused = lambda side, message: None
        self.sent: list[tuple[str, str, str, int, bool]] = []  # (side, card, cell, turn, ok)
        self._round = -1
        self._flush = Clock.create_trigger(self._send_drops)
        with self.canvas.before:
            self._board = InstructionGroup()
        self.notes = Canvas()   # the score screen draws here, over the cards
        self.canvas.after.add(self.notes)
        with self.canvas.after:
            self._hover = InstructionGroup()
        self.bind(pos=self._layout, size=self._layout, payload=self._show)

    # ------------------------------------------------------------------ geometry

    def _layout(self, *_):
        self.cell = max(1.0, min(self.height / 6, self.width / 12.4))
        s = self.cell
        self.origin = [self.x + (self.width - 6 * s) / 2, self.y + (self.height - 6 * s) / 2]
        self._draw_board()
        for name, card in self.cells.items():
            card.size = (s, s)
            card.pos = self.cell_pos(name)
        for side in SIDES:
            for card_id, card in self.hands[side].items():
                card.size = (s, s)
                card.slot = self.slot_pos(side, self.slots[side].get(card_id, 0))
                if not any(d.card is card for d in self.drags.values()):
                    card.pos = card.slot

    def cell_pos(self, name: str) -> tuple[float, float]:
        column, row = parse_cell(name)
        return self.origin[0] + column * self.cell, self.origin[1] + (5 - row) * self.cell

    def cell_at(self, x: float, y: float) -> str | None:
        column = int((x - self.origin[0]) // self.cell)
        row = 5 - int((y - self.origin[1]) // self.cell)
        if 0 <= column < 6 and 0 <= row < 6:
            return cell_name(column, row)
        return None

    def slot_pos(self, side: str, slot: int) -> tuple[float, float]:
        """South's slots: nine in the bottom-left corner, nine in the bottom-right,
        the row nearest the player first; north's are the same turned half way round."""
        s = self.cell
        gap = s * 0.1
        block, k = divmod(slot, 9)
        row, column = divmod(k, 3)
        left = self.origin[0] - gap - 3 * s if block == 0 else self.origin[0] + 6 * s + gap
        x, y = left + column * s, self.origin[1] + row * s
        if side == "north":  # turned about the area's centre
            x = 2 * self.center_x - x - s
            y = 2 * self.center_y - y - s
        return x, y

    # ------------------------------------------------------------------ drawing

    def _draw_board(self) -> None:
        g = self._board
        g.clear()
        s, (ox, oy) = self.cell, self.origin
        p = self.payload
        legal = set(p.legal) if p is not None and self.mode == "play" else set()
        g.add(Color(0.05, 0.22, 0.36, 1))
        g.add(Rectangle(pos=(ox, oy), size=(6 * s, 6 * s)))
        if legal:
            g.add(Color(0.10, 0.36, 0.50, 1))
            for name in legal:
                x, y = self.cell_pos(name)
                g.add(Rectangle(pos=(x + 2, y + 2), size=(s - 4, s - 4)))
        g.add(Color(0.25, 0.45, 0.60, 1))
        for k in range(7):
            g.add(Line(points=[ox + k * s, oy, ox + k * s, oy + 6 * s], width=1))
            g.add(Line(points=[ox, oy + k * s, ox + 6 * s, oy + k * s], width=1))

    def _show(self, *_):
        p = self.payload
        if p is None:
            return
        if p.round_number != self._round:  # a new round: fresh hands and slots
            self._round = p.round_number
            self._drop_all()
            for side, hand in zip(SIDES, p.hands, strict=True):
                self.slots[side] = {c.card_id: i for i, c in enumerate(hand)}
            self.angles = {}
        self._sync_grid(p)
        self._sync_hands(p)
        self._layout()

    def _sync_grid(self, p) -> None:
        wanted = {c.cell: c for c in p.grid}
        for name in [n for n in self.cells if n not in wanted]:
            self.remove_widget(self.cells.pop(name))
        for name, cell in wanted.items():
            card = self.cells.get(name)
            if card is None:
                card = self.cells[name] = SynapseCard(size=(self.cell, self.cell))
                self.add_widget(card, index=len(self.children))  # under hands and drags
            if card.card != cell.card:
                card.card = cell.card

    def _sync_hands(self, p) -> None:
        show_hands = self.mode == "play"
        kiosk = p.kiosk_side()
        for side, hand in zip(SIDES, p.hands, strict=True):
            mine = self.hands[side]
            wanted = {c.card_id: c for c in hand} if show_hands else {}
            for card_id in [i for i in mine if i not in wanted]:
                card = mine.pop(card_id)
                self._forget_drags(card)
                self.remove_widget(card)
            for card_id, view in wanted.items():
                card = mine.get(card_id)
                if card is None:
                    card = mine[card_id] = SynapseCard(size=(self.cell, self.cell))
                    card.angle = self.angles.setdefault(card_id, 180 if side == "north" else 0)
                    self.slots[side].setdefault(card_id, len(self.slots[side]))
                    self.add_widget(card)
                card.card = view
                card.dim = 0.35 if side == kiosk else 0

    def _forget_drags(self, card) -> None:
        for uid in [u for u, d in self.drags.items() if d.card is card]:
            del self.drags[uid]
        self.pending = [x for x in self.pending if x[2].card is not card]
        self._draw_hover()

    def _drop_all(self) -> None:
        self.drags.clear()
        self.pending.clear()
        for side in SIDES:
            for card in self.hands[side].values():
                self.remove_widget(card)
            self.hands[side] = {}
        self._draw_hover()

    def _draw_hover(self) -> None:
        g = self._hover
        g.clear()
        legal = set(self.payload.legal) if self.payload is not None else set()
        for drag in self.drags.values():
            if not drag.moved:
                continue
            name = self.cell_at(*drag.card.center)
            if name is None:
                continue
            x, y = self.cell_pos(name)
            ok = name in legal
            g.add(Color(*((0.3, 1, 0.5, 1) if ok else (1, 0.4, 0.3, 0.8))))
            g.add(Line(rectangle=(x + 2, y + 2, self.cell - 4, self.cell - 4),
                       width=3 if ok else 1.5, dash_offset=0 if ok else 4))

    # ------------------------------------------------------------------ touches

    def draggable(self, side: str) -> bool:
        p = self.payload
        return (self.mode == "play" and p is not None and bool(p.legal)
                and side != p.kiosk_side())

    def card_at(self, x: float, y: float) -> tuple[str, SynapseCard] | None:
        held = {id(d.card) for d in self.drags.values()}
        for side in SIDES:
            for card in self.hands[side].values():
                if id(card) not in held and card.collide_point(x, y):
                    return side, card
        return None

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        found = self.card_at(*touch.pos)
        if found is None or not self.draggable(found[0]):
            return super().on_touch_down(touch)
        side, card = found
        touch.grab(self)
        self.drags[touch.uid] = Drag(card, side, (card.x - touch.x, card.y - touch.y),
                                     touch.pos, touch.time_start)
        self.remove_widget(card)  # on top of everything while it moves
        self.add_widget(card)
        return True

    def on_touch_move(self, touch):
        drag = self.drags.get(touch.uid)
        if touch.grab_current is not self or drag is None:
            return super().on_touch_move(touch)
        dx, dy = touch.x - drag.start[0], touch.y - drag.start[1]
        if not drag.moved and (dx * dx + dy * dy) ** 0.5 > self.cell * TAP_SLOP:
            drag.moved = True
            drag.offset = (-self.cell / 2, -self.cell / 2)  # the card centres on the finger
        if drag.moved:
            drag.card.pos = (touch.x + drag.offset[0], touch.y + drag.offset[1])
            self._draw_hover()
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is not self:
            return super().on_touch_up(touch)
        touch.ungrab(self)
        drag = self.drags.pop(touch.uid, None)
        if drag is None:
            return True
        card = drag.card
        if not drag.moved:  # a tap: a quarter turn clockwise
            card.angle = (card.angle + 90) % 360
            self.angles[card.card.card_id] = int(card.angle)
            card.pos = card.slot or card.pos
            return True
        name = self.cell_at(*card.center)
        if name is not None and self.payload is not None and name in self.payload.legal:
            self.pending.append((drag.time_start, touch.uid, drag, name))
            self._flush()
        else:
            self.send_back(card)
        self._draw_hover()
        return True

    def send_back(self, card: SynapseCard) -> None:
        if card.slot is not None:
            card.pos = card.slot

    def _send_drops(self, *_args):
        """Send this frame's drops, the earliest touch-down first."""
        drops, self.pending = sorted(self.pending, key=lambda x: x[:2]), []
        for _t, _uid, drag, name in drops:
            card = drag.card
            if card.card is None:
                continue
            turn = int(card.angle) % 360
            ok = self.place(drag.side, card.card.card_id, name, turn)
            self.sent.append((drag.side, card.card.card_id, name, turn, ok is True))
            if ok is not True:
                self.send_back(card)
                p = self.current()
                taken = next((c for c in (p.grid if p else ()) if c.cell == name), None)
                who = p.side_name(taken.card.owner) if taken and taken.card.owner else ""
                self.on_refused(drag.side, _("{player} got {cell} first").format(
                    player=_(who), cell=name) if who
                    else _("{cell} cannot take it now").format(cell=name))
        self._draw_hover()

    def place(self, side: str, card_id: str, cell: str, rotation: int):
        """Send the placement: True placed (the screen sets this to the controller's
        ``act``)."""
        return None

    def current(self):
        """The latest payload (the screen's is a frame behind a command just sent)."""
        return self.payload
