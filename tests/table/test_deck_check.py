"""The deck check at setup, on the simulated table with the shipped example tags: the
Sync deck passed over seat 1 lane 1 (as a stack or card after card) against this
player count's deck."""

from __future__ import annotations

import pytest
from tag_bench import Bench, new_tag

from kiosk.games.sync_or_swim.library import load_content
from kiosk.paths import config_dir
from kiosk.table.deck_check import compare_deck
from kiosk.table.games.sync_or_swim.view import Phase

CONTENT = load_content(config_dir())
DECK_3 = [c.short for c in CONTENT.deck.for_players(3)]
ONLY_AT_6 = [c.short for c in CONTENT.deck.for_players(6)][-1]


def test_compare_deck_lists_missing_extra_and_unknown_in_deck_order():
    report = compare_deck(["a", "b", "c", "b"], ["c", "b", "z", "y"], ["04aa"])
    assert report.missing == ("a", "b")
    assert report.extra == ("y", "z")
    assert report.unknown == ("04aa",)
    assert (report.expected, report.seen, report.complete) == (4, 5, False)
    assert compare_deck(["a", "b"], ["b", "a"]).complete


@pytest.fixture
def setup_bench(tmp_path):
    bench = Bench(tmp_path, seeded=True)
    bench.controller.wake()
    bench.controller.act("choose", players=3, routine_id="R01")
    assert bench.controller.view.phase is Phase.SETUP
    yield bench
    bench.close()


def lay_cards(bench, cards, *, one_by_one=False):
    for card in cards:
        uid = bench.table.put(card, seat=1, lane=1)
        if one_by_one:
            bench.lay()  # settle
            bench.lift(uid)
    bench.lay()


def test_a_complete_deck_laid_as_a_stack(setup_bench):
    bench = setup_bench
    bench.staff("deck_check_start", seat=1, lane=1)
    check = bench.controller.view.payload.deck_check
    assert (check.expected, check.seen, len(check.missing)) == (56, 0, 56)
    assert check.message == ("Pass the 56 Sync cards over seat 1 lane 1, one after "
                             "another or as a stack")
    lay_cards(bench, DECK_3)
    check = bench.controller.view.payload.deck_check
    assert check.complete and not check.missing and not check.extra and not check.unknown
    assert check.message == "The deck is complete: all 56 cards are here"


def test_a_missing_card_passed_one_after_another(setup_bench):
    bench = setup_bench
    bench.staff("deck_check_start")
    lay_cards(bench, DECK_3[:10], one_by_one=True)
    assert bench.controller.view.payload.deck_check.seen == 10
    lay_cards(bench, [c for c in DECK_3[10:] if c != "green-8"])
    check = bench.controller.view.payload.deck_check
    assert check.missing == ("green-8",) and not check.complete
    assert check.message == "55 of 56 cards seen on seat 1 lane 1"


def test_an_extra_card_and_an_unknown_tag(setup_bench):
    bench = setup_bench
    bench.staff("deck_check_start")
    lay_cards(bench, [*DECK_3, ONLY_AT_6])
    bench.lay(new_tag(42))
    check = bench.controller.view.payload.deck_check
    assert check.extra == (ONLY_AT_6,) and check.unknown == (new_tag(42).hex(),)
    assert not check.missing and not check.complete
    assert check.message == ("56 of 56 cards seen on seat 1 lane 1; 1 does not belong in "
                             "this deck; 1 tag names no card (enroll them)")


def test_the_check_follows_the_player_count_and_ends_with_setup(setup_bench):
    bench = setup_bench
    bench.staff("deck_check_start")
    lay_cards(bench, DECK_3)
    bench.controller.act("choose", players=4, routine_id="R01")
    assert len(bench.controller.view.payload.deck_check.missing) == 8
    bench.staff("deck_check_stop")
    assert bench.controller.view.payload.deck_check is None
    bench.staff("deck_check_start")
    bench.table.clear()
    bench.controller.act("begin")
    assert bench.controller.view.payload.deck_check is None


def test_the_check_is_refused_outside_setup(tmp_path):
    bench = Bench(tmp_path, seeded=True)
    try:
        bench.staff("deck_check_start")
        assert bench.problems == ["The deck check works while a routine is being set up"]
        bench.staff("no_such_tool")
        assert "does not exist" in bench.problems[-1]
    finally:
        bench.close()
