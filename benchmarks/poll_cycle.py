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
- Tags are NTAG213s (the BOM's): 7-byte UIDs, so two SELECT cascade levels each; they
  wake 0.3 ms after the field comes on. ``--uid 4`` models 4-byte tags instead.
- The on-air floor is the RF frames alone (commands, answers, frame delay times and
  the no-answer timeouts), as counted by the fake chip: no SPI and no interpreter.
  Whatever the firmware does, a cycle cannot be shorter.

Knobs, each measured by rerunning the model: the SPI transfer cost (``--txn-us``;
fewer transfers per command, e.g. by batching FIFO loads with the command, cut the
same time), the SPI clock (``--spi-mhz``), the settle time before the first request
(``SETTLE_US``).

"steady" is a cycle with the tags already known from the previous cycle (selected
directly, no anticollision) - the normal case at a table; "first" is the cycle in
which every tag is new and goes through anticollision.

Run: ``python -m benchmarks poll_cycle`` or ``python -m benchmarks.poll_cycle``
(``--txn-us 30 --spi-mhz 8 --uid 4`` to change the assumptions).
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


def _uid(antenna: int, n: int, size: int) -> bytes:
    if size == 4:
        return bytes((0x04, antenna, n, 0x5A))
    return bytes((0x04, 0x52, antenna, n, 0x4B, 0x6D, 0x80))  # NTAG213: NXP's 0x04 first


def measure(tags_per_antenna: int, txn_us: float, spi_mhz: float | None = None,
            uid_size: int = 7, settle_us: int | None = None) -> dict[str, float]:
    """Times of the first and a steady cycle in ms, transfers/frames per steady cycle,
    and the steady cycle's on-air time in ms (``air``)."""
    fm, config, mfrc522, scanner_module = _load()
    world = fm.use(fm.World(txn_us=txn_us))
    baud = int(spi_mhz * 1e6) if spi_mhz else config.SPI_BAUD
    spi = fm.SPI(config.SPI_ID, baudrate=baud)
    readers = []
    for antenna, (cs, rst) in enumerate(config.READERS[:ANTENNAS]):
        chip = world.add_reader(cs, rst)
        for n in range(tags_per_antenna):
            chip.put(fm.FakeTag(_uid(antenna, n, uid_size), wake_us=300))
        cs_pin = fm.Pin(cs, fm.Pin.OUT, value=1)
        rst_pin = fm.Pin(rst, fm.Pin.OUT, value=1)
        readers.append(
            mfrc522.MFRC522(spi, cs_pin, rst_pin, world.clock, config.RX_GAIN, config.TIMEOUT_US)
        )
    settle = config.SETTLE_US if settle_us is None else settle_us
    scan = scanner_module.Scanner(
        readers, world.clock, settle, config.GUARD_US, config.BUDGET_US
    )
    scan.start()
    times = []
    for _ in range(3):
        world.trace = []
        world.rf = []
        world.rf_air = []
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
        "air": sum(world.rf_air) / 10000,
    }


def main(short: bool = False, txn_us: float = 25.0, spi_mhz: float | None = None,
         uid_size: int = 7) -> None:
    _, config, _, _ = _load()
    mhz = spi_mhz or config.SPI_BAUD / 1e6
    kind = "NTAG213 (7-byte UID)" if uid_size == 7 else f"{uid_size}-byte-UID tags"
    print(f"5-antenna seat board, {kind}, SPI {mhz:g} MHz, {txn_us:g} us MicroPython cost "
          "per transfer")
    print("tags/antenna  steady ms  first ms  on-air ms  SPI transfers  RF frames  "
          "(per steady cycle)")
    rows = {}
    for tags in TAGS if not short else (0, 2):
        row = measure(tags, txn_us, spi_mhz, uid_size)
        rows[tags] = row
        print(
            f"{tags:12}  {row['steady']:9.1f}  {row['first']:8.1f}  {row['air']:9.1f}  "
            f"{row['transfers']:13}  {row['frames']:9}"
        )
    two = rows[2]
    verdict = "meets" if two["steady"] <= TARGET_MS else "MISSES"
    print(f"2 tags/antenna, steady: {two['steady']:.1f} ms {verdict} the {TARGET_MS:g} ms "
          f"target; on-air floor {two['air']:.1f} ms")
    if short:
        return
    print("what each knob buys (2 tags/antenna, steady cycle):")
    knobs = [
        ("SPI transfer 40 us (slow MicroPython)", dict(txn_us=40.0)),
        ("SPI transfer 15 us (viper/native pin toggles)", dict(txn_us=15.0)),
        ("SPI transfer 10 us (fewer, batched transfers)", dict(txn_us=10.0)),
        ("SPI clock 8 MHz", dict(spi_mhz=8.0)),
        ("SPI clock 2 MHz", dict(spi_mhz=2.0)),
        ("settle 0.5 ms instead of 1 ms", dict(settle_us=500)),
    ]
    for name, change in knobs:
        args = dict(txn_us=txn_us, spi_mhz=spi_mhz, uid_size=uid_size)
        args.update(change)
        row = measure(2, **args)
        print(f"  {name:46} {row['steady']:6.1f} ms ({row['steady'] - two['steady']:+.1f})")


def _arg(args: list[str], name: str, default):
    return type(default)(args[args.index(name) + 1]) if name in args else default


if __name__ == "__main__":
    args = sys.argv[1:]
    main("--short" in args, _arg(args, "--txn-us", 25.0), _arg(args, "--spi-mhz", 4.0),
         _arg(args, "--uid", 7))
