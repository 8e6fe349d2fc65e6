"""After a power cut the app reopens into the routine and says so on screen."""

from __future__ import annotations

from kiosk.compose import build_table
from kiosk.table.games.sync_or_swim.view import Phase


def test_the_app_reopens_at_the_round_and_welcomes_the_players_back(tmp_path, make_pilot):
    database = tmp_path / "kiosk-sim.sqlite3"
    controller, driver, _ = build_table(simulate=True, database=database)
    controller.wake()
    controller.act("choose", players=4, routine_id="R01")
    controller.act("begin")
    controller.act("swim")
    controller.pump()
    assert controller.view.phase is Phase.PRACTICE
    driver.table.close()  # the power goes out: nothing is closed cleanly
    controller.store.close()

    controller, driver, staff_lock = build_table(simulate=True, database=database)
    try:
        pilot = make_pilot(controller)
        pilot.until(lambda: pilot.showing("round"))
        assert controller.view.resumed and controller.view.phase is Phase.ROUND_READY
        labels = " ".join(pilot.labels())
        assert "Welcome back" in labels, labels
        assert "SWIM!" in labels  # the interrupted practice starts over
        pilot.press("SWIM!")
        pilot.until(lambda: controller.view.phase is Phase.PRACTICE)
        assert not controller.view.resumed  # the message goes once the team plays on
    finally:
        controller.close()
