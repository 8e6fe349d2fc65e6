"""``kiosk enroll`` counts the cards that have a tag of their own: on a fresh table
the store is seeded from the shipped example map, whose 80 made-up UIDs match no
sticker; after binding 2 real tags the console said "80 of 80 cards have a tag"."""

from __future__ import annotations

import queue
from pathlib import Path

from kiosk.hardware.example_tags import example_uid
from kiosk.paths import REPO_CONFIG
from kiosk.store import SQLiteStore
from kiosk.table.enroll import EnrollSession
from kiosk.table.enroll_console import Console
from kiosk.table.tag_book import TagBook

REAL = [bytes([0x04, 0x51, 0, 0, 0, 0, n]) for n in (1, 2)]


class Lane:
    """A reader backend whose enrollment lane holds whatever the test lays there."""

    def __init__(self) -> None:
        self.held: frozenset[bytes] = frozenset()

    def inventory(self):
        return {(1, 1): self.held}


def fresh_table_book(tmp_path: Path) -> tuple[SQLiteStore, TagBook]:
    store = SQLiteStore(tmp_path / "kiosk.sqlite3")
    return store, TagBook.for_store(store, REPO_CONFIG)  # seeded from config/tags


def test_a_fresh_table_knows_every_card_only_by_a_made_up_tag(tmp_path):
    store, book = fresh_table_book(tmp_path)
    with store:
        assert len(book) == 80
        assert book.card(example_uid("blue-1-LH")) == "blue-1-LH"
        assert book.cards_with_own_tag() == frozenset()


def test_binding_two_cards_counts_two_in_order(tmp_path):
    store, book = fresh_table_book(tmp_path)
    with store:
        session = EnrollSession(book, book.cards(), in_order=False)
        for uid, card in zip(REAL, ("blue-1-LH", "green-8"), strict=True):
            session.choose(card)
            session.observe({uid}, now=0.0)
            session.observe(set(), now=0.0)
        view = session.view()
        assert view.tagged == {"blue-1-LH", "green-8"}
        assert (view.done, view.total) == (2, 80)


def test_the_console_summary_tells_the_truth(tmp_path):
    store, book = fresh_table_book(tmp_path)
    with store:
        session = EnrollSession(book, book.cards(), in_order=False)
        lane, said = Lane(), []
        console = Console(session, lane, said.append)
        lines: queue.SimpleQueue = queue.SimpleQueue()
        for uid, card in zip(REAL, ("blue-1-LH", "green-8"), strict=True):
            session.choose(card)
            lane.held = frozenset({uid})
            console._look()
            lane.held = frozenset()
            console._look()
        lines.put(None)
        console.run(lines)
    assert said[-1].startswith("2 tags bound, 0 cards skipped; 2 of 80 cards have a tag")
    assert "78 are known only by the example map's made-up tags" in said[-1]
