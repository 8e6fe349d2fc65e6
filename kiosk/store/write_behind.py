"""Writes that wait for the disk: the table's store in front of SQLite.

The game must go on when the database cannot take a write — the disk is full, another
program holds the lock, the file became read-only, the SD card reports an error — and
nothing a team earned may be lost once that is fixed. :class:`WriteBehindStore` is the
table's :class:`~kiosk.store.protocol.Store`: each write goes straight to the
:class:`~kiosk.store.SQLiteStore` while that works. The first write that fails for a
reason of the file or the disk (:mod:`kiosk.store.faults`; a bug still raises) is
kept in memory, and so is every write after it, in order, until :meth:`retry` — at
the controller's pumps, at most every ``retry_s`` — replays them all. Meanwhile
:attr:`problems` says so in a sentence for staff, and reads see the kept writes: a
kept result is already in the history and the top scores. A journal opened while
writes wait gets a provisional (negative) id, which the replay maps to the real one.

A database that cannot be opened at start (locked, read-only, a disk error) is the
same fault: the store starts with nothing but what it keeps, and opens the file at a
retry. A file found damaged is moved aside by the opener; :attr:`problems` tells
staff where it went.

What is kept stays bounded: a setting written again keeps its last value; once half
of ``max_kept`` writes wait, the entries of closed journals are dropped (a closed
journal is never resumed; its game's result is kept, and the journal is saved
opened and closed, without them); at ``max_kept`` new journal entries are dropped
(that journal then ends early, so a resume after a power cut would start from an
earlier round). Results, progress, settings and tags are always kept.

>>> import tempfile, pathlib
>>> store = WriteBehindStore.open(pathlib.Path(tempfile.mkdtemp()) / "k.sqlite3")
>>> store.set_setting("volume", 0.5); store.setting("volume"), store.problems
(0.5, ())
>>> store.close()
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from kiosk.paths import database_path
from kiosk.store.faults import FaultKind, StoreFault, classify
from kiosk.store.kept import Kept, json_ready
from kiosk.store.kept_tags import KeptTags
from kiosk.store.protocol import (
    GameResult,
    Group,
    Journal,
    JournalEntry,
    StoreError,
    delete_from,
    rename_in,
    stamped,
)
from kiosk.store.schema import StoreOpenError
from kiosk.store.sqlite_store import SQLiteStore

log = logging.getLogger(__name__)

RETRY_S = 1.0        # at most one retry a second
WRITE_WAIT_S = 0.5   # a write waits this long for another program's lock, then is kept
RETRY_WAIT_S = 0.05  # a retry waits less: it runs on the UI's thread while a lock lasts
OPEN_WAIT_S = 5.0    # at start, before the first frame, a lock is worth a longer wait
MAX_KEPT = 20_000    # ~ a few MB; a game journals well under 200 entries


class WriteBehindStore:
    """See the module docstring. ``opener`` makes the :class:`SQLiteStore` (called
    again at a retry while it fails); ``clock`` paces retries (monotonic seconds);
    ``wall_clock`` stamps results as they come, kept or not."""

    def __init__(self, opener: Callable[[float], SQLiteStore], path: Path, *,
                 clock: Callable[[], float] = time.monotonic, retry_s: float = RETRY_S,
                 wall_clock: Callable[[], float] = time.time,
                 max_kept: int = MAX_KEPT, inner: SQLiteStore | None = None) -> None:
        self.path = path
        self.retry_s = retry_s
        self.max_kept = max_kept
        self.fault: StoreFault | None = None
        self.moved_aside: Path | None = None
        self.tags = KeptTags(self)
        self._opener = opener
        self._clock = clock
        self.wall_clock = wall_clock
        self._lock = threading.RLock()
        self._inner: SQLiteStore | None = None
        self._kept: deque[Kept] = deque()
        self._real: dict[int, int] = {}  # provisional journal id -> id in the database
        self._provisional = 0
        self._cut_short: set[int] = set()  # journals whose entries no longer fit
        self._retry_at = -float("inf")
        self._closed = False
        self.opened = 0  # how many times the file was opened (it may open only later)
        if inner is not None:
            self._adopt(inner)
        else:
            self._open(OPEN_WAIT_S)

    @classmethod
    def open(cls, path: str | Path | None = None, **options: Any) -> WriteBehindStore:
        """The store for the database at ``path`` (see :func:`kiosk.paths.database_path`);
        never raises for a file or disk problem: :attr:`problems` says what it is."""
        chosen = database_path(path)
        return cls(lambda wait: SQLiteStore(chosen, busy_timeout=wait), chosen, **options)

    # ------------------------------------------------------------------ health

    @property
    def problems(self) -> tuple[str, ...]:
        """Sentences for staff while something is wrong: where a damaged file went (until
        the kiosk restarts), then the fault that keeps writes waiting, if any."""
        found = []
        if self.moved_aside is not None:
            found.append(f"The database was damaged: it was moved to {self.moved_aside} "
                         "and a fresh one started — staff: the old scores are in that file")
        if self.fault is not None:
            found.append(self.fault.screen())
        return tuple(found)

    @property
    def kept(self) -> int:
        """How many writes wait for the disk."""
        return len(self._kept)

    @property
    def db(self) -> Any:
        """The open :class:`~kiosk.store.database.Database`, or None."""
        return self._inner.db if self._inner is not None else None

    def retry(self, force: bool = False) -> bool:
        """Open the file if needed and replay the kept writes, oldest first; True when
        everything is in the database. At most every ``retry_s`` unless ``force``."""
        with self._lock:
            if self._closed:
                return False
            if self.fault is None and not self._kept and self._inner is not None:
                return True
            now = self._clock()
            if not force and now < self._retry_at:
                return False
            self._retry_at = now + self.retry_s
            if self._inner is None and not self._open(RETRY_WAIT_S):
                return False
            assert self._inner is not None
            self._inner.db.set_busy_timeout(RETRY_WAIT_S)
            try:
                return self._replay(self._inner)
            finally:
                if self._inner is not None:
                    self._inner.db.set_busy_timeout(WRITE_WAIT_S)

    def _replay(self, inner: SQLiteStore) -> bool:
        """Save the kept writes in order; stop at the first that fails for the disk."""
        saved = 0
        while self._kept:
            kept = self._kept[0]
            try:
                self._run(inner, kept)
            except Exception as error:
                if self._failed(error):
                    if saved:
                        log.info("saved %d kept writes; %d still wait", saved,
                                 len(self._kept))
                    return False
                log.error("a kept write cannot be saved and is dropped: %s (%s)",
                          kept, error)
            self._kept.popleft()
            saved += 1
        if not self._kept and saved == 0:  # a failed read: is the file back?
            try:
                inner.db.data_version()
            except Exception as error:
                if self._failed(error):
                    return False
                raise
        if self.fault is not None:
            log.warning("the database takes writes again: %d kept writes saved", saved)
        self.fault = None
        return True

    def close(self) -> None:
        """A last retry, then close; whatever is still kept is named in the log (a
        result with its score), for staff to re-enter by hand. Safe twice."""
        with self._lock:
            if self._closed:
                return
            if self._kept or self._inner is None:
                self._retry_at = -float("inf")
                self.retry(force=True)
            self._closed = True
            if self._kept:
                lost = [str(k) for k in self._kept if not k.method.endswith("_journal")]
                log.error("%d writes could not be saved before closing (%s). Besides "
                          "journal entries, they were: %s", len(self._kept),
                          self.fault.line() if self.fault else self.path, "; ".join(lost))
            inner, self._inner = self._inner, None
        if inner is not None:
            inner.close()

    def __enter__(self) -> WriteBehindStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ settings, scores

    def setting(self, key: str, default: Any = None) -> Any:
        with self._lock:
            for kept in reversed(self._kept):
                if kept.method == "set_setting" and kept.args[0] == key:
                    return kept.args[1]
            return self._read(lambda store: store.setting(key, default), default)

    def set_setting(self, key: str, value: Any) -> None:
        self._write(Kept("set_setting", (key, json_ready(value))))

    def progress(self, game: str) -> frozenset[str]:
        with self._lock:
            base = self._read(lambda store: store.progress(game), frozenset())
            return frozenset(base) | {k.args[1] for k in self._kept
                                      if k.method == "add_progress" and k.args[0] == game}

    def add_progress(self, game: str, played: str) -> None:
        self._write(Kept("add_progress", (game, played)))

    def add_result(self, game: str, result: GameResult) -> None:
        ready = replace(stamped(result, self.wall_clock),
                        details=json_ready(dict(result.details)))
        self._write(Kept("add_result", (game, ready)))

    def results(self, game: str) -> tuple[GameResult, ...]:
        with self._lock:
            reset, kept = self._since_reset(game)
            base = () if reset else self._read(lambda store: store.results(game), ())
            return tuple(base) + tuple(kept)

    def top_score(self, game: str, played: str, players: int | None = None,
                  scoring: str = "") -> int | None:
        with self._lock:
            reset, kept = self._since_reset(game)
            base = None if reset else self._read(
                lambda store: store.top_score(game, played, players, scoring), None)
            scores = [r.score for r in kept if not r.abandoned and r.played == played
                      and players in (None, r.players) and r.scoring == scoring]
            return max([*scores, *([] if base is None else [base])], default=None)

    def reset_scores(self, game: str) -> None:
        self._write(Kept("reset_scores", (game,)))

    def _since_reset(self, game: str) -> tuple[bool, list[GameResult]]:
        """(a reset of ``game`` is kept, the kept results of ``game`` after the last one)"""
        reset, results = False, []
        for kept in self._kept:
            if kept.args[:1] != (game,):
                continue
            if kept.method == "reset_scores":
                reset, results = True, []
            elif kept.method == "add_result":
                results.append(kept.args[1])
        return reset, results

    # ------------------------------------------------------------------ groups

    def groups(self, game: str) -> tuple[Group, ...]:
        """The database's groups with the kept group writes applied, in order."""
        with self._lock:
            return tuple(self._groups_now(game))

    def _groups_now(self, game: str) -> list[Group]:
        groups = list(self._read(lambda store: store.groups(game), ()))
        for kept in self._kept:
            if kept.method.endswith("_group") and kept.args[0] == game:
                groups = _group_write(groups, kept)
        return groups

    def save_group(self, game: str, group: Group) -> None:
        self._write(Kept("save_group", (game, Group(group.name,
                                                    json_ready(dict(group.data))))))

    def rename_group(self, game: str, old: str, new: str) -> None:
        with self._lock:
            kept = Kept("rename_group", (game, old, new))
            self._write(kept, lambda: self._keep_checked(game, kept))

    def delete_group(self, game: str, name: str) -> None:
        with self._lock:
            kept = Kept("delete_group", (game, name))
            self._write(kept, lambda: self._keep_checked(game, kept))

    def _keep_checked(self, game: str, kept: Kept) -> None:
        """Keep a rename or delete, after the check SQLite would make (StoreError)."""
        _group_write(self._groups_now(game), kept)
        self._kept.append(kept)

    # ------------------------------------------------------------------ journal

    def open_journal(self, game: str, setup: Mapping[str, Any]) -> int:
        with self._lock:
            self._provisional -= 1
            kept = Kept("open_journal", (game, json_ready(dict(setup))), self._provisional)

            def keep() -> int:
                self._kept.append(kept)
                return kept.journal
            return int(self._write(kept, keep))

    def append_journal(self, journal_id: int, action: str, now: float,
                       args: tuple[Any, ...] = ()) -> None:
        with self._lock:
            kept = Kept("append_journal", (journal_id, action, float(now),
                                           tuple(json_ready(list(args)))), journal_id)

            def keep() -> None:
                self._must_be_open(journal_id)
                if journal_id in self._cut_short or len(self._kept) >= self.max_kept:
                    if journal_id not in self._cut_short:
                        log.error("too many writes wait for the disk: journal %s ends "
                                  "here (results are still kept)", journal_id)
                    self._cut_short.add(journal_id)
                    raise _Dropped
                self._kept.append(kept)
            self._write(kept, keep)

    def close_journal(self, journal_id: int) -> None:
        with self._lock:
            kept = Kept("close_journal", (journal_id,), journal_id)

            def keep() -> None:
                self._must_be_open(journal_id, closing=True)
                self._kept.append(kept)
                self._cut_short.discard(journal_id)
                if len(self._kept) > self.max_kept // 2:
                    self._drop_closed_entries()
            self._write(kept, keep)

    def _drop_closed_entries(self) -> None:
        closed = {k.journal for k in self._kept if k.method == "close_journal"}
        before = len(self._kept)
        self._kept = deque(k for k in self._kept
                           if not (k.method == "append_journal" and k.journal in closed))
        log.warning("%d writes wait for the disk: dropped %d entries of finished journals "
                    "(their results are kept)", before, before - len(self._kept))

    def open_journals(self) -> tuple[Journal, ...]:
        with self._lock:
            journals = {j.id: j for j in self._read(lambda store: store.open_journals(), ())}
            found = self._overlay(journals)
            return tuple(j for _, j in sorted(found.items(), key=_journal_order)
                         if not j.closed)

    def journal(self, journal_id: int) -> Journal:
        """One journal, open or closed, as it will be once the kept writes are saved."""
        with self._lock:
            found = self._journal_now(journal_id)
            if not isinstance(found, Journal):
                raise StoreError(f"no journal {journal_id}" if found is None else
                                 f"journal {journal_id} cannot be read now: "
                                 f"{self.fault.line() if self.fault else self.path}")
            return found

    def _journal_now(self, journal_id: int) -> Journal | None | _Unknown:
        """The journal with the kept writes applied; None if there is none, UNKNOWN if
        the database cannot be read to say."""
        real = self._real.get(journal_id, journal_id)
        journals: dict[int, Journal] = {}
        if real >= 0:
            if self._inner is None:
                return UNKNOWN
            try:
                journals[real] = self._inner.journal(real)
            except StoreError:
                pass
            except Exception as error:
                if not self._failed(error):
                    raise
                return UNKNOWN
        return self._overlay(journals).get(real)

    def _must_be_open(self, journal_id: int, closing: bool = False) -> None:
        """The checks SQLite would make, made before a write is kept (when the database
        cannot be read, SQLite makes them at the replay)."""
        found = self._journal_now(journal_id)
        if found is UNKNOWN:
            return
        if found is None:
            raise StoreError(f"no journal {journal_id}")
        if isinstance(found, Journal) and found.closed and not closing:
            raise StoreError(f"journal {journal_id} is closed; open a new one")

    def _overlay(self, journals: dict[int, Journal]) -> dict[int, Journal]:
        """``journals`` (by id in the database) with the kept journal writes applied."""
        for kept in self._kept:
            if kept.journal is None:
                continue
            key = self._real.get(kept.journal, kept.journal)
            if kept.method == "open_journal":
                game, setup = kept.args
                journals[key] = Journal(key, game, setup)
                continue
            journal = journals.get(key)
            if journal is None:
                continue
            if kept.method == "append_journal":
                _, action, now, args = kept.args
                journals[key] = replace(journal, entries=journal.entries
                                        + (JournalEntry(action, now, args),))
            elif kept.method == "close_journal":
                journals[key] = replace(journal, closed=True)
        return journals

    # ------------------------------------------------------------------ inside

    def _write(self, kept: Kept, keep: Callable[[], Any] | None = None) -> Any:
        """Write through while nothing waits; else (or if this write fails for a reason
        of the disk) keep it. ``keep`` keeps it and returns what the call returns then."""
        with self._lock:
            if self._closed:
                raise StoreError(f"the database {self.path} is closed")
            if self._kept or self._inner is None:
                self.retry()
            if not self._kept and self._inner is not None:
                try:
                    return self._run(self._inner, kept)
                except Exception as error:
                    if not self._failed(error):
                        raise
            try:
                return keep() if keep is not None else self._keep(kept)
            except _Dropped:
                return None

    def _keep(self, kept: Kept) -> None:
        if kept.method == "set_setting":  # only the last value of a setting matters
            self._kept = deque(k for k in self._kept
                               if not (k.method == "set_setting" and k.args[0] == kept.args[0]))
        self._kept.append(kept)

    def _run(self, store: SQLiteStore, kept: Kept) -> Any:
        method = kept.method
        if method.startswith("tags."):
            return getattr(store.tags, method[5:])(*kept.args, **kept.kwargs)
        if method == "open_journal":
            real = store.open_journal(*kept.args)
            assert kept.journal is not None
            self._real[kept.journal] = real
            return real
        if kept.journal is not None:
            real = self._real.get(kept.journal, kept.journal)
            if real < 0:
                raise StoreError(f"journal {kept.journal} was never opened in the database")
            return getattr(store, method)(real, *kept.args[1:])
        return getattr(store, method)(*kept.args, **kept.kwargs)

    def _read(self, read: Callable[[SQLiteStore], Any], default: Any) -> Any:
        """``read`` on the database; ``default`` if it is not open or the disk fails."""
        if self._closed:
            raise StoreError(f"the database {self.path} is closed")
        if self._inner is None:
            return default
        try:
            return read(self._inner)
        except Exception as error:
            if not self._failed(error):
                raise
            return default

    def _failed(self, error: BaseException) -> bool:
        """Note a fault of the file or the disk (True), or say it is none (False)."""
        fault = classify(error, self.path)
        if fault is None:
            return False
        if fault != self.fault:
            log.error("the database cannot be written: %s (%s); writes are kept in memory "
                      "and retried", fault.line(), error)
        self.fault = fault
        if fault.kind is FaultKind.DAMAGED and self._inner is not None:
            inner, self._inner = self._inner, None  # reopening moves the file aside
            inner.close()
        return True

    def _open(self, wait: float) -> bool:
        try:
            inner = self._opener(wait)
        except StoreOpenError as error:
            fault = classify(error, self.path) or StoreFault(
                FaultKind.UNUSABLE, self.path, str(error))
            if fault != self.fault:
                log.error("the database cannot be used: %s; the table plays on and keeps "
                          "its writes in memory", error)
            self.fault = fault
            return False
        self._adopt(inner)
        return True

    def _adopt(self, inner: SQLiteStore) -> None:
        self._inner = inner
        self.opened += 1
        self.moved_aside = inner.db.moved_aside or self.moved_aside
        inner.db.set_busy_timeout(WRITE_WAIT_S)


def _group_write(groups: list[Group], kept: Kept) -> list[Group]:
    """``groups`` (the one saved last first) after one kept group write."""
    if kept.method == "save_group":
        group = kept.args[1]
        return [group, *(g for g in groups if g.name != group.name)]
    if kept.method == "rename_group":
        return rename_in(groups, kept.args[1], kept.args[2])
    return delete_from(groups, kept.args[1])


class _Unknown:
    """The database cannot be read to tell."""


UNKNOWN = _Unknown()


class _Dropped(Exception):
    """A journal entry that no longer fits in memory (see ``max_kept``)."""


def _journal_order(item: tuple[int, Journal]) -> tuple[bool, int]:
    """Oldest first: journals in the database by id, then provisional ones (-1, -2 …)."""
    journal_id = item[0]
    return (journal_id < 0, abs(journal_id))
