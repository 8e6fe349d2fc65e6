"""The attract loop: what an empty table shows until someone touches it, and where
players pick a game. With one game installed the whole screen starts it (one touch
away, as ever); with several, each game is a big tile (name, players, one line) and
a touch on it selects that game and starts it. The games come from
:mod:`kiosk.registry`; the tips are the running game's (``GameScreens.tips``)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk import registry
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen

TIP_SECONDS = 5.0


def players_text(players: tuple[int, ...]) -> str:
    """>>> players_text((3, 4, 5, 6)), players_text((2,)), players_text((1, 2))
    ('3 to 6 players', '2 players', '1 or 2 players')"""
    low, high = min(players), max(players)
    if low == high:
        return f"{low} players"
    joint = " or " if high == low + 1 else " to "
    return f"{low}{joint}{high} players"


class AttractScreen(ViewScreen):
    tip = StringProperty("")
    tip_index = NumericProperty(0)
    pulse = NumericProperty(1.0)
    single = BooleanProperty(len(registry.GAMES) == 1)
    title = StringProperty("")
    tagline = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._tips = None
        first = registry.default()
        self.title = first.name.upper() if self.single else "Pick a game"
        self.tagline = first.tagline if self.single else "Touch a game to play it"
        self.tip = self._tip_list()[0] if self._tip_list() else ""
        self._build_tiles()

    def _tip_list(self) -> tuple[str, ...]:
        app = self.app
        screens = getattr(app, "game_screens", None)
        return tuple(getattr(screens, "tips", ()))

    def _build_tiles(self) -> None:
        box = self.ids.tiles
        box.clear_widgets()
        if self.single:
            return
        for info in registry.GAMES:
            tile = Factory.GameTile(text=f"[b]{info.name}[/b]\n{players_text(info.players)}"
                                         f"\n{info.tagline}")
            tile.game_id = info.id
            tile.bind(on_release=lambda t: self.play(t.game_id))
            box.add_widget(tile)

    def on_enter(self, *_):
        self._tips = Clock.schedule_interval(self.next_tip, TIP_SECONDS)

    def on_leave(self, *_):
        if self._tips is not None:
            self._tips.cancel()

    def next_tip(self, *_):
        tips = self._tip_list()
        if tips:
            self.tip_index = (self.tip_index + 1) % len(tips)
            self.tip = tips[self.tip_index]

    def wake(self) -> None:
        """A touch anywhere: the one installed game starts (with several, the tiles)."""
        if self.single:
            self.controller.wake()

    def play(self, game_id: str) -> None:
        self.controller.select_game(game_id)
        self.controller.wake()


theme.load_kv(__file__)
