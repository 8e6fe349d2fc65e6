"""Tags written to the database by another process (``kiosk tags import`` while the kiosk
runs) reach the running table at its next pump, without a restart."""

from __future__ import annotations

from tag_bench import Bench, new_tag

from kiosk.store import SQLiteStore
from kiosk.store.database import Database
from kiosk.table.tag_book import TagBook


def test_data_version_moves_only_for_another_connections_writes(tmp_path):
    mine, other = Database(tmp_path / "k.sqlite3"), Database(tmp_path / "k.sqlite3")
    try:
        start = mine.data_version()
        with mine.write() as sql:
            sql.execute("CREATE TABLE t (x)")
        assert mine.data_version() == start
        with other.write() as sql:
            sql.execute("INSERT INTO t VALUES (1)")
        assert mine.data_version() != start
    finally:
        mine.close()
        other.close()


def test_a_book_rereads_the_store_only_when_someone_else_wrote_it(tmp_path):
    kiosk, cli = SQLiteStore(tmp_path / "k.sqlite3"), SQLiteStore(tmp_path / "k.sqlite3")
    try:
        book = TagBook(kiosk.tags)
        book.bind(new_tag(1), "blue-1-LH")      # its own write: nothing to re-read
        assert not book.refresh()
        cli.tags.add(new_tag(2), "blue-2-BH-LF")
        assert book.card(new_tag(2)) is None
        assert book.refresh() and book.card(new_tag(2)) == "blue-2-BH-LF"
        assert book.card(new_tag(1)) == "blue-1-LH" and not book.refresh()
    finally:
        kiosk.close()
        cli.close()


def test_an_unknown_card_becomes_known_when_its_tag_is_imported_beside_the_kiosk(tmp_path):
    bench = Bench(tmp_path)
    cli = SQLiteStore(tmp_path / "kiosk.sqlite3")
    try:
        def unknown() -> list[str]:
            return [p for p in bench.controller.view.hardware.problems
                    if "Seat 2" in p and "lane 1" in p]

        bench.lay(new_tag(9), seat=2, lane=1)
        assert len(unknown()) == 1
        cli.tags.add(new_tag(9), "green-4-RF")
        bench.controller.pump()
        assert unknown() == []
        assert bench.controller.status.read_lanes().cards[2, 1] == ("green-4-RF",)
    finally:
        cli.close()
        bench.close()
