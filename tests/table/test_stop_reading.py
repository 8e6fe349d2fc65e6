"""The lanes are read after a stop off the pumping thread: a slow board shows READING,
never blocks a pump, and still gives the automatic verdict within the confirm bound.

A board is made slow with ``slow_answers(60)``: its pong is a minute away, so a pump
that returned while the phase says READING cannot have waited for it. ``slow_answers(0)``
then lets the held pong go, so no test depends on how fast this machine is.
"""

from __future__ import annotations

import threading

import pytest

from kiosk.table.games.sync_or_swim.view import Phase


def stop_now(rig) -> None:
    rig.table.touch_both_pads()
    rig.clock.advance(0.05)
    rig.table.release_pads()
    rig.controller.pump()


@pytest.fixture
def swimming(rig):
    rig.start_round()
    rig.controller.act("swim")
    rig.lay(rig.winning_plays())
    rig.clock.advance(2)
    return rig


def test_a_slow_board_shows_reading_then_the_automatic_verdict(swimming):
    rig = swimming
    rig.table.board(2).slow_answers(60)
    stop_now(rig)
    assert rig.view.phase is Phase.READING  # the pump returned: it did not wait
    assert "Reading the cards" in (rig.view.message or "")
    assert rig.controller.context.waiting is not None
    rig.table.board(2).slow_answers(0)  # the board answers
    rig.confirm_lanes()
    assert rig.view.phase is Phase.PERFORMANCE
    assert rig.view.payload.verdict.in_sync and not rig.view.payload.verdict.by_hand


def test_a_board_past_the_confirm_bound_is_judged_by_hand_with_the_reason(swimming):
    rig = swimming
    rig.controller.status.confirm_s = 0.2
    rig.table.board(3).slow_answers(60)
    stop_now(rig)
    assert rig.view.phase is Phase.READING
    rig.confirm_lanes()
    assert rig.view.phase is Phase.JUDGE_BY_HAND
    assert "Seat 3's reader did not confirm its cards within 0.2 s" in rig.view.message


def test_the_on_screen_stop_reads_the_lanes_off_the_pumping_thread_too(swimming):
    rig = swimming
    rig.table.board(1).slow_answers(60)
    rig.controller.act("stop_on_screen")
    assert rig.view.phase is Phase.READING
    rig.table.board(1).slow_answers(0)
    rig.confirm_lanes()
    assert rig.view.phase is Phase.PERFORMANCE and rig.view.payload.verdict.in_sync


def test_a_read_abandoned_midway_is_never_used_for_a_later_stop(swimming):
    rig = swimming
    rig.table.board(1).slow_answers(60)
    stop_now(rig)
    old = rig.controller.context.waiting
    assert old is not None
    rig.controller.abandon()
    rig.table.board(1).slow_answers(0)
    assert old.wait(5)
    rig.controller.pump()  # the old read's answer arrives: nobody waits for it
    assert rig.view.phase is Phase.CHOOSING
    rig.start_round()
    rig.controller.act("swim")
    rig.table.clear()  # nothing played this time: a fresh read must see empty lanes
    assert rig.table.wait_settled()
    rig.clock.advance(2)
    stop_now(rig)
    rig.confirm_lanes()
    assert rig.view.phase is Phase.PERFORMANCE and not rig.view.payload.verdict.in_sync


def test_no_board_write_ever_runs_on_the_pumping_thread(swimming):
    rig = swimming
    pumping = threading.get_ident()
    writers: list[int] = []
    for link in rig.table.readers.links:
        port = link._port
        original = port.write

        def write(data, original=original):
            writers.append(threading.get_ident())
            return original(data)

        port.write = write
    stop_now(rig)
    rig.confirm_lanes()
    assert rig.view.phase is Phase.PERFORMANCE
    assert writers, "the stop pinged no board"
    assert pumping not in writers
