"""The developer side panel for ``kiosk run --simulate``: lay and lift cards in a seat's
lane, press seat buttons, touch both stop pads, and inject faults, on the simulated table.

Keyboard: 1-6 press that seat's button, Space touches both stop pads, P sticks pad A (again:
frees it), C clears the table, T swaps in a fresh (never enrolled) tag at the chosen
seat and lane, U unplugs/replugs the chosen seat's board, G sends it garbage, S makes
it go silent (again: resume), D makes it answer 300 ms late (again: at once), F12 hides
the panel.

The running game adds its own buttons and keys (``GameScreens.dev_tools``, e.g. a
winning table); they change when another game runs, so nothing here assumes a game.
"""

from __future__ import annotations

import random

from kivy.app import App
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk import registry
from kiosk.hardware.ports import Pad
from kiosk.ui import theme
from kiosk.ui.games import DevTool


class DevPanel(BoxLayout):
    seat = NumericProperty(1)
    lane = NumericProperty(1)
    card = StringProperty("blue-7")
    status = StringProperty("")
    shown = BooleanProperty(True)

    def __init__(self, driver, **kwargs):
        super().__init__(**kwargs)
        self.driver = driver
        self.table = driver.table
        self._unplugged: set[int] = set()
        self._silent: set[int] = set()
        self._slow: set[int] = set()
        self._fresh: tuple[bytes, int, int] | None = None   # the last fresh tag laid
        self._tools: tuple[DevTool, ...] = ()
        self._tools_of: object = None   # the GameScreens the buttons were made for
        Window.bind(on_key_down=self._key)

    def on_parent(self, _panel, parent) -> None:
        """In the app's window: follow the running game's tools."""
        app = App.get_running_app()
        if parent is not None and app is not None:
            app.bind(view=lambda *_: self.follow_game(app.game_screens))
            self.follow_game(app.game_screens)

    def follow_game(self, screens) -> None:
        """The running game's own buttons (``GameScreens.dev_tools``), none for a game
        without any."""
        if screens is self._tools_of:
            return
        self._tools_of = screens
        self._tools = tuple(getattr(screens, "dev_tools", ()))
        box = self.ids.game_tools
        box.clear_widgets()
        for tool in self._tools:
            button = Factory.DevButton(text=tool.text)
            button.bind(on_release=lambda _b, t=tool: self.use(t))
            box.add_widget(button)

    def use(self, tool: DevTool) -> None:
        try:
            said = registry.load(tool.call)(self)
        except Exception as error:  # a developer tool: say what went wrong, keep going
            self.say(f"{type(error).__name__}: {error}")
        else:
            self.say(said or tool.text)

    def say(self, text: str) -> None:
        self.status = text

    def put(self) -> None:
        self._try(lambda: self.table.put(self.card, seat=self.seat, lane=self.lane),
                  f"laid {self.card} in seat {self.seat} lane {self.lane}")

    def lift(self) -> None:
        self._try(lambda: self.table.lift(self.card, seat=self.seat, lane=self.lane),
                  f"lifted {self.card}")

    def fresh_tag(self) -> None:
        """Lift the last fresh tag and lay a new one nobody has enrolled: what staff do
        card after card in Settings › Cards, and an unknown card for the judge."""
        seat, lane = self.seat, self.lane
        uid = bytes([0x04]) + random.randbytes(6)

        def swap():
            if self._fresh is not None:
                old, old_seat, old_lane = self._fresh
                self._fresh = None
                self.table.lift_uid(old, seat=old_seat, lane=old_lane)
            self.table.put_uid(uid, seat=seat, lane=lane)
            self._fresh = (uid, seat, lane)

        self._try(swap, f"laid fresh tag {uid.hex()} in seat {seat} lane {lane}")

    def press_seat(self, seat: int | None = None) -> None:
        seat = seat or self.seat
        self._try(lambda: self.table.press_seat(seat), f"pressed seat {seat}'s button")

    def pads(self) -> None:
        def touch():
            self.table.touch_both_pads()
            self.table.release_pads()

        self._try(touch, "touched both stop pads")

    def stick_pad(self) -> None:
        """Pad A reads touched until pressed again: the table names it after its stuck
        time (at once when a round starts) and the screen's stop circles stand in."""
        if Pad.A in self.table.stuck_pads:
            self._try(lambda: self.table.free_pad(Pad.A), "freed pad A")
        else:
            self._try(lambda: self.table.stick_pad(Pad.A),
                      "pad A is stuck (reported after its stuck time, or at SWIM!)")

    def clear(self) -> None:
        self._try(self.table.clear, "cleared every lane")

    def unplug(self) -> None:
        seat = self.seat
        fault = "plug" if seat in self._unplugged else "unplug"
        self._unplugged ^= {seat}
        self._try(lambda: self.table.inject(fault, seat=seat), f"{fault}ged seat {seat}'s board")

    def garbage(self) -> None:
        self._try(lambda: self.table.inject("garbage", seat=self.seat),
                  f"sent garbage from seat {self.seat}'s board")

    def silent(self) -> None:
        seat = self.seat
        fault = "resume" if seat in self._silent else "silent"
        self._silent ^= {seat}
        self._try(lambda: self.table.inject(fault, seat=seat), f"seat {seat}'s board: {fault}")

    def slow(self) -> None:
        seat = self.seat
        seconds = 0.0 if seat in self._slow else 0.3
        self._slow ^= {seat}
        self._try(lambda: self.table.inject("slow", seat=seat, seconds=seconds),
                  f"seat {seat}'s board answers {'300 ms late' if seconds else 'at once'}")

    def _try(self, action, done: str) -> None:
        try:
            action()
        except Exception as error:  # a developer tool: say what went wrong, keep going
            self.say(f"{type(error).__name__}: {error}")
        else:
            self.say(done)

    def _key(self, _window, key, _scancode, text, _modifiers):
        if key == 293:  # F12
            self.shown = not self.shown
            return True
        actions = {" ": self.pads, "p": self.stick_pad, "c": self.clear, "t": self.fresh_tag,
                   "u": self.unplug, "g": self.garbage, "s": self.silent, "d": self.slow}
        for tool in self._tools:
            if tool.key and tool.key not in actions:
                actions[tool.key] = lambda t=tool: self.use(t)
        if text and text in "123456":
            self.press_seat(int(text))
            return True
        if text and text.lower() in actions:
            actions[text.lower()]()
            return True
        return False


theme.load_kv(__file__)
