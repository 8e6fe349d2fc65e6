"""Run a function as another user, to see what a kiosk that may not touch a file sees.

Root reads and writes every file, so a permission test run as root forks a child that
drops to ``nobody`` and returns what the function returned, or what it raised (its
class name, its message, and the ``kind`` of its ``fault`` if it has one). Run as
anyone else, the test changes the file's mode instead and calls the function here.
The child cannot import what the parent has not (Python may live under root's
home): run the function once as root first when it imports lazily.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import pytest

NOBODY = 65534
IS_ROOT = os.geteuid() == 0


def outcome(function, *args):
    try:
        return ("returned", function(*args))
    except BaseException as error:  # noqa: BLE001 - reported to the test, not hidden
        fault = getattr(error, "fault", None)
        return ("raised", type(error).__name__, str(error),
                getattr(getattr(fault, "kind", None), "value", None))


def _in_child_as_nobody(job):
    """``job()``'s picklable answer, computed in a child that dropped to nobody."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root for good, answer, and leave without cleanup
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            os.write(write, pickle.dumps(job()))
        finally:
            os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return pickle.loads(b"".join(chunks))


def unreadable_to_nobody() -> list[str]:
    """The folders of this checkout and its virtual environment that user nobody cannot
    enter: a clone in a private folder (``mktemp -d`` makes it 0700) hides the modules the
    child still has to import. (The interpreter and what it has imported are already in
    the forked child's memory.)"""
    import kiosk

    places = [Path(kiosk.__file__).parent, Path(sys.prefix), Path(__file__).parent]
    return _in_child_as_nobody(lambda: [str(p) for p in places
                                        if not os.access(p, os.R_OK | os.X_OK)])


def as_nobody(function, *args):
    """``outcome(function, *args)`` in a child process running as nobody (root only).
    Skips the test, saying why, when nobody cannot read the code it would run."""
    assert IS_ROOT
    hidden = unreadable_to_nobody()
    if hidden:
        pytest.skip(f"user nobody cannot read {', '.join(hidden)} (the checkout is in "
                    "a private folder), so the kiosk cannot be run as nobody")
    return _in_child_as_nobody(lambda: outcome(function, *args))
