"""The physical cards: dealing, diving, passing, placing, Sudden Depth, reshuffling."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.games.sync_or_swim import deck as deck_module
from kiosk.games.sync_or_swim.cards import Card, parse_cards
from kiosk.games.sync_or_swim.deck import (
    CardNotInHandError,
    DeckError,
    NoLaneError,
    NotDivingError,
    OutOfCardsError,
    TableCards,
    UnknownSeatError,
)
from kiosk.games.sync_or_swim.judge import Table, judge
from kiosk.games.sync_or_swim.requirements import CardTest, Clause, Element, Mode

TWENTY = parse_cards([f"{colour}-{value}" for colour in ("blue", "green")
                      for value in range(1, 11)])


def c(text: str) -> Card:
    return Card.parse(text)


def make(cards=TWENTY, seats=(1, 2, 3), seed=1, **kwargs) -> TableCards:
    return TableCards(cards, seats, random.Random(seed), **kwargs)


def rig(table: TableCards, hands: dict[int, list[str]], pile: list[str] = (),
        discards: list[str] = ()) -> TableCards:
    """Put known cards in known places (the top of the draw pile is the last one)."""
    table.draw_pile = [c(t) for t in pile]
    table.discards = [c(t) for t in discards]
    for seat, cards in hands.items():
        table.hands[seat] = [c(t) for t in cards]
    return table


def test_doctests():
    assert doctest.testmod(deck_module).failed == 0


def test_new_table_holds_every_card_in_the_draw_pile():
    table = make()
    assert Counter(table.draw_pile) == Counter(TWENTY)
    assert table.discards == [] and all(table.hand(s) == () for s in (1, 2, 3))


def test_shuffle_is_seeded_by_the_injected_random():
    a, b, other = make(seed=5), make(seed=5), make(seed=6)
    for table in (a, b, other):
        table.shuffle()
    assert a.draw_pile == b.draw_pile
    assert a.draw_pile != other.draw_pile
    assert Counter(a.draw_pile) == Counter(TWENTY)


def test_deal_gives_two_each_from_the_top_clockwise():
    table = make(cards=parse_cards(["blue-1", "blue-2", "blue-3", "blue-4", "blue-5",
                                    "blue-6", "blue-7"]))
    table.deal()
    # top is the end of the list: 7 to seat 1, 6 to seat 2, 5 to seat 3, then 4, 3, 2
    assert table.hand(1) == (c("blue-7"), c("blue-4"))
    assert table.hand(2) == (c("blue-6"), c("blue-3"))
    assert table.hand(3) == (c("blue-5"), c("blue-2"))
    assert table.draw_pile == [c("blue-1")]


def test_deal_other_counts():
    table = make()
    table.deal(3)
    assert [len(table.hand(s)) for s in (1, 2, 3)] == [3, 3, 3]
    assert len(table.draw_pile) == 11


def test_deal_refuses_when_cards_run_short_and_changes_nothing():
    table = make(cards=TWENTY[:5])
    with pytest.raises(OutOfCardsError, match="needs 6 cards, but only 5"):
        table.deal()
    assert len(table.draw_pile) == 5 and table.hand(1) == ()


def test_deal_uses_discards_when_the_pile_runs_out():
    table = rig(make(), {}, pile=["blue-1"], discards=["blue-2", "blue-3"])
    table.deal(1)
    assert sorted(len(table.hand(s)) for s in (1, 2, 3)) == [1, 1, 1]
    assert table.draw_pile == [] and table.discards == []


def test_dive_discards_two_face_up_and_draws_one():
    table = rig(make(), {1: ["blue-1", "blue-2", "green-5"]}, pile=["green-9", "green-8"])
    drawn = table.dive(1, c("blue-1"), c("blue-2"))
    assert drawn == c("green-8")
    assert table.hand(1) == (c("green-5"), c("green-8"))
    assert table.discards == [c("blue-1"), c("blue-2")]
    assert table.draw_pile == [c("green-9")]
    assert table.diving(1) == c("green-8")


def test_dive_again_discards_the_card_just_drawn():
    table = rig(make(), {1: ["blue-1", "blue-2"]}, pile=["green-7", "green-9", "green-8"])
    table.dive(1, c("blue-1"), c("blue-2"))
    again = table.dive_again(1)
    assert again == c("green-9")
    assert table.hand(1) == (c("green-9"),)
    assert table.discards == [c("blue-1"), c("blue-2"), c("green-8")]
    assert table.dive_again(1) == c("green-7")
    assert table.diving(1) == c("green-7")


def test_dive_with_two_equal_cards_needs_both():
    table = rig(make(), {1: ["blue-1", "blue-1"], 2: ["blue-1", "blue-2"]}, pile=["gray-3"])
    table.dive(1, c("blue-1"), c("blue-1"))
    assert table.hand(1) == (c("gray-3"),)
    with pytest.raises(CardNotInHandError, match="seat 2 does not hold blue-1 2 times"):
        table.dive(2, c("blue-1"), c("blue-1"))


def test_dive_refuses_a_card_not_in_hand_and_changes_nothing():
    table = rig(make(), {3: ["blue-1", "green-2"]}, pile=["gray-3"])
    before = (table.hand(3), list(table.draw_pile), list(table.discards))
    with pytest.raises(CardNotInHandError) as error:
        table.dive(3, c("blue-1"), c("blue-7"))
    assert str(error.value) == "seat 3 does not hold blue-7"
    assert isinstance(error.value, ValueError) and isinstance(error.value, DeckError)
    assert (table.hand(3), table.draw_pile, table.discards) == before


def test_dive_again_without_a_dive_is_refused():
    table = rig(make(), {1: ["blue-1"]}, pile=["gray-3"])
    with pytest.raises(NotDivingError, match="seat 1 can dive again only right after"):
        table.dive_again(1)


@pytest.mark.parametrize("action", ["pass", "place", "dive", "deal", "gather"])
def test_any_other_action_of_the_diver_ends_the_dive(action):
    table = rig(make(), {1: ["blue-1", "blue-2", "blue-3", "blue-4"]},
                pile=["gray-1", "gray-2", "gray-3", "gray-4", "gray-5", "gray-6", "gray-7"])
    table.dive(1, c("blue-1"), c("blue-2"))
    if action == "pass":
        table.pass_card(1, 2, c("blue-3"))
    elif action == "place":
        table.place(1, 1, [c("blue-3")])
    elif action == "dive":
        table.dive(1, c("blue-3"), c("blue-4"))
        table.place(1, 1, [c("gray-6")])
    elif action == "deal":
        table.deal(1)
    else:
        table.gather_and_reshuffle()
    assert table.diving(1) is None
    with pytest.raises(NotDivingError):
        table.dive_again(1)


def test_another_seats_action_does_not_end_a_dive():
    table = rig(make(), {1: ["blue-1", "blue-2"], 2: ["green-1", "green-2"]},
                pile=["gray-1", "gray-2", "gray-3"])
    table.dive(1, c("blue-1"), c("blue-2"))
    table.pass_card(2, 3, c("green-1"))
    table.place(2, 1, [c("green-2")])
    assert table.dive_again(1) == c("gray-2")


def test_empty_draw_pile_is_rebuilt_from_the_discards():
    table = rig(make(), {1: ["blue-1", "blue-2"]}, pile=[], discards=["green-5"])
    drawn = table.dive(1, c("blue-1"), c("blue-2"))
    assert drawn in {c("green-5"), c("blue-1"), c("blue-2")}
    assert table.discards == []
    assert len(table.draw_pile) == 2
    assert Counter(table.draw_pile + [drawn]) == Counter(parse_cards(
        ["green-5", "blue-1", "blue-2"]))


def test_rebuilt_pile_is_shuffled_with_the_injected_random():
    texts = [f"blue-{v}" for v in range(1, 11)]

    def rebuilt(seed):
        table = rig(make(seed=seed), {1: ["green-1", "green-2"]}, pile=[], discards=texts)
        table.dive(1, c("green-1"), c("green-2"))
        return table.draw_pile

    assert rebuilt(3) == rebuilt(3)
    assert rebuilt(3) != rebuilt(4)


def test_drawing_with_nothing_left_is_a_clear_error():
    table = rig(make(), {1: []}, pile=[], discards=[])
    with pytest.raises(OutOfCardsError, match="draw pile and the discards are empty"):
        table._draw()


def test_pass_card_moves_one_card_face_down():
    table = rig(make(), {1: ["blue-1", "blue-2"], 3: ["green-1"]})
    table.pass_card(1, 3, c("blue-2"))
    assert table.hand(1) == (c("blue-1"),)
    assert table.hand(3) == (c("green-1"), c("blue-2"))


@pytest.mark.parametrize(("args", "error", "words"), [
    ((1, 3, "green-9"), CardNotInHandError, "seat 1 does not hold green-9"),
    ((1, 7, "blue-1"), UnknownSeatError, "seat 7 is not at this table"),
    ((9, 1, "blue-1"), UnknownSeatError, "seat 9 is not at this table"),
    ((1, 1, "blue-1"), DeckError, "seat 1 cannot pass a card to themselves"),
])
def test_pass_card_refusals(args, error, words):
    table = rig(make(), {1: ["blue-1"]})
    with pytest.raises(error, match=words):
        table.pass_card(args[0], args[1], c(args[2]))
    assert table.hand(1) == (c("blue-1"),)


def test_place_puts_cards_in_the_lane_and_adds_to_it_later():
    table = rig(make(), {2: ["blue-1", "blue-2", "blue-3"]})
    table.place(2, 3, [c("blue-1"), c("blue-2")])
    table.place(2, 3, [c("blue-3")])
    assert table.lane(2, 3) == parse_cards(["blue-1", "blue-2", "blue-3"])
    assert table.hand(2) == ()


@pytest.mark.parametrize(("lane", "cards", "error", "words"), [
    (0, ["blue-1"], NoLaneError, "lane 0 does not exist; lanes are 1 to 5"),
    (6, ["blue-1"], NoLaneError, "lane 6 does not exist"),
    (1, [], DeckError, "must place at least one card"),
    (1, ["blue-1", "blue-1"], CardNotInHandError, "does not hold blue-1 2 times"),
])
def test_place_refusals(lane, cards, error, words):
    table = rig(make(), {2: ["blue-1", "blue-2"]})
    with pytest.raises(error, match=words):
        table.place(2, lane, [c(t) for t in cards])
    assert table.hand(2) == (c("blue-1"), c("blue-2")) and table.lanes_snapshot() == {}


def test_left_is_the_next_seat_clockwise_wrapping():
    table = make(seats=(2, 5, 1, 4))
    assert [table.left_of(s) for s in (2, 5, 1, 4)] == [5, 1, 4, 2]
    with pytest.raises(UnknownSeatError):
        table.left_of(3)


def test_sudden_depth_passes_the_rest_of_the_hand_left():
    table = rig(make(seats=(4, 1, 6), sudden_depth=True),
                {4: ["green-1"], 1: ["blue-1", "blue-2", "blue-3"], 6: ["gray-9"]})
    table.place(1, 2, [c("blue-2")])
    assert table.hand(1) == ()
    assert table.hand(6) == (c("gray-9"), c("blue-1"), c("blue-3"))
    table.place(6, 1, [c("blue-3")])  # the last seat wraps to the first
    assert table.hand(4) == (c("green-1"), c("gray-9"), c("blue-1"))
    assert table.hand(6) == ()


def test_without_sudden_depth_the_hand_stays():
    table = rig(make(), {1: ["blue-1", "blue-2"]})
    table.place(1, 1, [c("blue-1")])
    assert table.hand(1) == (c("blue-2"),) and table.hand(2) == ()


def test_sudden_depth_can_be_switched_on_when_the_twist_arrives():
    table = rig(make(), {1: ["blue-1", "blue-2"]})
    table.sudden_depth = True
    table.place(1, 1, [c("blue-1")])
    assert table.hand(2) == (c("blue-2"),)


def test_gather_and_reshuffle_brings_every_card_back():
    table = make()
    table.shuffle()
    table.deal()
    table.place(1, 1, [table.hand(1)[0]])
    table.dive(2, *table.hand(2))
    table.gather_and_reshuffle()
    assert Counter(table.draw_pile) == Counter(TWENTY)
    assert table.discards == [] and table.lanes_snapshot() == {}
    assert all(table.hand(s) == () for s in (1, 2, 3))


def test_snapshot_feeds_the_judge():
    table = rig(make(), {1: ["blue-1"], 2: ["blue-5", "green-2"], 3: ["blue-9"]})
    for seat in (1, 2, 3):
        table.place(seat, 1, [table.hand(seat)[0]])
    assert table.lanes_snapshot() == {(1, 1): (c("blue-1"),), (2, 1): (c("blue-5"),),
                                      (3, 1): (c("blue-9"),)}
    blue = Element("E1", "Blue", Mode.EACH, options=(Clause(each=CardTest(colour="blue")),))
    assert judge(Table((1, 2, 3), 1, table.lanes_snapshot()), [blue]).in_sync
    table.place(2, 1, [c("green-2")])
    assert not judge(Table((1, 2, 3), 1, table.lanes_snapshot()), [blue]).in_sync


def test_bad_seats_are_refused():
    with pytest.raises(DeckError, match="distinct"):
        make(seats=(1, 1, 2))
    with pytest.raises(DeckError, match="not empty"):
        make(seats=())


# -- the conservation invariant ----------------------------------------------------

operation = st.tuples(st.sampled_from(["dive", "again", "pass", "place", "gather", "deal",
                                       "shuffle"]),
                      st.integers(0, 5), st.integers(0, 5), st.integers(0, 10))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), sudden=st.booleans(), seat_count=st.integers(3, 6),
       deck_size=st.integers(12, 30), ops=st.lists(operation, max_size=40))
def test_every_operation_conserves_the_cards(seed, sudden, seat_count, deck_size, ops):
    rng = random.Random(seed)
    cards = [rng.choice(TWENTY) for _ in range(deck_size)]  # duplicates on purpose
    seats = list(range(1, seat_count + 1))
    table = TableCards(cards, seats, random.Random(seed), sudden_depth=sudden)
    expected = Counter(cards)
    table.shuffle()
    table.deal()
    for name, a, b, k in ops:
        seat, other = seats[a % seat_count], seats[b % seat_count]
        hand = table.hand(seat)
        try:
            if name == "dive" and len(hand) >= 2:
                table.dive(seat, hand[k % len(hand)], hand[(k + 1) % len(hand)])
            elif name == "again":
                table.dive_again(seat)
            elif name == "pass" and hand:
                table.pass_card(seat, other, hand[k % len(hand)])
            elif name == "place" and hand:
                table.place(seat, 1 + k % 5, hand[: 1 + k % len(hand)])
            elif name == "gather":
                table.gather_and_reshuffle()
            elif name == "deal":
                table.deal(k % 3)
            elif name == "shuffle":
                table.shuffle()
        except DeckError:
            pass
        assert table.all_cards() == expected
