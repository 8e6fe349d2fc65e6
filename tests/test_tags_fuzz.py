"""Fuzz `kiosk tags import` and its round trip through export and the tag file loader.

Each case builds a valid tag CSV (any header or none, comments, blank lines, UIDs of 4,
7 or 10 bytes written with colons, dashes or capitals, cards of the shipped deck, dates
with and without zones, CRLF, a BOM), then applies up to three mutations, each known to
keep the file valid or to break it: unknown or overlong card names, 100 KB fields, NUL
bytes, bytes that are not UTF-8, bad or wrongly sized UIDs, dates before 1970 or after
2100 (year 9999 with an offset among them), extra columns, stray quotes, one UID named
twice, a tag the database already binds to another card (valid only with --replace).
The file goes through the real CLI entry point, in-process, output captured:

- no exception and no ``Traceback``; every problem is ``file:line: message`` (or
  ``file: message``), one line, short;
- exit 0 exactly when the file is valid, 2 otherwise;
- a failed import leaves the tag map exactly as it was;
- a successful import exports (``kiosk tags export``), and the export reads back through
  ``TagMap.load`` and the tag file parser to exactly the database's tags; every fourth
  one is also imported into a second, empty database and compared record by record.

A hypothesis test feeds the row parser arbitrary cells directly: it refuses or accepts,
never crashes, and what it accepts renders and parses back to the same rows.

Case counts per CI run: SHORT_CASES (500) CLI cases and HYPOTHESIS_SHORT (500) parser
examples, about 15 s of CPU. KIOSK_LONG=1 (tests marked slow) runs LONG_CASES and
HYPOTHESIS_LONG.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import tempfile
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.__main__ import main
from kiosk.games.sync_or_swim.library import card_names
from kiosk.hardware.tag_file import TagFileError, parse_rows, render
from kiosk.hardware.tagmap import TagMap
from kiosk.store import SQLiteStore

CONFIG = Path(__file__).resolve().parents[1] / "config"
DECK = sorted(card_names(CONFIG))
SHORT_CASES = 500
LONG_CASES = 10_000
HYPOTHESIS_SHORT = 500
HYPOTHESIS_LONG = 20_000
PRELOADED = [(bytes.fromhex("0badc0de"), "blue-7-RH", 1_600_000_000),
             (bytes.fromhex("04000000000001"), "gray-10", 1_650_000_000)]
LINE = re.compile(r"^(?P<file>/[^:]+?)(?::(?P<line>\d+))?: (?P<message>\S.*)$")
EARLIEST, LATEST = datetime(1970, 1, 1, tzinfo=UTC), datetime(2101, 1, 1, tzinfo=UTC)


# ------------------------------------------------------------------ a valid file


def random_uid(rng: random.Random) -> bytes:
    return rng.randbytes(rng.choice((4, 7, 10)))


def written_uid(rng: random.Random, uid: bytes) -> str:
    text = uid.hex()
    style = rng.randrange(5)
    if style == 1:
        return text.upper()
    if style == 2:
        return ":".join(text[i:i + 2] for i in range(0, len(text), 2))
    if style == 3:
        return "-".join(text[i:i + 2] for i in range(0, len(text), 2)).upper()
    if style == 4:
        return " ".join(text[i:i + 2] for i in range(0, len(text), 2))
    return text


def written_date(rng: random.Random, moment: datetime) -> str:
    style = rng.randrange(5)
    if style == 0:
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    if style == 1:
        return moment.replace(tzinfo=None).isoformat()
    if style == 2:
        return moment.strftime("%Y-%m-%d") if moment.hour == moment.minute == 0 else \
            moment.isoformat()
    offset = timedelta(minutes=rng.randrange(-14 * 60, 14 * 60 + 1))
    local = moment.astimezone(timezone(offset))
    return local.isoformat()


def random_moment(rng: random.Random) -> datetime:
    span = int((LATEST - EARLIEST).total_seconds()) - 1
    return EARLIEST + timedelta(seconds=rng.randrange(span))


class Case:
    """A tag file being built: its lines, and whether it is still valid."""

    def __init__(self, rng: random.Random, bound: dict[bytes, str]) -> None:
        self.rng, self.bound = rng, bound
        self.valid = True
        self.needs_replace = False
        self.cards: dict[bytes, str] = {}
        self.lines: list[str] = []
        self.why: list[str] = []
        header = rng.choice(("", "uid,card", "uid,card,enrolled_at", "UID, Card"))
        if header:
            self.lines.append(header)
        for _ in range(rng.randrange(1, 20)):
            self.lines.append(self.row())
            if rng.random() < 0.1:
                self.lines.append(rng.choice(("", "# a comment, with commas", "  ", ",,")))

    def row(self, uid: bytes | None = None, card: str | None = None) -> str:
        rng = self.rng
        uid = uid or random_uid(rng)
        while uid in self.bound and uid not in self.cards:
            uid = random_uid(rng)
        card = card or rng.choice(DECK)
        self.cards.setdefault(uid, card)
        cells = [written_uid(rng, uid), card if rng.random() < 0.9 else f'"{card}"']
        if rng.random() < 0.6:
            cells.append(written_date(rng, random_moment(rng)) if rng.random() < 0.9 else "")
        if rng.random() < 0.1:  # spaces before a cell, and after one not in quotes
            cells = [f" {c}" if c.startswith('"') else f" {c} " for c in cells]
        return ",".join(cells)

    def breaks(self, why: str, line: str, at: int | None = None) -> None:
        self.valid = False
        self.why.append(why)
        self.insert(line, at)

    def insert(self, line: str, at: int | None = None) -> None:
        at = self.rng.randrange(len(self.lines) + 1) if at is None else at
        self.lines.insert(at, line)

    def mutate(self) -> None:
        rng = self.rng
        uid = written_uid(rng, random_uid(rng))
        card = rng.choice(DECK)
        pick = rng.randrange(20)
        if pick == 0:
            self.breaks("unknown card", f"{uid},{rng.choice(('purple-99', 'blue-11', 'x'))}")
        elif pick == 1:
            self.breaks("typo", f"{uid},{card.upper() if card.upper() != card else card + 'x'}")
        elif pick == 2:
            self.breaks("long card", f"{uid},{'b' * rng.choice((41, 280, 100_000, 131_073))}")
        elif pick == 3:
            self.breaks("bad uid", f"{rng.choice(('zz12', '0102', '01020304050', '0x0a'))},{card}")
        elif pick == 4:
            when = rng.choice(("9999-12-31T23:59:59-05:00", "1969-12-31T23:59:59Z",
                               "2101-01-01T00:00:00Z", "0001-01-01T00:00:00+14:00",
                               "2100-12-31T23:59:59-01:00", "yesterday", "2024-13-01"))
            self.breaks(f"date {when}", f"{uid},{card},{when}")
        elif pick == 5:
            self.breaks("extra column", f"{uid},{card},,")
        elif pick == 6:
            self.breaks("stray quote", f'{uid},"{card}')
        elif pick == 7 and self.cards:
            known = rng.choice(list(self.cards))
            other = next(c for c in DECK if c != self.cards[known])
            self.breaks("one uid, two cards", f"{known.hex()},{other}")
        elif pick == 8:
            self.breaks("uid only", uid)
        elif pick == 9:
            self.breaks("control character", f"{uid},blue-7\x1b[2J")
        elif pick == 10 and self.bound:  # a tag the database binds to another card
            known = rng.choice(list(self.bound))
            other = next(c for c in DECK if c != self.bound[known])
            if known not in self.cards:
                self.cards[known] = other
                self.needs_replace = True
                self.why.append("database conflict")
                self.insert(f"{known.hex()},{other}")
        elif pick == 11 and self.cards:  # the same tag and card again: harmless
            known = rng.choice(list(self.cards))
            self.insert(f"{known.hex()},{self.cards[known]}")
        elif pick == 12:
            self.insert(rng.choice(("", "# comment", "#,,,", " ")))
        elif pick == 13:
            self.insert(self.row())
        else:
            self.why.append("kept")  # binary mutations are applied to the bytes
            self.byte_edit = pick  # type: ignore[attr-defined]

    def data(self) -> bytes:
        text = "\n".join(self.lines) + "\n"
        if self.rng.random() < 0.1:
            text = text.replace("\n", "\r\n")
        data = text.encode()
        if self.rng.random() < 0.05:
            data = b"\xef\xbb\xbf" + data
        edit = getattr(self, "byte_edit", None)
        if edit == 14:
            self.valid = False
            self.why.append("NUL")
            at = self.rng.randrange(len(data) + 1)
            data = data[:at] + b"\0" + data[at:]
        elif edit == 15:
            self.valid = False
            self.why.append("not UTF-8")
            at = self.rng.randrange(len(data) + 1)
            data = data[:at] + b"\xff" + data[at:]
        elif edit == 16 and self.rng.random() < 0.2:
            self.valid = False
            self.why.append("too big")
            data += b"# padding\n" * 110_000
        return data


# ------------------------------------------------------------------ the CLI


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def assert_problems(err: str, path: Path, context: str) -> None:
    lines = err.splitlines()
    assert lines and re.fullmatch(r"kiosk tags: nothing imported \(\d+ problems?\)",
                                  lines[-1]), context
    for line in lines[:-1]:
        found = LINE.match(line)
        assert found and found["file"] == str(path), f"{line[:300]!r}\n{context}"
        assert len(line) < len(str(path)) + 300, f"too long: {line[:300]!r}"


def reset(store: SQLiteStore) -> None:
    with store.tags.db.write() as sql:
        sql.execute("DELETE FROM tags")
        sql.executemany("INSERT INTO tags (uid, card, enrolled_at) VALUES (?, ?, ?)",
                        PRELOADED)


def fuzz(tmp_path: Path, seed: int, cases: int) -> dict[str, int]:
    rng = random.Random(seed)
    database, second = tmp_path / "k.sqlite3", tmp_path / "second.sqlite3"
    source, export = tmp_path / "in.csv", tmp_path / "tags" / "export.csv"
    export.parent.mkdir()
    counts = {"imported": 0, "refused": 0, "re-imported": 0}
    with SQLiteStore(database) as store, SQLiteStore(second) as other:
        reset(store)
        for number in range(cases):
            before = store.tags.all()
            case = Case(rng, {uid: card for uid, card, _ in before})
            for _ in range(rng.choice((0, 1, 1, 2, 3))):
                case.mutate()
            source.write_bytes(case.data())
            replace = rng.random() < 0.3
            valid = case.valid and (replace or not case.needs_replace)
            code, out, err = cli("tags", "import", str(source), "--database", str(database),
                                 *(["--replace"] if replace else []))
            context = f"case {number}: {case.why}, replace={replace}\n{out}{err[:2000]}"
            assert "Traceback" not in out + err, context
            if not valid:
                assert code == 2, context
                assert_problems(err, source, context)
                assert store.tags.all() == before, context
                counts["refused"] += 1
                continue
            assert code == 0, context
            counts["imported"] += 1
            records = store.tags.all()
            assert {r.uid: r.card for r in records} == {
                uid: card for uid, card, _ in before} | case.cards, context
            export.unlink(missing_ok=True)
            assert cli("tags", "export", str(export), "--database", str(database))[0] == 0
            rows = parse_rows(export.read_text(), str(export), DECK)
            assert [(r.uid, r.card, r.enrolled_at) for r in rows] == [
                tuple(r) for r in records], context
            loaded = TagMap.load(export.parent, DECK)
            assert len(loaded) == len(records) and all(
                loaded.card(r.uid) == r.card for r in records), context
            if counts["imported"] % 4 == 1:
                with other.tags.db.write() as sql:
                    sql.execute("DELETE FROM tags")
                assert cli("tags", "import", str(export), "--database", str(second))[0] == 0
                assert other.tags.all() == records, context
                counts["re-imported"] += 1
            reset(store)
    return counts


@pytest.fixture
def folder(tmp_path):
    """A folder on tmpfs when the machine has one: every import syncs the database
    (synchronous=FULL), and 500 of them should not wait on a busy disk."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="kiosk-tags-fuzz-") as name:
        yield Path(name)


def test_import_answers_exactly_and_round_trips(folder):
    counts = fuzz(folder, seed=3, cases=SHORT_CASES)
    assert counts["imported"] >= SHORT_CASES // 4 and counts["refused"] >= SHORT_CASES // 4, \
        counts


@pytest.mark.slow
def test_import_answers_exactly_at_length(folder):
    fuzz(folder, seed=77, cases=LONG_CASES)


# ------------------------------------------------------------------ the row parser


CELLS = st.one_of(
    st.text(max_size=30), st.sampled_from(DECK), st.sampled_from(
        ["04a1b2c3", "04:A1:B2:C3:D4:E5:F6", "0102", "zz", "", " ", "#", '"', "uid", "card",
         "enrolled_at", "9999-12-31T23:59:59-05:00", "2024-05-01T18:30:00+02:00",
         "1970-01-01T00:00:00Z", "2100-12-31T23:59:59Z", "²", "purple-99", "x" * 400]))
ROWS = st.lists(st.lists(CELLS, min_size=0, max_size=4), max_size=8)


def _hypothesis(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def _parse_and_render(rows: list[list[str]], separator: str) -> None:
    text = "\n".join(separator.join(cells) for cells in rows)
    try:
        parsed = parse_rows(text, "/t.csv", DECK)
    except TagFileError as error:
        for problem in error.problems:
            assert LINE.match(str(problem)) and "\n" not in str(problem), str(problem)
        return
    first: dict[bytes, tuple] = {}
    for row in parsed:
        first.setdefault(row.uid, (row.uid, row.card, row.enrolled_at or 0))
    again = parse_rows(render(first.values()), "/t.csv", DECK)
    assert [(r.uid, r.card, r.enrolled_at) for r in again] == list(first.values())


@_hypothesis(HYPOTHESIS_SHORT)
@given(ROWS, st.sampled_from((",", ", ", ",,")))
def test_the_row_parser_refuses_or_round_trips(rows, separator):
    _parse_and_render(rows, separator)


@pytest.mark.slow
@_hypothesis(HYPOTHESIS_LONG)
@given(ROWS, st.sampled_from((",", ", ", ",,")))
def test_the_row_parser_at_length(rows, separator):
    _parse_and_render(rows, separator)
