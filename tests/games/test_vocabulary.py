"""Every term of the rulebook's icon table, judged on a passing and a failing table.

Elements are written as café owners write them (TOML-shaped dicts through
``content.parse_element``), so these tests exercise the requirement language as well as
the judge. Reasons are checked word for word where the wording is part of the contract
("Seat 4, lane 2: grey cannot meet 'same colour'").
"""

from __future__ import annotations

import pytest

from kiosk.games.sync_or_swim.cards import Card
from kiosk.games.sync_or_swim.content import parse_element, parse_twist
from kiosk.games.sync_or_swim.judge import Table, Verdict, judge

SOURCE = "test-elements.toml"


def element(mode: str = "each", ident: str = "T1", **fields):
    return parse_element({"id": ident, "name": f"Test {ident}", "mode": mode, **fields}, SOURCE)


def play(elem, *per_seat: str, seats=None, captain=None, twists=(), choices=None) -> Verdict:
    """Judge lane 1. ``per_seat[i]`` is what ``seats[i]`` plays, space separated."""
    seats = list(seats) if seats is not None else list(range(1, len(per_seat) + 1))
    assert len(seats) == len(per_seat)
    captain = seats[0] if captain is None else captain
    plays = {seat: {1: cards.split()} for seat, cards in zip(seats, per_seat, strict=True)}
    return judge(Table.build(seats, captain, plays), [elem], twists, choices)


def failed(verdict: Verdict, lane: int = 1) -> dict[int, str]:
    return {s.seat: s.reason for s in verdict.lanes[lane - 1].swimmers if not s.passed}


def passes(verdict: Verdict) -> None:
    assert verdict.in_sync, verdict.reasons
    assert verdict.words == "IN SYNC"
    assert verdict.reasons == ()
    assert all(s.passed and s.reason is None for lane in verdict.lanes for s in lane.swimmers)


def fails_only(verdict: Verdict, expected: dict[int, str], lane: int = 1) -> None:
    """Exactly these seats fail in ``lane``; each reason contains the given words."""
    assert not verdict.in_sync
    assert verdict.words == "NOT IN SYNC"
    got = failed(verdict, lane)
    assert set(got) == set(expected), got
    for seat, words in expected.items():
        assert got[seat].startswith(f"Seat {seat}, lane {lane}: "), got[seat]
        assert words in got[seat], got[seat]


# ---------- each swimmer / team / OR ----------

def test_each_swimmer_meets_it_independently():
    blue = element(colour="blue")
    passes(play(blue, "blue-1", "blue-5", "blue-10"))
    verdict = play(blue, "blue-1", "yellow-3", "blue-10")
    fails_only(verdict, {2: "yellow-3 is not blue"})
    assert verdict.reasons == ("Seat 2, lane 1: yellow-3 is not blue",)
    assert [s.role for s in verdict.lanes[0].swimmers] == [None, None, None]


def test_each_with_or_lets_every_swimmer_pick_their_own_option():
    low_high = element(option=[{"value": "3-", "label": "a low card"},
                               {"value": "8+", "label": "a high card"}])
    verdict = play(low_high, "blue-2", "green-9", "yellow-3", "gray-8")
    passes(verdict)
    assert [s.role for s in verdict.lanes[0].swimmers] == [
        "a low card", "a high card", "a low card", "a high card"]
    assert verdict.lanes[0].choice is None  # nobody chooses for the team

    verdict = play(low_high, "blue-2", "green-5", "yellow-9")
    fails_only(verdict, {2: "meets none of the options"})
    assert verdict.reasons == (
        "Seat 2, lane 1: meets none of the options: 'a low card' (green-5 is not 3 or "
        "lower) nor 'a high card' (green-5 is not 8 or higher)",)


def test_each_with_or_option_needing_two_cards():
    one_or_two = element(option=[{"colour": "blue"}, {"cards": 2, "colour": "green"}])
    passes(play(one_or_two, "blue-1", "green-1 green-2", "blue-9"))
    fails_only(play(one_or_two, "blue-1", "green-1", "blue-9"),
               {2: "played 1 card, needs 2 cards"})


def test_team_means_every_swimmer_plays_it():
    green = element("team", colour="green")
    passes(play(green, "green-1", "green-2", "green-3", "green-4"))
    fails_only(play(green, "green-1", "green-2", "green-3", ""),
               {4: "played no card, needs 1 card"})


def test_team_same_colour_blames_the_odd_one_out():
    same = element("team", across={"same": "colour"})
    passes(play(same, "yellow-1", "yellow-2", "yellow-3"))
    verdict = play(same, "blue-2", "blue-9", "gray-4")
    assert verdict.reasons == ("Seat 3, lane 1: grey cannot meet 'same colour'",)
    fails_only(play(same, "blue-2", "green-9", "blue-4"),
               {2: "green-9 is not blue like the others"})


def test_team_with_or_reports_the_captains_choice():
    colours = element("team", option=[{"colour": "blue"}, {"colour": "yellow"},
                                      {"colour": "green"}])
    verdict = play(colours, "yellow-1", "yellow-7", "yellow-10")
    passes(verdict)
    assert verdict.lanes[0].choice == "a yellow card"
    assert verdict.to_dict()["lanes"][0]["choice"] == "a yellow card"

    # Everyone must agree: each colour is fine on its own, but not mixed.
    verdict = play(colours, "blue-1", "yellow-7", "yellow-10")
    fails_only(verdict, {1: "blue-1 is not yellow"})
    assert verdict.lanes[0].choice == "a yellow card"  # the option closest to passing


def test_team_with_or_choices_argument_forces_the_option():
    colours = element("team", option=[{"colour": "blue"}, {"colour": "yellow"}])
    cards = ("yellow-1", "yellow-7", "yellow-10")
    forced = play(colours, *cards, choices={1: 0})
    fails_only(forced, {1: "yellow-1 is not blue", 2: "yellow-7 is not blue",
                        3: "yellow-10 is not blue"})
    assert forced.lanes[0].choice == "a blue card"
    agreed = play(colours, *cards, choices={1: 1})
    passes(agreed)
    assert agreed.lanes[0].choice == "a yellow card"
    with pytest.raises(ValueError, match="choice 3 does not exist: the element has 2"):
        play(colours, *cards, choices={1: 2})
    with pytest.raises(ValueError, match="does not exist"):
        play(colours, *cards, choices={1: -1})


def test_team_with_or_three_odd_or_three_even():
    odds_evens = element("team", option=[{"cards": 3, "value": "odd", "label": "3 odd cards"},
                                         {"cards": 3, "value": "even", "label": "3 even cards"}])
    verdict = play(odds_evens, "blue-2 blue-4 blue-6", "green-8 green-10 gray-2",
                   "yellow-4 yellow-6 yellow-8")
    passes(verdict)
    assert verdict.lanes[0].choice == "3 even cards"
    verdict = play(odds_evens, "blue-1 blue-3 blue-5", "green-8 green-10 gray-2",
                   "yellow-4 yellow-6 yellow-8")
    fails_only(verdict, {1: "blue-1 is not even"})
    assert verdict.lanes[0].choice == "3 even cards"


def test_single_option_team_reports_no_choice():
    verdict = play(element("team", colour="blue"), "blue-1", "blue-2", "blue-3")
    assert verdict.lanes[0].choice is None


# ---------- role splits ----------

def test_role_split_one_second_and_all_others():
    trio = element("split", role=[{"swimmers": 1, "colour": "yellow"},
                                  {"swimmers": 1, "colour": "green"},
                                  {"swimmers": "others", "colour": "blue"}])
    verdict = play(trio, "blue-1", "green-2", "blue-3", "yellow-4")
    passes(verdict)
    roles = {s.seat: s.role for s in verdict.lanes[0].swimmers}
    assert roles == {1: "all others: a blue card", 2: "a second swimmer: a green card",
                     3: "all others: a blue card", 4: "one swimmer: a yellow card"}
    verdict = play(trio, "blue-1", "yellow-2", "blue-3", "yellow-4")
    assert not verdict.in_sync
    assert len(verdict.reasons) == 1  # one yellow is the yellow swimmer, the other fails
    assert set(failed(verdict)) <= {2, 4}
    assert "as '" in verdict.reasons[0]


def test_role_split_two_swimmers_and_all_others():
    split = element("split", role=[{"swimmers": 2, "hand": "any"},
                                   {"swimmers": "others", "colour": "blue"}])
    verdict = play(split, "blue-1", "gray-2-LH", "blue-3", "green-4-RH", "blue-5")
    passes(verdict)
    roles = {s.seat: s.role for s in verdict.lanes[0].swimmers}
    assert roles[2] == roles[4] == "two swimmers: a card with a hand icon"
    assert roles[1] == roles[3] == roles[5] == "all others: a blue card"
    verdict = play(split, "blue-1", "gray-2-LH", "blue-3", "green-4", "blue-5")
    fails_only(verdict, {4: "green-4"})


# ---------- numbers ----------

def test_any_number_of_cards():
    any_blue = element(cards="any", colour="blue")
    passes(play(any_blue, "", "blue-1", "blue-2 blue-3 blue-4 blue-5"))
    fails_only(play(any_blue, "", "blue-1", "blue-2 yellow-3"), {3: "yellow-3 is not blue"})


def test_any_value():
    passes(play(element(value="any"), *(f"gray-{v}" for v in range(1, 11))))
    fails_only(play(element(value="any"), "gray-1", "gray-1 gray-2"),
               {2: "played 2 cards, needs 1 card"})


@pytest.mark.parametrize("written", [7, "7", " 7 "])
def test_exact_value(written):
    seven = element(value=written)
    passes(play(seven, "blue-7", "gray-7-LH", "green-7"))
    verdict = play(seven, "blue-7", "blue-6", "blue-8")
    fails_only(verdict, {2: "blue-6 is not a 7", 3: "blue-8 is not a 7"})


def test_value_or_higher():
    high = element(value="7+")
    passes(play(high, "blue-7", "blue-8", "blue-10"))
    assert failed(play(high, "blue-7", "blue-6", "blue-10")) == {
        2: "Seat 2, lane 1: blue-6 is not 7 or higher"}


def test_value_or_lower():
    low = element(value="3-")
    passes(play(low, "blue-1", "blue-2", "blue-3"))
    assert failed(play(low, "blue-1", "blue-4", "blue-3")) == {
        2: "Seat 2, lane 1: blue-4 is not 3 or lower"}


@pytest.mark.parametrize("value", range(1, 11))
def test_even_and_odd(value):
    even, odd = element(value="even"), element(value="odd")
    card = f"green-{value}"
    good, bad = (even, odd) if value % 2 == 0 else (odd, even)
    passes(play(good, card, "green-5" if good is odd else "green-6", card))
    verdict = play(bad, card, card, card)
    word = "odd" if value % 2 == 0 else "even"
    fails_only(verdict, {1: f"{card} is not {word}", 2: "", 3: ""})


# ---------- sequential ----------

def test_sequential_within_a_swimmers_own_cards_in_any_order():
    ladder = element(cards=3, within={"sequential": True})
    passes(play(ladder, "blue-6 gray-4 green-5", "blue-8 blue-9 blue-10", "blue-1 blue-3 blue-2"))
    verdict = play(ladder, "blue-4 blue-5 blue-7", "blue-4 blue-4 blue-5", "blue-1 blue-2 blue-3")
    assert failed(verdict) == {
        1: "Seat 1, lane 1: the values 4, 5, 7 are not sequential",
        2: "Seat 2, lane 1: the values 4, 4, 5 are not sequential"}


def test_sequential_across_swimmers_runs_clockwise_from_the_captain():
    relay = element("team", across={"sequential": True})
    # Seats 1, 2, 3 with the captain at 2: the run goes 2 -> 3 -> 1.
    passes(play(relay, "blue-6", "blue-4", "blue-5", captain=2))
    verdict = play(relay, "blue-6", "blue-4", "blue-5", captain=1)
    assert failed(verdict) == {
        1: "Seat 1, lane 1: plays 6, but the run clockwise from the captain needs 3 here"}
    # A run falling clockwise is not a run.
    assert not play(relay, "blue-7", "blue-6", "blue-5").in_sync
    passes(play(relay, "gray-8", "blue-9", "green-10"))


def test_sequential_across_six_swimmers():
    relay = element("team", across={"sequential": True})
    passes(play(relay, *(f"yellow-{v}" for v in range(5, 11))))
    verdict = play(relay, "yellow-5", "yellow-6", "yellow-7", "yellow-7", "yellow-9", "yellow-10")
    fails_only(verdict, {4: "plays 7, but the run clockwise from the captain needs 8 here"})


# ---------- same / different ----------

# attribute: (two cards that share it, two cards that do not, a card lacking it or None)
ATTRS = {
    "colour": (("blue-1", "blue-9"), ("blue-1", "green-1"), "gray-5"),
    "value": (("blue-4", "green-4"), ("blue-4", "blue-5"), None),
    "parity": (("blue-4", "green-8"), ("blue-4", "blue-5"), None),
    "hand": (("blue-1-LH", "green-5-LH"), ("blue-1-LH", "blue-2-RH"), "blue-3"),
    "foot": (("blue-1-BF", "green-5-BF"), ("blue-1-BF", "blue-2-LF"), "blue-3"),
}
NOUN = {"colour": "colour", "value": "value", "parity": "parity", "hand": "hand icon",
        "foot": "foot icon"}


@pytest.mark.parametrize("attr", ATTRS)
def test_same_within(attr):
    alike, unlike, lacking = ATTRS[attr]
    same = element(cards=2, within={"same": attr})
    passes(play(same, " ".join(alike), " ".join(alike), " ".join(alike)))
    verdict = play(same, " ".join(alike), " ".join(unlike), " ".join(alike))
    fails_only(verdict, {2: f"are not the same {NOUN[attr]}"})
    if lacking:
        verdict = play(same, " ".join(alike), f"{lacking} {lacking}", " ".join(alike))
        reason = failed(verdict)[2]
        if attr == "colour":
            assert reason == "Seat 2, lane 1: grey cannot meet 'same colour'"
        else:
            assert reason == (f"Seat 2, lane 1: {lacking} has no {NOUN[attr]} and cannot meet "
                              f"'same {NOUN[attr]}'")


@pytest.mark.parametrize("attr", ATTRS)
def test_different_within(attr):
    alike, unlike, lacking = ATTRS[attr]
    different = element(cards=2, within={"different": attr})
    passes(play(different, " ".join(unlike), " ".join(unlike), " ".join(unlike)))
    verdict = play(different, " ".join(unlike), " ".join(alike), " ".join(unlike))
    fails_only(verdict, {2: f"share the {NOUN[attr]}"})
    if lacking:
        verdict = play(different, f"{lacking} {unlike[0]}", " ".join(unlike), " ".join(unlike))
        assert f"cannot meet 'different {NOUN[attr]}s'" in failed(verdict)[1]


def test_within_same_and_different_together():
    rainbow = element(cards=2, within={"different": ["colour", "value"]})
    passes(play(rainbow, "blue-1 green-2", "yellow-3 blue-4", "green-9 yellow-10"))
    fails_only(play(rainbow, "blue-1 green-1", "yellow-3 blue-4", "green-9 green-10"),
               {1: "share the value 1", 3: "share the colour green"})


# attribute: (three cards all alike, the third card breaking it, three cards all unlike)
ACROSS = {
    "colour": (("blue-1", "blue-5", "blue-9"), "green-9", ("blue-1", "yellow-1", "green-1")),
    "value": (("blue-4", "green-4", "gray-4"), "gray-5", ("blue-4", "blue-5", "blue-6")),
    "parity": (("blue-4", "green-8", "gray-2"), "gray-3", None),
    "hand": (("blue-1-RH", "green-5-RH", "gray-2-RH"), "gray-2-LH",
             ("blue-1-LH", "blue-1-BH", "blue-1-RH")),
    "foot": (("blue-1-LF", "green-5-LF", "gray-2-LF"), "gray-2-RF",
             ("blue-1-LF", "blue-1-BF", "blue-1-RF")),
}


@pytest.mark.parametrize("attr", ACROSS)
def test_same_across_swimmers(attr):
    alike, breaker, _ = ACROSS[attr]
    same = element("team", across={"same": attr})
    passes(play(same, *alike))
    verdict = play(same, alike[0], alike[1], breaker)
    fails_only(verdict, {3: f"{breaker} is not"})
    assert failed(verdict)[3].endswith("like the others")


@pytest.mark.parametrize("attr", ACROSS)
def test_different_across_swimmers(attr):
    alike, breaker, unlike = ACROSS[attr]
    different = element("team", across={"different": attr})
    if unlike:
        passes(play(different, *unlike))
    else:  # only two parities: two swimmers can differ, three cannot
        passes(play(different, "blue-1", "blue-2"))
    verdict = play(different, alike[0], alike[1], breaker)
    fails_only(verdict, {1: f"{alike[0]} has the same {NOUN[attr]} as seat 2's {alike[1]}",
                         2: f"{alike[1]} has the same {NOUN[attr]} as seat 1's {alike[0]}"})


def test_different_across_parity_three_swimmers_cannot_all_differ():
    different = element("team", across={"different": "parity"})
    verdict = play(different, "blue-1", "blue-2", "blue-3")
    fails_only(verdict, {1: "blue-1 has the same parity as seat 3's blue-3",
                         3: "blue-3 has the same parity as seat 1's blue-1"})


# ---------- colours and icons ----------

def test_any_colour_never_counts_gray():
    coloured = element(colour="any")
    passes(play(coloured, "blue-1", "yellow-2", "green-3"))
    assert failed(play(coloured, "blue-1", "gray-2", "green-3")) == {
        2: "Seat 2, lane 1: gray-2 is grey, which never counts as a colour"}


@pytest.mark.parametrize("colour", ["blue", "yellow", "green", "gray"])
def test_each_specific_colour(colour):
    other = "gray" if colour != "gray" else "blue"
    one = element(colour=colour)
    passes(play(one, f"{colour}-1", f"{colour}-10-LH-RF", f"{colour}-5"))
    assert failed(play(one, f"{colour}-1", f"{other}-4", f"{colour}-5")) == {
        2: f"Seat 2, lane 1: {other}-4 is not {colour.replace('gray', 'grey')}"}


def test_colour_is_case_insensitive_in_content():
    passes(play(element(colour="Blue"), "blue-1", "blue-2", "blue-3"))


ICON_CASES = {
    # want: (a card that passes, a card that fails, words of the failure)
    "any": ("{L}", "", "shows no {limb} icon"),
    "left": ("L{L}", "R{L}", "does not show the left {limb} icon"),
    "both": ("B{L}", "L{L}", "does not show the both {limb} icon"),
    "right": ("R{L}", "", "does not show the right {limb} icon"),
    "none": ("", "B{L}", "shows a {limb} icon"),
}


@pytest.mark.parametrize("limb", ["hand", "foot"])
@pytest.mark.parametrize("want", ICON_CASES)
def test_hand_and_foot_icons(limb, want):
    letter = "H" if limb == "hand" else "F"
    good, bad, words = (part.format(L=letter, limb=limb) for part in ICON_CASES[want])
    if want == "any":
        good = f"L{letter}"
    other = "LF" if limb == "hand" else "LH"  # an icon of the other limb never matters
    good_card = "-".join(x for x in ("blue-5", good, other) if x)
    bad_card = "-".join(x for x in ("blue-5", bad, other) if x)
    icon = element(**{limb: want})
    passes(play(icon, good_card, good_card, good_card))
    verdict = play(icon, good_card, bad_card, good_card)
    fails_only(verdict, {2: f"{Card.parse(bad_card)} {words}"})


# ---------- no-symbol ----------

def test_no_symbol_forbids_an_item():
    no_blue = element(**{"not": {"colour": "blue"}})
    passes(play(no_blue, "yellow-1", "gray-2", "green-3"))
    assert failed(play(no_blue, "yellow-1", "blue-2", "green-3")) == {
        2: "Seat 2, lane 1: blue-2 breaks 'no card blue'"}


def test_no_symbol_for_hand_icons():
    hands_off = element(cards=2, **{"not": {"hand": "any"}})
    passes(play(hands_off, "blue-1 blue-2-LF", "gray-2 gray-3", "green-3 green-4-RF"))
    fails_only(play(hands_off, "blue-1 blue-2-BH", "gray-2 gray-3", "green-3 green-4"),
               {1: "blue-2-BH breaks 'no card with a hand icon'"})


def test_no_symbol_with_two_fields_forbids_cards_that_are_both():
    no_high_blue = element(**{"not": {"colour": "blue", "value": "7+"}})
    passes(play(no_high_blue, "blue-3", "yellow-9", "green-10"))
    fails_only(play(no_high_blue, "blue-3", "blue-9", "green-10"), {2: "blue-9 breaks"})


def test_no_symbol_card_means_play_no_card():
    empty = element(cards=0)
    passes(play(empty, "", "", ""))
    assert failed(play(empty, "", "gray-2", "blue-1 blue-2")) == {
        2: "Seat 2, lane 1: played 1 card, needs no card",
        3: "Seat 3, lane 1: played 2 cards, needs no card"}


# ---------- neighbors ----------

def test_neighbors_same_with_three_seats_everyone_is_a_neighbor():
    in_step = element(neighbors={"same": "parity"})
    passes(play(in_step, "blue-2", "green-4", "gray-10"))
    verdict = play(in_step, "blue-2", "green-4", "gray-7")
    # Seat 3 is out of step, and both others sit next to it.
    assert failed(verdict) == {
        1: "Seat 1, lane 1: blue-2 is not the same parity as neighbour seat 3's gray-7",
        2: "Seat 2, lane 1: green-4 is not the same parity as neighbour seat 3's gray-7",
        3: "Seat 3, lane 1: gray-7 is not the same parity as neighbour seat 1's blue-2"}


def test_neighbors_different_with_six_seats_only_checks_adjacent_seats():
    contrast = element(colour="any", neighbors={"different": "colour"})
    # Seats 1, 3, 5 share blue; none of them sit side by side.
    passes(play(contrast, "blue-1", "yellow-2", "blue-3", "green-4", "blue-5", "yellow-6"))
    verdict = play(contrast, "blue-1", "yellow-2", "blue-3", "blue-4", "green-5", "yellow-6")
    assert failed(verdict) == {
        3: "Seat 3, lane 1: blue-3 has the same colour as neighbour seat 4's blue-4",
        4: "Seat 4, lane 1: blue-4 has the same colour as neighbour seat 3's blue-3"}


def test_neighbors_wrap_around_between_the_last_and_first_seat():
    contrast = element(neighbors={"different": "value"})
    verdict = play(contrast, "blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-1")
    assert failed(verdict) == {
        1: "Seat 1, lane 1: blue-1 has the same value as neighbour seat 6's blue-1",
        6: "Seat 6, lane 1: blue-1 has the same value as neighbour seat 1's blue-1"}


def test_neighbors_left_neighbor_is_reported_first():
    same_value = element(neighbors={"same": "value"})
    # Seat 2's left neighbor is seat 3 (next clockwise), its right neighbor seat 1.
    verdict = play(same_value, "blue-1", "blue-2", "blue-3", "blue-2")
    assert failed(verdict)[2] == (
        "Seat 2, lane 1: blue-2 is not the same value as neighbour seat 3's blue-3")


def test_neighbors_against_gray_same_blames_both_different_blames_only_gray():
    same = element(neighbors={"same": "colour"})
    verdict = play(same, "blue-1", "blue-2", "gray-3", "blue-4")
    assert set(failed(verdict)) == {2, 3, 4}
    assert failed(verdict)[3] == (
        "Seat 3, lane 1: grey cannot meet 'same colour as the neighbours'")
    different = element(neighbors={"different": "colour"})
    verdict = play(different, "blue-1", "green-2", "gray-3", "green-4")
    assert set(failed(verdict)) == {3}


# ---------- how many cards ----------

def test_exact_number_of_cards():
    two = element(cards=2)
    passes(play(two, "blue-1 blue-2", "gray-5 gray-5", "green-1 yellow-9"))
    assert failed(play(two, "blue-1", "gray-5 gray-5 gray-6", "")) == {
        1: "Seat 1, lane 1: played 1 card, needs 2 cards",
        2: "Seat 2, lane 1: played 3 cards, needs 2 cards",
        3: "Seat 3, lane 1: played no card, needs 2 cards"}


def test_at_least_a_number_of_cards():
    two_plus = element(cards="2+")
    passes(play(two_plus, "blue-1 blue-2", "gray-5 gray-5 gray-6",
                "green-1 green-2 green-3 green-4 green-5"))
    assert failed(play(two_plus, "blue-1", "gray-5 gray-5", "gray-1 gray-2")) == {
        1: "Seat 1, lane 1: played 1 card, needs at least 2 cards"}


def test_at_most_a_number_of_cards():
    up_to_three = element(cards="3-")
    passes(play(up_to_three, "", "blue-1", "blue-1 blue-2 blue-3"))
    assert failed(play(up_to_three, "", "blue-1", "blue-1 blue-2 blue-3 blue-4")) == {
        3: "Seat 3, lane 1: played 4 cards, needs at most 3 cards"}


def test_one_card_is_the_default():
    anything = element()
    passes(play(anything, "blue-1", "gray-2-LH-LF", "green-10"))
    assert failed(play(anything, "blue-1 blue-2", "", "green-10")) == {
        1: "Seat 1, lane 1: played 2 cards, needs 1 card",
        2: "Seat 2, lane 1: played no card, needs 1 card"}


# ---------- lanes, twists, determinism, seat order ----------

def test_cards_in_a_lane_with_no_element_yet_fail():
    table = Table.build([1, 2, 3], 1, {1: {1: ["blue-1"], 3: ["blue-2"]},
                                       2: {1: ["blue-3"]}, 3: {1: ["blue-4"]}})
    verdict = judge(table, [element()])
    assert [lane.lane for lane in verdict.lanes] == [1, 2, 3]
    assert verdict.lanes[0].passed and verdict.lanes[1].passed
    lane3 = verdict.lanes[2]
    assert (lane3.element_id, lane3.element_name, lane3.passed) == (None, "no element yet", False)
    assert verdict.reasons == (
        "Seat 1, lane 3: no element is face up for lane 3 yet, so it must stay empty",)


def test_an_element_with_nobody_playing_fails_every_swimmer():
    verdict = judge(Table.build([1, 2, 3], 1, {}), [element(), element(cards=0, ident="T2")])
    assert len(verdict.lanes) == 2
    assert set(failed(verdict, 1)) == {1, 2, 3} and verdict.lanes[1].passed


NO_GRAY = parse_twist({"id": "TW", "name": "No Grey Zone", "text": "No grey cards.",
                       "every_lane": {"not": {"colour": "gray"}}}, "test-twists.toml")


def test_twist_every_lane_applies_to_every_lane():
    elements = [element(ident="A", value="5+"), element(ident="B", cards="any"),
                element(ident="C", cards=0)]
    good = Table.build([1, 2, 3], 1, {1: {1: ["blue-5"], 2: ["blue-1", "green-2"]},
                                      2: {1: ["green-9"]}, 3: {1: ["yellow-6"], 2: []}})
    passes(judge(good, elements, [NO_GRAY]))
    bad = Table.build([1, 2, 3], 1, {1: {1: ["blue-5"], 2: ["blue-1", "gray-2"]},
                                     2: {1: ["gray-9"]}, 3: {1: ["yellow-6"]}})
    verdict = judge(bad, elements, [NO_GRAY])
    assert verdict.reasons == (
        "Seat 2, lane 1: twist 'No Grey Zone': gray-9 breaks 'no card grey'",
        "Seat 1, lane 2: twist 'No Grey Zone': gray-2 breaks 'no card grey'")
    passes(judge(bad, elements))  # without the twist the same table is fine


def test_twist_does_not_hide_the_elements_own_reason():
    verdict = play(element(value="5+"), "gray-1", "blue-6", "blue-7", twists=[NO_GRAY])
    assert verdict.reasons == ("Seat 1, lane 1: gray-1 is not 5 or higher",)


def test_twist_with_no_lane_rule_changes_no_verdict():
    sudden = parse_twist({"id": "T01", "name": "Sudden Depth", "text": "Pass left.",
                          "sudden_depth": True}, "test-twists.toml")
    one = element()
    assert play(one, "gray-1", "blue-6", "blue-7", twists=[sudden]).to_dict() == play(
        one, "gray-1", "blue-6", "blue-7").to_dict()


def test_same_inputs_give_identical_words():
    elements = [element("split", ident="S", role=[{"swimmers": 1, "value": "9+"},
                                                  {"swimmers": "others", "value": "5-"}]),
                element("team", ident="C", option=[{"colour": "blue"}, {"colour": "green"}]),
                element(ident="N", neighbors={"different": "value"})]
    plays = {1: {1: ["blue-10"], 2: ["blue-1"], 3: ["blue-1"]},
             2: {1: ["blue-9"], 2: ["green-1"], 3: ["blue-1"]},
             3: {1: ["blue-6"], 2: ["blue-1"], 3: ["blue-2"]},
             4: {1: ["blue-3"], 2: ["gray-2"], 3: ["blue-3", "blue-4"]}}
    first = judge(Table.build([1, 2, 3, 4], 2, plays), elements).to_dict()
    assert not first["in_sync"] and len(first["reasons"]) >= 4
    for _ in range(5):
        assert judge(Table.build([1, 2, 3, 4], 2, plays), elements).to_dict() == first
    # Neither the order the plays are given in nor the order of cards in a lane matters.
    shuffled = {seat: {lane: list(reversed(cards)) for lane, cards in reversed(lanes.items())}
                for seat, lanes in reversed(plays.items())}
    assert judge(Table.build([1, 2, 3, 4], 2, shuffled), elements).to_dict() == first


def test_to_dict_shape():
    result = play(element(colour="blue"), "blue-1", "gray-2", "blue-3").to_dict()
    assert result == {
        "verdict": "NOT IN SYNC", "in_sync": False,
        "lanes": [{"lane": 1, "element": "T1", "name": "Test T1", "passed": False,
                   "choice": None, "swimmers": [
                       {"seat": 1, "passed": True, "reason": None, "role": None},
                       {"seat": 2, "passed": False, "reason": "Seat 2, lane 1: gray-2 is not blue",
                        "role": None},
                       {"seat": 3, "passed": True, "reason": None, "role": None}]}],
        "reasons": ["Seat 2, lane 1: gray-2 is not blue"]}


def test_seat_order_other_than_one_to_n_drives_sequential():
    relay = element("team", across={"sequential": True})
    seats = [2, 5, 6, 1]
    # Clockwise from captain 5: 5, 6, 1, 2.
    verdict = play(relay, "blue-6", "blue-3", "blue-4", "blue-5", seats=seats, captain=5)
    passes(verdict)
    assert [s.seat for s in verdict.lanes[0].swimmers] == seats  # reported in table order
    # By seat number (1, 2, 5, 6) these cards would be 5, 6, 3, 4: not a run.
    verdict = play(relay, "blue-6", "blue-3", "blue-4", "blue-5", seats=seats, captain=2)
    assert not verdict.in_sync


def test_seat_order_other_than_one_to_n_drives_neighbors():
    contrast = element(neighbors={"different": "colour"})
    seats = [2, 6, 5, 1]
    # Around the table: 2 blue, 6 yellow, 5 blue, 1 yellow: neighbors always differ,
    # although seats 2 and 5 (and 6 and 1) would be adjacent by number.
    passes(play(contrast, "blue-1", "yellow-1", "blue-2", "yellow-2", seats=seats, captain=5))
    verdict = play(contrast, "blue-1", "yellow-1", "yellow-2", "blue-2", seats=seats, captain=5)
    # Now 6 and 5 sit together with yellow, and 1 and 2 with blue (wrapping around).
    assert failed(verdict) == {
        2: "Seat 2, lane 1: blue-1 has the same colour as neighbour seat 1's blue-2",
        6: "Seat 6, lane 1: yellow-1 has the same colour as neighbour seat 5's yellow-2",
        5: "Seat 5, lane 1: yellow-2 has the same colour as neighbour seat 6's yellow-1",
        1: "Seat 1, lane 1: blue-2 has the same colour as neighbour seat 2's blue-1"}


def test_left_neighbor_is_the_next_seat_in_the_list():
    same_value = element(neighbors={"same": "value"})
    seats = [2, 5, 6, 1]
    # Seat 6's left neighbor is seat 1 (next in the list), its right neighbor seat 5.
    verdict = play(same_value, "blue-4", "blue-4", "blue-4", "blue-9", seats=seats, captain=5)
    assert failed(verdict)[6] == (
        "Seat 6, lane 1: blue-4 is not the same value as neighbour seat 1's blue-9")


# ---------- the words an element reads as ----------

@pytest.mark.parametrize(("fields", "summary"), [
    ({"value": 7}, "each swimmer: a 7 card"),
    ({"value": "odd"}, "each swimmer: an odd card"),
    ({"value": "even", "cards": 2}, "each swimmer: 2 even cards"),
    ({"value": "8+"}, "each swimmer: an 8 or higher card"),
    ({"colour": "blue"}, "each swimmer: a blue card"),
    ({"value": "any"}, "each swimmer: a card"),
    ({"colour": "any", "value": "3-"}, "each swimmer: a 3 or lower coloured (not grey) card"),
    ({"hand": "any", "foot": "none"},
     "each swimmer: a card with a hand icon and with no foot icon"),
    ({"cards": 2, "within": {"same": "value"}}, "each swimmer: 2 cards, same value"),
    ({"neighbors": {"same": "colour"}}, "each swimmer: a card, same colour as the neighbours"),
    ({"neighbors": {"different": "value"}},
     "each swimmer: a card, different values from the neighbours"),
])
def test_element_summary_reads_as_a_sentence(fields, summary):
    assert element(**fields).summary == summary


def test_team_across_summary_reads_as_a_sentence():
    assert element("team", across={"same": "colour"}).summary == (
        "the team: a card, same colour as the others")
    assert element("team", across={"different": "value"}).summary == (
        "the team: a card, different values from the others")


# ---------- one spelling and one name across screens, docs and the command line ----------

def test_player_facing_text_is_british_english():
    """Screens (kv and code), table messages, judge reasons, CLI help, docs and the
    shipped config write "colour", "grey", "neighbour", "centre", "synchroniser"."""
    from spelling_scan import findings

    assert findings() == []


def test_the_stop_pads_and_stop_circles_go_by_one_name():
    from spelling_scan import findings, other_names

    assert findings(other_names) == []


@pytest.mark.parametrize("text, found", [
    ("Gray is never a color", ["Gray", "color"]),
    ("the Center Platform; Neighborly; every synchronizer", ["Center", "Neighborly",
                                                              "synchronizer"]),
    ("grey-4 is grey, a colour; gray-4 and colour = \"gray\" are the file format", []),
    ("neighbors = { same = \"colour\" }; SYN[color=#f0a020]A[/color]PSE", []),
])
def test_the_spelling_scan_sees_american_words_and_spares_identifiers(text, found):
    from spelling_scan import american

    assert american(text) == found


def test_the_name_scan_sees_the_old_names_of_the_stop_circles():
    from spelling_scan import other_names

    assert other_names("touch BOTH white circles at once") == ["white circles"]
    assert other_names("touch both stop circles; 2 white circles v 3 gray circles") == []


def test_the_cli_help_is_scanned_too():
    """argparse help is plain string constants in kiosk/: the scan reads them."""
    import argparse

    from spelling_scan import american

    from kiosk.cli import build_parser

    texts = []

    def walk(parser: argparse.ArgumentParser) -> None:
        texts.extend([parser.description or "", parser.format_help()])
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    walk(sub)

    walk(build_parser())
    assert [word for text in texts for word in american(text)] == []
