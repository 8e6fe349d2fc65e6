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

NOBODY = 65534
IS_ROOT = os.geteuid() == 0


def outcome(function, *args):
    try:
        return ("returned", function(*args))
    except BaseException as error:  # noqa: BLE001 - reported to the test, not hidden
        fault = getattr(error, "fault", None)
        return ("raised", type(error).__name__, str(error),
                getattr(getattr(fault, "kind", None), "value", None))


def as_nobody(function, *args):
    """``outcome(function, *args)`` in a child process running as nobody (root only)."""
    assert IS_ROOT
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root for good, answer, and leave without cleanup
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            data = pickle.dumps(outcome(function, *args))
            os.write(write, data)
        finally:
            os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return pickle.loads(b"".join(chunks))
