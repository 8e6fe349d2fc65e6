"""The simulated table's developer panel: a fresh tag is one nobody enrolled, and laying
the next one lifts the last, as staff do card after card when enrolling."""

from __future__ import annotations

from fake_controller import FakeController


def test_fresh_tags_are_unknown_and_replace_each_other(make_pilot):
    from kiosk.table.games.sync_or_swim.driver import RealDriver
    from kiosk.ui.devpanel import DevPanel

    make_pilot(FakeController())
    driver = RealDriver(seats=(1, 2))
    panel = DevPanel(driver)
    try:
        panel.seat, panel.lane = 2, 3
        panel.fresh_tag()
        assert panel.status.startswith("laid fresh tag") and "seat 2 lane 3" in panel.status
        assert driver.table.wait_settled()
        (first,) = driver.table.board(2).seen()[2]
        assert driver.table.tags.card(first) is None         # never enrolled
        panel.fresh_tag()
        assert driver.table.wait_settled()
        (second,) = driver.table.board(2).seen()[2]
        assert second != first                                # the last one was lifted
        driver.table.clear()
        panel.fresh_tag()                                     # nothing left to lift: fine
        assert driver.table.wait_settled()
        assert len(driver.table.board(2).seen()[2]) == 1
    finally:
        from kivy.core.window import Window

        Window.unbind(on_key_down=panel._key)  # else it takes F12 from later tests' window
        driver.close()


def test_game_tools_follow_the_running_game():
    """Sync or Swim's winning table is there while it runs; with Synchro running the
    panel offers nothing of Sync or Swim's, and its keys do nothing that fails."""
    from kivy.core.window import Window

    from kiosk.table.games.sync_or_swim.driver import RealDriver
    from kiosk.ui.app import KioskApp
    from kiosk.ui.devpanel import DevPanel
    from kiosk.ui.pilot import Pilot
    from kiosk.ui.sound import Sounds

    driver = RealDriver(seats=(1, 2, 3))
    app = KioskApp(driver.controller, sounds=Sounds(enabled=False))
    app.side_panel = panel = DevPanel(driver)  # after the app, as `kiosk run` does
    pilot = Pilot(app, size=(1280, 800))
    try:
        pilot.until(lambda: pilot.showing("attract"))
        texts = lambda: [b.text for b in panel.ids.game_tools.children]  # noqa: E731
        pilot.until(lambda: "Winning table [W]" in texts())
        driver.controller.select_game("synchro")
        pilot.until(lambda: pilot.app.view.game == "synchro" and texts() == [])
        panel.status = ""
        assert panel._key(Window, 119, 0, "w", []) is False   # W: not Synchro's
        assert panel.status == ""
        driver.controller.select_game("sync_or_swim")
        pilot.until(lambda: "Winning table [W]" in texts())
        pilot.press("Any card")
        assert panel.status.startswith("card: ")
    finally:
        Window.unbind(on_key_down=panel._key)
        pilot.close()
        driver.close()
