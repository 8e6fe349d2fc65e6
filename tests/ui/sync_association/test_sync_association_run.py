"""S.Y.N.C. as staff and players meet it in ``kiosk run --simulate``: the table built by
the same composition, the real clock, the developer panel's keys laying tokens, pressing
seat buttons for moods and touching the pads; a team of five plays a whole game, the app
and table are closed, and a new start on the same database shows the team's
achievements. Waits are on conditions, never sleeps."""

from __future__ import annotations

import pytest

from kiosk.table.games.sync_association.view import Phase
from kiosk.ui.games.sync_association.demo import payload, status, type_name, wait_phase

SEATS = (1, 2, 3, 4, 5)


@pytest.fixture
def run_app(tmp_path):
    """``start()`` -> (pilot, panel, controller) as ``kiosk run --simulate`` builds them, on
    one SQLite database for the whole test; each start closes the one before."""
    from kivy.core.window import Window

    from kiosk.compose import build_table
    from kiosk.ui.app import KioskApp
    from kiosk.ui.devpanel import DevPanel
    from kiosk.ui.pilot import Pilot
    from kiosk.ui.sound import Sounds

    running = []

    def close():
        while running:
            pilot, panel, controller, driver = running.pop()
            Window.unbind(on_key_down=panel._key)
            pilot.close()
            (driver or controller).close()

    def start():
        close()
        controller, driver, _lock = build_table(simulate=True,
                                                database=tmp_path / "kiosk.sqlite3")
        app = KioskApp(controller, sounds=Sounds(enabled=False))
        app.side_panel = panel = DevPanel(driver)
        pilot = Pilot(app, size=(1280, 800))
        running.append((pilot, panel, controller, driver))
        pilot.until(lambda: pilot.showing("attract"))
        controller.select_game("sync_association")
        pilot.until(lambda: pilot.app.view.game == "sync_association")
        return pilot, panel, controller

    yield start
    close()


def key(panel, text: str) -> None:
    from kivy.core.window import Window

    assert panel._key(Window, ord(text), 0, text, []) is True


def mood(pilot, seat: int):
    return next(s.mood for s in payload(pilot).seats if s.seat == seat)


def test_a_team_of_five_plays_with_the_panel_and_keeps_its_achievements(run_app):
    pilot, panel, controller = run_app()
    controller.wake()
    wait_phase(pilot, Phase.SETUP)
    pilot.press("A new team name")
    type_name(pilot, "otters")
    pilot.press("This name")
    pilot.until(lambda: payload(pilot).group is not None)
    for seat in (4, 5):
        pilot.press(f"Seat {seat}")
    pilot.until(lambda: sorted(pilot.screen().chosen) == list(SEATS))
    pilot.press("Start")
    rounds = 0
    while pilot.app.view.phase != Phase.OVER:
        wait_phase(pilot, Phase.BLOCKING)
        pilot.press("Start choosing")
        wait_phase(pilot, Phase.CHOOSING)
        for seat in SEATS:
            panel.seat = seat
            key(panel, "k")                       # last round's token lifted
        pilot.until(lambda: all(status(pilot, s) == "waiting" for s in SEATS), limit=3000)
        for seat in SEATS:
            panel.seat, panel.card = seat, "1"
            key(panel, "l")                       # token 1, face down
            assert panel.status == f"laid token 1 on seat {seat}'s reader"
        pilot.until(lambda: all(status(pilot, s) == "token" for s in SEATS), limit=3000)
        if rounds == 0:                           # moods by the seat buttons (keys 1-5)
            for seat in SEATS:
                key(panel, str(seat))
            pilot.until(lambda: all(mood(pilot, s) == "green" for s in SEATS), limit=3000)
            key(panel, "2")
            pilot.until(lambda: mood(pilot, 2) == "yellow", limit=3000)
        pilot.until(lambda: payload(pilot).ready, limit=3000)
        key(panel, " ")                           # the first player touches both pads
        pilot.until(lambda: pilot.app.view.phase in (Phase.WON, Phase.OVER), limit=3000)
        rounds += 1
        if pilot.app.view.phase == Phase.WON:
            wait_phase(pilot, Phase.WON)
            pilot.press("Next round")
    wait_phase(pilot, Phase.OVER)
    won = payload(pilot)
    assert won.won and rounds == 5 and won.players == 5
    titles = {a.title for a in won.achievements}
    assert "Full house: won a game with 5 players" in titles
    shown = " ".join(pilot.labels())
    assert all(t in shown for t in titles)

    pilot, panel, controller = run_app()          # the kiosk restarts on the same data
    controller.wake()
    wait_phase(pilot, Phase.SETUP)
    pilot.until(lambda: any(g.name == "Otters" for g in payload(pilot).groups))
    otters = next(g for g in payload(pilot).groups if g.name == "Otters")
    assert {a.title for a in otters.achievements} == titles
    assert otters.games == 1 and otters.won == 1
    pilot.until(lambda: any("Otters" in t for t in pilot.labels()))
