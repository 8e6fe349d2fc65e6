"""Achievements: what a finished game earns a group.

:func:`achievements` reads a finished :class:`.Game` and the number of games the group
won in a row just before it (the table keeps that from the store), and returns every
:class:`Achievement` the game earns. An abandoned (unfinished) game earns none.
:func:`streak_after` is the group's streak after the game. Only a won game earns a
"win ..." achievement; the round streak counts in a lost game too.

>>> from .options import Options
>>> from .rules import new_game
>>> achievements(new_game(Options()), streak=2)
frozenset()
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from .options import LOSSES_TO_LOSE, Mode, Order
from .state import Game, Outcome


class Achievement(StrEnum):
    WIN_AUTOMATIC = "win_automatic"      # win a game in automatic mode
    WIN_MANUAL = "win_manual"            # win a game in manual mode, clockwise order
    WIN_IMPROVISED = "win_improvised"    # ... manual mode, improvised order
    WIN_PARALLEL = "win_parallel"        # ... manual mode, parallel laying
    WIN_2_PLAYERS = "win_2_players"
    WIN_3_PLAYERS = "win_3_players"
    WIN_4_PLAYERS = "win_4_players"
    WIN_5_PLAYERS = "win_5_players"
    STREAK_3 = "streak_3"                # three games won in a row by the group
    STREAK_5 = "streak_5"                # five games won in a row
    NO_BLOCKS = "no_blocks"              # win without spending a block token
    FLAWLESS = "flawless"                # win without a lost round (5-0)
    COMEBACK = "comeback"                # win after four lost rounds (5-4)
    ROUNDS_IN_A_ROW = "rounds_in_a_row"  # three rounds won in a row within one game
    SIX_PHANTOMS = "six_phantoms"        # win starting with 6 phantoms
    TWO_KEYS = "two_keys"                # win in automatic mode with 2 key cards a round
    NO_TOKENS = "no_tokens"              # win starting with no block token


TITLES = {
    Achievement.WIN_AUTOMATIC: "In sync: won a game in automatic mode",
    Achievement.WIN_MANUAL: "Hand in hand: won a game in manual mode",
    Achievement.WIN_IMPROVISED: "Jazz: won a game in manual mode, improvised order",
    Achievement.WIN_PARALLEL: "All at once: won a game in manual mode, parallel laying",
    Achievement.WIN_2_PLAYERS: "Two minds: won a game with 2 players",
    Achievement.WIN_3_PLAYERS: "Triangle: won a game with 3 players",
    Achievement.WIN_4_PLAYERS: "Square: won a game with 4 players",
    Achievement.WIN_5_PLAYERS: "Full house: won a game with 5 players",
    Achievement.STREAK_3: "Hat trick: won three games in a row",
    Achievement.STREAK_5: "Unbroken: won five games in a row",
    Achievement.NO_BLOCKS: "Open minds: won without spending a block token",
    Achievement.FLAWLESS: "Flawless: won without losing a round",
    Achievement.COMEBACK: "Comeback: won after four lost rounds",
    Achievement.ROUNDS_IN_A_ROW: "Rolling: won three rounds in a row",
    Achievement.SIX_PHANTOMS: "Crowded: won starting with 6 phantoms",
    Achievement.TWO_KEYS: "Slim clues: won in automatic mode with 2 key cards a round",
    Achievement.NO_TOKENS: "Bare hands: won starting with no block token",
}

_MODE = {(Mode.MANUAL, Order.CLOCKWISE): Achievement.WIN_MANUAL,
         (Mode.MANUAL, Order.IMPROVISED): Achievement.WIN_IMPROVISED,
         (Mode.MANUAL, Order.PARALLEL): Achievement.WIN_PARALLEL}
_PLAYERS = {2: Achievement.WIN_2_PLAYERS, 3: Achievement.WIN_3_PLAYERS,
            4: Achievement.WIN_4_PLAYERS, 5: Achievement.WIN_5_PLAYERS}


def longest_round_streak(game: Game) -> int:
    best = run = 0
    for result in game.history:
        run = run + 1 if result.outcome is Outcome.WON else 0
        best = max(best, run)
    return best


def streak_after(game: Game, streak: int = 0) -> int:
    """The group's games won in a row after ``game`` (``streak`` before it)."""
    if not game.over:
        return streak
    return streak + 1 if game.won else 0


def earned_in_play(game: Game) -> frozenset[Achievement]:
    """What the game has earned for certain while it is still played (three rounds won
    in a row count in a lost game too); kept when it finishes, never if abandoned."""
    if longest_round_streak(game) >= 3:
        return frozenset({Achievement.ROUNDS_IN_A_ROW})
    return frozenset()


def earned_by_last_round(game: Game) -> frozenset[Achievement]:
    """What :func:`earned_in_play` gained with the last revealed round (to celebrate)."""
    if not game.history:
        return frozenset()
    before = replace(game, history=game.history[:-1])
    return earned_in_play(game) - earned_in_play(before)


def achievements(game: Game, streak: int = 0) -> frozenset[Achievement]:
    """Every achievement the finished ``game`` earns; ``streak`` is the games the group
    won in a row before it."""
    if not game.over:
        return frozenset()
    earned = set(earned_in_play(game))
    if not game.won:
        return frozenset(earned)
    options = game.options
    if options.mode is Mode.AUTOMATIC:
        earned.add(Achievement.WIN_AUTOMATIC)
        if options.key_cards == 2:
            earned.add(Achievement.TWO_KEYS)
    else:
        earned.add(_MODE[options.mode, options.order])
    earned.add(_PLAYERS[options.players])
    after = streak_after(game, streak)
    if after >= 3:
        earned.add(Achievement.STREAK_3)
    if after >= 5:
        earned.add(Achievement.STREAK_5)
    if game.blocks_spent == 0:
        earned.add(Achievement.NO_BLOCKS)
    if not game.losses:
        earned.add(Achievement.FLAWLESS)
    if len(game.losses) == LOSSES_TO_LOSE - 1:
        earned.add(Achievement.COMEBACK)
    if options.start_phantoms == 6:
        earned.add(Achievement.SIX_PHANTOMS)
    if options.blocks_at_start == 0:
        earned.add(Achievement.NO_TOKENS)
    return frozenset(earned)
