"""One routine played the same way every time, through the controller's commands:
R01 for 3 swimmers, stopped on screen and judged by hand, with a staff volume change,
a time out in round 2 and a NOT IN SYNC once — every kind of write a routine makes."""

from __future__ import annotations

from collections.abc import Callable

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.table.controller import TableController
from kiosk.table.games.sync_or_swim.view import Phase


def play_routine(controller: TableController, clock: ManualClock,
                 in_practice: Callable[[], None] | None = None) -> None:
    """Choose R01 for 3 and play it to the score; ``in_practice`` is called once, while
    the timer of round 1 runs (to break the disk in the middle of a round)."""
    controller.wake()
    controller.act("choose", players=3, routine_id="R01")
    controller.act("begin")
    controller.staff("volume", level=0.4)
    rounds = 0
    while controller.view.phase is not Phase.SCORE:
        assert controller.view.phase is Phase.ROUND_READY, controller.view
        rounds += 1
        clock.advance(2.0)
        controller.act("swim")
        if rounds == 1 and in_practice is not None:
            in_practice()
        if rounds == 2 and controller.view.payload.round_number == 2:  # the timer runs out once
            clock.advance(controller.view.timer_seconds + 1.0)
            controller.pump()
            assert controller.view.phase is Phase.TIME_OUT
            clock.advance(1.5)
            controller.act("try_again")
            continue
        clock.advance(12.0)
        controller.act("stop_on_screen")
        assert controller.view.phase is Phase.JUDGE_BY_HAND
        clock.advance(1.5)
        # one NOT IN SYNC, then the round again
        controller.act("judge_by_hand", in_sync=rounds != 4)
        clock.advance(1.5)
        controller.act("next")
