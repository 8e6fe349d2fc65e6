"""Sync or Swim's part of ``kiosk demo``: a whole routine played through the real
widgets on the simulated table, with a screenshot of every screen. Also used by the
benchmarks and the UI tests (:class:`Sitting`).

Three sittings share one window: a full routine on a fully working table (with a TRY
AGAIN, a NOT IN SYNC, a round judged by hand after a reader is unplugged, the twist and
the score, then the tutorial, icons, records and leaderboard, settings and which
routines are open); a walk-in team on a table with no stop pads (quick play from the
attract screen, its name typed on the screen), stopped with two fingers on the screen;
and a kiosk whose config is broken.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from kiosk.paths import config_dir
from kiosk.table.games.sync_or_swim.view import Phase


def choose_players(pilot, players: int) -> None:
    """Tap the number of swimmers on the routine list (by its id: the text "3" also
    begins routine 3's button, which walk-ins may choose too)."""
    pilot.until(lambda: pilot.showing("choose"))
    pilot.tap(pilot.screen().ids[f"players_{players}"])


class Sitting:
    """One app on one simulated table, and the screenshots it saves."""

    def __init__(self, folder: Path, written: list[Path], size, shots: bool = True,
                 look=None, **options) -> None:
        from kiosk.table.games.sync_or_swim.driver import RealDriver
        from kiosk.ui.app import KioskApp
        from kiosk.ui.pilot import Pilot
        from kiosk.ui.sound import Sounds

        self.folder, self.written, self.shots, self.look = folder, written, shots, look
        self.driver = RealDriver(**options)
        self.app = KioskApp(self.driver.controller, sounds=Sounds(enabled=False))
        self.pilot = Pilot(self.app, size=size)

    def close(self) -> None:
        self.pilot.close()
        self.driver.close()

    def shot(self, name: str) -> None:
        if self.look is not None:
            self.pilot.settle()
            self.look(self.pilot, name)
        if self.shots:
            path = self.folder / f"{len(self.written) + 1:02d}-{name}.png"
            self.written.append(self.pilot.shot(path))

    def wait_phase(self, wanted: Phase) -> None:
        self.pilot.until(lambda: self.app.view.phase is wanted
                         and self.pilot.screen().redraws > 0)
        self.pilot.frames(2)

    def start(self, players: int, routine: str = "1. First Splash", shots: bool = False):
        pilot = self.pilot
        if shots:
            self.shot("attract")
        screen = pilot.screen()
        if screen.single:
            pilot.tap(screen.ids.wake)
        else:  # several games on offer: this one's tile
            pilot.press("Play Sync or Swim")
        self.wait_phase(Phase.CHOOSING)
        choose_players(pilot, players)
        if shots:
            self.shot("choose-routine")
        pilot.press(routine)
        self.wait_phase(Phase.SETUP)
        if shots:
            self.shot("setup")
        pilot.press("We are set up")
        self.wait_phase(Phase.ROUND_READY)

    def quick_start(self, team: str = "") -> None:
        """Walk-ins: Quick play on the attract screen, a team name, then set up."""
        pilot = self.pilot
        pilot.press("Quick play: Sync or Swim")
        self.wait_phase(Phase.SETUP)
        self.shot("quick-play-setup")
        if team:
            pilot.press("Name your team")
            pilot.until(lambda: pilot.showing("sync_or_swim_team"))
            from kiosk.ui.widgets.keyboard import type_name

            type_name(pilot, team)
            pilot.frames(2)
            self.shot("team-name")
            pilot.press("Done")
            pilot.until(lambda: self.app.view.payload.team == team)
        pilot.press("We are set up: start round 1")
        self.wait_phase(Phase.ROUND_READY)

    def perform(self, in_sync: bool, name: str | None = None) -> None:
        pilot, driver = self.pilot, self.driver
        pilot.press("SWIM!")
        self.wait_phase(Phase.PRACTICE)
        driver.arrange(in_sync)
        driver.ready_all()
        pilot.frames(2)
        driver.stop()
        self.wait_phase(Phase.PERFORMANCE)
        pilot.press("Show all")
        if name:
            self.shot(name)
        pilot.press("NEXT")
        pilot.until(lambda: self.app.view.phase in (Phase.ROUND_READY, Phase.SCORE))
        pilot.frames(2)


def full_routine(s: Sitting, players: int) -> None:
    pilot, driver, app = s.pilot, s.driver, s.app
    s.start(players, shots=True)
    s.shot("round-1-ready")
    from kiosk.ui.widgets.rule_card import RuleCard

    pilot.tap(pilot.widgets(RuleCard)[0])
    s.shot("rule-details")
    pilot.press("Close")

    pilot.press("SWIM!")
    s.wait_phase(Phase.PRACTICE)
    driver.press_seat(1)
    driver.press_seat(3)
    driver.pass_time(7)
    pilot.frames(3)
    s.shot("practice")
    driver.run_out_the_clock()
    s.wait_phase(Phase.TIME_OUT)
    s.shot("time-out")
    pilot.press("TRY AGAIN")
    s.wait_phase(Phase.ROUND_READY)

    s.perform(True, "in-sync")            # round 1
    s.perform(False, "not-in-sync")       # round 2, a swimmer played nothing
    s.perform(True)                       # round 2 again

    driver.lose_hardware()                # round 3: seat 2's reader unplugged
    pilot.press("SWIM!")
    s.wait_phase(Phase.PRACTICE)
    driver.ready_all()
    driver.stop()
    s.wait_phase(Phase.JUDGE_BY_HAND)
    s.shot("judge-by-hand")
    pilot.press("IN SYNC")
    s.wait_phase(Phase.PERFORMANCE)
    driver.restore_hardware()
    pilot.press("NEXT")
    s.wait_phase(Phase.ROUND_READY)

    driver.table.board(2).slow_answers(60)  # round 4: seat 2's board answers late
    pilot.press("SWIM!")
    s.wait_phase(Phase.PRACTICE)
    driver.arrange(True)
    driver.stop()
    pilot.until(lambda: any("Reading the cards" in text for text in pilot.labels()))
    s.shot("reading-the-cards")
    driver.table.board(2).slow_answers(0)   # ... and answers: still judged by the table
    s.wait_phase(Phase.PERFORMANCE)
    pilot.press("Show all")
    pilot.press("NEXT")
    s.wait_phase(Phase.ROUND_READY)
    s.perform(True)                       # round 5
    s.shot("twist-round")                 # round 6 brings the twist
    s.perform(True)
    s.wait_phase(Phase.SCORE)
    s.shot("score")

    pilot.press("Other routines")
    s.wait_phase(Phase.CHOOSING)
    pilot.press("How to play")
    pilot.press("Next")
    s.shot("tutorial")
    pilot.press("Close")
    pilot.press("What the icons mean")
    s.shot("icons")
    pilot.press("Back")
    pilot.press("Top scores")
    pilot.until(lambda: pilot.showing("sync_or_swim_records"))
    pilot.frames(2)
    s.shot("top-scores")
    pilot.press("Back")
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from kiosk.ui.widgets.popups import STAFF_PIN, PinPad

    app.open_overlay("settings")
    pilot.until(lambda: pilot.widgets(PinPad))
    for digit in STAFF_PIN[:2]:
        pilot.press(digit, frames=1)
    s.shot("staff-pin")  # two dots of four
    for digit in STAFF_PIN[2:]:
        pilot.press(digit, frames=1)
    pilot.press("OK")
    # the PIN pad closes and the settings unlock a frame or more later: a tap before
    # that lands on the closing pad (seen on a busy machine: enroll never showed)
    pilot.until(lambda: getattr(pilot.screen(), "unlocked", False) and not any(
        isinstance(w, ModalView) for w in Window.children))
    s.shot("settings")
    pilot.press("Cards: tag a new deck")
    pilot.until(lambda: pilot.showing("enroll"))
    s.shot("tag-cards")
    pilot.press("Done")
    pilot.until(lambda: not pilot.showing("enroll"))
    app.open_overlay("sync_or_swim_campaign")  # a staff button of the settings, too
    pilot.until(lambda: pilot.showing("sync_or_swim_campaign"))
    pilot.press("+")
    pilot.until(lambda: app.view.payload.open_from_start == 4)
    pilot.frames(2)
    s.shot("staff-routines-open")
    pilot.press("Done")


def two_finger_stop(s: Sitting, players: int) -> None:
    """A walk-in team (quick play: routine 1 for four) on a table with no stop pads."""
    pilot = s.pilot
    s.shot("attract-walk-in")
    s.quick_start(team="Owls")
    pilot.press("SWIM!")
    s.wait_phase(Phase.PRACTICE)
    s.driver.arrange(True)
    s.driver.pass_time(4)
    pilot.frames(2)
    s.shot("two-finger-stop")
    stop = pilot.screen().ids.stop
    touches = pilot.hold([stop.ids.left.to_window(*stop.ids.left.center),
                          stop.ids.right.to_window(*stop.ids.right.center)])
    for touch in touches:
        touch.touch_up()
    s.wait_phase(Phase.PERFORMANCE)


def broken_config() -> Path:
    """A copy of the config whose campaign names an element that does not exist."""
    folder = Path(tempfile.mkdtemp(prefix="kiosk-broken-"))
    shutil.copytree(config_dir(), folder / "config")
    campaign = folder / "config" / "sync_or_swim" / "campaign.toml"
    campaign.write_text(campaign.read_text().replace('"E22"', '"E99"', 1))
    return folder / "config"


def play(folder: Path, *, size=(1280, 800), written: list[Path] | None = None,
         players: int = 4, shots: bool = True, look=None,
         sittings=("full", "no pads", "broken")) -> list[Path]:
    written = [] if written is None else written
    if "full" in sittings:
        sitting = Sitting(folder, written, size, shots, look)
        try:
            full_routine(sitting, players)
        finally:
            sitting.close()
    if "no pads" in sittings:
        sitting = Sitting(folder, written, size, shots, look, pads=False)
        try:
            two_finger_stop(sitting, players)
        finally:
            sitting.close()
    if "broken" in sittings:
        config = broken_config()
        sitting = Sitting(folder, written, size, shots, look, config_dir=config)
        try:
            sitting.wait_phase(Phase.BROKEN)
            sitting.shot("broken-config")
        finally:
            sitting.close()
            shutil.rmtree(config.parent, ignore_errors=True)
    return written
