"""What may be played, and what playing it does.

:func:`legal_moves` lists every legal move; :func:`play` checks one move against the
rules, clause by clause, and raises :class:`IllegalMove` with a sentence a player can
act on, naming the unit and the squares. The engine reads no clock and keeps no state:
a :class:`.Position` goes in, a new one comes out.

>>> from .position import start_position
>>> after = play(start_position(), UnitMove(1, (("b3", "b4"), ("h3", "h4"))))
>>> after.to_move, after.piece_at("h4").number
(Player.BLACK, 1)
>>> bad = UnitMove(1, (("b7", "b6"), ("h7", "h5")))
>>> check_move(after, bad)[:73]
'unit 1: the pieces on b7 and h7 must move the same distance and direction'
>>> play(after, bad)
Traceback (most recent call last):
...
kiosk.games.synchro.rules.IllegalMove: unit 1: the pieces on b7 and h7 must move ...
"""

from __future__ import annotations

from .board import GOAL, INDEX, ON_VANTAGE, ONE, OWN_CASTLE, SETUP_RANKS, SQUARES, TWO
from .moves import Move, Place, Swap, UnitMove
from .pieces import NUMBERS, Player
from .position import MOVE_LIMIT, QUIET_LIMIT, Position, Reason, Stage
from .rules_check import check_move


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why, in a sentence."""


def _kind(code: int) -> int:
    return (code - 1) % 6 // 2  # 0 lump, 1 blob, 2 thing


# LAND[mover][target]: may a piece with code `mover` end its step on a square holding
# `target` (0 empty)? Empty, or an enemy of the kind the mover beats.
LAND = tuple(
    tuple(t == 0 or (m and (t - 1) // 6 != (m - 1) // 6 and _kind(t) == (_kind(m) + 1) % 3)
          for t in range(13))
    for m in range(13))
DIRECTIONS = range(8)


def piece_targets(board: tuple[int, ...], square: int, far: bool, own_castle: int
                  ) -> list[int]:
    """Where the piece on ``square`` may step alone: 1 square in any direction, or
    also 2 when ``far``, never over an occupied square nor onto its own castle."""
    land = LAND[board[square]]
    targets = []
    for one, two in zip(ONE[square], TWO[square], strict=True):
        if one < 0:
            continue
        held = board[one]
        if held == 0:
            if one != own_castle:
                targets.append(one)
            if far and two >= 0 and two != own_castle and land[board[two]]:
                targets.append(two)
        elif land[held]:
            targets.append(one)
    return targets


def synchronised_targets(board: tuple[int, ...], a: int, b: int, own_castle: int
                         ) -> list[tuple[int, int]]:
    """The (to_a, to_b) pairs for a synchronised move of the pieces on a and b."""
    land_a, land_b = LAND[board[a]], LAND[board[b]]
    one_a, one_b, two_a, two_b = ONE[a], ONE[b], TWO[a], TWO[b]
    pairs = []
    for d in DIRECTIONS:
        ta, tb = one_a[d], one_b[d]
        if ta < 0 or tb < 0:
            continue
        if land_a[board[ta]] and land_b[board[tb]] and own_castle not in (ta, tb):
            pairs.append((ta, tb))
        if board[ta] or board[tb]:
            continue  # cannot pass over either square
        ta, tb = two_a[d], two_b[d]
        if (ta >= 0 and tb >= 0 and land_a[board[ta]] and land_b[board[tb]]
                and own_castle not in (ta, tb)):
            pairs.append((ta, tb))
    return pairs


def unit_locations(board: tuple[int, ...], side: int) -> list[list[int]]:
    """For numbers 0-6 (0 unused), the squares holding that unit of ``side``."""
    found: list[list[int]] = [[] for _ in range(7)]
    low = side * 6
    for i, code in enumerate(board):
        if low < code <= low + 6:
            found[code - low].append(i)
    return found


def returnable(captured: tuple[int, ...]) -> list[int]:
    """The numbers that may come back: the last captured piece of each kind."""
    last: dict[int, int] = {}
    for number in captured:
        last[(number - 1) // 2] = number
    return sorted(last.values())


def generate(position: Position) -> list[Move]:
    """Every legal move (the engine's generator; :func:`legal_moves` is the public name)."""
    if position.stage is Stage.PLAY:
        return _play_moves(position)
    if position.stage is Stage.SETUP:
        return _placements(position)
    return []


def _play_moves(position: Position) -> list[Move]:
    board, side = position.board, position.to_move
    own_castle = OWN_CASTLE[side]
    moves: list[Move] = []
    units = unit_locations(board, side)
    for number in NUMBERS:
        where = units[number]
        if len(where) == 2:
            a, b = where
            sa, sb = SQUARES[a], SQUARES[b]
            if ON_VANTAGE[a] or ON_VANTAGE[b]:
                to_b = piece_targets(board, b, True, own_castle)
                for ta in piece_targets(board, a, True, own_castle):
                    step_a = (sa, SQUARES[ta])
                    moves.extend(UnitMove(number, (step_a, (sb, SQUARES[tb])))
                                 for tb in to_b if tb != ta)
            else:
                moves.extend(UnitMove(number, ((sa, SQUARES[ta]), (sb, SQUARES[tb])))
                             for ta, tb in synchronised_targets(board, a, b, own_castle))
        elif where:
            a = where[0]
            sa = SQUARES[a]
            moves.extend(UnitMove(number, ((sa, SQUARES[t]),))
                         for t in piece_targets(board, a, ON_VANTAGE[a], own_castle))
    for number in returnable(position.captured[side]):
        moves.extend(Swap(number, SQUARES[i]) for n in NUMBERS if n != number
                     for i in units[n])
    return moves


def _placements(position: Position) -> list[Move]:
    side = position.to_move
    ranks = SETUP_RANKS[side]
    squares = [s for i, s in enumerate(SQUARES) if int(s[1:]) in ranks
               and position.board[i] == 0 and i != OWN_CASTLE[side]]
    return [Place(n, s) for n in sorted(set(position.in_hand[side])) for s in squares]


def apply(position: Position, move: Move) -> Position:
    """The position after a move already known to be legal (no checks: the search's
    fast path). Use :func:`play` for any move from outside the engine."""
    side = position.to_move
    board = list(position.board)
    captured = position.captured
    retired = position.retired
    if type(move) is Place:
        index = INDEX[move.square]
        board[index] = side * 6 + move.number
        hand = list(position.in_hand[side])
        hand.remove(move.number)
        in_hand = _replace(position.in_hand, side, tuple(hand))
        if in_hand[1 - side]:
            next_side = Player(1 - side)
        elif in_hand[side]:
            next_side = side
        else:
            return Position(tuple(board))  # set-up done: white moves first
        return Position(tuple(board), next_side, Stage.SETUP, in_hand=in_hand)
    reached = False
    took = False
    if type(move) is Swap:
        index = INDEX[move.square]
        number = move.number
        gone = board[index] - side * 6
        board[index] = side * 6 + number
        mine = list(captured[side])
        del mine[len(mine) - 1 - mine[::-1].index(number)]
        captured = _replace(captured, side, tuple(mine))
        retired = _replace(retired, side, (*retired[side], gone))
        took = True
    else:
        steps = [(INDEX[f], INDEX[t]) for f, t in move.steps]
        moving = [board[f] for f, _ in steps]
        for f, _ in steps:
            board[f] = 0
        enemy = 1 - side
        taken = list(captured[enemy])
        goal = GOAL[side]
        for (_, t), code in zip(steps, moving, strict=True):
            if board[t]:
                taken.append(board[t] - enemy * 6)
                took = True
            board[t] = code
            reached = reached or t == goal
        if took:
            captured = _replace(captured, enemy, tuple(taken))
    after = Position(tuple(board), Player(1 - side), Stage.PLAY, captured, retired,
                     ply=position.ply + 1, quiet=0 if took else position.quiet + 1)
    return _judge_end(after, reached)


def _replace(pair: tuple, side: int, value: tuple) -> tuple:
    return (value, pair[1]) if side == 0 else (pair[0], value)


def _judge_end(after: Position, reached: bool) -> Position:
    mover = after.to_move.opponent
    low = after.to_move * 6
    reason = None
    if reached:
        reason, winner = Reason.CASTLE, mover
    elif not any(low < c <= low + 6 for c in after.board):
        reason, winner = Reason.ALL_CAPTURED, mover
    elif not has_move(after):
        reason, winner = Reason.NO_MOVE, mover
    elif after.quiet >= QUIET_LIMIT:
        reason, winner = Reason.QUIET_LIMIT, None
    elif after.ply >= MOVE_LIMIT:
        reason, winner = Reason.MOVE_LIMIT, None
    if reason is None:
        return after
    return Position(after.board, after.to_move, Stage.OVER, after.captured, after.retired,
                    winner=winner, reason=reason, ply=after.ply, quiet=after.quiet)


def has_move(position: Position) -> bool:
    """Whether the side to move has any legal move (cheaper than listing them)."""
    board, side = position.board, position.to_move
    if returnable(position.captured[side]):
        return True  # a player with a captured piece always has a piece to swap out
    own_castle = OWN_CASTLE[side]
    units = unit_locations(board, side)
    for number in NUMBERS:
        where = units[number]
        if len(where) == 2:
            a, b = where
            if ON_VANTAGE[a] or ON_VANTAGE[b]:
                to_a = piece_targets(board, a, True, own_castle)
                to_b = piece_targets(board, b, True, own_castle)
                if to_a and to_b and (len(to_a) > 1 or to_b != to_a):
                    return True
            elif synchronised_targets(board, a, b, own_castle):
                return True
        elif where and piece_targets(board, where[0], ON_VANTAGE[where[0]], own_castle):
            return True
    return False


def legal_moves(position: Position) -> list[Move]:
    """Every legal move for the side to move; empty once the game is over."""
    return generate(position)


def play(position: Position, move: Move) -> Position:
    """The position after ``move``; raises :class:`IllegalMove` saying why it is not
    allowed. Unit-move steps may come in either order."""
    problem = check_move(position, move)
    if problem:
        raise IllegalMove(problem)
    if type(move) is UnitMove:
        move = UnitMove(move.number, tuple(sorted(move.steps, key=_from_index)))
    return apply(position, move)


def _from_index(step: tuple[str, str]) -> int:
    return INDEX[step[0]]


def is_legal(position: Position, move: Move) -> bool:
    return check_move(position, move) is None


def moves_from(position: Position, square: str) -> list[Move]:
    """The legal moves that involve the piece on ``square`` — unit moves with a step
    from it (both steps included, so a screen shows the partner's step too) and
    swap-backs that replace it; in set-up, the placements onto it. A screen lights the
    destinations: ``{to for f, to in m.steps}`` for each unit move."""
    found = []
    for move in generate(position):
        if type(move) is UnitMove:
            if any(f == square for f, _ in move.steps):
                found.append(move)
        elif move.square == square:
            found.append(move)
    return found


def captures(position: Position, move: Move) -> list[str]:
    """The squares whose pieces a (legal) unit move takes, for a screen to mark."""
    if type(move) is not UnitMove:
        return []
    return [t for _, t in move.steps if position.board[INDEX[t]]]

