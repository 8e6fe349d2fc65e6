"""Synchro's table logic through the real TableController, a MemoryStore and a fake
clock: moves, refused moves, undo, resign, results, resume after a kill, and the
kiosk's move searched off the pumping thread and applied on it."""

from __future__ import annotations

import threading

import pytest

from kiosk.games.synchro import format_move, legal_moves, play, start_position
from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store.protocol import MemoryStore
from kiosk.table.api import ControllerListener
from kiosk.table.controller import TableController
from kiosk.table.games import register, unregister
from kiosk.table.games.synchro.table import SynchroTable
from kiosk.table.games.synchro.view import Phase

WAIT_S = 30.0  # a bound on waiting for a condition, never a sleep


class Heard(ControllerListener):
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.view_threads: set[int] = set()

    def on_view(self, view) -> None:
        self.view_threads.add(threading.get_ident())

    def on_problem(self, message: str) -> None:
        self.problems.append(message)


class Rig:
    def __init__(self, store: MemoryStore | None = None, **options) -> None:
        self.store = store if store is not None else MemoryStore()
        self.clock = ManualClock(100.0)
        self.woken = threading.Event()
        self.options = {"think_seconds": 0.05, **options}
        register("synchro", self._make)  # the real table logic, with test options
        self.controller = TableController(clock=self.clock, store=self.store,
                                          game="synchro", wakeup=self.woken.set)
        self.heard = Heard()
        self.controller.set_listener(self.heard)

    def _make(self, context):
        return SynchroTable(context, **self.options)

    @property
    def payload(self):
        return self.controller.view.payload

    def start(self, **args) -> None:
        self.controller.wake()
        self.controller.act("start", **args)

    def move(self, text: str) -> None:
        self.clock.advance(3)
        self.controller.act("move", text=text)

    def wait_for_kiosk(self) -> None:
        """Wait (on the wakeup the worker's answer triggers) until the kiosk moved."""
        for _ in range(1000):
            if not self.payload.thinking:
                return
            assert self.woken.wait(WAIT_S), "the kiosk's move never arrived"
            self.woken.clear()
            self.controller.pump()
        raise AssertionError("still thinking")

    def close(self) -> None:
        self.controller.close()
        unregister("synchro")


@pytest.fixture
def rig():
    made = []

    def make(**options):
        made.append(Rig(**options))
        return made[-1]

    yield make
    for r in made:
        r.close()


def test_a_refused_move_is_a_sentence_and_changes_nothing(rig):
    r = rig()
    r.start()
    assert r.controller.view.phase == Phase.PLAYING
    before = r.payload
    r.move("1: b3-b9 h3-h9")
    r.move("gibberish")
    r.move("2: b8-b7 h8-h7")  # black's unit, white to move
    assert len(r.heard.problems) == 3, r.heard.problems
    assert all(isinstance(p, str) and p for p in r.heard.problems)
    assert r.payload.pieces == before.pieces and r.payload.ply == 0


def test_moves_undo_and_resign_store_the_result(rig):
    r = rig()
    r.start(mode="hotseat", casual=True)
    r.move("1: b3-b4 h3-h4")
    r.move("5: d7-d5 f7-f5")
    assert r.payload.ply == 2 and r.payload.to_move == "white"
    assert r.payload.last.text == "5: d7-d5 f7-f5"
    r.controller.act("undo")
    assert r.payload.ply == 1 and r.payload.to_move == "black"
    r.controller.act("resign", side="black")
    assert r.controller.view.phase == Phase.OVER
    assert r.payload.winner == "white" and "resigned" in r.payload.result
    (result,) = r.store.results("synchro")
    assert result.played == "hotseat" and not result.abandoned
    assert result.details["winner"] == "white" and result.details["how"] == "resigned"
    assert result.details["moves"] == 1
    assert r.store.open_journals() == ()
    assert r.payload.records[0].games == 1 and r.payload.records[0].first == 1


def test_undo_is_refused_when_the_game_counts(rig):
    r = rig()
    r.start(casual=False)
    r.move("1: b3-b4 h3-h4")
    r.controller.act("undo")
    assert r.payload.ply == 1 and r.heard.problems
    assert not r.payload.can_undo


def test_a_game_played_to_its_end_is_recorded(rig):
    r = rig()
    r.start()
    position = start_position()
    while not position.is_over:  # always the first legal move: a game that ends
        move = legal_moves(position)[0]
        r.move(format_move(move))
        position = play(position, move)
    assert r.controller.view.phase == Phase.OVER
    (result,) = r.store.results("synchro")
    assert result.details["moves"] == position.ply
    assert result.details["winner"] in ("white", "black", "")
    assert r.payload.result


def test_after_a_kill_a_new_controller_replays_the_journal(rig):
    r = rig()
    r.start(setup="random", seed=7, mode="hotseat")
    position = start_position("random", 7)
    for _ in range(6):
        move = legal_moves(position)[-1]
        r.move(format_move(move))
        position = play(position, move)
    r.controller.act("undo")
    pieces, ply = r.payload.pieces, r.payload.ply
    # the kill: nothing closed, a new controller on the same store
    again = rig(store=r.store)
    assert again.controller.view.phase == Phase.PLAYING
    assert again.controller.view.resumed
    assert again.payload.pieces == pieces and again.payload.ply == ply == 5
    assert again.payload.setup == "random"
    again.controller.act("resign", side="white")
    assert again.store.results("synchro")[-1].details["moves"] == 5


def test_the_kiosk_moves_off_the_pumping_thread_and_is_applied_on_it(rig):
    searched_on: list[int] = []
    real_clock_calls = []

    def clock():
        searched_on.append(threading.get_ident())
        real_clock_calls.append(1)
        return float(len(real_clock_calls)) * 0.001

    r = rig(clock=clock)
    pumping = threading.get_ident()
    r.start(mode="kiosk", level=2, side="white")
    r.move("1: b3-b4 h3-h4")
    r.wait_for_kiosk()
    assert r.payload.ply == 2 and r.payload.to_move == "white"
    assert searched_on and pumping not in searched_on  # the search ran elsewhere
    assert r.heard.view_threads == {pumping}           # the views came on this thread
    assert r.payload.moves                             # the human's turn again
    r.controller.act("undo")  # back to the human's previous turn: both moves taken back
    assert r.payload.ply == 0 and r.payload.to_move == "white"


def test_kiosk_plays_first_when_the_human_is_black_and_a_late_answer_is_dropped(rig):
    r = rig()
    r.start(mode="kiosk", level=1, side="black")
    r.wait_for_kiosk()
    assert r.payload.ply == 1 and r.payload.to_move == "black"
    r.controller.act("resign")
    assert r.payload.winner == "white"
    result = r.store.results("synchro")[-1]
    assert result.played == "kiosk-1" and result.score == 0


def test_the_kiosk_thinking_is_in_the_view_until_its_answer_is_pumped(rig):
    gate = threading.Event()
    ticks = []

    def slow_clock():
        gate.wait(WAIT_S)  # the search cannot finish until the test lets it
        ticks.append(1)
        return float(len(ticks))  # then each look at the clock is a second later

    r = rig(clock=slow_clock)
    r.start(mode="kiosk", level=3, side="white")
    r.move("1: b3-b4 h3-h4")
    assert r.payload.thinking and r.controller.view.message.startswith("The kiosk")
    assert r.payload.moves == ()
    r.move("5: d3-d4 f3-f4")  # not the human's turn
    assert r.heard.problems[-1].startswith("Wait")
    gate.set()
    r.wait_for_kiosk()
    assert r.payload.ply == 2


def test_wrong_arguments_and_unknown_commands_are_problems(rig):
    r = rig()
    r.controller.wake()
    r.controller.act("start", mode="chess")
    r.controller.act("start", colour="red")
    r.controller.act("dance")
    assert len(r.heard.problems) == 3
    assert r.controller.view.phase == Phase.CHOOSING


def test_abandon_keeps_an_abandoned_result_and_closes_the_journal(rig):
    r = rig()
    r.start()
    r.move("1: b3-b4 h3-h4")
    r.controller.abandon()
    assert r.controller.view.phase == Phase.ATTRACT
    assert r.store.results("synchro")[-1].abandoned
    assert r.store.open_journals() == ()


def test_staff_set_the_kiosks_time_a_move_and_it_is_kept_for_the_next_search():
    from kiosk.table.games.synchro.table import STAFF_THINK

    rig = Rig(think_seconds=None)
    try:
        assert set(rig.controller.view.staff_actions) >= set(STAFF_THINK)
        game = rig.controller.game
        assert game._think_seconds() == 1.0
        rig.controller.staff("synchro_think_quick")
        assert rig.heard.problems == []
        assert rig.store.setting("synchro.think_seconds") == 0.3
        assert game._think_seconds() == 0.3
        rig.controller.staff("synchro_think_long")
        assert game._think_seconds() == 3.0
    finally:
        rig.close()
