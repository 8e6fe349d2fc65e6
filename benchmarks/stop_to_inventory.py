"""Benchmark: from the stop-pad edge to the verdict in the controller's view, through the
product's own path, with no screen.

The table: 6 seats × 5 lanes, each seat's board a simulated board behind a real pty
read by the real serial backend, the pads gpiozero mock pins under the real stop logic,
the real TableController on the real clock. A thread stands in for the Kivy main thread:
it pumps the controller when the controller's ``wakeup`` says an event is queued (as the
app's next-frame trigger does) and at 30 Hz otherwise; every command is run on it. The
pads' edge is raised on another thread (as gpiozero's callback thread does on the Pi).

What is timed, per stop: the wall clock from the edge to the moment the pumping thread
has the verdict in its view (the pump that would draw it): edge → controller queue →
the lanes confirmed by a LaneFetch thread (a ping to every board, each pong proving its
earlier events are in) → the game judges → journal → view. A card is moved in lane 1
just before every edge, and every verdict's cards are checked against the boards'
truth ("wrong"). Also printed: the longest single pump during the stops — how long the
controller ever held the touchscreen's thread — which used to include the boards' sync
(up to 250 ms with a slow board).

Cases: every board prompt, and one board answering 300 ms late (its cards were already
reported; only its confirmation is late). A pty delivers bytes in microseconds; a real
USB CDC link adds about 1 ms per round trip, and a board busy polling its antennas
answers a ping only between polls, so add a few ms on a real table.

Run: ``python -m benchmarks.stop_to_inventory`` (``--short`` for a quick run).
"""

from __future__ import annotations

import queue
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable

from kiosk.store.protocol import MemoryStore
from kiosk.table.api import ControllerListener, TableView
from kiosk.table.compose import build_simulated
from kiosk.table.games.sync_or_swim.view import Phase

SEATS = (1, 2, 3, 4, 5, 6)
LANES = 5
TARGET_P99_MS = 50.0


class UiThread(ControllerListener):
    """The stand-in for the Kivy main thread: pumps, runs commands, sees the views."""

    def __init__(self, controller) -> None:
        self.controller = controller
        self.calls: queue.SimpleQueue[tuple[Callable[[], object], queue.SimpleQueue]] = (
            queue.SimpleQueue())
        self.woken = threading.Event()
        self.view: TableView = controller.view
        self.changed = threading.Condition()
        self.seen: list[tuple[float, TableView]] = []
        self.pumps: list[float] = []  # seconds each pump held this thread
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="ui", daemon=True)
        self.thread.start()
        self.call(lambda: controller.set_listener(self))
        controller.wakeup = self.woken.set

    def call(self, action: Callable[[], object]) -> object:
        answer: queue.SimpleQueue = queue.SimpleQueue()
        self.calls.put((action, answer))
        self.woken.set()
        ok, value = answer.get(timeout=10)
        if not ok:
            raise value
        return value

    def wait_for(self, predicate: Callable[[TableView], bool], timeout: float = 10.0) -> float:
        """Wait until a view satisfying ``predicate`` is seen; returns when it was."""
        with self.changed:
            if not self.changed.wait_for(
                    lambda: any(predicate(v) for _, v in self.seen), timeout):
                raise RuntimeError(f"no such view within {timeout} s; last {self.view.phase}")
            return next(t for t, v in self.seen if predicate(v))

    def on_view(self, view: TableView) -> None:
        with self.changed:
            self.view = view
            self.seen.append((time.perf_counter(), view))
            self.changed.notify_all()

    def close(self) -> None:
        self._stop.set()
        self.woken.set()
        self.thread.join(5)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.woken.wait(1 / 30)
            self.woken.clear()
            while not self.calls.empty():
                action, answer = self.calls.get()
                try:
                    answer.put((True, action()))
                except Exception as error:  # handed back to the caller
                    answer.put((False, error))
            started = time.perf_counter()
            self.controller.pump()
            self.pumps.append(time.perf_counter() - started)


def _cards_seen(view: TableView) -> set[tuple[int, int, str]]:
    assert view.payload.verdict is not None
    return {(swimmer.seat, lane.lane, card.short) for lane in view.payload.verdict.lanes
            for swimmer in lane.swimmers for card in swimmer.cards}


def _run(case: str, count: int, rng: random.Random) -> tuple[list[float], float, int, int]:
    """``count`` stops; latencies (ms), the longest pump during them (ms), how many
    verdicts had wrong cards, and how many were automatic."""
    controller, table = build_simulated(clock=time.monotonic, store=MemoryStore(),
                                        seats=SEATS, lanes=LANES)
    ui = UiThread(controller)
    latencies: list[float] = []
    longest, wrong, automatic = 0.0, 0, 0
    try:
        if not table.wait_settled():
            raise RuntimeError("the simulated table did not come online")
        cards = list(table.tags.cards())
        ui.call(controller.wake)
        ui.call(lambda: controller.act("choose", players=len(SEATS), routine_id="R01"))
        ui.call(lambda: controller.act("begin"))
        if case == "slow":
            table.inject("slow", seat=2, seconds=0.3)
        while len(latencies) < count:
            ui.call(lambda: controller.act("swim"))
            rng.shuffle(cards)
            table.clear()
            for i, (seat, lane) in enumerate((s, n) for s in SEATS for n in (1, 2)):
                table.put(cards[i], seat=seat, lane=lane)
            if not table.wait_settled():
                raise RuntimeError("the simulated table did not settle")
            seat = rng.choice(SEATS)  # just before the edge: a card changes in lane 1
            table.lift(cards[SEATS.index(seat) * 2], seat=seat, lane=1)
            table.put(cards[-1], seat=seat, lane=1)
            truth = {(s, n, table.tags.card(uid)) for (s, n), uids in table.truth().items()
                     for uid in uids}
            ui.pumps.clear()
            with ui.changed:
                ui.seen.clear()
            edge = time.perf_counter()
            toucher = threading.Thread(target=table.touch_both_pads)
            toucher.start()
            done = ui.wait_for(lambda v: v.phase in (Phase.PERFORMANCE, Phase.JUDGE_BY_HAND))
            toucher.join()
            latencies.append((done - edge) * 1e3)
            longest = max(longest, max(ui.pumps, default=0.0))
            view = ui.view
            if view.phase is Phase.PERFORMANCE:
                automatic += 1
                shown = {(s, n) for s, n, _ in _cards_seen(view)}
                wrong += _cards_seen(view) != {c for c in truth if (c[0], c[1]) in shown}
                ui.call(lambda: controller.act("next"))
            table.release_pads()
            if view.phase is Phase.JUDGE_BY_HAND:
                ui.call(lambda: controller.act("judge_by_hand", in_sync=True))
                ui.call(lambda: controller.act("next"))
            if ui.view.phase is Phase.SCORE:
                ui.call(lambda: controller.act("next"))
                ui.call(lambda: controller.act("choose", players=len(SEATS), routine_id="R01"))
                ui.call(lambda: controller.act("begin"))
            time.sleep(0.1)  # pacing only: the release outlasts the pads' chatter window
    finally:
        ui.close()
        controller.close()
    return latencies, longest * 1e3, wrong, automatic


def _line(name: str, ms: list[float], longest: float, wrong: int, automatic: int) -> str:
    p50 = statistics.median(ms)
    p99 = statistics.quantiles(ms, n=100, method="inclusive")[98]
    return (f"  {name:<32} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  n={len(ms)}  "
            f"longest pump {longest:4.1f} ms  automatic {automatic}/{len(ms)}  "
            f"wrong cards {wrong}/{automatic}")


def main(short: bool = False) -> None:
    rng = random.Random(3)
    print(f"stop edge -> verdict in the controller's view, {len(SEATS)} seats x {LANES} lanes "
          "through real ptys (edge on its own thread, a 30 Hz + wake-up pumping thread)")
    normal = _run("normal", 40 if short else 200, rng)
    print(_line("every board prompt", *normal))
    slow = _run("slow", 10 if short else 40, rng)
    print(_line("seat 2's board 300 ms late", *slow))
    p99 = statistics.quantiles(normal[0], n=100, method="inclusive")[98]
    met = p99 <= TARGET_P99_MS and normal[2] == 0 and slow[2] == 0 and slow[3] == len(slow[0])
    print(f"  target: prompt p99 <= {TARGET_P99_MS:g} ms, no wrong cards, the slow board still "
          f"judged automatically: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main("--short" in sys.argv[1:])
