"""S.Y.N.C.: the rules engine (standard library only, no clock, no I/O).

Rules and every house decision, for players: ``docs/sync-association.md``.

Vocabulary (all re-exported here; the table logic and the UI import from this package):

- ``Options(seats, mode, order, start_phantoms, key_cards, start_blocks, phantom_cards,
  key_cards_in_box)``: seats are the table's seat numbers, clockwise; ``Mode.AUTOMATIC``
  / ``MANUAL``; ``Order.CLOCKWISE`` / ``IMPROVISED`` / ``PARALLEL`` (manual mode);
  ``options.problems()`` lists what is wrong, in sentences.
- ``new_game(options, seed, first=None) -> Game`` (``SetupError`` with ``problems``).
  Both decks are shuffled from the seed; cards are ids (``1 .. phantom_cards``,
  ``1 .. key_cards_in_box``): the kiosk never knows what is on a card.
- ``Game`` (frozen): ``phase`` (``Phase``: LAYING, BLOCKING, CHOOSING, WON, LOST,
  LOST_DISCARDED, OVER), ``number`` (the round), ``first`` (the first player's seat),
  ``open`` (phantom card under markers 1, 2, ...; ``numbers`` the markers,
  ``choosable`` those not blocked), ``victories``, ``losses``, ``blocks_held``,
  ``blocks_spent``, ``keys`` (this round's key cards: (seat or None, card)),
  ``hand(seat)``, ``to_lay``, ``blocks`` (this round's: (``Target``, value)),
  ``counted`` (seats whose synchroniser counts), ``choice(seat)`` (secret: show only
  after the reveal), ``waiting``, ``mood(seat)``, ``history`` (``RoundResult`` per
  revealed round; ``last``), ``over``, ``won``, ``lost``.
- Actions (frozen): ``LayKey(seat, card)``, ``Block(Target.PHANTOM|KEY|SEAT, value)``,
  ``Unblock(...)``, ``StartChoosing()``, ``Choose(seat, number)``, ``Lift(seat)``,
  ``SetMood(seat, Mood.GREEN|YELLOW|RED|None)``, ``Reveal()``, ``Discard(number)``,
  ``NextRound()``; ``format_action`` / ``parse_action`` (``NotationError``).
- ``check(game, action) -> str | None`` (a sentence for the players), ``play(game,
  action) -> Game`` (``IllegalAction``), ``is_legal``, ``legal_actions(game)``,
  ``advice(game, action) -> str | None`` (legal but not advised: a synchroniser blocked
  under 5 players).
- Records: ``Record(options, seed, actions, first)``, ``record_of(start, actions)``,
  ``save_record(record) -> str``, ``load_record(text)``, ``replay(record) -> list[Game]``
  (``RecordError``).
- Achievements: ``Achievement`` (``TITLES``), ``achievements(game, streak) ->
  frozenset``, ``streak_after(game, streak)``.

>>> game = new_game(Options(seats=(1, 2, 3), mode=Mode.MANUAL), seed=3)
>>> game.phase, game.to_lay, len(game.hand(1))
(<Phase.LAYING: 'laying'>, (1, 2, 3), 5)
>>> for seat in game.to_lay:
...     game = play(game, LayKey(seat, game.hand(seat)[0]))
>>> game = play(game, Block(Target.PHANTOM, 3))
>>> game = play(game, StartChoosing())
>>> game = play(game, Choose(1, 1))
>>> check(game, Choose(2, 3))
'phantom 3 is blocked this round: choose 1 or 2'
>>> game = play(play(play(game, Choose(2, 2)), Choose(3, 1)), Reveal())
>>> game.phase, game.last.outcome
(<Phase.LOST: 'lost'>, <Outcome.LOST: 'lost'>)
>>> game = play(play(game, Discard(2)), NextRound())
>>> len(game.losses), game.blocks_held, game.first
(1, 3, 2)
"""

from .achievements import TITLES, Achievement, achievements, longest_round_streak, streak_after
from .actions import (
    Action,
    Block,
    Choose,
    Discard,
    LayKey,
    Lift,
    Mood,
    NextRound,
    NotationError,
    Reveal,
    SetMood,
    StartChoosing,
    Target,
    Unblock,
    format_action,
    parse_action,
)
from .options import (
    BLOCKS_PER_ROUND,
    HAND_SIZE,
    LOSSES_TO_LOSE,
    MOST_ROUNDS,
    VICTORIES_TO_WIN,
    Mode,
    Options,
    Order,
)
from .record import Record, RecordError, load_record, record_of, replay, save_record
from .rules import (
    IllegalAction,
    SetupError,
    advice,
    check,
    is_legal,
    legal_actions,
    new_game,
    play,
)
from .state import Game, Outcome, Phase, RoundResult

__all__ = [
    "BLOCKS_PER_ROUND", "HAND_SIZE", "LOSSES_TO_LOSE", "MOST_ROUNDS", "TITLES",
    "VICTORIES_TO_WIN", "Achievement", "Action", "Block", "Choose", "Discard", "Game",
    "IllegalAction", "LayKey", "Lift", "Mode", "Mood", "NextRound", "NotationError",
    "Options", "Order", "Outcome", "Phase", "Record", "RecordError", "Reveal",
    "RoundResult", "SetMood", "SetupError", "StartChoosing", "Target", "Unblock",
    "achievements", "advice", "check", "format_action", "is_legal", "legal_actions",
    "load_record", "longest_round_streak", "new_game", "parse_action", "play",
    "record_of", "replay", "save_record", "streak_after",
]
