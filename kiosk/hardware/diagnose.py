"""``kiosk diagnose``: what the table's hardware looks like right now, in plain words.

The tool café staff use in the first hour of an installation: it lists the reader
boards, their antennas and health, the GPIO pins and their states, what lies on the
table, and then streams live events (seat buttons, pads, cards, board status) until
the time is up or Ctrl-C. ``--simulate`` runs it against the simulated table and
plays a short demo so there is something to watch.

    kiosk diagnose                      # the real table, 30 s of events
    kiosk diagnose --seconds 120
    kiosk diagnose --simulate --seconds 5
    kiosk diagnose --config /etc/kiosk/kiosk.toml --tags /etc/kiosk/tags

Exit status: 0 when everything answered, 1 when something is missing (no GPIO here,
a board offline), 2 when the configuration or the command line is wrong.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import queue
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from kiosk.config import ConfigError, load_settings
from kiosk.hardware.errors import BackendUnavailableError
from kiosk.hardware.gpio import GpioTable, pi_pin_factory
from kiosk.hardware.ports import (
    BoardState,
    BoardStatus,
    HardwareListener,
    InventoryChange,
    Pad,
    PinReport,
)
from kiosk.hardware.readers import SerialReaders
from kiosk.hardware.tagmap import TableView, TagMap, TagMapError
from kiosk.paths import config_dir, database_path

Line = Callable[[str], None]


class EventPrinter(HardwareListener):
    """Turns hardware events into sentences and queues them for the main thread.

    Events arrive on reader, gpiozero and ticker threads; only the main thread prints.
    """

    def __init__(self, tags: TagMap) -> None:
        self.tags = tags
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        self.stops = 0
        self.touched: set[Pad] = set()

    def _say(self, text: str) -> None:
        self.lines.put((time.monotonic(), text))

    def on_seat_pressed(self, seat: int, t: float) -> None:
        self._say(f"seat {seat} button pressed")

    def on_seat_held(self, seat: int, t: float) -> None:
        self._say(f"seat {seat} button held (call staff)")

    def on_pad_changed(self, pad: Pad, active: bool, t: float) -> None:
        (self.touched.add if active else self.touched.discard)(pad)
        self._say(f"stop pad {pad.value.upper()} {'touched' if active else 'released'}")

    def on_stop(self, t: float) -> None:
        self.stops += 1
        self._say("STOP — both stop pads touched together")

    def on_pad_stuck(self, pad: Pad, stuck: bool, t: float) -> None:
        if stuck:
            self._say(describe_stuck(pad))
        else:
            self._say(f"stop pad {pad.value.upper()} is free again")

    def on_inventory(self, change: InventoryChange) -> None:
        where = f"seat {change.seat} lane {change.lane}"
        if not change.uids:
            self._say(f"{where} is now empty")
        else:
            names = ", ".join(sorted(self.tags.name(uid) for uid in change.uids))
            self._say(f"{where} now holds: {names} (poll cycle {change.poll_cycle})")

    def on_board_status(self, status: BoardStatus) -> None:
        self._say(f"board for seat {status.seat}: {describe_status(status)}")


def describe_status(status: BoardStatus) -> str:
    """One line about a board: state, who it is, bad frames, and what to do."""
    parts = [status.state.value.upper()]
    if status.board_id:
        parts.append(f"board {status.board_id!r}, firmware {status.firmware}")
    if status.dropped_frames:
        parts.append(f"{status.dropped_frames} bad frames dropped")
    if status.heartbeats_dropped:
        parts.append(f"{status.heartbeats_dropped} heartbeats dropped while the kiosk was not "
                     "reading")
    if status.transfer_us is not None:
        parts.append(f"SPI transfer {status.transfer_us:g} us, CollPos {status.collpos}")
    text = ", ".join(parts)
    if status.detail and status.detail != "online":
        text += f" — {status.detail}"
    return text


def describe_stuck(pad: Pad) -> str:
    """What staff read about a held or stuck pad, and what to do about it."""
    return (f"stop pad {pad.value.upper()} is held or stuck, so the pads cannot stop the "
            "timer: free it; if nobody touches it, check its wiring, then power the table "
            "off and on with hands off the pads (the touch modules calibrate at power on)")


def report_pads(stuck: frozenset[Pad], say: Line) -> None:
    """Say whether a stop pad is held or stuck (touched when armed, or for a long time)."""
    if not stuck:
        say("Stop pads: both free")
    for pad in sorted(stuck, key=lambda p: p.value):
        say("Stop pads: " + describe_stuck(pad))


def describe_pin(pin: PinReport) -> str:
    role = pin.role.replace(":", " ")
    if pin.role.startswith("led"):
        level = "lit" if pin.active else "off"
    elif pin.role.startswith("pad"):
        level = "touched" if pin.active else "released"
    else:
        level = "pressed" if pin.active else "released"
    who = f"seat {pin.seat} " if pin.seat is not None else ""
    return f"GPIO {pin.pin:>2}  {who}{role}: {level}"


def report_boards(readers: SerialReaders, say: Line) -> bool:
    """Print every board and antenna; True if all are online."""
    statuses = readers.boards()
    say(f"Reader boards ({len(statuses)} configured)")
    if not statuses:
        say("  none — add [[readers.boards]] tables to kiosk.toml (one per seat)")
    for status in statuses:
        say(f"  seat {status.seat}: {status.board}")
        say(f"    {describe_status(status)}")
        for antenna in status.antennas:
            lane = f"lane {antenna.lane}" if antenna.lane is not None else "not mapped"
            version = f", VersionReg 0x{antenna.version:02X}" if antenna.version is not None else ""
            say(f"    antenna {antenna.antenna} → {lane}: {antenna.health.value}{version}")
    return all(s.state is BoardState.ONLINE for s in statuses)


def report_ports(say: Line) -> None:
    """List the serial ports the system sees, so a wrong path in config is easy to spot."""
    try:
        from serial.tools import list_ports

        ports = sorted(p.device for p in list_ports.comports(include_links=True))
    except Exception as exc:  # listing is a hint only; never fail the report on it
        say(f"  (could not list serial ports: {exc})")
        return
    links = [p for p in ports if "/by-id/" in p or "/serial/" in p]
    shown = links or ports
    say("  serial ports on this machine: " + (", ".join(shown) if shown else "none"))


def report_usb(seats: dict[str, int], say: Line) -> None:
    """Each USB reader board, its self-given name and the seat that name maps to."""
    from kiosk.hardware.usb_map import usb_lines, usb_ports

    say("USB reader boards (name -> by-id path -> seat)")
    for line in usb_lines(usb_ports(), seats):
        say(line)


def report_pins(pins: Sequence[PinReport], say: Line) -> None:
    say(f"Pins ({len(pins)})")
    for pin in sorted(pins, key=lambda p: (p.seat or 99, p.role)):
        say("  " + describe_pin(pin))


def report_table(readers: SerialReaders, tags: TagMap, say: Line) -> None:
    view = tags.resolve(readers.inventory())
    say("On the table")
    if not view.lanes and not view.conflicts:
        say("  nothing")
    for (seat, lane), lane_view in sorted(view.lanes.items()):
        names = list(lane_view.cards)
        names += [
            f"{tags.name(uid)} (not enrolled: scan it in Settings)" for uid in lane_view.unknown
        ]
        say(f"  seat {seat} lane {lane}: {', '.join(names)}")
    for conflict in view.conflicts:
        say(f"  CONFLICT: {conflict.describe()}")


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="kiosk diagnose",
        description="Show the table's boards, antennas and pins, then stream live events.",
    )
    parser.add_argument("--simulate", action="store_true",
                        help="use the simulated table (no hardware) and play a demo")  # fmt: skip
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="how long to stream events (default 30; Ctrl-C stops)")  # fmt: skip
    parser.add_argument("--config", type=Path, default=None,
                        help="kiosk settings file (default: kiosk.toml in the config folder "
                        "`kiosk paths` names)")  # fmt: skip
    parser.add_argument("--tags", type=Path, default=None,
                        help="folder of tag maps, *.csv (default: the tags in the database "
                        "`kiosk paths` names, else the config folder's tags/)")  # fmt: skip
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] = (), *,
         stored_tags: Callable[[Path], Mapping[bytes, str] | None] | None = None) -> int:
    """Run ``kiosk diagnose``; returns the exit status (see the module docstring).
    ``stored_tags(database)`` reads the database's tags without writing (the hardware
    layer knows no store: ``kiosk.diagnose_cli`` passes the store's reader)."""
    try:
        args = _parse(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)

    def say(text: str) -> None:
        print(text, flush=True)

    tags = _tags(args.tags, say, stored_tags)
    try:
        with _quiet_hardware_log():
            if args.simulate:
                return _simulated(args, tags, say)
            return _real(args, tags, say)
    except KeyboardInterrupt:
        say("stopped.")
        return 0


def _tags(folder: Path | None, say: Line,
          stored_tags: Callable[[Path], Mapping[bytes, str] | None] | None = None) -> TagMap:
    """The tags the kiosk itself would know: the database's (what ``kiosk enroll``
    wrote), read only; else the CSV files of ``folder`` or of the config folder."""
    stored = stored_tags(database_path()) if folder is None and stored_tags else None
    if stored:
        return TagMap(stored)
    try:
        return TagMap.load(folder or config_dir() / "tags")
    except TagMapError as exc:
        say(f"Tag map problem, cards will show as UIDs:\n  {exc}")
        return TagMap({})


def _real(args: argparse.Namespace, tags: TagMap, say: Line) -> int:
    source = args.config or config_dir() / "kiosk.toml"
    try:
        settings = load_settings(source)
    except ConfigError as exc:
        say(f"{exc}\nFix the settings file and run `kiosk diagnose` again.")
        return 2
    say(f"Kiosk diagnose — real hardware, settings {settings.source}")
    printer = EventPrinter(tags)
    healthy = True
    with contextlib.ExitStack() as stack:
        gpio = None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                factory = pi_pin_factory()
            gpio = stack.enter_context(GpioTable(settings.gpio, pin_factory=factory,
                                                 listener=printer))  # fmt: skip
            gpio.start()
            gpio.pads.arm()
        except BackendUnavailableError as exc:
            healthy = False
            say(f"GPIO is unavailable on this machine ({exc}).")
            say("  Seat buttons and stop pads cannot be checked here. On a laptop, try")
            say("  `kiosk diagnose --simulate` to see the simulated table.")
        readers = stack.enter_context(SerialReaders(settings.readers, listener=printer))
        readers.wait_for(
            lambda: all(s.state is not BoardState.CONNECTING for s in readers.boards()), 3.0
        )
        say("")
        healthy &= report_boards(readers, say)
        if not healthy:
            report_ports(say)
        report_usb({b.path: b.seat for b in settings.readers.boards}, say)
        say("")
        if gpio is not None:
            report_pins(gpio.pins(), say)
            report_pads(gpio.pads.stuck(), say)
            say("")
        report_table(readers, tags, say)
        _drain(printer)  # the connect-time events are already in the report
        _stream(
            printer,
            args.seconds,
            say,
            start=time.monotonic(),
            view=lambda: tags.resolve(readers.inventory()),
            rearm=gpio.pads.arm if gpio else None,
        )
    return 0 if healthy else 1


def _simulated(args: argparse.Namespace, tags: TagMap, say: Line) -> int:
    from kiosk.hardware.sim_table import SimulatedTable

    printer = EventPrinter(tags)
    with SimulatedTable(listener=printer, tags=tags) as table:
        say("Kiosk diagnose — SIMULATED table (6 seats × 5 lanes, no hardware)")
        if not table.wait_settled():
            say("the simulated boards did not come online within 5 s")
            return 1
        say("")
        report_boards(table.readers, say)  # type: ignore[arg-type]
        say("")
        report_pins(table.pins(), say)
        assert table.gpio is not None
        report_pads(table.gpio.gpio.pads.stuck(), say)
        say("")
        report_table(table.readers, tags, say)  # type: ignore[arg-type]
        _drain(printer)
        say("")
        start = time.monotonic()
        _demo(table, tags, say)
        _stream(printer, args.seconds, say, start=start, view=table.view, rearm=table.arm_stop)
    return 0


def _demo(table: Any, tags: TagMap, say: Line) -> None:
    """A few moves so the event stream has something to show."""
    say("Demo: three cards laid, seat 4 pressed, an unenrolled tag, cross-talk, a stop, "
        "a stuck pad.")
    cards = tags.cards()[:3] or []
    for lane, card in enumerate(cards, start=1):
        table.put(card, seat=2, lane=lane)
    table.put_uid(bytes.fromhex("0badc0de"), seat=5, lane=1)
    table.press_seat(4)
    if cards:
        table.inject("ghost", seat=2, lane=1, seconds=0.2)
    table.arm_stop()
    table.touch_both_pads()
    table.release_pads()
    table.stick_pad(Pad.A)
    table.arm_stop()  # a round starting with pad A stuck: reported at once
    table.free_pad(Pad.A)


def _drain(printer: EventPrinter) -> None:
    with contextlib.suppress(queue.Empty):
        while True:
            printer.lines.get_nowait()


def _stream(
    printer: EventPrinter,
    seconds: float,
    say: Line,
    *,
    start: float,
    view: Callable[[], TableView],
    rearm: Callable[[], None] | None,
) -> None:
    """Print queued events until ``seconds`` after ``start``; say when conflicts come and go."""
    say(f"Live events for {seconds:g} s (Ctrl-C stops):")
    deadline = time.monotonic() + seconds
    stops = printer.stops
    conflicts: set[tuple[bytes, tuple]] = set()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            t, text = printer.lines.get(timeout=min(left, 0.5))
        except queue.Empty:
            continue
        say(f"  +{max(t - start, 0):6.2f} s  {text}")
        now = {(c.uid, c.places): c for c in view().conflicts}
        for key in now.keys() - conflicts:
            say(f"           CONFLICT: {now[key].describe()}")
        for uid, places in conflicts - now.keys():
            where = " and ".join(f"seat {s} lane {n}" for s, n in places)
            say(f"           conflict over: {printer.tags.name(uid)} no longer in {where}")
        conflicts = set(now)
        if rearm is not None and printer.stops != stops and not printer.touched:
            stops = printer.stops
            rearm()  # so staff can test the pads again (once let go: not "held" at arm)
    say("done.")


@contextlib.contextmanager
def _quiet_hardware_log() -> Iterator[None]:
    """The report already says what the reader log would warn about; keep stderr clean."""
    logger = logging.getLogger("kiosk.hardware")
    handler = logging.NullHandler()
    old = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.propagate = old
        logger.removeHandler(handler)
