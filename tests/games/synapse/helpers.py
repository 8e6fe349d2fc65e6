"""Cards written as text: ``card("d", "north double", "3 black star", "", "-", "-")``.

Edges are north, east, south, west: an icon ``"NUMBER COLOUR SHAPE"``, ``""`` for a
blank edge. ``grid({"a1": card, ...})`` builds a round from named cells.
"""

from kiosk.games.synapse import Card, Kind, Player, make_round, parse_cell
from kiosk.games.synapse.cards import block_card, line_card, wild_card
from kiosk.games.synapse.content import parse_icon

NORTH, SOUTH = Player.NORTH, Player.SOUTH


def card(card_id, kind="standard", owner=NORTH, edges=("", "", "", "")):
    if kind == "line":
        return line_card(card_id, owner)
    if kind == "wild":
        return wild_card(card_id, owner)
    if kind == "block":
        return block_card(card_id, owner)
    return Card(card_id, owner if kind != "start" else None, Kind(kind),
                tuple(parse_icon(e) for e in edges))


def grid(cards, **options):
    return make_round({parse_cell(name): c for name, c in cards.items()}, **options)
