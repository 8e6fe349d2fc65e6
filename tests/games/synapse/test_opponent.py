"""The opponent: always legal, each level stronger than the one below, balanced decks."""

import random

import pytest

from kiosk.games.synapse import Kind, check_placement, default_cardset, place, rotate, start_round
from kiosk.games.synapse.opponent import LEVELS, PACE_SECONDS, choose
from kiosk.games.synapse.selfplay import balance, play_game, play_round

from .helpers import NORTH, SOUTH, card, grid

CARDS = default_cardset()


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_choice_is_legal_until_the_round_ends(level):
    rng = random.Random(level)
    state = start_round(CARDS, 2, rng)
    while not state.over:
        player = rng.choice([NORTH, SOUTH])
        choice = choose(state, player, level, rng)
        assert check_placement(state, player, choice.card_id, choice.cell,
                               choice.rotation) is None
        state = place(state, player, choice.card_id, choice.cell, choice.rotation)
    assert choose(state, NORTH, level, rng) is None


def test_levels_and_paces_match():
    assert set(LEVELS) == set(PACE_SECONDS)
    assert [PACE_SECONDS[level] for level in sorted(LEVELS)] == sorted(
        PACE_SECONDS.values(), reverse=True)
    with pytest.raises(ValueError, match="no level 7"):
        choose(start_round(CARDS, 1, random.Random(1)), NORTH, 7, random.Random(1))


def test_greedy_takes_the_exact_match_for_its_double():
    """North's double on c3 shows 2 white circles east; north holds a card with 2 white
    circles: greedy puts it on d3, turned so they touch (worth 3, doubled 6)."""
    double = card("D", "double", NORTH, ("", "2 white circle", "", ""))
    answer = card("A", owner=NORTH, edges=("2 white circle", "", "", ""))
    filler = card("F", owner=NORTH, edges=("1 black star", "", "", ""))
    state = grid({"c3": double, "a1": answer, "f6": filler}, hands=(("A", "F"), ()))
    state = state.__class__(state.cardset, 1, tuple(
        None if c is not None and c.id in "AF" else c for c in state.grid),
        (("A", "F"), ()), ("", ""))
    choice = choose(state, NORTH, 1, random.Random(1))
    assert (choice.card_id, choice.cell, choice.rotation, choice.value) == ("A", (3, 2), 270, 6)


def test_blocking_caps_the_open_end_of_the_opponents_line():
    """South's line on a1 points east over b1-c1 (worth 3) to the empty d1; north's
    level 2 holds its block and a card that scores nothing: it blocks d1."""
    line = rotate(card("L", "line", SOUTH), 1)
    b1 = card("b", owner=SOUTH, edges=("", "2 black star", "", ""))
    c1 = card("c", owner=SOUTH, edges=("", "", "", "2 black star"))
    block = card("B", "block", NORTH)
    plain = card("P", owner=NORTH, edges=("", "", "", ""))
    placed = grid({"a1": line, "b1": b1, "c1": c1, "f6": block, "e6": plain})
    state = placed.__class__(placed.cardset, 1, tuple(
        None if c is not None and c.id in "BP" else c for c in placed.grid),
        (("B", "P"), ()), ("", ""))
    choice = choose(state, NORTH, 2, random.Random(1))
    assert (choice.card_id, choice.cell) == ("B", (3, 0))
    assert CARDS.cards["N18"].kind is Kind.BLOCK


def test_each_level_beats_the_one_below():
    for strong, weak, games in ((1, 0, 6), (2, 1, 10)):
        result = balance(CARDS, (strong, weak), games, seed=strong)
        assert result.wins[0] > result.wins[1], result.row()


def test_the_decks_are_equally_strong():
    """Random against random over 120 games, and greedy against greedy over 20: each
    deck wins between a third and two thirds (loose: the exact figures are in
    ``python -m benchmarks synapse``)."""
    for levels, games in (((0, 0), 120), ((1, 1), 20)):
        result = balance(CARDS, levels, games, seed=1)
        assert games / 3 <= result.wins[0] <= 2 * games / 3, result.row()


def test_a_round_and_a_game_finish():
    game = play_game(CARDS, (0, 2), seed=3)
    assert game.over and all(r.over for r in game.rounds)
    assert play_round(game, (0, 0), random.Random(1)) is game
