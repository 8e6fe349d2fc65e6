"""Small positions written as text: ``pos("W3 c4", "W3 e6", "B5 d5", to_move="white")``."""

from kiosk.games.synchro import Piece, Player, make_position


def pos(*pieces: str, to_move: str = "white", captured=((), ()), retired=((), ())):
    placed = {}
    for text in pieces:
        code, square = text.split()
        owner = Player.WHITE if code[0] == "W" else Player.BLACK
        placed[square] = Piece(owner, int(code[1:]))
    return make_position(placed, Player.parse(to_move), captured=captured, retired=retired)
