"""The Store protocol's behaviour, run against MemoryStore and SQLiteStore alike."""

from __future__ import annotations

import pytest

from kiosk.store.protocol import GameResult, StoreError

GAME, OTHER = "sync_or_swim", "synapse"


def result(routine="R01", players=3, score=50, abandoned=False, **breakdown):
    return GameResult(routine, players, score, 123.25, abandoned, breakdown)


def test_settings_default_set_and_overwrite(store):
    assert store.setting("volume") is None
    assert store.setting("volume", 0.5) == 0.5
    store.set_setting("volume", 0.25)
    store.set_setting("sync_or_swim.unlock_all", True)
    store.set_setting("volume", 0.75)
    assert store.setting("volume") == 0.75 and store.setting("sync_or_swim.unlock_all") is True
    store.set_setting("staff", {"pin": "x", "tries": [1, 2]})
    assert store.setting("staff") == {"pin": "x", "tries": [1, 2]}
    store.set_setting("nothing", None)
    assert store.setting("nothing", "default") is None  # set to None is not "never set"


def test_campaign_progress_is_per_game_and_idempotent(store):
    assert store.progress(GAME) == frozenset()
    store.add_progress(GAME, "R01")
    store.add_progress(GAME, "R01")
    store.add_progress(GAME, "R02")
    store.add_progress(OTHER, "S01")
    assert store.progress(GAME) == {"R01", "R02"}
    assert isinstance(store.progress(GAME), frozenset)
    assert store.progress(OTHER) == {"S01"}


def test_top_score_per_routine_and_table_size(store):
    assert store.top_score(GAME, "R01") is None
    store.add_result(GAME, result(players=3, score=40))
    store.add_result(GAME, result(players=3, score=70))
    store.add_result(GAME, result(players=3, score=55))  # lower: the top stays
    store.add_result(GAME, result(players=5, score=60))
    store.add_result(GAME, result(players=4, score=99, abandoned=True))  # never a top
    store.add_result(GAME, result(routine="R02", score=90))
    store.add_result(OTHER, result(score=1000))
    assert store.top_score(GAME, "R01", 3) == 70
    assert store.top_score(GAME, "R01", 5) == 60
    assert store.top_score(GAME, "R01", 4) is None
    assert store.top_score(GAME, "R01") == 70
    assert store.top_score(GAME, "R02") == 90
    assert store.top_score(GAME, "R03") is None
    assert store.top_score(OTHER, "R01") == 1000


def test_history_oldest_first_with_breakdown(store):
    first = result(score=10, rounds=[{"round": 1, "practice": 12.5}], par=180)
    second = result(routine="R02", players=6, score=0, abandoned=True)
    store.add_result(GAME, first)
    store.add_result(GAME, second)
    history = store.results(GAME)
    assert history == (first, second)
    assert history[0].details == {"rounds": [{"round": 1, "practice": 12.5}], "par": 180}
    assert history[1].abandoned is True
    assert store.results(OTHER) == ()


def test_reset_scores_forgets_history_and_tops_of_one_game_only(store):
    store.add_result(GAME, result(score=70))
    store.add_progress(GAME, "R01")
    store.add_result(OTHER, result(score=5))
    store.reset_scores(GAME)
    assert store.results(GAME) == () and store.top_score(GAME, "R01") is None
    assert store.progress(GAME) == {"R01"}  # campaign progress stays
    assert store.top_score(OTHER, "R01") == 5 and len(store.results(OTHER)) == 1
    store.add_result(GAME, result(score=20))
    assert store.top_score(GAME, "R01") == 20  # a lower score is the new top after a reset


def test_journal_keeps_entries_in_order_exactly(store):
    setup = {"routine_id": "R01", "players": 3, "seats": [1, 2, 3], "captain": 1}
    journal = store.open_journal(GAME, setup)
    store.append_journal(journal, "begin", 100.0)
    store.append_journal(journal, "swim", 100.1 + 0.2)  # floats come back bit for bit
    store.append_journal(journal, "record_verdict", 131.5, (False,))
    (found,) = store.open_journals()
    assert (found.id, found.game, dict(found.setup), found.closed) == (journal, GAME, setup,
                                                                       False)
    assert [tuple(e) for e in found.entries] == [
        ("begin", 100.0, ()), ("swim", 100.1 + 0.2, ()), ("record_verdict", 131.5, (False,))]
    assert all(isinstance(e.args, tuple) for e in found.entries)
    assert found.entries[2].action == "record_verdict" and found.entries[2].now == 131.5


def test_closed_journals_are_not_open_and_refuse_entries(store):
    first = store.open_journal(GAME, {"routine_id": "R01"})
    second = store.open_journal(OTHER, {"routine_id": "S01"})
    third = store.open_journal(GAME, {"routine_id": "R02"})
    assert len({first, second, third}) == 3
    assert [j.id for j in store.open_journals()] == [first, second, third]  # oldest first
    store.append_journal(first, "begin", 1.0)
    store.close_journal(first)
    assert [j.id for j in store.open_journals()] == [second, third]
    with pytest.raises(StoreError, match="closed"):
        store.append_journal(first, "swim", 2.0)
    assert store.journal(first).closed and len(store.journal(first).entries) == 1
    fourth = store.open_journal(GAME, {})
    assert fourth not in (first, second, third)  # ids are never reused


def test_unknown_journal_is_a_store_error(store):
    with pytest.raises(StoreError, match="no journal 99"):
        store.append_journal(99, "begin", 0.0)
    with pytest.raises(StoreError, match="no journal 99"):
        store.close_journal(99)
    with pytest.raises(StoreError, match="no journal 99"):
        store.journal(99)


def test_store_error_is_a_value_error(store):
    with pytest.raises(ValueError):
        store.append_journal(12345, "begin", 0.0)
