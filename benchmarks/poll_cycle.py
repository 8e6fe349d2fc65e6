"""Benchmark: poll-cycle time of a 5-antenna seat board, from the driver's own SPI traffic.

The real firmware (firmware/*.py) runs against tests/firmware/fake_machine.py, whose
MFRC522 model charges every SPI transfer and every RF frame the time the data sheets
give it, and answers only when that time has passed. So the driver's actual sequence
of transfers, its sleeps and its status polls are replayed on a simulated clock; the
figure is the clock's advance over one cycle. Target: <= 50 ms with 2 tags per antenna.

Figures used, and where they come from:

- SPI clock 4 MHz (firmware/board_config.py; the MFRC522 allows up to 10 Mbit/s,
  data sheet section 8.1.2); a register access is 2 bytes (address byte, data byte,
  section 8.1.2.3), a FIFO access 1 + n bytes.
- 25 us of MicroPython overhead per chip-select-framed transfer (pin toggles, the
  SPI call, the interpreter) on an RP2040 at 125 MHz. This is an *assumption*, not a
  data-sheet figure: measure it on a board (the heartbeat's cycle counter over time
  gives the real cycle rate) and pass it with ``--txn-us``. 15 and 40 us are shown too.
- Air time at 106 kbit/s: one bit = 128 / 13.56 MHz = 9.44 us (ISO/IEC 14443-2/-3);
  each byte 8 bits + parity, plus start and end bits; the 7-bit REQA short frame.
- A tag answers 1236 / 13.56 MHz = 91 us after the reader's frame ends (frame delay
  time, ISO/IEC 14443-3 6.2.1.1).
- No answer costs the chip's timer: TPrescaler 169 gives 13.56 MHz / 339 = 40 kHz
  (data sheet 9.3.3.10, TModeReg/TPrescalerReg), reload 12 -> 300 us, started by
  TAuto at the end of the frame. (The usual libraries use 25 ms here.)
- HLTA gets no answer: the driver only waits for it to leave plus one frame delay.
- Field on to first REQA: 1 ms; a slot whose listing ends before 5.1 ms asks once
  more at 5.1 ms, the time ISO/IEC 14443-3 section 5 lets a tag take to wake up.
- Tags are 4-byte-UID tags that wake 0.3 ms after the field comes on.

"steady" is a cycle with the tags already known from the previous cycle (selected
directly, no anticollision) - the normal case at a table; "first" is the cycle in
which every tag is new and goes through anticollision.

Run: ``python -m benchmarks.poll_cycle`` (``--txn-us 30`` to change the assumption).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANTENNAS = 5
TARGET_MS = 50.0
TAGS = (0, 1, 2, 3)


def _load():
    """Import the firmware the way the board sees it, on the fake machine."""
    for folder in (ROOT / "tests" / "firmware", ROOT / "firmware"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    import fake_machine

    from kiosk.hardware import wire

    sys.modules["machine"] = fake_machine
    sys.modules["wire"] = wire
    import board_config
    import mfrc522
    import scanner

    return fake_machine, board_config, mfrc522, scanner


def measure(tags_per_antenna: int, txn_us: float) -> dict[str, float]:
    """Times of the first and a steady cycle in ms, and transfers/frames per steady cycle."""
    fm, config, mfrc522, scanner_module = _load()
    world = fm.use(fm.World(txn_us=txn_us))
    spi = fm.SPI(config.SPI_ID, baudrate=config.SPI_BAUD)
    readers = []
    for antenna, (cs, rst) in enumerate(config.READERS[:ANTENNAS]):
        chip = world.add_reader(cs, rst)
        for n in range(tags_per_antenna):
            chip.put(fm.FakeTag(bytes((0x04, antenna, n, 0x5A)), wake_us=300))
        cs_pin = fm.Pin(cs, fm.Pin.OUT, value=1)
        rst_pin = fm.Pin(rst, fm.Pin.OUT, value=1)
        readers.append(
            mfrc522.MFRC522(spi, cs_pin, rst_pin, world.clock, config.RX_GAIN, config.TIMEOUT_US)
        )
    scan = scanner_module.Scanner(
        readers, world.clock, config.SETTLE_US, config.GUARD_US, config.BUDGET_US
    )
    scan.start()
    times = []
    for _ in range(3):
        world.trace = []
        world.rf = []
        start = world.clock.us()
        results = scan.cycle()
        times.append((world.clock.us() - start) / 1000)
        for uids, complete in results:
            if len(uids) != tags_per_antenna or not complete:
                raise AssertionError(f"the simulated board missed tags: {results!r}")
    return {
        "first": times[0],
        "steady": times[2],
        "transfers": len(world.trace),
        "frames": len(world.rf),
    }


def main(short: bool = False, txn_us: float = 25.0) -> None:
    _, config, _, _ = _load()
    mhz = config.SPI_BAUD / 1e6
    print(f"5-antenna seat board, SPI {mhz:g} MHz, {txn_us:g} us MicroPython cost per transfer")
    print("tags/antenna  steady ms  first ms  SPI transfers  RF frames  (per steady cycle)")
    rows = {}
    for tags in TAGS:
        row = measure(tags, txn_us)
        rows[tags] = row
        print(
            f"{tags:12}  {row['steady']:9.1f}  {row['first']:8.1f}  "
            f"{row['transfers']:13}  {row['frames']:9}"
        )
    if not short:
        for other in (15.0, 40.0):
            two = measure(2, other)
            print(
                f"with {other:g} us per transfer, 2 tags/antenna: "
                f"steady {two['steady']:.1f} ms, first {two['first']:.1f} ms"
            )
    verdict = "meets" if rows[2]["steady"] <= TARGET_MS else "MISSES"
    print(
        f"2 tags/antenna, steady: {rows[2]['steady']:.1f} ms {verdict} the {TARGET_MS:g} ms target"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    cost = float(args[args.index("--txn-us") + 1]) if "--txn-us" in args else 25.0
    main("--short" in args, cost)
