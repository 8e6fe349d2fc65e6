"""Realistic views for every screen, from the scripted controller: a full table of six,
the last round (five elements and the twist), a Performance with a failure in every
swimmer's row, the score, a broken config."""

from __future__ import annotations

from dataclasses import replace

from fake_controller import NO_HARDWARE, FakeController

from kiosk.table.games.sync_or_swim.view import Phase


def fake_in(screen: str) -> FakeController:
    """A scripted controller whose view belongs on ``screen``."""
    fake = FakeController()
    if screen in ("attract", "tutorial", "icons", "settings"):
        return fake
    fake.wake()
    if screen == "choose":
        return fake
    fake.act("choose", players=6, routine_id="R01")
    if screen == "setup":
        return fake
    fake.act("begin")
    fake._round(6, 0)
    if screen == "round":
        return fake
    if screen == "circles":
        fake._set(hardware=NO_HARDWARE)
        fake.act("swim")
        return fake
    if screen == "judge":
        fake._set(hardware=replace(NO_HARDWARE, pads=True))
        fake.act("swim")
        fake.touch_pads()
        fake.pump()
        return fake
    fake.outcomes.append("not_in_sync")
    fake.act("swim")
    fake.touch_pads()
    fake.pump()
    if screen == "performance":
        return fake
    fake.act("next")
    fake.act("swim")
    fake.touch_pads()
    fake.pump()
    fake.act("next")
    if screen == "score":
        assert fake.view.phase is Phase.SCORE
        return fake
    if screen == "broken":
        fake._set(phase=Phase.BROKEN, problems=(
            "config/sync_or_swim/campaign.toml:12: routine R02 names element 'E99', "
            "which does not exist",))
        return fake
    raise ValueError(screen)
