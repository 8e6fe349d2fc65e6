"""Synapse's records from the store: per way of playing (two players, each kiosk level)
the games, who won how often and the best winning total; and the last few games.

Read once and cached by the table, read again after a result is added and on
``refresh`` (a staff ``reset_scores``). Abandoned games are not counted.

>>> from kiosk.store.protocol import GameResult
>>> won = GameResult("kiosk-2", 2, 61, 300.0, False,
...                  {"winner": "south", "human": "south", "totals": [40, 61]})
>>> rows, recent = records_of([won])
>>> rows[0]
RecordRow(label='vs the kiosk, Quick', games=1, first=1, second=0, best=61)
>>> recent
('vs the kiosk, Quick: You won, 61 to 40',)
"""

from __future__ import annotations

from collections.abc import Iterable

from kiosk.i18n import N_
from kiosk.store.protocol import GameResult
from kiosk.table.games.synapse.view import LEVEL_NAMES, RecordRow

RECENT = 5
ORDER = ("hotseat", *(f"kiosk-{level}" for level in LEVEL_NAMES))


VS_KIOSK = {1: N_("vs the kiosk, Relaxed"), 2: N_("vs the kiosk, Quick"),
            3: N_("vs the kiosk, Sharp")}  # the records' rows, worded by the screen


def record_label(played: str) -> str:
    if played == "hotseat":
        return N_("Two players")
    level = played.rpartition("-")[2]
    if level.isdigit() and int(level) in VS_KIOSK:
        return VS_KIOSK[int(level)]
    name = LEVEL_NAMES.get(int(level), played) if level.isdigit() else played
    return f"vs the kiosk, {name}"


def records_of(results: Iterable[GameResult]) -> tuple[tuple[RecordRow, ...], tuple[str, ...]]:
    """The rows (two players first, then the levels in order) and the last games,
    newest first."""
    rows: dict[str, list[int]] = {}
    recent = []
    for result in results:
        if result.abandoned:
            continue
        row = rows.setdefault(result.played, [0, 0, 0, 0])
        row[0] += 1
        if _first_won(result):
            row[1] += 1
        elif result.details.get("winner"):
            row[2] += 1
        row[3] = max(row[3], int(result.score or 0))
        recent.append(_recent_line(result))
    ordered = sorted(rows, key=lambda r: ORDER.index(r) if r in ORDER else len(ORDER))
    return (tuple(RecordRow(record_label(r), *rows[r]) for r in ordered),
            tuple(reversed(recent[-RECENT:])))


def _first_won(result: GameResult) -> bool:
    """Two players: north won; against the kiosk: the human won."""
    winner = result.details.get("winner", "")
    if result.played == "hotseat":
        return winner == "north"
    return bool(winner) and winner == result.details.get("human")


def _recent_line(result: GameResult) -> str:
    b = result.details
    label, winner = record_label(result.played), b.get("winner", "")
    if not winner:
        return f"{label}: no winner"
    who = winner.capitalize()
    if result.played != "hotseat":
        who = "You" if winner == b.get("human") else "The kiosk"
    if b.get("resigned"):
        return f"{label}: {who} won ({b['resigned']} resigned)"
    totals = b.get("totals") or [0, 0]
    return f"{label}: {who} won, {max(totals)} to {min(totals)}"
