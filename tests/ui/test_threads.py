"""A hardware event raised on a worker thread reaches the screen only through the main
thread: the controller queues it, and the app's pump (a Kivy Clock callback) applies
it and calls the listener, which is where widgets change."""

from __future__ import annotations

import threading

from fake_controller import FakeController

from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.ui.games.sync_or_swim.demo import choose_players


def test_a_seat_press_from_a_worker_thread_is_drawn_on_the_main_thread(make_pilot):
    main = threading.get_ident()
    fake = FakeController()
    fake.wake()
    fake.act("choose", players=4, routine_id="R01")
    fake.act("begin")
    fake.act("swim")
    pilot = make_pilot(fake)
    screen = pilot.screen()
    assert screen.name == "round"
    dots = {dot.seat: dot for dot in screen.ids.seats.children}
    changed_on = []
    dots[3].bind(ready=lambda *_: changed_on.append(threading.get_ident()))

    worker = threading.Thread(target=fake.press_seat, args=(3,))
    worker.start()
    worker.join()
    assert not dots[3].ready                    # queued, not applied on the worker
    pilot.until(lambda: dots[3].ready)
    assert changed_on == [main]
    assert fake.pump_threads == {main}
    assert screen.drawn_on == main


def test_a_hardware_event_asks_for_a_pump_at_the_next_frame(make_pilot):
    """The app hands the controller its "pump soon" (``wakeup``): with the regular pump
    slowed to once in 100 s, only that can bring a worker's press to the screen."""
    fake = FakeController()
    fake.wake()
    fake.act("choose", players=4, routine_id="R01")
    fake.act("begin")
    fake.act("swim")
    pilot = make_pilot(fake, pump_hz=0.01)
    assert fake.wakeup is not None
    dots = {dot.seat: dot for dot in pilot.screen().ids.seats.children}

    worker = threading.Thread(target=fake.press_seat, args=(2,))
    worker.start()
    worker.join()
    pilot.until(lambda: dots[2].ready, limit=20)  # frames, not 100 s


def test_the_real_controller_reports_only_on_the_main_thread(make_pilot, real_driver):
    main = threading.get_ident()
    driver = real_driver(seats=(1, 2, 3))
    pilot = make_pilot(driver.controller)
    seen = []
    app = pilot.app
    original = app.show_view

    def spy(view):
        seen.append(threading.get_ident())
        original(view)

    app.show_view = spy
    pilot.press("Play Sync or Swim")  # its tile: the table offers several games
    choose_players(pilot, 3)
    pilot.press("1. First Splash")
    pilot.press("We are set up")
    pilot.press("SWIM!")
    assert app.view.phase is Phase.PRACTICE

    worker = threading.Thread(target=driver.press_seat, args=(2,))
    worker.start()
    worker.join()
    round_screen = pilot.screen()
    pilot.until(lambda: {dot.seat for dot in round_screen.ids.seats.children
                         if dot.ready} == {2})
    assert app.view.payload.ready == {2}
    assert set(seen) == {main}
    assert round_screen.drawn_on == main
