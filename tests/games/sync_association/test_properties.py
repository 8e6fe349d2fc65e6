"""Hypothesis: random legal games under random set-ups keep every invariant, always end
at 5 victories or 5 losses, and replay from their records; random actions, legal or
not, get a sentence or a new state, never an exception.

Per run: 40 games and 60 batches of random actions (a few seconds). KIOSK_LONG=1 (tests
marked slow) plays 1,500 games more.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.games.sync_association import (
    BLOCKS_PER_ROUND,
    HAND_SIZE,
    LOSSES_TO_LOSE,
    MOST_ROUNDS,
    VICTORIES_TO_WIN,
    Block,
    Choose,
    Discard,
    IllegalAction,
    LayKey,
    Lift,
    Mode,
    Mood,
    NextRound,
    Options,
    Order,
    Phase,
    Reveal,
    SetMood,
    StartChoosing,
    Target,
    Unblock,
    check,
    legal_actions,
    load_record,
    new_game,
    play,
    record_of,
    replay,
    save_record,
)


def _settings(examples):
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


SEATS = st.integers(2, 5).flatmap(
    lambda n: st.lists(st.integers(1, 8), min_size=n, max_size=n, unique=True).map(tuple))
OPTIONS = st.builds(
    Options, seats=SEATS, mode=st.sampled_from(Mode), order=st.sampled_from(Order),
    start_phantoms=st.integers(2, 6), key_cards=st.integers(2, 6),
    start_blocks=st.none() | st.integers(0, 10),
    phantom_cards=st.integers(20, 40), key_cards_in_box=st.integers(31, 60))


def invariants(game):
    o = game.options
    assert game.blocks_held >= 0 and len(game.blocks) <= BLOCKS_PER_ROUND
    assert game.blocks_spent >= 0
    assert game.numbers == tuple(range(1, len(game.open) + 1))
    phantoms = [*game.open, *game.victories, *game.losses, *game.phantom_deck]
    assert sorted(phantoms) == list(range(1, o.phantom_cards + 1))  # each card once
    keys = [*game.key_deck, *game.key_discard, *(c for h in game.hands for c in h),
            *(c for _, c in game.keys)]
    assert sorted(keys) == list(range(1, o.key_cards_in_box + 1))
    assert all(len(h) <= HAND_SIZE for h in game.hands)
    assert len(game.victories) <= VICTORIES_TO_WIN and len(game.losses) <= LOSSES_TO_LOSE
    assert game.number <= MOST_ROUNDS and len(game.history) <= MOST_ROUNDS
    assert len(game.counted) >= 2
    if not game.over:
        assert len(game.choosable) >= 2 and len(game.open) >= o.start_phantoms
    if game.phase is Phase.CHOOSING:
        for seat, number in game.choices:
            assert seat in game.counted and number in game.choosable
    if game.phase is Phase.CHOOSING or game.phase is Phase.BLOCKING:
        laid = len(game.keys)
        assert laid == (o.key_cards if o.mode is Mode.AUTOMATIC else 1 + o.players)


def random_game(options, seed, rng):
    """A random legal game: a few stray actions in each step, agreement now and then."""
    game = start = new_game(options, seed, rng.choice(options.seats))
    actions = []

    def do(action):
        nonlocal game
        assert check(game, action) is None
        game = play(game, action)
        actions.append(action)
        invariants(game)

    agree = rng.random()
    while not game.over:
        phase = game.phase
        if phase is Phase.LAYING:
            do(rng.choice(legal_actions(game)))
        elif phase is Phase.BLOCKING:
            for _ in range(rng.randrange(4)):
                blocks = [a for a in legal_actions(game) if isinstance(a, Block | Unblock)]
                if blocks:
                    do(rng.choice(blocks))
            do(StartChoosing())
        elif phase is Phase.CHOOSING:
            for _ in range(rng.randrange(4)):
                do(rng.choice([a for a in legal_actions(game) if a != Reveal()]))
            together = rng.random() < agree
            number = rng.choice(game.choosable)
            for seat in game.waiting:
                do(Choose(seat, number if together else rng.choice(game.choosable)))
            do(Reveal())
        elif phase is Phase.LOST:
            do(Discard(rng.choice(game.numbers)))
        else:
            do(NextRound())
    return start, game, actions


def check_game(options, seed):
    start, game, actions = random_game(options, seed, random.Random(seed))
    assert game.over and (len(game.victories) == 5) != (len(game.losses) == 5)
    assert game.won is (len(game.victories) == 5) and game.lost is not game.won
    assert len(game.history) == len(game.victories) + len(game.losses) <= MOST_ROUNDS
    record = record_of(start, tuple(actions))
    text = save_record(record)
    assert load_record(text) == record
    assert replay(record)[-1] == game
    assert save_record(load_record(text)) == text


@_settings(40)
@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_random_legal_games_end_and_replay(options, seed):
    check_game(options, seed)


@pytest.mark.slow
@_settings(1500)
@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_random_legal_games_at_length(options, seed):
    check_game(options, seed)


ANY_INT = st.integers(-3, 12) | st.sampled_from([0, 10**6, -(10**6)])
ANY_ACTION = st.one_of(
    st.builds(LayKey, ANY_INT, ANY_INT | st.integers(1, 120)),
    st.builds(Block, st.sampled_from([*Target, "ghost"]), ANY_INT),
    st.builds(Unblock, st.sampled_from([*Target, "ghost"]), ANY_INT),
    st.just(StartChoosing()), st.builds(Choose, ANY_INT, ANY_INT), st.builds(Lift, ANY_INT),
    st.builds(SetMood, ANY_INT, st.sampled_from([*Mood, None, "blue"])),
    st.just(Reveal()), st.builds(Discard, ANY_INT), st.just(NextRound()),
    st.none(), st.text(max_size=5))


@_settings(60)
@given(options=OPTIONS, seed=st.integers(0, 2**16),
       actions=st.lists(ANY_ACTION, max_size=60))
def test_any_action_gets_a_sentence_or_a_new_state(options, seed, actions):
    game = new_game(options, seed)
    for action in actions:
        problem = check(game, action)
        if problem is None:
            game = play(game, action)
            invariants(game)
        else:
            assert isinstance(problem, str) and problem and "\n" not in problem
            with pytest.raises(IllegalAction):
                play(game, action)
