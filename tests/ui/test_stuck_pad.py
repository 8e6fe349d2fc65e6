"""A stop pad held or stuck at SWIM!: the round says so and the stop circles on screen stand
in, on the real controller and the simulated table; freeing the pad brings pads back."""

from __future__ import annotations

from kiosk.hardware.ports import Pad
from kiosk.table.games.sync_or_swim.view import Phase


def test_a_pad_stuck_at_swim_brings_the_circles_and_they_stop_the_timer(tmp_path):
    from kiosk.ui.games.sync_or_swim.demo import Sitting

    s = Sitting(tmp_path, [], (800, 480), shots=False)
    try:
        s.start(players=4)
        screen = s.pilot.screen()
        s.driver.table.stick_pad(Pad.A)  # a hand resting on pad A as SWIM! is pressed
        s.pilot.press("SWIM!")
        s.wait_phase(Phase.PRACTICE)
        assert not s.app.view.hardware.pads and s.app.view.hardware.stuck_pads == ("A",)
        assert screen.circles
        assert screen.message == ("Stop pad A is held or stuck. "
                                  "Captain: touch BOTH stop circles at once.")

        s.driver.table.touch_pad(Pad.B)  # one finger on the other pad: no stop
        s.driver.pass_time(0.3)
        s.pilot.frames(3)
        assert s.app.view.phase is Phase.PRACTICE

        s.driver.table.free_pad(Pad.A)
        s.driver.table.release_pad(Pad.B)
        s.driver.pass_time(0.5)
        s.pilot.until(lambda: s.app.view.hardware.pads)
        s.pilot.frames(2)
        assert not screen.circles
        assert "stuck" not in screen.message and "circles" not in screen.message

        s.driver.table.stick_pad(Pad.B)  # stuck again, mid-round this time
        s.driver.pass_time(6.0)
        s.pilot.until(lambda: not s.app.view.hardware.pads)
        s.pilot.frames(2)
        assert screen.circles
        stop = screen.ids.stop
        left = stop.ids.left.to_window(*stop.ids.left.center)
        right = stop.ids.right.to_window(*stop.ids.right.center)
        for finger in s.pilot.hold([left, right]):
            finger.touch_up()
        s.pilot.until(lambda: s.app.view.phase is not Phase.PRACTICE)
    finally:
        s.close()
