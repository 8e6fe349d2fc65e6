"""What the team may do, and what doing it does.

:func:`check` answers an action with a sentence saying why it is not allowed now, or
None; :func:`play` makes the next :class:`.Game` (raising :class:`IllegalAction` with
that sentence); :func:`legal_actions` lists what may be done (a choice per seat and
phantom, every block ...); :func:`advice` names a legal action the rulebook advises
against. A round goes: laying (manual mode) → blocking → choosing → reveal → won, or lost
and a phantom discarded → next round.

>>> game = new_game(Options(seats=(1, 2)), seed=5)
>>> game.phase, game.numbers, len(game.keys), game.blocks_held
(<Phase.BLOCKING: 'blocking'>, (1, 2, 3), 3, 2)
>>> check(game, Choose(1, 2))
'the choosing has not started: the first player lays any block tokens, then starts it'
>>> game = play(game, StartChoosing())
>>> check(game, Choose(1, 4))
'4 is not an open phantom: choose 1, 2 or 3'
>>> for seat in (1, 2):
...     game = play(game, Choose(seat, 2))
>>> game = play(game, Reveal())
>>> game.phase, len(game.victories), game.numbers
(<Phase.WON: 'won'>, 1, (1, 2, 3, 4))
"""

from __future__ import annotations

from dataclasses import replace

from .actions import (
    Action,
    Block,
    Choose,
    Discard,
    LayKey,
    Lift,
    Mood,
    NextRound,
    Reveal,
    SetMood,
    StartChoosing,
    Target,
    Unblock,
)
from .options import (
    BLOCKS_PER_ROUND,
    HAND_SIZE,
    LOSSES_TO_LOSE,
    SEAT_BLOCK_ADVISED_FROM,
    VICTORIES_TO_WIN,
    Mode,
    Options,
    Order,
)
from .state import (
    Game,
    Outcome,
    Phase,
    RoundResult,
    clockwise_from,
    left_of,
    rng_for,
    shuffled,
)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why, in a sentence."""


class SetupError(ValueError):
    """Options that cannot be played; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def new_game(options: Options, seed: int = 0, first: int | None = None) -> Game:
    """Round 1 laid out: the start phantoms under markers 1 .., the block tokens with the
    first player (``first``, by default the first seat), the hands dealt in manual mode
    and the round's random key cards drawn. Raises :class:`SetupError`."""
    problems = options.problems()
    if first is not None and first not in options.seats:
        problems.append(f"the first player must sit at one of seats {_listed(options.seats)}")
    if problems:
        raise SetupError(problems)
    phantoms = shuffled(range(1, options.phantom_cards + 1), rng_for(seed, "phantoms"))
    keys = shuffled(range(1, options.key_cards_in_box + 1), rng_for(seed, "keys"))
    hands: tuple[tuple[int, ...], ...] = ()
    if options.mode is Mode.MANUAL:
        hands = tuple(keys[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(options.players))
        keys = keys[options.players * HAND_SIZE:]
    start = options.start_phantoms
    game = Game(options, seed, 1, options.seats[0] if first is None else first, Phase.LAYING,
                open=phantoms[:start], phantom_deck=phantoms[start:],
                blocks_held=options.blocks_at_start, key_deck=keys, hands=hands)
    return _begin_round(game)


def _listed(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _draw_keys(game: Game, count: int) -> tuple[Game, tuple[int, ...]]:
    """``count`` key cards off the deck; the discards are shuffled back when it runs out."""
    deck, discard, drawn = game.key_deck, game.key_discard, []
    reshuffles = 0
    while len(drawn) < count:
        if not deck:
            reshuffles += 1
            deck = shuffled(discard, rng_for(game.seed, f"reshuffle:{game.number}:{reshuffles}"))
            discard = ()
        drawn.append(deck[0])
        deck = deck[1:]
    return replace(game, key_deck=deck, key_discard=discard), tuple(drawn)


def _begin_round(game: Game) -> Game:
    if game.options.mode is Mode.AUTOMATIC:
        game, drawn = _draw_keys(game, game.options.key_cards)
        return replace(game, phase=Phase.BLOCKING, keys=tuple((None, c) for c in drawn))
    game, drawn = _draw_keys(game, 1)
    return replace(game, phase=Phase.LAYING, keys=((None, drawn[0]),))


# ---------------------------------------------------------------- checking

def check(game: Game, action: Action) -> str | None:
    """Why ``action`` is not allowed now, in a sentence for the players; None if it is."""
    if game.phase is Phase.OVER:
        verdict = "won" if game.won else "lost"
        return f"the game is over: the team {verdict} it; start a new game to play again"
    checker = _CHECKS.get(type(action))
    if checker is None:
        return f"{action!r} is not something the team can do in S.Y.N.C."
    return checker(game, action)


def _seat_problem(game: Game, seat: object) -> str | None:
    if seat not in game.seats:
        return f"there is no player at seat {seat}: the players sit at {_listed(game.seats)}"
    return None


def _check_lay(game: Game, action: LayKey) -> str | None:
    if game.options.mode is not Mode.MANUAL:
        return "in automatic mode the key cards are drawn at random: nobody lays one"
    if game.phase is not Phase.LAYING:
        return "the key cards are all laid for this round"
    seat = action.seat
    problem = _seat_problem(game, seat)
    if problem:
        return problem
    if seat in game.laid_by:
        return f"seat {seat} has laid a key card this round already: one each"
    if game.options.order is Order.CLOCKWISE and game.to_lay[0] != seat:
        return (f"it is seat {game.to_lay[0]}'s turn to lay a key card (clockwise from the "
                f"first player, seat {game.first})")
    if action.card not in game.hand(seat):
        return f"key card {action.card} is not in seat {seat}'s hand"
    return None


def _check_block(game: Game, action: Block) -> str | None:
    if game.phase is Phase.LAYING:
        return "block tokens are laid once every key card is on the table"
    if game.phase is not Phase.BLOCKING:
        return "block tokens are laid before the choosing starts, not after"
    if game.blocks_held < 1:
        return "the team has no block token left"
    if len(game.blocks) >= BLOCKS_PER_ROUND:
        return f"at most {BLOCKS_PER_ROUND} block tokens a round: this round has them all"
    kind, value = _target(action.kind), action.value
    if game.blocked(kind, value):
        return f"{_name(kind, value)} is blocked already"
    if kind is Target.PHANTOM:
        if value not in game.numbers:
            return f"{value} is not an open phantom: block {_listed(game.numbers)}"
        if len(game.choosable) <= 2:
            return ("at least two phantoms must stay open to choose from: "
                    "block a key card instead, or none")
    elif kind is Target.KEY:
        laid = [card for _, card in game.keys]
        if value not in laid:
            return f"key card {value} is not on the table: block {_listed(laid)}"
        if sum(not game.blocked(Target.KEY, c) for c in laid) <= 1:
            return "at least one key card must stay unblocked"
    elif kind is Target.SEAT:
        problem = _seat_problem(game, value)
        if problem:
            return problem
        if len(game.counted) <= 2:
            return ("at least two synchronisers must count: with this many players a "
                    "synchroniser cannot be blocked")
    else:
        return f"a block token lies on a phantom, a key card or a seat, not {kind!r}"
    return None


def _target(kind: object) -> object:
    """A plain "phantom", "key" or "seat" read as its Target; anything else as it is."""
    return Target(kind) if isinstance(kind, str) and kind in set(Target) else kind


def _check_unblock(game: Game, action: Unblock) -> str | None:
    if game.phase is not Phase.BLOCKING:
        return "block tokens can be taken back only before the choosing starts"
    if not game.blocked(_target(action.kind), action.value):
        return f"{_name(action.kind, action.value)} has no block token on it"
    return None


def _check_start(game: Game, action: StartChoosing) -> str | None:
    if game.phase is Phase.LAYING:
        return f"waiting for seats {_listed(game.to_lay)} to lay a key card"
    if game.phase is not Phase.BLOCKING:
        return _not_choosing(game) if game.phase is not Phase.CHOOSING else \
            "the choosing has started already"
    return None


def _not_choosing(game: Game) -> str:
    if game.revealed:
        return (f"round {game.number}'s choices are revealed: nothing can change now; "
                "the next round starts when the table is laid")
    return "the choosing has not started: the first player lays any block tokens, then starts it"


def _check_choose(game: Game, action: Choose) -> str | None:
    if game.phase is not Phase.CHOOSING:
        return _not_choosing(game)
    seat, number = action.seat, action.number
    problem = _seat_problem(game, seat)
    if problem:
        return problem
    if seat not in game.counted:
        return (f"seat {seat}'s synchroniser is blocked this round: its choice would not "
                "count, so it makes none")
    if number not in game.numbers:
        return f"{number} is not an open phantom: choose {_listed(game.numbers)}"
    if game.blocked(Target.PHANTOM, number):
        return (f"phantom {number} is blocked this round: choose "
                f"{_listed(game.choosable)}")
    return None


def _check_lift(game: Game, action: Lift) -> str | None:
    if game.phase is not Phase.CHOOSING:
        return _not_choosing(game)
    problem = _seat_problem(game, action.seat)
    if problem:
        return problem
    if game.choice(action.seat) is None:
        return f"seat {action.seat} has no choice to take back"
    return None


def _check_mood(game: Game, action: SetMood) -> str | None:
    if game.phase is not Phase.CHOOSING:
        return _not_choosing(game)
    if action.mood is not None and not isinstance(action.mood, Mood):
        return f"a mood is green, yellow or red, not {action.mood!r}"
    return _seat_problem(game, action.seat)


def _check_reveal(game: Game, action: Reveal) -> str | None:
    if game.phase is not Phase.CHOOSING:
        return _not_choosing(game)
    if game.waiting:
        return f"waiting for seats {_listed(game.waiting)} to set their synchroniser"
    return None


def _check_discard(game: Game, action: Discard) -> str | None:
    if game.phase is Phase.LOST_DISCARDED:
        return "a phantom has gone to the loss pile this round already"
    if game.phase is not Phase.LOST:
        return "a phantom goes to the loss pile only after a lost round"
    if action.number not in game.numbers:
        return f"{action.number} is not an open phantom: discard {_listed(game.numbers)}"
    return None


def _check_next(game: Game, action: NextRound) -> str | None:
    if game.phase is Phase.LOST:
        return "first move one open phantom to the loss pile (the first player decides)"
    if game.phase not in (Phase.WON, Phase.LOST_DISCARDED):
        return f"round {game.number} is not revealed yet"
    return None


_CHECKS = {LayKey: _check_lay, Block: _check_block, Unblock: _check_unblock,
           StartChoosing: _check_start, Choose: _check_choose, Lift: _check_lift,
           SetMood: _check_mood, Reveal: _check_reveal, Discard: _check_discard,
           NextRound: _check_next}


def _name(kind: Target, value: int) -> str:
    return {Target.PHANTOM: "phantom", Target.KEY: "key card", Target.SEAT: "seat"}.get(
        kind, str(kind)) + f" {value}"


def advice(game: Game, action: Action) -> str | None:
    """A legal action the rulebook advises against, with why; None otherwise."""
    if (isinstance(action, Block) and action.kind is Target.SEAT
            and game.options.players < SEAT_BLOCK_ADVISED_FROM):
        return (f"blocking a synchroniser is not advised under {SEAT_BLOCK_ADVISED_FROM} "
                "players: it leaves few voices to agree")
    return None


# ---------------------------------------------------------------- playing

def play(game: Game, action: Action) -> Game:
    """The game after ``action``; :class:`IllegalAction` saying why if it is not allowed."""
    problem = check(game, action)
    if problem:
        raise IllegalAction(problem)
    return _APPLY[type(action)](game, action)


def _lay(game: Game, action: LayKey) -> Game:
    i = game.seats.index(action.seat)
    hands = list(game.hands)
    hands[i] = tuple(c for c in hands[i] if c != action.card)
    game = replace(game, hands=tuple(hands), keys=(*game.keys, (action.seat, action.card)))
    if len(game.laid_by) == game.options.players:
        game = replace(game, phase=Phase.BLOCKING)
    return game


def _block(game: Game, action: Block) -> Game:
    return replace(game, blocks=(*game.blocks, (_target(action.kind), action.value)),
                   blocks_held=game.blocks_held - 1, blocks_spent=game.blocks_spent + 1)


def _unblock(game: Game, action: Unblock) -> Game:
    gone = (_target(action.kind), action.value)
    return replace(game, blocks=tuple(b for b in game.blocks if b != gone),
                   blocks_held=game.blocks_held + 1, blocks_spent=game.blocks_spent - 1)


def _start(game: Game, action: StartChoosing) -> Game:
    return replace(game, phase=Phase.CHOOSING)


def _choose(game: Game, action: Choose) -> Game:
    others = tuple(c for c in game.choices if c[0] != action.seat)
    choices = (*others, (action.seat, action.number))
    return replace(game, choices=tuple(sorted(choices, key=lambda c: game.seats.index(c[0]))))


def _lift(game: Game, action: Lift) -> Game:
    return replace(game, choices=tuple(c for c in game.choices if c[0] != action.seat))


def _mood(game: Game, action: SetMood) -> Game:
    moods = tuple(m for m in game.moods if m[0] != action.seat)
    if action.mood is not None:
        moods = tuple(sorted((*moods, (action.seat, action.mood)),
                             key=lambda m: game.seats.index(m[0])))
    return replace(game, moods=moods)


def _reveal(game: Game, action: Reveal) -> Game:
    chosen = {n for _, n in game.choices}
    result = RoundResult(game.number, game.first, game.keys, game.blocks, game.choices,
                         Outcome.LOST)
    if len(chosen) != 1:
        return replace(game, phase=Phase.LOST, history=(*game.history, result))
    number = chosen.pop()
    card = game.open[number - 1]
    result = replace(result, outcome=Outcome.WON, number_won=number, card=card)
    game = replace(game, victories=(*game.victories, card), history=(*game.history, result))
    if len(game.victories) >= VICTORIES_TO_WIN:
        return _end(game, number)
    deck = game.phantom_deck
    opened = list(game.open)
    opened[number - 1] = deck[0]
    opened.append(deck[1])
    return replace(game, phase=Phase.WON, open=tuple(opened), phantom_deck=deck[2:])


def _discard(game: Game, action: Discard) -> Game:
    number = action.number
    card = game.open[number - 1]
    last = replace(game.history[-1], card=card, discarded=number)
    game = replace(game, losses=(*game.losses, card), history=(*game.history[:-1], last))
    if len(game.losses) >= LOSSES_TO_LOSE:
        return _end(game, number)
    opened = list(game.open)
    opened[number - 1] = game.phantom_deck[0]
    return replace(game, phase=Phase.LOST_DISCARDED, open=tuple(opened),
                   phantom_deck=game.phantom_deck[1:], blocks_held=game.blocks_held + 1)


def _end(game: Game, number: int) -> Game:
    """The game over: the last phantom won or lost leaves the open ones (no replacement;
    the markers of those left no longer matter)."""
    return replace(game, phase=Phase.OVER,
                   open=game.open[:number - 1] + game.open[number:])


def _next(game: Game, action: NextRound) -> Game:
    discard = (*game.key_discard, *(card for _, card in game.keys))
    game = replace(game, key_discard=discard, keys=(), blocks=(), choices=(), moods=(),
                   number=game.number + 1, first=left_of(game.seats, game.first))
    if game.options.mode is Mode.MANUAL:
        hands = []
        for hand in game.hands:
            game, drawn = _draw_keys(game, HAND_SIZE - len(hand))
            hands.append(hand + drawn)
        game = replace(game, hands=tuple(hands))
    return _begin_round(game)


_APPLY = {LayKey: _lay, Block: _block, Unblock: _unblock, StartChoosing: _start,
          Choose: _choose, Lift: _lift, SetMood: _mood, Reveal: _reveal, Discard: _discard,
          NextRound: _next}


def is_legal(game: Game, action: Action) -> bool:
    return check(game, action) is None


def legal_actions(game: Game) -> list[Action]:
    """Every action allowed now (each seat's every choice and mood included)."""
    if game.phase is Phase.OVER:
        return []
    candidates: list[Action] = []
    if game.phase is Phase.LAYING:
        candidates += [LayKey(s, c) for s in clockwise_from(game.seats, game.first)
                       for c in game.hand(s)]
    elif game.phase is Phase.BLOCKING:
        candidates += [Block(Target.PHANTOM, n) for n in game.numbers]
        candidates += [Block(Target.KEY, c) for _, c in game.keys]
        candidates += [Block(Target.SEAT, s) for s in game.seats]
        candidates += [Unblock(k, v) for k, v in game.blocks]
        candidates.append(StartChoosing())
    elif game.phase is Phase.CHOOSING:
        candidates += [Choose(s, n) for s in game.seats for n in game.numbers]
        candidates += [Lift(s) for s in game.seats]
        candidates += [SetMood(s, m) for s in game.seats for m in (*Mood, None)]
        candidates.append(Reveal())
    elif game.phase is Phase.LOST:
        candidates += [Discard(n) for n in game.numbers]
    else:
        candidates.append(NextRound())
    return [a for a in candidates if check(game, a) is None]
