"""Synchro's part of ``kiosk demo``: a few moves between two players through real
touches on the board, a game against the kiosk (its thinking shown), a resignation
and the result, with a screenshot of each. Also the helpers the UI tests touch the
board with."""

from __future__ import annotations

from pathlib import Path

from kiosk.table.games.synchro.view import Phase


def tap_square(pilot, square: str) -> None:
    """A finger on one square of the board screen's board, once the board shows the
    latest view (a touch before its redraw would land on the last position's board);
    returns when the screen has drawn what the touch did."""
    from kiosk.ui.pilot import Finger

    pilot.caught_up()
    board = pilot.screen().ids.board
    x, y = board.to_window(*board.square_center(square))
    finger = Finger(x, y)
    finger.touch_down()
    finger.touch_up()
    pilot.caught_up()


def panel_button(pilot, panel: str, text: str, limit: int = 300):
    """The button starting with ``text`` in the board screen's ``near`` or ``far`` panel,
    once the panel shows it (a panel is rebuilt on the frame after a touch)."""
    from kiosk.ui.pilot import says, walk

    def find():
        box = pilot.screen().ids[panel].ids.buttons
        return next((widget for widget in walk(box)
                     if says(getattr(widget, "text", ""), text)
                     and not widget.disabled), None)

    try:
        pilot.until(lambda: find() is not None, limit=limit)
    except TimeoutError:
        raise LookupError(f"no button {text!r} in the {panel} panel") from None
    return find()


def wait_phase(pilot, phase: Phase) -> None:
    from kiosk.ui.games.synchro import SCREENS

    pilot.until(lambda: pilot.app.view.game == "synchro" and pilot.app.view.phase == phase
                and pilot.showing(SCREENS.phases[phase]) and pilot.screen().redraws > 0)
    pilot.frames(2)


def play_unit_move(pilot, text: str) -> None:
    """Play a unit move the way a player does: touch its first piece, then the first
    piece's destination (and the partner's, when the unit moves independently)."""
    move = next(m for m in pilot.app.view.payload.moves if m.text == text)
    (frm, to), *rest = move.steps
    tap_square(pilot, frm)
    tap_square(pilot, to)
    if rest and pilot.app.view.payload.ply == pilot.screen()._ply \
            and pilot.screen().pick.first is not None:
        tap_square(pilot, rest[0][1])


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
            look(pilot, f"synchro-{name}")
        if shots:
            path = folder / f"{len(written) + 1:02d}-synchro-{name}.png"
            written.append(pilot.shot(path))

    controller = TableController(store=MemoryStore())
    app = KioskApp(controller, sounds=Sounds(enabled=False))
    pilot = Pilot(app, size=size)
    try:
        pilot.until(lambda: pilot.showing("attract"))
        pilot.settle()  # the tiles in their places before a finger goes down
        pilot.tap(pilot.screen().tile("synchro").ids.play)
        wait_phase(pilot, Phase.CHOOSING)
        shot("choosing")
        pilot.press("How to play")
        pilot.until(lambda: pilot.showing("synchro_how_to_play"))
        shot("how-to-play")
        pilot.press("Close")
        wait_phase(pilot, Phase.CHOOSING)
        pilot.press("Start the game")
        wait_phase(pilot, Phase.PLAYING)
        for text in ("1: b3-b4 h3-h4", "5: d7-d5 f7-f5", "3: c3-c4 g3-g4"):
            play_unit_move(pilot, text)
            pilot.until(lambda t=text: pilot.app.view.payload.last is not None
                        and pilot.app.view.payload.last.text == t)
        tap_square(pilot, "d5")
        shot("piece-touched")
        tap_square(pilot, "e5")       # an empty square that no move reaches: clears
        pilot.tap(panel_button(pilot, "far", "Resign"))
        shot("resign-asked")
        pilot.tap(panel_button(pilot, "far", "Yes, resign"))
        wait_phase(pilot, Phase.OVER)
        shot("result")
        pilot.press("Other choices")
        wait_phase(pilot, Phase.CHOOSING)
        pilot.press("Kiosk: Strong")  # a whole second a move: its thinking shows
        pilot.press("Start the game")
        wait_phase(pilot, Phase.PLAYING)
        play_unit_move(pilot, "1: b3-b4 h3-h4")
        shot("kiosk-thinking")
        pilot.until(lambda: not pilot.app.view.payload.thinking, limit=3000)
        shot("kiosk-replied")
        pilot.tap(panel_button(pilot, "near", "Resign"))
        pilot.tap(panel_button(pilot, "near", "Yes, resign"))
        wait_phase(pilot, Phase.OVER)
        pilot.press("Records")
        pilot.until(lambda: pilot.showing("synchro_records"))
        shot("records")
    finally:
        pilot.close()
        controller.close()
