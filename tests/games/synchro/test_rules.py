"""Every rule clause of docs/synchro.md, legal and illegal, with the message players see."""

import pytest

from kiosk.games.synchro import (
    IllegalMove,
    Place,
    Player,
    Reason,
    Stage,
    Swap,
    UnitMove,
    captures,
    check_move,
    format_move,
    is_legal,
    legal_moves,
    moves_from,
    play,
    start_position,
)
from kiosk.games.synchro.position import MOVE_LIMIT, QUIET_LIMIT

from .helpers import pos


def um(number, *steps):
    return UnitMove(number, tuple(tuple(s.split("-")) for s in steps))


def refused(position, move, message):
    with pytest.raises(IllegalMove) as caught:
        play(position, move)
    assert str(caught.value) == message
    assert not is_legal(position, move)
    assert all(not m.same_as(move) if hasattr(m, "same_as") else m != move
               for m in legal_moves(position))


# (1) both pieces on the board, neither on a Vantage Point: same distance and direction
def test_synchronised_move_one_or_two_squares_same_direction():
    p = pos("W3 b2", "W3 e2", "B1 h8")
    assert is_legal(p, um(3, "b2-b3", "e2-e3"))
    assert is_legal(p, um(3, "b2-d4", "e2-g4"))
    assert is_legal(p, um(3, "e2-e3", "b2-b3")), "steps in either order"
    refused(p, um(3, "b2-b3", "e2-e4"), "unit 3: the pieces on b2 and e2 must move the "
            "same distance and direction (neither stands on a Vantage Point)")
    refused(p, um(3, "b2-b3", "e2-f3"), "unit 3: the pieces on b2 and e2 must move the "
            "same distance and direction (neither stands on a Vantage Point)")


def test_both_pieces_of_a_full_unit_must_move():
    p = pos("W3 b2", "W3 e2", "B1 h8")
    refused(p, um(3, "b2-b3"), "unit 3: both pieces are on the board (b2 and e2), so "
            "both must move")


def test_no_step_is_longer_than_two_or_crooked():
    p = pos("W3 b2", "W3 e2", "B1 h8")
    refused(p, um(3, "b2-b5", "e2-e5"), "unit 3: b2-b5 is not a straight line of 1 or 2 "
            "squares (along a rank, a file or a diagonal)")
    refused(p, um(3, "b2-c4", "e2-f4"), "unit 3: b2-c4 is not a straight line of 1 or 2 "
            "squares (along a rank, a file or a diagonal)")


def test_sync_move_blocked_when_either_piece_is_blocked():
    # b2 and b3 stand in a file: moving up, b2 would land on its partner (the board is
    # judged as it stands before the move), so the unit cannot move up at all.
    p = pos("W3 b2", "W3 b3", "B1 h8")
    refused(p, um(3, "b2-b3", "b3-b4"), "unit 3: b2-b3 lands on white's own piece 3")
    assert not any(set(m.steps) == {("b2", "b3"), ("b3", "b4")} for m in legal_moves(p))


# (2) either piece on a Vantage Point: each moves 1 or 2 squares independently
def test_on_a_vantage_point_the_pieces_move_independently():
    p = pos("W3 c4", "W3 h2", "B1 h8")
    assert is_legal(p, um(3, "c4-a6", "h2-h3"))
    assert is_legal(p, um(3, "c4-c5", "h2-f2"))
    refused(p, um(3, "c4-c5"), "unit 3: both pieces are on the board (h2 and c4), so both "
            "must move")


def test_independent_pieces_may_not_share_a_landing_square():
    p = pos("W3 c4", "W3 e4", "B1 h8")
    refused(p, um(3, "c4-d4", "e4-d4"), "unit 3: the pieces on c4 and e4 cannot both land "
            "on d4")


# (3) a lone piece off a Vantage Point: 1 square
def test_lone_piece_moves_one_square():
    p = pos("W5 e5", "B1 h8", captured=((5,), ()))
    assert is_legal(p, um(5, "e5-f6"))
    refused(p, um(5, "e5-e7"), "unit 5: the lone piece on e5 is not on a Vantage Point, "
            "so it moves 1 square only")
    refused(p, um(5, "e5-e6", "e5-e4"), "unit 5: only one piece of the unit is on the "
            "board (e5)")


# (4) a lone piece on a Vantage Point: 1 or 2 squares
def test_lone_piece_on_a_vantage_point_moves_two():
    p = pos("W5 g6", "B1 a8", captured=((5,), ()))
    assert is_legal(p, um(5, "g6-g8"))
    assert is_legal(p, um(5, "g6-e4"))
    assert len(legal_moves(p)) == 16  # 8 directions × 2 distances, all free


# "no moving onto or over an occupied square except to capture"
def test_no_passing_over_any_piece_on_a_two_square_step_diagonals_included():
    p = pos("W3 c4", "W3 a1", "B1 d5", "W1 b2", "W1 h1")
    refused(p, um(3, "c4-e6", "a1-a2"), "unit 3: the piece on c4 cannot pass over the "
            "piece on d5")
    refused(p, um(3, "a1-c3", "c4-c5"), "unit 3: the piece on a1 cannot pass over the "
            "piece on b2")


def test_landing_on_your_own_piece_is_refused():
    p = pos("W3 c4", "W3 a1", "W1 c5", "W1 h1", "B1 h8")
    refused(p, um(3, "c4-c5", "a1-a2"), "unit 3: c4-c5 lands on white's own piece 1")


# captures: lumps take blobs, blobs take things, things take lumps
@pytest.mark.parametrize("mover, victim", [(1, 3), (2, 4), (3, 5), (4, 6), (5, 1), (6, 2)])
def test_each_kind_takes_the_next(mover, victim):
    p = pos(f"W{mover} d4", "W6 a1" if mover != 6 else "W5 a1", f"B{victim} d5", "B4 i9")
    p = play(p, UnitMove(mover, (("d4", "d5"),)))
    assert p.captured[Player.BLACK] == (victim,)
    assert p.piece_at("d5").owner is Player.WHITE and p.quiet == 0


@pytest.mark.parametrize("mover, victim, names", [
    (1, 5, ("lump", "thing")), (3, 1, ("blob", "lump")), (5, 3, ("thing", "blob")),
    (1, 1, ("lump", "lump"))])
def test_a_piece_cannot_take_what_it_does_not_beat(mover, victim, names):
    p = pos(f"W{mover} d4", f"B{victim} d5", "B4 i9")
    refused(p, UnitMove(mover, (("d4", "d5"),)),
            f"unit {mover}: the {names[0]} on d4 cannot take the {names[1]} on d5 "
            "(lumps take blobs, blobs take things, things take lumps)")


def test_a_synchronised_move_may_capture_with_both_pieces():
    p = pos("W1 b4", "W1 f4", "B3 b5", "B4 f5", "B5 i9")
    after = play(p, um(1, "b4-b5", "f4-f5"))
    assert after.captured[Player.BLACK] == (3, 4)  # in the order of the steps
    assert captures(p, um(1, "b4-b5", "f4-f5")) == ["b5", "f5"]


def test_capture_square_ends_a_step_it_cannot_be_jumped():
    p = pos("W1 b4", "B3 b5", "B5 i9", "W5 a1", captured=((1,), ()))
    refused(p, UnitMove(1, (("b4", "b6"),)), "unit 1: the lone piece on b4 is not on a "
            "Vantage Point, so it moves 1 square only")
    p = pos("W1 b4", "W1 h1", "B3 b5", "B5 i9")
    refused(p, um(1, "b4-b6", "h1-h3"), "unit 1: the piece on b4 cannot pass over the "
            "piece on b5")


# castles
def test_reaching_the_opponents_castle_wins():
    p = pos("W5 e8", "B4 a9", "B4 c9", captured=((5,), ()))
    after = play(p, um(5, "e8-e9"))
    assert after.stage is Stage.OVER and after.winner is Player.WHITE
    assert after.reason is Reason.CASTLE
    assert legal_moves(after) == []
    assert check_move(after, um(4, "a9-a8", "c9-c8")) == "the game is over (white won: castle)"


def test_no_piece_may_stand_on_its_own_castle():
    p = pos("W5 e2", "B4 a9", captured=((5,), ()))
    refused(p, um(5, "e2-e1"), "unit 5: e1 is white's own castle; no white piece may "
            "stand on it")
    assert not any(t == "e9" for m in legal_moves(pos("B4 d8", "B4 f8", "W1 a1",
                                                      to_move="black"))
                   for _, t in m.steps)


def test_capturing_every_enemy_piece_wins():
    p = pos("W1 d4", "W1 a1", "B3 d5", captured=((), (1, 2, 2, 3, 4, 4, 5, 5, 6, 6)))
    after = play(p, um(1, "d4-d5", "a1-a2"))
    assert after.winner is Player.WHITE and after.reason is Reason.ALL_CAPTURED


def test_a_player_with_no_legal_move_loses():
    # Black's lone blob 4 in the a9 corner may step only to a8, b8 or b9 (a9 is no
    # Vantage Point); white lumps stand on all three and a blob cannot take a lump.
    # Black's other pieces are out of the game (retired), so no swap-back either.
    p = pos("W1 a8", "W1 b8", "W2 b9", "W6 h1", "W6 i2", "B4 a9",
            retired=((), (1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6)))
    p = play(p, um(6, "h1-h2", "i2-i3"))
    assert p.stage is Stage.OVER and p.reason is Reason.NO_MOVE
    assert p.winner is Player.WHITE


# swap-back
def test_swap_back_returns_the_last_captured_piece_of_its_kind():
    p = pos("W1 d4", "W5 a1", "W6 b1", "B4 i9", captured=((3, 4, 1), ()))
    assert is_legal(p, Swap(4, "a1"))
    refused(p, Swap(3, "a1"), "swap: piece 3 cannot come back yet: white's last captured "
            "blob is piece 4")
    refused(p, Swap(2, "a1"), "swap: white's piece 2 is not captured, so it cannot come back")
    refused(p, Swap(4, "c1"), "swap: c1 holds no white piece to give up for piece 4")
    refused(p, Swap(1, "d4"), "swap: the piece on d4 is already a 1; give up a piece "
            "with another number")
    after = play(p, Swap(4, "a1"))
    assert after.piece_at("a1").number == 4 and after.to_move is Player.BLACK
    assert after.captured[Player.WHITE] == (3, 1) and after.retired[Player.WHITE] == (5,)
    assert after.quiet == 0
    assert sorted(format_move(m) for m in moves_from(p, "a1")
                  if isinstance(m, Swap)) == ["swap 1 a1", "swap 4 a1"]


def test_placing_during_set_up():
    p = start_position("place")
    assert len(legal_moves(p)) == 6 * 26  # 6 numbers × 27 squares of ranks 1-3 minus e1
    refused(p, UnitMove(1, (("a1", "a2"),)), "the set-up is not finished: white places a "
            "piece first")
    refused(p, Place(1, "e1"), "e1 is white's own castle: no white piece may stand there")
    refused(p, Place(1, "e4"), "white places pieces on ranks 1-3 only, not on e4")
    p = play(p, Place(1, "a1"))
    refused(p, Place(1, "a1"), "black places pieces on ranks 7-9 only, not on a1")
    p = play(p, Place(1, "a9"))
    refused(p, Place(2, "a1"), "a1 is taken: one piece a square")
    p = play(play(p, Place(1, "b1")), Place(1, "b9"))
    refused(p, Place(1, "c1"), "white has no piece 1 left to place")


def test_set_up_ends_with_white_to_move_in_play():
    p = start_position("place")
    while p.stage is Stage.SETUP:
        p = play(p, legal_moves(p)[0])
    assert p.to_move is Player.WHITE and p.ply == 0
    assert len(p.pieces(Player.WHITE)) == len(p.pieces(Player.BLACK)) == 12
    refused(p, Place(1, "a1"), "the set-up is over: pieces are placed only before play "
            "starts")


def test_quiet_and_move_limits_draw():
    base = pos("W3 a2", "W3 c2", "B3 a8", "B3 c8")
    quiet = type(base)(base.board, base.to_move, base.stage, quiet=QUIET_LIMIT - 1)
    after = play(quiet, um(3, "a2-a3", "c2-c3"))
    assert after.winner is None and after.reason is Reason.QUIET_LIMIT
    long = type(base)(base.board, base.to_move, base.stage, ply=MOVE_LIMIT - 1)
    after = play(long, um(3, "a2-a3", "c2-c3"))
    assert after.winner is None and after.reason is Reason.MOVE_LIMIT


def test_moves_from_gives_both_steps_of_a_synchronised_move():
    p = start_position()
    found = moves_from(p, "h3")
    assert found and all(len(m.steps) == 2 for m in found)
    assert {m.steps[0][0] for m in found} == {"b3"}
    assert moves_from(p, "e5") == []


def test_unit_with_no_piece_and_wrong_squares_are_named():
    p = pos("W3 b2", "W3 e2", "B1 h8")
    refused(p, um(1, "b2-b3"), "unit 1: white has no piece 1 on the board")
    refused(p, um(3, "b2-b3", "f2-f3"), "unit 3: no piece of unit 3 moves from f2 (its "
            "pieces stand on b2 and e2)")
    refused(p, um(3, "b2-b2", "e2-e2"), "unit 3: the piece on b2 must move")
    refused(p, UnitMove(7, (("b2", "b3"),)), "7 is not a piece number: units are numbered "
            "1 to 6")
