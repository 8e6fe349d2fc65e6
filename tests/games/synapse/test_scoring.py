"""Scoring: the worked examples of the original, and properties over random grids."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.games.synapse import (
    CELLS,
    default_cardset,
    make_round,
    points,
    rotate,
    score,
)
from kiosk.games.synapse.cards import block_card, mirror

from .helpers import NORTH, SOUTH, card, grid


def east_west_line(card_id, owner):
    """A line card turned a quarter: its arrows point east and west."""
    return rotate(card(card_id, "line", owner), 1)


def test_three_black_triangles_next_to_two_black_squares_is_1():
    """Only the colour matches. North's line on a1 points east along row 1 and scores
    the b1-c1 connection; the arm ends at the empty d1."""
    state = grid({
        "a1": east_west_line("L", NORTH),
        "b1": card("x", edges=("", "3 black triangle", "", "")),
        "c1": card("y", owner=SOUTH, edges=("", "", "", "2 black square")),
    })
    result = score(state)
    assert [c.value for c in result.connections] == [1]
    assert result.connections[0].why == "3 black triangle next to 2 black square: colour"
    assert result.totals == (1, 0)
    assert result.lines[0].ends == ("the empty cell d1", "the edge of the grid")


def test_one_white_circle_next_to_one_white_square_is_2():
    """Colour and number match, the shape does not. A south double on b2 has the
    white square on its east edge, next to the white circle on c2: 2, doubled."""
    state = grid({
        "b2": card("D", "double", SOUTH, ("", "1 white square", "", "")),
        "c2": card("x", edges=("", "", "", "1 white circle")),
    })
    result = score(state)
    assert result.connections[0].value == 2
    assert result.connections[0].why.endswith("colour, number")
    assert result.doubles[0].total == 4
    assert result.totals == (0, 4)


def test_a_line_worth_4():
    """North's line on a3, turned to point east and west: west is the grid's edge; east
    it walks b3, c3, d3 and stops at the block on e3 (f3 beyond it does not count).
    b3-c3: 2 black stars v 2 white stars = shape and number, 2; c3-d3: 3 gray circles v
    3 gray squares = colour and number, 2. The line scores 2 + 2 = 4."""
    state = grid({
        "a3": east_west_line("L", NORTH),
        "b3": card("b", edges=("", "2 black star", "", "")),
        "c3": card("c", owner=SOUTH, edges=("", "3 gray circle", "", "2 white star")),
        "d3": card("d", edges=("", "4 white triangle", "", "3 gray square")),
        "e3": block_card("B", SOUTH),
        "f3": card("f", edges=("", "", "", "4 white triangle")),
    })
    result = score(state)
    line = result.lines[0]
    assert [c.value for c in line.connections] == [2, 2]
    assert line.total == 4
    assert line.ends == ("the block on e3", "the edge of the grid")
    assert line.arms == (((1, 2), (2, 2), (3, 2)), ())
    assert result.totals == (4, 0)


def test_a_double_next_to_a_wild_is_8_doubled_to_16():
    """South's double on c3: north of it a wild whose marked edge faces it (3); east an
    exact match, 2 white circles both sides (3); south 1 black star v 1 gray star:
    shape and number (2); west a blank edge: no connection. 3 + 3 + 2 = 8, doubled 16.
    The wild's unmarked edges (east, west) connect to nothing."""
    state = grid({
        "c3": card("D", "double", SOUTH,
                   ("4 gray triangle", "2 white circle", "1 black star", "3 black square")),
        "c2": card("W", "wild", NORTH),
        "d3": card("e", edges=("", "", "", "2 white circle")),
        "c4": card("s", edges=("1 gray star", "", "", "")),
        "b3": card("w", edges=("", "", "", "")),
        "b2": card("nw", edges=("", "4 gray triangle", "", "")),  # meets the wild's blank side
    })
    result = score(state)
    double = result.doubles[0]
    assert sorted(c.value for c in double.connections) == [2, 3, 3]
    assert double.total == 16
    assert result.totals == (0, 16)


def test_a_double_in_a_line_scores_for_both():
    """One connection, two scoring cards: the line and the double each count it."""
    state = grid({
        "a1": east_west_line("L", NORTH),
        "b1": card("b", edges=("", "1 white circle", "", "")),
        "c1": card("D", "double", SOUTH, ("", "", "", "1 white circle")),
    })
    assert score(state).totals == (3, 6)


def test_a_block_between_two_cards_removes_exactly_their_connection():
    left = card("l", edges=("", "2 black star", "", ""))
    right = card("r", edges=("", "", "", "2 black star"))
    line = east_west_line("L", NORTH)
    joined = score(grid({"a1": line, "b1": left, "c1": right}))
    cut = score(grid({"a1": line, "b1": left, "c1": block_card("B", SOUTH), "d1": right}))
    assert joined.totals[0] - cut.totals[0] == 3
    assert len(joined.connections) - len(cut.connections) == 1
    assert cut.lines[0].ends[0] == "the block on c1"


def test_wild_next_to_blank_or_another_wild_is_no_connection():
    state = grid({"c3": card("W", "wild"), "c2": card("x"),
                  "c4": card("V", "wild", SOUTH)})
    assert score(state).connections == ()


def test_the_round_ender_gets_5():
    state = grid({"a1": card("x", edges=("1 black star",) * 4)}, ended_by=SOUTH)
    result = score(state)
    assert result.totals == (0, 5) and result.bonus is SOUTH
    assert result.lines_of_text()[-2] == "south ended the round: +5"


# -- properties over random grids of our card set ------------------------------------

CARDS = default_cardset()
ALL = [CARDS.start, *CARDS.cards.values()]


@st.composite
def random_grids(draw):
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    count = draw(st.integers(1, 36))
    cells = rng.sample(CELLS, count)
    cards = rng.sample(ALL, count)
    placed = {c: rotate(k, rng.randrange(4)) for c, k in zip(cells, cards, strict=True)}
    ended = draw(st.sampled_from([None, NORTH, SOUTH]))
    return placed, ended


def turned(placed):
    """The whole grid turned a quarter clockwise: (c, r) -> (5 - r, c)."""
    return {(5 - r, c): rotate(k, 1) for (c, r), k in placed.items()}


def mirrored(placed):
    return {(5 - c, r): mirror(k) for (c, r), k in placed.items()}


@settings(max_examples=150, deadline=None)
@given(random_grids())
def test_turning_or_mirroring_the_grid_changes_no_score(example):
    placed, ended = example
    totals = score(make_round(placed, ended_by=ended)).totals
    once = turned(placed)
    assert score(make_round(once, ended_by=ended)).totals == totals
    assert score(make_round(turned(turned(once)), ended_by=ended)).totals == totals
    assert score(make_round(mirrored(placed), ended_by=ended)).totals == totals


@settings(max_examples=150, deadline=None)
@given(random_grids())
def test_the_explanation_adds_up_and_nothing_is_negative(example):
    placed, ended = example
    state = make_round(placed, ended_by=ended)
    result = score(state)
    assert result.totals == points(state)
    assert all(0 <= c.value <= 3 for c in result.connections)
    expected = [5 if ended is NORTH else 0, 5 if ended is SOUTH else 0]
    for line in result.lines:
        assert line.total == sum(c.value for c in line.connections)
        expected[line.owner.index] += line.total
    for double in result.doubles:
        assert double.total == 2 * sum(c.value for c in double.connections)
        assert len(double.connections) <= 4
        expected[double.owner.index] += double.total
    assert list(result.totals) == expected
    every = {c.cells for c in result.connections}  # (each 0-3, so no total is negative)
    assert all(c.cells in every or c.cells[::-1] in every
               for part in (*result.lines, *result.doubles) for c in part.connections)


@settings(max_examples=100, deadline=None)
@given(random_grids(), st.data())
def test_a_block_removes_exactly_the_connections_of_the_card_it_replaces(example, data):
    placed, ended = example
    cell = data.draw(st.sampled_from(sorted(placed)))
    before = score(make_round(placed, ended_by=ended))
    after = score(make_round({**placed, cell: block_card("B", SOUTH)}, ended_by=ended))
    assert {c.cells for c in after.connections} == {
        c.cells for c in before.connections if cell not in c.cells}
