"""The attract loop: what an empty table shows until someone touches it, and where
players pick a game. With one game installed the whole screen starts it (one touch
away, as ever); with several, each game is a tile: its name in its own look
(``GameScreens.title``), players, one line, a big Play button, and its How to play and
Records (``GameScreens.how_to_play`` / ``records``: the game is selected, then its
overlay opens; closing it comes back here). The games come from
:mod:`kiosk.registry`; the tips are the running game's (``GameScreens.tips``)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk import i18n, registry
from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.games import screens_of
from kiosk.ui.screens.base import ViewScreen

TIP_SECONDS = 5.0


def players_text(players: tuple[int, ...]) -> str:
    """>>> players_text((3, 4, 5, 6)), players_text((2,)), players_text((1, 2))
    ('3 to 6 players', '2 players', '1 or 2 players')"""
    low, high = min(players), max(players)
    if low == high:
        return _("{count} players").format(count=low)
    if high == low + 1:
        return _("{low} or {high} players").format(low=low, high=high)
    return _("{low} to {high} players").format(low=low, high=high)


class GameTile(BoxLayout):
    """One game on offer (see attract.kv)."""

    attract = ObjectProperty(None, allownone=True)
    game_id = StringProperty("")
    title = StringProperty("")
    name = StringProperty("")
    players = StringProperty("")
    tagline = StringProperty("")
    how_to_play = BooleanProperty(False)
    records = BooleanProperty(False)


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
        self.relabel()

    def relabel(self) -> None:
        """Every text this screen writes itself, in the current language."""
        first = registry.default()
        own = screens_of(first.id).title
        self.title = (own or first.name.upper()) if self.single else _("Pick a game")
        self.tagline = _(first.tagline) if self.single else _("Touch a game to play it")
        tips = self._tip_list()
        self.tip = tips[self.tip_index % len(tips)] if tips else ""
        self._build_tiles()

    def next_language(self) -> None:
        """The language button: the next shipped language, for the whole table."""
        self.app.choose_language(i18n.next_language(self.app.lang))

    def _tip_list(self) -> tuple[str, ...]:
        app = self.app
        screens = getattr(app, "game_screens", None)
        return tuple(_(tip) for tip in getattr(screens, "tips", ()))

    def _build_tiles(self) -> None:
        box = self.ids.tiles
        box.clear_widgets()
        if self.single:
            return
        for info in registry.GAMES:
            screens = screens_of(info.id)
            box.add_widget(GameTile(
                attract=self, game_id=info.id, title=screens.title or info.name,
                name=info.name, players=players_text(info.players), tagline=_(info.tagline),
                how_to_play=screens.how_to_play is not None,
                records=screens.records is not None))

    def tile(self, game_id: str):
        """The tile offering ``game_id`` (with several games)."""
        return next(t for t in self.ids.tiles.children if t.game_id == game_id)

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

    def how_to_play(self, game_id: str) -> None:
        self._open(game_id, "how_to_play")

    def records(self, game_id: str) -> None:
        self._open(game_id, "records")

    def _open(self, game_id: str, which: str) -> None:
        """Select the game (still on the attract screen), then open its overlay once
        the app follows it (at once when the select is pumped here, else next frame)."""
        self.controller.select_game(game_id)

        def open_when_following(_dt=None, tries: int = 30) -> None:
            app = self.app
            if app.view.game == game_id:
                name = getattr(app.game_screens, which)
                if name is not None:
                    app.open_overlay(name)
            elif tries > 0:
                Clock.schedule_once(lambda dt: open_when_following(dt, tries - 1))

        open_when_following()


theme.load_kv(__file__)
