"""Walk-in play through the real widgets on a real controller: Quick play on the attract
screen reaches a round with no staff and no choices; the team's name typed on the
letter keys is kept with the score; the records show each routine's leaderboard per
period (results put on other days through the store's wall clock, never a sleep); the
attract screen moves while it is up and stops when a game starts."""

from __future__ import annotations

import time

from attract_table import attract

from kiosk.store.protocol import GameResult, MemoryStore
from kiosk.table.games.sync_or_swim.records import POINTS
from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.ui.games.sync_or_swim.demo import choose_players
from kiosk.ui.widgets.keyboard import type_name

GAME = "sync_or_swim"


def local(year, month, day, hour=12):
    return time.mktime((year, month, day, hour, 0, 0, 0, 0, -1))


def test_quick_play_reaches_a_round_without_staff_and_keeps_the_team_name(make_pilot, table):
    controller = table()
    pilot = attract(make_pilot, controller, size=(800, 480))
    pilot.press("Quick play: Sync or Swim")
    pilot.until(lambda: pilot.showing("setup"))
    view = pilot.app.view
    assert (view.phase, view.payload.routine_id, len(view.seats)) == (Phase.SETUP, "R01", 4)
    pilot.press("Name your team")
    pilot.until(lambda: pilot.showing("sync_or_swim_team"))
    type_name(pilot, "otters")
    pilot.until(lambda: "Otters" in pilot.labels())
    pilot.press("Done")
    pilot.until(lambda: pilot.showing("setup") and "Team: Otters" in pilot.labels())
    assert pilot.app.view.payload.team == "Otters"
    pilot.press("We are set up")
    pilot.until(lambda: pilot.showing("round") and pilot.app.view.phase is Phase.ROUND_READY)
    assert pilot.app.view.payload.round_number == 1


def test_back_from_a_quick_play_setup_chooses_another_size_or_routine(make_pilot, table):
    pilot = attract(make_pilot, table())
    pilot.press("Quick play: Sync or Swim")
    pilot.until(lambda: pilot.showing("setup"))
    pilot.press("Back")
    pilot.until(lambda: pilot.showing("choose"))
    pilot.settle()
    choose_players(pilot, 5)
    pilot.press("3. ")  # routine 3 is open to walk-ins
    pilot.until(lambda: pilot.showing("setup") and len(pilot.app.view.seats) == 5)
    assert pilot.app.view.payload.routine_id == "R03"


def test_the_leaderboard_shows_each_period_and_pages_through_routines(make_pilot, table):
    now = [local(2026, 3, 15)]
    store = MemoryStore(wall_clock=lambda: now[0])
    for team, score, when in (("Owls", 600, local(2025, 11, 2)),
                              ("Foxes", 550, local(2026, 3, 2)),
                              ("Bats", 500, local(2026, 3, 15, 9))):
        now[0] = when
        store.add_result(GAME, GameResult("R01", 4, score, 300.0,
                                          details={**POINTS, "team": team}))
    store.add_result(GAME, GameResult("R02", 3, 480, 320.0, details={**POINTS, "team": "Eels"}))
    now[0] = local(2026, 3, 15, 18)
    pilot = attract(make_pilot, table(store))
    pilot.tap(pilot.screen().tile(GAME).ids.records)
    pilot.until(lambda: pilot.showing("sync_or_swim_records"))
    pilot.until(lambda: "1. First Splash" in pilot.labels())
    board = pilot.screen().ids.board
    assert board.text == "1. Bats: 500 (4 swimmers)"  # today
    pilot.press("This month")
    pilot.until(lambda: board.text.startswith("1. Foxes: 550"))
    assert "2. Bats: 500" in board.text and "Owls" not in board.text
    pilot.press("All time")
    pilot.until(lambda: board.text.startswith("1. Owls: 600 (4 swimmers)\n2. Foxes"))
    pilot.press(">")
    pilot.until(lambda: pilot.screen().ids.board_title.text.startswith("2. "))
    assert board.text == "1. Eels: 480 (3 swimmers)"
    pilot.press("Back")
    pilot.until(lambda: pilot.showing("attract"))


def test_the_attract_screen_moves_and_stops_when_a_game_starts(make_pilot, table):
    pilot = attract(make_pilot, table())
    screen = pilot.screen()
    first, second = screen.tiles()[:2]
    assert screen.moving()
    pilot.until(lambda: first.lit > 0.99)  # the spotlight starts on the first game
    screen.next_spot()
    pilot.until(lambda: second.lit > 0.99 and first.lit < 0.01)
    assert screen.tagline.startswith(second.name)
    pilot.press("Play Sync or Swim")
    pilot.until(lambda: pilot.showing("choose"))
    pilot.until(lambda: not screen.moving())
    lit = [tile.lit for tile in screen.tiles()]
    pilot.frames(3)
    assert [tile.lit for tile in screen.tiles()] == lit and screen.pulse == 1.0


def test_doctests():
    import doctest

    from kiosk.ui.games.sync_or_swim import campaign, records
    from kiosk.ui.screens import attract
    from kiosk.ui.widgets import keyboard

    for module in (campaign, records, attract, keyboard):
        assert doctest.testmod(module).failed == 0, module.__name__
