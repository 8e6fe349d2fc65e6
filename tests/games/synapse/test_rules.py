"""Placing cards, ending rounds, games over rounds, records, and the docstrings."""

import doctest
import importlib
import pkgutil
import random

import pytest

import kiosk.games.synapse
from kiosk.games.synapse import (
    BONUS,
    IllegalPlacement,
    IllegalStop,
    Kind,
    Record,
    RecordError,
    StopCall,
    cell_name,
    check_stop,
    default_cardset,
    legal_cells,
    load_record,
    new_game,
    next_round,
    parse_cell,
    place,
    play,
    points,
    record_of,
    replay,
    save_record,
    score,
    start_cell,
    start_round,
    stop,
    stop_round,
)
from kiosk.games.synapse.selfplay import play_game

from .helpers import NORTH, SOUTH

CARDS = default_cardset()


def fresh(number=1, seed=3):
    return start_round(CARDS, number, random.Random(seed))


def test_a_round_starts_with_the_start_card_and_each_first_card_on_its_side():
    state = fresh()
    assert cell_name(state.start) == "c3" and state.at((2, 2)).kind is Kind.START
    north, south = state.at((2, 1)), state.at((2, 3))
    assert (north.owner, north.kind, south.owner, south.kind) == (
        NORTH, Kind.STANDARD, SOUTH, Kind.STANDARD)
    assert (north.id, south.id) == state.first_cards
    assert len(state.hand(NORTH)) == len(state.hand(SOUTH)) == 17
    assert cell_name(fresh(2).start) == "d4" and start_cell(3) == (2, 2)


def test_states_are_values():
    state = fresh()
    assert hash(state) == hash(fresh()) and state == fresh()
    assert hash(new_game(CARDS, 1)) == hash(new_game(CARDS, 1))


def test_legal_cells_are_the_empty_cells_beside_a_card():
    assert sorted(map(cell_name, legal_cells(fresh()))) == [
        "b2", "b3", "b4", "c1", "c5", "d2", "d3", "d4"]


@pytest.mark.parametrize("player, card_id, cell, rotation, message", [
    (NORTH, "S01", "b3", 0, "S01 is not north's card"),
    (NORTH, "N99", "b3", 0, "there is no card 'N99'"),
    (NORTH, "N15", "a1", 0, "a1 is not next to a card (place a card beside one, not "
                            "diagonally)"),
    (NORTH, "N15", "c3", 0, "c3 already holds START"),
    (NORTH, "N15", "b3", 45, "rotation must be 0, 90, 180 or 270 degrees, not 45"),
    (NORTH, "N15", (6, 0), 0, "(6, 0) is not a cell of the 6×6 grid"),
    ("east", "N15", "b3", 0, "'east' is not a player (north or south)"),
])
def test_illegal_placements_say_why(player, card_id, cell, rotation, message):
    where = parse_cell(cell) if isinstance(cell, str) else cell
    with pytest.raises(IllegalPlacement) as caught:
        place(fresh(), player, card_id, where, rotation)
    assert str(caught.value) == message


def test_a_placed_card_is_fixed_and_leaves_the_hand():
    state = place(fresh(), NORTH, "N15", (1, 2), 90)
    assert state.at((1, 2)).arrows == (1, 3)
    with pytest.raises(IllegalPlacement, match="N15 is already in the grid"):
        place(state, NORTH, "N15", (3, 2), 0)
    with pytest.raises(IllegalPlacement, match="b3 already holds N15"):
        place(state, SOUTH, "S15", (1, 2), 0)


def test_placing_your_last_card_ends_the_round_with_the_bonus():
    state, rng = fresh(), random.Random(1)
    while not state.over:
        state = place(state, NORTH, state.hand(NORTH)[0], rng.choice(legal_cells(state)), 0)
    assert state.ended_by is NORTH and not state.hand(NORTH)
    assert legal_cells(state) == []
    with pytest.raises(IllegalPlacement, match="round 1 is over"):
        place(state, SOUTH, state.hand(SOUTH)[0], (0, 0), 0)


def test_with_our_set_the_card_that_fills_the_grid_is_always_someones_last():
    """33 empty cells and 17 cards in each hand: 33 placements need 17 from one
    player, so the round always ends with a +5 (a full grid alone ends it too)."""
    for seed in range(5):
        state, rng = fresh(seed=seed), random.Random(seed)
        while not state.over:
            player = rng.choice([NORTH, SOUTH])
            state = place(state, player, state.hand(player)[0],
                          rng.choice(legal_cells(state)), 0)
        assert state.ended_by is not None


def test_a_game_is_three_rounds_and_more_while_tied():
    game = play_game(CARDS, (1, 1), seed=4)
    assert game.over and game.number >= 3 and game.winner is not None
    assert game.totals[game.winner.index] > game.totals[game.winner.opponent.index]
    with pytest.raises(ValueError, match="the game is over"):
        next_round(game)
    with pytest.raises(ValueError, match="round 1 is not over yet"):
        next_round(new_game(CARDS, 1))


def test_a_record_replays_to_the_same_game():
    game = play_game(CARDS, (2, 0), seed=9)
    text = save_record(record_of(game, "Ann B", "Bo"), CARDS)
    assert text.startswith(f"synapse 1 seed=9 north=Ann%20B south=Bo result={game.winner}")
    again = replay(load_record(text), CARDS)[-1]
    assert again.rounds == game.rounds and again.totals == game.totals


@pytest.mark.parametrize("text, message", [
    ("", "the record is empty"),
    ("chess 1\n", "line 1: not a Synapse record"),
    ("synapse 1 seed=x\n", "seed must be a whole number"),
    ("synapse 1 colour=red\n", "unknown header field 'colour=red'"),
    ("synapse 1\nnorth N01 b3 0\n", "line 2: a placement before 'round 1'"),
    ("synapse 1\nround 2\n", "line 2: expected 'round 1'"),
    ("synapse 1\nround 1\nnorth N01 z9 0\n", "line 3: 'z9' is not a cell"),
    ("synapse 1\nround 1\nnorth N01 b3 45\n", "line 3: rotation must be"),
    ("synapse 1\nround 1\nwest N01 b3 0\n", "line 3: 'west' is not a player"),
    ("synapse 1\nround 1\nnorth N01\n", "line 3: a placement is 'PLAYER CARD CELL ROTATION'"),
])
def test_unreadable_records_say_where(text, message):
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_an_illegal_placement_in_a_record_is_named():
    record = Record(seed=3, rounds=((), ()))
    with pytest.raises(RecordError, match="round 2: round 1 is not over yet"):
        replay(record, CARDS)
    record = load_record("synapse 1 seed=3\nround 1\nnorth N15 a1 0\n")
    with pytest.raises(RecordError, match=r"round 1, placement 1 \(north N15 a1 0\): a1 is "
                                          "not next to a card"):
        replay(record, CARDS)


def test_play_is_place_on_the_current_round():
    game = play(new_game(CARDS, 5), SOUTH, "S17", (1, 2), 90)
    assert game.round.at((1, 2)).id == "S17"


@pytest.mark.parametrize("name", [m.name for m in pkgutil.iter_modules(
    kiosk.games.synapse.__path__, "kiosk.games.synapse.")] + ["kiosk.games.synapse"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_a_stop_ends_the_round_and_the_other_player_earns_the_bonus():
    state = place(fresh(), NORTH, "N15", (3, 1), 90)
    before = points(state)
    stopped = stop(state, SOUTH)
    assert stopped.over and stopped.stopped and stopped.ended_by is SOUTH
    assert stopped.bonus_to is NORTH and len(stopped.hand(SOUTH)) == 17
    assert points(stopped) == (before[0] + BONUS, before[1])
    found = score(stopped)
    assert found.bonus is NORTH and found.stopped_by is SOUTH
    assert f"south stopped the round: +{BONUS} for north" in found.lines_of_text()
    assert legal_cells(stopped) == []
    with pytest.raises(IllegalPlacement, match="round 1 is over"):
        place(stopped, NORTH, "N16", (0, 0), 0)
    with pytest.raises(IllegalStop, match="round 1 is over"):
        stop(stopped, NORTH)
    assert check_stop(state, "east") == "'east' is not a player (north or south)"


def test_a_last_card_is_not_a_stop():
    state, rng = fresh(), random.Random(2)
    while not state.over:
        state = place(state, SOUTH, state.hand(SOUTH)[0], rng.choice(legal_cells(state)), 0)
    assert not state.stopped and state.bonus_to is SOUTH and score(state).stopped_by is None


def test_a_stopped_round_is_recorded_and_replays():
    game = play(new_game(CARDS, 6), SOUTH, "S17", (1, 2), 90)
    game = stop_round(game, NORTH)
    game = play(next_round(game), NORTH, "N15", (2, 2), 0)
    text = save_record(record_of(game), CARDS)
    assert text.splitlines()[1:4] == ["round 1", "south S17 b3 90", "north stop"]
    record = load_record(text)
    assert record.rounds[0][-1] == StopCall(NORTH)
    again = replay(record, CARDS)[-1]
    assert again.rounds == game.rounds and again.round_totals == game.round_totals
    assert again.round_totals[0][1] == BONUS


@pytest.mark.parametrize("text, message", [
    ("synapse 1\nround 1\nwest stop\n", "line 3: 'west' is not a player"),
    ("synapse 1\nround 1\nnorth stop\nsouth stop\n", r"round 1, the stop \(south stop\): "
                                                     "round 1 is over"),
])
def test_bad_stops_in_a_record_say_where(text, message):
    with pytest.raises(RecordError, match=message):
        replay(load_record(text), CARDS)
