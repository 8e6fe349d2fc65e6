"""The attract loop: what an empty table shows until someone touches it, and where
players pick a game. With one game installed the whole screen starts it (one touch
away, as ever); with several, each game is a tile: its name in its own look
(``GameScreens.title``), players, one line, a big Play button, and its How to play and
Records (``GameScreens.how_to_play`` / ``records``: the game is selected, then its
overlay opens; closing it comes back here). A game with ``GameScreens.quick_play``
gets the Quick play bar: walk-ins start that game at once, no staff and no choices.
The games come from :mod:`kiosk.registry`; the tips are the running game's
(``GameScreens.tips``).

It moves, cheaply: every :data:`CYCLE_SECONDS` the spotlight passes to the next game
(its tile lights up, the line under the title becomes its tagline) and the invitation
to touch pulses once. Both are short :class:`~kivy.animation.Animation` s of a colour's
alpha and a label's opacity — no texture is rebuilt while they run, and between them
nothing changes, so Kivy draws no frame. Everything stops when the screen is left
(a game starts) and starts again when it comes back."""

from __future__ import annotations

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk import registry
from kiosk.ui import theme
from kiosk.ui.games import screens_of
from kiosk.ui.screens.base import ViewScreen

TIP_SECONDS = 5.0
CYCLE_SECONDS = 4.0   # the spotlight moves on, the invitation pulses
LIGHT_SECONDS = 0.6   # a tile lighting up or going dark
PULSE_SECONDS = 0.6   # the invitation fading out, then as long back in


def players_text(players: tuple[int, ...]) -> str:
    """How many play, in words.

    >>> players_text((3, 4, 5, 6)), players_text((2,)), players_text((1, 2))
    ('3 to 6 players', '2 players', '1 or 2 players')
    """
    low, high = min(players), max(players)
    if low == high:
        return f"{low} players"
    joint = " or " if high == low + 1 else " to "
    return f"{low}{joint}{high} players"


def quick_game() -> registry.GameInfo | None:
    """The first installed game that starts at once (``GameScreens.quick_play``)."""
    return next((info for info in registry.GAMES if screens_of(info.id).quick_play), None)


class GameTile(BoxLayout):
    """One game on offer (see attract.kv); ``lit`` (0..1) is the spotlight on it."""

    attract = ObjectProperty(None, allownone=True)
    game_id = StringProperty("")
    title = StringProperty("")
    name = StringProperty("")
    players = StringProperty("")
    tagline = StringProperty("")
    how_to_play = BooleanProperty(False)
    records = BooleanProperty(False)
    lit = NumericProperty(0.0)


class AttractScreen(ViewScreen):
    tip = StringProperty("")
    tip_index = NumericProperty(0)
    pulse = NumericProperty(1.0)      # the invitation's opacity
    single = BooleanProperty(len(registry.GAMES) == 1)
    title = StringProperty("")
    tagline = StringProperty("")
    quick_text = StringProperty("")   # "" when no game starts at once
    spot = NumericProperty(-1)        # the lit tile's index, -1 for none yet

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._tips = None
        self._cycle = None
        self._started: list[tuple[Animation, object]] = []
        first = registry.default()
        own = screens_of(first.id).title
        self.title = (own or first.name.upper()) if self.single else "Pick a game"
        self.tagline = first.tagline if self.single else "Touch a game to play it"
        self.tip = self._tip_list()[0] if self._tip_list() else ""
        quick = quick_game()
        self._quick_id = quick.id if quick is not None else ""
        self.quick_text = f"Quick play: {quick.name}" if quick else ""
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
            screens = screens_of(info.id)
            box.add_widget(GameTile(
                attract=self, game_id=info.id, title=screens.title or info.name,
                name=info.name, players=players_text(info.players), tagline=info.tagline,
                how_to_play=screens.how_to_play is not None,
                records=screens.records is not None))

    def tiles(self) -> list[GameTile]:
        """The tiles, first to last."""
        return self.ids.tiles.children[::-1]

    def tile(self, game_id: str):
        """The tile offering ``game_id`` (with several games)."""
        return next(t for t in self.ids.tiles.children if t.game_id == game_id)

    # ------------------------------------------------------------------ moving

    def on_enter(self, *_):
        self._tips = Clock.schedule_interval(self.next_tip, TIP_SECONDS)
        self._cycle = Clock.schedule_interval(self.next_spot, CYCLE_SECONDS)
        self.next_spot()

    def on_leave(self, *_):
        for event in (self._tips, self._cycle):
            if event is not None:
                event.cancel()
        self._tips = self._cycle = None
        Animation.cancel_all(self, "pulse")
        for tile in self.tiles():
            Animation.cancel_all(tile, "lit")
        self.pulse = 1.0

    def moving(self) -> bool:
        """True while the loop runs or any of its animations does."""
        return self._cycle is not None or any(
            animation.have_properties_to_animate(widget)
            for animation, widget in self._started)

    def _start(self, animation: Animation, widget) -> None:
        self._started = [(a, w) for a, w in self._started if a.have_properties_to_animate(w)]
        self._started.append((animation, widget))
        animation.start(widget)

    def next_spot(self, *_):
        """The spotlight to the next tile, and one pulse of the invitation."""
        tiles = self.tiles()
        if tiles:
            self.spot = (self.spot + 1) % len(tiles)
            for index, tile in enumerate(tiles):
                Animation.cancel_all(tile, "lit")
                self._start(Animation(lit=1.0 if index == self.spot else 0.0,
                                      d=LIGHT_SECONDS, t="out_quad"), tile)
            lit = tiles[self.spot]
            self.tagline = f"{lit.name}: {lit.tagline}" if lit.tagline else lit.name
        Animation.cancel_all(self, "pulse")
        self.pulse = 1.0
        self._start(Animation(pulse=0.45, d=PULSE_SECONDS, t="in_out_sine")
                    + Animation(pulse=1.0, d=PULSE_SECONDS, t="in_out_sine"), self)

    def next_tip(self, *_):
        tips = self._tip_list()
        if tips:
            self.tip_index = (self.tip_index + 1) % len(tips)
            self.tip = tips[self.tip_index]

    # ------------------------------------------------------------------ touches

    def wake(self) -> None:
        """A touch anywhere: the one installed game starts (with several, the tiles)."""
        if self.single:
            self.controller.wake()

    def play(self, game_id: str) -> None:
        self.controller.select_game(game_id)
        self.controller.wake()

    def quick_play(self) -> None:
        """Walk-ins: the quick game, at once (its own command picks the defaults)."""
        command = screens_of(self._quick_id).quick_play if self._quick_id else None
        if command:
            self.controller.select_game(self._quick_id)
            self.controller.act(command)

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
