"""S.Y.N.C. through the real widgets on the real controller and the simulated table:
tokens laid on the seat readers, buttons pressed on the screen, whole games won and
lost, the covered keypad, the reveal turning every number at once, the achievements
at the end, the staff tools, and every screen readable at 800x480 and 1920x1080.
Waits are on conditions (frames until something is true), never sleeps or counts."""

from __future__ import annotations

import threading

import pytest
from test_screens_build import check_sizes

from kiosk.store.protocol import MemoryStore
from kiosk.table.games.sync_association.table import GAME_ID
from kiosk.table.games.sync_association.view import Phase
from kiosk.ui.games.sync_association.demo import (
    clear_tokens,
    discard,
    keypad_key,
    lay,
    payload,
    phantom_button,
    play_round,
    press_to_mood,
    reveal,
    seat_button,
    simulated,
    status,
    type_name,
    wait_phase,
)
from kiosk.ui.games.sync_association.seats import SyncAssociationSeatBox


@pytest.fixture
def table_pilot(make_pilot):
    """``make(size, store)``: the app on a simulated table of three seats running S.Y.N.C.;
    returns (pilot, sim): ``sim.table`` lays tokens and presses seat buttons."""
    made = []

    def make(size=(1280, 800), store=None, seats=(1, 2, 3)):
        sim = simulated(seats=seats, store=store)
        made.append(sim.controller)
        pilot = make_pilot(sim.controller, size=size)
        pilot.until(lambda: pilot.showing("attract"))
        sim.controller.wake()
        wait_phase(pilot, Phase.SETUP)
        return pilot, sim

    yield make
    for controller in made:
        controller.close()


def boxes(pilot) -> dict[int, SyncAssociationSeatBox]:
    return {w.seat: w for w in pilot.widgets(SyncAssociationSeatBox)}


def start_with_team(pilot, name: str) -> None:
    pilot.press("A new team name")
    type_name(pilot, name)
    pilot.press("This name")
    pilot.until(lambda: payload(pilot).group is not None)
    pilot.caught_up()
    pilot.press("Start")
    wait_phase(pilot, Phase.BLOCKING)


def test_a_whole_game_won_through_the_screens_keeps_the_teams_achievements(table_pilot):
    store = MemoryStore()
    pilot, sim = table_pilot(store=store)
    start_with_team(pilot, "owls")
    assert payload(pilot).group.name == "Owls"
    assert [s.seat for s in payload(pilot).seats] == [1, 2, 3]
    rounds = 0
    while pilot.app.view.phase != Phase.OVER:
        play_round(pilot, sim.table, {1: 1, 2: 1, 3: 1})
        rounds += 1
        if pilot.app.view.phase == Phase.WON:
            assert "IN SYNC!" in pilot.labels()
            earned = [t for t in pilot.labels() if t.startswith("Achievement earned!")]
            assert earned == (["Achievement earned! Rolling: won three rounds in a row"]
                              if rounds == 3 else [])
            pilot.press("Next round")
    wait_phase(pilot, Phase.OVER)
    pilot.settle()
    p = payload(pilot)
    assert p.won and len(p.victories) == 5 and rounds == 5
    shown = " ".join(pilot.labels())
    assert "The team won!" in shown
    assert p.achievements and all(a.title in shown for a in p.achievements)
    assert shown.count("NEW  ") == len(p.new_achievements) == len(p.achievements)
    group, = store.groups(GAME_ID)
    assert group.name == "Owls" and set(group.data["achievements"]) == {
        a.id for a in p.achievements}
    screens = pilot.app.screens.screens
    assert all(not s.errors for s in screens)
    assert all(s.drawn_on in (None, threading.get_ident()) for s in screens)


def test_a_whole_game_lost_without_a_team_the_first_player_confirming(table_pilot):
    store = MemoryStore()
    pilot, sim = table_pilot(store=store)
    pilot.press("Play without a team")
    pilot.until(lambda: pilot.screen().page == "game")
    pilot.press("Start")
    wait_phase(pilot, Phase.BLOCKING)
    while pilot.app.view.phase != Phase.OVER:
        play_round(pilot, sim.table, {1: 1, 2: 2, 3: 1})
        assert "NOT IN SYNC" in pilot.labels()
        first = payload(pilot).first
        discard(pilot, 2)
        if pilot.app.view.phase == Phase.DISCARDED:
            assert payload(pilot).reveal.discarded == 2
            assert f"Seat {first}: confirm" not in " ".join(pilot.labels())
            pilot.press("Next round")
    wait_phase(pilot, Phase.OVER)
    pilot.settle()
    assert not payload(pilot).won and len(payload(pilot).losses) == 5
    shown = pilot.labels()
    assert "The team lost" in shown and "No achievement this game" in shown
    assert store.groups(GAME_ID) == ()
    result, = store.results(GAME_ID)
    assert result.details["group"] is None and result.details["won"] is False


def test_the_keypad_covers_everything_and_never_shows_a_number(table_pilot):
    pilot, sim = table_pilot()
    pilot.press("Play without a team")
    pilot.press("Start")
    wait_phase(pilot, Phase.BLOCKING)
    pilot.press("Start choosing")
    wait_phase(pilot, Phase.CHOOSING)
    clear_tokens(pilot, sim.table)
    stop = pilot.button("Stop game")
    pilot.tap(seat_button(pilot, 2, "Keypad"))
    pilot.until(lambda: payload(pilot).keypad == 2)
    pilot.caught_up()
    screen = pilot.screen()
    cover = screen.keypad_cover
    assert screen.children[0] is cover and tuple(cover.size) == tuple(screen.size)
    pilot.tap(stop)  # under the cover: nothing happens
    assert not screen.confirm_stop and pilot.app.view.phase == Phase.CHOOSING
    keys = sorted(k.number for k in cover.ids.pad_keys.children)
    assert keys == [p.number for p in payload(pilot).phantoms]
    pilot.tap(keypad_key(pilot, 3))
    pilot.until(lambda: status(pilot, 2) == "keypad")
    pilot.settle()
    assert cover.parent is None
    texts = [t for box in boxes(pilot).values() for t in (box.line, box.status)]
    assert "Set on the keypad" in texts
    assert not any(t.strip() == "3" for t in texts)
    assert all(s.number is None for s in payload(pilot).seats)
    lay(pilot, sim.table, {1: 3, 3: 3})
    reveal(pilot)
    assert payload(pilot).reveal.won and boxes(pilot)[2].status == "3"


def test_the_reveal_turns_every_number_at_once(table_pilot):
    pilot, sim = table_pilot()
    pilot.press("Play without a team")
    pilot.press("Start")
    wait_phase(pilot, Phase.BLOCKING)
    screen = pilot.screen()
    drawn: list[tuple[str, ...]] = []
    original = screen.redraw

    def watched(view):
        original(view)
        drawn.append(tuple(b.status for b in boxes_of(screen)))

    screen.redraw = watched
    play_round(pilot, sim.table, {1: 2, 2: 1, 3: 2})
    shown = [d for d in drawn if any(s.isdigit() for s in d)]
    assert shown and all(all(s.isdigit() for s in d) for d in shown)  # all, or none
    assert sorted(shown[0]) == ["1", "2", "2"]
    assert {s: b.status for s, b in boxes(pilot).items()} == {1: "2", 2: "1", 3: "2"}


def boxes_of(screen) -> list[SyncAssociationSeatBox]:
    return [*screen.ids.bottom_seats.children, *screen.ids.top_seats.children]


def test_a_seat_block_is_answered_with_the_advice_and_moods_show_on_the_box(table_pilot):
    pilot, sim = table_pilot()
    pilot.press("Play without a team")
    pilot.press("Start")
    wait_phase(pilot, Phase.BLOCKING)
    pilot.tap(seat_button(pilot, 3, "Block"))
    pilot.until(lambda: payload(pilot).advice is not None)
    pilot.settle()
    assert any("not advised" in t.lower() for t in pilot.labels())
    pilot.tap(seat_button(pilot, 3, "Unblock"))
    pilot.until(lambda: not payload(pilot).blocks)
    pilot.press("Start choosing")
    wait_phase(pilot, Phase.CHOOSING)
    pilot.tap(seat_button(pilot, 2, "Mood"))
    pilot.until(lambda: next(s.mood for s in payload(pilot).seats if s.seat == 2) == "green")
    press_to_mood(pilot, sim, 1, "red")
    pilot.settle()
    assert "red: lost" in boxes(pilot)[1].heading and "green: sure" in boxes(pilot)[2].heading


def clipped(pilot) -> list[str]:
    """Visible text whose wrapped texture overflows its label."""
    from kivy.uix.label import Label

    out = []
    for label in pilot.widgets(Label):
        if not label.text.strip() or label.texture_size[0] == 0:
            continue
        width, height = label.texture_size
        if height > label.height + 1 or width > label.width + 1:
            out.append(f"{label.text[:30]!r} {width:.0f}x{height:.0f} in "
                       f"{label.width:.0f}x{label.height:.0f}")
    return out


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_every_screen_is_readable_unclipped_with_big_targets(table_pilot, size):
    pilot, sim = table_pilot(size=size, seats=(1, 2, 3, 4))  # seats at both edges
    failures = {}

    def check(name):
        pilot.settle()
        screen = pilot.screen()
        assert not screen.errors, (name, screen.errors)
        problems = check_sizes(pilot) + clipped(pilot)
        if problems:
            failures[name] = problems

    check("team")
    pilot.press("A new team name")
    type_name(pilot, "the quick brown foxes")
    check("name")
    pilot.press("This name")
    pilot.until(lambda: payload(pilot).group is not None)
    pilot.press("Seat 4")
    pilot.press("Manual")
    check("game")
    pilot.press("More options")
    check("more options")
    pilot.press("Fewer options")
    pilot.press("Automatic")
    pilot.press("Start")
    wait_phase(pilot, Phase.BLOCKING)
    pilot.tap(phantom_button(pilot, 3))
    pilot.until(lambda: payload(pilot).blocks)
    check("blocking")
    pilot.press("Start choosing")
    wait_phase(pilot, Phase.CHOOSING)
    clear_tokens(pilot, sim.table)
    lay(pilot, sim.table, {1: 1, 4: 1})
    from kiosk.table.games.sync_association.sim import lay_token

    lay_token(sim.table, seat=2, number=1)
    lay_token(sim.table, seat=2, number=2)  # two tokens: a long sentence at seat 2
    pilot.until(lambda: status(pilot, 2) == "problem", limit=3000)
    check("choosing with a problem")
    pilot.tap(seat_button(pilot, 3, "Keypad"))
    pilot.until(lambda: payload(pilot).keypad == 3)
    check("keypad")
    pilot.tap(keypad_key(pilot, 2))
    clear_tokens(pilot, sim.table)
    lay(pilot, sim.table, {1: 1, 2: 1, 4: 1})
    reveal(pilot)
    check("lost")
    pilot.tap(phantom_button(pilot, 2))
    pilot.until(lambda: payload(pilot).discard == 2)
    check("discard")
    pilot.press("How to play")
    pilot.until(lambda: pilot.showing("sync_association_how_to_play"))
    check("how to play")
    pilot.press("Close")
    pilot.app.controller.abandon()
    wait_phase(pilot, Phase.SETUP)
    pilot.press("Records")
    pilot.until(lambda: pilot.showing("sync_association_records"))
    check("records")
    pilot.press("Back")
    pilot.app.open_overlay("sync_association_staff")
    check("staff")
    assert not failures, failures


def test_staff_rename_delete_a_team_and_set_the_countdown(table_pilot):
    store = MemoryStore()
    pilot, sim = table_pilot(store=store)
    start_with_team(pilot, "owls")
    pilot.press("Stop game")
    pilot.press("Really stop?")
    wait_phase(pilot, Phase.SETUP)
    pilot.app.open_overlay("sync_association_staff")
    pilot.until(lambda: pilot.showing("sync_association_staff"))
    pilot.settle()
    pilot.press("+")
    pilot.until(lambda: payload(pilot).reveal_seconds == 3)
    pilot.press("Rename")
    type_name(pilot, "barn owls")
    pilot.press("Save the name")
    pilot.until(lambda: [g.name for g in payload(pilot).groups] == ["Barn Owls"])
    pilot.settle()
    pilot.press("Delete")
    assert [g.name for g in store.groups(GAME_ID)] == ["Barn Owls"]  # one tap only asks
    pilot.press("Really delete?")
    pilot.until(lambda: payload(pilot).groups == ())
    assert store.groups(GAME_ID) == ()
