"""Playing S.Y.N.C. in tests: whole rounds won or lost, and actions in a row."""

from kiosk.games.sync_association import (
    Choose,
    Discard,
    LayKey,
    Mode,
    NextRound,
    Options,
    Phase,
    Reveal,
    StartChoosing,
    new_game,
    play,
)


def start(seats=(1, 2, 3), seed=1, first=None, **options):
    return new_game(Options(seats=tuple(seats), **options), seed, first)


def act(game, *actions):
    for action in actions:
        game = play(game, action)
    return game


def lay_all(game):
    """Manual mode: every seat lays the first card of its hand, in the allowed order."""
    while game.phase is Phase.LAYING:
        seat = game.to_lay[0]
        game = play(game, LayKey(seat, game.hand(seat)[0]))
    return game


def to_choosing(game, *blocks):
    game = lay_all(game)
    return act(game, *blocks, StartChoosing())


def choose_all(game, pick):
    """Every counted seat chooses ``pick(seat)``."""
    for seat in game.counted:
        game = play(game, Choose(seat, pick(seat)))
    return game


def win_round(game, number=1, *blocks, next_round=True):
    game = act(choose_all(to_choosing(game, *blocks), lambda seat: number), Reveal())
    assert game.phase in (Phase.WON, Phase.OVER)
    return play(game, NextRound()) if next_round and not game.over else game


def lose_round(game, discard=1, *blocks, next_round=True):
    game = to_choosing(game, *blocks)
    first = game.counted[0]
    game = act(choose_all(game, lambda seat: 1 if seat == first else 2), Reveal())
    assert game.phase is Phase.LOST
    game = play(game, Discard(discard))
    return play(game, NextRound()) if next_round and not game.over else game


def play_rounds(game, pattern):
    """``pattern`` like "WWLW": won and lost rounds in that order."""
    for outcome in pattern:
        game = win_round(game) if outcome == "W" else lose_round(game)
    return game


__all__ = ["Mode", "act", "choose_all", "lay_all", "lose_round", "play_rounds", "start",
           "to_choosing", "win_round"]
