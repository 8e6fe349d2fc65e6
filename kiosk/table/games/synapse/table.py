"""Synapse at the table: the :class:`~kiosk.table.games.TableGame` around the rules engine.

Phases: attract → choosing (two players on one screen, or one against the kiosk at a
level) → playing → round_over (the score explained) → playing … → game_over.

No turns: both players place whenever they like and the table applies placements in
the order they arrive. A placement on a cell that is no longer empty is refused with a
sentence ("North got c4 first") and ``Effects.result`` False, so the screen returns the
card to the hand. The round ends the moment a player places their last card (+5), or
by a player's stop button (``stop``: the +5 goes to the other player).

Levels are shown and stored as 1-3 (``kiosk-1`` … ``kiosk-3`` in the store, as Synchro
does); the opponent's own levels are 0-2, so level ``n`` here plays ``opponent`` level
``n - 1``. Against the kiosk, its next card is due ``PACE[level]`` seconds (the
controller's clock, through :meth:`SynapseTable.tick`) after the round began or after
its last card. ``opponent.choose`` is run with ``context.run_off_thread`` (level 2 takes
up to ~150 ms on a Pi: too slow for the touchscreen's thread); its answer is applied
only if the round is still the one it was chosen for, else it is chosen again at once.

The journal keeps the game's setup (mode, level, side, seed) and each finished round's
placements, and ``next_round``. After a power cut the table replays the finished rounds
and resumes **at the start of the round in progress** (the seed draws the same first
cards): a real-time round cannot fairly go on half-played.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any

from kiosk.games.synapse import (
    BONUS,
    MARK,
    CardsError,
    CardSet,
    Game,
    Player,
    Round,
    cell_name,
    check_placement,
    default_cardset,
    legal_cells,
    load_cards,
    new_game,
    next_round,
    parse_cell,
    play,
    record_of,
    save_record,
    score,
    stop_round,
)
from kiosk.games.synapse import Card as RulesCard
from kiosk.games.synapse.opponent import PACE_SECONDS, Choice, choose
from kiosk.games.synapse.record import moves_of
from kiosk.paths import config_dir
from kiosk.store.protocol import GameResult
from kiosk.table.api import Sound, TableView
from kiosk.table.games import NOTHING, Effects, GameContext, problem
from kiosk.table.games.screen_game import ScreenGame
from kiosk.table.games.synapse.records import records_of
from kiosk.table.games.synapse.view import (
    COMMANDS,
    LEVEL_NAMES,
    MODES,
    SIDES,
    CardView,
    CellView,
    ConnectionView,
    Phase,
    PlacedView,
    RecordRow,
    ScorerView,
    ScoreView,
    SynapseView,
)
from kiosk.table.journal import GameJournal

log = logging.getLogger(__name__)

GAME_ID = "synapse"
PACE = {level: PACE_SECONDS[level - 1] for level in LEVEL_NAMES}  # seconds between cards


@dataclass(frozen=True)
class Options:
    mode: str = "hotseat"
    level: int = 1
    human: str = "south"
    seed: int = 0

    def played(self) -> str:
        """What the store files the game under: one record line per way of playing."""
        return "hotseat" if self.mode == "hotseat" else f"kiosk-{self.level}"

    @property
    def engine_level(self) -> int:
        """The opponent's level (0-2) for the level players choose (1-3)."""
        return self.level - 1

    def kiosk(self) -> Player | None:
        if self.mode != "kiosk":
            return None
        return Player.NORTH if self.human == "south" else Player.SOUTH


def card_view(card: RulesCard) -> CardView:
    edges = tuple("mark" if e is MARK else "" if e is None else str(e) for e in card.edges)
    return CardView(card.id, str(card.kind), str(card.owner) if card.owner else "",
                    edges, tuple(card.arrows))  # type: ignore[arg-type]


def score_view(state: Round) -> ScoreView:
    found = score(state)

    def conn(c) -> ConnectionView:
        return ConnectionView((cell_name(c.cells[0]), cell_name(c.cells[1])), c.value, c.why)

    scorers = [ScorerView("line", str(s.owner), s.card_id, cell_name(s.cell),
                          tuple(map(conn, s.connections)), s.total, tuple(s.ends),
                          tuple(tuple(map(cell_name, arm)) for arm in s.arms))
               for s in found.lines]
    scorers += [ScorerView("double", str(s.owner), s.card_id, cell_name(s.cell),
                           tuple(map(conn, s.connections)), s.total) for s in found.doubles]
    return ScoreView(state.number, tuple(map(conn, found.connections)), tuple(scorers),
                     str(found.bonus) if found.bonus else "", BONUS if found.bonus else 0,
                     found.totals, tuple(found.lines_of_text()),
                     str(found.stopped_by) if found.stopped_by else "")


class SynapseTable(ScreenGame):
    """Synapse for one table. ``cardset`` overrides the shipped set (tests); ``rng``
    draws seeds and the kiosk's choices; ``pace`` overrides :data:`PACE` (seconds
    between the kiosk's cards by level 1-3)."""

    game_id = GAME_ID
    name = "Synapse"
    commands = COMMANDS
    answers: frozenset[str] = frozenset({"place"})  # True placed, False refused
    staff_actions: tuple[str, ...] = ()

    def __init__(self, context: GameContext, *, cardset: CardSet | None = None,
                 rng: random.Random | None = None,
                 pace: Mapping[int, float] | None = None) -> None:
        self.context = context
        self.store = context.store
        self.problems: tuple[str, ...] = ()
        self.cardset = cardset or self._load_cards()
        self.rng = rng or random.Random()
        self.pace = dict(pace or PACE)
        self.phase = Phase.ATTRACT
        self.options = Options()
        self.game: Game | None = None
        self.resigned: str = ""
        self.resumed = False
        self._journal = GameJournal(self.store, GAME_ID)
        self._job: Future | None = None     # the kiosk's choice under way
        self._job_round: Round | None = None  # ... for this state of the round
        self._kiosk_due: float | None = 0.0  # when the kiosk's next card is due
        self._started = 0.0
        self._records: tuple[tuple[RecordRow, ...], tuple[str, ...]] = ((), ())
        self._load_records()
        if self.problems:
            self.phase = Phase.BROKEN
        else:
            self._resume()

    def _load_cards(self) -> CardSet:
        """The card set in ``synapse/cards.toml`` of the config folder; on a bad file
        the shipped set stands in and ``problems`` lists every finding as ``kiosk
        check`` prints it (the table then shows the broken screen)."""
        try:
            return load_cards(config_dir(self.context.config_dir))
        except CardsError as error:
            self.problems = tuple(f"{f}:{n}: {m}" if n else f"{f}: {m}"
                                  for f, n, m in error.findings)
            return default_cardset()

    # ------------------------------------------------------------------ the contract

    def _refusal(self) -> str:
        if self.phase is Phase.BROKEN:
            return "Synapse cannot start: its cards file has problems (see the list)"
        return ""

    def tick(self, now: float) -> Effects:
        """Against the kiosk: once its card is due and no choice is under way, choose
        one off the pumping thread."""
        kiosk = self.options.kiosk()
        if kiosk is None or self.phase is not Phase.PLAYING or self.game is None:
            return NOTHING
        if self._kiosk_due is None:  # resumed: a full pace from now
            self._kiosk_due = now + self._pace()
        if self._job is not None or now < self._kiosk_due:
            return NOTHING
        state, level = self.game.round, self.options.engine_level
        rng = random.Random(self.rng.randrange(1 << 30))

        def work() -> Choice | None:
            return choose(state, kiosk, level, rng)

        self._job_round = state
        self._job = self.context.run_off_thread(work, self._kiosk_chose)
        self._changed()
        return NOTHING

    def refresh(self, now: float) -> Effects:
        self._load_records()
        self._changed()
        return NOTHING

    def close(self, now: float) -> Effects:
        """A game in play keeps its journal open (the next start resumes it, as after a
        power cut); the kiosk's choice under way is forgotten."""
        self._job = None
        return NOTHING

    # ------------------------------------------------------------------ commands

    def _do_wake(self, now: float) -> Effects:
        if self.phase is Phase.ATTRACT:
            self.phase = Phase.CHOOSING
        return NOTHING

    def _do_abandon(self, now: float) -> Effects:
        if self.phase in (Phase.PLAYING, Phase.ROUND_OVER) and self.game is not None:
            self._store_result(now, abandoned=True)
        self._job = None
        self._journal.close()
        self.game, self.phase = None, Phase.ATTRACT
        return NOTHING

    def _do_start(self, now: float, mode: str = "hotseat", level: int = 1,
                  human: str = "south", seed: int | None = None) -> Effects:
        if self.phase not in (Phase.CHOOSING, Phase.GAME_OVER):
            return problem("A game is already being played: resign it first")
        if mode not in MODES:
            return problem(f"Choose two players or the kiosk, not '{mode}'")
        if mode == "kiosk" and level not in LEVEL_NAMES:
            return problem("Choose the kiosk's level: 1, 2 or 3")
        if human not in SIDES:
            return problem("Choose north or south")
        if seed is None:
            seed = self.rng.randrange(1_000_000)
        self.options = Options(mode, int(level), human, int(seed))
        self.game = new_game(self.cardset, self.options.seed)
        self.resigned, self.resumed = "", False
        self._started = now
        o = self.options
        self._journal.open({"mode": o.mode, "level": o.level, "human": o.human,
                            "seed": o.seed, "started": now})
        self._begin_round(now)
        return NOTHING

    def _do_place(self, now: float, player: str = "", card_id: str = "",
                  cell: str = "", rotation: int = 0) -> Effects:
        if self.phase is not Phase.PLAYING or self.game is None:
            return self._refused("There is no round under way")
        if player not in SIDES:
            return self._refused("Say who places: north or south")
        who = Player(player)
        if who is self.options.kiosk():
            return self._refused("Those are the kiosk's cards")
        return self._place(who, str(card_id), str(cell), rotation, now)

    def _do_stop(self, now: float, player: str = "") -> Effects:
        """A player's stop button: the round ends at once, the +5 to the other player
        (``docs/synapse.md``, "the stop button")."""
        if self.phase is not Phase.PLAYING or self.game is None:
            return problem("There is no round under way to stop")
        if player not in SIDES:
            return problem("Say who stops: north or south")
        who = Player(player)
        if who is self.options.kiosk():
            return problem("Only the kiosk stops its own rounds")
        self.game = stop_round(self.game, who)
        self.resumed = False
        return self._end_round(now)

    def _do_next_round(self, now: float) -> Effects:
        if self.phase is not Phase.ROUND_OVER or self.game is None:
            return problem("There is no finished round to go on from")
        self.game = next_round(self.game)
        self.resumed = False
        self._journal.add("next_round", now, (self.game.number,))
        self._begin_round(now)
        return NOTHING

    def _do_new_game(self, now: float) -> Effects:
        if self.phase in (Phase.PLAYING, Phase.ROUND_OVER):
            return problem("Finish or resign this game first")
        self.phase = Phase.CHOOSING
        return NOTHING

    def _do_resign(self, now: float, player: str = "") -> Effects:
        if self.phase not in (Phase.PLAYING, Phase.ROUND_OVER) or self.game is None:
            return problem("There is no game to resign")
        if self.options.mode == "kiosk":
            player = self.options.human
        if player not in SIDES:
            return problem("Say who resigns: north or south")
        self.resigned = player
        self._journal.add("resign", now, (player,))
        return self._finish(now)

    # ------------------------------------------------------------------ playing

    def _refused(self, why: str) -> Effects:
        return Effects(problems=(why,), result=False)

    def _place(self, who: Player, card_id: str, cell_text: str, rotation: Any,
               now: float) -> Effects:
        assert self.game is not None
        try:
            cell = parse_cell(cell_text)
        except ValueError as error:
            return self._refused(f"That cell cannot be read: {error}")
        try:
            rotation = int(rotation)
        except (TypeError, ValueError):
            return self._refused(f"Turn a card by 0, 90, 180 or 270 degrees, not {rotation!r}")
        state = self.game.round
        taken = state.at(cell)
        if taken is not None and card_id in state.hand(who):
            if taken.owner is not None and taken.owner is not who:
                name = self._payload_names().side_name(str(taken.owner))
                return self._refused(f"{name} got {cell_name(cell)} first")
            return self._refused(f"{cell_name(cell)} is already taken")
        why = check_placement(state, who, card_id, cell, rotation)
        if why is not None:
            return self._refused(why[:1].upper() + why[1:])
        self.game = play(self.game, who, card_id, cell, rotation)
        self.resumed = False
        if self.game.round.over:
            return self._end_round(now) + Effects(result=True)
        return Effects(result=True)

    def _payload_names(self) -> SynapseView:
        o = self.options
        return SynapseView(mode=o.mode, human=o.human)

    def _begin_round(self, now: float) -> None:
        self.phase = Phase.PLAYING
        self._job = None
        self._kiosk_due = now + self._pace()

    def _pace(self) -> float:
        return float(self.pace.get(self.options.level, 4.0))

    def _kiosk_chose(self, future: Future, now: float) -> Effects:
        """The kiosk's choice is in (on the pumping thread)."""
        if future is not self._job:
            return NOTHING  # a choice nobody waits for any more
        self._job = None
        self._changed()
        kiosk = self.options.kiosk()
        if (self.game is None or kiosk is None or self.phase is not Phase.PLAYING
                or self.game.round is not self._job_round):
            return NOTHING  # the round moved on meanwhile: the next tick chooses again
        try:
            choice = future.result()
        except Exception:
            log.exception("the kiosk's choice failed; it tries again next time")
            self._kiosk_due = now + self._pace()
            return NOTHING
        if choice is None:
            return NOTHING
        self._kiosk_due = now + self._pace()
        effects = self._place(kiosk, choice.card_id, cell_name(choice.cell),
                              choice.rotation, now)
        return replace(effects, result=None)  # nobody waits for the kiosk's answer

    def _end_round(self, now: float) -> Effects:
        assert self.game is not None
        self._job = None
        state = self.game.round
        self._journal.add("round", now, (state.number, [str(p) for p in moves_of(state)]))
        if self.game.over:
            return self._finish(now)
        self.phase = Phase.ROUND_OVER
        return Effects(sounds=(Sound.WHISTLE,))

    def _winner(self) -> str:
        if self.resigned:
            return "north" if self.resigned == "south" else "south"
        if self.game is not None and self.game.winner is not None:
            return str(self.game.winner)
        return ""

    def _finish(self, now: float) -> Effects:
        self.phase = Phase.GAME_OVER
        self._job = None
        self._store_result(now)
        self._journal.close()
        winner = self._winner()
        if self.options.mode == "kiosk" and winner != self.options.human:
            return Effects(sounds=(Sound.GROAN,))
        return Effects(sounds=(Sound.CHEER,))

    # ------------------------------------------------------------------ store

    def _store_result(self, now: float, abandoned: bool = False) -> None:
        if self.game is None:
            return
        o, game = self.options, self.game
        winner = "" if abandoned else self._winner()
        totals = game.totals
        score_ = totals[0 if winner == "north" else 1] if winner else 0
        try:
            record = save_record(record_of(game), self.cardset)
        except Exception:
            log.exception("the game's record cannot be written")
            record = ""
        details = {
            "mode": o.mode, "level": o.level if o.mode == "kiosk" else None,
            "human": o.human if o.mode == "kiosk" else None, "seed": o.seed,
            "winner": winner, "resigned": self.resigned,
            "totals": list(totals), "rounds": [list(t) for t in game.round_totals],
            "journal": self._journal.id, "record": record,
        }
        self._save_result(GameResult(
            o.played(), 2, score_, max(0.0, now - self._started), abandoned, details))
        self._load_records()

    def _load_records(self) -> None:
        results = self._results()
        self._records = records_of(results)

    # ------------------------------------------------------------------ resume

    def _forget(self) -> None:
        self.game, self.phase = None, Phase.ATTRACT

    def _resumed(self, journal) -> None:
        """A Synapse journal replayed: its finished rounds kept, the round in progress
        started afresh; a game that had ended is recorded once."""
        self.resumed = True
        assert self.game is not None
        if self.resigned or self.game.over:
            last = journal.entries[-1].now if journal.entries else self._started
            if not self._journal.has_result(journal.id):
                self._store_result(last)
            self._journal.close()
            self.phase = Phase.GAME_OVER
        elif self.game.round.over:
            self.phase = Phase.ROUND_OVER
        else:
            self.phase = Phase.PLAYING
            self._job = None
            self._kiosk_due = None  # the clock's now is not known yet: set at the first tick

    def _replay(self, journal) -> None:
        s = journal.setup
        self.options = Options(str(s["mode"]), int(s["level"]), str(s["human"]),
                               int(s["seed"]))
        if self.options.level not in LEVEL_NAMES:
            raise ValueError(f"level {self.options.level} is not 1, 2 or 3")
        self._started = float(s.get("started", 0.0))
        game = new_game(self.cardset, self.options.seed)
        self.resigned = ""
        for entry in journal.entries:
            if entry.action == "round":
                number, placements = int(entry.args[0]), entry.args[1]
                if number != game.number:
                    raise ValueError(f"round {number} journaled during round {game.number}")
                for text in placements:
                    words = str(text).split()
                    if words[1:] == ["stop"]:
                        game = stop_round(game, Player(words[0]))
                        continue
                    who, card_id, cell, rotation = words
                    game = play(game, Player(who), card_id, parse_cell(cell), int(rotation))
                if not game.round.over:
                    raise ValueError(f"round {number} replayed is not over")
            elif entry.action == "next_round":
                game = next_round(game)
            elif entry.action == "resign":
                self.resigned = str(entry.args[0])
            else:
                raise ValueError(f"unknown journal entry {entry.action!r}")
        self.game = game

    # ------------------------------------------------------------------ view

    def _build_view(self) -> TableView:
        o = self.options
        records, recent = self._records
        payload = SynapseView(mode=o.mode, level=o.level,
                              level_name=LEVEL_NAMES.get(o.level, str(o.level)),
                              human=o.human, records=records, recent=recent)
        game = self.game
        if game is not None and self.phase in (Phase.PLAYING, Phase.ROUND_OVER,
                                               Phase.GAME_OVER):
            state = game.round
            turned = {p.cell: p.rotation for p in state.placements}
            grid = tuple(CellView(cell_name((c, r)), c, r, card_view(card),
                                  turned.get((c, r), 0))
                         for r in range(6) for c in range(6)
                         if (card := state.at((c, r))) is not None)
            hands = tuple(tuple(card_view(self.cardset.cards[i]) for i in state.hand(p))
                          for p in (Player.NORTH, Player.SOUTH))
            last = state.placements[-1] if state.placements else None
            ended = self.phase is not Phase.PLAYING and state.over
            winner = self._winner() if self.phase is Phase.GAME_OVER else ""
            payload = SynapseView(
                mode=o.mode, level=o.level, level_name=payload.level_name, human=o.human,
                records=records, recent=recent,
                round_number=game.number, start_cell=cell_name(state.start), grid=grid,
                hands=(hands[0], hands[1]),
                left=(len(state.hand(Player.NORTH)), len(state.hand(Player.SOUTH))),
                legal=tuple(cell_name(c) for c in legal_cells(state))
                if self.phase is Phase.PLAYING else (),
                last=PlacedView(str(last.player), last.card_id, cell_name(last.cell),
                                last.rotation) if last else None,
                thinking=self._job is not None,
                score=score_view(state) if ended else None,
                round_totals=game.round_totals, totals=game.totals, winner=winner,
                resigned=self.resigned)
            if self.phase is Phase.GAME_OVER:
                payload = _with_result(payload)
        return TableView(game=GAME_ID, phase=str(self.phase), seats=(), problems=self.problems,
                         message=self._message(payload), resumed=self.resumed,
                         payload=payload)

    def _message(self, payload: SynapseView) -> str | None:
        if self.phase is Phase.CHOOSING:
            return "Choose how to play"
        if self.phase is Phase.GAME_OVER:
            return payload.result
        if self.phase is Phase.ROUND_OVER and payload.score is not None:
            n, s = payload.score.totals
            return f"Round {payload.round_number}: north {n}, south {s}"
        if self.phase is not Phase.PLAYING:
            return None
        if self.resumed:
            return ("Welcome back: the power went out, round "
                    f"{payload.round_number} starts again")
        return f"Round {payload.round_number}: place your cards!"


def _with_result(payload: SynapseView) -> SynapseView:
    winner = payload.winner
    if not winner:
        return payload
    loser = "south" if winner == "north" else "north"
    name = payload.side_name(winner)
    verb = "win" if name == "You" else "wins"
    north, south = payload.totals
    if payload.resigned:
        text = f"{payload.side_name(loser)} resigned: {name} {verb}"
    else:
        text = f"{name} {verb}, {max(north, south)} to {min(north, south)}"
    return replace(payload, result=text)
