"""The Performance, the climax of a round: the verdict on top from the very first frame,
then lane after lane from lane 1 the swimmers' cards turn over, every card that broke
the rule marked and its reason said in plain words (:mod:`.reasons`); IN SYNC ends in
a burst of confetti and a glowing banner, NOT IN SYNC in a kind word.

The first frame costs what it did: the screen comes in with a :class:`~kiosk.ui.cut.Cut`
and draws the banner alone; every lane's cards are laid face down on the next frame and
the animation runs from there, driven by one Clock interval at frame rate. A touch
anywhere shows the end at once (the same state the animation ends in); a finger on
the banner stays there, so staff's long press still reaches it: held, it asks for
the PIN and flips the verdict (``controller.act("override")``).
"""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.utils import escape_markup

from kiosk.ui import theme
from kiosk.ui.games.sync_or_swim.reasons import blamed, sentence
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make, reuse
from kiosk.ui.widgets.popups import PinPad
from kiosk.ui.widgets.stamps import sizes
from kiosk.ui.widgets.swimmer_block import SwimmerBlock

FIRST_LANE_AT = 0.3    # seconds of the banner alone before lane 1 turns
LANE_SECONDS = 1.0     # from one lane's turn to the next, like a table revealing together
FLIP_SECONDS = 0.35    # one card turning over
STAGGER = 0.09         # between one swimmer's cards and the next swimmer's
CELEBRATE_SECONDS = 2.4
LONG_PRESS_SECONDS = 2.0
MAX_STEP = 0.1         # a slow frame moves the animation on this much at most: no lane
                       # is ever skipped over unseen
SIDE_SHARE = 0.38      # of a lane's width for its rule and reasons, when beside the cards
SETTLED_GLOW = 0.5     # the IN SYNC banner's glow once the party is over


def banner_text(verdict) -> str:
    text = "IN SYNC!" if verdict.in_sync else "NOT IN SYNC (+10 s)"
    if verdict.overridden:
        text += "\ncorrected by staff"
    elif verdict.by_hand:
        text += "\njudged by the players"
    return text


def summary(verdict) -> str:
    """The line under the lanes once all are shown."""
    if verdict.in_sync:
        return "Every lane in sync. Beautiful swimming!"
    missed = sum(not lane.passed for lane in verdict.lanes)
    if missed == 1:
        return "So close: one lane missed. Same round again, with 10 more seconds."
    return (f"{missed} lanes missed. Take a breath: same round again, with 10 more "
            "seconds.")


def lane_reasons(lane) -> str:
    return "\n".join(sentence(s.reason) for s in lane.swimmers if not s.passed)


def fit_card_width(verdict, width: float, height: float, side: bool = False) -> float:
    """The widest card that lets every lane fit the box (``width`` x ``height``), between
    a readable floor and a comfortable ceiling. A lane is a row of swimmer blocks under
    its heading and a line per failing swimmer, or (``side``) beside them in a column
    of ``SIDE_SHARE`` of the width."""
    scale, min_font, _touch = sizes()
    lanes = verdict.lanes
    n = max(1, len(lanes))
    block_head = max(min_font, 20 * scale) * 1.3 + 18 * scale
    if side:
        over = 0.0
        width = width * (1 - SIDE_SHARE) - 14 * scale
    else:
        heading = max(min_font, 26 * scale) * 1.5
        lines = sum(not s.passed for lane in lanes for s in lane.swimmers)
        over = n * heading + lines * max(min_font, 22 * scale) * 1.35 + n * 8 * scale
    spacing = n * 10 * scale + n * 8 * scale
    by_height = (height - n * block_head - over - spacing) / n / 1.4
    by_width = []
    for lane in lanes:
        slots = sum(max(1, len(s.cards)) for s in lane.swimmers)
        blocks = len(lane.swimmers)
        room = width - blocks * 12 * scale - (slots - blocks) * 6 * scale - blocks * 10 * scale
        by_width.append(room / max(1, slots))
    floor = max(min_font * 2.4, 40.0)
    return max(floor, min(by_height, min(by_width, default=by_height), 230 * scale))


class PerformanceScreen(ViewScreen):
    revealed = NumericProperty(0)     # lanes turned over and explained so far
    lanes = NumericProperty(0)
    done = BooleanProperty(False)     # every lane shown: NEXT is offered
    still = BooleanProperty(True)     # nothing moving any more (the end state)
    laid = BooleanProperty(False)     # the cards are on screen (from the second frame)
    verdict_up = BooleanProperty(False)  # the banner is on screen
    in_sync = BooleanProperty(False)
    banner = StringProperty("")
    status = StringProperty("")
    card_w = NumericProperty(60)
    side = BooleanProperty(False)     # lanes' words beside their cards (wide screens)
    glow = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reveal = None
        self._party = None
        self._verdict = None
        self._elapsed = 0.0
        self._verdict_frame = -1
        self._party_elapsed = 0.0
        self._begun = 0                 # lanes whose cards started turning
        self.brief = False              # lanes headed by their rule's name alone
        self.reveal_order: list[int] = []  # lane numbers, as they were turned (tests)

    def redraw(self, view) -> None:
        verdict = view.payload.verdict
        if verdict is None:
            return
        self.in_sync = verdict.in_sync
        self.banner = banner_text(verdict)
        self.verdict_up = True
        if self._verdict is not None and verdict.lanes == self._verdict.lanes:
            self._verdict = verdict  # an override: same cards, new banner
            if self.done:
                self.status = summary(verdict)
                self.glow = SETTLED_GLOW if verdict.in_sync else 0
            return
        self._verdict = verdict
        self._build_lanes(verdict)

    def _build_lanes(self, verdict) -> None:
        """The verdict's first frame: the banner alone (the lanes of the last verdict
        hidden, the line under them empty). The cards are laid on the next frame
        (:meth:`_lay_cards`), so the stop's frame costs no more than the banner."""
        self._stop_clocks()
        self.lanes = len(verdict.lanes)
        self.revealed = self._begun = 0
        self.reveal_order = []
        self.done = self.still = self.laid = False
        self.glow = 0
        self._elapsed = 0.0
        self.ids.scroll.opacity = 0
        self.ids.confetti.clear()
        self._verdict_frame = Clock.frames_displayed  # counts the frames drawn
        self._reveal = Clock.schedule_interval(self._tick, 0)

    def _lay_cards(self, verdict) -> None:
        """One row per lane, every card face down; the rows and swimmer blocks of the
        last verdict are reused. Rule texts and reasons are written as each lane
        turns."""
        self.status = "The cards turn over, lane by lane. Touch to see them all."
        self._fit()
        box = self.ids.lanes
        for row, lane in zip(reuse(box, len(verdict.lanes), lambda: make("SyncLaneRow")),
                             verdict.lanes, strict=False):
            row.rule, row.reasons, row.state, row.number = "", "", "waiting", lane.lane
            row.card_w, row.side = self.card_w, self.side
            blocks = reuse(row.ids.swimmers, len(lane.swimmers), SwimmerBlock)
            for block, swimmer in zip(blocks, lane.swimmers, strict=False):
                block.show(turn=0, card_w=self.card_w, seat=swimmer.seat,
                           passed=swimmer.passed, cards=tuple(swimmer.cards),
                           blamed=() if swimmer.passed else blamed(
                               swimmer.reason, [c.short for c in swimmer.cards]))
        self.ids.scroll.scroll_y = 1
        self.ids.scroll.opacity = 1
        self.laid = True

    def _fit(self, *_) -> None:
        if self._verdict is not None:
            scroll = self.ids.scroll
            above = fit_card_width(self._verdict, scroll.width, scroll.height)
            beside = fit_card_width(self._verdict, scroll.width, scroll.height, side=True)
            roomier = beside > above * 1.15
            self.brief = False
            self.side = roomier and self._words_fit_beside(beside, scroll.width)
            if roomier and not self.side:  # the rule's name alone, its words on the round
                self.brief = True
                self.side = self._words_fit_beside(beside, scroll.width)
                self.brief = self.side
            self.card_w = beside if self.side else above

    def on_card_w(self, *_) -> None:
        for row in self.ids.lanes.children:
            row.card_w, row.side = self.card_w, self.side
            for block in row.ids.swimmers.children:
                block.card_w = self.card_w

    on_side = on_card_w

    def _words_fit_beside(self, card_w: float, width: float) -> bool:
        """Whether every lane's rule and reasons, in a column beside its cards, are no
        taller than the cards (a rough count of lines, erring on the tall side)."""
        scale, min_font, _touch = sizes()
        column = width * SIDE_SHARE
        room = card_w * 1.4 + max(min_font, 20 * scale) * 1.3 + 18 * scale
        for lane in self._verdict.lanes:
            lines = 0
            rule = self._rule_words(lane).replace("[b]", "").replace("[/b]", "")
            for text, base in ((rule, 24), (lane_reasons(lane), 22)):
                font = max(min_font, base * scale)
                per_line = max(1, int(column / (font * 0.52)))
                lines_h = sum(-(-len(part) // per_line) for part in text.split("\n") if part)
                lines += lines_h * font * 1.25
            if lines > room:
                return False
        return True

    def on_size(self, *_) -> None:
        Clock.schedule_once(self._fit)  # the scroll view is laid out after the screen

    def _rows(self) -> list:
        return list(reversed(self.ids.lanes.children))

    def _tick(self, dt: float) -> bool:
        """One frame of the reveal: lane *i* starts turning at ``FIRST_LANE_AT + i *
        LANE_SECONDS``, each swimmer's cards ``STAGGER`` after the last swimmer's."""
        if self._verdict is None or self.app is None:  # left, or the app is closing
            return False
        if Clock.frames_displayed == self._verdict_frame and self._elapsed < 1e6:
            return True   # the verdict's own frame is not drawn yet: the banner alone
        self._elapsed += min(dt, MAX_STEP)
        if not self.laid:
            self._lay_cards(self._verdict)
        rows = self._rows()
        for index, (row, lane) in enumerate(zip(rows, self._verdict.lanes, strict=False)):
            start = FIRST_LANE_AT + index * LANE_SECONDS
            if self._elapsed < start:
                break
            if index >= self._begun:
                self._begun = index + 1
                self.reveal_order.append(lane.lane)
                row.rule = self._rule_words(lane)
                self._scroll_to(row)
            blocks = list(reversed(row.ids.swimmers.children))
            for n, block in enumerate(blocks):
                block.turn = min(1.0, max(0.0, (self._elapsed - start - n * STAGGER)
                                          / FLIP_SECONDS))
            if index >= self.revealed and all(b.turn >= 1 for b in blocks):
                row.state = "met" if lane.passed else "missed"
                row.reasons = lane_reasons(lane)
                self.revealed = index + 1
        if self.revealed < len(rows):
            return True
        self._reveal = None
        self._end_reveal()
        return False

    def _rule_words(self, lane) -> str:
        """The element's name in bold and what it asks, as the rule card says it."""
        rules = self.view.payload.rules if self.view is not None else ()
        text = next((r.text for r in rules if r.kind == "element" and r.lane == lane.lane),
                    "")
        words = f"[b]{escape_markup(lane.rule)}[/b]"
        if lane.choice:
            words += "  " + escape_markup(f"(captain's choice: {lane.choice})")
        elif text and not self.brief:
            words += "  " + escape_markup(text)
        return words

    def _scroll_to(self, row) -> None:
        scroll = self.ids.scroll
        if self.ids.lanes.height > scroll.height:
            scroll.scroll_to(row, padding=10, animate=False)

    def _end_reveal(self) -> None:
        self.done = True
        self.status = summary(self._verdict)
        if self._verdict.in_sync:
            self._party_elapsed = 0.0
            self.ids.confetti.throw()
            self._party = Clock.schedule_interval(self._celebrate, 0)
        else:
            self.still = True

    def _celebrate(self, dt: float) -> bool:
        self._party_elapsed += dt
        if self._party_elapsed >= CELEBRATE_SECONDS or self.app is None:
            self._party = None
            self._settle()
            return False
        self.ids.confetti.step(dt)
        self.glow = SETTLED_GLOW + 0.5 * abs(math.sin(self._party_elapsed * math.pi * 1.6))
        return True

    def _settle(self) -> None:
        self.ids.confetti.clear()
        self.glow = SETTLED_GLOW if self.in_sync else 0
        self.still = True

    def show_all(self) -> None:
        """Skip to the end: every lane turned and explained (the confetti of an IN SYNC
        still flies; a second touch ends it)."""
        if self._verdict is None:
            return
        if self._reveal is not None:
            self._reveal.cancel()
            self._reveal = None
            self._elapsed = 1e6
            self._tick(0)
            if self._reveal is None and not self.done:
                self._end_reveal()
        elif self._party is not None:
            self._party.cancel()
            self._party = None
            self._settle()

    def on_touch_down(self, touch):
        if self._verdict is not None and not self.done and self.collide_point(*touch.pos):
            self.show_all()
            banner = self.ids.banner
            if banner.collide_point(*banner.to_widget(*self.to_window(*touch.pos))):
                return super().on_touch_down(touch)  # staff holding the banner
            return True
        if self._party is not None:
            self.show_all()
        return super().on_touch_down(touch)

    def _stop_clocks(self) -> None:
        for event in (self._reveal, self._party):
            if event is not None:
                event.cancel()
        self._reveal = self._party = None

    def on_leave(self, *_):
        self._stop_clocks()
        self.ids.confetti.clear()
        self._verdict = None
        self.verdict_up = False

    def next(self) -> None:
        self.controller.act("next")

    def ask_override(self) -> None:
        PinPad(on_success=self.override, check=self.app.check_pin).open()

    def override(self) -> None:
        self.controller.act("override", in_sync=not self.in_sync)


theme.load_kv(__file__)
