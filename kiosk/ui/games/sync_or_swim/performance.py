"""The Performance: lanes revealed one by one from lane 1, each swimmer's cards and a
plain reason for every failure, then the IN SYNC / NOT IN SYNC banner.

Staff can correct the table: a long press on the banner asks for the PIN, then flips the
verdict (``controller.act("override")``).
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make, reuse
from kiosk.ui.widgets.popups import PinPad
from kiosk.ui.widgets.swimmer_block import SwimmerBlock

REVEAL_SECONDS = 1.2   # between lanes, like a table turning its cards over together
LONG_PRESS_SECONDS = 2.0


def lane_heading(lane) -> str:
    mark = _("MET") if lane.passed else _("MISSED")
    choice = f" ({lane.choice})" if lane.choice else ""
    return _("Lane {lane}: {rule} - {mark}").format(lane=lane.lane, rule=f"{lane.rule}{choice}",
                                                    mark=mark)


def failure_lines(lane) -> list[str]:
    lines = []
    for swimmer in lane.swimmers:
        if swimmer.passed:
            continue
        reason = swimmer.reason or _("did not meet it")
        seat = _("Seat {seat}").format(seat=swimmer.seat)
        lines.append(reason if reason.startswith(seat) else f"{seat}: {reason}")
    return lines


def banner_text(verdict) -> str:
    text = _("IN SYNC!") if verdict.in_sync else _("NOT IN SYNC (+10 s)")
    if verdict.overridden:
        text += "\n" + _("corrected by staff")
    elif verdict.by_hand:
        text += "\n" + _("judged by the players")
    return text


class PerformanceScreen(ViewScreen):
    revealed = NumericProperty(0)     # lanes shown so far
    lanes = NumericProperty(0)
    done = BooleanProperty(False)     # every lane shown: the banner is up
    in_sync = BooleanProperty(False)
    banner = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reveal = None
        self._verdict = None

    def redraw(self, view) -> None:
        verdict = view.payload.verdict
        if verdict is None:
            return
        self.in_sync = verdict.in_sync
        self.banner = banner_text(verdict)
        if self._verdict is not None and verdict.lanes == self._verdict.lanes:
            self._verdict = verdict  # an override: same cards, new banner
            return
        self._verdict = verdict
        self._build_lanes(verdict)

    def _build_lanes(self, verdict) -> None:
        """One row per lane, hidden until revealed; the rows, swimmer blocks and card
        widgets of the last verdict are reused. A row is filled only as it is revealed,
        so the frame that first shows the verdict renders lane 1's texts alone, not
        every lane's (each new label texture costs several ms of software rendering)."""
        box = self.ids.lanes
        self.lanes = len(verdict.lanes)
        self.revealed = 0
        self.done = False
        for row in reuse(box, len(verdict.lanes), lambda: make("LaneRow")):
            row.opacity = 0
        if self._reveal is not None:
            self._reveal.cancel()
        self.reveal_next()
        self._reveal = Clock.schedule_interval(self.reveal_next, REVEAL_SECONDS)

    def _fill(self, row, lane) -> None:
        row.heading = lane_heading(lane)
        row.passed = lane.passed
        swimmers = row.ids.swimmers
        swimmers.parent.scroll_x = 0  # a reused row starts at its first swimmer
        blocks = reuse(swimmers, len(lane.swimmers), SwimmerBlock)
        for block, swimmer in zip(blocks, lane.swimmers, strict=False):
            block.seat = swimmer.seat
            block.passed = swimmer.passed
            block.cards = tuple(swimmer.cards)
        row.reasons = "\n".join(failure_lines(lane))

    def reveal_next(self, *_):
        if self._verdict is None or self.app is None:  # left, or the app is closing
            return False
        rows = list(reversed(self.ids.lanes.children))
        if self.revealed < len(rows):
            row = rows[self.revealed]
            self._fill(row, self._verdict.lanes[self.revealed])
            row.opacity = 1
            self.revealed += 1
            scroll = self.ids.scroll
            if self.ids.lanes.height > scroll.height:
                scroll.scroll_to(row, padding=10, animate=False)
            return True
        self.done = True
        return False

    def show_all(self) -> None:
        while self.reveal_next() is not False:
            pass
        if self._reveal is not None:
            self._reveal.cancel()

    def on_leave(self, *_):
        if self._reveal is not None:
            self._reveal.cancel()
        self._verdict = None

    def next(self) -> None:
        self.controller.act("next")

    def ask_override(self) -> None:
        PinPad(on_success=self.override, check=self.app.check_pin).open()

    def override(self) -> None:
        self.controller.act("override", in_sync=not self.in_sync)


theme.load_kv(__file__)
