"""The record frame the games share: what it reads and each way it says a line is wrong."""

import doctest

import pytest

from kiosk.games import record_text
from kiosk.games.record_text import read_frame


class Bad(ValueError):
    pass


def frame(text: str):
    return read_frame(text, fmt="rec", version="2", game="Test", keys={"seed", "name"},
                      example="seed=...", error=Bad, unquote=lambda v: v.replace("%20", " "))


def test_the_docstring_example_holds():
    failed, tried = doctest.testmod(record_text)
    assert tried and not failed


def test_fields_are_unquoted_and_lines_numbered_after_comments():
    assert frame("# c\n\nrec 2 name=a%20b\n  x 1  \n# d\ny\n") == (
        3, {"name": "a b"}, [(4, "x 1"), (6, "y")])


@pytest.mark.parametrize("text, message", [
    ("", "the record is empty: the first line must be 'rec 2 seed=...'"),
    ("# only a comment\n", "the record is empty: the first line must be 'rec 2 seed=...'"),
    ("rec 3 seed=1\n", "line 1: not a Test record (it must start with 'rec 2')"),
    ("\nother 2\n", "line 2: not a Test record (it must start with 'rec 2')"),
    ("rec 2 colour=red\n", "line 1: unknown header field 'colour=red'"),
    ("rec 2 seed\n", "line 1: unknown header field 'seed'"),
])
def test_a_bad_frame_names_its_line(text, message):
    with pytest.raises(Bad) as caught:
        frame(text)
    assert str(caught.value) == message
