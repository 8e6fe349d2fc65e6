"""The opponent: always a legal move, and it keeps to its budget by its own bookkeeping
(a fake clock that ticks once a call, node counts), never measured by wall clock."""

import random

import pytest

from kiosk.games.synchro import Player, is_legal, start_position
from kiosk.games.synchro.opponent import CHECK_EVERY, LEVELS, choose_move
from kiosk.games.synchro.rules import apply

from .helpers import pos


class TickingClock:
    """Each call advances time by one unit, so 'seconds' below counts clock reads."""

    def __init__(self):
        self.now = 0.0
        self.calls = 0

    def __call__(self):
        self.calls += 1
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_only_legal_moves_through_a_game(level):
    rng = random.Random(level)
    position = start_position("random", 5)
    while not position.is_over:
        mover = level if position.to_move is Player.WHITE else 0
        choice = choose_move(position, mover, rng=rng, nodes=300)
        assert is_legal(position, choice.move)
        position = apply(position, choice.move)


def test_the_deadline_stops_the_search_within_a_few_nodes():
    clock = TickingClock()
    choice = choose_move(start_position(), 3, rng=random.Random(1), clock=clock,
                         seconds=200)
    assert choice.stopped
    # one clock read starts the budget, one more each CHECK_EVERY nodes, plus one for
    # each depth begun: the search ran out after about 200 reads, not later.
    assert clock.now <= 1 + 200 + 1
    assert choice.nodes <= (clock.calls + 1) * CHECK_EVERY
    assert is_legal(start_position(), choice.move)


def test_the_node_budget_is_kept():
    choice = choose_move(start_position(), 3, rng=random.Random(1), nodes=500)
    assert choice.stopped and choice.nodes <= 500 + CHECK_EVERY


def test_a_tiny_budget_still_gives_a_legal_move():
    choice = choose_move(start_position(), 3, rng=random.Random(1), clock=TickingClock(),
                         seconds=0.5)
    assert choice.depth == 0 and is_legal(start_position(), choice.move)


def test_it_takes_a_win_at_hand_and_stops_searching():
    p = pos("W5 e8", "W5 a2", "B2 a9", "B2 i9")  # unit 5: e8-e9 with a2-a3 wins
    for level in (1, 2, 3):
        choice = choose_move(p, level, rng=random.Random(level), nodes=50_000)
        assert ("e8", "e9") in choice.move.steps


def test_it_stops_an_immediate_castle_threat():
    # Black's lone thing on d2 steps onto e1 next move unless taken; only a blob takes a
    # thing, and white's lone blob on c3 can (c3-d2): the only move that does not lose.
    p = pos("W3 c3", "W1 h8", "W1 i8", "B5 d2", "B5 a9", captured=((3,), ()))
    choice = choose_move(p, 2, rng=random.Random(1))
    assert choice.move.steps == (("c3", "d2"),)


def test_no_move_to_choose_is_said_clearly():
    p = pos("W5 e8", "W5 a2", "B2 a9", "B2 i9")
    over = apply(p, choose_move(p, 3, rng=random.Random(1)).move)
    assert over.is_over
    with pytest.raises(ValueError, match="game is over"):
        choose_move(over, 3, rng=random.Random(1))
