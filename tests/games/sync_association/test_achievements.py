"""Each achievement earned, and not earned, by games played through the rules."""

import pytest

from kiosk.games.sync_association import (
    TITLES,
    Achievement,
    Block,
    Mode,
    Order,
    Target,
    Unblock,
    achievements,
    longest_round_streak,
    play,
    streak_after,
)

from .helpers import play_rounds, start, win_round

A = Achievement
WINS = "WWWWW"


def earned(pattern=WINS, streak=0, seats=(1, 2, 3), **options):
    return achievements(play_rounds(start(seats, **options), pattern), streak)


def test_every_achievement_has_a_title():
    assert set(TITLES) == set(Achievement)


def test_an_unfinished_game_earns_nothing():
    game = play_rounds(start(), "WWWW")
    assert achievements(game, streak=4) == frozenset()
    assert streak_after(game, 4) == 4


@pytest.mark.parametrize(("mode", "order", "wanted"), [
    (Mode.AUTOMATIC, Order.CLOCKWISE, A.WIN_AUTOMATIC),
    (Mode.MANUAL, Order.CLOCKWISE, A.WIN_MANUAL),
    (Mode.MANUAL, Order.IMPROVISED, A.WIN_IMPROVISED),
    (Mode.MANUAL, Order.PARALLEL, A.WIN_PARALLEL),
])
def test_winning_in_each_mode(mode, order, wanted):
    modes = {A.WIN_AUTOMATIC, A.WIN_MANUAL, A.WIN_IMPROVISED, A.WIN_PARALLEL}
    won = earned(mode=mode, order=order)
    assert won & modes == {wanted}
    assert not earned("LLLLL", mode=mode, order=order) & modes


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_winning_with_each_number_of_players(players):
    counts = {A.WIN_2_PLAYERS, A.WIN_3_PLAYERS, A.WIN_4_PLAYERS, A.WIN_5_PLAYERS}
    seats = tuple(range(1, players + 1))
    assert earned(seats=seats) & counts == {A(f"win_{players}_players")}
    assert not earned("WWWWLLLLL", seats=seats) & counts


def test_streaks_of_three_and_five_won_games():
    assert A.STREAK_3 not in earned(streak=1)
    assert A.STREAK_3 in earned(streak=2) and A.STREAK_5 not in earned(streak=2)
    assert A.STREAK_5 not in earned(streak=3)
    assert {A.STREAK_3, A.STREAK_5} <= earned(streak=4)
    assert not earned("LLLLL", streak=4) & {A.STREAK_3, A.STREAK_5}


def test_the_streak_counts_won_games_and_a_loss_ends_it():
    won, lost = play_rounds(start(), WINS), play_rounds(start(), "LLLLL")
    assert [streak_after(won, s) for s in (0, 2)] == [1, 3]
    assert streak_after(lost, 7) == 0


def test_winning_without_spending_a_block_token():
    assert A.NO_BLOCKS in earned()
    spent = win_round(start(), 1, Block(Target.PHANTOM, 2))
    assert A.NO_BLOCKS not in achievements(play_rounds(spent, "WWWW"))
    assert A.NO_BLOCKS not in earned("LLLLL")


def test_a_block_taken_back_is_not_spent():
    game = play(play(start(), Block(Target.PHANTOM, 2)), Unblock(Target.PHANTOM, 2))
    assert A.NO_BLOCKS in achievements(play_rounds(game, WINS))


def test_winning_without_a_lost_round():
    assert A.FLAWLESS in earned(WINS)
    assert A.FLAWLESS not in earned("LWWWWW")
    assert A.FLAWLESS not in earned("LLLLL")


def test_winning_after_four_lost_rounds():
    assert A.COMEBACK in earned("LLLLWWWWW") and A.COMEBACK in earned("WLWLWLWLW")
    assert A.COMEBACK not in earned("LLLWWWWW")
    assert A.COMEBACK not in earned("WWWWLLLLL")


def test_three_rounds_won_in_a_row_counts_in_a_lost_game_too():
    assert A.ROUNDS_IN_A_ROW in earned("WWWLLLLL")
    assert A.ROUNDS_IN_A_ROW not in earned("WWLWWLLLL")
    assert longest_round_streak(play_rounds(start(), "WLWWWLLLL")) == 3
    assert longest_round_streak(play_rounds(start(), "LWLWWWW")) == 4


def test_winning_with_six_phantoms_and_with_two_key_cards():
    assert A.SIX_PHANTOMS in earned(start_phantoms=6)
    assert A.SIX_PHANTOMS not in earned(start_phantoms=5)
    assert A.SIX_PHANTOMS not in earned("LLLLL", start_phantoms=6)
    assert A.TWO_KEYS in earned(key_cards=2)
    assert A.TWO_KEYS not in earned(key_cards=3)
    assert A.TWO_KEYS not in earned(mode=Mode.MANUAL, key_cards=2)


def test_winning_with_no_block_token_at_the_start():
    assert A.NO_TOKENS in earned(start_blocks=0)
    assert A.NO_TOKENS not in earned(start_blocks=1)


def test_a_lost_game_earns_no_win_achievement():
    assert earned("WWLWLWLLL") == frozenset()
    assert earned("LLLLL", streak=9) == frozenset()


def test_three_rounds_in_a_row_are_earned_in_play_the_round_they_happen():
    from kiosk.games.sync_association import NextRound
    from kiosk.games.sync_association.achievements import earned_by_last_round, earned_in_play

    game = play_rounds(start(), "LWW")
    assert earned_in_play(game) == frozenset() == earned_by_last_round(game)
    game = win_round(game, next_round=False)               # the third won in a row
    assert earned_in_play(game) == {A.ROUNDS_IN_A_ROW}
    assert earned_by_last_round(game) == {A.ROUNDS_IN_A_ROW}
    game = win_round(play(game, NextRound()), next_round=False)  # a fourth: already held
    assert earned_in_play(game) == {A.ROUNDS_IN_A_ROW}
    assert earned_by_last_round(game) == frozenset()
    assert earned_by_last_round(start()) == frozenset()
