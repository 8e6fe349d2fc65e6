"""How good a position looks to the side to move, in centipawn-like points.

The opponent's search calls :func:`evaluate` at its horizon. Terms, each counted for the
side to move minus the same for the opponent:

- **material**: 100 a piece on the board (all kinds are equal: each beats one kind and
  falls to another); a piece kept in a complete unit adds 10, since a unit moves 2
  squares a turn and a lone piece (off a Vantage Point) only 1;
- **advance**: a bonus that grows as a piece nears the castle it attacks, measured in
  king steps (``ADVANCE``): the race to the castle is how most games end;
- **castle threat**: a piece next to the castle it attacks can usually step in next
  turn — worth ``THREAT_TO_MOVE`` when its side is to move (all but a win) and
  ``THREAT_WAITING`` when the opponent moves first and must answer it;
- **Vantage Points**: 15 a piece standing on one (it moves 2 squares, freely).

Searching, not this function, sees captures and exact wins; the numbers were tuned
only so far that each opponent level beats the one below (see the benchmark).
"""

from __future__ import annotations

from .board import GOAL, ON_VANTAGE, SIZE
from .position import Position

PIECE = 100
UNIT_BONUS = 10
VANTAGE = 15
THREAT_TO_MOVE = 400
THREAT_WAITING = 120
ADVANCE = (0, 70, 45, 28, 16, 8, 3, 0, 0)  # by king-step distance to the goal castle


def _distances(goal: int) -> tuple[int, ...]:
    gc, gr = goal % SIZE, goal // SIZE
    return tuple(max(abs(i % SIZE - gc), abs(i // SIZE - gr)) for i in range(SIZE * SIZE))


DISTANCE = (_distances(GOAL[0]), _distances(GOAL[1]))
# SQUARE_VALUE[side][i]: what a piece of `side` on square i is worth before unit bonus.
SQUARE_VALUE = tuple(
    tuple(PIECE + ADVANCE[DISTANCE[side][i]] + (VANTAGE if ON_VANTAGE[i] else 0)
          for i in range(SIZE * SIZE))
    for side in (0, 1))


def evaluate(position: Position) -> int:
    """Points for the side to move (positive: better for them). Not for ended games:
    the search scores those itself."""
    white_value, black_value = SQUARE_VALUE
    score = [0, 0]
    threat = [False, False]
    counts = [0] * 13
    near_white, near_black = DISTANCE
    for i, code in enumerate(position.board):
        if code:
            counts[code] += 1
            if code <= 6:
                score[0] += white_value[i]
                threat[0] = threat[0] or near_white[i] == 1
            else:
                score[1] += black_value[i]
                threat[1] = threat[1] or near_black[i] == 1
    for number in range(1, 7):
        if counts[number] == 2:
            score[0] += UNIT_BONUS
        if counts[number + 6] == 2:
            score[1] += UNIT_BONUS
    side = position.to_move
    other = 1 - side
    total = score[side] - score[other]
    if threat[side]:
        total += THREAT_TO_MOVE
    if threat[other]:
        total -= THREAT_WAITING
    return total
