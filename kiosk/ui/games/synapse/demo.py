"""Synapse's part of ``kiosk demo``: two players dragging cards at the same moment
(one finger each), a card turned by a tap, a stop button, the score explained, a whole
game to its winner, the records; then a round against the kiosk. Also the helpers the
UI tests touch the screen with."""

from __future__ import annotations

from pathlib import Path

from kiosk.table.games.synapse.view import Phase


def wait_phase(pilot, phase: Phase, limit: int = 300) -> None:
    from kiosk.ui.games.synapse import SCREENS

    pilot.until(lambda: pilot.app.view.game == "synapse" and pilot.app.view.phase == phase
                and pilot.showing(SCREENS.phases[phase]) and pilot.screen().redraws > 0
                and pilot.screen().drawn_view == pilot.app.view, limit=limit)
    pilot.frames(1)


def area(pilot):
    return pilot.screen().ids.area


def card_point(pilot, side: str, card_id: str) -> tuple[float, float]:
    """Where a card of ``side``'s hand lies on the window."""
    card = area(pilot).hands[side][card_id]
    return card.to_window(*card.center)


def cell_point(pilot, cell: str) -> tuple[float, float]:
    a = area(pilot)
    x, y = a.cell_pos(cell)
    return a.to_window(x + a.cell / 2, y + a.cell / 2)


def hand(pilot, side: str) -> list[str]:
    p = pilot.app.view.payload
    return [c.card_id for c in p.hands[0 if side == "north" else 1]]


def drag(pilot, moves: list[tuple[str, str, str]], release: list[int] | None = None,
         held: bool = False):
    """Each (side, card id, cell) a finger of its own, all at once (see
    :meth:`~kiosk.ui.pilot.Pilot.drag_together`)."""
    pilot.caught_up()
    paths = [(card_point(pilot, side, card_id), cell_point(pilot, cell))
             for side, card_id, cell in moves]
    fingers = pilot.drag_together(paths, release=release, held=held)
    if not held:
        pilot.frames(2)  # the drops go out on the next frame
        pilot.caught_up()
    return fingers


def tap_card(pilot, side: str, card_id: str) -> None:
    from kiosk.ui.pilot import Finger

    pilot.caught_up()
    finger = Finger(*card_point(pilot, side, card_id))
    finger.touch_down()
    finger.touch_up()
    pilot.frames(1)


def bar_button(pilot, side: str, text: str):
    from kiosk.ui.pilot import says, walk

    bar = pilot.screen().ids[side]
    for widget in walk(bar):
        if says(getattr(widget, "text", ""), text) and not widget.disabled:
            return widget
    raise LookupError(f"no button {text!r} in {side}'s bar")


def press_twice(pilot, side: str, first: str, second: str) -> None:
    pilot.tap(bar_button(pilot, side, first))
    pilot.tap(bar_button(pilot, side, second))


def reveal_all(pilot) -> None:
    from kiosk.ui.games.synapse.notes import steps

    screen = pilot.screen()
    pilot.until(lambda: screen.revealed >= len(steps(pilot.app.view.payload.score)),
                limit=3000)


def play(folder: Path, *, size, written: list[Path], shots: bool = True, look=None,
         **_options) -> None:
    from kiosk.store.protocol import MemoryStore
    from kiosk.table.controller import TableController
    from kiosk.ui.app import KioskApp
    from kiosk.ui.pilot import Pilot
    from kiosk.ui.sound import Sounds

    def shot(name: str) -> None:
        if shots or look is not None:
            pilot.settle()
        if look is not None:
            look(pilot, f"synapse-{name}")
        if shots:
            path = folder / f"{len(written) + 1:02d}-synapse-{name}.png"
            written.append(pilot.shot(path))

    controller = TableController(store=MemoryStore(), game="synapse")
    app = KioskApp(controller, sounds=Sounds(enabled=False))
    pilot = Pilot(app, size=size)
    try:
        pilot.until(lambda: pilot.showing("attract"))
        pilot.settle()
        controller.wake()
        wait_phase(pilot, Phase.CHOOSING)
        shot("choosing")
        pilot.press("How to play")
        pilot.until(lambda: pilot.showing("synapse_how_to_play"))
        shot("how-to-play")
        pilot.press("Close")
        wait_phase(pilot, Phase.CHOOSING)
        pilot.press("Two players")
        controller.act("start", mode="hotseat", human="south", seed=5)  # a known deal
        wait_phase(pilot, Phase.PLAYING)
        for _ in range(4):
            p = pilot.app.view.payload
            north, south = hand(pilot, "north")[0], hand(pilot, "south")[-1]
            cells = list(p.legal)
            drag(pilot, [("north", north, cells[0]), ("south", south, cells[-1])])
        tap_card(pilot, "south", hand(pilot, "south")[0])
        p = pilot.app.view.payload
        fingers = drag(pilot, [("north", hand(pilot, "north")[0], p.legal[0]),
                               ("south", hand(pilot, "south")[1], p.legal[-1])], held=True)
        shot("two-drags")
        pilot.lift(fingers)
        pilot.frames(2)
        pilot.caught_up()
        shot("playing")
        for _ in range(3):  # a round ended by each stop button, to the game's end
            press_twice(pilot, "north", "Stop", "Yes, stop")
            if pilot.app.view.phase == Phase.GAME_OVER:
                break
            wait_phase(pilot, Phase.ROUND_OVER)
            reveal_all(pilot)
            if pilot.app.view.payload.round_number == 1:
                shot("round-score")
            pilot.tap(bar_button(pilot, "south", "Next round"))
            wait_phase(pilot, Phase.PLAYING)
            p = pilot.app.view.payload
            drag(pilot, [("south", hand(pilot, "south")[0], p.legal[-1])])
        while pilot.app.view.phase == Phase.PLAYING:  # tied: more rounds
            press_twice(pilot, "north", "Stop", "Yes, stop")
            if pilot.app.view.phase == Phase.ROUND_OVER:
                pilot.tap(bar_button(pilot, "south", "Next round"))
        wait_phase(pilot, Phase.GAME_OVER)
        reveal_all(pilot)
        shot("game-over")
        pilot.tap(bar_button(pilot, "south", "New game"))
        wait_phase(pilot, Phase.CHOOSING)
        pilot.press("Records")
        pilot.until(lambda: pilot.showing("synapse_records"))
        shot("records")
        pilot.press("Back")
        wait_phase(pilot, Phase.CHOOSING)
        pilot.press("Kiosk: 3 Sharp")
        pilot.press("Start the game")
        wait_phase(pilot, Phase.PLAYING)
        pilot.until(lambda: pilot.app.view.payload.left[0] < 17, limit=3000)
        p = pilot.app.view.payload
        drag(pilot, [("south", hand(pilot, "south")[0], p.legal[-1])])
        shot("against-the-kiosk")
    finally:
        pilot.close()
        controller.close()
