"""Whatever hardware is missing, the table stays playable and says what is missing."""

from __future__ import annotations

import shutil

from kiosk.hardware.ports import BoardState, LedMode, SeatLed
from kiosk.hardware.tagmap import TagMap
from kiosk.paths import config_dir
from kiosk.store.protocol import MemoryStore
from kiosk.table.api import Sound
from kiosk.table.controller import TableController
from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.table.hardware_status import NO_PADS, NO_READERS, NO_SEAT_BUTTONS

UNKNOWN_UID = bytes.fromhex("0badc0de")


def test_no_readers_means_judging_by_hand(make_rig):
    rig = make_rig(readers=False)
    assert not rig.view.hardware.readers and NO_READERS in rig.view.hardware.problems
    rig.start_round()
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())  # the boards see them, but the controller has no readers
    rig.stop()
    assert rig.view.phase is Phase.JUDGE_BY_HAND
    assert rig.view.message == "This table has no card readers — judge this one yourselves"
    rig.controller.act("judge_by_hand", in_sync=True)
    assert rig.view.phase is Phase.PERFORMANCE
    assert rig.view.payload.verdict.by_hand and rig.view.payload.verdict.in_sync
    assert rig.heard.sounds[-1] is Sound.CHEER
    rig.controller.act("next")
    assert (rig.view.phase, rig.view.payload.round_number) == (Phase.ROUND_READY, 2)


def test_an_unknown_card_names_its_seat_and_lane(rig):
    rig.start_round()
    rig.controller.act("swim")
    plays = dict(rig.winning_plays())
    rig.lay(plays)
    rig.table.put_uid(UNKNOWN_UID, seat=2, lane=1)
    assert rig.table.wait_settled()
    rig.stop()
    assert rig.view.phase is Phase.JUDGE_BY_HAND
    assert rig.view.message == ("Seat 2, lane 1 holds a card the table does not know — "
                                "judge this one yourselves")
    assert any("Seat 2, lane 1" in p and "Settings › Cards" in p
               for p in rig.view.hardware.problems)
    rig.controller.act("judge_by_hand", in_sync=False)
    assert not rig.view.payload.verdict.in_sync and rig.heard.sounds[-1] is Sound.GROAN


def test_an_unknown_card_at_a_seat_not_in_play_does_not_matter(rig):
    rig.start_round(players=3)
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.table.put_uid(UNKNOWN_UID, seat=4, lane=1)
    assert rig.table.wait_settled()
    rig.stop()
    assert rig.view.phase is Phase.PERFORMANCE and rig.view.payload.verdict.in_sync


def test_an_offline_board_is_named(rig):
    rig.start_round()
    rig.table.inject("unplug", seat=3)
    assert rig.table.wait_state(3, BoardState.OFFLINE)
    offline = "Seat 3's reader is offline: check its USB cable"
    assert rig.until(lambda: offline in rig.view.hardware.problems)
    assert not rig.view.hardware.readers
    rig.controller.act("swim")
    rig.stop()
    assert rig.view.phase is Phase.JUDGE_BY_HAND
    assert rig.view.message == "Seat 3's reader is offline — judge this one yourselves"


def test_a_card_seen_in_two_lanes_at_once_is_judged_by_hand(rig):
    rig.start_round()
    rig.controller.act("swim")
    rig.table.put("green-3-RH", seat=1, lane=1)
    rig.table.inject("ghost", seat=1, lane=1, into=2)
    assert rig.table.wait_settled()
    rig.stop()
    assert rig.view.phase is Phase.JUDGE_BY_HAND
    assert "green-3-RH is seen in seat 1 lane 1 and seat 1 lane 2" in rig.view.message


def test_staff_override_flips_the_verdict_and_the_penalty(rig):
    rig.start_round()
    rig.controller.act("swim")
    plays = rig.winning_plays()
    rig.lay({place: cards for place, cards in plays.items() if place[0] != 2})
    rig.stop()
    assert not rig.view.payload.verdict.in_sync
    assert rig.led(2, SeatLed.RED) is LedMode.BLINK
    session = rig.controller.game.session
    assert session.penalty_seconds == 10
    rig.controller.act("override", in_sync=True)
    verdict = rig.view.payload.verdict
    assert verdict.in_sync and verdict.overridden
    assert rig.view.message == "IN SYNC! (corrected by staff)"
    assert session.penalty_seconds == 0
    assert rig.led(2, SeatLed.RED) is LedMode.OFF
    rig.controller.act("override", in_sync=True)
    assert rig.heard.problems[-1] == "The verdict already is IN SYNC"
    rig.controller.act("next")
    assert rig.view.payload.round_number == 2
    entries = [e.action for e in rig.store.open_journals()[0].entries]
    assert entries[-2:] == ["override_verdict", "next_round"]


def test_override_outside_a_performance_is_refused(rig):
    rig.start_round()
    rig.controller.act("override", in_sync=False)
    assert rig.heard.problems == ["A verdict can be corrected only while it is shown"]
    assert rig.view.phase is Phase.ROUND_READY


def test_no_pads_means_the_on_screen_circles(make_rig):
    rig = make_rig(pads=False)
    assert not rig.view.hardware.pads and NO_PADS in rig.view.hardware.problems
    rig.start_round()
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.stop()  # real pads touched, but the controller has none: nothing happens
    assert rig.view.phase is Phase.PRACTICE
    rig.clock.advance(1.5)
    at = rig.clock.now
    rig.controller.act("stop_on_screen")
    rig.confirm_lanes()
    assert rig.view.phase is Phase.PERFORMANCE and rig.view.payload.verdict.in_sync
    assert rig.store.open_journals()[0].entries[-2][:2] == ("stop", at)


def test_a_table_with_no_hardware_at_all_plays_a_round(content):
    controller = TableController(store=MemoryStore(), clock=lambda: 5.0)
    hardware = controller.view.hardware
    assert not (hardware.pads or hardware.readers or hardware.seat_buttons)
    assert set(hardware.problems) == {NO_PADS, NO_READERS, NO_SEAT_BUTTONS}
    controller.wake()
    controller.act("choose", players=4, routine_id="R01")
    controller.act("begin")
    controller.act("swim")
    controller.act("stop_on_screen")
    assert controller.view.phase is Phase.JUDGE_BY_HAND
    controller.act("judge_by_hand", in_sync=True)
    controller.act("next")
    assert controller.view.payload.round_number == 2
    controller.close()


def test_broken_content_shows_its_problems(tmp_path):
    shutil.copytree(config_dir(), tmp_path / "config")
    (tmp_path / "config" / "sync_or_swim" / "campaign.toml").write_text("[[routine]]\nid=1\n")
    controller = TableController(config_dir=tmp_path / "config", tags=TagMap({}))
    assert controller.view.phase is Phase.BROKEN
    assert "campaign.toml" in controller.view.problems[0]
    controller.wake()
    assert controller.view.phase is Phase.BROKEN
    controller.close()
