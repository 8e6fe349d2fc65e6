"""S.Y.N.C. at the table: the :class:`~kiosk.table.games.TableGame` around the rules engine
(:mod:`kiosk.games.sync_association`). The kiosk is the synchronisers, the control
module and the score keeper; the boxed phantom and key cards stay on the table.

- **Synchronisers** are numbered RFID tokens laid face down on a seat's reader
  (:mod:`.tokens`). One known token on a counted seat is that seat's choice; anything
  else (two tokens, an unknown tag, a card, a number that is no open phantom, a blocked
  phantom, a blocked synchroniser) is a sentence for that seat and no choice at all.
  A token left from the last round does not count until it has been lifted. A seat
  without tokens or with a broken reader uses the covered keypad on screen, one seat at
  a time. Numbers are secret until the reveal: the payload never holds them.
- **Moods**: a seat button cycles none → green → yellow → red → none on its LEDs.
- **The reveal**: when every counted seat is set, the pads are armed — the first player
  touches both (or ``reveal`` on screen), or it comes by itself after
  ``sync_association.reveal_seconds`` (default 5; 0: pads only). Every seat is read once
  more; a reading that no longer matches the choices, or a token moved while it was
  read, calls the reveal off with a sentence, never a wrong result.
- **A group** keeps its achievements, streak and recent games across visits
  (:mod:`.campaign`, ``store.groups``).
- **Resume**: every action is journaled as a record line; after a power cut the game
  comes back in its round. Choices not yet revealed are taken back and asked again: the
  tokens still lying there are read again, keypad seats choose again.
"""

from __future__ import annotations

import inspect
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from kiosk.games.sync_association import (
    Action,
    Block,
    Choose,
    Discard,
    Game,
    LayKey,
    Lift,
    Mood,
    NextRound,
    Options,
    Reveal,
    SetMood,
    SetupError,
    StartChoosing,
    Target,
    Unblock,
    achievements,
    advice,
    check,
    format_action,
    new_game,
    parse_action,
    play,
    record_of,
    save_record,
    streak_after,
)
from kiosk.games.sync_association import Phase as RulesPhase
from kiosk.hardware.ports import InventoryChange, LedMode, SeatLed
from kiosk.store.protocol import GameResult, Group
from kiosk.table.api import Sound, TableView
from kiosk.table.games import NOTHING, Effects, GameContext, LaneReading, LedChange, problem
from kiosk.table.games.sync_association import campaign
from kiosk.table.games.sync_association.tokens import (
    SeatReading,
    reading_of_names,
    reading_problem,
    seat_reading,
)
from kiosk.table.games.sync_association.view import (
    COMMANDS,
    Phase,
    SyncStaff,
)
from kiosk.table.games.sync_association.views import IN_GAME, build_view, waiting_sentence
from kiosk.table.journal import GameJournal

log = logging.getLogger(__name__)

GAME_ID = "sync_association"
REVEAL_SECONDS = f"{GAME_ID}.reveal_seconds"  # setting: the automatic reveal's countdown
PHANTOM_CARDS = f"{GAME_ID}.phantom_cards"    # settings: the box's card counts
KEY_CARDS = f"{GAME_ID}.key_cards"
DEFAULT_REVEAL_SECONDS = 5.0
MOOD_LEDS = {Mood.GREEN: SeatLed.GREEN, Mood.YELLOW: SeatLed.YELLOW, Mood.RED: SeatLed.RED}
MOOD_CYCLE = {None: Mood.GREEN, Mood.GREEN: Mood.YELLOW, Mood.YELLOW: Mood.RED,
              Mood.RED: None}
PHASES = {RulesPhase.LAYING: Phase.LAYING, RulesPhase.BLOCKING: Phase.BLOCKING,
          RulesPhase.CHOOSING: Phase.CHOOSING, RulesPhase.WON: Phase.WON,
          RulesPhase.LOST: Phase.LOST, RulesPhase.LOST_DISCARDED: Phase.DISCARDED,
          RulesPhase.OVER: Phase.OVER}
NOT_SAVED = "This game could not be saved: staff, see the kiosk log"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def played_of(options: Options) -> str:
    """What the store files a game under: its mode (and laying order)."""
    return "automatic" if options.mode == "automatic" else f"manual-{options.order}"


def called_off(changed: list[int], unread: Mapping[int, str]) -> str:
    """Why the reveal was called off, and what to do: a token moved as it began, or a
    reader that could not prove its token (a board slow or gone).
    """
    if changed:
        who = (f"seat {changed[0]}'s reader" if len(changed) == 1 else
               "the readers of seats " + ", ".join(map(str, changed)))
        return (f"The reveal is off: {who} changed as it began. Set the synchronisers "
                "again, then reveal")
    seats = sorted(unread)
    return (f"The reveal is off: {unread[seats[0]]}. Reveal again, or use the keypad for "
            f"{'that seat' if len(seats) == 1 else 'those seats'}")


class SyncAssociationTable:
    """S.Y.N.C. for one table. ``rng`` picks the seeds of games started without one."""

    game_id = GAME_ID
    commands = COMMANDS
    answers: frozenset[str] = frozenset()
    staff_actions: tuple[str, ...] = tuple(SyncStaff)

    def __init__(self, context: GameContext, rng: random.Random | None = None) -> None:
        self.context = context
        self.store = context.store
        self.rng = rng or random.Random()
        self.phase = Phase.ATTRACT
        self.group: Group | None = None
        self.start_game: Game | None = None
        self.game: Game | None = None
        self.actions: list[Action] = []
        self.resumed = False
        self._journal = GameJournal(self.store, GAME_ID)
        self._started = 0.0
        self._now = 0.0
        self._places: dict[tuple[int, int], frozenset[bytes]] = dict(
            getattr(getattr(context, "status", None), "inventory", None) or {})
        self._stale: dict[int, frozenset[bytes]] = {}   # last round's tokens still down
        self._keypad: int | None = None                 # the seat on the keypad now
        self._keypad_seats: set[int] = set()            # seats that chose on the keypad
        self._seat_problems: dict[int, str] = {}
        self._ready_at: float | None = None             # every counted seat set since
        self._reading = False                           # the reveal waits for the boards
        self._moved: set[int] = set()                   # tokens moved while reading
        self._discard: int | None = None
        self._earned: tuple[str, ...] = ()
        self._new: tuple[str, ...] = ()
        self._leds_sent: dict[tuple[int, SeatLed], LedMode] = {}
        self._view: TableView | None = None
        self._groups: tuple[Group, ...] | None = None
        self._done = False       # the game's end is recorded
        self._seconds: float | None = None  # the reveal countdown setting, read once
        self._advice: str | None = None
        self._resume()

    # ------------------------------------------------------------------ TableGame

    def view(self) -> TableView:
        if self._view is None:
            self._view = self._build_view()
        return self._view

    def time_left(self, now: float) -> float | None:
        seconds = self._reveal_seconds()
        if self._ready_at is None or seconds <= 0 or self.phase is not Phase.CHOOSING:
            return None
        return max(0.0, self._ready_at + seconds - now)

    def command(self, name: str, args: Mapping[str, Any], now: float) -> Effects:
        handler: Callable[..., Effects] | None = None
        if name in (*COMMANDS, "wake", "abandon"):
            handler = getattr(self, f"_do_{name}", None)
        if handler is None:
            return problem(f"S.Y.N.C. has no '{name}'")
        try:
            inspect.signature(handler).bind(now, **args)
        except TypeError as error:
            return problem(f"S.Y.N.C.'s '{name}' cannot take these details ({error})")
        return self._apply(lambda: handler(now, **args), now)

    def staff(self, action: str, args: Mapping[str, Any], now: float) -> Effects | None:
        if action not in self.staff_actions:
            return None
        return self._apply(lambda: self._staff(action, args), now)

    def seat_pressed(self, seat: int, t: float, now: float) -> Effects:
        if self.phase is Phase.ATTRACT:
            return self._apply(lambda: self._do_wake(now), now)
        game = self.game
        if game is None or seat not in game.seats:
            return NOTHING
        if self.phase is Phase.CHOOSING:
            return self._apply(lambda: self._act(SetMood(seat, MOOD_CYCLE[game.mood(seat)]),
                                                 now), now)
        if self.phase is Phase.LOST and seat == game.first and self._discard is not None:
            return self._apply(lambda: self._do_confirm_discard(now), now)
        return NOTHING

    def seat_held(self, seat: int, t: float, now: float) -> Effects:
        return problem(f"Seat {seat} is calling staff")

    def stop(self, t: float, now: float) -> Effects:
        if self.phase is not Phase.CHOOSING or self._ready_at is None:
            return NOTHING
        return self._apply(lambda: self._begin_reveal(now), now)

    def lanes_read(self, reading: LaneReading, now: float) -> Effects:
        if not self._reading:
            return NOTHING
        return self._apply(lambda: self._finish_reveal(reading, now), now)

    def inventory_changed(self, change: InventoryChange, now: float) -> Effects:
        place = (change.seat, change.lane)
        if change.uids:
            self._places[place] = change.uids
        else:
            self._places.pop(place, None)
        seat = change.seat
        if seat in self._stale and self._uids(seat) != self._stale[seat]:
            del self._stale[seat]
        game = self.game
        if game is None or seat not in game.seats:
            return NOTHING
        if self._reading and seat in game.counted and seat not in self._keypad_seats:
            self._moved.add(seat)
            return NOTHING
        if self.phase is not Phase.CHOOSING:
            return NOTHING
        return self._apply(lambda: self._sync_seat(seat, now), now)

    def tick(self, now: float) -> Effects:
        left = self.time_left(now)
        if left is None or left > 0:
            return NOTHING
        return self._apply(lambda: self._begin_reveal(now), now)

    def refresh(self, now: float) -> Effects:
        self._groups, self._seconds = None, None
        return self._apply(lambda: NOTHING, now)

    def close(self, now: float) -> Effects:
        """Shutting down keeps a game in play: its journal stays open and the next start
        resumes it. Lights off, pads disarmed."""
        self._ready_at, self._reading = None, False
        self._leds_sent = {}
        return Effects(pads=False, leds=tuple(
            LedChange(s, led, LedMode.OFF) for s in self.context.seats for led in SeatLed))

    # ------------------------------------------------------------------ commands

    def _do_wake(self, now: float) -> Effects:
        if self.phase is Phase.ATTRACT:
            self.phase = Phase.SETUP
        return NOTHING

    def _do_group(self, now: float, team: str | None) -> Effects:
        if self.phase is not Phase.SETUP:
            return problem("Choose the team before the game starts")
        if team is None:  # play without a group: nothing kept
            self.group = None
            return NOTHING
        name = campaign.normal_name(team)
        why = campaign.name_problem(name)
        if why:
            return problem(why)
        found = campaign.find(self._all_groups(), name)
        self.group = found or Group(name, {})
        if found is None:
            self._save_group(self.group)
        return NOTHING

    def _do_start(self, now: float, seats: Any = None, players: Any = None,
                  mode: str = "automatic", order: str = "clockwise", phantoms: int = 3,
                  keys: int = 3, blocks: int | None = None, first: int | None = None,
                  seed: int | None = None) -> Effects:
        if self.phase is not Phase.SETUP:
            return problem("A game is being played: finish or abandon it first")
        table = tuple(self.context.seats)
        try:
            chosen = (tuple(int(s) for s in seats) if seats is not None
                      else table[:int(players or 3)])
        except (TypeError, ValueError):
            return problem("Say which seats play, as seat numbers")
        if not set(chosen) <= set(table):
            return problem(f"This table has seats {', '.join(map(str, table))} only")
        options = Options(seats=chosen, mode=mode, order=order, start_phantoms=phantoms,
                          key_cards=keys, start_blocks=blocks,
                          phantom_cards=int(self.store.setting(PHANTOM_CARDS, 60)),
                          key_cards_in_box=int(self.store.setting(KEY_CARDS, 120)))
        seed = self.rng.randrange(1, 1_000_000) if seed is None else seed
        try:
            game = new_game(options, int(seed), first)
        except SetupError as error:
            return problem(_sentence("; ".join(error.problems)))
        except (TypeError, ValueError) as error:
            return problem(f"These options cannot be played ({error})")
        self._begin(game, now)
        self._journal.open(self._setup(game, now))
        return NOTHING

    def _do_lay(self, now: float, seat: int, card: int) -> Effects:
        return self._act(LayKey(seat, card), now)

    def _do_block(self, now: float, kind: str, value: int) -> Effects:
        if self.game is None:
            return self._no_game()
        effects = self._act(Block(kind, value), now)  # type: ignore[arg-type]
        said = advice(self.game, Block(Target(kind), value)) if kind in set(Target) else None
        if said and not effects.problems:
            self._advice = _sentence(said)
            return effects + problem(self._advice)
        return effects

    def _do_unblock(self, now: float, kind: str, value: int) -> Effects:
        return self._act(Unblock(kind, value), now)  # type: ignore[arg-type]

    def _do_start_choosing(self, now: float) -> Effects:
        effects = self._act(StartChoosing(), now)
        if effects.problems or self.game is None:
            return effects
        return effects + self._sync_all(now)

    def _do_mood(self, now: float, seat: int, mood: str | None = None) -> Effects:
        if mood is not None and mood not in set(Mood):
            return problem(f"A mood is green, yellow or red, not {mood!r}")
        return self._act(SetMood(seat, None if mood is None else Mood(mood)), now)

    def _do_keypad_open(self, now: float, seat: int) -> Effects:
        game = self.game
        if game is None or self.phase is not Phase.CHOOSING:
            return problem("The keypad is for the choosing")
        if self._keypad is not None and self._keypad != seat:
            return problem(f"Seat {self._keypad} is using the keypad: one seat at a time")
        why = check(game, Choose(seat, game.choosable[0])) if game.choosable else None
        if why:
            return problem(_sentence(why))
        self._keypad = seat
        return NOTHING

    def _do_keypad_choose(self, now: float, seat: int, number: int) -> Effects:
        if self._keypad is not None and self._keypad != seat:
            return problem(f"Seat {self._keypad} is using the keypad: one seat at a time")
        if self.game is None or self.phase is not Phase.CHOOSING:
            return problem("The keypad is for the choosing")
        effects = self._act(Choose(seat, number), now)
        if effects.problems:
            return effects
        self._keypad_seats.add(seat)
        self._seat_problems.pop(seat, None)
        self._keypad = None
        return effects

    def _do_keypad_lift(self, now: float, seat: int) -> Effects:
        game = self.game
        if game is None or seat not in self._keypad_seats or self.phase is not Phase.CHOOSING:
            return problem(f"Seat {seat} has no choice on the keypad")
        self._keypad_seats.discard(seat)
        effects = self._act(Lift(seat), now) if game.choice(seat) is not None else NOTHING
        return effects + self._sync_seat(seat, now)

    def _do_keypad_close(self, now: float) -> Effects:
        self._keypad = None
        return NOTHING

    def _do_reveal(self, now: float) -> Effects:
        game = self.game
        if game is None:
            return self._no_game()
        if self.phase is not Phase.CHOOSING:
            return problem(_sentence(check(game, Reveal()) or "The reveal is under way"))
        if self._ready_at is None:
            return problem(waiting_sentence(self, game))
        return self._begin_reveal(now)

    def _do_discard(self, now: float, number: int) -> Effects:
        if self.game is None:
            return self._no_game()
        why = check(self.game, Discard(number))
        if why:
            return problem(_sentence(why))
        self._discard = number
        return NOTHING

    def _do_confirm_discard(self, now: float) -> Effects:
        if self._discard is None:
            return problem("First choose the phantom that goes to the loss pile")
        effects = self._act(Discard(self._discard), now)
        if not effects.problems:
            self._discard = None
        return effects

    def _do_next_round(self, now: float) -> Effects:
        effects = self._act(NextRound(), now)
        if not effects.problems:
            self._new_round()
        return effects

    def _do_new_game(self, now: float) -> Effects:
        if self.phase is not Phase.OVER:
            return problem("Finish or abandon this game first")
        self.phase = Phase.SETUP
        self.game = self.start_game = None
        return NOTHING

    def _do_abandon(self, now: float) -> Effects:
        game = self.game
        if game is not None and not game.over:
            self._store_result(now, abandoned=True)
            self._journal.close()
        self.game = self.start_game = None
        self._ready_at, self._reading, self._keypad = None, False, None
        self.phase = Phase.SETUP if self.phase in (*IN_GAME, Phase.OVER) else Phase.ATTRACT
        return Effects(pads=False)

    def _staff(self, action: str, args: Mapping[str, Any]) -> Effects:
        try:
            if action == SyncStaff.REVEAL_SECONDS:
                seconds = float(args.get("seconds", DEFAULT_REVEAL_SECONDS))
                if not 0 <= seconds <= 60:
                    return problem("The reveal countdown is 0 (pads only) to 60 seconds")
                self.store.set_setting(REVEAL_SECONDS, seconds)
            elif action == SyncStaff.RENAME_GROUP:
                new = campaign.normal_name(args.get("new", ""))
                why = campaign.name_problem(new)
                if why:
                    return problem(why)
                old = str(args.get("old", ""))
                self.store.rename_group(GAME_ID, old, new)
                if self.group is not None and self.group.name == old:
                    self.group = Group(new, self.group.data)
            elif action == SyncStaff.DELETE_GROUP:
                name = str(args.get("team", ""))
                self.store.delete_group(GAME_ID, name)
                if self.group is not None and self.group.name == name:
                    self.group = None
        except ValueError as error:  # StoreError: no such group, a name taken
            return problem(_sentence(str(error)))
        self._groups, self._seconds = None, None
        return NOTHING

    # ------------------------------------------------------------------ the round

    def _act(self, action: Action, now: float) -> Effects:
        """One action of the rules, journaled; a refusal is the rules' sentence."""
        game = self.game
        if game is None:
            return self._no_game()
        why = check(game, action)
        if why:
            return problem(_sentence(why))
        self.game = play(game, action)
        self.actions.append(action)
        self._journal.add("act", now, (format_action(action),))
        self.resumed = False
        return NOTHING

    def _no_game(self) -> Effects:
        return problem("No game is being played: start one first")

    def _begin(self, game: Game, now: float) -> None:
        self.start_game = self.game = game
        self.actions, self._started = [], now
        self._earned = self._new = ()
        self._done, self._advice, self._seconds = False, None, None
        self._keypad, self._keypad_seats, self._seat_problems = None, set(), {}
        self._discard, self._ready_at, self._reading, self._moved = None, None, False, set()
        self._stale = {s: self._uids(s) for s in game.seats if self._uids(s)}

    def _new_round(self) -> None:
        """Tokens still down from the round just revealed do not count until lifted."""
        assert self.game is not None
        self._stale = {s: self._uids(s) for s in self.game.seats if self._uids(s)}
        self._keypad, self._keypad_seats, self._seat_problems = None, set(), {}
        self._discard, self._moved, self._advice = None, set(), None

    def _uids(self, seat: int) -> frozenset[bytes]:
        return frozenset().union(*(u for (s, _), u in self._places.items() if s == seat))

    def _live_reading(self, seat: int) -> SeatReading:
        tags = getattr(self.context, "tags", None)
        return seat_reading(self._uids(seat), tags.card if tags is not None else lambda _: None)

    def _sync_all(self, now: float) -> Effects:
        effects = NOTHING
        assert self.game is not None
        for seat in self.game.seats:
            effects += self._sync_seat(seat, now)
        return effects

    def _sync_seat(self, seat: int, now: float) -> Effects:
        """Make a seat's choice what its reader holds (CHOOSING; keypad seats aside)."""
        game = self.game
        if game is None or game.phase is not RulesPhase.CHOOSING or seat in self._keypad_seats:
            return NOTHING
        reading = self._live_reading(seat)
        why, number = reading_problem(seat, reading), None
        if seat in self._stale:
            why = (f"Seat {seat}: lift last round's token first, then lay this round's"
                   if not reading.empty else None)
        elif why is None and reading.numbers:
            number = reading.numbers[0]
            if seat not in game.counted:
                why = (f"Seat {seat}'s synchroniser is blocked this round: take the token "
                       "back, it does not count")
                number = None
            elif number not in game.numbers:
                why = (f"Seat {seat}'s token names no open phantom: lay one of "
                       f"{', '.join(map(str, game.choosable))}")
                number = None
            elif number not in game.choosable:
                why = (f"Seat {seat}'s token names a phantom blocked this round: lay one "
                       f"of {', '.join(map(str, game.choosable))}")
                number = None
        if why:
            self._seat_problems[seat] = why
        else:
            self._seat_problems.pop(seat, None)
        current = game.choice(seat)
        if number is None and current is not None:
            return self._act(Lift(seat), now)
        if number is not None and number != current:
            return self._act(Choose(seat, number), now)
        return NOTHING

    def _begin_reveal(self, now: float) -> Effects:
        """Read every seat once more; the reveal follows when the boards have answered."""
        self._ready_at = None
        self._moved = set()
        reading = self.context.read_lanes()
        if reading is None:
            self._reading = True
            return Effects(pads=False)
        return self._finish_reveal(reading, now)

    def _finish_reveal(self, reading: LaneReading, now: float) -> Effects:
        game = self.game
        self._reading = False
        if game is None or game.phase is not RulesPhase.CHOOSING:
            return Effects(pads=False)
        changed = set(self._moved)
        self._moved = set()
        unread: dict[int, str] = {}  # seats whose reader could not prove its token
        if reading.available:
            for seat in game.counted:
                if seat in self._keypad_seats:
                    continue
                seen = reading_of_names(
                    [n for names in reading.lanes_of(seat).values() for n in names],
                    reading.unreadable.get(seat, ()) if seat in reading.seats else
                    (f"Seat {seat} has no reader",))
                if seen.unreadable and seat not in changed:
                    unread[seat] = seen.unreadable[0]
                elif reading_problem(seat, seen) or seen.numbers != (game.choice(seat),):
                    changed.add(seat)
        if changed or unread:
            return self._sync_all(now) + Effects(pads=False, problems=(
                called_off(sorted(changed), unread),))
        effects = self._act(Reveal(), now)
        if effects.problems:
            return effects + Effects(pads=False)
        assert self.game is not None and self.game.last is not None
        won = self.game.last.outcome == "won"
        return effects + Effects(pads=False, sounds=(Sound.CHEER if won else Sound.GROAN,))

    def _follow(self, now: float) -> Effects:
        """Phase, readiness (pads, countdown) and the end of the game after any change."""
        game = self.game
        if game is None:
            return NOTHING
        phase = PHASES[game.phase]
        if phase is Phase.CHOOSING and self._reading:
            phase = Phase.READING
        self.phase = phase
        if self._keypad is not None and game.phase is not RulesPhase.CHOOSING:
            self._keypad = None
        effects = NOTHING
        ready = (game.phase is RulesPhase.CHOOSING and not game.waiting and not self._reading
                 and self._keypad is None)
        if ready and self._ready_at is None:
            self._ready_at = now
            effects = Effects(pads=True)
        elif not ready and self._ready_at is not None:
            self._ready_at = None
            effects = Effects(pads=False)
        if game.over and not self._done:
            self._done = True
            self._finish(now)
        return effects

    def _finish(self, now: float) -> None:
        game = self.game
        assert game is not None
        streak = campaign.streak_of(self.group.data) if self.group is not None else 0
        earned = achievements(game, streak)
        self._earned = tuple(sorted(earned))
        held = set(campaign.achievements_of(self.group.data)) if self.group else set()
        self._new = tuple(a for a in self._earned if a not in held)
        if self.group is not None:
            line = (f"{'Won' if game.won else 'Lost'} {len(game.victories)}–"
                    f"{len(game.losses)}, {game.options.players} players, "
                    f"{played_of(game.options).replace('-', ', ')}")
            data = campaign.after_game(self.group.data, won=game.won, earned=earned,
                                       streak=streak_after(game, streak), line=line)
            self.group = Group(self.group.name, data)
            self._save_group(self.group)
        self._store_result(now)
        self._journal.close()

    # ------------------------------------------------------------------ store

    def _all_groups(self) -> tuple[Group, ...]:
        if self._groups is None:
            try:
                self._groups = self.store.groups(GAME_ID)
            except Exception:
                log.exception("could not read S.Y.N.C.'s groups")
                self._groups = ()
        return self._groups

    def _save_group(self, group: Group) -> None:
        try:
            self.store.save_group(GAME_ID, group)
        except Exception:
            log.exception("could not save group %s", group.name)
        self._groups = None

    def _setup(self, game: Game, now: float) -> dict[str, Any]:
        o = game.options
        return {"seats": list(o.seats), "mode": str(o.mode), "order": str(o.order),
                "phantoms": o.start_phantoms, "keys": o.key_cards,
                "blocks": o.start_blocks, "phantom_cards": o.phantom_cards,
                "key_cards": o.key_cards_in_box, "seed": game.seed, "first": game.first,
                "group": self.group.name if self.group else None, "started": now}

    def _store_result(self, now: float, abandoned: bool = False) -> None:
        game, start = self.game, self.start_game
        if game is None or start is None:
            return
        try:
            record = save_record(record_of(start, tuple(self.actions)))
        except Exception:
            log.exception("could not write the game's record")
            record = ""
        details = {
            "group": self.group.name if self.group else None, "won": game.won,
            "victories": len(game.victories), "losses": len(game.losses),
            "rounds": len(game.history), "blocks_spent": game.blocks_spent,
            "achievements": list(self._earned), "new_achievements": list(self._new),
            "journal": self._journal.id, "record": record,
        }
        try:
            self.store.add_result(GAME_ID, GameResult(
                played_of(game.options), game.options.players, len(game.victories),
                max(0.0, now - self._started), abandoned, details))
        except Exception:
            log.exception("could not store the game's result")

    # ------------------------------------------------------------------ resume

    def _resume(self) -> None:
        """The newest open S.Y.N.C. journal, replayed to its round. A journal that
        cannot be replayed is closed (and logged): a bad one must not stop every start."""
        journal = self._journal.latest()
        if journal is None:
            return
        try:
            game, actions, now = self._replay(journal)
        except (ValueError, KeyError, TypeError, IndexError) as error:
            log.error("the game in journal %s cannot be resumed (%s); it is closed",
                      journal.id, error)
            self._journal.discard(journal.id)
            return
        self._journal.id, self._now = journal.id, now
        self.actions = actions
        self._stale = {}
        if game.over:
            self._done = True
            if self._journal.has_result(journal.id):
                self._journal.close()
            else:
                self._finish(now)
            self.phase = Phase.OVER
            return
        for seat, _ in game.choices:  # asked again: the tokens are read again below
            self._act(Lift(seat), now)
        self._sync_all(now)
        self._follow(now)
        self.resumed = True
        log.warning("S.Y.N.C. resumed in round %s after a restart", game.number)

    def _replay(self, journal: Any) -> tuple[Game, list[Action], float]:
        s = journal.setup
        options = Options(seats=tuple(int(x) for x in s["seats"]), mode=s["mode"],
                          order=s["order"], start_phantoms=int(s["phantoms"]),
                          key_cards=int(s["keys"]), start_blocks=s.get("blocks"),
                          phantom_cards=int(s["phantom_cards"]),
                          key_cards_in_box=int(s["key_cards"]))
        name = s.get("group")
        self.group = None
        if name is not None:
            self.group = campaign.find(self._all_groups(), str(name)) or Group(str(name), {})
        start = new_game(options, int(s["seed"]), int(s["first"]))
        self._begin(start, float(s.get("started", 0.0)))
        self._stale = {}
        game, actions, now = start, [], float(s.get("started", 0.0))
        for entry in journal.entries:
            action = parse_action(str(entry.args[0]))
            game = play(game, action)
            actions.append(action)
            now = max(now, entry.now)
        self.start_game, self.game = start, game
        return game, actions, now

    # ------------------------------------------------------------------ bookkeeping

    def _apply(self, change: Callable[[], Effects], now: float) -> Effects:
        self._now = max(self._now, now)
        effects = change()
        try:
            effects += self._follow(now)
        except Exception:
            log.exception("the game's result could not be saved; the game goes on")
            effects += problem(NOT_SAVED)
        self._view = None
        return effects + Effects(leds=self._led_changes())

    def _reveal_seconds(self) -> float:
        """The staff setting, read once (again after a refresh or a staff change)."""
        if self._seconds is None:
            try:
                self._seconds = float(self.store.setting(REVEAL_SECONDS,
                                                         DEFAULT_REVEAL_SECONDS))
            except (TypeError, ValueError):
                self._seconds = DEFAULT_REVEAL_SECONDS
        return self._seconds

    def _led_changes(self) -> tuple[LedChange, ...]:
        wanted = {(seat, led): LedMode.OFF for seat in self.context.seats for led in SeatLed}
        game = self.game
        if game is not None and not game.over:
            for seat, mood in game.moods:
                if (seat, MOOD_LEDS[mood]) in wanted:
                    wanted[seat, MOOD_LEDS[mood]] = LedMode.ON
        changes = tuple(LedChange(seat, led, mode) for (seat, led), mode in wanted.items()
                        if self._leds_sent.get((seat, led)) is not mode)
        self._leds_sent.update(wanted)
        return changes

    # ------------------------------------------------------------------ the view

    def _build_view(self) -> TableView:
        return build_view(self)
