"""What a seat's reader may hold that is not one good token, and the covered keypad: each
bad input is a sentence for that seat and never a choice, a secret number never reaches
the payload before the reveal, and a reading that changed as the reveal began calls the
reveal off."""

from __future__ import annotations

from sync_rig import STRANGER, SYNC_CARD

from kiosk.table.games.sync_association.view import Phase, SeatStatus


def choosing(rig, blocks=()) -> None:
    rig.countdown(0)
    rig.start()
    for kind, value in blocks:
        rig.act("block", kind=kind, value=value)
    rig.act("start_choosing")
    assert rig.phase == Phase.CHOOSING


def problem_of(rig, seat: int) -> str:
    seat_view = rig.seat(seat)
    assert seat_view.status == SeatStatus.PROBLEM, seat_view
    return seat_view.problem


def no_secret_in(payload) -> bool:
    return payload.reveal is None and all(s.number is None for s in payload.seats)


def test_two_tokens_on_one_seat_take_its_choice_back(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 1, 2: 1, 3: 1})
    assert rig.payload.ready and rig.status(2) == SeatStatus.TOKEN
    rig.lay(2, 3)
    rig.settle()
    assert problem_of(rig, 2) == ("Seat 2 has 2 tokens on its reader: leave only the one "
                                  "you choose")
    assert not rig.payload.ready and no_secret_in(rig.payload)
    rig.lift(2, 1)
    rig.settle()
    assert rig.status(2) == SeatStatus.TOKEN and rig.payload.ready
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.LOST, "the reveal")
    assert dict(rig.payload.reveal.choices)[2] == 3  # the token left, not the first one


def test_an_unknown_tag_and_a_card_are_not_tokens(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.clear()
    rig.table.put_uid(STRANGER, seat=1, lane=1)
    rig.table.put_uid(SYNC_CARD, seat=2, lane=1)
    rig.settle()
    assert "a tag that is not a synchroniser token" in problem_of(rig, 1)
    assert "kiosk enroll --tokens" in problem_of(rig, 1)
    assert problem_of(rig, 2) == ("Seat 2's reader holds a card (blue-7-RH), not a "
                                  "synchroniser token: take it away")
    rig.lay(1, 2)  # a token beside the stranger: still no choice
    rig.settle()
    assert rig.status(1) == SeatStatus.PROBLEM and rig.status(3) == SeatStatus.WAITING


def test_a_number_that_is_no_open_phantom_is_refused_without_naming_it(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 7})
    why = problem_of(rig, 1)
    assert why == "Seat 1's token names no open phantom: lay one of 1, 2, 3"
    assert "7" not in why and no_secret_in(rig.payload)


def test_a_blocked_phantom_is_refused(make_rig):
    rig = make_rig()
    choosing(rig, blocks=[("phantom", 2)])
    assert [p.blocked for p in rig.payload.phantoms] == [False, True, False]
    rig.choose({3: 2})
    assert problem_of(rig, 3) == ("Seat 3's token names a phantom blocked this round: lay "
                                  "one of 1, 3")


def test_a_blocked_synchroniser_is_not_asked_and_its_token_does_not_count(make_rig):
    rig = make_rig()
    choosing(rig, blocks=[("seat", 3)])
    assert "not advised under 5 players" in rig.heard.problems[-1]
    assert rig.payload.blocks == (rig.payload.blocks[0],) and rig.payload.blocks_held == 2
    assert rig.status(3) == SeatStatus.BLOCKED
    rig.choose({1: 1, 2: 1, 3: 2})
    assert rig.seat(3).problem == ("Seat 3's synchroniser is blocked this round: take the "
                                   "token back, it does not count")
    assert rig.payload.ready  # seats 1 and 2 are all that count
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.WON, "the reveal without seat 3")
    assert rig.payload.reveal.choices == ((1, 1), (2, 1))


def test_a_token_moved_as_the_reveal_began_calls_it_off(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 1, 2: 1, 3: 1})
    # the boards confirm the reading off the pumping thread; seat 1's answering a second
    # late keeps the reveal reading while seat 3's token moves (a prompt confirmation
    # could land in the same pump as the command on a busy machine)
    rig.table.inject("slow", seat=1, seconds=1.0)
    rig.act("reveal")
    assert rig.phase == Phase.READING
    rig.lift(3, 1)
    rig.lay(3, 2)
    rig.settle()
    rig.confirm()
    rig.until(lambda: rig.phase == Phase.CHOOSING, "the reveal called off")
    assert any(p.startswith("The reveal is off: seat 3's reader changed as it began")
               for p in rig.heard.problems)
    assert no_secret_in(rig.payload) and rig.payload.ready  # seat 3 now holds token 2
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.LOST, "the reveal of the tokens now down")
    assert rig.payload.reveal.choices == ((1, 1), (2, 1), (3, 2))


def test_a_reader_silent_as_the_reveal_began_calls_it_off_with_what_to_do(make_rig):
    """A board that does not confirm its token (slow, unplugged, a busy machine starving
    it) is not a token that moved: the players are told to reveal again or use the
    keypad, and a reveal once it answers goes through."""
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 1, 2: 1, 3: 1})
    rig.table.inject("silent", seat=1)
    rig.act("reveal")
    rig.until(lambda: rig.phase != Phase.READING, "the bound on the confirmation")
    assert rig.phase == Phase.CHOOSING
    assert rig.heard.problems[-1] == (
        "The reveal is off: Seat 1's reader did not confirm its cards within 2 s. "
        "Reveal again, or use the keypad for that seat")
    assert no_secret_in(rig.payload)
    rig.table.inject("resume", seat=1)
    rig.until(lambda: rig.payload.ready, "seat 1's reader back with its token")
    rig.act("reveal")
    rig.until(lambda: rig.phase == Phase.WON, "the reveal once seat 1 answers")
    assert rig.payload.reveal.choices == ((1, 1), (2, 1), (3, 1))


def test_tokens_lifted_after_the_reveal_change_nothing(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 3, 2: 3, 3: 3})
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.WON, "the reveal")
    reveal = rig.payload.reveal
    rig.choose({1: 1, 2: 2})
    assert rig.phase == Phase.WON and rig.payload.reveal == reveal


def test_last_rounds_token_must_be_lifted_before_it_counts(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 1, 2: 1, 3: 1})
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.WON, "the reveal")
    rig.act("next_round")
    rig.act("start_choosing")
    assert problem_of(rig, 1) == ("Seat 1: lift last round's token first, then lay this "
                                  "round's")
    assert not rig.payload.ready
    rig.lift(1, 1)
    rig.settle()
    assert rig.status(1) == SeatStatus.WAITING
    rig.lay(1, 1)  # the same number again, laid anew: it counts
    rig.settle()
    assert rig.status(1) == SeatStatus.TOKEN


def test_the_covered_keypad_one_seat_at_a_time_for_a_broken_reader(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.choose({1: 2, 2: 2})
    rig.table.inject("unplug", seat=3)
    rig.act("keypad_open", seat=3)
    assert rig.payload.keypad == 3 and not rig.payload.ready
    rig.act("keypad_open", seat=2)
    assert rig.heard.problems[-1] == "Seat 3 is using the keypad: one seat at a time"
    rig.act("keypad_choose", seat=3, number=9)
    assert rig.heard.problems[-1] == "9 is not an open phantom: choose 1, 2 or 3"
    rig.act("keypad_choose", seat=3, number=2)
    assert rig.payload.keypad is None and rig.status(3) == SeatStatus.KEYPAD
    assert no_secret_in(rig.payload) and rig.payload.ready
    rig.touch_pads()
    rig.until(lambda: rig.phase == Phase.WON, "the reveal with a keypad seat")
    assert rig.payload.reveal.choices == ((1, 2), (2, 2), (3, 2))


def test_a_keypad_choice_can_be_taken_back_to_the_reader(make_rig):
    rig = make_rig()
    choosing(rig)
    rig.act("keypad_choose", seat=1, number=1)
    assert rig.status(1) == SeatStatus.KEYPAD
    rig.act("keypad_lift", seat=1)
    assert rig.status(1) == SeatStatus.WAITING
    rig.choose({1: 3})
    assert rig.status(1) == SeatStatus.TOKEN
