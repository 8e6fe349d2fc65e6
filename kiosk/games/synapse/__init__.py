"""Synapse: the rules engine (standard library only, no clock, no I/O).

Rules and every house decision, for players: ``docs/synapse.md``.

Vocabulary (all re-exported here; the table logic, the UI and the opponent import from
this package):

- Directions ``N, E, S, W = 0, 1, 2, 3`` index a card's edges, clockwise from the top of
  the screen (the north player's side). ``Player.NORTH`` / ``Player.SOUTH`` (``.opponent``,
  ``.index`` 0/1 into per-player tuples), ``PLAYERS``.
- ``Icon(shape, colour, number)``: shapes ``SHAPES`` (star, circle, square, triangle),
  colours ``COLOURS`` (black, white, gray), numbers 1-4; ``icon.matches(other)`` 0-3.
- ``Card(id, owner, kind, edges, arrows)``: ``kind`` a ``Kind`` (STANDARD, LINE, DOUBLE,
  WILD, BLOCK, START); ``edges`` N, E, S, W as the card lies, each an Icon, None (blank)
  or ``MARK`` (a wild's marked edge); ``arrows`` the directions a line card points.
  ``owner`` is None for the start card. ``rotate(card, quarter_turns)`` turns it
  clockwise.
- Cells are ``(column, row)``, ``(0, 0)`` north-west; ``cell_name((2, 2)) == "c3"``,
  ``parse_cell``, ``CELLS``, ``SIZE`` (6), ``start_cell(round_number)`` (c3 in odd
  rounds, d4 in even ones).
- ``CardSet(start, cards)`` (``cardset.deck(player)``): ``load_cards(config_dir)``
  reads ``config/synapse/cards.toml`` (``CardsError`` with ``findings``);
  ``default_cardset()`` is the set we ship, built in memory.
- ``Round`` (frozen): ``grid`` (36 cells), ``hands``, ``first_cards``, ``placements``,
  ``ended_by``, ``over``; ``at(cell)``, ``hand(player)``, ``start``, ``diagram()``.
  ``start_round(cardset, number, rng)``; ``make_round(cards_by_cell, ...)`` for tests.
- ``legal_cells(state)``; ``place(state, player, card_id, cell, rotation) -> Round``
  (rotation 0/90/180/270 degrees clockwise) raises ``IllegalPlacement`` (a ValueError
  saying why); ``check_placement(...) -> str | None``; ``round_over(state)``.
  ``stop(state, player)`` ends the round with cards in hand (the seat button; the +5
  goes to the other player: ``state.bonus_to``), ``check_stop``, ``IllegalStop``.
- ``score(state) -> Score``: ``connections`` (every connection in the grid: cells,
  value, why), ``lines`` (``LineScore``: owner, card, cell, ``arms``, what ``ends`` each
  arm, its connections, total), ``doubles`` (``DoubleScore``: its connections, doubled
  total), ``bonus`` (who earned +5), ``totals``; ``lines_of_text()`` in words.
  ``points(state)`` is the totals alone, fast. ``connection(a, b, direction)``.
- ``Game`` (frozen): ``rounds``, ``round``, ``number``, ``round_totals``, ``totals``,
  ``over``, ``winner``; ``new_game(cardset, seed)``, ``play(game, player, card_id, cell,
  rotation)``, ``stop_round(game, player)``, ``next_round(game)``. Three rounds; more while tied.
- Records: ``Record(seed, rounds, north, south)`` (a round's moves: placements,
  and a ``StopCall`` last if a player stopped it), ``record_of(game)``,
  ``save_record(record, cardset) -> str``, ``load_record(text)``,
  ``replay(record, cardset) -> list[Game]`` (``RecordError``).
- The opponent: :mod:`kiosk.games.synapse.opponent` (``choose``, ``LEVELS``,
  ``PACE_SECONDS``); self-play and balance: :mod:`kiosk.games.synapse.selfplay`.
- Content check: :mod:`kiosk.games.synapse.check` (``check_content``, ``card_names``).

>>> game = new_game(default_cardset(), seed=1)
>>> game = play(game, Player.NORTH, "N15", parse_cell("d2"), 90)
>>> print(game.round.diagram().splitlines()[1])
  ..   ..  N01  N15   ..   ..
>>> score(game.round).lines[0].ends
('the empty cell e2', 'the empty cell b2')
"""

from .cards import (
    COLOURS,
    DIRECTIONS,
    MARK,
    PLAYERS,
    SHAPES,
    Card,
    E,
    Icon,
    Kind,
    N,
    Player,
    S,
    W,
    rotate,
)
from .content import CardsError, load_cards
from .design import default_cardset
from .game import Game, new_game, next_round, play, stop_round
from .grid import CELLS, SIZE, Cell, cell_name, parse_cell, start_cell
from .record import Record, RecordError, load_record, record_of, replay, save_record
from .rules import (
    CardSet,
    IllegalPlacement,
    IllegalStop,
    Placement,
    Round,
    StopCall,
    check_placement,
    check_stop,
    legal_cells,
    make_round,
    place,
    round_over,
    start_round,
    stop,
)
from .scoring import BONUS, Connection, DoubleScore, LineScore, Score, connection, points, score

__all__ = [
    "BONUS", "CELLS", "COLOURS", "DIRECTIONS", "MARK", "PLAYERS", "SHAPES", "SIZE", "Card",
    "CardSet", "CardsError", "Cell", "Connection", "DoubleScore", "E", "Game",
    "IllegalPlacement", "IllegalStop", "Icon", "Kind", "LineScore", "N", "Placement",
    "Player", "Record",
    "RecordError", "Round", "S", "Score", "StopCall", "W", "cell_name", "check_placement",
    "check_stop", "connection",
    "default_cardset", "legal_cells", "load_cards", "load_record", "make_round", "new_game",
    "next_round", "parse_cell", "place", "play", "points", "record_of", "replay",
    "rotate", "round_over", "save_record", "score", "start_cell", "start_round", "stop",
    "stop_round",
]
