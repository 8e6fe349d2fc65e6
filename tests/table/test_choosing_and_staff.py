"""Routine choice with locks and top scores, random routines, staff settings, abandon."""

from __future__ import annotations

from kiosk.store.protocol import GameResult
from kiosk.table.games.sync_or_swim.campaign import OPEN_FROM_START, RANDOM_FROM_START
from kiosk.table.games.sync_or_swim.records import POINTS
from kiosk.table.games.sync_or_swim.view import Phase

GAME = "sync_or_swim"


def test_locked_routines_are_refused_until_the_one_before_is_finished(rig):
    rig.store.set_setting(OPEN_FROM_START, 1)  # staff: only routine 1 open at first
    rig.controller.wake()
    rig.controller.act("choose", players=3, routine_id="R02")
    assert rig.view.phase is Phase.CHOOSING
    assert rig.heard.problems == ["Routine 2 is locked: finish routine 1 first"]
    rig.store.add_progress(GAME, "R01")
    rig.store.add_result(GAME, GameResult("R01", 4, 77, 300.0))
    rig.controller.staff("reset_scores")  # any staff action refreshes the choices
    choices = {c.id: c for c in rig.view.payload.choices}
    assert not choices["R02"].locked and choices["R03"].locked
    assert choices["R01"].top_score is None  # reset
    rig.controller.act("choose", players=4, routine_id="R02")
    assert rig.view.phase is Phase.SETUP and rig.view.payload.routine_id == "R02"


def test_unlock_all_set_before_settings_were_per_game_still_counts(rig):
    rig.store.set_setting("unlock_all", True)  # as an older kiosk kept it
    rig.store.set_setting(OPEN_FROM_START, 1)
    rig.controller.wake()
    assert rig.view.payload.unlock_all and not any(c.locked for c in rig.view.payload.choices)
    rig.controller.staff("unlock_all", on=False)  # staff's new word wins, under the new key
    assert rig.store.setting("sync_or_swim.unlock_all") is False
    assert not rig.view.payload.unlock_all and rig.view.payload.choices[1].locked


def test_top_scores_are_shown_per_routine(rig):
    rig.store.add_result(GAME, GameResult("R01", 4, 77, 300.0, details=POINTS))
    rig.store.add_result(GAME, GameResult("R01", 3, 91, 250.0, details=POINTS))
    rig.store.add_result(GAME, GameResult("R01", 3, 95, 200.0, abandoned=True,
                                          details=POINTS))
    rig.controller.wake()
    assert rig.view.payload.choices[0].top_score == 91


def test_scores_from_before_points_are_never_top_scores(rig):
    """A result stored before the points formula (no "scoring") was out of 100."""
    rig.store.add_result(GAME, GameResult("R01", 3, 100, 250.0))
    rig.controller.wake()
    assert rig.view.payload.choices[0].top_score is None
    rig.store.add_result(GAME, GameResult("R01", 3, 40, 800.0, details=POINTS))
    rig.controller.abandon()
    rig.controller.wake()
    assert rig.view.payload.choices[0].top_score == 40


def test_staff_unlock_all_and_volume(rig):
    rig.controller.wake()
    rig.controller.staff("unlock_all", on=True)
    assert rig.view.payload.unlock_all and not any(c.locked for c in rig.view.payload.choices)
    rig.controller.staff("volume", level=0.4)
    assert rig.view.volume == 0.4
    rig.controller.staff("fireworks")
    assert "fireworks" in rig.heard.problems[-1]


def test_mute_and_volume_are_kept_in_the_store_and_read_back(rig):
    rig.controller.wake()
    assert (rig.view.volume, rig.view.muted) == (1.0, False)  # a fresh table: full, on
    rig.controller.staff("mute", on=True)
    rig.controller.staff("volume", level=0.35)
    assert (rig.store.setting("muted"), rig.store.setting("volume")) == (True, 0.35)
    assert (rig.view.volume, rig.view.muted) == (0.35, True)
    rig.controller.staff("mute", on=False)
    assert rig.view.muted is False and rig.store.setting("muted") is False


def test_a_hand_edited_volume_reads_as_full_and_a_stray_mute_as_off(rig):
    rig.store.set_setting("volume", "loud")
    rig.store.set_setting("muted", "yes")
    rig.controller.staff("reset_scores")  # any staff action composes the view afresh
    assert (rig.view.volume, rig.view.muted) == (1.0, False)


def test_random_routines_come_after_the_campaign(rig, content):
    rig.store.set_setting(RANDOM_FROM_START, False)  # staff: not for walk-ins
    rig.controller.wake()
    assert rig.controller.act("random_routine", seed=5) is None  # refused
    assert "campaign" in rig.heard.problems[-1]
    rig.store.add_progress(GAME, content.campaign[-1].id)
    routine_id = rig.controller.act("random_routine", seed=5)
    assert routine_id == "random-5"
    choice = rig.view.payload.choices[-1]
    assert (choice.id, choice.number, choice.locked) == ("random-5", None, False)
    rig.controller.act("choose", players=5, routine_id=routine_id)
    assert rig.view.phase is Phase.SETUP and len(rig.view.seats) == 5


def test_choose_checks_players_and_seats(rig):
    rig.controller.wake()
    rig.controller.act("choose", players=7, routine_id="R01")
    rig.controller.act("choose", players=3, routine_id="R99")
    rig.controller.act("choose", players=3, routine_id="R01", seats=(1, 2, 9))
    assert rig.view.phase is Phase.CHOOSING
    assert rig.heard.problems == [
        "Sync or Swim is for 3 to 6 swimmers, not 7",
        "There is no routine 'R99'",
        "This table has seats 1, 2, 3, 4, 5, 6 only",
    ]
    rig.controller.act("choose", players=3, routine_id="R01", seats=(2, 4, 6))
    assert (rig.view.seats, rig.view.payload.captain) == ((2, 4, 6), 2)


def test_commands_out_of_turn_are_refused_in_words(rig):
    rig.controller.wake()
    rig.controller.act("swim")
    rig.controller.act("try_again")
    rig.controller.act("next")
    assert rig.heard.problems == ["SWIM! works when a round is ready",
                                  "TRY AGAIN follows a time out",
                                  "Next works after a Performance or on the score"]
    assert rig.view.phase is Phase.CHOOSING


def test_abandon_mid_practice(rig):
    rig.start_round()
    rig.controller.act("swim")
    rig.wait(6)
    rig.controller.abandon()
    assert rig.view.phase is Phase.CHOOSING and rig.view.payload.routine_id is None
    assert rig.table.gpio is not None and not rig.table.gpio.gpio.pads.armed
    assert rig.store.open_journals() == ()
    (result,) = rig.store.results(GAME)
    assert result.abandoned and result.score == 0 and result.seconds == 6
    assert rig.store.top_score(GAME, "R01") is None
    assert rig.store.progress(GAME) == frozenset()
    rig.stop()
    assert rig.view.phase is Phase.CHOOSING


def test_abandon_before_the_first_round_leaves_no_trace(rig):
    rig.controller.wake()
    rig.controller.act("choose", players=3, routine_id="R01")
    rig.controller.abandon()
    assert rig.view.phase is Phase.CHOOSING
    assert rig.store.results(GAME) == ()
