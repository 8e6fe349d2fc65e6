"""``kiosk firmware selftest``: check one freshly built reader board, step by step.

    kiosk firmware selftest --port /dev/ttyACM0          # prompts, waits for Enter
    kiosk firmware selftest --port /dev/ttyACM0 --yes    # no waiting (a scripted rig)

It reads the board's HELLO (firmware, each reader's VersionReg, the SPI transfer
cost it measured, its CollPos convention), then asks the builder to lay 1, 2 and 3
cards together on each lane in turn, and finally to replug the board with a card on
every lane. Each time it waits for the board's own inventory reports (SNAPSHOT,
TAG events, HEARTBEAT health) and judges them. A lane that lists too few of several
cards is tried again with the other CollPos convention (SET_COLLPOS). The end is a
pass/fail table with what to change for each failed step (hardware/bring-up.md).
Lanes and readers are counted from 1, as in hardware/assembly.md (antenna 0 on the
wire is lane 1).

Exit codes: 0 every step passed; 1 a step failed (or the builder stopped it);
2 no board: the port does not exist, cannot be opened, or nothing on it speaks the
reader-board protocol.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kiosk.hardware import wire

EXIT_OK, EXIT_FAILED, EXIT_NO_BOARD = 0, 1, 2
WAIT_S = 3.0  # for the board's reports after each step: a few cycles of hysteresis


class NoBoard(Exception):
    """Nothing usable on the port; the message says what to check."""


class Unplugged(Exception):
    """The open port went away (the board was unplugged or reset)."""


@dataclass
class Step:
    """One thing the builder does, and what the board should then report."""

    name: str
    prompt: str
    want: list[int]  # cards expected per lane
    lane: int | None = None  # the lane under test; None: every lane (the reboot)
    reboot: bool = False
    result: str = "-"
    seen: str = ""
    advice: list[str] = field(default_factory=list)


class BoardLink:
    """The serial port and what the board has said on it so far."""

    def __init__(self, port: str) -> None:
        self.port = port
        self.serial = None
        self.decoder = wire.Decoder()
        self.hello: wire.Hello | None = None
        self.lanes: list[set[bytes]] = []
        self.health: list[int] = []
        self.beats = 0
        self.received = 0  # bytes read since the port was opened

    def open(self) -> None:
        import serial

        if not os.path.exists(self.port):
            raise NoBoard(f"{self.port} does not exist: is the board plugged in?")
        try:
            self.serial = serial.Serial(self.port, 115200, timeout=0.05)
        except (serial.SerialException, OSError) as error:
            raise NoBoard(f"cannot open {self.port}: {error} (is the kiosk running?)") from None
        self.decoder = wire.Decoder()
        self.received = 0

    def close(self) -> None:
        if self.serial is not None:
            self.serial.close()
            self.serial = None

    def send(self, message: wire.Message) -> None:
        try:
            self.serial.write(message.encode())
        except Exception as error:  # pyserial raises several kinds for a lost port
            raise Unplugged(str(error)) from None

    def pump(self, done: Callable[[], bool], seconds: float) -> bool:
        """Read and record until ``done()`` or ``seconds`` have passed."""
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                return False
            try:
                data = self.serial.read(4096)
            except Exception as error:
                raise Unplugged(str(error)) from None
            self.received += len(data)
            for message in self.decoder.feed(data):
                self.record(message)
        return True

    def record(self, message: wire.Message) -> None:
        if isinstance(message, wire.Hello):
            self.hello = message
            self.health = [wire.HEALTH_OK] * message.antennas
        elif isinstance(message, wire.Snapshot):
            self.lanes = [set(uids) for uids in message.tags]
        elif isinstance(message, wire.TagAdded) and message.antenna < len(self.lanes):
            lane = self.lanes[message.antenna]  # TagRemoved is a TagAdded too
            if isinstance(message, wire.TagRemoved):
                lane.discard(message.uid)
            else:
                lane.add(message.uid)
        elif isinstance(message, wire.Heartbeat):
            self.health = list(message.health)
            self.beats += 1

    def connect(self, seconds: float) -> None:
        """HELLO and SNAPSHOT, or NoBoard saying what came instead."""
        self.hello, self.lanes = None, []
        self.send(wire.SnapshotRequest())
        if self.pump(lambda: self.hello is not None and bool(self.lanes), seconds):
            return
        if self.decoder.frames_incompatible:
            raise NoBoard(f"the board on {self.port} speaks another protocol version: "
                          "flash this kiosk's firmware (kiosk firmware flash)")
        if self.received and not self.decoder.frames_ok:
            raise NoBoard(f"{self.port} answered {self.received} bytes that are not the "
                          "reader-board protocol: is this a seat board with our firmware?")
        raise NoBoard(f"no reader board answered on {self.port} within {seconds:g} s")


def steps_for(antennas: int) -> list[Step]:
    steps = []
    for lane in range(antennas):
        for count in (1, 2, 3):
            want = [count if i == lane else 0 for i in range(antennas)]
            cards = "one card" if count == 1 else f"{count} cards together, fanned"
            steps.append(Step(f"lane {lane + 1}: {count} card{'s' * (count > 1)}",
                              f"Clear the board, then lay {cards} on lane {lane + 1}.", want, lane))
    steps.append(Step("reboot with cards", "Lay one card on every lane, then unplug the "
                      "board's USB cable and plug it back in.", [1] * antennas, reboot=True))
    return steps


def judge(link: BoardLink, step: Step) -> bool:
    lanes = [len(uids) for uids in link.lanes]
    return lanes == step.want and all(h == wire.HEALTH_OK for h in link.health)


def describe(link: BoardLink) -> str:
    names = [wire.HEALTH_NAMES[h] if h < len(wire.HEALTH_NAMES) else str(h) for h in link.health]
    cards = " ".join(f"{len(uids)}" for uids in link.lanes)
    odd = [f"lane {i + 1} {n}" for i, n in enumerate(names) if n != "ok"]
    return f"cards per lane {cards}" + (f"; {', '.join(odd)}" if odd else "")


def advise(link: BoardLink, step: Step) -> list[str]:
    """What to change, from what the board reported against what was laid."""
    advice = []
    for lane, want in enumerate(step.want):
        got = len(link.lanes[lane]) if lane < len(link.lanes) else 0
        health = link.health[lane] if lane < len(link.health) else wire.HEALTH_OK
        if health == wire.HEALTH_SILENT or (want and not got):
            version = link.hello.versions[lane] if link.hello else 0
            advice.append(f"lane {lane + 1}: check reader {lane + 1}'s wiring (CS, RST, 3.3 V, "
                          f"MISO, antenna cable); its VersionReg read 0x{version:02X}")
        elif health == wire.HEALTH_INCOMPLETE or 0 < got < want:
            advice.append(f"lane {lane + 1}: {got} of {want} cards: switch the CollPos "
                          "convention (SET_COLLPOS), then lower the SPI clock (SPI_BAUD)")
        elif got > want and step.lane is not None and lane != step.lane:
            advice.append(f"lane {lane + 1} reads lane {step.lane + 1}'s cards: widen the antenna "
                          "spacing (hardware/antennas.md)")
        elif got > want:
            advice.append(f"lane {lane + 1}: {got} cards where {want} lie: lower the SPI clock "
                          "(SPI_BAUD in firmware/board_config.py)")
        elif health == wire.HEALTH_RECOVERED:
            advice.append(f"lane {lane + 1}: reader reset during the step: check its wiring and "
                          "power, lower the SPI clock")
    return advice or ["read the board's reports with kiosk diagnose"]


class Selftest:
    """Runs the steps against one board; ``ask`` is where the builder acts."""

    def __init__(self, port: str, ask: Callable[[Step], None],
                 say: Callable[[str], None] = print, wait: float = WAIT_S) -> None:
        self.link = BoardLink(port)
        self.ask = ask
        self.say = say
        self.wait = wait

    def run(self) -> int:
        try:
            self.link.open()
            self.link.connect(self.wait)
        except (NoBoard, Unplugged) as error:
            self.say(f"kiosk firmware selftest: {error}")
            self.link.close()
            return EXIT_NO_BOARD
        try:
            rows = [self.readers()] + self.walk(steps_for(self.link.hello.antennas))
        except KeyboardInterrupt:
            self.say("\nstopped: nothing was changed on the board")
            return EXIT_FAILED
        finally:
            self.link.close()
        self.table(rows)
        return EXIT_OK if all(row.result == "PASS" for row in rows) else EXIT_FAILED

    def readers(self) -> Step:
        hello = self.link.hello
        convention = wire.COLLPOS_NAMES[hello.collpos]
        self.say(f"board {hello.board_id}, firmware {hello.firmware}, {hello.antennas} lanes")
        self.say(f"SPI transfer {hello.transfer_tenths / 10:g} us (rerun: python -m benchmarks "
                 f"poll_cycle --txn-us {hello.transfer_tenths / 10:g}); CollPos {convention}")
        row = Step("readers answer", "", [], seen=" ".join(f"0x{v:02X}" for v in hello.versions))
        dead = [i for i, v in enumerate(hello.versions) if v in (0x00, 0xFF)]
        row.result = "FAIL" if dead else "PASS"
        row.advice = [f"reader {i + 1}: VersionReg 0x{hello.versions[i]:02X}: check its wiring "
                      "(CS, RST, 3.3 V, MISO) and SPI_BAUD" for i in dead]
        return row

    def walk(self, steps: list[Step]) -> list[Step]:
        for number, step in enumerate(steps, 1):
            self.say(f"\nstep {number} of {len(steps)}: {step.name}")
            self.ask(step)
            try:
                passed = self.reboot(step) if step.reboot else self.settle(step)
                if not passed and step.lane is not None and step.want[step.lane] > 1:
                    passed = self.other_convention(step)
            except Unplugged as error:
                passed = False
                step.advice = [f"the board went away ({error}): check the USB cable"]
                self.reopen()
            step.seen = step.seen or describe(self.link)
            step.result = "PASS" if passed else "FAIL"
            if not passed and not step.advice:
                step.advice = advise(self.link, step)
            self.say(f"  {step.result}: {step.seen}")
        return steps

    def settle(self, step: Step) -> bool:
        """Wait for a heartbeat after which the board reports what was laid."""
        beats = self.link.beats
        return self.link.pump(lambda: self.link.beats > beats and judge(self.link, step),
                              self.wait)

    def other_convention(self, step: Step) -> bool:
        """Too few of several cards: try the other CollPos convention once."""
        before = describe(self.link)
        first = self.link.hello.collpos
        other = 1 - first
        passes = self.switch(other) and self.settle(step)
        after = describe(self.link)
        self.switch(first)  # every step judges the board as flashed
        if not passes:
            return False
        step.seen = f"{before}; with CollPos {wire.COLLPOS_NAMES[other]}: {after}"
        step.advice = [f"passes with CollPos {wire.COLLPOS_NAMES[other]}: set COLLPOS = "
                       f"{other} in firmware/board_config.py, flash, run the self-test again"]
        return False  # the board as flashed still fails

    def switch(self, convention: int) -> bool:
        self.link.send(wire.SetCollPos(convention))
        return self.link.pump(lambda: self.link.hello.collpos == convention, self.wait)

    def reboot(self, step: Step) -> bool:
        """The port drops (or a fresh HELLO comes) and the cards are reported again."""
        hello = self.link.hello
        try:
            restarted = self.link.pump(lambda: self.link.hello is not hello, self.wait)
        except Unplugged:
            restarted = self.reopen()
        if not restarted:
            step.advice = ["the board did not restart: unplug its USB cable and plug it in "
                           "again within the step"]
            return False
        return self.settle(step)

    def reopen(self) -> bool:
        """Wait for the port to come back and say HELLO again."""
        self.link.close()
        deadline = time.monotonic() + self.wait * 3
        while time.monotonic() < deadline:
            try:
                self.link.open()
                self.link.connect(self.wait)
                return True
            except (NoBoard, Unplugged):
                self.link.close()
                time.sleep(0.1)  # the device node is not back yet
        raise Unplugged(f"{self.link.port} did not come back")

    def table(self, rows: list[Step]) -> None:
        width = max(len(row.name) for row in rows)
        self.say("\n" + f"{'step':<{width}}  result  board reported")
        for row in rows:
            self.say(f"{row.name:<{width}}  {row.result:<6}  {row.seen}")
        failed = [row for row in rows if row.result != "PASS"]
        for row in failed:
            self.say(f"\n{row.name}: what to change")
            for line in row.advice:
                self.say(f"  - {line}")
        self.say("\n" + ("all steps passed" if not failed else
                         f"{len(failed)} step(s) failed; see hardware/bring-up.md"))


def prompt(step: Step) -> None:
    """The builder at the terminal: the instruction, then Enter."""
    try:
        input(f"  {step.prompt} Then press Enter (Ctrl-C stops). ")
    except EOFError:
        raise KeyboardInterrupt from None


def announce(step: Step) -> None:
    """--yes: say what should be done, wait for nobody."""
    print(f"  {step.prompt}")


def selftest(port: str, yes: bool = False, wait: float = WAIT_S) -> int:
    return Selftest(port, announce if yes else prompt, wait=wait).run()
