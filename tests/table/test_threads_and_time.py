"""Worker-thread events and commands wait for the pumping thread's pump(); the stop is
stamped with the pad edge's time."""

from __future__ import annotations

import threading

from kiosk.table.controller import TableController
from kiosk.table.games.sync_or_swim.view import Phase

UNKNOWN_UID = bytes.fromhex("0badc0de")


def on_worker(action) -> None:
    worker = threading.Thread(target=action)
    worker.start()
    worker.join(timeout=5)
    assert not worker.is_alive()


def test_hardware_events_from_a_worker_thread_apply_only_at_pump(rig):
    rig.start_round()
    rig.controller.act("swim")
    heard_before = len(rig.heard.views)
    assert rig.table.gpio is not None

    def fingers():
        rig.table.press_seat(2)
        rig.clock.advance(0.05)
        rig.table.gpio.gpio.poll()  # the ticker's job on a real table: decides the press
        rig.table.touch_both_pads()

    on_worker(fingers)
    rig.table.put_uid(UNKNOWN_UID, seat=4, lane=5)  # a reader thread reports this one
    assert rig.table.wait_settled()
    assert rig.view.phase is Phase.PRACTICE and rig.view.payload.ready == frozenset()
    assert not any("Seat 4, lane 5" in p for p in rig.view.hardware.problems)
    assert len(rig.heard.views) == heard_before

    rig.controller.pump()
    rig.confirm_lanes()  # the boards confirm the stop's lanes on the read's own thread
    assert rig.view.phase is Phase.PERFORMANCE
    assert any("Seat 4, lane 5" in p for p in rig.view.hardware.problems)
    assert rig.heard.threads == {threading.get_ident()}


def test_a_command_from_another_thread_still_notifies_only_the_pumping_thread(rig):
    rig.start_round()  # this thread pumped: it is the pumping thread now
    woken = []
    rig.controller.wakeup = lambda: woken.append(threading.get_ident())
    heard_before = len(rig.heard.views)
    on_worker(lambda: rig.controller.act("swim"))
    assert rig.view.phase is Phase.ROUND_READY  # queued, not applied on the worker
    assert len(rig.heard.views) == heard_before and len(woken) == 1
    rig.wait(1)
    assert rig.view.phase is Phase.PRACTICE
    assert rig.heard.threads == {threading.get_ident()}


def test_a_command_waiting_for_its_result_gets_it_from_the_pumping_thread(rig):
    rig.controller.wake()
    rig.controller.staff("unlock_all")  # random routines open after the campaign
    got = []
    worker = threading.Thread(
        target=lambda: got.append(rig.controller.act("random_routine", seed=5)))
    worker.start()
    while worker.is_alive():  # the UI's frames: pump until the worker has its answer
        rig.controller.pump()
        worker.join(timeout=0.01)
    assert got[0] and got[0] in {choice.id for choice in rig.view.payload.choices}
    assert rig.heard.threads == {threading.get_ident()}


def test_when_the_pumping_thread_has_ended_a_command_pumps_on_its_own_thread(rig):
    on_worker(rig.controller.pump)  # that worker pumped last, and is gone
    rig.controller.wake()
    assert rig.view.phase is Phase.CHOOSING  # applied before wake returned


def test_before_anyone_pumps_a_command_from_any_thread_pumps_on_its_own_thread():
    controller = TableController()
    try:
        on_worker(controller.wake)
        assert controller.view.phase is Phase.CHOOSING
    finally:
        controller.close()


def test_the_stop_is_stamped_with_the_pad_edge_not_the_pump(rig):
    rig.start_round()
    rig.wait(4)
    rig.controller.act("swim")
    swim_at = rig.clock.now
    rig.clock.advance(7.25)
    rig.table.touch_both_pads()
    edge = rig.clock.now
    rig.clock.advance(3.0)  # the UI pumps late
    rig.controller.pump()
    rig.confirm_lanes()
    assert rig.view.phase is Phase.PERFORMANCE
    (journal,) = rig.store.open_journals()
    stop = next(e for e in journal.entries if e.action == "stop")
    assert stop.now == edge == swim_at + 7.25
    assert rig.controller.game.session.records[0].practice_seconds == 7.25


def test_a_pad_held_before_swim_is_ignored_until_released(rig):
    rig.start_round()
    rig.table.touch_both_pads()  # a resting hand before SWIM!
    rig.wait(0.5)
    rig.controller.act("swim")
    rig.wait(2)
    assert rig.view.phase is Phase.PRACTICE
    rig.table.release_pads()
    rig.wait(0.5)
    edge = rig.stop(after=1.0)
    assert rig.view.phase is Phase.PERFORMANCE
    assert rig.store.open_journals()[0].entries[-2][:2] == ("stop", edge)


def test_pads_are_ignored_outside_practice(rig):
    rig.start_round()
    rig.stop()
    assert rig.view.phase is Phase.ROUND_READY
    assert rig.table.gpio is not None and not rig.table.gpio.gpio.pads.armed


def test_ticks_follow_the_timer_and_a_late_pump_stamps_the_time_out_at_the_deadline(rig):
    rig.start_round()
    rig.controller.act("swim")
    rig.wait(12.5)
    assert 7.4 < rig.heard.ticks[-1] < 7.6
    assert rig.view.time_left is not None
    rig.wait(30)  # one late pump, long after the deadline
    assert rig.view.phase is Phase.TIME_OUT
    entries = rig.store.open_journals()[0].entries
    assert entries[-1][:2] == ("time_out", entries[-2].now + 20)
