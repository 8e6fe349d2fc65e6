"""`kiosk synchro selfplay`, the examples in the docstrings, and notation errors."""

import doctest
import importlib
import pkgutil

import pytest

import kiosk.games.synchro
from kiosk.cli import run
from kiosk.games.synchro import (
    IllegalMove,
    NotationError,
    RecordError,
    load_record,
    parse_move,
    replay,
    start_position,
)


def test_selfplay_prints_a_results_table(capsys):
    assert run(["synchro", "selfplay", "--white", "1", "--black", "0", "--games", "2",
                "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["pairing", "games", "wins", "losses", "draws", "avg", "moves"]
    assert out[2].split()[:6] == ["level", "1", "v", "level", "0", "2"]


def test_selfplay_refuses_a_level_that_does_not_exist(capsys):
    with pytest.raises(SystemExit):
        run(["synchro", "selfplay", "--white", "9"])


@pytest.mark.parametrize("name", [m.name for m in pkgutil.iter_modules(
    kiosk.games.synchro.__path__, "kiosk.games.synchro.")] + ["kiosk.games.synchro"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("text, message", [
    ("3 c4-c5", "'3' is not a step like c4-c5"),
    ("3: c4-c5 d4-d5 e4-e5", "a unit move has one or two steps"),
    ("swap x d2", "swap takes a piece number and a square"),
    ("e5-e6", "no piece on e5, so write the unit number first"),
])
def test_unreadable_moves_say_what_to_write(text, message):
    with pytest.raises(NotationError, match=message):
        parse_move(start_position(), text)


def test_a_readable_but_illegal_move_says_why():
    with pytest.raises(IllegalMove, match="must move the same distance"):
        parse_move(start_position(), "1: b3-b4 h3-h5")


@pytest.mark.parametrize("text, message", [
    ("", "the record is empty"),
    ("chess 1\n", "line 1: not a Synchro record"),
    ("synchro 1 colour=red\n", "unknown header field 'colour=red'"),
    ("synchro 1 setup=random seed=x\n", "seed must be a whole number"),
    ("synchro 1\n\n# a comment\n1: b3-b4 h3-h4\nhello\n", "line 5: "),
])
def test_unreadable_records_name_the_line(text, message):
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_an_illegal_move_in_a_record_is_named_on_replay():
    record = load_record("synchro 1 setup=standard\n1: b3-b4 h3-h4\n1: b4-b5 h4-h5\n")
    with pytest.raises(RecordError, match=r"move 2 \(1: b4-b5 h4-h5\): unit 1: no piece "
                       r"of unit 1 moves from b4 \(its pieces stand on b7 and h7\)"):
        replay(record)
    with pytest.raises(RecordError, match="needs a seed"):
        replay(load_record("synchro 1 setup=random\n"))
