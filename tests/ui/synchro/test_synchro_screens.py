"""Synchro through the real widgets: whole games played with dispatched touches on the
board (two players, and against the kiosk at level 1) on the real controller, and
every Synchro screen built at the four supported sizes with readable text and big
targets. Waits are on conditions (frames until something is true), never sleeps."""

from __future__ import annotations

import threading

import pytest
from test_screens_build import check_sizes

from kiosk.store.protocol import MemoryStore
from kiosk.table.controller import TableController
from kiosk.table.games import register, unregister
from kiosk.table.games.synchro.table import SynchroTable
from kiosk.table.games.synchro.view import Phase
from kiosk.ui.games.synchro.demo import panel_button, tap_square, wait_phase

SIZES = [(800, 480), (1280, 800)]
ALL_SIZES = [(800, 480), (1024, 600), (1280, 800), (1920, 1080)]


@pytest.fixture
def synchro():
    """A controller running Synchro with a small search budget for the kiosk."""
    made = []

    def make(store=None, think_seconds=0.05):
        register("synchro", lambda context: SynchroTable(context,
                                                         think_seconds=think_seconds))
        controller = TableController(store=store or MemoryStore(), game="synchro")
        made.append(controller)
        return controller

    yield make
    for controller in made:
        controller.close()
    unregister("synchro")


def choose(pilot, *buttons: str) -> None:
    pilot.app.controller.wake()
    wait_phase(pilot, Phase.CHOOSING)
    for text in buttons:
        pilot.press(text)
    pilot.press("Start the game")
    wait_phase(pilot, Phase.PLAYING)


def touch_move(pilot, move) -> None:
    """Play ``move`` (a MoveView) with touches: its piece, then where it goes (and the
    partner's square when the unit moves independently), or a swap-back's button."""
    ply = pilot.app.view.payload.ply
    if move.swap is not None:
        tap_square(pilot, move.swap)
        panel = "near" if pilot.app.view.payload.to_move == near_side(pilot) else "far"
        pilot.tap(panel_button(pilot, panel, f"Bring back {move.number}"))
    else:
        (frm, to), *rest = move.steps
        tap_square(pilot, frm)
        assert pilot.screen().pick.selected == frm
        lit = pilot.screen().ids.board.state["targets"]
        assert to in lit, f"{to} is not lit for {frm}: {lit}"
        tap_square(pilot, to)
        if pilot.app.view.payload.ply == ply:  # independent: now the partner's square
            assert rest and pilot.screen().pick.first == (frm, to)
            tap_square(pilot, rest[0][1])
    pilot.until(lambda: pilot.app.view.payload.ply != ply)


def near_side(pilot) -> str:
    p = pilot.app.view.payload
    return p.human if p.mode == "kiosk" else "white"


def pick_move(payload, turn: int):
    """A move that keeps the game going somewhere: captures and castle moves first."""
    moves = payload.moves
    scoring = [m for m in moves if m.captures or any(t in ("e1", "e9") for _, t in m.steps)]
    swaps = [m for m in moves if m.swap]
    if swaps and turn % 5 == 0:
        return swaps[0]
    return (scoring or moves)[turn % len(scoring or moves)]


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x800"])
def test_a_hot_seat_game_through_touches(make_pilot, synchro, size):
    store = MemoryStore()
    pilot = make_pilot(synchro(store), size=size)
    choose(pilot, "Two players")
    screen = pilot.screen()
    assert screen.name == "synchro_board"
    assert screen.ids.far_turn.turned and screen.ids.far_turn.scatter.rotation == 180
    # a touch on a piece lights its unit; Cancel (always there) clears it
    tap_square(pilot, "b3")
    assert screen.ids.board.state["targets"] and screen.ids.board.state["partner"] == "h3"
    pilot.tap(panel_button(pilot, "near", "Cancel"))
    assert screen.pick.selected is None and not screen.ids.board.state["targets"]
    # a touch on the PARTNER's destination moves the whole unit
    tap_square(pilot, "b3")
    tap_square(pilot, "h5")
    pilot.until(lambda: pilot.app.view.payload.ply == 1)
    assert pilot.app.view.payload.last.text == "1: b3-b5 h3-h5"
    assert "White" in panel_text(screen.ids.far) or "Black" in panel_text(screen.ids.far)
    assert "Waiting for Black" in screen.ids.near.status
    # undo from the far player's (turned) panel
    pilot.tap(panel_button(pilot, "far", "Undo"))
    pilot.until(lambda: pilot.app.view.payload.ply == 0)
    turn = 0
    while pilot.app.view.phase == Phase.PLAYING and turn < 120:
        touch_move(pilot, pick_move(pilot.app.view.payload, turn))
        turn += 1
    if pilot.app.view.phase == Phase.PLAYING:  # a long game: black resigns, confirmed
        side = "far"
        pilot.tap(panel_button(pilot, side, "Resign"))
        assert pilot.app.view.phase == Phase.PLAYING  # only asked
        pilot.tap(panel_button(pilot, side, "Yes, resign"))
    wait_phase(pilot, Phase.OVER)
    assert pilot.screen().name == "synchro_result"
    assert any(text.endswith(("wins!", "draw")) for text in pilot.labels())
    (result,) = store.results("synchro")
    assert result.details["moves"] == pilot.app.view.payload.ply
    pilot.press("Play again")
    wait_phase(pilot, Phase.PLAYING)
    assert all(not s.errors for s in pilot.app.screens.screens)


def panel_text(panel) -> str:
    return f"{panel.name} {panel.status}"


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x800"])
def test_a_game_against_the_kiosk_through_touches(make_pilot, synchro, size):
    store = MemoryStore()
    controller = synchro(store)
    pilot = make_pilot(controller, size=size)
    choose(pilot, "Kiosk: Beginner", "White")
    screen = pilot.screen()
    assert not screen.ids.far_turn.turned  # nobody sits across: the kiosk's panel reads
    assert screen.ids.far.name.startswith("The kiosk")
    turn = 0
    while pilot.app.view.phase == Phase.PLAYING and turn < 150:
        pilot.until(lambda: not pilot.app.view.payload.thinking
                    or pilot.app.view.phase != Phase.PLAYING, limit=3000)
        if pilot.app.view.phase != Phase.PLAYING:
            break
        assert pilot.app.view.payload.to_move == "white"
        touch_move(pilot, pick_move(pilot.app.view.payload, turn))
        turn += 1
    if pilot.app.view.phase == Phase.PLAYING:
        pilot.until(lambda: not pilot.app.view.payload.thinking, limit=3000)
        pilot.tap(panel_button(pilot, "near", "Resign"))
        pilot.tap(panel_button(pilot, "near", "Yes, resign"))
    wait_phase(pilot, Phase.OVER)
    result = store.results("synchro")[-1]
    assert result.played == "kiosk-1" and result.details["human"] == "white"
    assert pilot.app.view.payload.result in pilot.labels()
    pilot.press("Records")
    pilot.until(lambda: pilot.showing("synchro_records"))
    assert any("vs the kiosk, Beginner: 1 games" in text for text in pilot.labels())
    assert all(not s.errors for s in pilot.app.screens.screens)
    assert all(s.drawn_on in (None, threading.get_ident()) for s in pilot.app.screens.screens)


def test_the_kiosk_is_shown_thinking_while_it_searches(make_pilot, synchro):
    gate = threading.Event()
    controller = synchro()
    pilot = make_pilot(controller, size=(800, 480))
    choose(pilot, "Kiosk: Beginner", "White")
    real = controller.game.clock
    controller.game.clock = lambda: (gate.wait(30), real())[1]  # held until we look
    touch_move(pilot, pilot.app.view.payload.moves[0])
    pilot.until(lambda: pilot.app.view.payload.thinking)
    pilot.settle()
    assert "The kiosk is thinking…" in pilot.labels()
    assert pilot.screen().ids.far.status == "Thinking…"
    gate.set()
    pilot.until(lambda: not pilot.app.view.payload.thinking and pilot.app.view.payload.ply == 2,
                limit=3000)


@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_synchro_screen_builds_readable_at_every_size(make_pilot, synchro, size):
    controller = synchro()
    pilot = make_pilot(controller, size=size)
    failures = {}

    def check(name):
        pilot.settle()
        screen = pilot.screen()
        assert screen.name == name and not screen.errors, (name, screen.errors)
        assert pilot.labels(), name
        problems = check_sizes(pilot)
        if problems:
            failures[name] = problems

    controller.wake()
    check("synchro_choose")
    pilot.press("Kiosk: Beginner")
    pilot.press("Start the game")
    wait_phase(pilot, Phase.PLAYING)
    tap_square(pilot, "b3")
    check("synchro_board")
    board = pilot.screen().ids.board
    assert board.cell * 9 >= min(size) * 0.9  # the board takes the screen's height
    pilot.tap(panel_button(pilot, "near", "Cancel"))
    pilot.tap(panel_button(pilot, "near", "Resign"))
    pilot.tap(panel_button(pilot, "near", "Yes, resign"))
    wait_phase(pilot, Phase.OVER)
    check("synchro_result")
    pilot.press("Records")
    pilot.until(lambda: pilot.showing("synchro_records"))
    check("synchro_records")
    assert not failures, failures
