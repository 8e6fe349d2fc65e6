"""A table for staff tools: the simulated table (real ptys, the real reader backend)
with a SQLite store, driven through ``controller.staff(...)`` as the app drives it."""

from __future__ import annotations

from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store import SQLiteStore
from kiosk.table.compose import build_simulated
from kiosk.table.enroll import SETTLE_S

SPARE = bytes.fromhex("04ffffffffffff")  # one tag so the store is not seeded from config


def new_tag(n: int) -> bytes:
    return bytes([0x04, 0xEE, 0, 0, 0, 0, n])


class Bench:
    """A table whose store knows one tag (gray-10), and staff laying tags on seat 1 lane 1."""

    def __init__(self, tmp_path, seeded: bool = False) -> None:
        self.store = SQLiteStore(tmp_path / "kiosk.sqlite3")
        if not seeded:
            self.store.tags.add(SPARE, "gray-10", enrolled_at=0)
        self.clock = ManualClock()
        self.controller, self.table = build_simulated(clock=self.clock, store=self.store,
                                                      seats=(1, 2, 3))
        self.problems: list[str] = []
        self.controller.set_listener(self)
        self.table.wait_settled()

    def on_view(self, view) -> None: ...
    def on_tick(self, left) -> None: ...
    def on_sound(self, sound) -> None: ...

    def on_problem(self, message: str) -> None:
        self.problems.append(message)

    @property
    def enroll(self):
        return self.controller.view.payload.enroll

    def staff(self, action: str, **args) -> None:
        self.controller.staff(action, **args)

    def lay(self, *uids: bytes, seat: int = 1, lane: int = 1) -> None:
        for uid in uids:
            self.table.put_uid(uid, seat=seat, lane=lane)
        self._settle()

    def lift(self, *uids: bytes, seat: int = 1, lane: int = 1) -> None:
        for uid in uids:
            self.table.lift_uid(uid, seat=seat, lane=lane)
        self._settle()

    def swap(self, old: bytes, new: bytes) -> None:
        self.lift(old)
        self.lay(new)

    def _settle(self) -> None:
        """The readers agree with the table, then the tag lies there long enough."""
        assert self.table.wait_settled()
        self.controller.pump()
        self.clock.advance(SETTLE_S + 0.05)
        self.controller.pump()

    def card_of(self, uid: bytes) -> str | None:
        record = self.store.tags.lookup(uid)
        return None if record is None else record.card

    def close(self) -> None:
        self.controller.close()
        self.store.close()
