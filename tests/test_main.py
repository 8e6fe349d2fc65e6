"""kiosk/__main__.py picks the backends: simulated table or the real one."""

import time

from kiosk.compose import SIMULATED_PIN, build_table
from kiosk.store.write_behind import WriteBehindStore
from kiosk.table.api import BROKEN
from kiosk.table.games.sync_or_swim.view import Phase


def test_simulated_table_uses_its_own_database_with_the_demo_pin(tmp_path):
    database = tmp_path / "sim.sqlite3"
    controller, driver, lock = build_table(simulate=True, database=database)
    try:
        assert driver is not None and isinstance(controller.store, WriteBehindStore)
        assert controller.store.path == database
        assert controller.view.phase is Phase.ATTRACT
        assert lock.try_pin(SIMULATED_PIN).ok and not lock.try_pin("0000").ok
        deadline = time.monotonic() + 10  # boards report from their own threads: the
        while not controller.view.hardware.readers and time.monotonic() < deadline:
            controller.pump()             # app pumps 30 times a second; here by hand
            time.sleep(0.01)              # pacing the polls, not a wait by itself
        assert controller.view.hardware.readers, controller.view.hardware  # six boards
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


def _broken_copy(tmp_path):
    import shutil
    from pathlib import Path

    config = tmp_path / "config"
    shutil.copytree(Path(__file__).resolve().parents[1] / "config", config)
    kiosk = config / "kiosk.toml"
    kiosk.write_text(kiosk.read_text().replace("[pads]", "[pads]\nbogus = 1", 1))
    elements = config / "sync_or_swim" / "elements.toml"
    elements.write_text(elements.read_text().replace('colour = "yellow"', 'colour = "pink"'))
    return config


def test_a_broken_config_opens_on_the_list_of_problems_not_a_half_table(tmp_path):
    config = _broken_copy(tmp_path)
    controller, driver, _ = build_table(simulate=False, config=config,
                                        database=tmp_path / "k.sqlite3")
    view = controller.view
    assert view.phase == BROKEN and driver is None
    assert any(p.startswith(f"{config / 'kiosk.toml'}:") and "bogus" in p
               for p in view.problems)
    assert any("element 'E02', field 'colour'" in p for p in view.problems)
    heard = []
    controller.set_listener(type("L", (), {"on_view": lambda s, v: heard.append(v),
                                           "on_problem": lambda s, m: heard.append(m)})())
    controller.act("swim")  # every command is refused in words
    assert heard[-1] == "Nothing can start until the settings are fixed."


def test_broken_content_on_the_simulator_lists_every_problem(tmp_path):
    config = _broken_copy(tmp_path)
    elements = config / "sync_or_swim" / "elements.toml"
    elements.write_text(elements.read_text().replace('value = "4-"', 'value = "44"'))
    controller, _, _ = build_table(simulate=True, config=config,
                                   database=tmp_path / "s.sqlite3")
    try:
        problems = controller.view.problems
        assert controller.view.phase is Phase.BROKEN
        assert all(p.startswith(f"{elements}:") for p in problems)
        assert any("element 'E06', field 'value'" in p for p in problems)
        assert any("element 'E02', field 'colour'" in p for p in problems)
    finally:
        controller.close()
