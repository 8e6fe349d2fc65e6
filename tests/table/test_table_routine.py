"""A whole routine through the controller on the simulated table: a TRY AGAIN, a NOT IN
SYNC, the twist round, and the score that unlocks the next routine."""

from __future__ import annotations

from kiosk.games.sync_or_swim.session import Session
from kiosk.table.api import Sound
from kiosk.table.games.sync_or_swim.view import Phase


def test_a_whole_routine_from_attract_to_score(rig):
    controller, store = rig.controller, rig.store
    store.set_setting("sync_or_swim.open_from_start", 1)  # staff: a campaign from routine 1
    assert rig.view.phase is Phase.ATTRACT
    controller.wake()
    assert rig.view.phase is Phase.CHOOSING
    choices = rig.view.payload.choices
    assert [(c.id, c.locked) for c in choices[:2]] == [("R01", False), ("R02", True)]

    controller.act("choose", players=3, routine_id="R01")
    view = rig.view
    assert view.phase is Phase.SETUP
    assert (view.seats, view.payload.captain, len(view.payload.deck)) == ((1, 2, 3), 1, 56)
    assert [r.lane for r in view.payload.rules] == [1, 2, 3, 4, 5, None]  # element places, twist

    controller.act("begin")
    assert (rig.view.phase, rig.view.payload.round_number, rig.view.timer_seconds) == (
        Phase.ROUND_READY, 1, 20)

    # Round 1: the timer runs out, TRY AGAIN, then the team plays it right.
    controller.act("swim")
    for _ in range(21):
        rig.wait(1.0)
    assert rig.view.phase is Phase.TIME_OUT
    controller.act("try_again")
    assert (rig.view.payload.captain, rig.view.timer_seconds) == (2, 30)
    controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.stop()
    assert rig.view.phase is Phase.PERFORMANCE and rig.view.payload.verdict.in_sync
    controller.act("next")

    # Round 2: a mistake (seat 3 plays nothing), NOT IN SYNC, then right.
    assert rig.view.payload.round_number == 2
    controller.act("swim")
    plays = rig.winning_plays()
    rig.lay({place: cards for place, cards in plays.items() if place[0] != 3})
    rig.stop()
    verdict = rig.view.payload.verdict
    assert rig.view.phase is Phase.PERFORMANCE and not verdict.in_sync
    assert [lane.lane for lane in verdict.lanes] == [1, 2]
    failing = {s.seat for lane in verdict.lanes for s in lane.swimmers if not s.passed}
    assert failing == {3}
    assert all("Seat 3, lane" in s.reason for lane in verdict.lanes for s in lane.swimmers
               if not s.passed)
    controller.act("next")
    assert (rig.view.phase, rig.view.payload.round_number) == (Phase.ROUND_READY, 2)
    controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.stop()
    assert rig.view.payload.verdict.in_sync
    controller.act("next")

    # Rounds 3 to 6; the twist (Sudden Depth) arrives in round 6.
    for round_number in range(3, 7):
        assert rig.view.payload.round_number == round_number
        if round_number == 6:
            assert rig.view.payload.new_rule.kind == "twist"
            assert rig.view.payload.rules[-1].name == "Sudden Depth"
        controller.act("swim")
        rig.lay(rig.winning_plays())
        rig.stop(after=5.0)
        assert rig.view.payload.verdict.in_sync, rig.view.payload.verdict
        swimmer = rig.view.payload.verdict.lanes[0].swimmers[0]
        assert swimmer.cards and swimmer.cards[0].short  # each swimmer's cards are shown
        rig.wait(3)
        controller.act("next")

    score = rig.view.payload.score
    assert rig.view.phase is Phase.SCORE
    assert len(score.rounds) == 6 and score.best_before is None
    assert [r.retries for r in score.rounds] == [1, 1, 0, 0, 0, 0]
    assert score.rounds[0].penalty_seconds == 10 and score.rounds[5].added == "Sudden Depth"
    assert score.score == score.start - score.total_seconds and score.medal == "gold"
    assert sum(r.practice_seconds + r.between_seconds + r.penalty_seconds
               for r in score.rounds) == score.total_seconds == sum(score.parts)
    assert score.next_routine_id == "R02" and score.seats == (1, 2, 3)
    assert store.top_score("sync_or_swim", "R01", 3, "points") == score.score
    assert store.progress("sync_or_swim") == {"R01"}
    assert store.open_journals() == ()
    assert [r.played for r in store.results("sync_or_swim")] == ["R01"]

    controller.act("next")
    choices = {c.id: c for c in rig.view.payload.choices}
    assert rig.view.phase is Phase.CHOOSING
    assert not choices["R02"].locked and choices["R03"].locked
    assert choices["R01"].top_score == score.score

    sounds = rig.heard.sounds
    assert sounds[:7] == [Sound.WHISTLE] + [Sound.TICK] * 5 + [Sound.HORN]
    assert sounds.count(Sound.GROAN) == 1 and sounds.count(Sound.CHEER) == 6
    assert rig.heard.problems == []


def test_the_journal_rebuilds_the_session_mid_routine(rig, content):
    rig.start_round()
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.stop()
    rig.controller.act("next")
    rig.controller.act("swim")
    rig.wait(26)  # round 2 times out
    (journal,) = rig.store.open_journals()
    assert journal.setup == {"routine_id": "R01", "players": 3, "seats": [1, 2, 3],
                             "captain": 1}
    assert [e.action for e in journal.entries] == [
        "begin", "swim", "stop", "record_verdict", "next_round", "swim", "time_out"]
    rebuilt = Session.from_history(content.routine("R01"), content.timing, (1, 2, 3), 1,
                                   journal.entries)
    assert rebuilt.history == rig.controller.game.session.history
    assert (rebuilt.state.value, rebuilt.round_number, rebuilt.captain) == ("time out", 2, 2)
