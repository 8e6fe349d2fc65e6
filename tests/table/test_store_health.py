"""The controller tells staff about the store: each new sentence once, a reminder every
minute while scores are not saved, 'saved again' when they are — and a store whose
retry fails never stops the pump."""

from __future__ import annotations

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store.protocol import MemoryStore
from kiosk.table.api import ControllerListener
from kiosk.table.controller import REMIND_S, SAVED_AGAIN, TableController
from kiosk.table.games.sync_or_swim.view import Phase

MOVED = "The database was damaged: it was moved to /x.corrupt-1 and a fresh one started"
FULL = "Scores cannot be saved: the disk is full — free space; nothing is lost while the " \
       "kiosk stays on"


class Flaky(MemoryStore):
    """A store that says what a WriteBehindStore would; ``broken`` makes retry raise."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: tuple[str, ...] = ()
        self.saving = True
        self.broken = False
        self.retries = 0

    def retry(self) -> bool:
        self.retries += 1
        if self.broken:
            raise RuntimeError("bug in the store")
        return self.saving


class Heard(ControllerListener):
    def __init__(self) -> None:
        self.problems: list[str] = []

    def on_problem(self, message: str) -> None:
        self.problems.append(message)


def table(store):
    clock = ManualClock(10.0)
    controller = TableController(clock=clock, store=store)
    heard = Heard()
    controller.set_listener(heard)
    return controller, clock, heard


def test_each_sentence_once_reminders_while_not_saving_and_saved_again():
    store = Flaky()
    store.problems = (MOVED,)  # a damaged file was moved aside at start; saving works
    controller, clock, heard = table(store)
    controller.pump()
    assert heard.problems == [MOVED] and MOVED in controller.view.hardware.problems
    clock.advance(3 * REMIND_S)
    controller.pump()
    assert heard.problems == [MOVED]  # told once: it stays listed in Settings
    store.problems, store.saving = (MOVED, FULL), False
    controller.wake()
    assert heard.problems == [MOVED, FULL] and not controller.view.hardware.saving
    clock.advance(REMIND_S - 1)
    controller.pump()
    assert heard.problems == [MOVED, FULL]
    clock.advance(1)
    controller.pump()
    assert heard.problems == [MOVED, FULL, FULL]  # every minute while nothing is saved
    store.problems, store.saving = (MOVED,), True
    controller.pump()
    assert heard.problems[-1] == SAVED_AGAIN and controller.view.hardware.saving
    assert controller.view.hardware.problems[-1] == MOVED
    controller.pump()
    assert heard.problems.count(SAVED_AGAIN) == 1


def test_a_store_that_fails_to_retry_does_not_stop_the_table(caplog):
    store = Flaky()
    controller, clock, heard = table(store)
    store.broken = True
    controller.wake()
    assert controller.view.phase is Phase.CHOOSING and not controller.view.hardware.saving
    assert "could not retry the store's kept writes" in caplog.text
    retries = store.retries
    controller.pump()
    assert store.retries == retries + 1  # asked again at every pump
