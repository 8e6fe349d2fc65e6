"""A simulated reader board on the far side of a real pty, speaking the real protocol.

Like OctoPrint's virtual printer, it is a fake *device*, not a fake of our code: the
host opens ``path`` with ``serial.Serial(path)`` exactly as it opens
``/dev/serial/by-id/usb-...`` on the table, and everything in between — pty line
discipline, pyserial, framing, CRC, sequence numbers — is real.

``path`` is a symlink to the pty's slave end (``/dev/pts/N``), standing in for the
stable by-id link: :meth:`unplug` closes the pty and removes the link (the host sees a
read error and the path vanish), :meth:`plug` makes a new pty and points the same
link at it (the host sees the path come back, usually at another ``/dev/pts/N``).

Tags are put and lifted by antenna index as on the wire (0-based). Its HELLO says what
the firmware's does on the simulated machine (``tests/firmware``): VersionReg 0x92 per
reader, CollPos counted NXP's way, 4.0 us per SPI transfer; SET_COLLPOS changes the
convention until a reboot and is answered with HELLO, as on a board. ``chip_collpos``
says how its simulated readers count: when the board's convention differs, a lane
holding two or more cards lists only one of them and reads *incomplete*, keeping
the cards it had (as the firmware does; tests/firmware/scenarios.py). Faults on demand:
:meth:`send_garbage`, :meth:`drop_frames`, :meth:`corrupt_frames`, :meth:`go_silent`,
:meth:`slow_answers`, :meth:`unplug`/:meth:`plug`, :meth:`reboot`, :meth:`miss`,
cross-talk ghosts (:meth:`ghost`, :meth:`cross_talk`), antenna health
(:meth:`set_health`), and another protocol version (``protocol_version=2``).

>>> import tempfile, serial, os
>>> from kiosk.hardware import wire
>>> link = os.path.join(tempfile.mkdtemp(), "board")
>>> with SimBoard(link, board_id="seat-1", heartbeat_s=None) as board:
...     port = serial.Serial(link, timeout=0.2)
...     board.put(0, bytes.fromhex("04a1b2c3"))
...     messages = wire.Decoder().feed(port.read(100))
...     port.close()
>>> messages  # the boot HELLO/SNAPSHOT went before the port opened (pyserial flushes)
[TagAdded(seq=1, antenna=0, uid=b'\\x04\\xa1\\xb2\\xc3')]
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import threading
import time
import tty
from pathlib import Path

from kiosk.hardware import wire

BANNER = b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with RP2040\r\n>>> "


class SimBoard:
    """A scriptable reader board behind the symlink ``path``; plugged in on creation."""

    def __init__(
        self,
        path: str | Path,
        *,
        board_id: str = "sim-board",
        antennas: int = 5,
        firmware: str = "1.0.0-sim",
        heartbeat_s: float | None = 0.1,
        protocol_version: int = wire.PROTOCOL_VERSION,
        plugged: bool = True,
        versions: list[int] | None = None,
        collpos: int = wire.COLLPOS_NXP,
        transfer_tenths: int = 40,
        chip_collpos: int | None = None,
    ) -> None:
        self.path = Path(path)
        self.board_id = board_id
        self.antennas = antennas
        self.firmware = firmware
        self.heartbeat_s = heartbeat_s
        self.protocol_version = protocol_version
        self.versions = list(versions) if versions is not None else [0x92] * antennas
        self.collpos = collpos
        self.boot_collpos = collpos  # what board_config.py says: a reboot goes back to it
        self.chip_collpos = collpos if chip_collpos is None else chip_collpos
        self.transfer_tenths = transfer_tenths
        self.dropped = 0  # heartbeats the board says it could not send
        self.seq = 0
        self.cycle = 0
        self.health = [wire.HEALTH_OK] * antennas
        self.tags: list[set[bytes]] = [set() for _ in range(antennas)]
        self.ghosts: list[set[bytes]] = [set() for _ in range(antennas)]
        self.reported: list[set[bytes]] = [set() for _ in range(antennas)]
        self.missed: set[bytes] = set()  # cards the readers never read (miss())
        self._counted_wrong: set[int] = set()  # lanes incomplete by the CollPos mismatch
        self.silent = False
        self.frames_sent = 0
        self.frames_dropped = 0
        self.frames_corrupted = 0
        self.requests = 0  # SNAPSHOT_REQUESTs received
        self.pings = 0
        self._drop = 0
        self._corrupt = 0
        self._ghost_ends: list[tuple[float, int, bytes]] = []
        self.answer_delay_s = 0.0  # a busy board: pongs go out this late (slow_answers)
        self._pongs_due: list[tuple[float, int]] = []
        self._lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if plugged:
            self.plug()

    # ------------------------------------------------------------------ plug / unplug

    @property
    def plugged(self) -> bool:
        return self._master is not None

    @property
    def device(self) -> str | None:
        """The pty slave the link points at now (``/dev/pts/N``), or None if unplugged."""
        return os.ttyname(self._slave) if self._slave is not None else None

    def plug(self, *, boot: bool = True) -> None:
        """Make a new pty, point ``path`` at it, and boot: HELLO then SNAPSHOT."""
        with self._lock:
            if self.plugged:
                return
            master, slave = os.openpty()
            tty.setraw(slave)  # before the host opens it: no echo, no CR/LF rewriting
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            temp = self.path.with_name(self.path.name + ".new")
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.ttyname(slave), temp)
            os.replace(temp, self.path)  # the stable path appears at once, never half-made
            self._stop.clear()
            self._thread = threading.Thread(
                target=self._run, name=f"sim-board {self.board_id}", daemon=True
            )
            self._thread.start()
            if boot:
                self._write(b"\x00")
                self._hello_and_snapshot()

    def unplug(self) -> None:
        """Pull the cable: the link disappears and the host's open port fails."""
        thread = self._thread
        self._stop.set()
        os.write(self._wake_w, b"x")
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2)
        with self._lock:
            self._thread = None
            with contextlib.suppress(FileNotFoundError):
                if self.path.is_symlink():
                    self.path.unlink()
            for fd in (self._master, self._slave):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = None
            self._drain_wake()

    def replug(self, *, reboot: bool = True) -> None:
        """Unplug and plug again; a USB power cycle reboots the board (seq restarts)."""
        self.unplug()
        if reboot:
            self.reboot(send=False)
        self.plug()

    def reboot(self, *, send: bool = True) -> None:
        """Restart the firmware: sequence numbers start again, tags stay where they lie."""
        with self._lock:
            self.seq = 0
            self.silent = False
            self.collpos = self.boot_collpos
            for antenna in range(self.antennas):  # a fresh inventory: no events
                self.reported[antenna] = set(self._readable(antenna)[0])
                self._judge_health(antenna, send=False)
            if send and self.plugged:
                self._write(b"\x00")
                self._hello_and_snapshot()

    def close(self) -> None:
        self.unplug()
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> SimBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the table

    def put(self, antenna: int, uid: bytes) -> None:
        """A tag arrives on an antenna (after the firmware's hysteresis): TAG_ADDED."""
        with self._lock:
            if uid in self.tags[antenna]:
                return
            self.tags[antenna].add(uid)
            self._sync(antenna)

    def lift(self, antenna: int, uid: bytes) -> None:
        """A tag leaves an antenna: TAG_REMOVED."""
        with self._lock:
            if uid not in self.tags[antenna]:
                return
            self.tags[antenna].discard(uid)
            self._sync(antenna)

    def seen(self) -> list[frozenset[bytes]]:
        """What the board reports per antenna: real tags plus ghost reads, less misses."""
        with self._lock:
            return [frozenset(uids) for uids in self.reported]

    # ------------------------------------------------------------------ faults

    def ghost(self, antenna: int, uid: bytes) -> None:
        """Cross-talk: ``uid`` (lying elsewhere) is reported on ``antenna`` too."""
        with self._lock:
            if uid in self.ghosts[antenna]:
                return
            self.ghosts[antenna].add(uid)
            self._sync(antenna)

    def unghost(self, antenna: int, uid: bytes) -> None:
        with self._lock:
            if uid not in self.ghosts[antenna]:
                return
            self.ghosts[antenna].discard(uid)
            self._sync(antenna)

    def miss(self, uid: bytes) -> None:
        """The readers never read this card (a dud sticker, a weak reader)."""
        with self._lock:
            self.missed.add(uid)
            for antenna in range(self.antennas):
                self._sync(antenna)

    def cross_talk(self, source: int, target: int, seconds: float | None = None) -> bytes:
        """A tag from antenna ``source`` briefly shows on ``target``; returns its UID.

        With ``seconds`` the ghost ends on its own (on the board's thread); without,
        call :meth:`unghost`.
        """
        with self._lock:
            if not self.tags[source]:
                raise ValueError(f"antenna {source} holds no tag to cross-talk from")
            uid = min(self.tags[source])
            self.ghost(target, uid)
            if seconds is not None:
                self._ghost_ends.append((time.monotonic() + seconds, target, uid))
                os.write(self._wake_w, b"x")
            return uid

    def send_garbage(self, data: bytes = BANNER) -> None:
        """Raw bytes on the link, e.g. a stray REPL banner."""
        with self._lock:
            self._write(data)

    def drop_frames(self, count: int = 1) -> None:
        """The next ``count`` frames are lost on the way (their seq is used up)."""
        with self._lock:
            self._drop += count

    def corrupt_frames(self, count: int = 1) -> None:
        """The next ``count`` frames arrive with one byte flipped."""
        with self._lock:
            self._corrupt += count

    def go_silent(self) -> None:
        """The firmware hangs: no heartbeats, no answers (the port stays open)."""
        with self._lock:
            self.silent = True

    def resume(self) -> None:
        """The firmware comes back (a watchdog reset would also reboot; see reboot())."""
        with self._lock:
            self.silent = False

    def slow_answers(self, seconds: float) -> None:
        """A busy board: each PING is answered ``seconds`` late (0: at once again).
        Everything else still goes out at once, so its tags are already reported.
        Pongs already held are answered no later than the new delay allows."""
        with self._lock:
            self.answer_delay_s = max(0.0, seconds)
            latest = time.monotonic() + self.answer_delay_s
            self._pongs_due = [(min(at, latest), token) for at, token in self._pongs_due]
        os.write(self._wake_w, b"x")

    def set_health(self, antenna: int, health: int) -> None:
        """What the next heartbeats say about one antenna (wire.HEALTH_*)."""
        with self._lock:
            self.health[antenna] = health

    def heartbeat(self) -> None:
        """Send one heartbeat now (tests with ``heartbeat_s=None`` drive them by hand)."""
        with self._lock:
            if self.silent:
                return
            self.cycle = (self.cycle + 1) & wire.SEQ_MASK
            self._send(wire.Heartbeat(self.seq, self.cycle, self.health, self.dropped))
            self.health = [wire.HEALTH_OK if h == wire.HEALTH_RECOVERED else h for h in self.health]

    # ------------------------------------------------------------------ internals

    def _readable(self, antenna: int) -> tuple[set[bytes], bool]:
        """What one inventory of ``antenna`` lists, and whether it is complete."""
        lane = (self.tags[antenna] | self.ghosts[antenna]) - self.missed
        if self.collpos == self.chip_collpos or len(lane) < 2:
            return lane, True
        return {min(lane)}, False  # counted the wrong way: one card, then a dead end

    def _sync(self, antenna: int) -> None:
        """Send TAG events so the host's view matches what the readers now list."""
        lane, complete = self._readable(antenna)
        shown = self.reported[antenna]
        want = lane if complete else shown | lane  # an incomplete lane proves no card gone
        for uid in sorted(want - shown):
            shown.add(uid)
            self._event(wire.TagAdded, antenna, uid)
        for uid in sorted(shown - want):
            shown.discard(uid)
            self._event(wire.TagRemoved, antenna, uid)
        self._judge_health(antenna, send=True)

    def _judge_health(self, antenna: int, *, send: bool) -> None:
        complete = self._readable(antenna)[1]
        old = self.health[antenna]
        if not complete:
            self.health[antenna] = wire.HEALTH_INCOMPLETE
            self._counted_wrong.add(antenna)
        elif antenna in self._counted_wrong:  # not a health set_health() chose
            self._counted_wrong.discard(antenna)
            self.health[antenna] = wire.HEALTH_OK
        if send and self.health[antenna] != old:
            self.heartbeat()  # the firmware says a change of health at once

    def _event(self, cls: type[wire.TagAdded], antenna: int, uid: bytes) -> None:
        self.seq = (self.seq + 1) & wire.SEQ_MASK
        self.cycle = (self.cycle + 1) & wire.SEQ_MASK
        self._send(cls(self.seq, antenna, uid))

    def hello(self) -> wire.Hello:
        return wire.Hello(self.board_id, self.firmware, self.antennas, self.versions,
                          self.collpos, self.transfer_tenths)

    def _hello_and_snapshot(self) -> None:
        self._send(self.hello())
        self._send(wire.Snapshot(self.seq, [sorted(s) for s in self.seen()]))

    def _send(self, message: wire.Message) -> None:
        if self.silent or not self.plugged:
            return
        if self.protocol_version == wire.PROTOCOL_VERSION:
            data = message.encode()
        else:  # a board with other firmware: same layout, another version byte
            payload = bytes((self.protocol_version, message.KIND)) + message.body()
            crc = wire.crc16(payload)
            data = wire.cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + b"\x00"
        if self._drop:
            self._drop -= 1
            self.frames_dropped += 1
            return
        if self._corrupt:
            self._corrupt -= 1
            self.frames_corrupted += 1
            middle = len(data) // 2
            flipped = data[middle] ^ (0x55 if data[middle] != 0x55 else 0xAA)
            data = data[:middle] + bytes((flipped,)) + data[middle + 1 :]
        self.frames_sent += 1
        self._write(data)

    def _write(self, data: bytes) -> None:
        """Write to the pty; like a USB device nobody reads, drop what does not fit."""
        if self._master is None:
            return
        view = memoryview(data)
        while view:
            try:
                written = os.write(self._master, view)
            except BlockingIOError:
                return
            except OSError as exc:
                if exc.errno in (errno.EIO, errno.EBADF):
                    return
                raise
            view = view[written:]

    def _drain_wake(self) -> None:
        os.set_blocking(self._wake_r, False)
        with contextlib.suppress(BlockingIOError, OSError):
            while os.read(self._wake_r, 64):
                pass

    def _run(self) -> None:
        decoder = wire.Decoder()
        master = self._master
        next_beat = time.monotonic() + (self.heartbeat_s or 0)
        while not self._stop.is_set():
            now = time.monotonic()
            deadlines = [end for end, _, _ in self._ghost_ends]
            deadlines += [due for due, _ in self._pongs_due]
            if self.heartbeat_s:
                deadlines.append(next_beat)
            wait = max(0.0, min(deadlines) - now) if deadlines else None
            try:
                ready, _, _ = select.select([master, self._wake_r], [], [], wait)
            except (OSError, ValueError):
                return
            if self._stop.is_set():
                return
            if self._wake_r in ready:
                self._drain_wake()
            if master in ready:
                try:
                    data = os.read(master, 4096)
                except BlockingIOError:
                    data = b""
                except OSError:
                    return
                for message in decoder.feed(data):
                    self._answer(message)
            now = time.monotonic()
            self._end_ghosts(now)
            self._send_due_pongs(now)
            if self.heartbeat_s and now >= next_beat:
                next_beat = now + self.heartbeat_s
                self.heartbeat()

    def _answer(self, message: wire.Message) -> None:
        with self._lock:
            if isinstance(message, wire.SnapshotRequest):
                self.requests += 1
                self._hello_and_snapshot()
            elif isinstance(message, wire.Ping):
                self.pings += 1
                if self.answer_delay_s:
                    self._pongs_due.append((time.monotonic() + self.answer_delay_s,
                                            message.token))
                else:
                    self._send(wire.Pong(message.token))
            elif isinstance(message, wire.SetBoardId):
                self.board_id = message.board_id
                self._send(self.hello())
            elif isinstance(message, wire.SetCollPos):
                self.collpos = message.convention
                self._send(self.hello())
                for antenna in range(self.antennas):
                    self._sync(antenna)

    def _send_due_pongs(self, now: float) -> None:
        with self._lock:
            due = [token for at, token in self._pongs_due if at <= now]
            self._pongs_due = [(at, token) for at, token in self._pongs_due if at > now]
            for token in due:
                self._send(wire.Pong(token))

    def _end_ghosts(self, now: float) -> None:
        with self._lock:
            due = [g for g in self._ghost_ends if g[0] <= now]
            self._ghost_ends = [g for g in self._ghost_ends if g[0] > now]
            for _, antenna, uid in due:
                self.unghost(antenna, uid)
