"""Polls the readers one after the other, one RF field on at a time, and heals them.

Why one field at a time: readers 80 mm apart read each other's tags and mangle
UIDs (field notes). So every reader's antenna is off except the one being polled,
and it is switched off again at the end of its slot; that also resets the tags it
halted, so the next slot lists them afresh.

Each slot: check the reader is alive (VersionReg), field on, wait ``settle_us``,
list the tags within ``budget_us``, field off. ISO/IEC 14443-3 lets a tag take up
to 5 ms to wake in a fresh field and asks the reader to give it 5.1 ms, but lets the
reader poll sooner; so when the listing ends before ``guard_us`` after field-on, the
slot waits out the rest and asks once more (after an HLTA, which puts a tag whose
first answer was lost back to IDLE), so a slow tag is still found. That costs an
empty antenna about 6 ms and a busy one nothing.

Health per antenna, as the heartbeat reports it: ``ok``; ``silent`` (the reader does
not answer and resets did not help; it is tried again every ``retry_cycles``
cycles); ``recovered`` (it was reset and answers again; cleared once reported).

    scanner = Scanner(readers, clock)
    results = scanner.cycle()  # per antenna: (uids, complete) or None when silent
"""

from mfrc522 import HANG

HEALTH_OK = 0
HEALTH_SILENT = 1
HEALTH_RECOVERED = 2


class Scanner:
    def __init__(
        self,
        readers,
        clock,
        settle_us=1000,
        guard_us=5100,
        budget_us=15000,
        max_tags=16,
        retry_cycles=10,
    ):
        self.readers = readers
        self.clock = clock
        self.settle_us = settle_us
        self.guard_us = guard_us
        self.budget_us = budget_us
        self.max_tags = max_tags
        self.retry_cycles = retry_cycles
        self.health = [HEALTH_OK] * len(readers)
        self.resets = [0] * len(readers)  # hard resets done, per antenna
        self._wait = [0] * len(readers)  # cycles before a silent reader is tried again
        self.known = [[] for _ in readers]  # last cycle's tags, selected directly next time
        self.newly_silent = []  # antennas that went silent this cycle (for an ERROR frame)

    def start(self):
        """Initialise every reader with its field off; a mute one starts as silent."""
        for index, reader in enumerate(self.readers):
            reader.hard_reset()
            if not reader.init():
                self.health[index] = HEALTH_SILENT
                self._wait[index] = self.retry_cycles

    def cycle(self):
        """Poll every antenna once. Returns one (uids, complete) or None per antenna."""
        self.newly_silent = []
        results = []
        for index in range(len(self.readers)):
            results.append(self._slot(index))
        return results

    def reported(self):
        """The heartbeat went out: a 'recovered' reader is plain 'ok' from now on."""
        for index, state in enumerate(self.health):
            if state == HEALTH_RECOVERED:
                self.health[index] = HEALTH_OK

    def _slot(self, index):
        reader = self.readers[index]
        if self.health[index] == HEALTH_SILENT:
            if self._wait[index] > 0:
                self._wait[index] -= 1
                return None
            if not self._recover(index):
                return None
        elif not reader.alive() and not self._recover(index):
            return None
        result = self._list_tags(reader, self.known[index])
        if result is None:  # hung mid-way: reset now, list again next cycle
            self._recover(index)
            return None
        self.known[index] = result[0]
        return result

    def _list_tags(self, reader, known):
        clock = self.clock
        reader.antenna_on()
        field_on = clock.us()
        clock.sleep_us(self.settle_us)
        uids, complete, status = reader.inventory(self.max_tags, self.budget_us, known)
        if status != HANG and complete:
            late = self.guard_us - clock.diff(clock.us(), field_on)
            if late > 0:
                clock.sleep_us(late)
                room = max(1, self.max_tags - len(uids))
                more, complete, status = reader.inventory(room, self.budget_us, (), True)
                uids = sorted(set(uids) | set(more))
        if status == HANG:
            return None
        reader.antenna_off()
        return uids, complete

    def _recover(self, index):
        reader = self.readers[index]
        self.resets[index] += 1
        reader.hard_reset()
        if reader.init():
            self.health[index] = HEALTH_RECOVERED
            self._wait[index] = 0
            return True
        if self.health[index] != HEALTH_SILENT:
            self.newly_silent.append(index)
        self.health[index] = HEALTH_SILENT
        self._wait[index] = self.retry_cycles
        reader.power_down()  # RST low: no field, no noise on the shared MISO line
        return False
