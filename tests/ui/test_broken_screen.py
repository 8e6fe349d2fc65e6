"""The broken-config screen: players read whom to ask, never a file path; staff open
the problems with one tap."""

from __future__ import annotations

from fake_controller import FakeController

from kiosk.table.games.sync_or_swim.view import Phase

PROBLEM = "/tmp/kiosk-broken-x1/config/sync_or_swim/campaign.toml:25: no element 'E99'"


def test_players_see_no_path_and_staff_see_the_problems(make_pilot):
    fake = FakeController()
    fake._set(phase=Phase.BROKEN, problems=(PROBLEM,))
    pilot = make_pilot(fake, size=(800, 480))
    pilot.until(lambda: pilot.showing("broken"))
    pilot.until(lambda: any("ask a member of staff" in text for text in pilot.labels()))
    assert not any("/tmp/" in text or ".toml" in text for text in pilot.labels())
    pilot.press("Details for staff")
    pilot.until(lambda: any(PROBLEM in text for text in pilot.labels()))
    assert any(text.startswith("1 problem in the kiosk's settings") for text in pilot.labels())
    assert not any("ask a member of staff" in text for text in pilot.labels())
    pilot.press("Hide details")
    pilot.until(lambda: not any(PROBLEM in text for text in pilot.labels()))
