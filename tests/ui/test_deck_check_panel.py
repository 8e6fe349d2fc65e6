"""The deck check on the setup screen, on the real controller and the simulated table:
"Check the deck", pass the cards over seat 1 lane 1, read what is missing and extra."""

from __future__ import annotations

import pytest
from test_screens_build import check_sizes

from kiosk.games.sync_or_swim.library import load_content
from kiosk.paths import config_dir

DECK = [c.short for c in load_content(config_dir()).deck.for_players(3)]
SIX_ONLY = [c.short for c in load_content(config_dir()).deck.for_players(6)][-1]


def text(pilot) -> str:
    return " ".join(pilot.labels())


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_check_the_deck_lists_missing_and_extra_cards(make_pilot, real_driver, size):
    driver = real_driver(seats=(1, 2, 3))
    driver.controller.wake()
    driver.controller.act("choose", players=3, routine_id="R01")
    pilot = make_pilot(driver.controller, size=size)
    pilot.settle()  # laid out: the button is where the finger goes
    assert pilot.showing("setup")
    pilot.press("Check the deck")
    pilot.until(lambda: "Pass the 56 Sync cards over seat 1 lane 1" in text(pilot))
    assert "Missing (56)" in pilot.labels()
    assert not check_sizes(pilot)

    for card in [*DECK[:-1], SIX_ONLY]:
        driver.table.put(card, seat=1, lane=1)
    assert driver.table.wait_settled()
    pilot.until(lambda: "Missing (1)" in pilot.labels())
    assert DECK[-1] in text(pilot) and SIX_ONLY in text(pilot)
    assert "Not in this deck (1)" in pilot.labels()

    driver.table.lift(SIX_ONLY, seat=1, lane=1)
    driver.table.put(DECK[-1], seat=1, lane=1)
    assert driver.table.wait_settled()
    pilot.until(lambda: "Missing (0)" in pilot.labels())
    assert "Not in this deck (1)" in pilot.labels()  # seen once, it stays on the list

    pilot.press("Done")
    pilot.until(lambda: "Deck check" not in pilot.labels())
    assert driver.controller.view.payload.deck_check is None
    assert pilot.screen().name == "setup" and not pilot.screen().errors
