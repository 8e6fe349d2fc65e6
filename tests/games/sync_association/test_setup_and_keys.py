"""Setting up, and the key cards: automatic mode, manual mode and its three orders."""

import doctest
import importlib
import pkgutil

import pytest

import kiosk.games.sync_association
from kiosk.games.sync_association import (
    HAND_SIZE,
    LayKey,
    Mode,
    NextRound,
    Options,
    Order,
    Phase,
    SetupError,
    StartChoosing,
    check,
    new_game,
    play,
)

from .helpers import act, lay_all, lose_round, start, win_round


def test_the_docstrings_run():
    package = kiosk.games.sync_association
    names = [m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")]
    failed = attempted = 0
    for name in [package.__name__, *names]:
        result = doctest.testmod(importlib.import_module(name))
        failed += result.failed
        attempted += result.attempted
    assert failed == 0 and attempted >= 20


# ---------------------------------------------------------------- set-up

@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_the_start_phantoms_are_numbered_from_1(count):
    game = start(start_phantoms=count)
    assert game.numbers == tuple(range(1, count + 1))
    assert len(set(game.open)) == count
    assert all(1 <= card <= game.options.phantom_cards for card in game.open)
    assert not set(game.open) & set(game.phantom_deck)


def test_three_phantoms_by_default_and_one_block_token_per_player():
    for seats in ((1, 2), (1, 2, 3), (1, 2, 3, 4), (1, 2, 3, 4, 5)):
        game = start(seats)
        assert len(game.open) == 3 and game.blocks_held == len(seats)


@pytest.mark.parametrize("blocks", [0, 1, 7])
def test_fewer_or_more_block_tokens(blocks):
    assert start(start_blocks=blocks).blocks_held == blocks


@pytest.mark.parametrize(("options", "words"), [
    ({"seats": (1,)}, "2 to 5 players, not 1"),
    ({"seats": (1, 2, 3, 4, 5, 6)}, "2 to 5 players, not 6"),
    ({"seats": (1, 1, 2)}, "a seat is listed twice"),
    ({"start_phantoms": 1}, "start with 2 to 6 phantoms, not 1"),
    ({"start_phantoms": 7}, "start with 2 to 6 phantoms, not 7"),
    ({"key_cards": 1}, "lay 2 to 6 key cards a round, not 1"),
    ({"key_cards": 7}, "lay 2 to 6 key cards a round, not 7"),
    ({"start_blocks": -1}, "start with 0 to 10 block tokens, not -1"),
    ({"start_blocks": 11}, "start with 0 to 10 block tokens, not 11"),
    ({"mode": "solo"}, "the mode is automatic or manual, not 'solo'"),
    ({"order": "random"}, "the order is clockwise, improvised or parallel, not 'random'"),
    ({"phantom_cards": 14}, "at least 15 phantom cards"),
    ({"mode": Mode.MANUAL, "key_cards_in_box": 18}, "at least 19 key cards"),
    ({"key_cards_in_box": 2}, "at least 3 key cards"),
])
def test_set_ups_that_cannot_be_played_are_refused_with_a_sentence(options, words):
    seats = options.pop("seats", (1, 2, 3))
    with pytest.raises(SetupError) as caught:
        new_game(Options(seats=seats, **options))
    assert any(words in problem for problem in caught.value.problems), caught.value.problems


def test_the_smallest_boxes_that_can_play_a_whole_game():
    options = Options(seats=(1, 2, 3), phantom_cards=15, key_cards_in_box=3)
    assert options.problems() == []
    game = new_game(options)
    for outcome in "LLLLWWWW":
        game = win_round(game) if outcome == "W" else lose_round(game)
    game = win_round(game)
    assert game.won and len(game.phantom_deck) == 0
    manual = Options(seats=(1, 2, 3), mode=Mode.MANUAL, key_cards_in_box=19)
    assert manual.problems() == []


def test_the_first_player_holds_the_tokens_and_may_be_any_seat():
    assert start((4, 6, 2)).first == 4
    assert start((4, 6, 2), first=2).first == 2
    with pytest.raises(SetupError, match="first player must sit at one of seats 4, 6 or 2"):
        start((4, 6, 2), first=3)


def test_a_seed_shuffles_the_decks_the_same_way_every_time():
    assert start(seed=9) == start(seed=9)
    assert len({start(seed=s).open for s in range(8)}) > 1
    assert len({start(seed=s).keys for s in range(8)}) > 1


# ---------------------------------------------------------------- automatic mode

@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_automatic_mode_draws_the_key_cards_at_random(count):
    game = start(key_cards=count)
    assert game.phase is Phase.BLOCKING
    assert [seat for seat, _ in game.keys] == [None] * count
    cards = [card for _, card in game.keys]
    assert len(set(cards)) == count
    assert check(game, LayKey(1, cards[0])) == (
        "in automatic mode the key cards are drawn at random: nobody lays one")


def test_automatic_key_cards_are_discarded_and_new_ones_drawn_each_round():
    game = start()
    first = {card for _, card in game.keys}
    game = win_round(game)
    second = {card for _, card in game.keys}
    assert not first & second and len(second) == 3
    assert set(game.key_discard) == first


def test_the_discarded_key_cards_are_shuffled_back_when_the_deck_runs_out():
    game = start(key_cards_in_box=7)
    seen = []
    for _ in range(4):
        cards = [card for _, card in game.keys]
        assert len(set(cards)) == 3
        seen += cards
        game = win_round(game)
    assert len(seen) == 12 and set(seen) <= set(range(1, 8))


# ---------------------------------------------------------------- manual mode

def manual(order=Order.CLOCKWISE, seats=(1, 2, 3), **options):
    return start(seats, mode=Mode.MANUAL, order=order, **options)


def test_manual_mode_deals_hands_of_five_and_lays_one_random_card():
    game = manual(seats=(1, 2, 3, 4))
    hands = [game.hand(seat) for seat in game.seats]
    assert [len(h) for h in hands] == [HAND_SIZE] * 4
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == 20
    assert len(game.keys) == 1 and game.keys[0][0] is None
    assert game.keys[0][1] not in dealt
    assert game.phase is Phase.LAYING and game.to_lay == (1, 2, 3, 4)


def test_clockwise_laying_starts_with_the_first_player():
    game = manual(seats=(1, 2, 3), first=2)
    assert game.to_lay == (2, 3, 1)
    assert check(game, LayKey(3, game.hand(3)[0])) == (
        "it is seat 2's turn to lay a key card (clockwise from the first player, seat 2)")
    game = play(game, LayKey(2, game.hand(2)[0]))
    assert game.to_lay == (3, 1)
    card = game.hand(3)[4]
    game = play(game, LayKey(3, card))
    assert (3, card) in game.keys and card not in game.hand(3) and len(game.hand(3)) == 4


def test_a_player_lays_only_a_card_from_their_hand_and_only_once():
    game = manual()
    other = game.hand(2)[0]
    assert check(game, LayKey(1, other)) == f"key card {other} is not in seat 1's hand"
    assert check(game, LayKey(9, other)) == (
        "there is no player at seat 9: the players sit at 1, 2 or 3")
    game = play(game, LayKey(1, game.hand(1)[0]))
    game = play(game, LayKey(2, game.hand(2)[0]))
    game = play(game, LayKey(3, game.hand(3)[0]))
    assert game.phase is Phase.BLOCKING and len(game.keys) == 4
    assert check(game, LayKey(1, game.hand(1)[0])) == "the key cards are all laid for this round"


def test_the_choosing_waits_for_every_key_card():
    game = manual()
    game = play(game, LayKey(1, game.hand(1)[0]))
    assert check(game, StartChoosing()) == "waiting for seats 2 or 3 to lay a key card"


@pytest.mark.parametrize("order", [Order.IMPROVISED, Order.PARALLEL])
def test_improvised_and_parallel_laying_take_any_order_once_each(order):
    game = manual(order, seats=(1, 2, 3))
    game = play(game, LayKey(3, game.hand(3)[1]))
    game = play(game, LayKey(1, game.hand(1)[2]))
    assert check(game, LayKey(3, game.hand(3)[0])) == (
        "seat 3 has laid a key card this round already: one each")
    assert game.keys_face_down is (order is Order.PARALLEL)
    game = play(game, LayKey(2, game.hand(2)[0]))
    assert game.phase is Phase.BLOCKING and not game.keys_face_down
    assert [seat for seat, _ in game.keys] == [None, 3, 1, 2]


def test_clockwise_keys_are_face_up():
    game = manual()
    assert not game.keys_face_down


def test_hands_are_refilled_and_laid_cards_discarded_after_a_round():
    game = lay_all(manual())
    laid = {card for _, card in game.keys}
    for lost in (False, True):
        game = (lose_round if lost else win_round)(game)
        assert [len(game.hand(s)) for s in game.seats] == [HAND_SIZE] * 3
        assert laid <= set(game.key_discard)
        in_hands = {c for s in game.seats for c in game.hand(s)}
        assert not in_hands & laid and game.keys[0][1] not in in_hands
        assert len(game.keys) == 1 and game.phase is Phase.LAYING
        laid = set()
        game = lay_all(game)
        laid = {card for _, card in game.keys}


def test_manual_hands_survive_a_small_box_by_reshuffling():
    game = manual(key_cards_in_box=19)
    for _ in range(6):
        game = win_round(game) if len(game.victories) < 4 else lose_round(game)
        cards = [c for s in game.seats for c in game.hand(s)] + [c for _, c in game.keys]
        assert len(cards) == len(set(cards)) == 16


def test_next_round_lays_again_from_the_new_first_player():
    game = win_round(manual(seats=(1, 2, 3)))
    assert game.first == 2 and game.to_lay == (2, 3, 1)
    assert act(game, *[LayKey(s, game.hand(s)[0]) for s in (2, 3, 1)]).phase is Phase.BLOCKING
    assert check(game, NextRound()) == "round 2 is not revealed yet"
