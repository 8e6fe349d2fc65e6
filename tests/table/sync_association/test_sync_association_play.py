"""Whole S.Y.N.C. games on the simulated table: tokens laid on the seat readers, moods on
the seat buttons and LEDs, the reveal by the stop pads and by the countdown."""

from __future__ import annotations

from kiosk.hardware.ports import LedMode, SeatLed
from kiosk.table.api import Sound
from kiosk.table.games.sync_association.table import GAME_ID, REVEAL_SECONDS
from kiosk.table.games.sync_association.view import Phase, SeatStatus


def reveal_round(rig, numbers: dict[int, int]) -> None:
    """Start the choosing, lay the tokens, reveal with the pads."""
    rig.act("start_choosing")
    assert rig.phase == Phase.CHOOSING
    rig.choose(numbers)
    rig.until(lambda: rig.payload.ready, "every synchroniser is set")
    rig.touch_pads()
    rig.until(lambda: rig.phase in (Phase.WON, Phase.LOST, Phase.OVER), "the reveal")


def test_a_whole_game_won_on_the_table(make_rig):
    rig = make_rig()
    rig.countdown(0)  # pads only: no countdown races the test
    rig.start()
    assert rig.phase == Phase.BLOCKING and rig.payload.round_number == 1
    assert [p.number for p in rig.payload.phantoms] == [1, 2, 3]
    assert len(rig.payload.keys) == 3 and rig.payload.blocks_held == 3
    while rig.phase != Phase.OVER:
        reveal_round(rig, {1: 1, 2: 1, 3: 1})
        reveal = rig.payload.reveal
        assert reveal.won and reveal.choices == ((1, 1), (2, 1), (3, 1))
        assert all(s.status == SeatStatus.REVEALED and s.number == 1 for s in rig.payload.seats)
        if rig.phase == Phase.WON:
            first = rig.payload.first
            rig.act("next_round")
            assert rig.payload.first == first % 3 + 1  # the first player passes left
    payload = rig.payload
    assert payload.won and len(payload.victories) == 5 and payload.losses == ()
    earned = {a.id for a in payload.achievements}
    assert {"win_automatic", "win_3_players", "flawless", "no_blocks",
            "rounds_in_a_row"} <= earned
    assert set(payload.new_achievements) == earned
    assert Sound.CHEER in rig.heard.sounds
    result, = rig.store.results(GAME_ID)
    assert (result.played, result.players, result.score, result.abandoned) == (
        "automatic", 3, 5, False)
    assert result.details["group"] == "Owls" and result.details["won"] is True
    assert result.details["record"].startswith("sync-association 1 seed=11")
    group, = rig.store.groups(GAME_ID)
    assert group.data["streak"] == 1 and set(group.data["achievements"]) == earned
    assert rig.store.open_journals() == ()


def test_a_whole_game_lost_with_the_first_player_confirming_each_discard(make_rig):
    rig = make_rig()
    rig.countdown(0)
    rig.start(group="Foxes")
    while rig.phase != Phase.OVER:
        reveal_round(rig, {1: 1, 2: 2, 3: 1})
        assert rig.phase == Phase.LOST and not rig.payload.reveal.won
        assert rig.payload.reveal.choices == ((1, 1), (2, 2), (3, 1))  # all turn at once
        rig.act("discard", number=2)
        assert rig.phase == Phase.LOST and rig.payload.discard == 2  # not yet: confirm
        rig.press(3 if rig.payload.first != 3 else 1)  # another seat's button: nothing
        assert rig.phase == Phase.LOST
        rig.press(rig.payload.first)
        if rig.phase == Phase.OVER:
            break
        assert rig.phase == Phase.DISCARDED and rig.payload.reveal.discarded == 2
        blocks = rig.payload.blocks_held
        rig.act("next_round")
        assert rig.payload.blocks_held == blocks  # the token was earned with the discard
    payload = rig.payload
    assert payload.won is False and len(payload.losses) == 5 and payload.victories == ()
    assert payload.achievements == ()
    assert Sound.GROAN in rig.heard.sounds
    result, = rig.store.results(GAME_ID)
    assert result.score == 0 and result.details["won"] is False
    assert rig.store.groups(GAME_ID)[0].data["streak"] == 0


def test_the_seat_button_cycles_the_mood_on_that_seats_leds(make_rig):
    rig = make_rig()
    rig.start()
    rig.press(2)  # before the choosing: no mood yet
    assert rig.seat(2).mood is None
    rig.act("start_choosing")
    seen = []
    for _ in range(4):
        rig.press(2)
        seen.append((rig.seat(2).mood, rig.led(2, SeatLed.GREEN), rig.led(2, SeatLed.YELLOW),
                     rig.led(2, SeatLed.RED)))
    on, off = LedMode.ON, LedMode.OFF
    assert seen == [("green", on, off, off), ("yellow", off, on, off),
                    ("red", off, off, on), (None, off, off, off)]
    assert all(rig.led(1, led) is off for led in SeatLed)  # other seats untouched
    rig.act("mood", seat=3, mood="red")  # the screen can set one too
    assert rig.led(3, SeatLed.RED) is on


def test_the_reveal_comes_by_itself_after_the_countdown(make_rig):
    rig = make_rig()
    rig.countdown(5)
    rig.start()
    rig.act("start_choosing")
    rig.choose({1: 2, 2: 2})
    assert rig.phase == Phase.CHOOSING and not rig.payload.ready
    assert rig.view.time_left is None
    rig.lay(3, 2)
    rig.settle()
    assert rig.payload.ready and rig.view.timer_seconds == 5
    rig.pump(4.0)
    assert rig.phase == Phase.CHOOSING and 0 < rig.heard.ticks[-1] <= 1.0  # on_tick
    rig.pump(1.5)
    rig.confirm()
    rig.until(lambda: rig.phase == Phase.WON, "the reveal after the countdown")
    assert rig.payload.reveal.number == 2


def test_with_pads_only_no_countdown_runs_and_the_pads_reveal(make_rig):
    rig = make_rig()
    rig.countdown(0)
    rig.start()
    rig.act("start_choosing")
    rig.choose({1: 3, 2: 3, 3: 1})
    assert rig.payload.ready and rig.view.timer_seconds is None
    ticks = len(rig.heard.ticks)
    rig.pump(120.0)
    assert len(rig.heard.ticks) == ticks
    assert rig.phase == Phase.CHOOSING  # waits for the first player
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.LOST, "the reveal by the pads")
    assert rig.payload.reveal.choices == ((1, 3), (2, 3), (3, 1))
    assert rig.store.setting(REVEAL_SECONDS) == 0


def test_the_pads_do_nothing_until_every_counted_seat_is_set(make_rig):
    rig = make_rig()
    rig.countdown(0)
    rig.start()
    rig.act("start_choosing")
    rig.choose({1: 1, 2: 1})
    rig.touch_pads()
    assert rig.phase == Phase.CHOOSING and rig.status(3) == SeatStatus.WAITING
    rig.act("reveal")
    assert rig.heard.problems[-1] == "Waiting for seat 3 to set a synchroniser"


def test_the_dev_panel_tools_lay_and_lift_a_seats_tokens(make_rig):
    from types import SimpleNamespace

    from kiosk.table.games.sync_association import sim

    rig = make_rig()
    rig.start()
    rig.act("start_choosing")
    panel = SimpleNamespace(table=rig.table, seat=2, card="sync-token-3")
    assert sim.lay_token_tool(panel) == "laid token 3 on seat 2's reader"
    rig.settle()
    assert rig.status(2) == SeatStatus.TOKEN
    assert sim.next_number_tool(panel) == "token number: 4" and panel.card == "4"
    assert sim.lift_tokens_tool(panel) == "lifted seat 2's tokens"
    rig.settle()
    assert rig.status(2) == SeatStatus.WAITING


def test_manual_mode_lays_hands_in_turn_and_parallel_keeps_them_face_down(make_rig):
    rig = make_rig()
    rig.start(mode="manual", first=2)
    payload = rig.payload
    assert rig.phase == Phase.LAYING and payload.to_lay == (2, 3, 1)
    assert len(payload.keys) == 1 and payload.keys[0].seat is None  # the random card
    hand = rig.seat(3).hand
    rig.act("lay", seat=3, card=hand[0])
    assert rig.heard.problems[-1].startswith("It is seat 2's turn to lay a key card")
    for seat in (2, 3, 1):
        rig.act("lay", seat=seat, card=rig.seat(seat).hand[0])
    assert rig.phase == Phase.BLOCKING and len(rig.payload.keys) == 4
    assert len(rig.seat(1).hand) == 4
    rig.act("abandon")
    rig.act("start", mode="manual", order="parallel")
    rig.act("lay", seat=3, card=rig.seat(3).hand[0])
    assert rig.payload.keys_face_down and rig.payload.keys[1].card is None


def test_an_abandoned_game_is_kept_but_leaves_the_groups_streak(make_rig):
    rig = make_rig()
    rig.start()
    rig.act("abandon")
    assert rig.phase == Phase.SETUP and rig.payload.group.name == "Owls"
    result, = rig.store.results(GAME_ID)
    assert result.abandoned and result.details["group"] == "Owls"
    assert rig.store.open_journals() == ()
    assert rig.store.groups(GAME_ID)[0].data == {}
