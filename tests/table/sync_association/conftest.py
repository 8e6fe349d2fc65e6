"""S.Y.N.C. through the real TableController on the simulated table (mock-pin buttons,
LEDs and pads; reader boards behind real ptys), a fake clock and a MemoryStore or a
SQLite file. The game comes from the registry. Waiting is on conditions: ``until``
pumps whenever a hardware event is queued, never sleeps."""

from __future__ import annotations

import pytest
from sync_rig import Rig


@pytest.fixture
def make_rig():
    made: list[Rig] = []

    def make(**options) -> Rig:
        rig = Rig(**options)
        made.append(rig)
        return rig

    yield make
    for rig in made:
        rig.close()
