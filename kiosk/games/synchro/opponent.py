"""The computer opponent: four levels, from random moves to a timed search.

======  =============  =========================================================
level   name           how it chooses
======  =============  =========================================================
0       random         any legal move, uniformly (a baseline for tests)
1       beginner       looks one move ahead, with a lot of noise in its judgement
2       club           a full 2-ply alpha-beta search, some noise
3       strong         iterative-deepening alpha-beta until its time or node budget
======  =============  =========================================================

The rules stay clock-free: the caller passes ``clock`` (e.g. ``time.monotonic``) and a
budget in seconds; without a clock only the node and depth limits apply, so a test can
drive the search with a fake clock and count its calls. Search: negamax with alpha-beta,
iterative deepening, the previous iteration's best move first, then castle-reaching
moves and captures, then the rest by how far they advance; positions scored by
:func:`.evaluation.evaluate`. The search checks its budget every ``CHECK_EVERY`` nodes
and returns the best move of the last finished depth, so it never runs past the
deadline by more than a few nodes' work and always returns a legal move; it starts no
new depth once half its time is gone, since that depth could not finish.

>>> import random
>>> from .position import start_position
>>> choice = choose_move(start_position(), level=2, rng=random.Random(1))
>>> choice.depth, choice.nodes > 0
(2, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .board import GOAL, INDEX
from .evaluation import DISTANCE, evaluate
from .moves import Move, UnitMove
from .position import Position, Stage
from .rules import apply, generate

WIN = 100_000
CHECK_EVERY = 4


@dataclass(frozen=True)
class Level:
    name: str
    depth: int  # deepest search (0: random move)
    noise: int = 0  # each root move's score is shifted by up to ± this many points
    seconds: float | None = None  # the time budget a move, when a clock is given
    nodes: int | None = None  # the node budget a move


LEVELS = {
    0: Level("random", 0),
    1: Level("beginner", 1, noise=150),
    2: Level("club", 2, noise=40, nodes=200_000),
    3: Level("strong", 12, noise=0, seconds=1.0, nodes=2_000_000),
}


@dataclass(frozen=True)
class Choice:
    """The move chosen and how: ``depth`` is the deepest search finished, ``nodes`` the
    positions visited, ``stopped`` True when the budget cut the search short."""

    move: Move
    score: int
    depth: int
    nodes: int
    stopped: bool


class OutOfBudget(Exception):
    """Raised inside the search when the deadline or node budget is spent."""


def choose_move(position: Position, level: int = 3, *, rng: random.Random,
                clock: Callable[[], float] | None = None, seconds: float | None = None,
                nodes: int | None = None, depth: int | None = None) -> Choice:
    """The opponent's move for the side to move. ``seconds``, ``nodes`` and ``depth``
    override the level's budget (the benchmark runs level 3 at a small budget); the
    time budget applies only when ``clock`` is given."""
    moves = generate(position)
    if not moves:
        raise ValueError("there is no move to choose: the game is over")
    chosen = LEVELS[level]
    if chosen.depth == 0:
        return Choice(rng.choice(moves), 0, 0, 0, False)
    seconds = chosen.seconds if seconds is None else seconds
    deadline = None if clock is None or seconds is None else clock() + seconds
    search = Search(clock, deadline, chosen.nodes if nodes is None else nodes)
    return search.root(position, moves, chosen.depth if depth is None else depth,
                       chosen.noise, rng)


class Search:
    """One move's search, with its budget. ``nodes`` counts positions visited."""

    def __init__(self, clock: Callable[[], float] | None, deadline: float | None,
                 max_nodes: int | None):
        self.clock, self.deadline, self.max_nodes = clock, deadline, max_nodes
        self.nodes = 0
        self.started = clock() if clock is not None else 0.0
        self.best: dict[tuple, Move] = {}  # best move found per position, for ordering

    def spent(self) -> bool:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            return True
        return self.deadline is not None and self.clock() >= self.deadline

    def past_half(self) -> bool:
        """Whether half the time budget is gone (never true without a deadline)."""
        if self.deadline is None:
            return False
        return self.clock() - self.started > (self.deadline - self.started) / 2

    def root(self, position: Position, moves: list[Move], max_depth: int, noise: int,
             rng: random.Random) -> Choice:
        rng.shuffle(moves)  # equal moves are chosen at random, not by board order
        ordered = order(position, moves, None)
        jitter = {id(m): rng.randint(-noise, noise) if noise else 0 for m in ordered}
        best_move, best_score, finished = ordered[0], 0, 0
        for depth in range(1, max_depth + 1):
            if depth > 1 and self.past_half():
                break  # the next depth costs several times the last: it would not finish
            try:
                scored = []
                alpha = -WIN - 1
                for move in ordered:
                    score = -self.negamax(apply(position, move), depth - 1, -WIN - 1,
                                          -alpha + noise * 2, 1) + jitter[id(move)]
                    scored.append((score, move))
                    alpha = max(alpha, score)
            except OutOfBudget:
                return Choice(best_move, best_score, finished, self.nodes, True)
            scored.sort(key=lambda pair: -pair[0])
            best_score, best_move = scored[0]
            ordered = [m for _, m in scored]
            finished = depth
            if abs(best_score) > WIN - 1000 or len(ordered) == 1:
                break  # a forced result: searching deeper cannot change the choice
        return Choice(best_move, best_score, finished, self.nodes, False)

    def negamax(self, position: Position, depth: int, alpha: int, beta: int,
                ply: int) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.spent():
            raise OutOfBudget
        if position.stage is Stage.OVER:
            if position.winner is None:
                return 0
            return WIN - ply if position.winner == position.to_move else ply - WIN
        if depth == 0:
            return evaluate(position)
        key = (position.board, position.to_move, position.captured)
        moves = order(position, generate(position), self.best.get(key))
        best = -WIN - 1
        for move in moves:
            score = -self.negamax(apply(position, move), depth - 1, -beta, -alpha, ply + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    self.best[key] = move
                    if alpha >= beta:
                        break
        return best


def order(position: Position, moves: list[Move], first: Move | None) -> list[Move]:
    """Moves most likely best first: ``first`` (the best found before), moves onto the
    goal castle, captures, then by how much nearer to the goal they bring the unit."""
    board, side = position.board, position.to_move
    goal, distance = GOAL[side], DISTANCE[side]

    def promise(move: Move) -> int:
        if move == first:
            return 1_000_000
        if type(move) is not UnitMove:
            return 0
        value = 0
        for frm, to in move.steps:
            t = INDEX[to]
            if t == goal:
                return 500_000
            if board[t]:
                value += 1000
            value += distance[INDEX[frm]] - distance[t]
        return value

    return sorted(moves, key=promise, reverse=True)
