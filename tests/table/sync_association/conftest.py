"""S.Y.N.C. through the real TableController on the simulated table (mock-pin buttons,
LEDs and pads; reader boards behind real ptys), a fake clock and a MemoryStore or a
SQLite file. The game is registered at run time (its UI package, and so its registry
line, comes later). Waiting is on conditions: ``until`` pumps whenever a hardware
event is queued, never sleeps."""

from __future__ import annotations

import pytest
from sync_rig import Rig

from kiosk.table.games import register, unregister
from kiosk.table.games.sync_association.table import GAME_ID, SyncAssociationTable


@pytest.fixture(autouse=True)
def registered():
    register(GAME_ID, SyncAssociationTable)
    yield
    unregister(GAME_ID)


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
