"""The app's sound player: start-up never renders (missing files are rendered on a
background thread while the table runs silent), and the staff's volume and mute reach
the player and survive a restart."""

from __future__ import annotations

import threading

from fake_controller import FakeController

from kiosk import sound_render
from kiosk.table.api import StaffAction
from kiosk.ui.sound import Sounds


class FakePlayer:
    """Stands in for a Kivy Sound: headless CI has no audio device."""

    def __init__(self, path: str) -> None:
        self.path, self.volume, self.plays = path, None, 0

    def stop(self) -> None:
        pass

    def play(self) -> None:
        self.plays += 1


def player_sounds(folder, **options) -> tuple[Sounds, dict[str, FakePlayer]]:
    players: dict[str, FakePlayer] = {}

    def load(path: str) -> FakePlayer:
        players[path] = FakePlayer(path)
        return players[path]

    sounds = Sounds(folder=folder, loader=load, **options)
    sounds.enabled = True  # the suite sets KIOSK_SOUND=0; these tests want the player
    return sounds, players


def test_start_up_with_missing_files_renders_off_the_main_thread(make_pilot, tmp_path):
    release, calls = threading.Event(), []

    def slow_render(folder):
        calls.append(threading.current_thread())
        release.wait(10)  # start-up must not wait for this
        return sound_render.render(folder, ["tick"])

    sounds, players = player_sounds(tmp_path, renderer=slow_render)
    pilot = make_pilot(FakeController(), sounds=sounds)
    assert pilot.screen() is not None  # the app is up while the render still waits
    pilot.until(lambda: calls)
    assert calls[0] is not threading.main_thread()
    sounds.play("tick")
    assert not players  # nothing exists yet: silent, no attempt to load
    release.set()
    pilot.until(lambda: sounds.ready)
    sounds.play("tick")
    assert [p.plays for p in players.values()] == [1]


def test_present_files_are_loaded_not_rendered(tmp_path):
    sound_render.render(tmp_path, ["horn"])
    calls = []
    for name in sound_render.SOUNDS:  # files that exist are enough: none is rewritten
        (tmp_path / f"{name}.wav").touch()
    sounds, _ = player_sounds(tmp_path, renderer=calls.append)
    sounds.prepare()
    assert sounds.ready and sounds.rendering is None and calls == []


def test_the_player_gets_the_staff_volume_and_nothing_when_muted(tmp_path):
    sounds, players = player_sounds(tmp_path, volume=0.4)
    sounds._ready.set()
    sounds.play("whistle")
    (player,) = players.values()
    assert (player.volume, player.plays) == (0.4, 1)
    sounds.muted = True
    sounds.play("whistle")
    assert player.plays == 1  # muted: not played at all
    assert sounds.level == 0.0
    sounds.muted, sounds.volume = False, 3
    sounds.play("whistle")
    assert (player.volume, player.plays) == (1.0, 2)  # clamped to 0..1


def test_settings_volume_and_mute_reach_the_player_and_the_store(make_pilot, tmp_path):
    from kiosk.ui.widgets.popups import STAFF_PIN, PinPad

    fake = FakeController()
    sounds, players = player_sounds(tmp_path)
    sounds._ready.set()
    pilot = make_pilot(fake, sounds=sounds)
    pilot.app.open_overlay("settings")
    pilot.until(lambda: pilot.widgets(PinPad))
    for digit in STAFF_PIN:
        pilot.press(digit, frames=1)
    pilot.press("OK")
    screen = pilot.app.screens.get_screen("settings")
    # the PIN pad gone and the settings laid out before the tap (a tap on a pad still
    # closing, or on a row still moving, misses the button on a busy machine)
    pilot.until(lambda: screen.unlocked and not pilot.widgets(PinPad)
                and "Mute" in pilot.labels())
    pilot.settle()
    screen.set_volume(0.3)
    pilot.press("Mute")
    pilot.until(lambda: fake.view.muted)
    assert fake.volume == 0.3 and f"staff {StaffAction.MUTE}" in fake.calls
    assert "Volume: 30 % (muted)" in pilot.labels()
    sounds.play("cheer")
    assert not players
    pilot.press("Unmute")
    pilot.until(lambda: not fake.view.muted)
    sounds.play("cheer")
    assert [p.volume for p in players.values()] == [0.3]


def test_the_app_starts_at_the_volume_and_mute_kept_in_the_store(make_pilot, tmp_path):
    from dataclasses import replace

    fake = FakeController()
    fake.view = replace(fake.view, volume=0.25, muted=True)
    sounds, _ = player_sounds(tmp_path)
    pilot = make_pilot(fake, sounds=sounds)
    assert (pilot.app.volume, pilot.app.muted) == (0.25, True)
    assert (sounds.volume, sounds.muted, sounds.level) == (0.25, True, 0.0)
