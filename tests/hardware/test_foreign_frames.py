"""The rule that tells other firmware from noise (firmware/PROTOCOL.md, Versioning)."""

import doctest

from kiosk.hardware import foreign_frames
from kiosk.hardware.foreign_frames import REFUSE_AFTER, WINDOW_S, ForeignFrames


def test_the_rule_is_three_in_a_row_within_five_seconds():
    assert (REFUSE_AFTER, WINDOW_S) == (3, 5.0)  # PROTOCOL.md says so; change both together
    frames = ForeignFrames()
    assert [frames.seen(now=100.0) for _ in range(3)] == [False, False, True]


def test_a_valid_frame_between_makes_them_noise():
    frames = ForeignFrames()
    for _ in range(50):
        assert not frames.seen(now=1.0) and not frames.seen(now=1.0)
        frames.valid()
    assert frames.pending == 0


def test_frames_further_apart_than_the_window_are_noise_even_with_nothing_between():
    """A silent board on a noisy cable: CRC-passing noise every few seconds is no
    firmware, and must not replace "sent no heartbeat" with "install firmware"."""
    frames = ForeignFrames()
    assert not any(frames.seen(now=t * (WINDOW_S / 2 + 0.1)) for t in range(100))
    assert frames.pending == 2


def test_the_window_counts_from_the_first_frame_still_in_it():
    frames = ForeignFrames()
    assert not frames.seen(now=0.0)
    assert not frames.seen(now=WINDOW_S - 0.5)
    assert frames.seen(now=WINDOW_S)  # 0.0 is exactly WINDOW_S old: still in
    frames = ForeignFrames()
    frames.seen(now=0.0)
    frames.seen(now=3.0)
    assert not frames.seen(now=WINDOW_S + 0.1)  # 0.0 has left; 3.0 and 5.1 are two


def test_the_docstring_examples_hold():
    assert doctest.testmod(foreign_frames).failed == 0
