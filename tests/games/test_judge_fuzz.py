"""Fuzzing ``kiosk judge`` through its real entry point: the documented exit for every
class of input, never 70, never a traceback.

Cases come from :mod:`judge_fuzz_cases` (seeded: a failure names its seed and number
and replays) and from hypothesis (random JSON, and objects shaped like a layout). Each
is written to a file and judged by ``kiosk.__main__.main(["judge", path])`` in this
process, stdout and stderr captured, so a case costs milliseconds; a handful also run
as a real ``python -m kiosk judge`` subprocess. The contract (docs/judge.md):

- exit 0 / 1: the verdict as JSON on stdout ("IN SYNC" / "NOT IN SYNC"), stderr empty;
- exit 2: stdout empty, exactly one line on stderr starting ``kiosk judge:``;
- exit 70 (a bug) never on generated input; ``Traceback`` nowhere.

Per CI run: 600 seeded cases and 200 hypothesis examples, about 10-15 s here. With
KIOSK_LONG=1 (marked slow): 20,000 more seeded cases over other seeds and 3,000
hypothesis examples.

The kiosk's content is read once and reused (``load_content`` is cached for the
session): it is the same files every time, and reading them would triple the cost.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from judge_fuzz_cases import CONTENT, DECK, Case, cases

from kiosk.__main__ import main
from kiosk.games.sync_or_swim import library

ROOT = Path(__file__).resolve().parents[2]
SEED = 11_001
CI_CASES = 600
LONG_CASES = 20_000
ALLOWED = {"valid": {0, 1}, "win": {0}, "invalid": {2}, "any": {0, 1, 2}}


@pytest.fixture
def judge_file(tmp_path, monkeypatch):
    """Judge bytes through ``kiosk judge FILE`` in this process: (code, stdout, stderr)."""
    monkeypatch.setattr(library, "load_content", functools.cache(library.load_content))
    path = tmp_path / "layout.json"

    def run(data: bytes) -> tuple[int, str, str]:
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["judge", str(path)])
        return code, out.getvalue(), err.getvalue()

    return run


def check(case: Case, code: int, out: str, err: str) -> None:
    """The documented contract for this class of input."""
    assert "Traceback" not in out + err, (case, err)
    assert code in ALLOWED[case.expect], (case, code, err, out[:500])
    if code in (0, 1):
        verdict = json.loads(out)
        assert verdict["in_sync"] is (code == 0), case
        assert verdict["verdict"] == ("IN SYNC" if code == 0 else "NOT IN SYNC"), case
        assert err == "", (case, err)
    else:
        assert out == "", (case, out)
        assert err.startswith("kiosk judge: ") and err.endswith("\n"), (case, err)
        assert err.count("\n") == 1 and len(err.splitlines()) == 1, (case, err)


def _run_seeded(judge_file, seeds: range, count: int) -> Counter:
    seen: Counter = Counter()
    for seed in seeds:
        for case in cases(seed, count):
            code, out, err = judge_file(case.data)
            check(case, code, out, err)
            seen[case.expect, code] += 1
            seen[case.name.split(" ", 1)[1]] += 1
    return seen


def test_generated_layouts_get_the_documented_exit(judge_file):
    seen = _run_seeded(judge_file, range(SEED, SEED + 1), CI_CASES)
    # The generator reaches every class, so a passing run means something.
    assert seen["win", 0] >= 20 and seen["valid", 1] >= 40, seen
    assert seen["invalid", 2] >= 250 and seen["any", 2] >= 50, seen
    assert all(seen[name] >= 10 for name in (
        "unknown_key", "wrong_type", "missing_key", "huge_number", "deep", "long_string",
        "control_char", "raw_bytes", "twice", "too_many", "misplaced", "not_an_object",
        "oversize", "damaged", "random_top")), seen


@pytest.mark.slow
def test_generated_layouts_at_length(judge_file):
    seen = _run_seeded(judge_file, range(SEED + 1, SEED + 21), LONG_CASES // 20)
    assert seen["win", 0] >= 1000 and seen["invalid", 2] >= 9000, seen


# ---------------------------------------------------------------- hypothesis

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=6),
    max_leaves=40)
SMALL = st.integers(-1, 8) | st.sampled_from(["1", "3", "6", "07", "x", ""])
LEAF = st.none() | st.booleans() | st.integers() | st.text(max_size=4) | st.lists(SMALL, max_size=3)
CARD = st.sampled_from([*DECK[:20], "blue-11", "", "gray-0", "blue-3-LH-RH", 3, None, []])
LAYOUT_LIKE = st.fixed_dictionaries(
    {"seats": st.lists(SMALL, max_size=8), "captain": SMALL,
     "cards": st.dictionaries(SMALL.map(str), st.dictionaries(
         SMALL.map(str), st.lists(CARD, max_size=11), max_size=3), max_size=4)},
    optional={"elements": st.lists(st.sampled_from(sorted(CONTENT.elements)) | LEAF,
                                   max_size=6),
              "routine": SMALL | LEAF, "round": SMALL, "twists": LEAF,
              "choices": st.dictionaries(SMALL.map(str), SMALL, max_size=3),
              "comment": LEAF})


def _hypothesis(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def _check_value(judge_file, value) -> None:
    data = json.dumps(value).encode()  # NaN and Infinity as JSON writes them
    check(Case("hypothesis", data, "any"), *judge_file(data))


@_hypothesis(100)
@given(value=JSON)
def test_random_json_gets_a_verdict_or_one_line(judge_file, value):
    _check_value(judge_file, value)


@_hypothesis(100)
@given(value=LAYOUT_LIKE)
def test_layout_shaped_objects_get_a_verdict_or_one_line(judge_file, value):
    _check_value(judge_file, value)


@pytest.mark.slow
@_hypothesis(1500)
@given(value=JSON | LAYOUT_LIKE)
def test_hypothesis_at_length(judge_file, value):
    _check_value(judge_file, value)


# ---------------------------------------------------------------- real processes

def test_a_handful_through_a_real_subprocess(tmp_path):
    """The same contract with a real interpreter, real stdio and real exit codes."""
    picked: dict[str, Case] = {}
    for case in cases(SEED + 100, 200):
        kind = case.expect + ":" + case.name.split(" ", 1)[1]
        picked.setdefault(kind, case)
    wanted = ["win:valid", "valid:valid", "invalid:unknown_key", "invalid:deep",
              "invalid:control_char", "invalid:raw_bytes", "any:damaged"]
    running = []
    for n, kind in enumerate(wanted):
        path = tmp_path / f"case{n}.json"
        path.write_bytes(picked[kind].data)
        running.append((picked[kind], subprocess.Popen(
            [sys.executable, "-m", "kiosk", "judge", str(path)], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    for case, proc in running:
        out, err = proc.communicate(timeout=120)
        check(case, proc.returncode, out, err)
