"""A deliberately naive Synchro move generator, written from docs/synchro.md alone.

It shares no code with the engine's generator: it tries every destination square on the
board for every piece against the rules as written, pairs the pieces of a unit, and
applies moves on a plain dict. Slow on purpose; the tests compare the engine against it.
A move is a hashable tuple: ``("unit", number, frozenset of (from, to))`` or
``("swap", number, square)``.
"""

from __future__ import annotations

FILES = "abcdefghi"
ALL = [f + str(r) for r in range(1, 10) for f in FILES]
VPS = {"c4", "g4", "c6", "g6"}
OWN_CASTLE = {"white": "e1", "black": "e9"}
TARGET_CASTLE = {"white": "e9", "black": "e1"}
KIND = {1: "lump", 2: "lump", 3: "blob", 4: "blob", 5: "thing", 6: "thing"}
EATS = {"lump": "blob", "blob": "thing", "thing": "lump"}


def xy(square):
    return FILES.index(square[0]), int(square[1:]) - 1


def step_ok(board, side, frm, to, longest):
    """May the piece on frm (owned by side) step to `to`, at most `longest` squares?"""
    (x0, y0), (x1, y1) = xy(frm), xy(to)
    dx, dy = x1 - x0, y1 - y0
    dist = max(abs(dx), abs(dy))
    if dist == 0 or dist > longest:
        return False
    if abs(dx) not in (0, dist) or abs(dy) not in (0, dist):
        return False  # not along a rank, file or diagonal
    if dist == 2 and FILES[x0 + dx // 2] + str(y0 + dy // 2 + 1) in board:
        return False  # passes over a piece
    if to == OWN_CASTLE[side]:
        return False
    if to not in board:
        return True
    owner, number = board[to]
    return owner != side and EATS[KIND[board[frm][1]]] == KIND[number]


def moves(state):
    board, side = state["board"], state["side"]
    found = set()
    for number in range(1, 7):
        unit = [sq for sq in ALL if board.get(sq) == (side, number)]
        if len(unit) == 1:
            longest = 2 if unit[0] in VPS else 1
            for to in ALL:
                if step_ok(board, side, unit[0], to, longest):
                    found.add(("unit", number, frozenset({(unit[0], to)})))
        elif len(unit) == 2:
            a, b = unit
            to_a = [t for t in ALL if step_ok(board, side, a, t, 2)]
            to_b = [t for t in ALL if step_ok(board, side, b, t, 2)]
            free = a in VPS or b in VPS
            for ta in to_a:
                for tb in to_b:
                    same = (xy(ta)[0] - xy(a)[0], xy(ta)[1] - xy(a)[1]) == (
                        xy(tb)[0] - xy(b)[0], xy(tb)[1] - xy(b)[1])
                    if ta != tb and (free or same):
                        found.add(("unit", number, frozenset({(a, ta), (b, tb)})))
    captured = state["captured"][side]
    for i, number in enumerate(captured):
        if any(KIND[n] == KIND[number] for n in captured[i + 1:]):
            continue  # not the last captured of its kind
        for sq in ALL:
            if sq in board and board[sq][0] == side and board[sq][1] != number:
                found.add(("swap", number, sq))
    return found


def apply(state, move):
    board = dict(state["board"])
    side = state["side"]
    other = "black" if side == "white" else "white"
    captured = {k: list(v) for k, v in state["captured"].items()}
    winner = None
    if move[0] == "swap":
        _, number, sq = move
        board[sq] = (side, number)
        captured[side].reverse()
        captured[side].remove(number)  # the last one of that number
        captured[side].reverse()
    else:
        _, number, steps = move
        steps = sorted(steps)
        for frm, _ in steps:
            del board[frm]
        for _, to in steps:
            if to in board:
                captured[other].append(board[to][1])
            board[to] = (side, number)
            if to == TARGET_CASTLE[side]:
                winner = side
        if not any(owner == other for owner, _ in board.values()):
            winner = side
    after = {"board": board, "side": other, "captured": captured, "winner": winner}
    if winner is None and not moves(after):
        after["winner"] = side  # the player who cannot move loses
    return after


def legal(state):
    return set() if state["winner"] else moves(state)


def perft(state, depth):
    found = legal(state)
    if depth == 1:
        return len(found)
    return sum(perft(apply(state, m), depth - 1) for m in found)


def from_position(position):
    """The reference's state for an engine Position (read through the public API)."""
    board = {sq: (str(p.owner), p.number) for sq, p in position.pieces().items()}
    return {"board": board, "side": str(position.to_move),
            "captured": {"white": list(position.captured[0]),
                         "black": list(position.captured[1])},
            "winner": str(position.winner) if position.winner is not None else None}


def as_reference(move):
    """An engine move as the reference's tuple."""
    if hasattr(move, "steps"):
        return ("unit", move.number, frozenset(move.steps))
    return ("swap", move.number, move.square)
