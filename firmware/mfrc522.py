"""Register-level driver for the NXP MFRC522 reader IC, over SPI, in plain MicroPython.

Why our own driver: the usual libraries poll one tag with a 25 ms timeout, assume
4-byte UIDs and cannot list several tags on one antenna. This one keeps every
no-answer short (the chip's timer, not a software sleep), walks the ISO/IEC 14443-3
anticollision tree through all three cascade levels (4-, 7- and 10-byte UIDs),
checks the BCC of every UID part and the CRC_A of every SAK, and lists every tag on
the antenna: WUPA, anticollision, SELECT, HLTA, then REQA ... until REQA gets no
answer. The first request of a listing is WUPA, so a tag left halted by a neighbour's
field (tags keep HALT through a short field gap) is listed too; later ones are REQA,
so the tags this listing halted stay quiet.

An inventory is right or says it is not: ``complete`` is True only when the listing
ended on a REQA nobody answered. A collision that could not be resolved, answers that
stayed garbled, a time budget or tag limit reached: ``complete`` is False, and the
caller must not take a missing tag as gone (the board reports that antenna as
*incomplete*, and the kiosk reads that lane again or has it judged by hand).

Collisions: ErrorReg's CollErr is checked before ParityErr (a real collision usually
raises both: NXP's HAL reads CollErr first). CollReg's CollPos is read by the named
convention ``collpos`` (``COLLPOS_NXP`` by default, see below); the host can switch it
for bring-up (SET_COLLPOS, firmware/PROTOCOL.md).

Register addresses, bits and commands are those of the MFRC522 data sheet (NXP,
rev. 3.9, chapter 9 "register overview" and table 149 "command overview"). The SPI
address byte is ``(address << 1)``, with bit 7 set for a read (data sheet 8.1.2.3);
several registers can be read in one transfer by sending their address bytes back
to back, and one register can be written with many bytes after one address byte.

Time comes from an injected ``clock`` (``us()``, ``sleep_us(n)``), so the host tests
and the poll-cycle benchmark run this very code against a simulated chip.

    reader = MFRC522(spi, cs_pin, rst_pin, clock)
    reader.init()
    reader.antenna_on()
    uids, complete, status = reader.inventory(max_tags=16, budget_us=15000)
"""

# Registers (data sheet table 20)
COMMAND = 0x01
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
STATUS2 = 0x08
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
MOD_WIDTH = 0x24
RF_CFG = 0x26
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# Commands (data sheet table 149)
CMD_IDLE = 0x00
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F
POWER_DOWN = 0x10  # CommandReg bit: reads 1 until the chip is awake

# ComIrqReg bits
IRQ_RX = 0x20
IRQ_IDLE = 0x10
IRQ_ERR = 0x02
IRQ_TIMER = 0x01
IRQ_CLEAR_ALL = 0x7F  # Set1 = 0: writing 1s clears those bits
# ErrorReg bits
ERR_BUFFER_OVFL = 0x10
ERR_COLL = 0x08
ERR_PARITY = 0x02
ERR_PROTOCOL = 0x01
# CollReg bits
COLL_POS_NOT_VALID = 0x20
# TxControlReg: InvTx2RFOn (reset value) plus Tx1RFEn | Tx2RFEn
TX_CONTROL_OFF = 0x80
TX_CONTROL_ON = 0x83

# Receiver gain, RFCfgReg bits 6..4 (data sheet table 98): 18, 23, 33 ... 48 dB
GAIN_18DB = 0x00
GAIN_23DB = 0x01
GAIN_33DB = 0x04
GAIN_38DB = 0x05
GAIN_43DB = 0x06
GAIN_48DB = 0x07

# VersionReg: 0x91/0x92 are NXP v1/v2; modules and clones read others (0x82, 0x88
# FM17522, 0x12, 0xB2 ...). Only a mute bus reads 0x00 (MISO pulled down) or 0xFF
# (MISO floating high), so those two mean "no chip", anything else "a chip answers".
DEAD_VERSIONS = (0x00, 0xFF)

# How CollReg's CollPos (bits 4..0, 0 meaning 32) counts the first collision's bit.
# COLLPOS_NXP: from bit 0 of the first byte in the FIFO, so the RxAlign bits (the
#   bits of a split byte the reader sent itself) are counted too: NXP's HAL arithmetic
#   and the default.
# COLLPOS_FIRST_BIT: from the first bit received, RxAlign bits not counted (a literal
#   reading of the data sheet's "bit position of the first detected collision").
# They agree when RxAlign is 0 (every first anticollision step) and differ by RxAlign
# bits after it; with the wrong one, a collision is never resolved and the inventory
# says "incomplete" (never "complete" with tags missing). `kiosk firmware selftest`
# tells which one a board's chips use.
COLLPOS_NXP = 0
COLLPOS_FIRST_BIT = 1
COLLPOS_DEFAULT = COLLPOS_NXP
COLLPOS_NAMES = ("nxp", "first-bit")

# ISO/IEC 14443-3 type A commands
PICC_REQA = 0x26
PICC_WUPA = 0x52
PICC_HLTA = 0x50
CASCADE_TAG = 0x88
SEL_CODES = (0x93, 0x95, 0x97)
SAK_UID_INCOMPLETE = 0x04

# Transceive results
OK = 0
TIMEOUT = 1  # no answer: the normal end of an inventory
COLLISION = 2
ERROR_FRAME = 3  # parity, protocol, BCC, CRC or length error: a mangled answer
HANG = 4  # the chip itself did not finish: reset it
GARBLED = b"\x00\x00"  # what request() returns for a collided or mangled ATQA: someone is there

# Unresolved answers (collisions, mangled frames, lost answers) an inventory tolerates
# before it gives up and says it is incomplete.
MAX_FAILURES = 4

# Timer: TPrescaler 169 gives 13.56 MHz / (2 * 169 + 1) = 40 kHz, a 25 us tick.
TIMER_PRESCALER = 169
TIMER_TICK_US = 25
# One bit at 106 kbit/s lasts 128 / 13.56 MHz = 9.44 us (integers: no float garbage).
ETU_NS = 9440
# Frame delay time of a PICC answer, 1236 / 13.56 MHz (ISO 14443-3 6.2.1.1), rounded up.
FDT_US = 92
POLL_US = 30


def crc_a(data):
    """ISO/IEC 14443-3 CRC_A (init 0x6363, reflected 0x8408), as two bytes, LSB first.

    Computed here rather than by the chip's CalcCRC command: on the board that is a
    few microseconds against several SPI transfers. The CRC_A of a frame with its own
    CRC appended is 0, which is how answers are checked.
    """
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


def bcc(part):
    """Block check character of a UID part: the XOR of its four bytes."""
    return part[0] ^ part[1] ^ part[2] ^ part[3]


class MFRC522:
    """One reader IC on a shared SPI bus, with its own chip-select and reset pins."""

    def __init__(
        self, spi, cs, rst, clock, gain=GAIN_33DB, timeout_us=300, hang_us=5000,
        collpos=COLLPOS_DEFAULT,
    ):
        self.spi = spi
        self.cs = cs
        self.rst = rst
        self.clock = clock
        self.gain = gain
        self.timeout_us = timeout_us
        self.hang_us = hang_us
        self.errors = 0  # mangled answers seen (BCC, CRC, parity): cross-talk shows here
        self.collpos = collpos
        self._out = bytearray(2)  # reused: the loop allocates little, so GC pauses stay rare
        self._in = bytearray(2)
        cs.value(1)
        rst.value(1)

    # -------------------------------------------------------------- SPI access

    def write(self, reg, value):
        out = self._out
        out[0] = (reg << 1) & 0x7E
        out[1] = value
        self.cs.value(0)
        self.spi.write(out)
        self.cs.value(1)

    def write_fifo(self, data):
        self.cs.value(0)
        self.spi.write(bytes(((FIFO_DATA << 1) & 0x7E,)) + bytes(data))
        self.cs.value(1)

    def read(self, reg):
        out = self._out
        out[0] = 0x80 | ((reg << 1) & 0x7E)
        out[1] = 0
        self.cs.value(0)
        self.spi.write_readinto(out, self._in)
        self.cs.value(1)
        return self._in[1]

    def read_many(self, regs):
        """Read several registers in one transfer (one address byte each, then 0)."""
        out = bytearray(len(regs) + 1)
        addresses = bytearray(len(regs) + 1)
        for i in range(len(regs)):
            addresses[i] = 0x80 | ((regs[i] << 1) & 0x7E)
        self.cs.value(0)
        self.spi.write_readinto(addresses, out)
        self.cs.value(1)
        return out[1:]

    # -------------------------------------------------------------- set-up

    def hard_reset(self, low_us=100, start_us=2000):
        """Toggle RST (NRSTPD): the cure for a reader that stopped answering."""
        self.rst.value(0)
        self.clock.sleep_us(low_us)
        self.rst.value(1)
        # Oscillator start-up: crystal start-up plus 37.74 us (data sheet 8.8.2).
        self.clock.sleep_us(start_us)

    def power_down(self):
        """Hold RST low: field off and the chip asleep (about 10 uA)."""
        self.rst.value(0)

    def version(self):
        return self.read(VERSION)

    def alive(self):
        """True when VersionReg reads anything but 0x00/0xFF (a mute bus reads those)."""
        return self.version() not in DEAD_VERSIONS

    def init(self):
        """Soft reset and configure for ISO 14443A at 106 kbit/s; False if the chip is mute."""
        self.write(COMMAND, CMD_SOFT_RESET)
        start = self.clock.us()
        while self.read(COMMAND) & POWER_DOWN:
            if self.clock.diff(self.clock.us(), start) > self.hang_us:
                return False
            self.clock.sleep_us(50)
        self.write(TX_MODE, 0x00)  # 106 kbit/s, no hardware CRC (we add CRC_A ourselves)
        self.write(RX_MODE, 0x00)
        self.write(MOD_WIDTH, 0x26)
        ticks = max(1, self.timeout_us // TIMER_TICK_US)
        self.write(T_MODE, 0x80 | (TIMER_PRESCALER >> 8))  # TAuto: starts after each send
        self.write(T_PRESCALER, TIMER_PRESCALER & 0xFF)
        self.write(T_RELOAD_H, ticks >> 8)
        self.write(T_RELOAD_L, ticks & 0xFF)
        self.write(TX_ASK, 0x40)  # 100 % ASK modulation, as type A needs
        self.write(MODE, 0x3D)  # CRC preset 0x6363
        self.write(COLL, 0x00)  # ValuesAfterColl = 0: bits after a collision read as 0
        self.set_gain(self.gain)
        self.antenna_off()
        return self.alive()

    def set_gain(self, gain):
        """Receiver gain; the field notes: max gain on adjacent readers kills both."""
        self.gain = gain
        self.write(RF_CFG, (gain & 0x07) << 4)

    def antenna_on(self):
        self.write(TX_CONTROL, TX_CONTROL_ON)

    def antenna_off(self):
        self.write(TX_CONTROL, TX_CONTROL_OFF)

    # -------------------------------------------------------------- transceive

    def _start(self, data, tx_bits, rx_align):
        """Load the FIFO and start a Transceive; returns the frame's air time in us."""
        self.write(COMMAND, CMD_IDLE)  # stops the previous Transceive
        self.write(COM_IRQ, IRQ_CLEAR_ALL)
        self.write(FIFO_LEVEL, 0x80)  # flush
        self.write_fifo(data)
        self.write(COMMAND, CMD_TRANSCEIVE)
        self.write(BIT_FRAMING, 0x80 | (rx_align << 4) | tx_bits)  # StartSend
        # Each byte is 8 bits plus parity; a 7-bit short frame has no parity; plus S and E.
        bits = len(data) * 9 - ((9 - tx_bits) if tx_bits else 0) + 2
        return bits * ETU_NS // 1000

    def send(self, data):
        """Send a frame that gets no answer (HLTA): wait for it to leave, not for a timeout."""
        self.clock.sleep_us(self._start(data, 0, 0) + FDT_US)

    def transceive(self, data, tx_bits=0, rx_align=0, answer_bits=0):
        """Send a frame, wait for the answer. Returns (status, answer bytes, collision bit).

        The collision bit is counted from the first bit of this answer (1..32; CollPos
        converted from the ``collpos`` convention), or 0 when there was none. CollErr
        is looked at before ParityErr: a collision often raises both. A CollPos that
        cannot be (before the first received bit) is a mangled answer.
        ``answer_bits`` is the answer's expected length, so the first look at ComIrqReg
        comes when it should be done.
        """
        clock = self.clock
        air = self._start(data, tx_bits, rx_align)
        clock.sleep_us(air + FDT_US + answer_bits * 9 * ETU_NS // 8000)  # 8 bits + parity
        start = clock.us()
        while True:
            irq = self.read(COM_IRQ)
            if irq & (IRQ_RX | IRQ_IDLE):
                break
            if irq & IRQ_TIMER:
                return TIMEOUT, b"", 0
            if clock.diff(clock.us(), start) > self.hang_us:
                return HANG, b"", 0
            clock.sleep_us(POLL_US)
        error, level, control, coll = self.read_many((ERROR, FIFO_LEVEL, CONTROL, COLL))
        if error & ERR_BUFFER_OVFL:
            return ERROR_FRAME, b"", 0
        level &= 0x7F
        answer = bytes(self.read_many((FIFO_DATA,) * level)) if level else b""
        if error & ERR_COLL:
            if coll & COLL_POS_NOT_VALID:
                return ERROR_FRAME, answer, 0
            position = (coll & 0x1F) or 32
            if self.collpos == COLLPOS_NXP:
                position -= rx_align
            if position < 1:
                return ERROR_FRAME, answer, 0
            return COLLISION, answer, position
        if error & (ERR_PARITY | ERR_PROTOCOL):
            return ERROR_FRAME, b"", 0
        return OK, answer, 0

    # -------------------------------------------------------------- ISO 14443-3 steps

    def request(self, command=PICC_REQA):
        """REQA (or WUPA): a 7-bit short frame. Returns the 2-byte ATQA, ``GARBLED``
        when something answered but the ATQA collided or came mangled (someone is
        there), None when nothing answered, or HANG."""
        status, answer, _ = self.transceive(bytes((command,)), 7, 0, 16)
        if status == HANG:
            return HANG
        if status == TIMEOUT:
            return None
        if status != OK or len(answer) != 2:
            return GARBLED
        return answer

    def wakeup(self):
        """WUPA: like REQA, and wakes halted tags too (each listing starts with it)."""
        return self.request(PICC_WUPA)

    def halt(self):
        """HLTA: the selected tag goes to HALT and ignores REQA until the field cycles."""
        frame = bytes((PICC_HLTA, 0x00))
        self.send(frame + crc_a(frame))  # a tag never answers HLTA

    def anticollision(self, level):
        """Resolve one UID part (4 bytes + BCC) at cascade ``level`` (0, 1 or 2).

        Returns (status, 5 bytes). On a collision the bits before it are kept, the
        colliding bit is chosen as 1 (ISO 14443-3 6.5.3.1), and the PICCs whose UID
        matches the longer prefix answer the rest.
        """
        sel = SEL_CODES[level]
        known = bytearray(5)
        known_bits = 0
        while True:
            whole, part = known_bits // 8, known_bits % 8
            nvb = ((2 + whole) << 4) | part
            sent = known[: whole + (1 if part else 0)]
            frame = bytes((sel, nvb)) + sent
            status, answer, coll = self.transceive(frame, part, part, 40 - known_bits)
            if status not in (OK, COLLISION):
                return status, None
            if len(answer) != 5 - whole:
                return ERROR_FRAME, None
            keep = (1 << part) - 1  # low bits we sent ourselves
            known[whole] = (known[whole] & keep) | (answer[0] & ~keep & 0xFF)
            for i in range(1, len(answer)):
                known[whole + i] = answer[i]
            if status == OK:
                break
            position = known_bits + coll  # 1-based bit number in the 40-bit UID part
            if coll < 1 or position > 32:
                return ERROR_FRAME, None
            index = position - 1
            known[index // 8] |= 1 << (index % 8)
            known[index // 8] &= (2 << (index % 8)) - 1  # bits after it are unknown
            for i in range(index // 8 + 1, 5):
                known[i] = 0
            known_bits = position
        if bcc(known) != known[4]:
            return ERROR_FRAME, None
        return OK, bytes(known)

    def select(self, level, part):
        """SELECT a resolved UID part; returns (status, SAK)."""
        frame = bytes((SEL_CODES[level], 0x70)) + part
        status, answer, _ = self.transceive(frame + crc_a(frame), 0, 0, 24)
        if status != OK:
            return status, 0
        if len(answer) != 3 or crc_a(answer) != b"\x00\x00":
            return ERROR_FRAME, 0
        return OK, answer[0]

    def read_uid(self):
        """Anticollision and SELECT through the cascade levels: (status, uid of 4/7/10 bytes)."""
        uid = b""
        for level in range(3):
            status, part = self.anticollision(level)
            if status != OK:
                return status, None
            status, sak = self.select(level, part)
            if status != OK:
                return status, None
            if not sak & SAK_UID_INCOMPLETE:
                if part[0] == CASCADE_TAG and level < 2:
                    return ERROR_FRAME, None  # a CT with a "complete" SAK: mangled
                return OK, uid + part[:4]
            if part[0] != CASCADE_TAG:
                return ERROR_FRAME, None
            uid += part[1:4]
        return ERROR_FRAME, None

    # -------------------------------------------------------------- inventory

    def select_known(self, uid):
        """SELECT a UID seen before, skipping anticollision: (status, True if it answered).

        With several tags READY, the one whose UID matches answers and the others drop
        back to IDLE, so this saves the anticollision frames for every tag that stays
        put, which is most of them.
        """
        if len(uid) == 4:
            parts = (uid,)
        elif len(uid) == 7:
            parts = (b"\x88" + uid[:3], uid[3:])
        else:
            parts = (b"\x88" + uid[:3], b"\x88" + uid[3:6], uid[6:])
        for level in range(len(parts)):
            part = parts[level]
            status, sak = self.select(level, part + bytes((bcc(part),)))
            if status != OK:
                return status
            last = level == len(parts) - 1
            if bool(sak & SAK_UID_INCOMPLETE) == last:
                return ERROR_FRAME
        return OK

    def inventory(self, max_tags=16, budget_us=20000, known=(), settle=False, wake=True):
        """Every tag on the antenna: returns (sorted UIDs, complete, status).

        The first request is WUPA when ``wake`` (a slot's first listing), so tags still
        halted from a neighbour's field answer too; the rest are REQA. Tags listed in
        ``known`` (last cycle's) are selected directly; then request, anticollision,
        SELECT and HLTA repeat until a REQA gets no answer.

        ``complete`` is True only when the list ended on that silent REQA. It is False
        when the time budget or ``max_tags`` cut the list short, and when collisions or
        mangled answers were still unresolved after ``MAX_FAILURES`` tries: then a tag
        missing from the list may be lying there, and the caller must not count it as
        gone. A mangled answer (cross-talk) never yields a UID: every UID part passed
        its BCC and the tag's SELECT answer passed CRC_A before the UID is believed.
        After one, or after a lost answer, a tag may sit in READY, where a REQA sends
        it back to IDLE without an answer; so in doubt the list ends only after an HLTA
        (READY tags drop to IDLE, IDLE ones ignore it) and one more silent REQA.
        ``settle=True`` starts with that HLTA (for a second look at an antenna whose
        first request may have been lost). ``status`` is HANG when the chip stopped
        answering mid-way, else OK.
        """
        clock = self.clock
        start = clock.us()
        found = []
        doubt = False
        command = PICC_WUPA if wake else PICC_REQA
        if settle:
            self.halt()
        for uid in known:
            if len(found) >= max_tags or clock.diff(clock.us(), start) > budget_us:
                return sorted(found), False, OK
            atqa = self.request(command)
            command = PICC_REQA
            if atqa == HANG:
                return sorted(found), False, HANG
            if atqa is None:
                break  # nobody left in the field
            status = self.select_known(uid)
            if status == HANG:
                return sorted(found), False, HANG
            if status == OK:
                found.append(uid)
                self.halt()
            else:  # gone, or answered and lost: that tag may be left ACTIVE
                doubt = True
                if status == ERROR_FRAME:
                    self.errors += 1
        failures = 0
        while True:
            if len(found) >= max_tags or clock.diff(clock.us(), start) > budget_us:
                return sorted(found), False, OK
            atqa = self.request(command)
            command = PICC_REQA
            if atqa == HANG:
                return sorted(found), False, HANG
            if atqa is None:
                if doubt:
                    doubt = False
                    self.halt()
                    continue
                return sorted(found), True, OK
            status, uid = self.read_uid()
            if status == HANG:
                return sorted(found), False, HANG
            if status == OK:
                if uid not in found:
                    found.append(uid)
                self.halt()
                continue
            self.errors += 1
            failures += 1
            doubt = True
            if failures >= MAX_FAILURES:
                return sorted(found), False, OK
