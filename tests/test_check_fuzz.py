"""Fuzz `kiosk check` against the loaders the app itself uses.

Each case restores a copy of the shipped config folder, mutates it one to three times
(wrong types, unknown keys, misspelled tables, huge integers, nan/inf, deep nesting,
long texts, NUL bytes, binary garbage, duplicate ids, missing or deleted files, bad
tag rows and dates; now and then a harmless change, so that both answers are tested)
and runs ``kiosk --config DIR check`` through the real entry point, in-process, output
captured. Then:

- nothing escapes: no exception, no ``Traceback`` in the output, and no card needed
  the loader's safety net ("could not be read (TypeError)"): each problem is named;
- exit 0 exactly when the app's loaders, called directly (``load_settings``,
  ``load_content``, ``TagMap.load`` with every deck's cards), accept the folder; when
  they do and check still says 1, every problem is a winnability proof that failed;
- every problem line is ``file:line: message`` or ``file: message`` for a file of the
  folder, short, and the last line counts them.

A second, faster fuzz feeds the element, twist, routine and settings parsers directly
with shipped tables edited anywhere in their tree (hypothesis).

Case counts per CI run: SHORT_CASES (500) seeded folder mutations through the CLI, 4
more through a real subprocess, and 4 x HYPOTHESIS_SHORT (800) parser examples: about
15 s of CPU. KIOSK_LONG=1 (tests marked slow) adds LONG_CASES (10,000) folder cases
and 20,000 parser examples.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.__main__ import main
from kiosk.config import ConfigError, load_settings
from kiosk.games.sync_or_swim.content import ContentError
from kiosk.games.sync_or_swim.library import card_names, load_content
from kiosk.hardware.tagmap import TagMap, TagMapError

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "config"
SHORT_CASES = 500
LONG_CASES = 10_000
SUBPROCESS_CASES = 4
FILES = ("kiosk.toml", "decks/default.toml", "sync_or_swim/elements.toml",
         "sync_or_swim/twists.toml", "sync_or_swim/campaign.toml", "tags/default.csv")
LINE = re.compile(r"^(?P<file>/[^:]+?)(?::(?P<line>\d+))?: (?P<message>\S.*)$")
WINNABILITY = ("cannot be won by", "cannot be met by", "could not show it can be won")

BAD_VALUES = [
    "-1", "0", "-15", '"x"', '""', "nan", "inf", "-inf", "+nan", "true", "[]", "{}",
    '[1, "a"]', "1.5", "1e400", "9" * 19, "9" * 20, "-" + "9" * 30, "9" * 5000,
    "0x" + "f" * 40, "1979-05-27", "1979-05-27T07:32:00Z", '"' + "y" * 5000 + '"',
    '"\\u0000"', '"blue\\u0000x"', "[" * 20 + "]" * 20, "[" * 3000 + "]" * 3000,
    "{a = " * 30 + "1" + "}" * 30, '"E01"', '"T01"', '["T01"]', "5", '"purple"', '"11+"',
    '"²"', '"٣+"', '"any"', '"split"', "{ same = 5 }", '[{ a = 1 }]', '"others"',
]
UNKNOWN_KEYS = ["colr", "twist_rnd", "levle", "foo", "base_secs", "par", "cards2", "gaem",
                '"x\\ny"', '"\\u0000"', '"²"', '"' + "k" * 5000 + '"']
TAG_EDITS = [
    "{uid},purple-99", "{uid},blue-7-RH,9999-12-31T23:59:59-05:00", "{uid},blue-7-RH,1969-01-01",
    "{uid},blue-7-RH,2024-05-01T18:30:00+02:00", "{uid},blue-7-RH,yesterday", "zz12,blue-7-RH",
    "0102,blue-7-RH", "{uid},{long}", "{uid},blue\x007", "{uid},blue-7-RH,,", '"{uid},blue-7-RH',
    "{uid}", "{uid},Blue-7-rh", "# just a comment", "", "{uid}, blue-7-RH ", "{uid},gray-10",
]


# ------------------------------------------------------------------ mutations


def _typo(rng: random.Random, word: str) -> str:
    if not word:
        return "x"
    i = rng.randrange(len(word))
    pick = rng.randrange(4)
    if pick == 0:
        return word[:i] + word[i + 1:]
    if pick == 1:
        return word[:i] + rng.choice("aeiouxz_") + word[i:]
    if pick == 2 and len(word) > 1:
        i = min(i, len(word) - 2)
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word.upper()


def mutate_toml(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    assigns = [i for i, line in enumerate(lines) if re.match(r"\s*[\w\-]+\s*=", line)]
    headers = [i for i, line in enumerate(lines) if re.match(r"\s*\[", line)]
    ids = re.findall(r'^id = "(\w+)"', text, re.M)
    pick = rng.randrange(14)
    if pick <= 2 and assigns:  # a bad value
        i = rng.choice(assigns)
        key = lines[i].split("=")[0]
        lines[i] = f"{key}= {rng.choice(BAD_VALUES)}"
    elif pick == 3 and assigns:  # another small number (often still valid)
        i = rng.choice(assigns)
        if re.search(r"=\s*\d+\s*(#.*)?$", lines[i]):
            lines[i] = re.sub(r"=\s*\d+", f"= {rng.randrange(0, 700)}", lines[i])
    elif pick == 4 and assigns:  # a misspelled key
        i = rng.choice(assigns)
        key, _, rest = lines[i].partition("=")
        lines[i] = f"{_typo(rng, key.strip())} ={rest}"
    elif pick == 5 and headers:  # a misspelled table
        i = rng.choice(headers)
        lines[i] = re.sub(r"[\w.]+", lambda m: _typo(rng, m.group(0)), lines[i], count=1)
    elif pick == 6 and ids:  # a duplicate id
        lines = text.replace(f'id = "{rng.choice(ids)}"', f'id = "{rng.choice(ids)}"',
                             1).split("\n")
    elif pick == 7 and lines:  # a line gone
        del lines[rng.randrange(len(lines))]
    elif pick == 8 and lines:  # a line twice
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif pick == 9:  # an unknown key
        lines.insert(rng.randrange(len(lines) + 1), f"{rng.choice(UNKNOWN_KEYS)} = 1")
    elif pick == 10 and len(lines) > 2:  # two lines swapped
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
    elif pick == 11:  # a name changed (harmless, usually)
        i = rng.choice(assigns) if assigns else 0
        if lines and lines[i].lstrip().startswith("name"):
            lines[i] = 'name = "Renamed by the fuzzer"'
    elif pick == 12:  # a deep table header
        lines.append("[" + ".".join(["a"] * rng.choice((3, 17, 400))) + "]")
    else:  # the file cut short
        cut = rng.randrange(len(text) + 1)
        return text[:cut]
    return "\n".join(lines)


def mutate_csv(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    rows = [i for i, line in enumerate(lines) if line[:2] == "04"]
    uid = "04" + "".join(rng.choice("0123456789abcdef") for _ in range(12))
    edit = rng.choice(TAG_EDITS).format(uid=uid, long="x" * rng.choice((41, 300, 131_073)))
    pick = rng.randrange(4)
    if pick == 0 and rows:
        lines[rng.choice(rows)] = edit
    elif pick == 1:
        lines.insert(rng.randrange(len(lines) + 1), edit)
    elif pick == 2 and rows:  # a known UID given to another card
        taken = lines[rng.choice(rows)].split(",")[0]
        lines.append(f"{taken},gray-10")
    else:
        del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def mutate(rng: random.Random, folder: Path) -> list[str]:
    """One to three changes to ``folder``; returns what was done, for the failure message."""
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        name = rng.choice(FILES)
        path = folder / name
        if not path.is_file():
            continue
        pick = rng.randrange(40)
        data = path.read_bytes()
        if pick == 0:
            path.unlink()
        elif pick == 1:
            path.unlink()
            path.mkdir()
        elif pick == 2:  # binary garbage
            at = rng.randrange(len(data) + 1)
            path.write_bytes(data[:at] + rng.randbytes(rng.randrange(1, 64)) + data[at:])
        elif pick == 3:
            at = rng.randrange(len(data) + 1)
            path.write_bytes(data[:at] + b"\0" + data[at:])
        elif pick == 4:
            path.write_bytes(data[:10] + b"\xff\xfe" + data[10:])
        elif pick == 5:
            path.write_bytes(data + b"# padding\n" * 110_000)
        else:  # text edits; bytes that are not UTF-8 stay as they are
            change = mutate_csv if name.endswith(".csv") else mutate_toml
            text = change(rng, data.decode("utf-8", "surrogateescape"))
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
        done.append(f"{name} #{pick}")
    return done


# ------------------------------------------------------------------ the oracle


def loaders_accept(folder: Path) -> bool:
    """What the app itself makes of the folder, with no help from kiosk.check."""
    accepted = True
    try:
        load_settings(folder / "kiosk.toml")
    except ConfigError:
        accepted = False
    try:
        load_content(folder)
    except ContentError:
        accepted = False
    try:
        TagMap.load(folder / "tags", card_names(folder))
    except TagMapError:
        accepted = False
    return accepted


def run_check(folder: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--config", str(folder), "check"])
    return code, out.getvalue() + err.getvalue()


def assert_case(folder: Path, code: int, output: str, what: list[str]) -> None:
    context = f"mutations {what}:\n{output[:3000]}"
    assert "Traceback" not in output, context
    assert "could not be read (" not in output, f"the loader's safety net caught a bug; {context}"
    lines = output.splitlines()
    accepted = loaders_accept(folder)
    if code == 0:
        assert accepted, context
        warnings = [line for line in lines if line.startswith("warning: ")]
        said = f" ({len(warnings)} warning{'s' * (len(warnings) != 1)} above)"
        assert lines == warnings + [f"{folder}: everything checks out"
                                    + (said if warnings else "")], context
        return
    assert code == 1, context
    problems = lines[:-1]
    assert problems and lines[-1].startswith(f"{len(problems)} problem"), context
    for line in problems:
        found = LINE.match(line)
        assert found, f"not file:line: message: {line[:300]!r}\n{context}"
        assert found["file"].startswith(str(folder)), context
        assert len(line) < len(str(folder)) + 400, f"too long: {line[:300]!r}"
    if accepted:  # the loaders are content, so check must only doubt winnability
        assert all(any(w in line for w in WINNABILITY) for line in problems), context


def restore(folder: Path) -> None:
    for name in FILES:
        path = folder / name
        if path.is_dir():
            shutil.rmtree(path)
        path.write_bytes((CONFIG / name).read_bytes())


@pytest.fixture
def folder(tmp_path):
    target = tmp_path / "config"
    shutil.copytree(CONFIG, target)
    return target


def fuzz(folder: Path, seed: int, cases: int) -> dict[int, int]:
    rng = random.Random(seed)
    codes = {0: 0, 1: 0}
    for _ in range(cases):
        restore(folder)
        what = mutate(rng, folder)
        code, output = run_check(folder)
        assert_case(folder, code, output, what)
        codes[code] += 1
    return codes


def test_check_agrees_with_the_loaders_on_mutated_configs(folder):
    codes = fuzz(folder, seed=11, cases=SHORT_CASES)
    assert codes[0] >= SHORT_CASES // 20 and codes[1] >= SHORT_CASES // 2, codes


@pytest.mark.slow
def test_check_agrees_with_the_loaders_at_length(folder):
    fuzz(folder, seed=2024, cases=LONG_CASES)


def test_a_few_cases_through_a_real_process(folder):
    rng = random.Random(5)
    for _ in range(SUBPROCESS_CASES):
        restore(folder)
        what = mutate(rng, folder)
        code, output = run_check(folder)
        done = subprocess.run([sys.executable, "-m", "kiosk", "--config", str(folder), "check"],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert (done.returncode, done.stdout + done.stderr) == (code, output), what
        assert_case(folder, done.returncode, done.stdout + done.stderr, what)


# ------------------------------------------------------------------ the parsers, directly
# The folder fuzz above is slow per case (a whole check); these reach much further into
# the element, twist, routine and settings parsers: a shipped table with one value
# replaced, added or removed, anywhere in its tree, by any value TOML can hold. The
# parsers may refuse (ContentError, ConfigError) but never raise anything else.

import tomllib  # noqa: E402
from datetime import datetime  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from kiosk.config import parse_settings  # noqa: E402
from kiosk.games.sync_or_swim.content import parse_element, parse_twist  # noqa: E402
from kiosk.games.sync_or_swim.library import parse_routine  # noqa: E402

HYPOTHESIS_SHORT = 200  # examples per parser; four parsers
HYPOTHESIS_LONG = 5_000
SHIPPED = {name: tomllib.loads((CONFIG / path).read_text()) for name, path in (
    ("element", "sync_or_swim/elements.toml"), ("twist", "sync_or_swim/twists.toml"),
    ("routine", "sync_or_swim/campaign.toml"), ("kiosk", "kiosk.toml"))}
CONTENT = load_content(CONFIG)
TRICKY_TEXT = ["²", "٣", "7²", "²+", "7+", "11+", "3-", "even", "any", "others", "split",
               "each", "team", "E01", "T01", "colour", "value", "hand", "foot", "left",
               "both", "none", "0", "-1", "", " ", "up", "down", "high", "x" * 5000]


def _keys(data, out: set[str]) -> set[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            out.add(key)
            _keys(value, out)
    elif isinstance(data, list):
        for item in data:
            _keys(item, out)
    return out


KEYS = sorted(_keys(SHIPPED, set()))
SCALARS = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**63 - 1), st.integers(-3, 12),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(TRICKY_TEXT), st.datetimes(min_value=datetime(1, 1, 1)), st.dates())
VALUES = st.one_of(st.sampled_from(TRICKY_TEXT), st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4), max_leaves=8))


def _paths(data, at=()):
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*at, i))


def edited(data, draw):
    """A deep copy of ``data`` with one value replaced, one key added or one removed."""
    import copy

    data = copy.deepcopy(data)
    by_name: dict = {}  # each field name equally likely, however often it appears
    for path in _paths(data):
        by_name.setdefault(path[-1] if path else "", []).append(path)
    path = draw(st.sampled_from(by_name[draw(st.sampled_from(sorted(by_name, key=str)))]))
    if not path:
        return draw(VALUES) if draw(st.integers(0, 9)) == 0 else data
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    action = draw(st.integers(0, 3))
    if action <= 1:
        parent[path[-1]] = draw(VALUES)
    elif action == 2 and isinstance(parent, dict):
        parent[draw(st.sampled_from(KEYS))] = draw(VALUES)
    elif isinstance(parent, dict):
        del parent[path[-1]]
    return data


def _hypothesis(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _each_parser(data):
    """Run one parser on an edited shipped table; only its own error may come out."""
    kind = data.draw(st.sampled_from(("element", "twist", "routine", "kiosk")))
    if kind == "kiosk":
        settings_data = edited(SHIPPED["kiosk"], data.draw)
        if not isinstance(settings_data, dict):
            return  # a TOML file is always a table
        try:
            parse_settings(settings_data, source="kiosk.toml")
        except ConfigError as error:
            assert all("\n" not in str(p) for p in error.problems)
        return
    raw = edited(data.draw(st.sampled_from(SHIPPED[kind][kind])), data.draw)
    if not isinstance(raw, dict):
        return  # the loader refuses a non-table before any parser sees it
    try:
        if kind == "element":
            parse_element(raw, "f.toml")
        elif kind == "twist":
            parse_twist(raw, "f.toml")
        else:
            parse_routine(raw, "f.toml", CONTENT.elements, CONTENT.twists)
    except ContentError:
        pass


@_hypothesis(4 * HYPOTHESIS_SHORT)
@given(st.data())
def test_the_parsers_refuse_or_accept_but_never_crash(data):
    _each_parser(data)


@pytest.mark.slow
@_hypothesis(4 * HYPOTHESIS_LONG)
@given(st.data())
def test_the_parsers_never_crash_at_length(data):
    _each_parser(data)
