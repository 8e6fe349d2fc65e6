"""Realistic views for every screen, from the scripted controller: a full table of six,
the last round (five elements and the twist), a Performance with a failure in every
swimmer's row, the score, a broken config."""

from __future__ import annotations

from dataclasses import replace

from fake_controller import NO_HARDWARE, FakeController

from kiosk.table.api import Phase


def fake_in(screen: str) -> FakeController:
    """A scripted controller whose view belongs on ``screen``."""
    fake = FakeController()
    if screen in ("attract", "tutorial", "icons", "settings"):
        return fake
    fake.wake()
    if screen == "choose":
        return fake
    fake.choose(6, "R01")
    if screen == "setup":
        return fake
    fake.begin()
    fake._round(6, 0)
    if screen == "round":
        return fake
    if screen == "circles":
        fake._set(hardware=NO_HARDWARE)
        fake.swim()
        return fake
    if screen == "judge":
        fake._set(hardware=replace(NO_HARDWARE, pads=True))
        fake.swim()
        fake.touch_pads()
        fake.pump()
        return fake
    fake.outcomes.append("not_in_sync")
    fake.swim()
    fake.touch_pads()
    fake.pump()
    if screen == "performance":
        return fake
    fake.next()
    fake.swim()
    fake.touch_pads()
    fake.pump()
    fake.next()
    if screen == "score":
        assert fake.view.phase is Phase.SCORE
        return fake
    if screen == "broken":
        fake._set(phase=Phase.BROKEN, problems=(
            "config/sync_or_swim/campaign.toml:12: routine R02 names element 'E99', "
            "which does not exist",))
        return fake
    raise ValueError(screen)
