"""A game: three rounds, more while the totals are tied.

:class:`Game` is immutable. :func:`new_game` starts round 1; :func:`play` places a
card in the current round; once it is over, :func:`next_round` starts the next one
(the table decides when: after showing the round's score). Each round's first cards are
drawn with ``random.Random(f"synapse:{seed}:{number}")``, so a seed replays a game.

>>> from .design import default_cardset
>>> game = new_game(default_cardset(), seed=7)
>>> game.number, game.totals, game.over
(1, (0, 0), False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .cards import Player
from .grid import Cell
from .rules import CardSet, Round, place, start_round, stop
from .scoring import points

ROUNDS = 3


def round_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"synapse:{seed}:{number}")


@dataclass(frozen=True)
class Game:
    cardset: CardSet
    seed: int
    rounds: tuple[Round, ...]  # every round so far; the last is the current one

    @property
    def round(self) -> Round:
        return self.rounds[-1]

    @property
    def number(self) -> int:
        return len(self.rounds)

    @property
    def round_totals(self) -> tuple[tuple[int, int], ...]:
        """North's and south's points in each finished round."""
        return tuple(points(r) for r in self.rounds if r.over)

    @property
    def totals(self) -> tuple[int, int]:
        rounds = self.round_totals
        return sum(t[0] for t in rounds), sum(t[1] for t in rounds)

    @property
    def over(self) -> bool:
        """Over once the current round is over, at least three were played and the
        totals differ."""
        return self.round.over and self.number >= ROUNDS and len(set(self.totals)) == 2

    @property
    def winner(self) -> Player | None:
        if not self.over:
            return None
        north, south = self.totals
        return Player.NORTH if north > south else Player.SOUTH


def new_game(cardset: CardSet, seed: int = 0) -> Game:
    return Game(cardset, seed, (start_round(cardset, 1, round_rng(seed, 1)),))


def play(game: Game, player: Player, card_id: str, cell: Cell, rotation: int = 0) -> Game:
    """The game after the placement (:func:`.rules.place`; raises
    :class:`~.rules.IllegalPlacement`)."""
    return replace(game, rounds=(*game.rounds[:-1],
                                 place(game.round, player, card_id, cell, rotation)))


def stop_round(game: Game, player: Player) -> Game:
    """The game after ``player`` stops the current round with cards in hand
    (:func:`.rules.stop`: the +5 goes to the other player; raises
    :class:`~.rules.IllegalStop` if the round is over)."""
    return replace(game, rounds=(*game.rounds[:-1], stop(game.round, player)))


def next_round(game: Game) -> Game:
    """The next round started; ValueError if this one is not over or the game is."""
    if not game.round.over:
        raise ValueError(f"round {game.number} is not over yet")
    if game.over:
        raise ValueError("the game is over")
    number = game.number + 1
    return replace(game, rounds=(*game.rounds,
                                 start_round(game.cardset, number, round_rng(game.seed, number))))
