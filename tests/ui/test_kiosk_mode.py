"""Guests cannot leave or reconfigure the kiosk from a keyboard: every key Kivy 2.3 gives
a meaning (F1 settings, Escape, the modules' Ctrl+E, F6-F8, F11, F12) is sent to the
running app, as SDL delivers it, and nothing may open, change or exit."""

from __future__ import annotations

import pytest
from kivy.base import EventLoop
from kivy.config import Config
from kivy.core.window import Window, WindowBase
from kivy.modules import Modules
from kivy.uix.settings import Settings

from kiosk.ui.kiosk_mode import lock_window, unlock_window
from kiosk.ui.pilot import walk

F1, F6, F7, F8, F11, F12 = 282, 287, 288, 289, 292, 293
ESCAPE, LETTER_E, LETTER_Q, F4 = 27, 101, 113, 285

KEYS = [  # (name, key, codepoint, modifiers): everything Kivy or a module binds
    ("F1", F1, None, []),
    ("Escape", ESCAPE, None, []),
    ("Ctrl+E", LETTER_E, "e", ["ctrl"]),
    ("F6", F6, None, []),
    ("F7", F7, None, []),
    ("F8", F8, None, []),
    ("F11", F11, None, []),
    ("Shift+F11", F11, None, ["shift"]),
    ("F12", F12, None, []),
    ("Alt+F4", F4, None, ["alt"]),
    ("Cmd+Q", LETTER_Q, "q", ["meta"]),
] + [(f"F{n}", 281 + n, None, []) for n in (2, 3, 4, 5, 9, 10)]

HOSTILE_MODULES = ("inspector", "keybinding", "recorder")
"""The modules with keys, as a stray config.ini or KCFG_MODULES_* would switch them on.
(Kivy 2.3.1's ``monitor`` module cannot be stopped once started; the real table
empties ``[modules]`` before its window exists, see ``test_kivy_config.py``.)"""


def press(key: int, codepoint: str | None = None, modifiers=()) -> None:
    """One key press the way Kivy's SDL window dispatches it."""
    modifiers = list(modifiers)
    if not Window.dispatch("on_key_down", key, key, codepoint, modifiers):
        Window.dispatch("on_keyboard", key, key, codepoint, modifiers)
    Window.dispatch("on_key_up", key, key)


@pytest.fixture
def exits(monkeypatch):
    """Records every way Kivy has to end the app, instead of ending the test session."""
    calls = []
    monkeypatch.setattr("kivy.core.window.stopTouchApp", lambda: calls.append("stop"))
    monkeypatch.setattr(Window, "close", lambda: calls.append("close"), raising=False)
    monkeypatch.setattr(EventLoop, "quit", False)
    monkeypatch.setattr(EventLoop, "stopping", False)
    return calls


@pytest.fixture
def hostile_modules(pilot_app):
    """Kivy modules running on the window, as a config file would have started them."""
    for name in HOSTILE_MODULES:
        Config.set("modules", name, "")
    Modules.update()
    pilot_app.frames(2)  # pacing: the modules build their widgets over the next frames
    yield
    for name in Config.options("modules"):
        Config.remove_option("modules", name)
    Modules.update()


@pytest.fixture
def pilot_app(make_pilot):
    from fake_controller import FakeController

    return make_pilot(FakeController())


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """Screenshots (F12) and recordings (F8) land in the working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def running_modules() -> list[str]:
    return sorted(name for name, mod in Modules.mods.items() if mod.get("activated"))


def test_f1_opens_no_settings_panel_on_any_table(pilot_app):
    before = list(Window.children)
    for _ in range(2):  # Kivy's F1 toggles: twice would close what once opened
        press(F1)
        pilot_app.frames(1)
        assert not [w for w in walk(Window) if isinstance(w, Settings)]
        assert Window.children == before
    assert pilot_app.app._app_settings is None  # not even built, off screen
    assert pilot_app.app.open_settings() is False


def test_the_keys_reach_kivy_modules_while_unlocked(pilot_app, hostile_modules, workdir,
                                                    exits):
    """The control: without the lock, the same presses open the inspector, rotate the
    window and write a screenshot. (So the locked test below can fail.)"""
    assert running_modules() == sorted(HOSTILE_MODULES)
    press(LETTER_E, "e", ["ctrl"])
    pilot_app.frames(1)
    assert any(type(w).__name__ == "Inspector" for w in Window.children)
    press(LETTER_E, "e", ["ctrl"])
    try:
        press(F11)
        assert Window.rotation == 90
    finally:
        Window.rotation = 0
        pilot_app.frames(2)  # relaid out while the app still runs
    press(F12)
    assert list(workdir.glob("screenshot*.png"))


def test_every_kivy_key_is_refused_once_locked(pilot_app, hostile_modules, workdir, exits):
    app = pilot_app.app
    escape_exits = Config.get("kivy", "exit_on_escape")
    lock_window(Window)
    try:
        assert running_modules() == []
        assert Config.items("modules") == []
        assert WindowBase.on_keyboard.exit_on_escape is False
        before = list(Window.children)
        for name, key, codepoint, modifiers in KEYS:
            press(key, codepoint, modifiers)
            pilot_app.frames(1)
            assert Window.children == before, f"{name} put something on the window"
            assert Window.rotation == 0, f"{name} rotated the window"
        # Alt+F4, the close button and SIGTERM reach Kivy as SDL's quit event:
        assert Window.dispatch("on_request_close") is True
        assert Window.dispatch("on_request_close", source="keyboard") is True
        pilot_app.frames(2)
        assert exits == [] and not EventLoop.quit and not EventLoop.stopping
        assert list(workdir.iterdir()) == []  # no screenshot, no input recording
        assert not [w for w in walk(Window) if isinstance(w, Settings)]
        assert type(app).get_running_app() is app and pilot_app.screen() is not None
    finally:
        unlock_window(Window)
        Config.set("kivy", "exit_on_escape", escape_exits)
    assert not Window.dispatch("on_request_close", source="keyboard")
