"""`kiosk judge` and the file it is given: exit 0/1 only for a verdict, 2 with one line
for anything unreadable, 70 for a bug, and never a hang, a traceback or a minute's work."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kiosk.cli import run

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "first-splash-round-3.json"
GOOD = {"seats": [1, 2, 3], "captain": 1, "elements": ["E01"],
        "cards": {"1": {"1": ["blue-1-LH"]}, "2": {"1": ["blue-4"]}, "3": {"1": ["blue-8"]}}}


def judge_bytes(tmp_path, capsys, data: bytes, name: str = "layout.json"):
    path = tmp_path / name
    path.write_bytes(data)
    code = run(["judge", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(("data", "words"), [
    (b"[" * 30_000 + b"]" * 30_000, "the JSON is nested 30000 levels deep; at most 10"),
    (b'{"seats": ' * 11 + b"1" + b"}" * 11, "nested 11 levels deep"),
    (b" " * (64 * 1024 + 1), "larger than 64 KiB"),
    (b'{"seats": [1, 2, NaN]}', "NaN is not a JSON number"),
    (b'{"captain": Infinity}', "Infinity is not a JSON number"),
    (b'{"captain": ' + b"9" * 5000 + b"}", "has more than 30 digits"),
    (b'{"seats": [1, 2, 3]\xff}', "not UTF-8 text (byte 20"),
    (b'{"seats": [1, 2, 3], "seats": [4, 5, 6]}', "seats: this key appears twice"),
    (b"", "not valid JSON at line 1 column 1"),
    (b"\x00", "not valid JSON"),
    (b'"\xe2\x80\xa8"', "holds the control character '\\u2028'"),
    (b"[1, 2]", "the layout must be a JSON object"),
])
def test_unreadable_json_exits_2_with_one_line(tmp_path, capsys, data, words):
    code, out, err = judge_bytes(tmp_path, capsys, data)
    assert (code, out) == (2, "")
    assert words in one_line(err)


def test_a_byte_order_mark_is_tolerated(tmp_path, capsys):
    code, out, _ = judge_bytes(tmp_path, capsys, b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert code == 0 and json.loads(out)["in_sync"] is True


@pytest.mark.parametrize(("path", "words"), [
    (".", "it is a folder"),
    ("/dev/null", "it is a device, not a regular file"),
    ("/dev/zero", "it is a device"),
    ("missing.json", "cannot read it: No such file or directory"),
    ("bad\nname.json", "cannot read it"),
    ("nul\x00name.json", "the path is not a usable file name"),
])
def test_special_and_missing_paths_exit_2(tmp_path, capsys, monkeypatch, path, words):
    monkeypatch.chdir(tmp_path)
    assert run(["judge", path]) == 2
    assert words in one_line(capsys.readouterr().err)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "layout.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "kiosk", "judge", str(fifo)],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "named pipe (FIFO)" in one_line(result.stderr)
    assert time.monotonic() - start < 30


def test_150_seats_are_refused_at_once(tmp_path, capsys):
    seats = list(range(1, 151))
    data = {**GOOD, "seats": seats, "elements": [{
        "id": "S", "name": "S", "mode": "split",
        "role": [{"swimmers": 1}, {"swimmers": 1}, {"swimmers": "others",
                                                     "across": {"different": "value"}}]}]}
    start = time.monotonic()
    code, _, err = judge_bytes(tmp_path, capsys, json.dumps(data).encode())
    assert code == 2 and "3 to 6 swimmers" in one_line(err)
    assert time.monotonic() - start < 5


def test_a_bug_exits_70_in_one_line_and_debug_shows_the_traceback(tmp_path, capsys, mocker):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(GOOD))
    mocker.patch("kiosk.games.sync_or_swim.judge.judge", side_effect=RecursionError("deep"))
    assert run(["judge", str(path)]) == 70
    out, err = capsys.readouterr()
    assert out == "" and "internal error (RecursionError)" in one_line(err)
    assert "please report it" in err
    assert run(["judge", "--debug", str(path)]) == 70
    err = capsys.readouterr().err
    assert "Traceback" in err and err.rstrip().endswith("(--debug shows the details)")


def test_broken_content_exits_2_not_70(tmp_path, capsys):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(GOOD))
    assert run(["--config", str(tmp_path / "nowhere"), "judge", str(path)]) == 2
    assert "the kiosk's content is broken" in one_line(capsys.readouterr().err)


def test_a_closed_pipe_still_exits_with_the_verdict():
    """`kiosk judge x | head -c1` under pipefail: 0 there would be a false IN SYNC."""
    proc = subprocess.Popen([sys.executable, "-c",
                             "import sys; from kiosk.cli import run; "
                             f"sys.exit(run(['judge', {str(EXAMPLE)!r}]))"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()  # before the verdict is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1, err
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_verdict_that_cannot_be_written_is_not_a_verdict():
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "kiosk", "judge", str(EXAMPLE)],
                                stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                timeout=60)
    assert result.returncode == 70
    assert "cannot write the verdict: No space left on device" in one_line(result.stderr)


@pytest.mark.parametrize(("text", "depth"), [
    ('{"a": [1, {"b": []}]}', 4),
    ('["[[[[", "\\"[[[", "\\\\", [1]]', 2),  # brackets inside strings do not count
    ('"\\\\"[[', 2),  # an escaped backslash ends before the quote
    ("]]][[", 2),
    ("", 0),
])
def test_nesting_depth_counts_brackets_outside_strings(text, depth):
    from kiosk.input_files import nesting_depth

    assert nesting_depth(text) == depth


def test_input_files_doctests():
    import doctest

    import kiosk.input_files

    assert doctest.testmod(kiosk.input_files).failed == 0
