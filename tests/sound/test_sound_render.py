"""The rendered sounds: valid WAVs of the designed length, each recognisable by plain
features (a whistle high, a horn low and rich, ticks short, a cheer noisy, a groan
falling), and the same bytes at every render."""

from __future__ import annotations

import math
import wave
from itertools import combinations

import pytest
from sound_features import best_period, crossing_hz, loud_seconds, read_wav, slope_hz

from kiosk import sound_render
from kiosk.sound_render import DURATIONS, RATE, SOUNDS


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[str, tuple[wave._wave_params, list[float]]]:
    folder = tmp_path_factory.mktemp("sounds")
    sound_render.render(folder)
    return {name: read_wav(folder / f"{name}.wav") for name in SOUNDS}


@pytest.mark.parametrize("name", sorted(SOUNDS))
def test_each_sound_is_a_mono_16_bit_wav_of_its_designed_length(rendered, name):
    params, data = rendered[name]
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, RATE)
    assert params.nframes == round(DURATIONS[name] * RATE)
    assert 0.85 < max(abs(v) for v in data) < 0.9  # loud, never clipped


def test_no_two_sounds_are_alike(rendered):
    for (one, a), (other, b) in combinations(rendered.items(), 2):
        assert a[1] != b[1], (one, other)


def test_the_whistle_is_high_and_lasts(rendered):
    params, data = rendered["whistle"]
    assert crossing_hz(data, RATE) > 2000
    assert loud_seconds(data, RATE) > 0.5


def test_a_tick_is_a_short_click(rendered):
    params, data = rendered["tick"]
    assert params.nframes / RATE <= 0.08
    assert loud_seconds(data, RATE) < 0.03
    assert crossing_hz(data, RATE) > 1000


def test_the_horn_is_low_and_rich_in_harmonics(rendered):
    _, data = rendered["horn"]
    pitch = crossing_hz(data, RATE)
    assert pitch < 500
    assert slope_hz(data, RATE) > 1.8 * pitch  # a sine would give the same figure twice
    assert best_period(data[RATE // 2:RATE // 2 + 3000], RATE)[0] > 0.4  # a pitched tone


def test_the_features_tell_a_sine_from_a_horn():
    sine = [math.sin(2 * math.pi * 200 * n / RATE) for n in range(RATE // 2)]
    assert slope_hz(sine, RATE) == pytest.approx(crossing_hz(sine, RATE), rel=0.05)


def test_the_cheer_is_crowd_noise_not_a_tone(rendered):
    _, data = rendered["cheer"]
    middle = len(data) // 3
    assert best_period(data[middle:middle + 3000], RATE)[0] < 0.3
    assert best_period(rendered["groan"][1][middle:middle + 3000], RATE)[0] > 0.6
    assert loud_seconds(data, RATE) > 1.2


def test_the_groan_falls_in_pitch(rendered):
    _, data = rendered["groan"]
    quarter = len(data) // 4
    _, early = best_period(data[:2500], RATE)
    _, late = best_period(data[-quarter - 2500:-quarter], RATE)
    assert late > 1.1 * early
    assert crossing_hz(data, RATE) < 1000


def test_a_render_is_the_same_bytes_every_time(tmp_path):
    first = sound_render.render(tmp_path / "a", ["whistle", "cheer"])
    second = sound_render.render(tmp_path / "b", ["whistle", "cheer"])
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def test_missing_lists_what_a_folder_lacks(tmp_path):
    assert sound_render.missing(tmp_path) == list(SOUNDS)
    sound_render.render(tmp_path, ["tick"])
    assert "tick" not in sound_render.missing(tmp_path)
    assert not list(tmp_path.glob("*.tmp"))  # written beside and moved into place


def test_an_unknown_sound_is_named_in_the_error():
    with pytest.raises(ValueError, match="no sound called 'bell'"):
        sound_render.synthesise("bell")
