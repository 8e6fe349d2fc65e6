"""The app's screen change (kiosk.ui.cut.Cut): the new screen is drawn alone from its
first frame — Kivy's NoTransition drew the old one behind it for a frame, which made the
verdict's first frame after a stop two to three frame periods long — while on_enter and
on_leave still come a turn later and in order."""

from __future__ import annotations

from fake_controller import FakeController
from kivy.uix.screenmanager import Screen, ScreenManager

from kiosk.ui.cut import Cut


def manager_of(*names: str) -> tuple[ScreenManager, list[str]]:
    events: list[str] = []
    manager = ScreenManager(transition=Cut())
    for name in names:
        screen = Screen(name=name)
        for event in ("on_pre_enter", "on_enter", "on_pre_leave", "on_leave"):
            screen.bind(**{event: lambda s, e=event: events.append(f"{s.name}.{e[3:]}")})
        manager.add_widget(screen)
    events.clear()
    return manager, events


def test_the_new_screen_replaces_the_old_in_the_same_turn(make_pilot):
    pilot = make_pilot(FakeController())
    manager, events = manager_of("round", "performance")
    manager.current = "performance"
    assert manager.children == [manager.get_screen("performance")]  # no frame with both
    assert events == ["performance.pre_enter", "round.pre_leave"]
    pilot.until(lambda: not manager.transition.is_active)
    assert events[2:] == ["performance.enter", "round.leave"]


def test_a_second_change_before_the_first_landed_lands_both_in_order(make_pilot):
    pilot = make_pilot(FakeController())
    manager, events = manager_of("a", "b", "c")
    manager.current = "b"
    manager.current = "c"
    assert manager.children == [manager.get_screen("c")]
    pilot.until(lambda: not manager.transition.is_active)
    assert events == ["b.pre_enter", "a.pre_leave", "b.enter", "a.leave",
                      "c.pre_enter", "b.pre_leave", "c.enter", "b.leave"]


def test_the_app_changes_screens_with_a_cut(make_pilot):
    pilot = make_pilot(FakeController())
    app = pilot.app
    assert isinstance(app.screens.transition, Cut)
    app.open_overlay("icons")
    assert [s.name for s in app.screens.children] == ["icons"]
    pilot.until(lambda: not app.screens.transition.is_active and pilot.showing("icons"))
