"""The Performance's reveal: the verdict on the first frame, lanes turned over in order
on later frames, a touch anywhere jumping to the end (the same end the animation
reaches), NEXT never pressed by the touch that skips. Driven by conditions on the
screen's state, never by sleeps."""

from __future__ import annotations

import pytest
from views import fake_in

from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.ui.pilot import Finger


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    """The same sequence at a quarter of the pace (a lane still lands before the next
    starts), so the suite waits less."""
    from kiosk.ui.games.sync_or_swim import performance

    for name, seconds in (("FIRST_LANE_AT", 0.1), ("LANE_SECONDS", 0.25),
                          ("FLIP_SECONDS", 0.1), ("STAGGER", 0.02),
                          ("CELEBRATE_SECONDS", 0.6)):
        monkeypatch.setattr(performance, name, seconds)


def stopped(make_pilot, outcome: str):
    """The app on the last round (six swimmers, five lanes), the pads touched once the
    round is on screen: the Performance arrives as on a table, with ``outcome``."""
    fake = fake_in("round")
    fake.outcomes.append(outcome)
    fake.act("swim")
    pilot = make_pilot(fake)
    pilot.until(lambda: pilot.showing("round"))
    return fake, pilot


def stop(fake, pilot):
    fake.touch_pads()
    fake.pump()
    pilot.until(lambda: pilot.showing("performance") and pilot.screen().verdict_up)
    return pilot.screen()


def blocks(row) -> list:
    return list(reversed(row.ids.swimmers.children))


def rows(screen) -> list:
    return list(reversed(screen.ids.lanes.children))


def end_state(screen):
    """Everything a player sees once the Performance has settled."""
    lanes = [(row.number, row.rule, row.state, row.reasons,
              [(b.seat, b.turn, tuple(b.blamed), b.passed,
                tuple(text for text, _size in b.drawn_texts)) for b in blocks(row)])
             for row in rows(screen)]
    return (screen.ids.banner.text, screen.status, screen.done, screen.still, screen.glow,
            screen.revealed, screen.ids.confetti.flying, lanes)


def test_the_verdict_is_on_the_first_frame_and_the_cards_come_on_later_ones(make_pilot):
    from kivy.app import App
    from kivy.core.window import Window

    seen = []

    def flipped(_window) -> None:
        screen = App.get_running_app().screens.current_screen
        if screen.name == "performance" and screen.verdict_up:
            seen.append((screen.ids.banner.text, screen.revealed, screen.reveal_order[:],
                         screen.ids.scroll.opacity))

    fake, pilot = stopped(make_pilot, "not_in_sync")
    Window.bind(on_flip=flipped)
    try:
        stop(fake, pilot)
        pilot.until(lambda: pilot.screen().revealed >= 1)
    finally:
        Window.unbind(on_flip=flipped)
    banner, revealed, begun, opacity = seen[0]
    assert banner == "NOT IN SYNC (+10 s)"
    assert revealed == 0 and begun == [] and opacity == 0  # the banner alone
    assert seen[1][3] == 1    # the cards from the next frame, then they turn
    screen = pilot.screen()
    assert len([b for row in rows(screen) for b in blocks(row)]) == 30  # 5 lanes of 6


def test_lanes_turn_over_one_after_another_from_lane_1(make_pilot):
    fake, pilot = stopped(make_pilot, "not_in_sync")
    screen = pilot.app.screens.get_screen("performance")
    snapshots = []

    def lane_revealed(_screen, count) -> None:
        if count:  # which lanes have any card turned at the moment lane `count` lands
            snapshots.append((count, [any(b.turn > 0 for b in blocks(row))
                                      for row in rows(screen)]))

    screen.bind(revealed=lane_revealed)
    stop(fake, pilot)
    pilot.until(lambda: screen.done, limit=2000)
    screen.unbind(revealed=lane_revealed)
    assert screen.reveal_order == [1, 2, 3, 4, 5]
    assert [count for count, _ in snapshots] == [1, 2, 3, 4, 5]
    for count, turned in snapshots:
        assert not any(turned[count + 1:]), (count, turned)  # later lanes: face down
    lanes = screen.view.payload.verdict.lanes
    assert [row.state for row in rows(screen)] == [
        "met" if lane.passed else "missed" for lane in lanes]
    assert [bool(row.reasons) for row in rows(screen)] == [not lane.passed for lane in lanes]
    assert all(b.turn == 1 for row in rows(screen) for b in blocks(row))


def run_to_the_end(make_pilot, outcome: str, skip: bool):
    fake, pilot = stopped(make_pilot, outcome)
    screen = stop(fake, pilot)
    if skip:
        pilot.until(lambda: screen.reveal_order)  # lane 1 has started turning
        assert not screen.done
        scroll = screen.ids.scroll
        finger = Finger(*scroll.to_window(scroll.center_x, scroll.y + 4))
        finger.touch_down()
        assert screen.done and screen.revealed == screen.lanes  # at once, not frames later
        finger.touch_up()
    pilot.until(lambda: screen.still, limit=3000)
    pilot.frames(1)
    state = end_state(screen)
    pilot.close()
    return state


def test_a_touch_skips_to_the_state_the_animation_ends_in(make_pilot):
    for outcome in ("not_in_sync", "in_sync"):
        natural = run_to_the_end(make_pilot, outcome, skip=False)
        skipped = run_to_the_end(make_pilot, outcome, skip=True)
        assert skipped == natural
        banner, status, done, still, glow, revealed, flying, lanes = skipped
        assert done and still and not flying and revealed == len(lanes)
        assert banner.startswith("IN SYNC" if outcome == "in_sync" else "NOT IN SYNC")
        assert (glow > 0) == (outcome == "in_sync")


def test_skipping_with_the_show_all_button_does_not_press_next(make_pilot):
    fake, pilot = stopped(make_pilot, "not_in_sync")
    screen = stop(fake, pilot)
    pilot.press("Show all")
    assert screen.done and fake.view.phase is Phase.PERFORMANCE
    assert not any(call.startswith("next") for call in fake.calls)
    pilot.press("NEXT")
    pilot.until(lambda: fake.view.phase is not Phase.PERFORMANCE)


def test_in_sync_throws_confetti_once_every_lane_is_shown(make_pilot):
    fake, pilot = stopped(make_pilot, "in_sync")
    screen = stop(fake, pilot)
    confetti = screen.ids.confetti
    assert confetti.thrown == 0 and not screen.done
    pilot.until(lambda: screen.done)
    assert confetti.thrown == 1 and confetti.flying
    pilot.until(lambda: screen.still, limit=3000)
    assert not confetti.flying and screen.glow > 0


def test_a_finger_on_the_banner_mid_reveal_skips_and_still_reaches_staffs_long_press(
        make_pilot):
    from kiosk.ui.widgets.popups import PinPad

    fake, pilot = stopped(make_pilot, "not_in_sync")
    screen = stop(fake, pilot)
    banner = screen.ids.banner
    banner.hold_seconds = 0.05
    finger = Finger(*banner.to_window(*banner.center))
    finger.touch_down()
    assert screen.done
    pilot.until(lambda: pilot.widgets(PinPad))
    finger.touch_up()
