"""Staff tag cards from Settings: the enroll screen on the real controller and the
simulated table (real ptys), at the smallest and largest windows; laying a tag on seat 1
lane 1 moves it on to the next card."""

from __future__ import annotations

import pytest
from test_screens_build import check_sizes

from kiosk.table.enroll import SETTLE_S


def lay(driver, pilot, uid: bytes, expected: str) -> None:
    for held in driver.table.inventory().get((1, 1), ()):
        driver.table.lift_uid(held, seat=1, lane=1)
    driver.table.put_uid(uid, seat=1, lane=1)
    assert driver.table.wait_settled()
    # the app's pump has handed the controller the tag before time passes
    pilot.until(lambda: driver.controller.context.lane_uids(1, 1) == {uid})
    driver.clock.advance(SETTLE_S + 0.1)  # the tag has lain there alone long enough
    pilot.until(lambda: expected in " ".join(pilot.labels()))


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_the_enroll_screen_builds_and_advances_when_a_tag_is_laid(make_pilot, real_driver,
                                                                  size):
    driver = real_driver(seats=(1, 2, 3))
    pilot = make_pilot(driver.controller, size=size)
    app = pilot.app
    app.screens.get_screen("settings").unlocked = True
    app.open_overlay("settings")
    pilot.settle()  # laid out: the button is where the finger goes
    pilot.press("Cards: tag")
    pilot.until(lambda: pilot.showing("enroll")
                and "Lay blue-1-LH on seat 1 lane 1" in pilot.labels())
    screen = pilot.screen()
    assert not screen.errors
    labels = pilot.labels()
    assert "blue-1-LH" in labels and "0 of 80 cards done" in labels
    assert "Lay blue-1-LH on seat 1 lane 1" in labels
    assert not check_sizes(pilot)

    lay(driver, pilot, bytes.fromhex("04eeeeeeee0001"), "blue-2-BH-LF")
    assert "1 of 80 cards done" in pilot.labels()
    assert "blue-1-LH is tagged" in pilot.labels()
    assert driver.table.tags.card(bytes.fromhex("04eeeeeeee0001")) == "blue-1-LH"

    lay(driver, pilot, bytes.fromhex("049b7f9a3b10c6"), "Replace: make it this card")
    pilot.press("Skip")
    pilot.until(lambda: "That tag stays blue-1-LH" in " ".join(pilot.labels()))

    pilot.press("Card by card")
    pilot.until(lambda: "Pick a card, then lay it on seat 1 lane 1" in pilot.labels())
    assert not check_sizes(pilot)
    pilot.press("blue-3-RH-BF")
    lay(driver, pilot, bytes.fromhex("04eeeeeeee0002"), "blue-3-RH-BF is tagged")
    assert driver.table.tags.card(bytes.fromhex("04eeeeeeee0002")) == "blue-3-RH-BF"
    assert not screen.errors

    pilot.press("Done")
    pilot.until(lambda: pilot.showing("attract"))
    assert driver.controller.view.payload.enroll is None
