"""Role splits: a swimmer's cards may fit several roles but fill only one.

Each expected verdict below was worked out by hand from the rule ("one swimmer meets the
first, another the second, everyone else the third; a card may qualify for several roles
but counts for one"), not read off the judge.
"""

from __future__ import annotations

import pytest

from kiosk.games.sync_or_swim.content import parse_element
from kiosk.games.sync_or_swim.judge import Table, Verdict, judge, role_assignments
from kiosk.games.sync_or_swim.requirements import OTHERS

ONE = "one swimmer"
SECOND = "a second swimmer"
TWO = "two swimmers"
OTHER = "all others"


def split(*roles: dict, ident: str = "S1"):
    return parse_element({"id": ident, "name": "Split", "mode": "split", "role": list(roles)},
                         "test-splits.toml")


def play(elem, *per_seat: str, seats=None, captain=None) -> Verdict:
    seats = list(seats) if seats is not None else list(range(1, len(per_seat) + 1))
    captain = seats[0] if captain is None else captain
    plays = {seat: {1: cards.split()} for seat, cards in zip(seats, per_seat, strict=True)}
    return judge(Table.build(seats, captain, plays), [elem])


def roles(verdict: Verdict) -> dict[int, str]:
    """Who took which role, by the role's first words ('one swimmer', 'all others')."""
    return {s.seat: s.role.split(":")[0] for s in verdict.lanes[0].swimmers}


def failed(verdict: Verdict) -> dict[int, str]:
    return {s.seat: s.reason for s in verdict.lanes[0].swimmers if not s.passed}


BLUE_OR_SEVEN = split({"swimmers": 1, "colour": "blue"}, {"swimmers": "others", "value": 7})


# ---------- one card qualifying for two roles ----------

def test_blue_seven_fits_both_roles_but_the_blue_three_must_take_one_swimmer():
    # blue-7 fits 'one swimmer: blue' and 'all others: a 7'; blue-3 fits only 'blue'.
    # The only legal split: seat 3 is the one swimmer, seats 1 and 2 the others.
    verdict = play(BLUE_OR_SEVEN, "blue-7", "blue-7", "blue-3")
    assert verdict.in_sync, verdict.reasons
    assert roles(verdict) == {1: OTHER, 2: OTHER, 3: ONE}


def test_no_split_works_when_the_odd_card_fits_neither_role():
    # green-3 is neither blue nor a 7, so whoever holds it fails; one blue-7 must be the
    # one swimmer and the other blue-7 an other: exactly one swimmer fails.
    verdict = play(BLUE_OR_SEVEN, "blue-7", "blue-7", "green-3")
    assert not verdict.in_sync
    assert failed(verdict) == {
        3: "Seat 3, lane 1: as 'all others: a 7 card': green-3 is not a 7"}
    # which blue-7 takes 'one swimmer' is the judge's (deterministic) pick
    assert roles(verdict)[3] == OTHER
    assert sorted([roles(verdict)[1], roles(verdict)[2]]) == [OTHER, ONE]


def test_every_card_fits_both_roles():
    verdict = play(BLUE_OR_SEVEN, "blue-7", "blue-7", "blue-7")
    assert verdict.in_sync
    assert sorted(roles(verdict).values()) == [OTHER, OTHER, ONE]


def test_a_card_cannot_count_for_the_first_and_the_second_swimmer():
    # One blue card at the table, two roles asking for blue: it counts for one only.
    two_blues = split({"swimmers": 1, "colour": "blue"}, {"swimmers": 1, "colour": "blue"},
                      {"swimmers": "others", "value": 7})
    verdict = play(two_blues, "blue-7", "yellow-7", "yellow-7")
    assert not verdict.in_sync
    assert len(failed(verdict)) == 1
    assert "is not blue" in next(iter(failed(verdict).values()))
    assert play(two_blues, "blue-7", "blue-7", "yellow-7").in_sync


def test_two_swimmers_any_hand_where_a_blue_hand_card_could_be_either():
    hands = split({"swimmers": 2, "hand": "any"}, {"swimmers": "others", "colour": "blue"})
    # Hands at seats 1, 2 and 4; seat 4 is gray so it must be one of the two, seat 3 has
    # no hand so it is an other, and of the two blue hand cards one is each.
    verdict = play(hands, "blue-1-LH", "blue-2-LH", "blue-3", "gray-4-RH")
    assert verdict.in_sync, verdict.reasons
    assert (roles(verdict)[3], roles(verdict)[4]) == (OTHER, TWO)
    assert sorted([roles(verdict)[1], roles(verdict)[2]]) == [OTHER, TWO]
    # With seat 2 gray too, both gray hand cards must be the two.
    verdict = play(hands, "blue-1-LH", "gray-2-LH", "blue-3", "gray-4-RH")
    assert roles(verdict) == {1: OTHER, 2: TWO, 3: OTHER, 4: TWO}


def test_a_swimmer_who_fits_no_role_is_named():
    hands = split({"swimmers": 2, "hand": "any"}, {"swimmers": "others", "colour": "blue"})
    verdict = play(hands, "blue-1-LH", "green-2", "blue-3", "gray-4-RH")
    # green-2 fits neither role, so whichever it takes it alone fails.
    assert list(failed(verdict)) == [2]
    assert failed(verdict)[2] in (
        "Seat 2, lane 1: as 'all others: a blue card': green-2 is not blue",
        "Seat 2, lane 1: as 'two swimmers: a card with a hand icon': green-2 shows no hand icon")


# ---------- six swimmers ----------

TRIO = split({"swimmers": 1, "colour": "yellow"}, {"swimmers": 1, "colour": "green"},
             {"swimmers": "others", "colour": "blue"})


def test_six_swimmers_one_second_and_four_others():
    verdict = play(TRIO, "blue-1", "blue-2", "green-3", "blue-4", "yellow-5", "blue-6")
    assert verdict.in_sync
    assert roles(verdict) == {1: OTHER, 2: OTHER, 3: SECOND, 4: OTHER, 5: ONE, 6: OTHER}
    by_seat = {s.seat: s.role for s in verdict.lanes[0].swimmers}
    assert by_seat[5] == "one swimmer: a yellow card"
    assert by_seat[3] == "a second swimmer: a green card"


def test_six_swimmers_two_greens_and_no_yellow_fails_exactly_one():
    verdict = play(TRIO, "blue-1", "green-2", "green-3", "blue-4", "blue-5", "blue-6")
    assert not verdict.in_sync
    # One green is the green swimmer, the other must stand in as the yellow one.
    ((seat, reason),) = failed(verdict).items()
    assert seat in (2, 3)
    assert reason == (f"Seat {seat}, lane 1: as 'one swimmer: a yellow card': "
                      f"green-{seat} is not yellow")


def test_six_swimmers_two_and_others_finds_the_pair_anywhere():
    pair = split({"swimmers": 2, "value": "9+"}, {"swimmers": "others", "value": "5-"})
    for a, b in [(1, 2), (1, 6), (3, 5), (5, 6)]:
        cards = ["green-10" if seat in (a, b) else "green-2" for seat in range(1, 7)]
        verdict = play(pair, *cards)
        assert verdict.in_sync, (a, b, verdict.reasons)
        assert {seat for seat, role in roles(verdict).items() if role == TWO} == {a, b}


def test_role_assignments_counts():
    assert len(list(role_assignments((1, 1, OTHERS), (1, 2, 3, 4, 5, 6)))) == 30
    assert len(list(role_assignments((2, OTHERS), (1, 2, 3, 4, 5, 6)))) == 15
    assert len(list(role_assignments((1, OTHERS), (1, 2, 3)))) == 3
    assert len(set(role_assignments((1, 1, OTHERS), (1, 2, 3, 4, 5, 6)))) == 30
    for groups in role_assignments((1, 1, OTHERS), (4, 5, 6, 1, 2, 3)):
        assert sorted(s for group in groups for s in group) == [1, 2, 3, 4, 5, 6]
        assert [len(g) for g in groups] == [1, 1, 4]


# ---------- ties ----------

def test_ties_are_in_sync_and_report_the_same_roles_every_time():
    blues = split({"swimmers": 1, "colour": "blue"}, {"swimmers": 1, "colour": "blue"},
                  {"swimmers": "others", "value": "any"})
    cards = ["blue-7"] * 6
    first = play(blues, *cards, captain=4)
    assert first.in_sync
    for _ in range(3):
        assert play(blues, *cards, captain=4).to_dict() == first.to_dict()
    # With every split valid, two seats take the blue roles and four are the others.
    named = [s.role for s in first.lanes[0].swimmers]
    assert sorted(named) == (["a second swimmer: a blue card"] + ["all others: a card"] * 4
                             + ["one swimmer: a blue card"])
    # The order the plays are handed in does not change who is reported in which role.
    plays = {seat: {1: ["blue-7"]} for seat in (6, 5, 4, 3, 2, 1)}
    again = judge(Table.build([1, 2, 3, 4, 5, 6], 4, plays), [blues])
    assert again.to_dict() == first.to_dict()


def test_tied_failures_report_the_same_reason_every_time():
    soloist = split({"swimmers": 1, "value": "9+"}, {"swimmers": "others", "value": "5-"})
    results = {str(play(soloist, "blue-3", "blue-4", "blue-5", captain=2).to_dict())
               for _ in range(5)}
    assert len(results) == 1


# ---------- impossible splits ----------

def test_impossible_split_names_the_role_and_the_card():
    soloist = split({"swimmers": 1, "value": "9+"}, {"swimmers": "others", "value": "5-"})
    # Two 10s for one soloist place: one of them is an other that is too high.
    ((seat, reason),) = failed(play(soloist, "blue-10", "blue-10", "blue-3")).items()
    assert seat in (1, 2)
    assert reason == (f"Seat {seat}, lane 1: as 'all others: a 5 or lower card': "
                      f"blue-10 is not 5 or lower")
    # Nobody can be the soloist: exactly one swimmer is named for it.
    ((seat, reason),) = failed(play(soloist, "blue-3", "blue-4", "blue-5", captain=2)).items()
    assert reason == (f"Seat {seat}, lane 1: as 'one swimmer: a 9 or higher card': "
                      f"blue-{seat + 2} is not 9 or higher")


def test_too_few_swimmers_for_the_fixed_roles():
    pair = split({"swimmers": 2, "colour": "blue"}, {"swimmers": "others", "colour": "green"})
    verdict = judge(Table.build([1], 1, {1: {1: ["blue-1"]}}), [pair])
    assert not verdict.in_sync
    assert verdict.reasons[0].startswith("Seat 1, lane 1: this element needs at least")


def test_a_swimmer_playing_nothing_fails_whichever_role():
    verdict = play(BLUE_OR_SEVEN, "blue-7", "", "blue-3")
    assert failed(verdict) == {2: "Seat 2, lane 1: as 'all others: a 7 card': played no card, "
                                  "needs 1 card"}


# ---------- roles with across relations ----------

TWIN_LEADS = split({"swimmers": 2, "across": {"same": "value"}},
                   {"swimmers": "others", "value": "odd"})


def test_two_swimmers_same_value_finds_the_twins():
    verdict = play(TWIN_LEADS, "green-5", "blue-7", "yellow-5", "gray-7")
    assert verdict.in_sync
    twins = {seat for seat, role in roles(verdict).items() if role == TWO}
    assert twins in ({1, 3}, {2, 4})  # the 5s or the 7s; the rest are odd either way
    # Even cards cannot be others, so the two 4s must be the twins.
    verdict = play(TWIN_LEADS, "green-5", "blue-7", "yellow-5", "gray-4", "green-4")
    assert verdict.in_sync
    assert roles(verdict) == {1: OTHER, 2: OTHER, 3: OTHER, 4: TWO, 5: TWO}


def test_two_swimmers_same_value_with_no_pair_at_the_table():
    verdict = play(TWIN_LEADS, "blue-4", "blue-6", "blue-3", "blue-5")
    assert not verdict.in_sync
    assert failed(verdict) == {
        2: "Seat 2, lane 1: as 'two swimmers: a card, same value as the others': "
           "blue-6 is not a 4 like the others"}


def test_twins_exist_but_the_rest_cannot_be_odd():
    verdict = play(TWIN_LEADS, "blue-3", "blue-3", "blue-4", "blue-5")
    # blue-4 is even and matches nobody's value: it fails as a twin or as an other.
    assert list(failed(verdict)) == [3]
    assert failed(verdict)[3] in (
        "Seat 3, lane 1: as 'all others: an odd card': blue-4 is not odd",
        "Seat 3, lane 1: as 'two swimmers: a card, same value as the others': "
        "blue-4 is not a 3 like the others")


def test_others_across_same_colour_skips_the_soloist():
    chorus = split({"swimmers": 1, "cards": 2},
                   {"swimmers": "others", "across": {"same": "colour"}})
    verdict = play(chorus, "yellow-1", "yellow-2", "green-3 blue-4", "yellow-10")
    assert verdict.in_sync
    assert roles(verdict) == {1: OTHER, 2: OTHER, 3: ONE, 4: OTHER}
    verdict = play(chorus, "yellow-1", "yellow-2", "green-3 blue-4", "yellow-10", "gray-5")
    assert failed(verdict) == {5: "Seat 5, lane 1: as 'all others: a card, same colour as the "
                                  "others': grey cannot meet 'same colour'"}


@pytest.mark.parametrize(("captain", "in_sync"), [(1, True), (3, False)])
def test_others_run_skips_the_soloist_and_starts_at_the_captain(captain, in_sync):
    run = split({"swimmers": 1, "colour": "gray"},
                {"swimmers": "others", "across": {"sequential": True}})
    verdict = play(run, "blue-3", "gray-9", "blue-4", "blue-5", captain=captain)
    assert verdict.in_sync is in_sync
    assert roles(verdict)[2] == ONE
