"""After a stop, a slow reader board never holds the screen: the round says the cards are
being read (only once the read is slow) and the automatic verdict follows the answer.

The board's answer is held for a minute (``slow_answers(60)``) and released by the test,
so what the screen shows meanwhile can only have been drawn by a UI thread that did not
wait for the board.
"""

from __future__ import annotations

import threading

from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.ui.games.sync_or_swim.demo import choose_players

READING = "Reading the cards"


def start_practice(pilot, driver) -> None:
    pilot.press("Play Sync or Swim")  # its tile: the table offers several games
    choose_players(pilot, 3)
    pilot.press("1. First Splash")
    pilot.press("We are set up")
    pilot.press("SWIM!")
    pilot.until(lambda: pilot.app.view.phase is Phase.PRACTICE)
    driver.arrange(True)


def test_a_slow_board_shows_reading_then_the_automatic_verdict(make_pilot, real_driver):
    driver = real_driver(seats=(1, 2, 3))
    pilot = make_pilot(driver.controller)
    start_practice(pilot, driver)
    driver.table.board(2).slow_answers(60)
    toucher = threading.Thread(target=driver.stop)  # the pads' edge on a hardware thread
    toucher.start()
    toucher.join(5)
    pilot.until(lambda: pilot.app.view.phase is Phase.READING)
    screen = pilot.screen()
    assert screen.name == "round"
    pilot.until(lambda: any(READING in text for text in pilot.labels()), limit=600)
    assert screen.ids.action.disabled
    assert driver.controller.context.waiting is not None  # the board still holds its pong

    driver.table.board(2).slow_answers(0)
    pilot.until(lambda: pilot.app.view.phase is Phase.PERFORMANCE, limit=600)
    pilot.until(lambda: pilot.screen().name == "performance" and pilot.screen().revealed >= 1)
    verdict = pilot.app.view.payload.verdict
    assert verdict.in_sync and not verdict.by_hand


def test_a_read_done_before_the_delay_never_says_it_is_reading(make_pilot, real_driver,
                                                               monkeypatch):
    """A prompt table confirms in milliseconds: flashing "Reading the cards" for that
    long would cost a drawn frame before the verdict. Here the delay is made long and
    the board's answer is held until the READING view has reached the screen."""
    from kiosk.ui.games.sync_or_swim import round as round_module

    monkeypatch.setattr(round_module, "READING_AFTER_S", 30.0)
    driver = real_driver(seats=(1, 2, 3))
    pilot = make_pilot(driver.controller)
    start_practice(pilot, driver)
    said: list[str] = []
    round_screen = pilot.screen()
    round_screen.bind(message=lambda _screen, text: said.append(text))
    driver.table.board(2).slow_answers(60)
    driver.stop()
    pilot.until(lambda: round_screen.view.phase is Phase.READING)
    pilot.frames(2)  # pacing: frames in which a hasty screen would have drawn it
    driver.table.board(2).slow_answers(0)
    pilot.until(lambda: pilot.screen().name == "performance" and pilot.screen().revealed >= 1,
                limit=600)
    assert not any(READING in text for text in said)
    assert READING not in round_screen.message
