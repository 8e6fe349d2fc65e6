"""kiosk/__main__.py picks the backends: simulated table or the real one."""

from kiosk.__main__ import SIMULATED_PIN, build_table
from kiosk.store import SQLiteStore
from kiosk.table.api import Phase


def test_simulated_table_uses_its_own_database_with_the_demo_pin(tmp_path):
    database = tmp_path / "sim.sqlite3"
    controller, driver, lock = build_table(simulate=True, database=database)
    try:
        assert driver is not None and isinstance(controller.store, SQLiteStore)
        assert controller.store.path == database
        assert controller.view.phase is Phase.ATTRACT
        assert lock.try_pin(SIMULATED_PIN).ok and not lock.try_pin("0000").ok
        assert controller.view.hardware.readers  # six simulated boards online
    finally:
        controller.close()


def test_real_table_off_a_pi_still_plays_and_says_what_is_missing(tmp_path):
    controller, driver, lock = build_table(simulate=False, database=tmp_path / "real.sqlite3")
    try:
        assert driver is None and not lock.has_pin  # no PIN until staff set one
        hardware = controller.view.hardware
        assert not hardware.pads and not hardware.readers
        assert hardware.problems, "missing hardware is named, in words"
    finally:
        controller.close()
