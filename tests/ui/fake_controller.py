"""A scripted stand-in for the real controller, speaking the contract in kiosk.table.api.

It plays campaign routines from the shipped content (real names, rules and decks) but
decides verdicts from a script (``outcomes``) instead of reading cards. Hardware-style
events (:meth:`press_seat`, :meth:`touch_pads`) may come from any thread: they queue up,
call ``wakeup`` (the app's "pump at the next frame") and take effect in :meth:`pump`,
whose listener calls run on the pumping thread — the same promise the real controller
makes. It has every member of :class:`kiosk.table.api.Controller`
(``tests/ui/test_contract.py`` checks), so the app never meets a capability the fake
silently lacks. It has no card readers: the staff's tag tools (deck check, enrolling)
show their first step and move only on staff's buttons.
"""

from __future__ import annotations

import math
import queue
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import fields, replace

from kiosk.games.sync_or_swim.library import load_content
from kiosk.paths import config_dir
from kiosk.table.api import (
    ControllerListener,
    DeckCheckView,
    EnrollView,
    HardwareView,
    Sound,
    StaffAction,
    TableView,
)
from kiosk.table.games.sync_or_swim.view import (
    COMMANDS,
    CardView,
    LaneView,
    Phase,
    RoundScoreView,
    RoutineChoice,
    RuleView,
    ScoreView,
    SwimmerLaneView,
    SyncOrSwimView,
    SyncStaff,
    VerdictView,
)

ALL_WORKING = HardwareView(pads=True, readers=True, seat_buttons=True)
NO_HARDWARE = HardwareView(problems=("No stop pads are connected: use the two circles "
                                     "on screen.", "No card readers are connected."))
ROUNDS = 6
PENALTY = 10
ENROLL_ACTIONS = frozenset(a for a in SyncStaff if a.startswith("enroll_"))
GAME_FIELDS = frozenset(f.name for f in fields(SyncOrSwimView))


class FakeClock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def card_view(card) -> CardView:
    return CardView(card.short, str(card.colour), card.value,
                    str(card.hand) if card.hand else None,
                    str(card.foot) if card.foot else None)


class FakeController:
    def __init__(self, *, hardware: HardwareView = ALL_WORKING, clock=None,
                 outcomes=(), seed: int = 3) -> None:
        self.content = load_content(config_dir())
        self.clock = clock or FakeClock()
        self.outcomes = list(outcomes)   # "in_sync" / "not_in_sync" per stop; then in_sync
        self.rng = random.Random(seed)
        self.listener = ControllerListener()
        self.wakeup: Callable[[], None] | None = None
        self.events: queue.SimpleQueue = queue.SimpleQueue()
        self.calls: list[str] = []
        self.pump_threads: set[int] = set()
        self.unlocked = False
        self.top_scores: dict[str, int] = {"R01": 64}
        self.randoms: list[RoutineChoice] = []
        self.volume = 0.8
        self.closed = False
        self._started = 0.0
        self._last_tick = None
        self._rounds: list[dict] = []
        self.view = TableView(game="sync_or_swim", phase=Phase.ATTRACT, hardware=hardware,
                              staff_actions=(*StaffAction, *SyncStaff),
                              payload=SyncOrSwimView(choices=self._choices()))

    # ------------------------------------------------------------------ plumbing

    def set_listener(self, listener: ControllerListener) -> None:
        self.listener = listener

    def _set(self, **changes) -> None:
        """Change the view: Sync or Swim's own fields go to its payload."""
        game = {k: changes.pop(k) for k in list(changes) if k in GAME_FIELDS}
        if "choices" in game:  # as the table: random routines once the campaign is open
            game["randoms_open"] = not any(c.locked for c in game["choices"])
        self.view = replace(self.view, payload=replace(self.view.payload, **game), **changes)
        self.listener.on_view(self.view)

    def act(self, command: str, **args):
        """Sync or Swim's commands, as the real table logic takes them."""
        do = getattr(self, f"do_{command}", None) if command in COMMANDS else None
        if do is None:
            self.listener.on_problem(f"Sync or Swim has no '{command}'")
            return None
        return do(**args)

    def post(self, event) -> None:
        """Any thread: run ``event`` at the next pump, and ask for that pump at once."""
        self.events.put(event)
        if self.wakeup is not None:
            self.wakeup()

    def pump(self) -> None:
        self.pump_threads.add(threading.get_ident())
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            event()
        if self.view.phase is Phase.PRACTICE:
            left = self.view.timer_seconds - (self.clock() - self._started)
            if left <= 0:
                self._time_out()
                return
            second = math.ceil(left)
            if second <= 5 and second != self._last_tick:
                self.listener.on_sound(Sound.TICK)
            self._last_tick = second
            self.listener.on_tick(left)

    def close(self) -> None:
        self.closed = True

    # ------------------------------------------------------------------ hardware

    def press_seat(self, seat: int) -> None:
        self.post(lambda: self._ready(seat))

    def touch_pads(self) -> None:
        self.post(self._stop)

    def set_hardware(self, hardware: HardwareView) -> None:
        self.post(lambda: self._set(hardware=hardware))

    def _ready(self, seat: int) -> None:
        if self.view.phase is Phase.PRACTICE and seat in self.view.seats:
            self._set(ready=self.view.payload.ready | {seat})

    # ------------------------------------------------------------------ content

    def _choices(self) -> tuple[RoutineChoice, ...]:
        out, locked = [], False
        for number, routine in enumerate(self.content.campaign, start=1):
            out.append(RoutineChoice(routine.id, routine.name, number,
                                     locked and not self.unlocked,
                                     self.top_scores.get(routine.id)))
            locked = locked or routine.id not in self.top_scores
        return (*out, *self.randoms)

    def _routine(self):
        return self.content.routine(self.view.payload.routine_id or "R01")

    def _rules(self, round_number: int) -> tuple[RuleView, ...]:
        routine = self._routine()
        rules = [RuleView(e.id, e.name, e.summary, "element", lane, (f"Level {e.level}.",))
                 for lane, e in enumerate(routine.elements_in_round(round_number), start=1)]
        rules += [RuleView(t.id, t.name, t.text, "twist", None)
                  for t in routine.twists_in_round(round_number)]
        return tuple(rules)

    def _timer(self, round_number: int) -> int:
        routine = self._routine()
        timing = self.content.timing
        extra = sum(t.extra_seconds for t in routine.twists_in_round(round_number))
        return timing.round_limit(len(routine.elements_in_round(round_number)),
                                  twist_seconds=extra)

    def _left_of(self, seat: int) -> int:
        seats = self.view.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    # ------------------------------------------------------------------ commands

    def wake(self) -> None:
        self.calls.append("wake")
        if self.view.phase is Phase.ATTRACT:
            self._set(phase=Phase.CHOOSING, choices=self._choices())

    def do_choose(self, players: int, routine_id: str, seats: Iterable[int] | None = None) -> None:
        self.calls.append(f"choose {players} {routine_id}")
        deck = self.content.deck.for_players(players)
        seats = tuple(seats) if seats is not None else tuple(range(1, players + 1))
        self._rounds = []
        self._set(phase=Phase.SETUP, players=players, seats=seats,
                  captain=1, routine_id=routine_id,
                  routine_name=self.content.routine(routine_id).name,
                  deck=tuple(card_view(c) for c in deck), round_number=None, rules=(),
                  new_rule=None, verdict=None, score=None, message=None)

    def do_quick_play(self, players: int | None = None) -> None:
        self.calls.append("quick_play")
        self.do_choose(players or 4, "R01")

    def do_team(self, team: str | None = None) -> None:
        self.calls.append(f"team {team}")
        self._set(team=team)

    def do_begin(self) -> None:
        self.calls.append("begin")
        self._round(1, 0)

    def _round(self, number: int, extra: int) -> None:
        rules = self._rules(number)
        previous = {r.id for r in self._rules(number - 1)} if number > 1 else set()
        new = next((r for r in rules if r.id not in previous), None)
        if not self._rounds or self._rounds[-1]["number"] != number:
            self._rounds.append({"number": number, "practice": 0.0, "between": 0.0,
                                 "penalty": 0.0, "retries": 0})
        self._set(phase=Phase.ROUND_READY, round_number=number, rules=rules, new_rule=new,
                  timer_seconds=self._timer(number) + extra, time_left=None, ready=frozenset(),
                  verdict=None, message=None)

    def do_swim(self) -> None:
        self.calls.append("swim")
        if self.view.phase is not Phase.ROUND_READY:
            self.listener.on_problem("SWIM! works only before a round starts.")
            return
        self._started = self.clock()
        self._last_tick = None
        self.listener.on_sound(Sound.WHISTLE)
        self._set(phase=Phase.PRACTICE, time_left=float(self.view.timer_seconds))

    def do_stop_on_screen(self) -> None:
        self.calls.append("stop_on_screen")
        self._stop()

    def _stop(self) -> None:
        if self.view.phase is not Phase.PRACTICE:
            return
        self._rounds[-1]["practice"] += self.clock() - self._started
        if not self.view.hardware.readers:
            self._set(phase=Phase.JUDGE_BY_HAND, time_left=None,
                      message="The table cannot read the cards right now.")
            return
        in_sync = (self.outcomes.pop(0) if self.outcomes else "in_sync") == "in_sync"
        self._verdict(VerdictView(in_sync, self._lanes(in_sync)))

    def _verdict(self, verdict: VerdictView) -> None:
        if not verdict.in_sync:
            self._rounds[-1]["penalty"] += PENALTY
            self._rounds[-1]["retries"] += 1
        self.listener.on_sound(Sound.CHEER if verdict.in_sync else Sound.GROAN)
        self._set(phase=Phase.PERFORMANCE, verdict=verdict, time_left=None)

    def _lanes(self, in_sync: bool) -> tuple[LaneView, ...]:
        deck = self.content.deck.for_players(self.view.payload.players or 4)
        lanes = []
        elements = [r for r in self.view.payload.rules if r.kind == "element"]
        for rule in elements:
            swimmers = []
            for seat in self.view.seats:
                cards = tuple(card_view(c) for c in self.rng.sample(deck, 1 + seat % 2))
                failed = not in_sync and rule is elements[-1] and seat == 2
                reason = (f"played {cards[0].colour} {cards[0].value}, which does not meet "
                          f"'{rule.name}'") if failed else None
                swimmers.append(SwimmerLaneView(seat, cards, not failed, reason))
            passed = all(s.passed for s in swimmers)
            lanes.append(LaneView(rule.lane, rule.name, passed, tuple(swimmers)))
        return tuple(lanes)

    def _time_out(self) -> None:
        self._rounds[-1]["practice"] += self.view.timer_seconds
        self._rounds[-1]["penalty"] += PENALTY
        self._rounds[-1]["retries"] += 1
        self.listener.on_sound(Sound.HORN)
        self._set(phase=Phase.TIME_OUT, time_left=0.0)

    def do_try_again(self) -> None:
        self.calls.append("try_again")
        if self.view.phase is Phase.TIME_OUT:
            self._rounds[-1]["between"] += 12
            self._set(captain=self._left_of(self.view.payload.captain))
            self._round(self.view.payload.round_number, self.view.timer_seconds + PENALTY
                        - self._timer(self.view.payload.round_number))

    def do_judge_by_hand(self, in_sync: bool) -> None:
        self.calls.append(f"judge_by_hand {in_sync}")
        if self.view.phase is Phase.JUDGE_BY_HAND:
            self._verdict(VerdictView(in_sync, (), by_hand=True))

    def do_override(self, in_sync: bool) -> None:
        self.calls.append(f"override {in_sync}")
        verdict = self.view.payload.verdict
        if self.view.phase is Phase.PERFORMANCE and verdict and verdict.in_sync != in_sync:
            self._rounds[-1]["penalty"] += -PENALTY if in_sync else PENALTY
            self._set(verdict=replace(verdict, in_sync=in_sync, overridden=True))

    def do_next(self) -> None:
        self.calls.append("next")
        view = self.view
        if view.phase is Phase.SCORE:
            self._set(phase=Phase.CHOOSING, choices=self._choices(), score=None)
            return
        if view.phase is not Phase.PERFORMANCE:
            return
        self._rounds[-1]["between"] += 15
        self._set(captain=self._left_of(view.payload.captain))
        if not view.payload.verdict.in_sync:
            self._round(view.payload.round_number, view.timer_seconds + PENALTY
                        - self._timer(view.payload.round_number))
        elif view.payload.round_number < ROUNDS:
            self._round(view.payload.round_number + 1, 0)
        else:
            self._finish()

    def _finish(self) -> None:
        rounds = tuple(RoundScoreView(r["number"], self._rules(r["number"])[-1].name,
                                      r["practice"], r["between"], r["penalty"], r["retries"])
                       for r in self._rounds)
        total = sum(r.practice_seconds + r.between_seconds + r.penalty_seconds for r in rounds)
        par = self._routine().par(self.content.timing)
        score = min(100, round(100 * par / total)) if total else 100
        best = self.top_scores.get(self.view.payload.routine_id)
        self.top_scores[self.view.payload.routine_id] = max(score, best or 0)
        self._set(phase=Phase.SCORE, score=ScoreView(score, total, par, rounds, best))

    def abandon(self) -> None:
        self.calls.append("abandon")
        self._set(phase=Phase.CHOOSING, choices=self._choices(), verdict=None, score=None)

    def do_random_routine(self, seed: int | None = None) -> str:
        number = len(self.randoms) + 1
        choice = RoutineChoice(f"random-{number}", f"Wild Water {number}", None, False, None)
        self.randoms.append(choice)
        self._set(choices=self._choices())
        return choice.id

    def staff(self, action: StaffAction | str, **args) -> None:
        self.calls.append(f"staff {action}")
        if action == SyncStaff.UNLOCK_ALL:
            self.unlocked = True
        elif action == SyncStaff.CAMPAIGN:
            self.unlocked = not args.get("locking", not self.unlocked)
        elif action == StaffAction.RESET_SCORES:
            self.top_scores.clear()
        elif action == StaffAction.VOLUME:
            self.volume = args.get("level", self.volume)
        elif action == StaffAction.MUTE:
            self.view = replace(self.view, muted=bool(args.get("on", True)))
        elif action in (SyncStaff.DECK_CHECK_START, SyncStaff.DECK_CHECK_STOP):
            self._deck_check(action, args)
            return
        elif action in ENROLL_ACTIONS:
            self._enroll(action, args)
            return
        else:
            self.listener.on_problem(f"Staff action '{action}' does not exist")
            return
        self._set(choices=self._choices())

    def _deck_check(self, action: str, args) -> None:
        if action == SyncStaff.DECK_CHECK_STOP:
            self._set(deck_check=None)
        elif self.view.phase is not Phase.SETUP:
            self.listener.on_problem("The deck check works while a routine is being set up")
        else:
            deck = tuple(card.short for card in self.view.payload.deck)
            seat, lane = args.get("seat", 1), args.get("lane", 1)
            self._set(deck_check=DeckCheckView(
                seat, lane, len(deck), 0, missing=deck,
                message=f"Pass the {len(deck)} Sync cards over seat {seat} lane {lane}"))

    def _enroll(self, action: str, args) -> None:
        enroll = self.view.payload.enroll
        if action == SyncStaff.ENROLL_START:
            if self.view.phase not in (Phase.ATTRACT, Phase.CHOOSING, Phase.SETUP):
                self.listener.on_problem("Enroll tags between routines, not during one")
                return
            cards = tuple(card.short for card in self.content.deck.for_players(6))
            in_order = bool(args.get("in_order", True))
            enroll = EnrollView(in_order, args.get("seat", 1), args.get("lane", 1), "choose",
                                None, 0, len(cards), "", cards=cards)
            self._set(enroll=self._enroll_at(enroll, cards[0] if in_order else None))
        elif enroll is None:
            self.listener.on_problem("Start enrollment first")
        elif action == SyncStaff.ENROLL_STOP:
            self._set(enroll=None)
        elif action == SyncStaff.ENROLL_CARD:
            self._set(enroll=self._enroll_at(enroll, args.get("card")))
        elif action == SyncStaff.ENROLL_SKIP and enroll.card is not None:
            following = enroll.cards.index(enroll.card) + 1
            card = enroll.cards[following] if enroll.in_order and following < enroll.total \
                else None
            self._set(enroll=self._enroll_at(replace(enroll, last=f"Skipped {enroll.card}",
                                                     last_ok=False), card))
        else:  # replace (or skip) with no tag in question: no reader ever saw one
            self._set(enroll=replace(enroll, last="There is no tag waiting for replace or "
                                     "skip", last_ok=False))

    @staticmethod
    def _enroll_at(enroll: EnrollView, card: str | None) -> EnrollView:
        where = f"seat {enroll.seat} lane {enroll.lane}"
        if card is None:
            return replace(enroll, step="choose", card=None,
                           message=f"Pick a card, then lay it on {where}")
        return replace(enroll, step="lay", card=card, message=f"Lay {card} on {where}")

    def select_game(self, game: str) -> None:
        self.calls.append(f"select_game {game}")
        if game != "sync_or_swim":  # the running one: nothing to do
            self.listener.on_problem(f"no game {game!r} on this table; games: sync_or_swim")
