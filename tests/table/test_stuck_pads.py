"""A stop pad held or stuck: the controller names it, the view's pads go False (so the
round shows its circles), no single finger stops the timer, and freeing it restores pads."""

from __future__ import annotations

from kiosk.hardware.ports import HardwareListener, Pad
from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.table.hardware_status import HardwareStatus, stuck_pads_problem

STUCK_A = ("Stop pad A is held or stuck: free it; until then the captain stops with the "
           "two stop circles on the screen")


def test_a_pad_held_at_swim_is_named_and_the_screen_stop_stands_in(rig):
    rig.start_round()
    rig.table.touch_pad(Pad.A)  # a resting hand
    rig.wait(0.5)
    assert rig.view.hardware.pads and rig.view.hardware.stuck_pads == ()
    rig.controller.act("swim")
    assert rig.view.phase is Phase.PRACTICE
    assert not rig.view.hardware.pads and rig.view.hardware.stuck_pads == ("A",)
    assert STUCK_A in rig.view.hardware.problems

    rig.table.touch_pad(Pad.B)  # one finger on the other pad
    rig.wait(0.5)
    assert rig.view.phase is Phase.PRACTICE
    rig.controller.act("stop_on_screen")
    assert rig.view.phase is not Phase.PRACTICE


def test_a_pad_stuck_mid_round_is_found_in_time_and_cleared_on_release(rig):
    rig.start_round()
    rig.controller.act("swim")
    rig.table.touch_pad(Pad.B)
    rig.wait(4.9)
    assert rig.view.hardware.pads
    rig.wait(0.2)
    assert not rig.view.hardware.pads and rig.view.hardware.stuck_pads == ("B",)
    rig.table.touch_pad(Pad.A)  # one finger: never a stop
    rig.wait(0.5)
    assert rig.view.phase is Phase.PRACTICE

    rig.table.release_pads()
    rig.wait(0.5)
    assert rig.view.hardware.pads and not any("held or stuck" in p
                                               for p in rig.view.hardware.problems)
    edge = rig.stop(after=1.0)  # fresh touches on both pads stop as ever
    assert rig.view.phase is not Phase.PRACTICE
    assert rig.store.open_journals()[0].entries[-2][:2] == ("stop", edge)


def test_a_pad_stuck_before_the_controller_started_is_read_at_refresh(make_rig):
    rig = make_rig()
    pads = rig.table.gpio.gpio.pads
    pads.listener = HardwareListener()  # events lost, as before the controller listens
    rig.table.touch_both_pads()
    rig.table.arm_stop()
    rig.wait(0.1)
    assert rig.view.hardware.pads
    pads.listener = rig.controller
    rig.controller.refresh_hardware()
    rig.wait(0.1)
    assert rig.view.hardware.stuck_pads == ("A", "B")
    assert stuck_pads_problem(["A", "B"]) in rig.view.hardware.problems


def test_hardware_status_follows_stuck_events_without_pads_it_says_no_pads():
    class Pads:
        def stuck(self):
            return frozenset()

    status = HardwareStatus(pads=Pads())
    assert status.view().pads
    status.pad_stuck(Pad.A, True)
    assert (status.view().pads, status.view().stuck_pads) == (False, ("A",))
    assert status.view().problems[0] == STUCK_A
    status.pad_stuck(Pad.A, False)
    assert status.view().pads and status.view().problems[0] != STUCK_A
    bare = HardwareStatus()
    bare.pad_stuck(Pad.A, True)  # no pads fitted: "no pads" says it all
    assert not any("held or stuck" in p for p in bare.view().problems)
