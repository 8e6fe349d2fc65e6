"""The app shell: a ScreenManager that follows ``view.phase``, a ~30 Hz pump of the
controller on the main thread, and a listener that routes the controller's reports to
the screens. It holds no game logic and names no game: the controller decides, the
running game's UI package (:mod:`kiosk.ui.games`) says which of its screens shows
each phase, and the screens draw.
"""

from __future__ import annotations

import gc

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import ScreenManager, ScreenManagerException

from kiosk import registry
from kiosk.staff import misshapen
from kiosk.table.api import Controller, ControllerListener, StaffAction, TableView
from kiosk.ui import theme, widgets  # noqa: F401  (registers the widgets' kv rules)
from kiosk.ui.cut import Cut
from kiosk.ui.games import GameScreens, screens_of
from kiosk.ui.headless import finish_frames, release_free_heap
from kiosk.ui.screens import SHARED_OVERLAYS, screen_for, screen_references
from kiosk.ui.sound import Sounds
from kiosk.ui.widgets.popups import STAFF_PIN

PUMP_HZ = 30
TOAST_SECONDS = 4.0


class TableListener(ControllerListener):
    """Called by ``controller.pump()``, which runs on the Kivy main thread."""

    def __init__(self, app: KioskApp) -> None:
        self.app = app

    def on_view(self, view: TableView) -> None:
        self.app.show_view(view)

    def on_tick(self, time_left: float) -> None:
        tick = self.app.game_screens.tick
        if tick is not None:
            self.app.screens.get_screen(tick).on_tick(time_left)

    def on_sound(self, sound) -> None:
        self.app.sounds.play(sound)

    def on_problem(self, message: str) -> None:
        self.app.show_problem(message)


class LazyScreens(ScreenManager):
    """A ScreenManager that builds each screen the first time it is looked up (shown, or
    handed a view), so the app holds only the screens the table has used: each screen
    is hundreds of widgets with their property bindings and label textures.
    ``get_screen(name)`` keeps its meaning for every caller; ``has_screen`` tells
    whether a screen is built. Screens the game does not keep (``GameScreens.kept``)
    are dropped again once left (:meth:`release`). ``classes`` maps names to classes
    or ``"module:Class"`` references, imported when first built."""

    def __init__(self, classes: dict, **kwargs) -> None:
        super().__init__(**kwargs)
        self.classes = classes

    def get_screen(self, name):
        for screen in self.screens:
            if screen.name == name:
                return screen
        if name not in self.classes:
            raise ScreenManagerException(f'No Screen with name "{name}".')
        made = self.classes[name]
        if isinstance(made, str):
            made = registry.load(made)
        screen = made(name=name)
        app = App.get_running_app()
        if app is not None and getattr(app, "view", None) is not None:
            screen.view = app.view  # a new screen starts from the latest view
        self.add_widget(screen)
        return screen

    def release(self, screen) -> None:
        """Drop a screen that is no longer shown; it is built afresh when next needed."""
        if screen.manager is not self or screen is self.current_screen:
            return
        screen._redraw.cancel()
        self.remove_widget(screen)
        transition = self.transition
        if transition.screen_out is screen and not transition.is_active:
            transition.screen_out = self.current_screen  # (it allows no None)


class KioskApp(App):
    title = "Game table"  # the running game's name, from the registry, once it shows
    use_kivy_settings = False
    ui_scale = NumericProperty(1.0)
    min_font = NumericProperty(theme.MIN_FONT)
    min_touch = NumericProperty(theme.MIN_TOUCH)
    view = ObjectProperty(TableView())
    overlay = StringProperty("")
    toast = StringProperty("")
    volume = NumericProperty(0.8)
    muted = BooleanProperty(False)

    def __init__(self, controller: Controller, *, sounds: Sounds | None = None, side_panel=None,
                 staff_lock=None, pump_hz: float = PUMP_HZ, **kwargs) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        # the staff's volume and mute, as kept in the store, from the first sound on
        self.volume, self.muted = controller.view.volume, controller.view.muted
        self.sounds = sounds or Sounds()
        self.sounds.volume, self.sounds.muted = self.volume, self.muted
        self.side_panel = side_panel
        self.staff_lock = staff_lock  # a kiosk.staff.StaffLock; None: the simulated PIN
        self.pump_hz = pump_hz
        self.screens: ScreenManager | None = None
        self._game = controller.view.game
        self.game_screens: GameScreens = screens_of(self._game)
        self._pump_event = None
        self._pump_soon = None
        self._toast_event = None
        self._trim_event = None

    # ------------------------------------------------------------------ building

    def build(self):
        from kivy.factory import Factory

        Window.clearcolor = theme.BACKGROUND
        finish_frames()
        self.screens = LazyScreens(screen_references(self.game_screens),
                                   transition=Cut())
        root = Factory.AppRoot()
        root.ids.body.add_widget(self.screens)
        if self.side_panel is not None:
            root.add_widget(self.side_panel)
        Window.bind(size=self._resized)
        self._resized(Window, Window.size)
        self.controller.set_listener(TableListener(self))
        self.show_view(self.controller.view)
        self.screens.current_screen.draw_now()  # the first screen built became current
        self._pump_event = Clock.schedule_interval(self.pump, 1.0 / self.pump_hz)
        self._pump_soon = Clock.create_trigger(self.pump)
        self._trim_event = Clock.create_trigger(lambda _dt: release_free_heap(), 0.2)
        # a hardware event pumps at the next frame, not at the next 1/30 s tick
        self.controller.wakeup = self._pump_soon
        self.sounds.prepare()  # returns at once; missing files render in the background
        return root

    def open_settings(self, *_args) -> bool:
        """Never: Kivy opens its settings panel on F1 from any plugged-in keyboard, with
        no PIN, and its "Kivy" page edits and saves Kivy's own configuration. Staff
        settings are the app's settings screen, behind the PIN. (Kivy's F1 handler
        then calls ``close_settings``, which finds nothing to close.)"""
        return False

    def on_stop(self):
        """Leave nothing on the Clock that reaches into a stopped app: a screen's reveal
        or tips firing later would evaluate kv rules with no running ``app`` (the tests
        start many apps in one process, one after another)."""
        for event in (self._pump_event, self._pump_soon, self._trim_event,
                      self._toast_event):
            if event is not None:
                event.cancel()
        if self.controller.wakeup is self._pump_soon:
            self.controller.wakeup = None
        if self.screens is not None:
            shown = self.screens.current_screen
            if shown is not None:
                shown.dispatch("on_leave")  # stops its own clocks, as leaving it does
            for screen in self.screens.screens:
                screen._redraw.cancel()
        Window.unbind(size=self._resized)

    def _resized(self, _window, size) -> None:
        self.ui_scale = theme.ui_scale(size)
        self.min_font = theme.min_font(size)

    # ------------------------------------------------------------------ routing

    def pump(self, *_dt) -> None:
        self.controller.pump()

    def phase_screen(self, view: TableView | None = None) -> str:
        return screen_for(self.game_screens, (view or self.view).phase)

    def show_view(self, view: TableView) -> None:
        """Give the view to the screen for its phase (and settings), then switch to it."""
        self._follow_game(view.game)
        self.view = view
        name = self.phase_screen(view)
        self.screens.get_screen(name).view = view
        for other in ("settings", *self.game_screens.follows_view):
            if self.screens.has_screen(other):  # else built with the view when opened
                self.screens.get_screen(other).view = view
        if (view.phase in self.game_screens.leaves_overlay or name == "broken") \
                and self.overlay:
            self.overlay = ""  # the game moved on: nobody should miss it behind a menu
        if not self.overlay:
            self._switch(name)

    def _follow_game(self, game: str) -> None:
        """The running game's name in the title; its screens when another game runs."""
        if game in registry.ids():
            self.title = registry.game(game).name
        if game == self._game:
            return
        self._game = game
        self.game_screens = screens_of(game)
        self.screens.classes = screen_references(self.game_screens)

    def _switch(self, name: str) -> None:
        if self.screens.current != name:
            previous = self.screens.current_screen
            screen = self.screens.get_screen(name)
            self.screens.current = name
            screen.draw_now()
            if previous is not None and previous.name not in self.game_screens.kept:
                # dropped once its transition is over (on_leave), not in the middle
                previous.bind(on_leave=self._release_screen)
            if self._trim_event is not None:
                self._trim_event()  # after the new screen's first frame is drawn

    def _release_screen(self, screen, *_) -> None:
        screen.unbind(on_leave=self._release_screen)

        def release(_dt) -> None:
            self.screens.release(screen)
            Clock.schedule_once(lambda _dt: gc.collect())  # not here: this holds it

        # Two frames after the new screen is drawn. A screen is a web of reference cycles
        # (widgets, parents, kv bindings) that Python's collector would otherwise reach
        # only at its next full pass, long after the next screens have grown the heap
        # past it: collecting it now keeps 4-7 MB off a routine (``python -m benchmarks
        # ui``, 4 and 6 swimmers) for one pass of 15-60 ms on this machine.
        Clock.schedule_once(release)

    def open_overlay(self, name: str) -> None:
        assert name in (*SHARED_OVERLAYS, *self.game_screens.overlays), name
        self.overlay = name
        self._switch(name)

    def close_overlay(self) -> None:
        self.overlay = ""
        self._switch(self.phase_screen())

    def show_problem(self, message: str) -> None:
        self.toast = message
        if self._toast_event is not None:
            self._toast_event.cancel()
        self._toast_event = Clock.schedule_once(lambda _dt: setattr(self, "toast", ""),
                                                TOAST_SECONDS)

    def check_pin(self, pin: str) -> tuple[bool, str]:
        if self.staff_lock is None:
            slip = misshapen(pin)
            if slip is not None:
                return False, slip.message
            return pin == STAFF_PIN, "Wrong PIN. Ask the staff."
        attempt = self.staff_lock.try_pin(pin)
        return attempt.ok, attempt.message

    def set_volume(self, value: float) -> None:
        self.volume = value
        self.sounds.volume = value
        self.controller.staff(StaffAction.VOLUME, level=value)

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        self.sounds.muted = muted
        self.controller.staff(StaffAction.MUTE, on=muted)


theme.load_kv(__file__)
