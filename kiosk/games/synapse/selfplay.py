"""Games between two opponents, for the balance figures and tests.

Synapse has no turns: both players place as fast as they can. A simulated game stands
for that by choosing, before each placement, which player moves next at random (a fair
coin), so neither is always first to the +5. :func:`balance` plays many games and
counts how each side fared; with the same level on both sides it measures whether the
two decks are equally strong.

>>> from .design import default_cardset
>>> game = play_game(default_cardset(), (0, 0), seed=5)
>>> game.over, game.number >= 3
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import PLAYERS, Player
from .game import Game, new_game, next_round, play
from .opponent import choose
from .rules import CardSet


def play_round(game: Game, levels: tuple[int, int], rng: random.Random) -> Game:
    while not game.round.over:
        player = PLAYERS[0] if rng.random() < 0.5 else PLAYERS[1]
        choice = choose(game.round, player, levels[player.index], rng)
        if choice is not None:
            game = play(game, player, choice.card_id, choice.cell, choice.rotation)
    return game


def play_game(cardset: CardSet, levels: tuple[int, int], seed: int) -> Game:
    """A whole game, north at ``levels[0]``, south at ``levels[1]``."""
    rng = random.Random(seed)
    game = play_round(new_game(cardset, seed), levels, rng)
    while not game.over:
        game = play_round(next_round(game), levels, rng)
    return game


@dataclass(frozen=True)
class Balance:
    levels: tuple[int, int]
    games: int
    wins: tuple[int, int]      # north's, south's
    points: tuple[float, float]  # average points a game

    def row(self) -> str:
        share = 100 * self.wins[0] / self.games
        return (f"north level {self.levels[0]} v south level {self.levels[1]}: "
                f"{self.games} games, north won {self.wins[0]} ({share:.0f}%), south "
                f"{self.wins[1]}; average points {self.points[0]:.1f} v {self.points[1]:.1f}")


def balance(cardset: CardSet, levels: tuple[int, int], games: int, seed: int = 0) -> Balance:
    wins, totals = [0, 0], [0, 0]
    for n in range(games):
        game = play_game(cardset, levels, seed * 100_003 + n)
        wins[(game.winner or Player.NORTH).index] += 1
        totals[0] += game.totals[0]
        totals[1] += game.totals[1]
    return Balance(levels, games, (wins[0], wins[1]),
                   (totals[0] / games, totals[1] / games))
