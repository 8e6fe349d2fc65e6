"""Staff settings, behind the PIN: the running game's top scores reset, hardware
status, volume and mute, and the buttons the running game adds (``GameScreens.staff_buttons``:
e.g. Sync or Swim's unlocking and card tagging)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.table.api import StaffAction
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.popups import PinPad

CONFIRM_SECONDS = 4.0


def hardware_text(hardware) -> str:
    def state(ok: bool) -> str:
        return "working" if ok else "NOT WORKING"

    lines = [f"Stop pads: {state(hardware.pads)}",
             f"Card readers: {state(hardware.readers)}",
             f"Seat buttons: {state(hardware.seat_buttons)}"]
    lines += [f"- {problem}" for problem in hardware.problems]
    return "\n".join(lines)


class SettingsScreen(ViewScreen):
    unlocked = BooleanProperty(False)
    hardware = StringProperty("")
    volume = NumericProperty(0.8)
    muted = BooleanProperty(False)
    confirm_reset = BooleanProperty(False)
    done = StringProperty("")
    _confirm_ends = None  # the Clock event that ends "tap again to reset"

    def on_pre_enter(self, *_):
        self.volume, self.muted = self.app.volume, self.app.muted
        self.game_buttons()
        if self.view is not None:
            self.redraw(self.view)

    def on_enter(self, *_):
        if not self.unlocked:
            pad = PinPad(on_success=self.unlock, check=self.app.check_pin)
            pad.bind(on_dismiss=self._pin_closed)
            pad.open()

    def _pin_closed(self, *_):
        Clock.schedule_once(self._leave_if_locked)

    def _leave_if_locked(self, *_):
        if not self.unlocked and self.app.overlay == "settings":
            self.app.close_overlay()

    def unlock(self) -> None:
        self.unlocked = True

    def on_leave(self, *_):
        self.unlocked = False
        self.confirm_reset = False
        self.done = ""
        if self._confirm_ends is not None:
            self._confirm_ends.cancel()

    def redraw(self, view) -> None:
        self.hardware = hardware_text(view.hardware)

    def game_buttons(self) -> None:
        """The running game's own staff buttons, under the shared ones."""
        box = self.ids.game_buttons
        box.clear_widgets()
        for button in self.app.game_screens.staff_buttons:
            widget = Factory.KButton(text=button.text, font_base=28)
            widget.bind(on_release=lambda _w, b=button: self.game_button(b))
            box.add_widget(widget)

    def game_button(self, button) -> None:
        if button.overlay:
            self.app.open_overlay(button.overlay)
            return
        self.controller.staff(button.action)
        self.done = button.done

    def reset_scores(self) -> None:
        if not self.confirm_reset:
            self.confirm_reset = True
            self._confirm_ends = Clock.schedule_once(
                lambda _dt: setattr(self, "confirm_reset", False), CONFIRM_SECONDS)
            return
        self.confirm_reset = False
        self.controller.staff(StaffAction.RESET_SCORES)
        self.done = "This game's top scores are reset."

    def set_volume(self, value: float) -> None:
        self.volume = value
        self.app.set_volume(value)

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        self.app.set_muted(muted)


theme.load_kv(__file__)
