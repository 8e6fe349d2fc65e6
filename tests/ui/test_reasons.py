"""The judge's reasons told in plain words: every kind of reason the judge writes, made
by the judge's own checks, comes out as a sentence about a seat with no card codes and
no quoting of the rules engine's internals."""

from __future__ import annotations

import re

import pytest

from kiosk.games.sync_or_swim import requirements as rules
from kiosk.games.sync_or_swim.cards import Card
from kiosk.games.sync_or_swim.judge import Table, judge
from kiosk.games.sync_or_swim.relations import (
    across_failures,
    count_failure,
    local_failure,
    neighbor_failures,
)
from kiosk.ui.games.sync_or_swim.reasons import blamed, card_words, sentence

Attr, CardTest, Clause, Relations = rules.Attr, rules.CardTest, rules.Clause, rules.Relations
Element, Mode, Range = rules.Element, rules.Mode, rules.Range
CODE = re.compile(r"\b(blue|yellow|green|gray)-\d|\b(LH|BH|RH|LF|BF|RF)\b")


def cards(*shorts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(s) for s in shorts)


def as_judged(problem: str, seat: int = 2, lane: int = 1) -> str:
    return f"Seat {seat}, lane {lane}: {problem}"   # the judge's own prefix (judge.py)


ONE = Range("exact", 1)
PROBLEMS = {
    "count": count_failure(ONE, 0),
    "count many": count_failure(Range("max", 1), 3),
    "gray is no colour": CardTest(colour="any").failure(Card.parse("gray-4")),
    "wrong colour": CardTest(colour="yellow").failure(Card.parse("blue-7-LH")),
    "wrong value": CardTest(value=Range("min", 8)).failure(Card.parse("blue-3")),
    "no icon": CardTest(hand="any").failure(Card.parse("green-2")),
    "icon forbidden": CardTest(foot="none").failure(Card.parse("green-2-RF")),
    "other icon": CardTest(hand="left").failure(Card.parse("green-2-RH")),
    "forbidden card": local_failure(Clause(cards=None, forbid=CardTest(colour="blue")),
                                    cards("blue-5")),
    "same within": local_failure(Clause(cards=Range("exact", 2), within=Relations(
        same=(Attr.COLOUR,))), cards("blue-5", "green-6")),
    "different within": local_failure(Clause(cards=Range("exact", 2), within=Relations(
        different=(Attr.VALUE,))), cards("blue-5", "green-5")),
    "gray within": local_failure(Clause(cards=Range("exact", 2), within=Relations(
        same=(Attr.COLOUR,))), cards("gray-5", "green-6")),
    "no icon within": local_failure(Clause(cards=Range("exact", 2), within=Relations(
        same=(Attr.HAND,))), cards("blue-5", "green-6-LH")),
    "sequential within": local_failure(Clause(cards=Range("exact", 2), within=Relations(
        sequential=True)), cards("blue-2", "green-6")),
    "same across": across_failures(Clause(across=Relations(same=(Attr.COLOUR,))), [
        (1, cards("blue-2")), (2, cards("green-3")), (3, cards("blue-9"))])[2],
    "different across": across_failures(Clause(across=Relations(different=(Attr.VALUE,))), [
        (1, cards("blue-2")), (2, cards("green-2"))])[2],
    "run count": across_failures(Clause(cards=None, across=Relations(sequential=True)), [
        (1, cards("blue-2")), (2, cards("green-3", "blue-4"))])[2],
    "run value": across_failures(Clause(across=Relations(sequential=True)), [
        (1, cards("blue-2")), (2, cards("green-3")), (3, cards("blue-9"))])[3],
    "neighbour same": neighbor_failures(Clause(neighbors=Relations(same=(Attr.COLOUR,))), [
        (1, cards("blue-2")), (2, cards("green-3")), (3, cards("blue-9"))])[2],
    "neighbour different": neighbor_failures(
        Clause(neighbors=Relations(different=(Attr.COLOUR,))),
        [(1, cards("blue-2")), (2, cards("blue-3")), (3, cards("green-9"))])[2],
}


@pytest.mark.parametrize("kind", sorted(PROBLEMS))
def test_every_problem_the_checks_write_reads_as_a_sentence_about_the_seat(kind):
    problem = PROBLEMS[kind]
    assert problem, kind
    for context in ("", "as 'all others: a blue card': ", "twist 'Sudden Depth': "):
        text = sentence(as_judged(context + problem))
        assert text.startswith("Seat 2 ") and text.endswith("."), text
        assert not CODE.search(text), text
        assert "as '" not in text and "lane 1:" not in text, text


def test_sentences_say_what_happened_and_what_was_needed():
    assert sentence(as_judged(PROBLEMS["count"])) == "Seat 2 played no card but needed 1 card."
    assert sentence(as_judged(PROBLEMS["wrong colour"])) == (
        "Seat 2 played the blue 7 with a left hand, not a yellow card.")
    assert sentence(as_judged(PROBLEMS["other icon"])) == (
        "Seat 2 played the green 2 with a right hand, which does not show a left hand.")
    assert sentence(as_judged("as 'all others: a blue card': " + PROBLEMS["count"])) == (
        "Seat 2 played no card but needed 1 card (their part: a blue card).")
    assert sentence(as_judged("twist 'Sudden Depth': " + PROBLEMS["forbidden card"])) == (
        "Seat 2 played the blue 5, but no card may be blue here (the twist \u201cSudden "
        "Depth\u201d).")
    assert sentence(as_judged(PROBLEMS["neighbour same"])) == (
        "Seat 2 played the green 3, not the same colour as the blue 9 of seat 3 beside them.")


def test_the_judges_own_reasons_read_as_sentences():
    """Reasons only the judge writes: options, an empty lane, too few swimmers."""
    low_or_high = Element("E", "Low or High", Mode.EACH, options=(
        Clause(each=CardTest(value=Range("max", 3))), Clause(each=CardTest(value=Range(
            "min", 8)))))
    table = Table.build([1, 2, 3], captain=1, plays={
        1: {1: ["blue-2"]}, 2: {1: ["blue-5"], 2: ["green-4"]}, 3: {1: ["green-9"]}})
    reasons = judge(table, [low_or_high]).reasons
    assert len(reasons) == 2
    options, empty_lane = (sentence(r) for r in reasons)
    assert options == ("Seat 2 met none of the choices: for \u201ca 3 or lower card\u201d they "
                       "played the blue 5, which is not 3 or lower; for \u201can 8 or higher "
                       "card\u201d they played the blue 5, which is not 8 or higher.")
    assert empty_lane == ("Seat 2 put cards in lane 2, which stays empty until its element "
                          "is face up.")
    assert sentence("Seat 1, lane 1: this element needs at least 4 swimmers") == (
        "Seat 1 could not play this: it needs at least 4 swimmers at the table.")


def test_an_unknown_reason_is_still_shown_with_its_cards_in_words():
    assert sentence("Seat 5, lane 3: blue-2-BF smells fishy") == (
        "Seat 5 blue 2 with both feet smells fishy.")
    assert sentence("the table was bumped") == "the table was bumped"
    assert card_words("gray-10-LH-RF") == "grey 10 with a left hand and a right foot"


def test_the_cards_a_reason_names_are_the_ones_marked():
    shorts = ["blue-5", "green-6", "yellow-1"]
    assert blamed(as_judged(PROBLEMS["same within"]), shorts) == (0, 1)
    assert blamed(as_judged("played 3 cards, needs at most 1 card"), shorts) == (0, 1, 2)
    assert blamed(as_judged(PROBLEMS["count"]), []) == (-1,)
    assert blamed(None, shorts) == ()
    # a neighbour's card named in the reason is theirs, not this swimmer's
    assert blamed(as_judged("green-6 is not the same colour as neighbour seat 3's blue-5"),
                  shorts) == (1,)
