"""The round's score drawn on the grid, one connection at a time: each connection's
value in a disc on the edge the two cards share (0 dimmed), each line's path from its
card along its arms, each double outlined with its doubled total.

:func:`steps` lists what to draw in order; the score screen reveals them a few at a
time (``revealed``), then everything stays.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line

from kiosk.ui.games.synapse.cards import BORDER
from kiosk.ui.widgets.stamps import sizes, stamp

DISC = (0.02, 0.09, 0.18, 0.92)
LIT = (1.0, 0.85, 0.2, 1)


def steps(score) -> list[tuple[str, object]]:
    """("connection", ConnectionView) for each, then ("line" | "double", ScorerView);
    none for no score (a game resigned in the middle of a round)."""
    if score is None:
        return []
    out: list[tuple[str, object]] = [("connection", c) for c in score.connections]
    out += [(s.kind, s) for s in score.scorers]
    return out


def centre(area, name: str) -> tuple[float, float]:
    x, y = area.cell_pos(name)
    return x + area.cell / 2, y + area.cell / 2


def draw_notes(area, score, revealed: int) -> list[tuple[str, float]]:
    """Draw the first ``revealed`` steps into ``area.notes``; returns the texts drawn."""
    g = area.notes
    g.clear()
    texts: list[tuple[str, float]] = []
    if score is None:
        return texts
    _, min_font, _ = sizes()
    s = area.cell
    font = max(min_font, s * 0.22)
    radius = max(font * 0.75, s * 0.16)
    paths, labels = [], []
    for kind, item in steps(score)[:revealed]:
        if kind == "line":
            colour = BORDER.get(item.owner, BORDER[""])
            start = centre(area, item.cell)
            for arm in item.arms:
                if arm:
                    points = [*start]
                    for name in arm:
                        points += centre(area, name)
                    paths.append((colour, points))
            labels.append((item.total, centre(area, item.cell), colour))
        elif kind == "double":
            colour = BORDER.get(item.owner, BORDER[""])
            x, y = area.cell_pos(item.cell)
            paths.append((LIT, [x + 3, y + 3, x + s - 3, y + 3, x + s - 3, y + s - 3,
                                x + 3, y + s - 3, x + 3, y + 3]))
            labels.append((item.total, centre(area, item.cell), colour))
        else:
            (a, b) = (centre(area, item.cells[0]), centre(area, item.cells[1]))
            labels.append((item.value, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), None))
    with g:
        for colour, points in paths:
            Color(*colour[:3], 0.85)
            Line(points=points, width=max(2.0, s * 0.05))
        for value, (cx, cy), colour in labels:
            Color(*(colour if colour is not None else DISC))
            Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
            Color(*(LIT if value else (0.6, 0.65, 0.7, 1)))
            Line(circle=(cx, cy, radius), width=1.5)
            texts.append(stamp(str(value), (cx - radius, cy - radius, 2 * radius, 2 * radius),
                               font, (1, 1, 1, 1) if value else (0.7, 0.75, 0.8, 1),
                               bold=True))
    return texts
