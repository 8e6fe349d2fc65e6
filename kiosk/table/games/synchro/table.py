"""Synchro at the table: the :class:`~kiosk.table.games.TableGame` around the rules engine.

Phases: attract → choosing (two players on one screen, or against the kiosk at a level;
which colour; standard or random set-up; casual games allow undo) → playing → over.

The kiosk's move is searched on a worker thread (``GameContext.run_off_thread``), never
on the pumping thread, which is the touchscreen's: the view says ``thinking`` meanwhile
and the chosen move comes back as an input on the pumping thread. A move that arrives
for a position that is gone (an undo, a resignation, a new game) is dropped.

Every move is journaled in notation the moment it is played (and every undo), so after
a power cut the table replays the journal to the same position; the result is stored
before the journal closes, and a journal whose game had ended is recorded once at the
next start.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any

from kiosk.games.synchro import (
    IllegalMove,
    Move,
    NotationError,
    Player,
    Position,
    Reason,
    Swap,
    UnitMove,
    captures,
    check_move,
    format_move,
    legal_moves,
    parse_move,
    play,
    start_position,
)
from kiosk.games.synchro.opponent import choose_move
from kiosk.store.protocol import GameResult
from kiosk.table.api import Sound, TableView
from kiosk.table.games import NOTHING, Effects, GameContext, problem
from kiosk.table.games.screen_game import ScreenGame
from kiosk.table.games.synchro.view import (
    COMMANDS,
    KINDS,
    LEVEL_NAMES,
    MODES,
    SETUPS,
    SIDES,
    MoveView,
    Phase,
    PieceView,
    RecordRow,
    SynchroView,
)
from kiosk.table.journal import GameJournal

log = logging.getLogger(__name__)

GAME_ID = "synchro"
THINK_SECONDS = 1.0  # the kiosk's time a move (setting "synchro.think_seconds")
RECENT = 5
HOW = {
    Reason.CASTLE: "reached the castle",
    Reason.ALL_CAPTURED: "captured every piece",
    Reason.NO_MOVE: "left the other side no move",
    Reason.QUIET_LIMIT: "a draw: 60 moves without a capture",
    Reason.MOVE_LIMIT: "a draw: 400 moves played",
    Reason.RESIGNED: "by resignation",
}


@dataclass(frozen=True)
class Options:
    mode: str = "hotseat"
    level: int = 1
    human: str = "white"
    setup: str = "standard"
    seed: int | None = None
    casual: bool = True

    def played(self) -> str:
        """What the store files the game under: one record line per way of playing."""
        return "hotseat" if self.mode == "hotseat" else f"kiosk-{self.level}"


def side_of(player: Player) -> str:
    return "white" if player is Player.WHITE else "black"


def player_of(side: str) -> Player:
    return Player.WHITE if side == "white" else Player.BLACK


def move_view(position: Position, move: Move) -> MoveView:
    if isinstance(move, UnitMove):
        return MoveView(format_move(move), move.number, tuple(move.steps),
                        captures=tuple(captures(position, move)))
    if isinstance(move, Swap):
        return MoveView(format_move(move), move.number, swap=move.square)
    return MoveView(format_move(move), move.number)


def record_label(played: str) -> str:
    if played == "hotseat":
        return "Two players"
    level = int(played.rpartition("-")[2]) if played[-1:].isdigit() else 0
    return f"vs the kiosk, {LEVEL_NAMES.get(level, played)}"


# Staff settings: the kiosk's time a move ("Strong" searches until it runs out). Quick
# suits a busy café and a slow Pi; the default plays its best in about a second.
STAFF_THINK = {"synchro_think_quick": 0.3, "synchro_think_normal": THINK_SECONDS,
               "synchro_think_long": 3.0}


class SynchroTable(ScreenGame):
    """Synchro for one table. ``think_seconds`` overrides the kiosk's time a move (tests
    use a small one); ``rng`` seeds random set-ups and the kiosk's choices; ``clock`` is
    what the search measures its budget with (on its own thread)."""

    game_id = GAME_ID
    name = "Synchro"
    commands = COMMANDS
    answers: frozenset[str] = frozenset()
    staff_actions: tuple[str, ...] = tuple(STAFF_THINK)

    def __init__(self, context: GameContext, *, think_seconds: float | None = None,
                 rng: random.Random | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.context = context
        self.store = context.store
        self.think_seconds = think_seconds
        self.rng = rng or random.Random()
        self.clock = clock
        self.phase = Phase.ATTRACT
        self.options = Options()
        self.position: Position | None = None
        self.history: list[Position] = []   # the position before each move played
        self.played: list[Move] = []
        self.resigned: str | None = None    # the side that resigned
        self.resumed = False
        self._journal = GameJournal(self.store, GAME_ID)
        self._job: Future | None = None     # the kiosk's search under way
        self._started = 0.0
        self._records: tuple[tuple[RecordRow, ...], tuple[str, ...]] = ((), ())
        self._load_records()
        self._resume()

    # ------------------------------------------------------------------ the contract

    def staff(self, action: str, args: Mapping[str, Any], now: float) -> Effects | None:
        """Staff settings: how long the kiosk thinks a move at its strongest level."""
        if action not in STAFF_THINK:
            return None
        self.store.set_setting(f"{GAME_ID}.think_seconds", STAFF_THINK[action])
        return NOTHING

    def tick(self, now: float) -> Effects:
        return NOTHING

    def refresh(self, now: float) -> Effects:
        self._load_records()
        self._changed()
        return NOTHING

    def close(self, now: float) -> Effects:
        """The table switches game or shuts down: a game in play keeps its journal open
        (the next start resumes it, as after a power cut); the search is forgotten."""
        self._job = None
        return NOTHING

    # ------------------------------------------------------------------ commands

    def _do_wake(self, now: float) -> Effects:
        if self.phase is Phase.ATTRACT:
            self.phase = Phase.CHOOSING
        return NOTHING

    def _do_abandon(self, now: float) -> Effects:
        if self.phase is Phase.PLAYING and self.position is not None:
            self._store_result(now, abandoned=True)
        self._end_game()
        self.phase = Phase.ATTRACT
        return NOTHING

    def _do_start(self, now: float, mode: str = "hotseat", level: int = 1,
                  side: str = "white", setup: str = "standard", casual: bool = True,
                  seed: int | None = None) -> Effects:
        if self.phase not in (Phase.CHOOSING, Phase.OVER):
            return problem("A game is already being played: resign it first")
        if mode not in MODES:
            return problem(f"Choose two players or the kiosk, not '{mode}'")
        if mode == "kiosk" and level not in LEVEL_NAMES:
            return problem("Choose the kiosk's level: 1, 2 or 3")
        if side not in SIDES:
            return problem("Choose white or black")
        if setup not in SETUPS:
            return problem("Choose a standard or a random set-up")
        if setup == "random" and seed is None:
            seed = self.rng.randrange(1_000_000)
        self.options = Options(mode, int(level), side, setup, seed, bool(casual))
        self.position = start_position(setup, seed)
        self.history, self.played, self.resigned, self.resumed = [], [], None, False
        self._started = now
        o = self.options
        self._journal.open({
            "mode": o.mode, "level": o.level, "human": o.human, "setup": o.setup,
            "seed": o.seed, "casual": o.casual, "started": now})
        self.phase = Phase.PLAYING
        self._think_if_kiosk()
        return NOTHING

    def _do_move(self, now: float, text: str = "") -> Effects:
        if self.phase is not Phase.PLAYING or self.position is None:
            return problem("There is no game on the board")
        if self._kiosk_to_move():
            return problem("Wait: it is the kiosk's turn")
        try:
            move = parse_move(self.position, str(text))
        except NotationError as error:
            return problem(f"That move cannot be read: {error}")
        why = check_move(self.position, move)
        if why is not None:
            return problem(why)
        return self._play(move, now)

    def _do_undo(self, now: float) -> Effects:
        if self.phase is not Phase.PLAYING or self.position is None:
            return problem("There is no game to undo a move in")
        if not self.options.casual:
            return problem("This game counts: moves cannot be taken back")
        taken = self._undo_count()
        if taken == 0:
            return problem("There is no move of yours to take back")
        self._job = None  # a search for the position being left is dropped
        self._take_back(taken)
        self._journal.add("undo", now, (taken,))
        self.resumed = False
        self._think_if_kiosk()
        return NOTHING

    def _do_resign(self, now: float, side: str | None = None) -> Effects:
        if self.phase is not Phase.PLAYING or self.position is None:
            return problem("There is no game to resign")
        if self.options.mode == "kiosk":
            side = self.options.human
        side = side or side_of(self.position.to_move)
        if side not in SIDES:
            return problem("Say which side resigns: white or black")
        self._job = None
        self.resigned = side
        self._journal.add("resign", now, (side,))
        return self._finish(now)

    def _do_new_game(self, now: float) -> Effects:
        if self.phase is Phase.PLAYING:
            return problem("Finish or resign this game first")
        self.phase = Phase.CHOOSING
        return NOTHING

    # ------------------------------------------------------------------ playing

    def _play(self, move: Move, now: float) -> Effects:
        assert self.position is not None
        self.history.append(self.position)
        self.played.append(move)
        self.position = play(self.position, move)
        self.resumed = False
        self._journal.add("move", now, (format_move(move),))
        if self.position.is_over:
            return self._finish(now)
        self._think_if_kiosk()
        return NOTHING

    def _undo_count(self) -> int:
        """Moves to take back: the last one; against the kiosk, back to the human's
        previous turn (the kiosk's reply and the human's move before it)."""
        if not self.played:
            return 0
        if self.options.mode == "hotseat":
            return 1
        human = player_of(self.options.human)
        for back in range(1, len(self.history) + 1):
            if self.history[-back].to_move is human:
                return back
        return 0

    def _take_back(self, count: int) -> None:
        for _ in range(count):
            self.position = self.history.pop()
            self.played.pop()

    def _kiosk_to_move(self) -> bool:
        return (self.options.mode == "kiosk" and self.position is not None
                and not self.position.is_over
                and side_of(self.position.to_move) != self.options.human)

    def _think_if_kiosk(self) -> None:
        if self.phase is not Phase.PLAYING or not self._kiosk_to_move():
            return
        position, level = self.position, self.options.level
        seconds = self._think_seconds()
        rng = random.Random(self.rng.randrange(1 << 30))
        clock = self.clock

        def search() -> Move:
            return choose_move(position, level, rng=rng, clock=clock, seconds=seconds).move

        self._job = self.context.run_off_thread(search, self._kiosk_chose)

    def _kiosk_chose(self, future: Future, now: float) -> Effects:
        """The search is done (called on the pumping thread)."""
        if future is not self._job or self.position is None:
            return NOTHING  # an answer for a position that is gone
        self._job = None
        try:
            move = future.result()
            why = check_move(self.position, move)
            if why is not None:
                raise IllegalMove(why)
        except Exception:
            log.exception("the kiosk's search failed; it plays a random move")
            move = self.rng.choice(legal_moves(self.position))
        effects = self._play(move, now)
        self._changed()
        return effects

    def _think_seconds(self) -> float:
        if self.think_seconds is not None:
            return self.think_seconds
        try:
            return float(self.store.setting(f"{GAME_ID}.think_seconds", THINK_SECONDS))
        except (TypeError, ValueError):
            return THINK_SECONDS

    def _finish(self, now: float) -> Effects:
        self.phase = Phase.OVER
        self._job = None
        self._store_result(now)
        self._journal.close()
        winner = self._winner()
        if self.options.mode == "kiosk" and winner is not None:
            return Effects(sounds=(Sound.CHEER if winner == self.options.human
                                   else Sound.GROAN,))
        return Effects(sounds=(Sound.CHEER,)) if winner else NOTHING

    def _winner(self) -> str | None:
        if self.resigned is not None:
            return "black" if self.resigned == "white" else "white"
        if self.position is None or self.position.winner is None:
            return None
        return side_of(self.position.winner)

    def _reason(self) -> Reason | None:
        if self.resigned is not None:
            return Reason.RESIGNED
        return self.position.reason if self.position is not None else None

    def _end_game(self) -> None:
        self._job = None
        self._journal.close()

    # ------------------------------------------------------------------ store

    def _store_result(self, now: float, abandoned: bool = False) -> None:
        o = self.options
        winner = None if abandoned else self._winner()
        reason = None if abandoned else self._reason()
        score = 0
        if winner is not None:
            score = 1 if o.mode == "hotseat" or winner == o.human else 0
        details = {
            "mode": o.mode, "level": o.level if o.mode == "kiosk" else None,
            "human": o.human if o.mode == "kiosk" else None, "setup": o.setup,
            "seed": o.seed, "casual": o.casual, "winner": winner or "",
            "how": str(reason) if reason else "", "moves": len(self.played),
            "journal": self._journal.id,
            "record": [format_move(m) for m in self.played],
        }
        self._save_result(GameResult(
            o.played(), 2, score, max(0.0, now - self._started), abandoned, details))
        self._load_records()

    def _load_records(self) -> None:
        results = self._results()
        rows: dict[str, list[int | None]] = {}
        recent = []
        for result in results:
            if result.abandoned:
                continue
            b = result.details
            row = rows.setdefault(result.played, [0, 0, 0, 0, None])
            row[0] += 1
            winner, moves = b.get("winner", ""), int(b.get("moves", 0))
            if not winner:
                row[3] += 1
            elif (winner == "white") if result.played == "hotseat" \
                    else (winner == b.get("human")):
                row[1] += 1
            else:
                row[2] += 1
            if winner and (row[4] is None or moves < row[4]):
                row[4] = moves
            recent.append(self._recent_line(result))
        order = ["hotseat", "kiosk-1", "kiosk-2", "kiosk-3"]
        self._records = (
            tuple(RecordRow(record_label(r), *rows[r]) for r in
                  sorted(rows, key=lambda r: order.index(r) if r in order else 9)),
            tuple(reversed(recent[-RECENT:])))

    @staticmethod
    def _recent_line(result: GameResult) -> str:
        b = result.details
        winner, how, moves = b.get("winner", ""), b.get("how", ""), b.get("moves", 0)
        label = record_label(result.played)
        if not winner:
            return f"{label}: a draw after {moves} moves"
        who = winner.capitalize()
        if result.played != "hotseat":
            who = "You" if winner == b.get("human") else "The kiosk"
        words = HOW.get(Reason(how), how) if how in set(Reason) else how
        return f"{label}: {who} won ({words}) in {moves} moves"

    # ------------------------------------------------------------------ resume

    def _forget(self) -> None:
        self.position, self.phase = None, Phase.ATTRACT

    def _resumed(self, journal) -> None:
        """A Synchro journal replayed to the same position: a game that had ended is
        recorded once; one in play goes on (the kiosk thinks if it is its turn)."""
        last = journal.entries[-1].now if journal.entries else self._started
        if self.position is not None and (self.position.is_over or self.resigned):
            if not self._journal.has_result(journal.id):
                self._store_result(last)
            self._journal.close()
            self.phase = Phase.OVER
            return
        self.phase, self.resumed = Phase.PLAYING, True
        self._think_if_kiosk()

    def _replay(self, journal) -> None:
        s = journal.setup
        self.options = Options(str(s["mode"]), int(s["level"]), str(s["human"]),
                               str(s["setup"]), s.get("seed"), bool(s["casual"]))
        self._started = float(s.get("started", 0.0))
        self.position = start_position(self.options.setup, self.options.seed)
        self.history, self.played, self.resigned = [], [], None
        for entry in journal.entries:
            if entry.action == "move":
                move = parse_move(self.position, str(entry.args[0]))
                self.history.append(self.position)
                self.played.append(move)
                self.position = play(self.position, move)
            elif entry.action == "undo":
                self._take_back(int(entry.args[0]))
            elif entry.action == "resign":
                self.resigned = str(entry.args[0])
            else:
                raise ValueError(f"unknown journal entry {entry.action!r}")

    # ------------------------------------------------------------------ view

    def _build_view(self) -> TableView:
        records, recent = self._records
        o = self.options
        payload = SynchroView(mode=o.mode, level=o.level, human=o.human, setup=o.setup,
                              casual=o.casual, records=records, recent=recent)
        position = self.position
        if position is not None and self.phase in (Phase.PLAYING, Phase.OVER):
            mover = side_of(position.to_move)
            human_turn = self.phase is Phase.PLAYING and not self._kiosk_to_move()
            payload = replace(
                payload,
                pieces=tuple(PieceView(sq, side_of(p.owner), p.number, KINDS[p.number])
                             for sq, p in position.pieces().items()),
                to_move=mover,
                moves=tuple(move_view(position, m) for m in legal_moves(position))
                if human_turn else (),
                last=move_view(self.history[-1], self.played[-1]) if self.played else None,
                lost=(position.captured[Player.WHITE], position.captured[Player.BLACK]),
                thinking=self._job is not None,
                can_undo=(self.phase is Phase.PLAYING and o.casual
                          and self._undo_count() > 0),
                ply=len(self.played),
            )
            if self.phase is Phase.OVER:
                winner, reason = self._winner(), self._reason()
                payload = replace(payload, winner=winner,
                                  how=HOW.get(reason, "") if reason else "",
                                  result=self._result_sentence(payload, winner, reason))
        return TableView(game=GAME_ID, phase=str(self.phase), seats=(),
                         message=self._message(payload), resumed=self.resumed,
                         payload=payload)

    def _result_sentence(self, payload: SynchroView, winner: str | None,
                         reason: Reason | None) -> str:
        moves = f"after {len(self.played)} moves"
        if winner is None:
            return f"A draw {moves}: {HOW.get(reason, '') if reason else ''}".rstrip(": ")
        loser = "black" if winner == "white" else "white"
        name = payload.side_name(winner)
        verb = "win" if name == "You" else "wins"
        if reason is Reason.RESIGNED:
            return f"{payload.side_name(loser)} resigned {moves}: {name} {verb}"
        return f"{name} {verb}: {HOW.get(reason, '')} {moves}" if reason \
            else f"{name} {verb} {moves}"

    def _message(self, payload: SynchroView) -> str | None:
        if self.phase is Phase.CHOOSING:
            return "Choose how to play"
        if self.phase is Phase.OVER:
            return payload.result
        if self.phase is not Phase.PLAYING:
            return None
        if self.resumed:
            return "Welcome back: the power went out, the game goes on where it was"
        if payload.thinking:
            return "The kiosk is thinking…"
        name = payload.side_name(payload.to_move)
        return "Your move" if name == "You" else f"{name} to move"
