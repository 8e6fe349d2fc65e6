"""Perft: move counts to depth 1-3, engine against the naive reference in reference.py.

The start position's counts come from the reference (depths 1-2 here, depth 3 under
KIOSK_LONG=1); the engine must agree. The small positions are checked by hand at depth 1
(reasoning in comments) and against the reference at depths 2-3.
"""

import pytest

from kiosk.games.synchro import start_position
from kiosk.games.synchro.rules import apply, generate

from . import reference as ref
from .helpers import pos


def engine_perft(position, depth):
    moves = generate(position)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(apply(position, m), depth - 1) for m in moves)


START_DEPTH_3 = 26126  # the reference's count; test_start_depth_3_reference recomputes it


@pytest.mark.parametrize("depth", [1, 2])
def test_start_position_matches_the_reference(depth):
    position = start_position()
    assert engine_perft(position, depth) == ref.perft(ref.from_position(position), depth)


def test_start_depth_3():
    assert engine_perft(start_position(), 3) == START_DEPTH_3


@pytest.mark.slow
def test_start_depth_3_reference():
    assert ref.perft(ref.from_position(start_position()), 3) == START_DEPTH_3


HAND_CHECKED = {
    # (1) synchronised: a white 3-unit on a2 and c2, nothing near. Both pieces take the
    # same step. up: a3/c3, a4/c4 (2); up-right: b3/d3, c4/e4 (2); right 1: b2/d2, but
    # right 2 lands a2 on its partner c2 (no): 1; down-right 1: b1/d1 (1); down 1: a1/c1
    # (1); down-left, left, up-left: a2 would leave the board (0). Total 7.
    "sync": (pos("W3 a2", "W3 c2", "B1 i9", captured=((), (1,))), 7),
    # (2) independent: white 5s on the VP c4 and on h5. c4: 8 directions × 2 = 16.
    # h5 (the VP frees its partner too): up h6 h7, down h4 h3, left g5 f5, up-left g6
    # f7, down-left g4 f3 (10), and toward the edge only 1: i6, i5, i4 (3) = 13. The
    # two lists share no square, so 16 × 13 = 208 pairs.
    "independent": (pos("W5 c4", "W5 h5", "B1 a9", captured=((), (1,))), 208),
    # (3) a lone lump off a VP, next to a black blob it takes (d5) and a black thing it
    # cannot take (e4): d4's 8 neighbours minus e4 = 7 (d5 a capture).
    "lone": (pos("W1 d4", "B3 d5", "B5 e4", captured=((1,), ())), 7),
    # (4) a lone blob on the VP g6 next to black pieces: g7 a black lump (not takeable,
    # also blocks g8), f7 a black thing (a capture, blocks e8); the other six
    # directions are free for 1 and 2 squares: 12, plus f7: 13.
    "lone on vantage": (pos("W3 g6", "B1 g7", "B5 f7", captured=((3,), (1,))), 13),
    # (5) swaps: white's captured pieces are 3, 1, 4 (oldest first): the last blob is 4,
    # the last lump 1 (3 must wait). White's board pieces: a lone 6 on a1, a 2-unit on
    # h2 and i2. Swaps: 4 or 1 for any of the three pieces = 6. The lone 6: a2, b2, b1
    # = 3. The 2-unit, moving together: up 1 and 2 (2), up-left 1 and 2 (2), down 1
    # (1), down-left 1 (1); left 1 puts i2 on its partner's square and left 2 passes
    # over it; every other direction takes i2 off the board: 6. Total 6 + 3 + 6 = 15.
    "swaps": (pos("W6 a1", "W2 h2", "W2 i2", "B5 e9", captured=((3, 1, 4), ())), 15),
    # (6) a win at hand: a white lone thing on e8, beside black's castle e9: all 8
    # neighbours are free (e9 wins at once); at depth 2 the game after e8-e9 is over
    # and adds no black replies.
    "castle": (pos("W5 e8", "B2 a9", "B2 a8", captured=((5,), ())), 8),
}


@pytest.mark.parametrize("name", list(HAND_CHECKED))
def test_hand_checked_positions(name):
    position, by_hand = HAND_CHECKED[name]
    assert engine_perft(position, 1) == by_hand
    state = ref.from_position(position)
    assert ref.perft(state, 1) == by_hand
    for depth in (2, 3) if name != "independent" else (2,):  # 208² is slow for ref
        assert engine_perft(position, depth) == ref.perft(state, depth), depth
