"""Sync cards' one short written form: round trips, case, icon order and every bad form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.games.sync_or_swim.cards import (
    FOOT_CODES,
    HAND_CODES,
    Card,
    CardError,
    Colour,
    Side,
    parse_cards,
)

SIDES = (None, Side.LEFT, Side.BOTH, Side.RIGHT)
ALL_CARDS = [Card(colour, value, hand, foot)
             for colour in Colour for value in range(1, 11) for hand in SIDES for foot in SIDES]

cards = st.builds(Card, st.sampled_from(list(Colour)), st.integers(1, 10),
                  st.sampled_from(SIDES), st.sampled_from(SIDES))


def test_there_are_640_distinct_valid_cards_and_each_round_trips():
    assert len(set(ALL_CARDS)) == 4 * 10 * 4 * 4
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.short) == card
    assert len({str(card) for card in ALL_CARDS}) == len(ALL_CARDS)


@given(cards)
def test_parse_of_str_is_the_card(card):
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # repr is itself the short form


@given(cards, st.randoms(use_true_random=False))
def test_case_of_letters_is_ignored(card, rnd):
    text = "".join(ch.upper() if rnd.random() < 0.5 else ch.lower() for ch in str(card))
    assert Card.parse(text) == card
    assert str(Card.parse(text)) == str(card)  # the written form is always canonical


@given(cards)
def test_icons_may_come_in_either_order_and_print_hand_first(card):
    parts = str(card).split("-")
    reversed_icons = "-".join(parts[:2] + parts[2:][::-1])
    assert Card.parse(reversed_icons) == card
    assert str(Card.parse(reversed_icons)) == str(card)


def test_canonical_form_examples():
    card = Card.parse("GRAY-10-lf-bh")
    assert (card.colour, card.value, card.hand, card.foot) == (
        Colour.GRAY, 10, Side.BOTH, Side.LEFT)
    assert str(card) == "gray-10-BH-LF"
    assert str(Card.parse("  Blue-7 ")) == "blue-7"
    assert str(Card.parse("blue-07")) == "blue-7"
    assert Card.parse("green-1-RF") == Card(Colour.GREEN, 1, None, Side.RIGHT)


@pytest.mark.parametrize("code", sorted(HAND_CODES))
def test_each_hand_code(code):
    assert Card.parse(f"yellow-5-{code}").hand is HAND_CODES[code]
    assert Card.parse(f"yellow-5-{code}").foot is None


@pytest.mark.parametrize("code", sorted(FOOT_CODES))
def test_each_foot_code(code):
    assert Card.parse(f"yellow-5-{code}").foot is FOOT_CODES[code]
    assert Card.parse(f"yellow-5-{code}").hand is None


def test_gray_is_not_coloured_but_the_others_are():
    assert [c.value for c in Colour if Card(c, 1).is_coloured] == ["blue", "yellow", "green"]


@pytest.mark.parametrize(("text", "words"), [
    ("blue", "write it like 'blue-7'"),
    ("", "write it like 'blue-7'"),
    ("   ", "write it like 'blue-7'"),
    ("blue-11", "the value must be a number from 1 to 10"),
    ("blue-0", "the value must be a number from 1 to 10"),
    ("blue--3", "the value must be a number from 1 to 10"),
    ("blue-seven", "the value must be a number from 1 to 10"),
    ("blue-7.5", "the value must be a number from 1 to 10"),
    ("purple-3", "unknown colour 'purple' (use blue, yellow, green, gray)"),
    ("grey-3", "unknown colour 'grey'"),
    ("7-blue", "unknown colour '7'"),
    ("blue-3-LH-RH", "at most one hand icon"),
    ("blue-3-BH-BH", "at most one hand icon"),
    ("blue-3-LF-BF", "at most one foot icon"),
    ("blue-3-XX", "unknown icon 'XX' (use LH BH RH LF BF RF)"),
    ("blue-3-", "unknown icon ''"),
    ("blue-3-LH-LF-RF", "at most one foot icon"),
])
def test_malformed_forms_raise_card_error_naming_the_text(text, words):
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert words in message
    assert repr(text) in message  # the café owner sees exactly what they wrote


@pytest.mark.parametrize("bad", [None, 7, ["blue-7"]])
def test_non_text_is_refused_as_card_error(bad):
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(bad)


@pytest.mark.parametrize(("args", "words"), [
    (("blue", 7), "colour must be a Colour"),
    ((Colour.BLUE, 0), "value must be a whole number from 1 to 10"),
    ((Colour.BLUE, 11), "value must be a whole number from 1 to 10"),
    ((Colour.BLUE, "7"), "value must be a whole number from 1 to 10"),
])
def test_constructor_refuses_impossible_cards(args, words):
    with pytest.raises(CardError, match=words):
        Card(*args)


def test_superscript_digit_is_a_card_error():
    with pytest.raises(CardError, match="number from 1 to 10"):
        Card.parse("blue-²")


def test_parse_cards_keeps_order_and_stops_at_the_first_bad_one():
    assert parse_cards(["blue-7", "gray-10-BH-LF"]) == (
        Card(Colour.BLUE, 7), Card(Colour.GRAY, 10, Side.BOTH, Side.LEFT))
    with pytest.raises(CardError, match="'blue-12'"):
        parse_cards(["blue-7", "blue-12", "purple-1"])


def test_sort_key_orders_by_value_then_colour_then_icons():
    shuffled = [Card.parse(t) for t in ("green-2", "blue-2-LH", "blue-2", "blue-1-RH-RF")]
    ordered = sorted(shuffled, key=lambda c: c.sort_key)
    assert [str(c) for c in ordered] == ["blue-1-RH-RF", "blue-2", "blue-2-LH", "green-2"]


def test_equal_cards_hash_equal():
    assert len({Card.parse("blue-7"), Card.parse("BLUE-7"), Card(Colour.BLUE, 7)}) == 1
