"""What a touch on the board means, without Kivy: the board screen keeps a :class:`Pick`
and asks it what each touch does.

- Touch one of your pieces: it is selected; its unit's moves light up — the selected
  piece's destinations (``targets``) and its partner's (``partner_targets``).
- Touch a lit destination of either piece: when one move of the unit goes there, it is
  played (a synchronised move moves both pieces at once). When several do (the
  independent moves of a unit on a Vantage Point), that step is kept (``first``) and
  the partner's destinations for it light up: touch one to play.
- Touch elsewhere, or Cancel: nothing is selected.

>>> from kiosk.table.games.synchro.view import MoveView
>>> moves = (MoveView("1: b3-b4 h3-h4", 1, (("b3", "b4"), ("h3", "h4"))),)
>>> pick = Pick(moves, frozenset({"b3", "h3"}))
>>> pick.touch("b3"), sorted(pick.targets()), sorted(pick.partner_targets())
(None, ['b4'], ['h4'])
>>> pick.touch("h4")
'1: b3-b4 h3-h4'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.table.games.synchro.view import MoveView


@dataclass
class Pick:
    moves: tuple[MoveView, ...] = ()
    own: frozenset[str] = frozenset()   # the squares of the mover's pieces
    selected: str | None = None
    first: tuple[str, str] | None = None
    _options: list[MoveView] = field(default_factory=list)

    def clear(self) -> None:
        self.selected, self.first = None, None

    def options(self) -> list[MoveView]:
        """The unit moves the selection (and a kept first step) still allows."""
        if self.selected is None:
            return []
        found = [m for m in self.moves if m.steps and any(f == self.selected
                                                          for f, _ in m.steps)]
        if self.first is not None:
            found = [m for m in found if self.first in m.steps]
        return found

    def swaps(self) -> list[MoveView]:
        """Swap-backs onto the selected piece's square."""
        return [m for m in self.moves if m.swap is not None and m.swap == self.selected]

    def targets(self) -> set[str]:
        if self.first is not None:
            return set()
        return {t for m in self.options() for f, t in m.steps if f == self.selected}

    def partner_targets(self) -> set[str]:
        if self.first is not None:
            return {t for m in self.options() for step in m.steps if step != self.first
                    for t in step[1:]}
        return {t for m in self.options() for f, t in m.steps if f != self.selected}

    def partner(self) -> str | None:
        for m in self.options():
            for f, _ in m.steps:
                if f != self.selected:
                    return f
        return None

    def touch(self, square: str) -> str | None:
        """A touch on ``square``: the text of the move to play, or None (the selection
        changed, or nothing happened)."""
        options = self.options()
        if self.selected is not None and square != self.selected:
            if self.first is not None:
                found = [m for m in options
                         if any(t == square for s, t in m.steps if s != self.first)]
                if len(found) == 1:
                    return self._played(found[0])
            else:
                mine = [m for m in options
                        if any(f == self.selected and t == square for f, t in m.steps)]
                if len(mine) == 1:
                    return self._played(mine[0])
                if mine:
                    self.first = (self.selected, square)
                    return None
                theirs = [m for m in options
                          if any(f != self.selected and t == square for f, t in m.steps)]
                if len(theirs) == 1:
                    return self._played(theirs[0])
                if theirs:
                    frm = next(f for f, t in theirs[0].steps if t == square)
                    self.selected, self.first = frm, (frm, square)
                    return None
        if square in self.own and square != self.selected:
            self.selected, self.first = square, None
            return None
        self.clear()
        return None

    def _played(self, move: MoveView) -> str:
        self.clear()
        return move.text
