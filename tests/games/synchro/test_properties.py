"""Hypothesis: in positions reached by random games, the engine's moves are exactly the
reference's; and records of random games round-trip."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.games.synchro import (
    Record,
    check_move,
    legal_moves,
    load_record,
    play,
    replay,
    save_record,
    start_position,
)
from kiosk.games.synchro.rules import apply

from . import reference as ref

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(seed, setup_seed, length):
    rng = random.Random(seed)
    position = start_position("random", setup_seed) if setup_seed else start_position()
    positions, moves = [position], []
    while len(moves) < length and not position.is_over:
        move = rng.choice(legal_moves(position))
        position = apply(position, move)
        positions.append(position)
        moves.append(move)
    return positions, moves


@FAST
@given(seed=st.integers(0, 2**32), setup_seed=st.integers(0, 50), length=st.integers(0, 60))
def test_engine_and_reference_agree_along_random_games(seed, setup_seed, length):
    positions, _ = random_game(seed, setup_seed, length)
    for position in positions[-6:]:  # the late positions hold captures, swaps, lone pieces
        engine = {ref.as_reference(m) for m in legal_moves(position)}
        assert engine == ref.legal(ref.from_position(position))
        for move in legal_moves(position):
            assert check_move(position, move) is None


@FAST
@given(seed=st.integers(0, 2**32), setup_seed=st.integers(0, 50), length=st.integers(0, 80))
def test_records_round_trip(seed, setup_seed, length):
    positions, moves = random_game(seed, setup_seed, length)
    record = Record("random" if setup_seed else "standard", setup_seed or None,
                    tuple(moves), white="Ann Lee", black="Bo=1")
    text = save_record(record)
    loaded = load_record(text)
    assert loaded == record
    assert replay(loaded) == positions
    assert save_record(loaded) == text


def test_a_placed_set_up_round_trips():
    rng = random.Random(3)
    position, moves = start_position("place"), []
    for _ in range(40):
        move = rng.choice(legal_moves(position))
        moves.append(move)
        position = play(position, move)
    record = Record("place", None, tuple(moves))
    assert replay(load_record(save_record(record)))[-1] == position
