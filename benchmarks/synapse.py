"""Benchmark: the Synapse rules engine and opponent.

1. scoring a full 6×6 grid with its explanation (``score``) and the totals alone
   (``points``): median and p99 over many random full grids of our card set;
2. the opponent's decision time per card, per level, over whole self-played rounds;
3. the balance of the two decks: many games between equal levels (the same level on
   both sides: a fair set gives each side about half), and each level against the one
   below.

4. frame times while two drags move at once: the real app headless (SDL offscreen) at
   1280×800 on the real controller, two players each dragging a card across the grid
   with a finger of their own; each frame is one turn of the Kivy loop (input, Clock,
   drawing, flip) with ``maxfps`` off, so the figure is the work and not the waiting.
   p95 against the frame budget of a 60 Hz panel (16.7 ms). Run in a fresh process.

Run: ``python -m benchmarks synapse`` (``--short`` for the quick run CI uses).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from kiosk.games.synapse import CELLS, PLAYERS, default_cardset, make_round, points, rotate, score
from kiosk.games.synapse.game import new_game, play
from kiosk.games.synapse.opponent import LEVELS, choose
from kiosk.games.synapse.selfplay import balance


def timed(function, items):
    """Each call's time in microseconds, sorted."""
    out = []
    for item in items:
        begun = time.perf_counter()
        function(item)
        out.append((time.perf_counter() - begun) * 1e6)
    return sorted(out)


def p99(sorted_times):
    return sorted_times[min(len(sorted_times) - 1, int(0.99 * len(sorted_times)))]


def full_grids(count, seed):
    cards = default_cardset()
    every = list(cards.cards.values())
    rng = random.Random(seed)
    grids = []
    for _ in range(count):
        chosen = [cards.start, *rng.sample(every, len(CELLS) - 1)]
        rng.shuffle(chosen)
        grids.append(make_round({c: rotate(k, rng.randrange(4))
                                 for c, k in zip(CELLS, chosen, strict=True)},
                                ended_by=rng.choice(PLAYERS)))
    return grids


def decision_times(level, rounds, seed):
    cards, rng, times = default_cardset(), random.Random(seed), []
    for n in range(rounds):
        game = new_game(cards, seed * 1000 + n)
        while not game.round.over:
            player = rng.choice(PLAYERS)
            begun = time.perf_counter()
            choice = choose(game.round, player, level, rng)
            times.append((time.perf_counter() - begun) * 1000)
            game = play(game, player, choice.card_id, choice.cell, choice.rotation)
    return sorted(times)


def main(short: bool) -> None:
    grids = full_grids(200 if short else 2000, seed=1)
    for name, function in (("score (with explanation)", score), ("points (totals only)", points)):
        times = timed(function, grids)
        print(f"{name}, full 6×6 grid: median {statistics.median(times):.0f} µs, "
              f"p99 {p99(times):.0f} µs over {len(grids)} random full grids")
    rounds = 2 if short else 20
    for level, name in LEVELS.items():
        times = decision_times(level, rounds, seed=level)
        print(f"opponent level {level} ({name}): median {statistics.median(times):.2f} ms, "
              f"p99 {p99(times):.2f} ms, max {times[-1]:.2f} ms a card "
              f"({len(times)} cards, {rounds} rounds)")
    cards = default_cardset()
    games = {0: 40 if short else 1000, 1: 6 if short else 100, 2: 6 if short else 100}
    print("balance (who moves next is a coin flip; north holds the N deck, south the S deck):")
    for levels in ((0, 0), (1, 1), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2)):
        begun = time.perf_counter()
        result = balance(cards, levels, games[max(levels)], seed=7)
        print(f"  {result.row()} ({time.perf_counter() - begun:.0f} s)")
    print(frame_line(short))


ROOT = Path(__file__).resolve().parents[1]
BUDGET_MS = 1000 / 60


def frame_line(short: bool) -> str:
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIOSK_SOUND": "0"}
    out = subprocess.run([sys.executable, "-m", "benchmarks.synapse", "--child-frames",
                          "--short" if short else ""], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return out.stdout.strip().splitlines()[-1]


def measure_frames(short: bool) -> str:
    """In a fresh process: frame times (ms) while two fingers drag at once."""
    from kiosk.ui.headless import prepare

    prepare(headless=True, size=(1280, 800))
    sys.stderr = sys.__stderr__
    from kivy.config import Config

    Config.set("graphics", "maxfps", "0")
    from kiosk.store.protocol import MemoryStore
    from kiosk.table.controller import TableController
    from kiosk.table.games.synapse.view import Phase
    from kiosk.ui.app import KioskApp
    from kiosk.ui.games.synapse.demo import card_point, cell_point, hand, wait_phase
    from kiosk.ui.pilot import Finger, Pilot
    from kiosk.ui.sound import Sounds

    controller = TableController(store=MemoryStore(), game="synapse")
    pilot = Pilot(KioskApp(controller, sounds=Sounds(enabled=False)), size=(1280, 800))
    times: list[float] = []
    try:
        controller.wake()
        controller.act("start", mode="hotseat", seed=5)
        wait_phase(pilot, Phase.PLAYING)
        pilot.settle()
        sweeps = 2 if short else 10
        for sweep in range(sweeps):
            north, south = hand(pilot, "north")[sweep], hand(pilot, "south")[sweep]
            paths = [(card_point(pilot, "north", north), cell_point(pilot, "f6")),
                     (card_point(pilot, "south", south), cell_point(pilot, "a1"))]
            fingers = [Finger(*start) for start, _ in paths]
            for finger in fingers:
                finger.touch_down()
            pilot.frames(2)
            steps = 60
            for k in range(1, steps + 1):
                for finger, (start, end) in zip(fingers, paths, strict=True):
                    finger.move_to(start[0] + (end[0] - start[0]) * k / steps,
                                   start[1] + (end[1] - start[1]) * k / steps)
                begun = time.perf_counter()
                pilot.frames(1)
                times.append((time.perf_counter() - begun) * 1000)
            for finger, (start, _end) in zip(fingers, paths, strict=True):
                finger.move_to(*start)  # back over their own hands: nothing placed
                finger.touch_up()
            pilot.frames(3)
        from kivy.core.window import Window

        still = []
        for _ in range(30 if short else 120):  # the same screen redrawn, nothing moving
            Window.canvas.ask_update()
            begun = time.perf_counter()
            pilot.frames(1)
            still.append((time.perf_counter() - begun) * 1000)
    finally:
        pilot.close()
        controller.close()
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    verdict = "within" if p95 <= BUDGET_MS else "OVER"
    return (f"frame times, two drags at once at 1280×800 (headless, software GL): median "
            f"{statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms over "
            f"{len(times)} frames; p95 {verdict} the {BUDGET_MS:.1f} ms budget of a 60 Hz panel "
            f"(the same screen redrawn with nothing moving: median "
            f"{statistics.median(still):.1f} ms)")


if __name__ == "__main__":
    if "--child-frames" in sys.argv:
        print(measure_frames("--short" in sys.argv))
    else:
        main("--short" in sys.argv)
