"""`kiosk judge`, `walkthrough`, `routines` and `random` as a café owner runs them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.cli import run

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"


def test_readme_example_is_not_in_sync_for_the_gray_card(capsys):
    code = run(["judge", str(EXAMPLES / "first-splash-round-3.json")])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["verdict"] == "NOT IN SYNC"
    assert out["reasons"] == ["Seat 4, lane 1: grey cannot meet 'same colour'"]
    assert [lane["passed"] for lane in out["lanes"]] == [False, True, True]


def test_custom_element_example_is_in_sync(capsys):
    code = run(["judge", str(EXAMPLES / "custom-element.json")])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["in_sync"] is True
    roles = {s["seat"]: s["role"] for s in out["lanes"][0]["swimmers"]}
    assert roles[2].startswith("one swimmer")


def _layout(tmp_path, data):
    path = tmp_path / "layout.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


GOOD = {"seats": [1, 2, 3], "captain": 1, "elements": ["E01"],
        "cards": {"1": {"1": ["blue-1-LH"]}, "2": {"1": ["blue-4"]}, "3": {"1": ["blue-8"]}}}


@pytest.mark.parametrize("change, words", [
    ({"captain": 5}, "captain: seat 5 is not in seats [1, 2, 3]"),
    ({"captain": 9}, "captain: must be a seat number from 1 to 6, not 9"),
    ({"seats": []}, "seats: list the seat numbers"),
    ({"seats": [1, 1, 2]}, "seats: lists seat 1 twice"),
    ({"elements": ["E99"]}, "elements[0]: no element 'E99'"),
    ({"elements": [{"id": "C", "name": "C", "mode": "each", "colour": "purple"}]},
     "elements[0].colour: 'purple' is not one of"),
    ({"cards": {"1": {"1": ["blue-11"]}}}, "cards.1.1[0]: 'blue-11': the value must be"),
    ({"cards": {"5": {"1": ["blue-1"]}}}, "cards.5: seat 5 is not in seats"),
    ({"cards": {"1": {"9": ["blue-1"]}}}, "cards.1.9: must be a lane from 1 to 5"),
    ({"routine": 1}, "either 'routine' and 'round' or 'elements'"),
    ({"elements": ["E30"], "choices": {"1": 3}}, "choices.1: must be an option from 1 to 2"),
    ({"colour": "blue"}, "colour: unknown field"),
])
def test_bad_layouts_exit_2_with_one_line(tmp_path, capsys, change, words):
    code = run(["judge", _layout(tmp_path, {**GOOD, **change})])
    err = capsys.readouterr().err
    assert code == 2
    assert words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_good_layout_baseline(tmp_path, capsys):
    assert run(["judge", _layout(tmp_path, GOOD)]) == 0


def test_unreadable_files_exit_2(tmp_path, capsys):
    assert run(["judge", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert run(["judge", _layout(tmp_path, "{not json")]) == 2
    assert "not valid JSON at line 1" in capsys.readouterr().err
    assert run(["judge", _layout(tmp_path, "[1, 2]")]) == 2
    assert "must be a JSON object" in capsys.readouterr().err


def test_walkthrough_plays_a_whole_routine_with_a_retry_and_a_miss(capsys):
    assert run(["walkthrough", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "TRY AGAIN" in out and "NOT IN SYNC (+10 s)" in out
    assert out.count("Performance: IN SYNC") >= 6
    assert "Score " in out and "/100" in out


def test_routines_lists_the_campaign(capsys):
    assert run(["routines"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 10 and "Sudden Depth" in lines[0]


def test_random_routine_prints_five_lanes_and_a_twist(capsys):
    assert run(["random", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.count("lane ") == 5 and "twist in round" in out


def test_console_script_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "kiosk", "judge",
                             str(EXAMPLES / "first-splash-round-3.json")],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 1
    assert "NOT IN SYNC" in result.stdout


def test_diagnose_options_reach_the_diagnostics(mocker):
    seen = mocker.patch("kiosk.hardware.diagnose.main", return_value=0)
    assert run(["diagnose", "--simulate", "--seconds", "1"]) == 0
    from kiosk.store.tags import read_only_tags

    seen.assert_called_once_with(["--simulate", "--seconds", "1"], stored_tags=read_only_tags)


def test_a_missing_pass_through_module_is_one_clear_line(monkeypatch, capsys):
    from kiosk import cli

    monkeypatch.setitem(cli.PASS_THROUGH, "demo", ("kiosk.no_such_module", "x"))
    assert run(["demo", "--screenshots", "out"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kiosk demo: not available") and err.count("\n") == 1


# Every command `kiosk --help` lists, with the least it needs to be dispatched.
EVERY_COMMAND = {
    "check": [], "tags": ["export", "x.csv"], "staff-pin": [], "paths": [],
    "judge": ["layout.json"], "walkthrough": [], "routines": [], "random": [],
    "enroll": [], "synchro": ["selfplay"], "diagnose": [], "run": [], "demo": [],
    "firmware": [], "sounds": [],
}


def test_help_lists_the_shared_commands_and_every_games_own(capsys):
    with pytest.raises(SystemExit):
        run(["--help"])
    out = capsys.readouterr().out
    for command in EVERY_COMMAND:
        assert f"\n    {command} " in out, command


@pytest.mark.parametrize("command", sorted(EVERY_COMMAND))
def test_every_command_dispatches_to_a_function(command):
    from kiosk.cli import build_parser

    args = build_parser().parse_args([command, *EVERY_COMMAND[command]])
    assert args.command == command and callable(args.func)


def test_a_games_cli_entry_adds_its_commands(monkeypatch, capsys):
    """A game's own commands come from its registry line, nothing else."""
    import dataclasses
    import types

    from kiosk import registry

    def add_commands(sub):
        hello = sub.add_parser("hello", help="say hello")
        hello.set_defaults(func=lambda args: print("hello") or 0)

    module = types.ModuleType("kiosk_test_hello_cli")
    module.add_commands = add_commands
    monkeypatch.setitem(sys.modules, module.__name__, module)
    extra = dataclasses.replace(registry.GAMES[-1], id="hello", name="Hello",
                                cli=f"{module.__name__}:add_commands")
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, extra))
    assert run(["hello"]) == 0
    assert capsys.readouterr().out == "hello\n"


def test_sounds_says_what_is_missing_then_renders_it(tmp_path, capsys):
    folder = tmp_path / "sounds"
    assert run(["sounds", str(folder)]) == 1
    assert "missing whistle, tick, horn, cheer, groan" in capsys.readouterr().out
    assert run(["sounds", "--render", str(folder)]) == 0
    assert "5 sounds written to" in capsys.readouterr().out
    assert run(["sounds", str(folder)]) == 0
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert run(["sounds", "--render", str(blocked)]) == 2
    assert capsys.readouterr().err.startswith("kiosk sounds: cannot write into")
