"""Records: each campaign routine's top score at this table and how often it was
finished, the last few results, and a leaderboard per routine — the best teams of
today, this month and all time (``payload.records``, read from the store). Arrows
page through the routines; the board opens on the routine just played (from the
score) or the routine chosen, else on routine 1."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


def routine_line(record) -> str:
    """>>> from kiosk.table.games.sync_or_swim.view import RoutineRecord
    >>> routine_line(RoutineRecord("First Splash", 1, 87, 2))
    '1. First Splash: top score 87 (finished 2 times)'
    >>> routine_line(RoutineRecord("Sudden Depth", 2, None, 0))
    '2. Sudden Depth: not finished yet'"""
    number = f"{record.number}. " if record.number is not None else ""
    if record.top_score is None:
        return f"{number}{record.name}: not finished yet"
    times = "once" if record.finished == 1 else f"{record.finished} times"
    return f"{number}{record.name}: top score {record.top_score} (finished {times})"


def board_lines(rows) -> str:
    """>>> from kiosk.table.games.sync_or_swim.view import LeaderRow
    >>> print(board_lines([LeaderRow("Owls", 652, 4), LeaderRow("", 600, 3)]))
    1. Owls: 652 (4 swimmers)
    2. A team with no name: 600 (3 swimmers)"""
    if not rows:
        return "Nobody on this board yet. Be the first!"
    lines = []
    for place, row in enumerate(rows, start=1):
        team = row.team or "A team with no name"
        lines.append(f"{place}. {team}: {row.score} ({row.players} swimmers)")
    return "\n".join(lines)


class SyncOrSwimRecordsScreen(ViewScreen):
    table = StringProperty("")
    recent = StringProperty("")
    board_title = StringProperty("")
    board = StringProperty("")
    board_index = NumericProperty(0)
    period = NumericProperty(0)      # index into PERIODS

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._boards = ()
        self._picked = False  # a player paged: stay on their board

    def on_pre_enter(self, *_):
        self._picked = False

    def redraw(self, view) -> None:
        records = getattr(view.payload, "records", None)
        if records is None:
            return
        played = [r for r in records.routines if r.top_score is not None]
        self.table = "\n".join(routine_line(r) for r in played) or \
            "No routine finished yet. Be the first team on the board!"
        self.recent = "\n".join(records.recent)
        self._boards = records.boards
        if not self._picked:
            self.board_index = self._board_for(view.payload)
        self._show_board()

    def _board_for(self, game) -> int:
        score = getattr(game, "score", None)
        wanted = score.routine_id if score is not None else game.routine_id
        ids = [b.played for b in self._boards]
        if wanted in ids:
            return ids.index(wanted)
        return len(ids) - 1 if wanted and wanted.startswith("random") and ids else 0

    def page(self, by: int) -> None:
        if self._boards:
            self._picked = True
            self.board_index = (int(self.board_index) + by) % len(self._boards)
            self._show_board()

    def pick_period(self, index: int) -> None:
        self.period = index
        self._show_board()

    def _show_board(self) -> None:
        if not self._boards:
            self.board_title, self.board = "", ""
            return
        board = self._boards[int(self.board_index) % len(self._boards)]
        number = f"{board.number}. " if board.number is not None else ""
        self.board_title = f"{number}{board.name}"
        self.board = board_lines(board.periods[int(self.period)])


theme.load_kv(__file__)
