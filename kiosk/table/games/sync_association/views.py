"""The payload of the S.Y.N.C. table (:class:`.view.SyncAssociationView`) built from the
table logic's state, and the one sentence for the top of the screen. Numbers stay
secret until the reveal: a seat is only ``token`` or ``keypad`` before it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kiosk.games.sync_association import BLOCKS_PER_ROUND, MOST_ROUNDS, Game, Target
from kiosk.games.sync_association import Phase as RulesPhase
from kiosk.games.sync_association.achievements import earned_by_last_round, earned_in_play
from kiosk.table.api import TableView
from kiosk.table.games.sync_association import campaign
from kiosk.table.games.sync_association.view import (
    BlockView,
    KeyView,
    PhantomView,
    Phase,
    RevealView,
    SeatStatus,
    SeatView,
    SyncAssociationView,
)

if TYPE_CHECKING:
    from kiosk.table.games.sync_association.table import SyncAssociationTable

GAME_ID = "sync_association"
IN_GAME = (Phase.LAYING, Phase.BLOCKING, Phase.CHOOSING, Phase.READING, Phase.WON,
           Phase.LOST, Phase.DISCARDED)


def waiting_sentence(table: SyncAssociationTable, game: Game) -> str:
    if table._keypad is not None:
        return f"Seat {table._keypad} is on the keypad"
    waiting = game.waiting
    if not waiting:
        return "Every synchroniser is set"
    seats = ", ".join(map(str, waiting))
    return f"Waiting for seat{'s' if len(waiting) > 1 else ''} {seats} to set a synchroniser"

def seat_views(table: SyncAssociationTable, game: Game) -> tuple[SeatView, ...]:
    revealed = game.revealed and game.last is not None
    numbers = dict(game.last.choices) if revealed and game.last else {}
    views = []
    for seat in game.seats:
        mood = game.mood(seat)
        status, number = SeatStatus.IDLE, None
        why = table._seat_problems.get(seat)
        if game.phase is RulesPhase.CHOOSING:
            if seat not in game.counted:
                status = SeatStatus.BLOCKED
            elif game.choice(seat) is not None:
                status = (SeatStatus.KEYPAD if seat in table._keypad_seats
                          else SeatStatus.TOKEN)
            else:
                status = SeatStatus.WAITING
            if why and status is not SeatStatus.TOKEN and status is not SeatStatus.KEYPAD:
                status = SeatStatus.PROBLEM
        elif revealed:
            number = numbers.get(seat)
            status = SeatStatus.REVEALED if number is not None else SeatStatus.BLOCKED
        views.append(SeatView(
            seat, status, str(mood) if mood else None,
            why if game.phase is RulesPhase.CHOOSING else None, number,
            first=seat == game.first, to_lay=seat in game.to_lay, hand=game.hand(seat)))
    return tuple(views)

def build_view(table: SyncAssociationTable) -> TableView:
    group = campaign.group_view(table.group) if table.group is not None else None
    payload = SyncAssociationView(group=group, reveal_seconds=table._reveal_seconds(),
                                  table_seats=tuple(table.context.seats))
    if table.phase in (Phase.SETUP, Phase.ATTRACT):  # the records overlay lists them too
        payload = replace(payload, groups=tuple(
            campaign.group_view(g) for g in table._all_groups()))
    game = table.game
    view = TableView(game=GAME_ID, phase=str(table.phase), resumed=table.resumed)
    if game is None or table.phase not in (*IN_GAME, Phase.OVER):
        return replace(view, payload=payload, message=message(table, None, payload))
    last = game.last if game.revealed else None
    payload = replace(
        payload, mode=str(game.options.mode), order=str(game.options.order),
        players=game.options.players, round_number=game.number, most_rounds=MOST_ROUNDS,
        first=game.first,
        phantoms=tuple(PhantomView(n, card, game.blocked(Target.PHANTOM, n),
                                   discard=table._discard == n)
                       for n, card in enumerate(game.open, start=1)),
        keys=tuple(KeyView(None if game.keys_face_down and seat is not None else card,
                           seat, game.blocked(Target.KEY, card))
                   for seat, card in game.keys),
        keys_face_down=game.keys_face_down, to_lay=game.to_lay,
        blocks_held=game.blocks_held, blocks_spent=game.blocks_spent,
        blocks=tuple(BlockView(str(k), v) for k, v in game.blocks),
        blocks_left_this_round=(min(game.blocks_held, BLOCKS_PER_ROUND - len(game.blocks))
                                if game.phase is RulesPhase.BLOCKING else 0),
        seats=seat_views(table, game), keypad=table._keypad,
        ready=table._ready_at is not None,
        reveal=None if last is None else RevealView(
            last.number, last.outcome == "won", last.choices, last.number_won,
            last.card, last.discarded),
        discard=table._discard, victories=game.victories, losses=game.losses,
        advice=table._advice if game.phase is RulesPhase.BLOCKING else None)
    if game.over:
        payload = replace(payload, won=game.won, new_achievements=table._new,
                          achievements=tuple(campaign.achievement_view(a)
                                             for a in table._earned))
    else:
        payload = replace(
            payload,
            achievements=tuple(campaign.achievement_view(a)
                               for a in sorted(earned_in_play(game))),
            round_achievements=tuple(sorted(earned_by_last_round(game)))
            if game.revealed else ())
    seconds = table._reveal_seconds()
    timed = table._ready_at is not None and seconds > 0 and table.phase is Phase.CHOOSING
    return replace(view, seats=game.seats, payload=payload,
                   message=message(table, game, payload),
                   timer_seconds=int(seconds) if timed else None,
                   time_left=table.time_left(table._now) if timed else None)

def message(table: SyncAssociationTable, game: Game | None,
            payload: SyncAssociationView) -> str | None:
    phase = table.phase
    if phase is Phase.ATTRACT:
        return "Touch the screen to play S.Y.N.C."
    if phase is Phase.SETUP:
        return ("Your team's name (or pick it from the list), then the game"
                if table.group is None else f"Team {table.group.name}: choose the game")
    if game is None:
        return None
    head = f"Round {game.number} of at most {MOST_ROUNDS}"
    if table.resumed:
        head = (f"Welcome back: the power went out. {head} goes on — set your "
                "synchronisers again")
    if phase is Phase.LAYING:
        if game.keys_face_down:
            return f"{head}: everyone lays a key card face down"
        return f"{head}: seat {game.to_lay[0]} lays a key card"
    if phase is Phase.BLOCKING:
        return (f"{head}: seat {game.first} may lay block tokens "
                f"({game.blocks_held} held), then start the choosing")
    if phase is Phase.CHOOSING:
        if payload.ready:
            pads = "touch both stop pads to reveal"
            if payload.reveal_seconds > 0:
                pads += f", or wait {payload.reveal_seconds:g} s"
            return f"{head}: every synchroniser is set — seat {game.first}, {pads}"
        return f"{head}: {waiting_sentence(table, game)}. No talking!"
    if phase is Phase.READING:
        return "Revealing… keep the tokens where they are"
    if phase is Phase.WON:
        number = payload.reveal.number if payload.reveal else None
        return f"In sync! Everyone chose phantom {number}: it goes to the victory pile"
    if phase is Phase.LOST:
        if table._discard is not None:
            return (f"Phantom {table._discard} to the loss pile? Seat {game.first}: press "
                    "your seat button to confirm")
        return "Not in sync. Choose together which open phantom goes to the loss pile"
    if phase is Phase.DISCARDED:
        return "Lay a new phantom under its marker, then the next round"
    if phase is Phase.OVER:
        verdict = "won" if game.won else "lost"
        return (f"The team {verdict} {len(game.victories)}–{len(game.losses)} in "
                f"{len(game.history)} rounds")
    return None
