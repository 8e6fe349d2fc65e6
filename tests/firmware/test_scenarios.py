"""The shared firmware scenarios under CPython (test_micropython.py runs them in the VM)."""

import pytest
import scenarios


@pytest.mark.parametrize("scenario", scenarios.SCENARIOS, ids=lambda s: s.__name__[6:])
def test_scenario(scenario):
    scenario()
