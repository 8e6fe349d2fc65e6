"""Walk-in play on the simulated table: routines open from the start for any team, quick
play straight to a routine's setup, team names kept with their scores, leaderboards per
routine for today, this month and all time (results put on different days through the
store's wall clock, never a sleep), and staff's campaign settings."""

from __future__ import annotations

import time

import pytest

from kiosk.store.protocol import GameResult
from kiosk.table.games.sync_or_swim.campaign import OPEN_FROM_START, RANDOM_FROM_START
from kiosk.table.games.sync_or_swim.records import POINTS
from kiosk.table.games.sync_or_swim.view import Phase

GAME = "sync_or_swim"


def local(year, month, day, hour=12):
    return time.mktime((year, month, day, hour, 0, 0, 0, 0, -1))


def finish_routine(rig) -> None:
    """From the setup to the score, every round played right the first time."""
    rig.controller.act("begin")
    while rig.view.phase is not Phase.SCORE:
        rig.controller.act("swim")
        rig.lay(rig.winning_plays())
        rig.stop()
        assert rig.view.payload.verdict.in_sync
        rig.controller.act("next")


def locks(rig):
    return [(c.id, c.locked) for c in rig.view.payload.choices if c.number is not None]


def test_a_fresh_table_opens_three_routines_and_random_ones_to_anyone(rig):
    rig.controller.wake()
    assert locks(rig)[:4] == [("R01", False), ("R02", False), ("R03", False),
                              ("R04", True)]
    assert rig.view.payload.randoms_open
    new = rig.controller.act("random_routine", seed=5)
    assert new == "random-5" and rig.view.payload.choices[-1].id == "random-5"
    rig.controller.act("choose", players=3, routine_id="R03")
    assert rig.view.phase is Phase.SETUP


def test_staff_set_the_campaign_locks(rig):
    rig.controller.wake()
    rig.controller.staff("campaign", open_from_start=1, random_from_start=False)
    assert [locked for _, locked in locks(rig)[:3]] == [False, True, True]
    assert not rig.view.payload.randoms_open
    rig.controller.act("random_routine", seed=5)
    assert rig.heard.problems[-1] == "Random routines open once the whole campaign is finished"
    rig.controller.staff("campaign", locking=False)
    assert not any(locked for _, locked in locks(rig)) and rig.view.payload.randoms_open
    assert rig.view.payload.unlock_all  # the same setting as "Unlock all routines"
    rig.controller.staff("campaign", locking=True, open_from_start=5)
    assert [locked for _, locked in locks(rig)[4:6]] == [False, True]
    assert rig.view.payload.open_from_start == 5


@pytest.mark.parametrize(("args", "said"), [
    ({"open_from_start": 0}, "At least routine 1 is open from the start"),
    ({"open_from_start": "3"}, "The campaign's open_from_start must be a number"),
    ({"locking": "no"}, "The campaign's locking must be on or off"),
    ({"colour": True}, "The campaign has no setting 'colour'"),
])
def test_wrong_campaign_settings_are_refused_and_nothing_changes(rig, args, said):
    rig.controller.wake()
    rig.controller.staff("campaign", random_from_start=False, **args)
    assert rig.heard.problems[-1] == said
    assert rig.store.setting(RANDOM_FROM_START) is None  # not even the good one


@pytest.mark.parametrize("stored", ["three", -4, 99, True, None])
def test_a_damaged_campaign_setting_reads_as_something_sensible(rig, stored):
    rig.store.set_setting(OPEN_FROM_START, stored)
    rig.store.set_setting(RANDOM_FROM_START, "maybe")
    rig.controller.wake()
    opened = sum(not locked for _, locked in locks(rig))
    assert 1 <= opened <= len(locks(rig)) and rig.view.payload.randoms_open
    assert rig.heard.problems == []


def test_quick_play_goes_from_the_attract_screen_to_routine_ones_setup(rig):
    assert rig.view.phase is Phase.ATTRACT
    rig.controller.act("quick_play")
    view = rig.view
    assert view.phase is Phase.SETUP and view.payload.routine_id == "R01"
    assert view.seats == (1, 2, 3, 4)  # four swimmers on a fresh table
    rig.controller.abandon()
    rig.controller.act("choose", players=3, routine_id="R02")
    rig.controller.abandon()
    rig.controller.act("quick_play")  # the last table's size
    assert rig.view.phase is Phase.SETUP and rig.view.seats == (1, 2, 3)
    rig.controller.act("begin")
    rig.controller.act("quick_play")
    assert rig.heard.problems[-1].startswith("Quick play starts from")


def test_a_team_name_is_kept_with_its_score_and_on_the_leaderboard(rig):
    now = [local(2026, 3, 15)]
    rig.store.wall_clock = lambda: now[0]
    rig.controller.act("quick_play")
    rig.controller.act("team", team="  night   owls ")
    assert rig.view.payload.team == "night owls"
    finish_routine(rig)
    (result,) = rig.store.results(GAME)
    assert result.details["team"] == "night owls" and result.at == now[0]
    board = rig.view.payload.records.boards[0]
    assert board.played == "R01"
    assert [(row.team, row.score) for row in board.periods[0]] == [
        ("night owls", result.score)]


def test_bad_team_names_are_refused(rig):
    rig.controller.wake()
    rig.controller.act("team", team="x" * 25)
    rig.controller.act("team", team="bell\x07")
    assert len(rig.heard.problems) == 2 and "at most 24" in rig.heard.problems[0]
    assert rig.view.payload.team is None
    rig.controller.act("team", team="Sharks")
    rig.controller.act("team", team=None)  # no name after all
    assert rig.view.payload.team is None


def test_leaderboards_keep_today_this_month_and_all_time_apart(rig):
    now = [0.0]
    rig.store.wall_clock = lambda: now[0]
    for team, score, when in (("Owls", 600, local(2025, 12, 31)),      # last year
                              ("Foxes", 550, local(2026, 3, 2)),       # this month
                              ("Bats", 500, local(2026, 3, 15, 9)),    # today
                              ("Owls", 450, local(2026, 3, 15, 10)),   # today, again
                              ("", 430, local(2026, 3, 15, 11)),       # no name
                              ("Bats", 700, local(2026, 3, 15, 11))):  # abandoned
        now[0] = when
        rig.store.add_result(GAME, GameResult(
            "R02", 4, score, 300.0, abandoned=score == 700,
            details={**POINTS, "team": team}))
    now[0] = local(2026, 3, 15, 20)
    rig.store.add_result(GAME, GameResult("R02", 4, 99, 200.0))  # out of 100: never listed
    rig.store.add_result(GAME, GameResult("random-5", 3, 420, 300.0,
                                          details={**POINTS, "team": "Eels"}))
    rig.controller.wake()
    boards = {b.played: b for b in rig.view.payload.records.boards}
    today, month, ever = ([(row.team, row.score) for row in period]
                          for period in boards["R02"].periods)
    assert today == [("Bats", 500), ("Owls", 450), ("", 430), ("Eels", 420)][:3]
    assert month == [("Foxes", 550), ("Bats", 500), ("Owls", 450), ("", 430)]
    assert ever == [("Owls", 600), ("Foxes", 550), ("Bats", 500), ("", 430)]
    assert [row.team for row in boards["random"].periods[0]] == ["Eels"]
    assert boards["R01"].periods == ((), (), ())
    now[0] = local(2026, 4, 1)  # a new month: the table reads the boards again
    rig.controller.abandon()
    assert [p for p in rig.view.payload.records.boards[1].periods[:2]] == [(), ()]


def test_doctests():
    import doctest

    from kiosk.table.games.sync_or_swim import campaign, records

    for module in (campaign, records):
        assert doctest.testmod(module).failed == 0, module.__name__
