"""Synapse through the real widgets on the real controller: two fingers dragging at
once from opposite sides (and racing for one cell: the earlier touch-down wins, the
other card comes back with a cue), a tap turning a card, a drop off the grid, the stop
button, a whole round against the kiosk, and every screen readable with big targets.
Waits are on conditions (frames until something is true), never sleeps or counts."""

from __future__ import annotations

import threading

import pytest
from test_screens_build import check_sizes

from kiosk.store.protocol import MemoryStore
from kiosk.table.controller import TableController
from kiosk.table.games import register, unregister
from kiosk.table.games.synapse.table import SynapseTable
from kiosk.table.games.synapse.view import Phase
from kiosk.ui import theme
from kiosk.ui.games.synapse.demo import (
    area,
    bar_button,
    card_point,
    cell_point,
    drag,
    hand,
    press_twice,
    reveal_all,
    tap_card,
    wait_phase,
)
from kiosk.ui.games.synapse.notes import steps

SIZES = [(800, 480), (1280, 800)]


@pytest.fixture
def synapse():
    """A controller running Synapse (the registry's table logic); ``pace`` sets the
    kiosk's seconds between cards."""
    made = []

    def make(store=None, pace=None):
        if pace is not None:
            register("synapse", lambda context: SynapseTable(context, pace=pace))
        controller = TableController(store=store or MemoryStore(), game="synapse")
        made.append(controller)
        return controller

    yield make
    for controller in made:
        controller.close()
    unregister("synapse")


def start(pilot, **args) -> None:
    pilot.app.controller.wake()
    wait_phase(pilot, Phase.CHOOSING)
    pilot.app.controller.act("start", **args)
    wait_phase(pilot, Phase.PLAYING)


def placed(pilot) -> dict[str, object]:
    return {c.cell: c for c in pilot.app.view.payload.grid}


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x800"])
def test_two_players_drag_at_once_from_opposite_sides(make_pilot, synapse, size):
    pilot = make_pilot(synapse(), size=size)
    start(pilot, mode="hotseat", seed=5)
    assert pilot.screen().ids.north_turn.turned
    assert area(pilot).cell >= theme.MIN_TOUCH - 0.5  # a card is a touch target
    legal = pilot.app.view.payload.legal
    north, south = hand(pilot, "north")[0], hand(pilot, "south")[0]
    drag(pilot, [("north", north, legal[0]), ("south", south, legal[-1])])
    pilot.until(lambda: len(pilot.app.view.payload.grid) == 5)
    grid = placed(pilot)
    assert grid[legal[0]].card.card_id == north and grid[legal[-1]].card.card_id == south
    assert grid[legal[0]].rotation == 180  # north's cards face north: as seen, as placed
    assert pilot.app.view.payload.left == (16, 16)
    assert north not in area(pilot).hands["north"] and south not in area(pilot).hands["south"]
    assert not pilot.app.screens.get_screen("synapse_board").errors


@pytest.mark.parametrize("first", ["north", "south"])
def test_two_cards_for_one_cell_the_earlier_touch_wins(make_pilot, synapse, first):
    pilot = make_pilot(synapse(), size=(1280, 800))
    start(pilot, mode="hotseat", seed=5)
    cell = pilot.app.view.payload.legal[0]
    later = "south" if first == "north" else "north"
    cards = {"north": hand(pilot, "north")[0], "south": hand(pilot, "south")[0]}
    slot = area(pilot).hands[later][cards[later]].slot
    # the earlier finger down lifts second, in the same frame: it still wins
    drag(pilot, [(first, cards[first], cell), (later, cards[later], cell)], release=[1, 0])
    pilot.until(lambda: cell in placed(pilot))
    assert placed(pilot)[cell].card.card_id == cards[first]
    came_back = area(pilot).hands[later][cards[later]]
    assert tuple(came_back.pos) == tuple(slot)
    cue = f"{first.capitalize()} got {cell} first"
    assert pilot.screen().bar(later).cue == cue
    pilot.settle()
    assert cue in pilot.labels()
    assert cards[later] in hand(pilot, later)
    assert [s[-1] for s in area(pilot).sent] == [True, False]


def test_a_tap_turns_a_card_and_it_is_placed_as_turned(make_pilot, synapse):
    pilot = make_pilot(synapse(), size=(800, 480))
    start(pilot, mode="hotseat", seed=5)
    card_id = hand(pilot, "south")[2]
    card = area(pilot).hands["south"][card_id]
    slot = tuple(card.pos)
    tap_card(pilot, "south", card_id)
    assert card.angle == 90 and tuple(card.pos) == slot
    tap_card(pilot, "south", card_id)
    assert card.angle == 180
    cell = pilot.app.view.payload.legal[-1]
    drag(pilot, [("south", card_id, cell)])
    pilot.until(lambda: cell in placed(pilot))
    assert placed(pilot)[cell].rotation == 180


def test_a_card_dropped_off_the_grid_or_on_a_bad_cell_comes_back(make_pilot, synapse):
    pilot = make_pilot(synapse(), size=(1280, 800))
    start(pilot, mode="hotseat", seed=5)
    card_id = hand(pilot, "south")[0]
    card = area(pilot).hands["south"][card_id]
    slot = tuple(card.pos)
    start_point = card_point(pilot, "south", card_id)
    pilot.drag_together([(start_point, (start_point[0], start_point[1] + 40))])  # in hand
    pilot.drag_together([(start_point, cell_point(pilot, "a6"))])  # next to nothing
    pilot.frames(2)
    assert tuple(card.pos) == slot and area(pilot).sent == []
    assert pilot.app.view.payload.left == (17, 17) and len(pilot.app.view.payload.grid) == 3
    assert card.angle == 0  # a drag is not a tap


def test_the_stop_button_asks_once_then_ends_the_round(make_pilot, synapse):
    pilot = make_pilot(synapse(), size=(800, 480))
    start(pilot, mode="hotseat", seed=5)
    pilot.tap(bar_button(pilot, "north", "Stop"))
    assert pilot.app.view.phase == Phase.PLAYING  # only asked
    pilot.tap(bar_button(pilot, "north", "Yes, stop"))
    wait_phase(pilot, Phase.ROUND_OVER)
    score = pilot.app.view.payload.score
    assert score.stopped_by == "north" and score.bonus == "south"
    reveal_all(pilot)
    pilot.settle()
    assert "+5 (North stopped)" in " ".join(pilot.labels())
    pilot.tap(bar_button(pilot, "north", "Next round"))  # from the turned bar
    wait_phase(pilot, Phase.PLAYING)
    assert pilot.app.view.payload.round_number == 2


def test_a_whole_round_against_the_kiosk(make_pilot, synapse):
    store = MemoryStore()
    controller = synapse(store, pace={1: 0.05, 2: 0.05, 3: 0.05})
    pilot = make_pilot(controller, size=(1280, 800))
    pilot.app.controller.wake()
    wait_phase(pilot, Phase.CHOOSING)
    pilot.press("Kiosk: 1 Relaxed")
    pilot.press("Start the game")
    wait_phase(pilot, Phase.PLAYING)
    assert not pilot.screen().ids.north_turn.turned
    assert not bar_button_shown(pilot, "north")  # nobody sits at the kiosk's side
    mine = 0
    while pilot.app.view.phase == Phase.PLAYING and mine < 17:
        p = pilot.app.view.payload
        if p.legal:
            drag(pilot, [("south", hand(pilot, "south")[0], p.legal[-1])])
            mine += 1
        pilot.until(lambda: pilot.app.view.phase != Phase.PLAYING
                    or pilot.screen().drawn_view == pilot.app.view, limit=3000)
    wait_phase(pilot, Phase.ROUND_OVER, limit=3000)
    p = pilot.app.view.payload
    assert p.left[0] == 0 or p.left[1] == 0  # someone's last card ended it
    assert sum(1 for c in p.grid if c.card.owner == "north") > 1  # the kiosk played
    reveal_all(pilot)
    screen = pilot.screen()
    drawn = [text for text, _size in screen.ids.area.drawn_texts]
    assert len(drawn) == len(steps(p.score))
    assert drawn[:len(p.score.connections)] == [str(c.value) for c in p.score.connections]
    pilot.settle()
    assert any(f"You: {p.score.totals[1]} in round 1" in text for text in pilot.labels())
    assert all(not s.errors for s in pilot.app.screens.screens)
    assert all(s.drawn_on in (None, threading.get_ident()) for s in pilot.app.screens.screens)


def bar_button_shown(pilot, side: str) -> bool:
    try:
        bar_button(pilot, side, "Stop")
    except LookupError:
        return False
    return True


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x800"])
def test_every_synapse_screen_is_readable_with_big_targets(make_pilot, synapse, size):
    pilot = make_pilot(synapse(), size=size)
    failures = {}

    def check(name):
        pilot.settle()
        screen = pilot.screen()
        assert screen.name == name and not screen.errors, (name, screen.errors)
        problems = check_sizes(pilot)
        if problems:
            failures[name] = problems

    pilot.app.controller.wake()
    wait_phase(pilot, Phase.CHOOSING)
    check("synapse_choose")
    pilot.press("How to play")
    pilot.until(lambda: pilot.showing("synapse_how_to_play"))
    check("synapse_how_to_play")
    pilot.press("Close")
    pilot.press("Two players")
    pilot.press("Start the game")
    wait_phase(pilot, Phase.PLAYING)
    check("synapse_board")
    press_twice(pilot, "south", "Resign", "Yes, resign")
    wait_phase(pilot, Phase.GAME_OVER)
    reveal_all(pilot)
    check("synapse_score")
    assert pilot.app.view.payload.result in " ".join(pilot.labels())
    pilot.tap(bar_button(pilot, "south", "New game"))
    wait_phase(pilot, Phase.CHOOSING)
    pilot.press("Records")
    pilot.until(lambda: pilot.showing("synapse_records"))
    check("synapse_records")
    assert any("Two players: 1 games" in text for text in pilot.labels())
    assert not failures, failures
