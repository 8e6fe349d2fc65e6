"""A fake ``machine`` module with MFRC522 readers and tags behind it.

Installed as ``sys.modules["machine"]`` before the firmware is imported, under
CPython and under the MicroPython VM alike, so this file sticks to what MicroPython
runs. Like gpiozero's mock pins it simulates the outside world, not our code: the
firmware's SPI bytes reach a register-level model of the MFRC522 (FIFO, ComIrqReg,
ErrorReg, CollReg, BitFramingReg, timer, TxControlReg, VersionReg, RST), which
sends ISO/IEC 14443-3 frames to tags in an RF field; tags answer REQA/WUPA,
ANTICOLLISION, SELECT and HLTA by the standard's state machine, and several answers
at once collide bit by bit as they would on air.

Faults on demand: ``drop(n)`` loses the next n answers, ``flip(n)`` flips one UID
bit in the next n answers without a parity error (cross-talk), ``garble(n)`` makes the
next n answers arrive with a parity error, ``hang()`` makes the chip mute until RST is
pulled low, ``unplug()`` mutes it for good.

A ``ChipModel`` says how this chip may disagree with the firmware's reading of the
data sheet, so the inventory is tested under every reading, not only our own:
whether a collision also raises ParityErr, how CollPos is counted (from bit 0 of the
first FIFO byte, RxAlign bits included, as NXP's HAL counts it; or from the first
received bit), how long a tag keeps its HALT state with no field (a tag halted by a
neighbour's field may still be halted when its own field comes on), and VersionReg
(clones read 0x12, 0x88, 0x82 ...). ``MODELS`` lists the ones the tests run under.

A tag lying between two antennas is one ``FakeTag`` put on both chips: it is powered
while either field is on. ``FakeUsb`` and ``FakeSelect`` stand in for the RP2040's USB
CDC serial and ``select``: a host that stops reading fills the 256-byte TX buffer, and a
write that does not fit blocks for up to 500 ms (MicroPython's CDC TX timeout).

Time is a ``FakeClock``: SPI transfers cost ``txn_us`` plus their bits at the SPI
clock, RF frames cost their air time, and a chip's answer appears only once the
clock has passed it. The poll-cycle benchmark uses exactly this to time the
driver's real transactions.
"""

FC_MHZ = 13.56
ETU = 94  # one bit at 106 kbit/s: 128 / 13.56 MHz = 9.44 us, in tenths of a us
FDT = 912  # PICC frame delay time, 1236 / 13.56 MHz (ISO 14443-3 6.2.1.1, n = 9)


class FakeClock:
    """Time in tenths of a microsecond, as an int: MicroPython allocates every float,
    and a small int stays small for 100 s of simulated time."""

    def __init__(self):
        self.now = 0  # tenths of a microsecond

    def us(self):
        return self.now // 10

    def ms(self):
        return self.now // 10000

    def diff(self, later, earlier):
        return later - earlier

    def sleep_us(self, us):
        if us > 0:
            self.now += int(us * 10)

    def sleep_ms(self, ms):
        self.sleep_us(ms * 1000)

    def advance(self, tenths):
        self.now += int(tenths)


COLLPOS_NXP = "nxp"  # counted from bit 0 of the first FIFO byte, RxAlign bits included
COLLPOS_FIRST_BIT = "first_bit"  # counted from the first received bit


class ChipModel:
    """How a chip (and the tags on it) behaves where readings of the data sheet differ."""

    def __init__(self, name, parity_with_collision=True, collpos=COLLPOS_NXP,
                 halt_retention_us=0, version=0x92):
        self.name = name
        self.parity_with_collision = parity_with_collision
        self.collpos = collpos
        self.halt_retention_us = halt_retention_us
        self.version = version

    def __repr__(self):
        return "ChipModel(" + self.name + ")"


MODELS = [
    ChipModel("nxp"),  # CollErr with ParityErr, CollPos NXP's way: what the review expects
    ChipModel("coll_only", parity_with_collision=False),
    ChipModel("first_bit", collpos=COLLPOS_FIRST_BIT),
    ChipModel("first_bit_coll_only", parity_with_collision=False, collpos=COLLPOS_FIRST_BIT),
    ChipModel("sticky_halt", halt_retention_us=20000),  # halted tags stay halted 20 ms
    ChipModel("clone_0x12", version=0x12),
    ChipModel("clone_0x88", version=0x88, halt_retention_us=3000),
    ChipModel("module_0x82", version=0x82, parity_with_collision=False),
]
DEFAULT_MODEL = MODELS[0]


class World:
    """Pins, chips and time shared by every fake object (one per test)."""

    def __init__(self, txn_us=0, model=None):
        self.model = model or DEFAULT_MODEL
        self.clock = FakeClock()
        self.txn = int(txn_us * 10)  # cost of one chip-select-framed transfer, tenths of us
        self.levels = {}
        self.chips_by_cs = {}
        self.chips_by_rst = {}
        self.trace = None  # a list: the size of every SPI transfer is appended
        self.rf = None  # a list: (frame bytes, last bits, answers) per RF frame
        self.rf_air = []  # tenths of a us on air per RF frame: command, delay, answer or timeout
        self.resets = 0
        self.watchdogs = []
        self.bus_conflicts = 0
        self.field_events = None  # a list: (time in us, chip, on) per field change
        self.fields_on = 0  # readers with their RF field on right now
        self.most_fields_on = 0  # the most at any moment: must stay 1

    def add_reader(self, cs, rst, version=None):
        chip = FakeMFRC522(self, self.model.version if version is None else version, self.model)
        self.chips_by_cs[cs] = chip
        self.chips_by_rst[rst] = chip
        return chip

    def set_level(self, pin, value):
        old = self.levels.get(pin)
        self.levels[pin] = value
        chip = self.chips_by_rst.get(pin)
        if chip is not None and old != value:
            chip.rst_changed(value)


WORLD = World()


def use(world):
    """Make ``world`` the one new Pin/SPI/WDT objects talk to."""
    global WORLD
    WORLD = world
    return world


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        if value is not None:
            WORLD.set_level(id, value)
        elif pull == Pin.PULL_UP and id not in WORLD.levels:
            WORLD.levels[id] = 1

    def value(self, v=None):
        if v is None:
            return WORLD.levels.get(self.id, 0)
        WORLD.set_level(self.id, 1 if v else 0)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        self.baudrate = baudrate

    def _selected(self, size):
        world = WORLD
        world.clock.now += world.txn + size * 80000000 // self.baudrate  # tenths of a us
        if world.trace is not None:
            world.trace.append(size)
        found = None
        for pin in world.chips_by_cs:
            if world.levels.get(pin, 1) == 0:
                if found is not None:
                    world.bus_conflicts += 1
                    return None
                found = world.chips_by_cs[pin]
        return found

    def write(self, buf):
        chip = self._selected(len(buf))
        if chip is not None:
            chip.spi(buf, None)

    def write_readinto(self, out, into):
        chip = self._selected(len(out))
        for i in range(len(into)):
            into[i] = 0  # MISO held low by the pull-down when nobody drives it
        if chip is not None:
            chip.spi(out, into)


class WDT:
    """Counts feeds and, like the RP2040's, would reset the board after ``timeout`` ms
    unfed: ``expired`` counts such moments, ``longest_ms`` is the longest gap seen."""

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        self.expired = 0
        self.longest_ms = 0
        self.world = WORLD
        self._last = WORLD.clock.ms()
        WORLD.watchdogs.append(self)

    def feed(self):
        now = self.world.clock.ms()
        gap = now - self._last
        self.longest_ms = max(self.longest_ms, gap)
        if gap > self.timeout:
            self.expired += 1
        self._last = now
        self.feeds += 1


class FakeUsb:
    """The board's USB CDC serial as MicroPython sees it (``sys.stdin``/``sys.stdout``).

    ``host_reading`` False is a host that keeps the port open but reads nothing: the
    256-byte TX buffer fills, and a write that does not fit waits up to 500 ms of board
    time, then returns the count it managed. ``received`` is what the host has read.
    """

    TX_BUFFER = 256
    TX_TIMEOUT_MS = 500

    def __init__(self, world):
        self.world = world
        self.host_reading = True
        self.pending = bytearray()  # in the TX buffer, not read by the host
        self.received = bytearray()
        self.incoming = bytearray()  # host -> board, not read by the board yet
        self.writes = 0
        self.blocked_ms = 0
        self.buffer = self

    def host_reads(self, on):
        self.host_reading = on
        if on:
            self.received += self.pending
            self.pending = bytearray()

    def host_sends(self, data):
        self.incoming += data

    def free(self):
        if self.host_reading:
            return self.TX_BUFFER
        return self.TX_BUFFER - len(self.pending)

    def write(self, data):
        self.writes += 1
        if self.host_reading:
            self.received += data
            return len(data)
        room = self.free()
        if len(data) > room:
            self.world.clock.sleep_ms(self.TX_TIMEOUT_MS)
            self.blocked_ms += self.TX_TIMEOUT_MS
        taken = min(room, len(data))
        self.pending += data[:taken]
        return taken

    def read(self, n=1):
        data = bytes(self.incoming[:n])
        self.incoming = self.incoming[n:]
        return data


class FakePoll:
    def __init__(self):
        self._entries = []

    def register(self, stream, flags=5):
        self._entries.append((stream, flags))

    def poll(self, timeout=-1):
        ready = []
        for stream, flags in self._entries:
            got = 0
            if flags & FakeSelect.POLLIN and len(stream.incoming):
                got |= FakeSelect.POLLIN
            if flags & FakeSelect.POLLOUT and stream.free() > 0:
                got |= FakeSelect.POLLOUT
            if got:
                ready.append((stream, got))
        return ready


class FakeSelect:
    POLLIN = 1
    POLLOUT = 4

    @staticmethod
    def poll():
        return FakePoll()


def reset():
    WORLD.resets += 1
    raise SystemExit("machine.reset()")


# ------------------------------------------------------------------ CRC and bits


def crc_a(data):
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


def to_bits(data, count=None):
    """Bytes to a list of bits, LSB first (the order ISO 14443 sends them)."""
    bits = []
    for byte in data:
        for i in range(8):
            bits.append((byte >> i) & 1)
    return bits if count is None else bits[:count]


def from_bits(bits, align=0):
    """A list of bits to bytes, the first bit stored at bit ``align`` of byte 0."""
    total = align + len(bits)
    out = bytearray((total + 7) // 8)
    for i in range(len(bits)):
        if bits[i]:
            pos = align + i
            out[pos // 8] |= 1 << (pos % 8)
    return bytes(out)


# ------------------------------------------------------------------ tags


class FakeTag:
    """An ISO 14443A tag (PICC) with a 4-, 7- or 10-byte UID."""

    def __init__(self, uid, wake_us=300, sak=0x08, halt_retention_us=None):
        self.uid = bytes(uid)
        if len(self.uid) not in (4, 7, 10):
            raise ValueError("a UID has 4, 7 or 10 bytes")
        self.wake_us = wake_us
        self.sak = sak
        # None: the world's model says; a tag keeps HALT this long with no field
        self.halt_retention_us = halt_retention_us
        self.state = "off"
        self.powered_at = 0
        self.off_at = 0
        self.held_halt = False
        self.level = 0
        self.fields = []  # ids of the chips whose field powers this tag now

    def parts(self):
        """The UID as sent per cascade level: CT + 3 bytes, ..., last 4 bytes; with BCC."""
        uid = self.uid
        if len(uid) == 4:
            pieces = [uid]
        elif len(uid) == 7:
            pieces = [b"\x88" + uid[:3], uid[3:]]
        else:
            pieces = [b"\x88" + uid[:3], b"\x88" + uid[3:6], uid[6:]]
        return [p + bytes((p[0] ^ p[1] ^ p[2] ^ p[3],)) for p in pieces]

    def atqa(self):
        size = {4: 0, 7: 1, 10: 2}[len(self.uid)]
        return bytes((0x04 | (size << 6), 0x00))

    def power(self, chip, on, now):
        """A field this tag lies in went on or off; the tag is powered while any is on."""
        was = bool(self.fields)
        key = id(chip)
        if on and key not in self.fields:
            self.fields.append(key)
        elif not on and key in self.fields:
            self.fields.remove(key)
        if bool(self.fields) == was:
            return
        if not self.fields:
            self.held_halt = self.state == "halt"
            self.off_at = now
            self.state = "off"
            return
        retention = self.halt_retention_us
        if retention is None:
            retention = WORLD.model.halt_retention_us
        if self.held_halt and now - self.off_at < retention:
            self.state = "halt"  # kept its HALT through a short gap: only WUPA wakes it
        else:
            self.state = "waking"
            self.powered_at = now
        self.held_halt = False

    def hear(self, frame, bits, now):
        """One frame from the reader; returns the answer bits or None."""
        if self.state == "waking":
            if now - self.powered_at < self.wake_us:
                return None
            self.state = "idle"
        if self.state == "off":
            return None
        if bits == 7 and len(frame) == 1:  # short frame
            if frame[0] == 0x26 and self.state == "idle":
                return self._ready()
            if frame[0] == 0x52 and self.state in ("idle", "halt"):
                return self._ready()
            if self.state in ("ready", "active"):
                self.state = "idle"
            return None
        if len(frame) == 4 and frame[:2] == b"\x50\x00" and crc_a(frame) == b"\x00\x00":
            if self.state == "active":
                self.state = "halt"
            elif self.state == "ready":
                self.state = "idle"
            return None
        if self.state == "ready" and len(frame) >= 2 and frame[0] in (0x93, 0x95, 0x97):
            return self._select_or_anticollision(frame, bits)
        if self.state in ("ready", "active"):
            self.state = "idle"
        return None

    def _ready(self):
        self.state = "ready"
        self.level = 0
        return to_bits(self.atqa())

    def _select_or_anticollision(self, frame, bits):
        level = (0x93, 0x95, 0x97).index(frame[0])
        parts = self.parts()
        if level != self.level or level >= len(parts):
            self.state = "idle"
            return None
        part = parts[level]
        nvb = frame[1]
        if nvb == 0x70:
            if len(frame) != 9 or crc_a(frame) != b"\x00\x00" or frame[2:7] != part:
                self.state = "idle"
                return None
            if level + 1 < len(parts):
                self.level += 1
                sak = 0x04
            else:
                self.state = "active"
                sak = self.sak
            return to_bits(bytes((sak,)) + crc_a(bytes((sak,))))
        known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
        if known < 0 or known > 32:
            self.state = "idle"
            return None
        mine = to_bits(part)
        sent = to_bits(frame[2:], known)
        if len(sent) != known or sent != mine[:known]:
            return None  # another tag's branch: stay READY, keep quiet
        return mine[known:]


# ------------------------------------------------------------------ the reader IC

COMMAND, COM_IRQ, ERROR, FIFO_DATA, FIFO_LEVEL = 0x01, 0x04, 0x06, 0x09, 0x0A
CONTROL, BIT_FRAMING, COLL, TX_CONTROL, VERSION = 0x0C, 0x0D, 0x0E, 0x14, 0x37
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L = 0x2A, 0x2B, 0x2C, 0x2D


class FakeMFRC522:
    """Register-level model of one MFRC522 with an antenna and the tags lying on it."""

    def __init__(self, world, version=0x92, model=None):
        self.world = world
        self.model = model or world.model
        self.version = version
        self.tags = []
        self.hung = False
        self.unplugged = False
        self.in_reset = False
        self._drop = 0
        self._drop_after = 0
        self._flip = 0
        self._garble = 0
        self.frames = 0  # RF frames sent
        self.soft_resets = 0
        self.hard_resets = 0
        self._defaults()

    def _defaults(self):
        self.regs = bytearray(64)
        self.regs[TX_CONTROL] = 0x80
        self.regs[COMMAND] = 0x20
        self.regs[COLL] = 0xA0
        self.regs[VERSION] = self.version
        self.fifo = bytearray()
        self.fifo_read = 0  # bytes of ``fifo`` already read: slicing each read costs heap
        self.pending = None  # (ready_at, irq, error, answer bytes, last bits, coll)
        self._field(False)

    # ---------------------------------------------------------------- the table

    def put(self, tag):
        self.tags.append(tag)
        tag.power(self, self.field_on(), self.world.clock.us())
        return tag

    def lift(self, uid):
        for tag in self.tags:
            if tag.uid == bytes(uid):
                tag.power(self, False, self.world.clock.us())
        self.tags = [t for t in self.tags if t.uid != bytes(uid)]

    def drop(self, n=1, after=0):
        """Lose ``n`` answers, after letting ``after`` answers through."""
        self._drop += n
        self._drop_after = after

    def flip(self, n=1):
        self._flip += n

    def garble(self, n=1):
        """The next ``n`` answers arrive with a parity error (noise, a weak tag)."""
        self._garble += n

    def hang(self):
        self.hung = True

    def unplug(self):
        self.unplugged = True

    # ---------------------------------------------------------------- pins and field

    def field_on(self):
        return (self.regs[TX_CONTROL] & 0x03) == 0x03 and not self.in_reset

    def _field(self, on):
        was = getattr(self, "_radiating", False)
        if was != on:
            self._radiating = on
            world = self.world
            world.fields_on += 1 if on else -1
            world.most_fields_on = max(world.most_fields_on, world.fields_on)
            if world.field_events is not None:
                world.field_events.append((world.clock.us(), self, on))
        for tag in getattr(self, "tags", []):
            tag.power(self, on, self.world.clock.us())

    def rst_changed(self, level):
        if level == 0:
            self.in_reset = True
            self.hung = False  # a hard reset is the cure
            self._field(False)
        else:
            self.in_reset = False
            self.hard_resets += 1
            self._defaults()

    # ---------------------------------------------------------------- SPI

    def mute(self):
        return self.hung or self.unplugged or self.in_reset

    def spi(self, mosi, miso):
        """One transfer: a read fills ``miso`` (each byte names the next byte's register)."""
        if self.mute():
            return
        self._settle()
        first = mosi[0]
        if first & 0x80:
            if miso is not None:
                for i in range(len(mosi) - 1):
                    miso[i + 1] = self._read((mosi[i] >> 1) & 0x3F)
            return
        reg = (first >> 1) & 0x3F
        for i in range(1, len(mosi)):
            self._write(reg, mosi[i])

    def _read(self, reg):
        if reg == FIFO_DATA:
            if self.fifo_read >= len(self.fifo):
                return 0
            self.fifo_read += 1
            return self.fifo[self.fifo_read - 1]
        if reg == FIFO_LEVEL:
            return len(self.fifo) - self.fifo_read
        return self.regs[reg]

    def _write(self, reg, value):
        if reg == FIFO_DATA:
            if len(self.fifo) - self.fifo_read < 64:
                self.fifo.append(value)
        elif reg == FIFO_LEVEL:
            if value & 0x80:
                self.fifo = bytearray()
                self.fifo_read = 0
        elif reg == COM_IRQ:
            if value & 0x80:
                self.regs[COM_IRQ] |= value & 0x7F
            else:
                self.regs[COM_IRQ] &= ~value & 0x7F
        elif reg == COMMAND:
            self._command(value)
        elif reg == TX_CONTROL:
            was = self.field_on()
            self.regs[TX_CONTROL] = value
            if was != self.field_on():
                self._field(self.field_on())
        elif reg == BIT_FRAMING:
            self.regs[BIT_FRAMING] = value & 0x7F
            if value & 0x80 and (self.regs[COMMAND] & 0x0F) == 0x0C:
                self._send()
        else:
            self.regs[reg] = value

    def _command(self, value):
        command = value & 0x0F
        if command == 0x0F:  # SoftReset
            self.soft_resets += 1
            self._defaults()
            return
        self.regs[COMMAND] = value & 0x3F
        if command == 0x00:
            self.pending = None

    # ---------------------------------------------------------------- RF

    def _timeout(self):
        """The chip's no-answer timer, in tenths of a us (data sheet 8.5)."""
        prescaler = ((self.regs[T_MODE] & 0x0F) << 8) | self.regs[T_PRESCALER]
        reload = (self.regs[T_RELOAD_H] << 8) | self.regs[T_RELOAD_L]
        return reload * (2 * prescaler + 1) * 100 // 1356

    def _send(self):
        clock = self.world.clock
        framing = self.regs[BIT_FRAMING]
        tx_last = framing & 0x07
        rx_align = (framing >> 4) & 0x07
        frame = bytes(self.fifo[self.fifo_read :])
        self.fifo = bytearray()
        self.fifo_read = 0
        self.frames += 1
        bits = len(frame) * 8 - ((8 - tx_last) if tx_last else 0)
        tx = (len(frame) * 9 - ((9 - tx_last) if tx_last else 0) + 2) * ETU
        end_tx = clock.now + tx
        answers = []
        if self.field_on():
            for tag in self.tags:
                answer = tag.hear(frame, bits, end_tx // 10)
                if answer is not None:
                    answers.append(answer)
        if answers and self._drop:
            if self._drop_after:
                self._drop_after -= 1
            else:
                self._drop -= 1
                answers = []
        if self.world.rf is not None:
            self.world.rf.append((len(frame), tx_last, len(answers)))
        if not answers:
            ready = end_tx + self._timeout()
            if self.world.rf is not None:  # HLTA is never answered: the reader waits no timeout
                halt = frame[:2] == b"\x50\x00"
                self.world.rf_air.append(tx + FDT if halt else ready - clock.now)
            self.pending = (ready, 0x01, 0, b"", 0, 0)  # TimerIRq
            return
        length = min(len(a) for a in answers)
        received = []
        collision = 0
        for i in range(length):
            bit = answers[0][i]
            if not collision:
                for answer in answers:  # no list per bit: the VM's heap is small
                    if answer[i] != bit:
                        collision = i + 1
            received.append(0 if collision else bit)
        if not collision and max(len(a) for a in answers) != length:
            collision = length + 1 if length < 32 else 32
        if self._flip and not collision and len(received) >= 24:  # a UID part or SAK
            self._flip -= 1
            received[min(3, len(received) - 1)] ^= 1
        data = from_bits(received, rx_align)
        last = (rx_align + len(received)) % 8
        error = 0
        if collision:
            error = 0x08 | (0x02 if self.model.parity_with_collision else 0)
        if self._garble:
            self._garble -= 1
            error |= 0x02
        rx = (len(received) + len(received) // 8 + 2) * ETU
        if collision and self.model.collpos == COLLPOS_NXP:
            collision += rx_align  # NXP counts the RxAlign bits of the first byte too
        coll = (collision & 0x1F) if collision else 0x20
        irq = 0x20 | (0x02 if error else 0)  # RxIRq, plus ErrIRq on an error
        if self.world.rf is not None:
            self.world.rf_air.append(tx + FDT + rx)
        self.pending = (end_tx + FDT + rx, irq, error, data, last, coll)

    def _settle(self):
        """Apply a pending answer once the clock has reached it."""
        if self.pending is None or self.world.clock.now < self.pending[0]:
            return
        _, irq, error, data, last, coll = self.pending
        self.pending = None
        self.regs[COM_IRQ] |= irq
        self.regs[ERROR] = error
        self.regs[CONTROL] = (self.regs[CONTROL] & 0xF8) | last
        self.regs[COLL] = (self.regs[COLL] & 0x80) | coll
        self.fifo = bytearray(data)
        self.fifo_read = 0
