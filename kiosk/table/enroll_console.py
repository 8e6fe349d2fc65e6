"""``kiosk enroll`` on a console: the enrollment session of :mod:`kiosk.table.enroll`
watching a reader backend, with staff answering on the keyboard.

The reader backend is the game's: the real ``SerialReaders`` on a Pi, or the simulated
table's (real ptys) with ``--simulate``. Lines staff type:

- ``r`` / ``replace`` and ``s`` / ``skip`` answer a tag of another card (``s`` with no
  question pending skips the card shown); ``q`` / ``quit`` (or end of input) stops;
- card by card: a card name (``blue-7-RH``) picks the card to tag;
- simulated table only: ``new`` lifts the tag lying on the enrollment lane and lays a
  fresh one, ``lay HEX`` / ``lift HEX`` lay or lift a given tag.

Keyboard lines come through a queue (a reader thread), so tag events are seen while
nobody types: a café tags a deck without touching the keyboard.

>>> from kiosk.table.api import EnrollView
>>> progress_line(EnrollView(True, 1, 1, "lay", "blue-4", 3, 80, "Lay blue-4 on seat 1 lane 1"))
'[3/80] Lay blue-4 on seat 1 lane 1'
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from kiosk.hardware.tagmap import format_uid, parse_uid
from kiosk.table.api import EnrollView
from kiosk.table.enroll import EnrollSession

POLL_S = 0.1


def progress_line(view: EnrollView) -> str:
    return f"[{view.done}/{view.total}] {view.message}"


def keyboard(stream: IO[str]) -> queue.SimpleQueue[str | None]:
    """Lines of ``stream`` on a queue, then None at its end (a daemon thread reads)."""
    lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()

    def read() -> None:
        for line in stream:
            lines.put(line.strip())
        lines.put(None)

    threading.Thread(target=read, name="enroll-keyboard", daemon=True).start()
    return lines


class Console:
    """One enrollment on a console; :meth:`run` returns when done or told to stop."""

    def __init__(self, session: EnrollSession, readers: Any, say: Callable[[str], None], *,
                 table: Any = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.session, self.readers, self.say = session, readers, say
        self.table, self.clock = table, clock
        self._fresh = (bytes([0x04, 0x5E, 0, 0, 0, n >> 8, n & 0xFF])
                       for n in itertools.count(1))
        self._shown: tuple[str, str] = ("", "")

    def run(self, lines: queue.SimpleQueue[str | None]) -> None:
        self._show()
        while not self.session.finished:
            try:
                line = lines.get(timeout=POLL_S)
            except queue.Empty:
                line = ""
            if line is None or line.lower() in ("q", "quit"):
                break
            if line:
                self._command(line)
            self._look()
        view = self.session.view()
        examples = sum(1 for card in view.cards
                       if card not in view.tagged and self.session.book.uid(card) is not None)
        also = (f"; {examples} are known only by the example map's made-up tags, which no "
                "sticker has: lay them too" if examples else "")
        self.say(f"{self.session.bound} tags bound, {self.session.skipped} cards skipped; "
                 f"{len(view.tagged)} of {view.total} cards have a tag{also}.")

    def _look(self) -> None:
        held = self.readers.inventory().get(self.session.place, frozenset())
        self.session.observe(held, self.clock())
        self._show()

    def _show(self) -> None:
        view = self.session.view()
        if view.last and view.last != self._shown[1]:
            self.say(("  ok: " if view.last_ok else "  !! ") + view.last)
        line = progress_line(view)
        if view.step == "duplicate":
            line += "  [r]eplace / [s]kip"
        if line != self._shown[0]:
            self.say(line)
        self._shown = (line, view.last)

    def _command(self, line: str) -> None:
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("r", "replace"):
            self.session.replace()
        elif word in ("s", "skip"):
            self.session.skip()
        elif word in ("new", "lay", "lift") and self.table is not None:
            self._simulate(word, rest.strip())
        elif word in ("new", "lay", "lift"):
            self.say(f"  !! '{word}' works on the simulated table only (kiosk enroll --simulate)")
        elif not self.session.in_order:
            self.session.choose(line)
        else:
            self.say(f"  !! '{line}' is not an answer: r (replace), s (skip) or q (quit)")

    def _simulate(self, word: str, uid_text: str) -> None:
        seat, lane = self.session.place
        try:
            if word == "new":
                for uid in self.readers.inventory().get(self.session.place, frozenset()):
                    self.table.lift_uid(uid, seat=seat, lane=lane)
                uid = next(self._fresh)
                self.say(f"  (laid a fresh tag {format_uid(uid)})")
                self.table.put_uid(uid, seat=seat, lane=lane)
            elif word == "lay":
                self.table.put_uid(parse_uid(uid_text), seat=seat, lane=lane)
            else:
                self.table.lift_uid(parse_uid(uid_text), seat=seat, lane=lane)
        except ValueError as error:
            self.say(f"  !! {error}")
            return
        self.table.wait_settled()
