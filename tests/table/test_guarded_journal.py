"""The guarded journal every game's table logic keeps: a failing store never stops a
game, and the newest open journal of a game is the one resumed."""

import logging

import pytest

from kiosk.store.protocol import GameResult, MemoryStore
from kiosk.table.journal import GameJournal


class BrokenStore(MemoryStore):
    """Every journal call fails as a full disk would."""

    def open_journal(self, game, setup):
        raise OSError("disk full")

    def append_journal(self, journal_id, action, now, args=()):
        raise OSError("disk full")

    def close_journal(self, journal_id):
        raise OSError("disk full")

    def open_journals(self):
        raise OSError("disk full")


def test_a_journal_records_and_closes():
    store = MemoryStore()
    journal = GameJournal(store, "a_game")
    journal.open({"seed": 3})
    journal.add("move", 1.0, ("a1",))
    (open_one,) = store.open_journals()
    assert open_one.id == journal.id and open_one.setup == {"seed": 3}
    assert [(e.action, e.args) for e in open_one.entries] == [("move", ("a1",))]
    journal.close()
    assert journal.id is None and store.open_journals() == ()


def test_a_failing_store_is_logged_and_the_game_goes_on(caplog):
    journal = GameJournal(BrokenStore(), "a_game")
    with caplog.at_level(logging.ERROR):
        journal.open({})
        assert journal.id is None
        journal.id = 7            # as after a resume
        journal.add("move", 1.0)
        journal.close()
        assert journal.latest() is None
    assert journal.id is None
    messages = [r.getMessage() for r in caplog.records]
    assert any("could not journal move" in m for m in messages)
    assert any("could not close journal 7" in m for m in messages)
    assert any("could not read the open journals" in m for m in messages)


def test_latest_keeps_the_newest_of_its_game_and_closes_older_ones():
    store = MemoryStore()
    old = store.open_journal("a_game", {"n": 1})
    other = store.open_journal("b_game", {})
    new = store.open_journal("a_game", {"n": 2})
    latest = GameJournal(store, "a_game").latest()
    assert latest is not None and latest.id == new
    assert {j.id for j in store.open_journals()} == {other, new}
    assert old not in {j.id for j in store.open_journals()}


@pytest.mark.parametrize("named", [True, False])
def test_has_result_finds_a_result_naming_the_journal(named):
    store = MemoryStore()
    journal = GameJournal(store, "a_game")
    journal.open({})
    assert journal.id is not None
    store.add_result("a_game", GameResult("x", 2, 1, 1.0, False,
                                          {"journal": journal.id if named else 99}))
    assert journal.has_result(journal.id) is named
