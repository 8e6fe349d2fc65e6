"""S.Y.N.C.'s part of ``kiosk demo``, on the simulated table with its synchroniser
tokens: the team typed on the screen's keyboard, the options, a round laid out with a
block token, tokens and moods on the seats, the covered keypad, a reveal won and one
lost, the discard, the game to its end and the records; then manual mode's laying.
Also the helpers the UI tests drive the table and the screens with (waiting on
conditions, never on time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from kiosk.table.games.sync_association.view import Phase
from kiosk.ui.widgets.keyboard import type_name  # noqa: F401  (tests type with it too)

GAME = "sync_association"


class Sim(NamedTuple):
    controller: Any
    table: Any      # the SimulatedTable: lay tokens, press seat buttons
    clock: Any      # the controller's ManualClock (:func:`later`)


def simulated(seats=(1, 2, 3, 4, 5), store=None) -> Sim:
    """A controller running S.Y.N.C. on a simulated table (one reader lane a seat) whose
    tag map knows every seat's tokens; the reveal waits for the pads or the screen. Its
    clock is moved on by hand: the controller polls the seat buttons at every pump, so a
    press is never lost to a busy machine."""
    from kiosk.hardware.sim_gpio import ManualClock
    from kiosk.hardware.tagmap import TagMap
    from kiosk.store.protocol import MemoryStore
    from kiosk.table.compose import build_simulated
    from kiosk.table.games.sync_association.sim import token_tags
    from kiosk.table.games.sync_association.view import SyncStaff

    clock = ManualClock(100.0)
    made, table = build_simulated(clock=clock, store=store or MemoryStore(), seats=seats,
                                  lanes=1, tags=TagMap(token_tags(seats)), game=GAME)
    table.wait_settled()
    made.staff(SyncStaff.REVEAL_SECONDS, seconds=0)
    return Sim(made, table, clock)


def wait_phase(pilot, phase: str, limit: int = 600) -> None:
    from kiosk.ui.games.sync_association import SCREENS

    pilot.until(lambda: pilot.app.view.game == GAME and pilot.app.view.phase == phase
                and pilot.showing(SCREENS.phases[phase]) and pilot.screen().redraws > 0
                and pilot.screen().drawn_view == pilot.app.view, limit=limit)
    pilot.frames(1)


def payload(pilot):
    return pilot.app.view.payload


def status(pilot, seat: int) -> str:
    return next(s.status for s in payload(pilot).seats if s.seat == seat)


def clear_tokens(pilot, table) -> None:
    """While choosing: lift every token and wait until no seat is set or has a problem."""
    table.clear()
    table.wait_settled()
    pilot.until(lambda: all(s.status not in ("token", "problem") for s in payload(pilot).seats),
                limit=3000)


def lay(pilot, table, numbers: dict[int, int]) -> None:
    """Each seat lays its token; wait until the game counts every one as set."""
    from kiosk.table.games.sync_association.sim import lay_token

    for seat, number in numbers.items():
        lay_token(table, seat=seat, number=number)
    table.wait_settled()
    pilot.until(lambda: all(status(pilot, s) == "token" for s in numbers), limit=3000)


def mood(pilot, seat: int) -> str | None:
    return next(s.mood for s in payload(pilot).seats if s.seat == seat)


def later(sim: Sim, seconds: float = 0.05) -> bool:
    """Move the controller's clock on (the button's debounce window passes)."""
    sim.clock.advance(seconds)
    return True


def press_to_mood(pilot, sim: Sim, seat: int, wanted: str | None) -> None:
    """Press the seat's button on the table, one press at a time, until its mood."""
    for _ in range(4):
        if mood(pilot, seat) == wanted:
            return
        before = mood(pilot, seat)
        sim.table.press_seat(seat)
        pilot.until(lambda was=before: later(sim) and mood(pilot, seat) != was, limit=3000)
    raise AssertionError(f"seat {seat} never showed {wanted}")


def seat_button(pilot, seat: int, text: str):
    """The button ``text`` in seat ``seat``'s box."""
    from kiosk.ui.pilot import walk

    screen = pilot.screen()
    for row in (screen.ids.bottom_seats, screen.ids.top_seats):
        for box in row.children:
            if box.seat == seat:
                for widget in walk(box):
                    if getattr(widget, "text", "").startswith(text) and not widget.disabled:
                        return widget
    raise LookupError(f"no button {text!r} in seat {seat}'s box")


def reveal(pilot) -> None:
    """Press Reveal and wait for the numbers. A reader that does not confirm its token
    in time calls the reveal off with a message (on a busy machine a simulated board can
    be starved of time); the players reveal again, and so does this."""
    for _ in range(5):
        pilot.until(lambda: payload(pilot).ready, limit=3000)
        pilot.caught_up()
        pilot.app.toast = ""
        pilot.press("Reveal")
        pilot.until(lambda: pilot.app.view.phase in (Phase.WON, Phase.LOST, Phase.OVER)
                    or pilot.app.toast.startswith("The reveal is off"), limit=3000)
        if pilot.app.view.phase in (Phase.WON, Phase.LOST, Phase.OVER):
            break
    else:
        raise AssertionError(f"the reveal was called off five times: {pilot.app.toast}")
    if pilot.app.view.phase != Phase.OVER:
        wait_phase(pilot, pilot.app.view.phase)


def play_round(pilot, table, numbers: dict[int, int]) -> None:
    """From the blocking phase: start the choosing, lay the tokens, reveal."""
    wait_phase(pilot, Phase.BLOCKING)
    pilot.press("Start choosing")
    wait_phase(pilot, Phase.CHOOSING)
    clear_tokens(pilot, table)
    lay(pilot, table, numbers)
    reveal(pilot)


def discard(pilot, number: int) -> None:
    """After a lost round: the team taps a phantom, the first player confirms."""
    pilot.tap(phantom_button(pilot, number))
    pilot.until(lambda: payload(pilot).discard == number)
    pilot.caught_up()
    pilot.press("Seat ")
    pilot.until(lambda: pilot.app.view.phase in (Phase.DISCARDED, Phase.OVER))


def phantom_button(pilot, number: int):
    pilot.caught_up()
    return next(b for b in pilot.screen().ids.phantoms.children if b.number == number)


def keypad_key(pilot, number: int):
    """A key of the covered keypad (the cover is on top of everything)."""
    return next(k for k in pilot.screen().keypad_cover.ids.pad_keys.children if k.number == number)


def play(folder: Path, *, size, written: list[Path], shots: bool = True, look=None,
         **_options) -> None:
    from kiosk.ui.app import KioskApp
    from kiosk.ui.pilot import Pilot
    from kiosk.ui.sound import Sounds

    def shot(name: str) -> None:
        if shots or look is not None:
            pilot.settle()
        if look is not None:
            look(pilot, f"sync-association-{name}")
        if shots:
            path = folder / f"{len(written) + 1:02d}-sync-association-{name}.png"
            written.append(pilot.shot(path))

    sim = simulated(seats=(1, 2, 3, 4))
    controller, table = sim.controller, sim.table
    app = KioskApp(controller, sounds=Sounds(enabled=False))
    pilot = Pilot(app, size=size)
    try:
        pilot.until(lambda: pilot.showing("attract"))
        controller.wake()
        wait_phase(pilot, Phase.SETUP)
        pilot.press("A new team name")
        type_name(pilot, "night owls")
        shot("team-name")
        pilot.press("This name")
        pilot.until(lambda: payload(pilot).group is not None)
        pilot.press("Seat 4")
        shot("setup")
        pilot.press("More options")
        shot("more-options")
        pilot.press("Fewer options")
        controller.act("start", seats=[1, 2, 3, 4], seed=11)  # a known deal
        wait_phase(pilot, Phase.BLOCKING)
        pilot.tap(phantom_button(pilot, 3))
        pilot.until(lambda: payload(pilot).blocks)
        shot("blocking")
        pilot.press("Start choosing")
        wait_phase(pilot, Phase.CHOOSING)
        lay(pilot, table, {1: 1, 2: 1})
        for seat, mood in ((1, "green"), (2, "yellow"), (4, "red")):
            press_to_mood(pilot, sim, seat, mood)
        shot("choosing-moods")
        pilot.tap(seat_button(pilot, 3, "Keypad"))
        wait_phase(pilot, Phase.CHOOSING)
        pilot.until(lambda: payload(pilot).keypad == 3)
        shot("keypad")
        pilot.tap(keypad_key(pilot, 1))
        pilot.until(lambda: status(pilot, 3) == "keypad")
        lay(pilot, table, {4: 1})
        pilot.until(lambda: payload(pilot).ready, limit=3000)
        shot("ready")
        reveal(pilot)
        shot("reveal-won")
        pilot.press("Next round")
        play_round(pilot, table, {1: 1, 2: 2, 3: 1, 4: 3})
        shot("reveal-lost")
        pilot.tap(phantom_button(pilot, 2))
        pilot.until(lambda: payload(pilot).discard == 2)
        shot("discard-choice")
        pilot.press("Seat ")
        wait_phase(pilot, Phase.DISCARDED)
        celebrated = False
        while pilot.app.view.phase != Phase.OVER:
            pilot.press("Next round")
            play_round(pilot, table, {1: 1, 2: 1, 3: 1, 4: 1})
            if payload(pilot).round_achievements and not celebrated:
                shot("achievement-earned")   # three rounds won in a row
                celebrated = True
        wait_phase(pilot, Phase.OVER)
        shot("game-over")
        pilot.press("Records")
        pilot.until(lambda: pilot.showing("sync_association_records"))
        shot("records")
        pilot.press("Back")
        for overlay, name in (("sync_association_how_to_play", "how-to-play"),
                              ("sync_association_staff", "staff")):
            pilot.app.open_overlay(overlay)
            pilot.until(lambda overlay=overlay: pilot.showing(overlay))
            shot(name)
            pilot.app.close_overlay()
            pilot.until(lambda: pilot.showing("sync_association_summary"))
        pilot.press("New game")
        wait_phase(pilot, Phase.SETUP)
        controller.act("start", seats=[1, 2, 3, 4], mode="manual", order="clockwise",
                       seed=12)
        wait_phase(pilot, Phase.LAYING)
        shot("laying")
        pilot.tap(seat_button(pilot, payload(pilot).to_lay[0], "Lay a card"))
        pilot.settle()
        shot("hand")
    finally:
        pilot.close()
        controller.close()
