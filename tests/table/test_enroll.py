"""Enrollment on the simulated table (real ptys, the real reader backend): staff drive
it through ``controller.staff(...)`` exactly as the Settings screen does."""

from __future__ import annotations

from pathlib import Path

import pytest
from tag_bench import SPARE, Bench, new_tag

from kiosk.store import SQLiteStore
from kiosk.table.enroll import EnrollSession
from kiosk.table.tag_book import TagBook


@pytest.fixture
def bench(tmp_path):
    made = Bench(tmp_path)
    yield made
    made.close()


def test_in_order_binds_each_new_tag_to_the_card_shown_and_counts(bench):
    bench.staff("enroll_start", in_order=True, seat=1, lane=1)
    view = bench.enroll
    assert (view.card, view.done, view.total, view.step) == ("blue-1-LH", 0, 80, "lay")
    assert view.message == "Lay blue-1-LH on seat 1 lane 1"
    bench.lay(new_tag(1))
    assert bench.card_of(new_tag(1)) == "blue-1-LH"
    assert (bench.enroll.card, bench.enroll.done, bench.enroll.last) == (
        "blue-2-BH-LF", 1, "blue-1-LH is tagged")
    bench.swap(new_tag(1), new_tag(2))
    assert bench.card_of(new_tag(2)) == "blue-2-BH-LF"
    assert bench.enroll.done == 2
    # the game knows the new tags at once: no restart
    assert bench.table.tags.card(new_tag(2)) == "blue-2-BH-LF"
    bench.lift(new_tag(2))
    bench.lay(new_tag(2), seat=2, lane=3)
    assert bench.controller.status.read_lanes().cards[2, 3] == ("blue-2-BH-LF",)
    assert not bench.problems


def test_card_by_card_binds_the_chosen_card_even_if_the_tag_came_first(bench):
    bench.staff("enroll_start", in_order=False)
    assert (bench.enroll.step, bench.enroll.done, bench.enroll.total) == ("choose", 1, 80)
    bench.staff("enroll_card", card="green-8")
    assert bench.enroll.message == "Lay green-8 on seat 1 lane 1"
    bench.lay(new_tag(3))
    assert bench.card_of(new_tag(3)) == "green-8"
    assert (bench.enroll.step, bench.enroll.done) == ("choose", 2)
    assert "green-8" in bench.enroll.tagged
    bench.swap(new_tag(3), new_tag(4))  # laid before a card is picked: waits for the pick
    assert bench.card_of(new_tag(4)) is None
    assert not bench.enroll.last_ok
    bench.staff("enroll_card", card="yellow-6")
    assert bench.card_of(new_tag(4)) == "yellow-6"
    bench.staff("enroll_card", card="purple-3")
    assert bench.enroll.last == "'purple-3' is not a card of this deck"


def test_a_tag_of_another_card_asks_and_is_never_silently_rebound(bench):
    bench.staff("enroll_start", in_order=True)
    bench.lay(SPARE)  # gray-10's tag laid for blue-1-LH
    view = bench.enroll
    assert view.step == "duplicate" and view.card == "blue-1-LH" and view.done == 0
    assert "already is gray-10" in view.message
    assert bench.card_of(SPARE) == "gray-10"
    bench.staff("enroll_skip")  # leave it: the same card still wants a tag
    assert (bench.enroll.step, bench.enroll.card) == ("lay", "blue-1-LH")
    assert bench.card_of(SPARE) == "gray-10"
    bench.swap(SPARE, new_tag(5))
    assert bench.card_of(new_tag(5)) == "blue-1-LH"
    bench.swap(new_tag(5), new_tag(5 + 1))  # blue-2-BH-LF
    bench.swap(new_tag(6), new_tag(5))  # blue-1's tag again for blue-3: ask, then replace
    assert bench.enroll.step == "duplicate"
    bench.staff("enroll_replace")
    assert bench.card_of(new_tag(5)) == "blue-3-RH-BF"
    assert bench.enroll.last == "blue-3-RH-BF is tagged (that tag was blue-1-LH before)"
    assert bench.enroll.done == 3


def test_a_tag_already_bound_to_this_card_is_skipped(bench):
    bench.store.tags.add(new_tag(7), "blue-1-LH")
    bench.controller.status.tags.reload()
    bench.staff("enroll_start")
    bench.lay(new_tag(7))
    assert bench.enroll.last == "That tag already is blue-1-LH: nothing to do"
    assert (bench.enroll.card, bench.enroll.done) == ("blue-2-BH-LF", 1)
    assert len(bench.store.tags) == 2


def test_two_tags_at_once_bind_nothing_until_one_is_left(bench):
    bench.staff("enroll_start")
    bench.lay(new_tag(8), new_tag(9))
    assert bench.enroll.step == "two tags"
    assert bench.enroll.message.startswith("2 tags are on seat 1 lane 1 at once")
    assert bench.card_of(new_tag(8)) is None and bench.card_of(new_tag(9)) is None
    bench.lift(new_tag(9))
    assert bench.card_of(new_tag(8)) == "blue-1-LH"
    assert (bench.enroll.step, bench.enroll.card) == ("lay", "blue-2-BH-LF")
    bench.lay(new_tag(9))  # the next card laid on top of the last one
    assert bench.enroll.step == "two tags" and bench.card_of(new_tag(9)) is None
    bench.lift(new_tag(8))
    assert bench.card_of(new_tag(9)) == "blue-2-BH-LF"


def test_skip_card_and_the_end_of_the_deck(tmp_path):
    book = TagBook()
    session = EnrollSession(book, ["blue-1", "blue-2"], seat=2, lane=4)
    session.skip()
    session.observe({new_tag(1)}, now=1.0)
    view = session.view()
    assert view.step == "done" and view.done == 2
    assert view.message == "All 2 cards are done: 1 tagged, 1 skipped"
    assert book.card(new_tag(1)) == "blue-2"


def test_other_lanes_and_stopping_leave_enrollment_alone(bench):
    bench.staff("enroll_start", seat=1, lane=2)
    bench.lay(new_tag(10), lane=1)
    assert bench.card_of(new_tag(10)) is None
    bench.staff("enroll_stop")
    assert bench.enroll is None
    bench.staff("enroll_skip")
    assert bench.problems == ["Start enrollment first"]


def test_enrollment_is_refused_during_a_routine_and_ends_when_one_starts(bench):
    bench.controller.wake()
    bench.controller.act("choose", players=3, routine_id="R01")
    bench.staff("enroll_start")
    assert bench.enroll is not None
    bench.controller.act("begin")
    assert bench.enroll is None
    bench.staff("enroll_start")
    assert bench.enroll is None
    assert bench.problems == ["Enroll tags between routines, not during one"]


def test_a_new_store_imports_the_shipped_tags_once(tmp_path):
    bench = Bench(tmp_path, seeded=True)
    try:
        assert len(bench.store.tags) == 80
        assert bench.table.tags.card(bytes.fromhex("049b7f9a3b10c6")) == "blue-1-LH"
        bench.table.put("blue-7-RH", seat=1, lane=1)
        bench._settle()
        assert bench.controller.status.read_lanes().cards[1, 1] == ("blue-7-RH",)
    finally:
        bench.close()
    store = SQLiteStore(tmp_path / "kiosk.sqlite3")
    store.tags.remove(bytes.fromhex("049b7f9a3b10c6"))
    assert TagBook.for_store(store).card(bytes.fromhex("049b7f9a3b10c6")) is None
    store.close()


def test_the_first_start_seeds_only_files_import_would_take(tmp_path):
    """The seed reads config/tags as `kiosk tags import` does: a file naming a card of
    no deck is left out whole (and logged), the others come in."""
    import shutil

    config = tmp_path / "config"
    shutil.copytree(Path(__file__).resolve().parents[2] / "config", config)
    (config / "tags" / "extra.csv").write_text("0badc0de,purple-99\n")
    store = SQLiteStore(tmp_path / "k.sqlite3")
    try:
        book = TagBook.for_store(store, config)
        assert len(book) == 80 and book.card(bytes.fromhex("0badc0de")) is None
    finally:
        store.close()
