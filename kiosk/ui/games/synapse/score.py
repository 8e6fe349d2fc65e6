"""A round's score, explained on the grid (:mod:`.notes`: every connection's value,
each line's path, each double outlined, revealed one at a time), with each player's
scoring cards, the +5 and the totals in their own panel and bar (north's turned to face
them when two play). After the last round: the winner, and a new game."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.games.synapse.area import SynapsePlayArea  # noqa: F401  (kv)
from kiosk.ui.games.synapse.notes import draw_notes, steps
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.turned import Turned  # noqa: F401  (kv)

REVEAL_SECONDS = 2.5   # the whole explanation appears within this


class SynapseScoreBar(BoxLayout):
    side = StringProperty("south")
    text = StringProperty("")
    button = StringProperty("")
    screen = None

    def pressed(self) -> None:
        if self.screen is not None:
            self.screen.go_on()


def panel_text(p, side: str) -> str:
    """A player's scoring cards, the +5 and their points, one line each."""
    score = p.score
    lines = []
    if score is None:  # resigned during a round: nothing of it is scored
        return _("{player} resigned").format(player=_(p.side_name(p.resigned))) \
            if p.resigned else ""
    for s in score.scorers:
        if s.owner != side:
            continue
        if s.kind == "line":
            lines.append(_("Line on {cell}: {total}").format(cell=s.cell, total=s.total))
        else:
            base = s.total // 2
            lines.append(_("Double on {cell}: 2 × {base} = {total}").format(
                cell=s.cell, base=base, total=s.total))
    if score.bonus == side:
        how = _("{player} stopped").format(player=_(p.side_name(score.stopped_by))) \
            if score.stopped_by else _("last card placed")
        lines.append(f"+{score.bonus_points} ({how})")
    if not lines:
        lines.append(_("No points this round"))
    index = 0 if side == "north" else 1
    rounds = ", ".join(str(t[index]) for t in p.round_totals)
    lines.append(_("Rounds: {rounds}").format(rounds=rounds))
    return "\n".join(lines)


class SynapseScoreScreen(ViewScreen):
    revealed = NumericProperty(0)
    over = BooleanProperty(False)
    north_panel = StringProperty("")
    south_panel = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._shown = None
        self._reveal = None
        self.ids.area.bind(cell=self._notes, origin=self._notes)
        for bar in (self.ids.north, self.ids.south):
            bar.screen = self

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or (p.score is None and view.phase != "game_over"):
            return
        area = self.ids.area
        area.payload = p
        self.over = view.phase == "game_over"
        self.ids.north_turn.turned = self.ids.north_side.turned = p.mode == "hotseat"
        self.north_panel, self.south_panel = panel_text(p, "north"), panel_text(p, "south")
        north, south = p.score.totals if p.score is not None else (0, 0)
        game = _("Game: {north} {north_total}, {south} {south_total}").format(
            north=_(p.side_name("north")), north_total=p.totals[0],
            south=_(p.side_name("south")), south_total=p.totals[1])
        for bar, side, points in ((self.ids.north, "north", north),
                                  (self.ids.south, "south", south)):
            mine = (_("{player}: {points} in round {number}").format(
                player=_(p.side_name(side)), points=points, number=p.score.number)
                    if p.score is not None else game)
            bar.text = f"{p.result}\n{mine}" if self.over and p.result else f"{mine}  ·  {game}"
            bar.button = _("New game") if self.over else _("Next round")
        if self._shown != p.score:
            self._shown = p.score
            self._start_reveal(len(steps(p.score)))
        self._notes()

    def _start_reveal(self, count: int) -> None:
        if self._reveal is not None:
            self._reveal.cancel()
        self.revealed = 0
        if count == 0:
            return
        every = min(0.25, REVEAL_SECONDS / count)
        self._reveal = Clock.schedule_interval(self._more, every)

    def _more(self, *_):
        total = len(steps(self._shown)) if self._shown is not None else 0
        self.revealed = min(total, self.revealed + 1)
        self._notes()
        return self.revealed < total  # False stops the interval

    def _notes(self, *_):
        area = self.ids.area
        area.drawn_texts = draw_notes(area, self._shown, int(self.revealed))

    def go_on(self) -> None:
        self.controller.act("new_game" if self.over else "next_round")

    def on_leave(self, *_):
        if self._reveal is not None:
            self._reveal.cancel()


theme.load_kv(__file__)
