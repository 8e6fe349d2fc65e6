"""Pins and tuning of one seat board; the only file a builder edits.

The reference seat board: a Raspberry Pi Pico, five MFRC522 readers on SPI0, one
per lane. All readers share SCK, MOSI and MISO; each has its own chip-select (SDA
on the breakout) and reset (RST) pin. Antenna numbers on the wire are positions in
READERS, from 0 (kiosk.toml counts them from 1).

Pin numbers are RP2040 GPIO numbers (the "GP" labels on the Pico), not physical pins.
"""

SPI_ID = 0
SPI_SCK = 18
SPI_MOSI = 19
SPI_MISO = 16
# 4 MHz leaves margin on a bus with five readers, a diode per MISO and a 1.5 kOhm
# pull-down (field notes); the MFRC522 itself allows up to 10 Mbit/s.
SPI_BAUD = 4_000_000

# (chip select, reset) per reader, in antenna order. Up to 6 on one bus.
READERS = (
    (17, 20),  # antenna 0, lane 1
    (21, 22),  # antenna 1, lane 2
    (13, 14),  # antenna 2, lane 3
    (10, 11),  # antenna 3, lane 4
    (8, 9),  # antenna 4, lane 5
)

# Receiver gain, mfrc522.GAIN_*: 33 dB (4) is the chip's default; do not use 48 dB
# on neighbouring readers.
RX_GAIN = 4

# How the readers count CollReg's CollPos: 0 = NXP's way (RxAlign bits included, the
# default), 1 = from the first received bit. `kiosk firmware selftest` says which one
# finds three tags on a lane; the host can also switch it for bring-up (SET_COLLPOS).
COLLPOS = 0

# Antenna polling order: None = even antennas then odd ones (0 2 4 1 3), so neighbours
# are never polled back to back; or a tuple naming every antenna once.
POLL_ORDER = None

# Presence hysteresis: cycles in a row that must see a tag before it is reported,
# and cycles in a row that must miss it before it is reported gone.
SIGHTINGS = 2
MISSES = 3

# Timing, in microseconds unless named otherwise.
SETTLE_US = 1000  # field on to first REQA
GUARD_US = 5100  # ISO 14443-3: a tag may need 5 ms in the field; ask again after this
BUDGET_US = 25000  # most one antenna may take per cycle (3 new NTAG213s take ~19 ms)
TIMEOUT_US = 300  # no answer after this (the chip's timer; a tag answers within ~90 us)
FIELD_OFF_US = 5100  # an antenna and its neighbours dark this long before its field comes on
HEARTBEAT_MS = 200  # the host expects one at least every 500 ms
WATCHDOG_MS = 8000  # RP2040 maximum is about 8.3 s

BOARD_ID_FILE = "board_id.txt"
DEFAULT_BOARD_ID = "reader"
MAINTENANCE_FILE = "maintenance"  # present at boot: skip the loop, leave the REPL free
SAFE_MODE_PIN = 15  # held to GND at power-up: same as above (None to disable)
