"""Polls the readers one at a time, interleaved, one RF field on at a time, and heals them.

Why one field at a time: readers 80 mm apart read each other's tags and mangle
UIDs (field notes). So every reader's antenna is off except the one being polled,
and it is switched off again at the end of its slot; that also resets the tags it
halted, so the next slot lists them afresh.

Why interleaved: a tag lying near the edge of its lane is also in the neighbour's
field. Polled back to back (0, 1, 2 ...), a tag the neighbour just halted gets ~0.1 ms
without field and may still be halted when its own field comes on: a REQA never wakes
it. So antennas are polled in ``order`` (default: even ones, then odd ones, 0 2 4 1 3)
so neighbours are never back to back, every slot starts with WUPA (which wakes halted
tags too), and no antenna's field comes on before it and its neighbours have been off
for ``field_off_us`` (``FIELD_OFF_US``, 5.1 ms: NFC Forum's t_RESET, the field-off
time after which every tag has lost its state). With five antennas the other slots
already give that time, so it costs nothing; with one or two it adds a wait.

A tag seen by two antennas is reported on both (the host's "card seen in two lanes"
rule then has it judged by hand); the scanner never picks one.

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

FIELD_OFF_US = 5100


def interleaved(count):
    """Antenna order with no two neighbours back to back, across cycles too when it can.

    >>> interleaved(5)
    [0, 2, 4, 1, 3]
    """
    return list(range(0, count, 2)) + list(range(1, count, 2))

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
        order=None,
        field_off_us=FIELD_OFF_US,
    ):
        self.readers = readers
        self.clock = clock
        self.settle_us = settle_us
        self.guard_us = guard_us
        self.budget_us = budget_us
        self.max_tags = max_tags
        self.retry_cycles = retry_cycles
        self.order = list(order) if order is not None else interleaved(len(readers))
        if sorted(self.order) != list(range(len(readers))):
            raise ValueError("order must name every antenna once")
        self.field_off_us = field_off_us
        self._off_at = [None] * len(readers)  # when each field last went off
        self.versions = [0] * len(readers)  # VersionReg as read at start
        self.transfer_tenths = 0  # one SPI transfer, tenths of a us (measured at start)
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
            self.versions[index] = reader.version()
        self.transfer_tenths = self.measure_transfer()

    def measure_transfer(self, reads=20):
        """What one SPI transfer costs here, in tenths of a microsecond: ``reads``
        VersionReg reads timed on the first reader (the bus is shared, so one will do).
        The poll-cycle model's biggest unknown; HELLO carries it to the host."""
        clock = self.clock
        if not self.readers:
            return 0
        reader = self.readers[0]
        start = clock.us()
        for _ in range(reads):
            reader.version()
        return min(0xFFFF, clock.diff(clock.us(), start) * 10 // reads)

    def set_collpos(self, convention):
        """How every reader counts CollPos (mfrc522.COLLPOS_*); bring-up only."""
        for reader in self.readers:
            reader.collpos = convention

    def cycle(self):
        """Poll every antenna once, in ``order``. Returns one (uids, complete) or None
        per antenna, in antenna order."""
        self.newly_silent = []
        results = [None] * len(self.readers)
        for index in self.order:
            results[index] = self._slot(index)
        return results

    def _wait_field_off(self, index):
        """Wait until this antenna and its neighbours have been dark ``field_off_us``."""
        clock = self.clock
        now = clock.us()
        wait = 0
        for other in (index - 1, index, index + 1):
            if 0 <= other < len(self.readers) and self._off_at[other] is not None:
                wait = max(wait, self.field_off_us - clock.diff(now, self._off_at[other]))
        if wait > 0:
            clock.sleep_us(wait)

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
        result = self._list_tags(index, self.known[index])
        if result is None:  # hung mid-way: reset now, list again next cycle
            self._recover(index)
            return None
        self.known[index] = result[0]
        return result

    def _list_tags(self, index, known):
        clock = self.clock
        reader = self.readers[index]
        self._wait_field_off(index)
        reader.antenna_on()
        field_on = clock.us()
        clock.sleep_us(self.settle_us)
        uids, complete, status = reader.inventory(self.max_tags, self.budget_us, known)
        if status != HANG and complete:
            late = self.guard_us - clock.diff(clock.us(), field_on)
            if late > 0:
                clock.sleep_us(late)
                room = max(1, self.max_tags - len(uids))
                more, complete, status = reader.inventory(
                    room, self.budget_us, (), True, False
                )
                uids = sorted(set(uids) | set(more))
        reader.antenna_off()
        self._off_at[index] = clock.us()
        if status == HANG:
            return None
        return uids, complete

    def _recover(self, index):
        reader = self.readers[index]
        self.resets[index] += 1
        reader.hard_reset()
        if reader.init():
            self.versions[index] = reader.version()
            self.health[index] = HEALTH_RECOVERED
            self._wait[index] = 0
            return True
        if self.health[index] != HEALTH_SILENT:
            self.newly_silent.append(index)
        self.health[index] = HEALTH_SILENT
        self._wait[index] = self.retry_cycles
        reader.power_down()  # RST low: no field, no noise on the shared MISO line
        return False
